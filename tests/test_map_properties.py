"""Properties of the map engine on random maps (issue 3, "Property tests with hypothesis on random maps").

The issue's list, and where each lives:
- range equals hex distance on a map without walls (p.18) — here, on open rectangles; on any set of spaces,
  with holes, walls and closed doors, range is the fewest steps over spaces (checked against a plain BFS);
- adding a wall never shortens a range (here) and never creates a line of sight
  (test_sight.py::test_adding_a_wall_never_creates_line_of_sight); closing a door does neither (here);
- sight between two plain spaces is symmetric (p.18-19): here;
- Leap never needs more MP than Move (p.24-25):
  test_paths.py::test_property_leap_never_needs_more_mp_than_move_and_avoiding_never_helps;
- a path's cost equals the sum of its step costs (p.24-25):
  test_paths.py::test_property_paths_cost_what_their_steps_cost_and_obey_the_rules;
- all of it identical under the four layouts up to relabelling: movement in
  test_paths.py::test_property_the_four_layouts_agree_up_to_relabelling; range and line of sight here.
And the rulebook's Figure 8 (p.19), which the sight tests exercised but did not cite.

The maps come from the generators of helpers/sight_boards.py (any layout, holes, walls, doors, objects,
figures) and helpers/path_boards.py (`build_random`: one pointy/even rectangle relabelled into the four layouts,
here from a denser spec).
"""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.phantom.board import Board
from companion.phantom.hexmap import HexMap, Layout, distance, edge, neighbours
from companion.phantom.paths import adjacency
from companion.phantom.sight import has_line_of_sight, sight
from helpers.path_boards import LABELS as PATH_LABELS
from helpers.path_boards import build_random as build_in_layout
from helpers.sight_boards import (
    LAYOUTS, LOWER_LEFT, LOWER_RIGHT, corner, four_layouts, hexof, line, look, make, segment_entry,
)
from helpers.sight_boards import random_boards as random_sight_boards

BOUNDED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- maps and helpers ------------------------------------------------------------------------------------------

DEFAULT = Layout()
DEFAULT_SPACES = [DEFAULT.parse(label) for label in PATH_LABELS]
FEATURES = ("difficult", "gap", "fire", "trap", "destructible", "damaged", "destroyed", "indestructible", "orb",
            "open", "closed")


@st.composite
def busy_specs(draw):
    """test_paths.py's map spec (pointy/even labels, for its `build_random`), drawn denser: about a third of
    the spaces hold a feature (closed doors included), 2-7 figures (one in five Invisible), up to 14 walls."""
    cells = st.sampled_from(PATH_LABELS)
    features = {}
    for label in PATH_LABELS:
        k = draw(st.integers(0, 30))
        if k < len(FEATURES):
            features[label] = FEATURES[k]
    figures = draw(st.lists(st.tuples(cells, st.sampled_from(["character", "adversary"]),
                                      st.integers(0, 4).map(lambda k: k == 0)),
                            min_size=2, max_size=7, unique_by=lambda f: f[0]))
    wall_dirs = draw(st.dictionaries(cells, st.integers(0, 5), max_size=14))
    return features, figures, wall_dirs


@st.composite
def busy_boards(draw):
    """A board from `busy_specs` in any of the four layouts."""
    board, _ = build_in_layout(draw(st.sampled_from(LAYOUTS)), draw(busy_specs()))
    return board


def all_ranges(m: HexMap) -> dict:
    """{(a, b): range or None} for every ordered pair of spaces, from the map's own BFS."""
    out = {}
    for a in m.spaces:
        got = m.ranges_from(a)
        for b in m.spaces:
            out[(a, b)] = got.get(b)
    return out


def reference_ranges(m: HexMap, a) -> dict:
    """Fewest steps from a over the map's spaces, never across a wall or into/out of a closed door (p.18,
    p.34; INTERPRETATIONS.md "Map"): a breadth-first search written apart from the engine's."""
    closed = {h for h, state in m.doors if state == "closed"}
    dist, frontier = {a: 0}, [a]
    while frontier:
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if (n in m.spaces and n not in dist and edge(h, n) not in m.walls
                        and h not in closed and n not in closed):
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def not_shorter(after, before) -> bool:
    """None is 'unreachable', longer than any number."""
    if before is None:
        return after is None
    return after is None or after >= before


# -- 1. range ------------------------------------------------------------------------------------------------

@st.composite
def open_rectangles(draw):
    """A full rectangle of spaces in any layout, no walls and no closed doors, with figures, objects of every
    state, terrain, hazards and open doors scattered on it."""
    layout = draw(st.sampled_from(LAYOUTS))
    cols, rows = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    labels = [f"{chr(65 + c)}-{r}" for c in range(cols) for r in range(1, rows + 1)]
    stuff = draw(st.dictionaries(st.sampled_from(labels), st.sampled_from(
        ["destructible", "damaged", "destroyed", "indestructible", "difficult", "gap", "open", "character",
         "adversary", "fire"]), max_size=len(labels)))
    objects = {k: v for k, v in stuff.items() if v in ("destructible", "damaged", "destroyed", "indestructible")}
    terrain = {k: v for k, v in stuff.items() if v in ("difficult", "gap")}
    doors = {k: v for k, v in stuff.items() if v == "open"}
    figures = [(f"f{n}", v, k) for n, (k, v) in enumerate(sorted(stuff.items())) if v in ("character", "adversary")]
    board = make(layout, f"A-1:{chr(64 + cols)}-{rows}", objects=objects, terrain=terrain, doors=doors,
                 figures=figures)
    for k, v in stuff.items():
        if v == "fire":
            board = Board(board.map.with_hazard(hexof(layout, k), "fire"), board.figures)
    return board


@BOUNDED
@given(open_rectangles(), st.data())
def test_range_is_the_hex_distance_on_an_open_rectangle(board, data):
    # p.18: range is the fewest spaces counted, through all spaces, those with objects and figures included;
    # with no wall or closed door anywhere on a full rectangle that is the hex distance, in every layout.
    m = board.map
    assert all(r == distance(a, b) for (a, b), r in all_ranges(m).items())
    spaces = sorted(m.spaces)
    for a, b in data.draw(st.lists(st.tuples(st.sampled_from(spaces), st.sampled_from(spaces)), max_size=12)):
        assert sight(board, a, b).range == distance(a, b)  # sight's own range shortcut agrees


@BOUNDED
@given(random_sight_boards(), st.data())
def test_range_is_the_fewest_steps_over_spaces_on_any_map(case, data):
    # p.18 "Range is not counted through walls" and is counted through every space; INTERPRETATIONS.md:
    # the play-area edge is a wall and closed doors are walls. On a map with holes, walls and doors range is
    # the breadth-first search over spaces, not the hex distance, and figures and objects never matter.
    board, _, _ = case
    m = board.map
    ranges = all_ranges(m)
    for a in m.spaces:
        ref = reference_ranges(m, a)
        for b in m.spaces:
            assert ranges[(a, b)] == ref.get(b)
            if ranges[(a, b)] is not None:
                assert ranges[(a, b)] >= distance(a, b)
    spaces = sorted(m.spaces)
    for a, b in data.draw(st.lists(st.tuples(st.sampled_from(spaces), st.sampled_from(spaces)), max_size=12)):
        assert sight(board, a, b).range == ranges[(a, b)]
        assert sight(Board(m), a, b).range == ranges[(a, b)]  # with no figures at all: the same
    # The search that stops at the spaces asked about (a Retreat's ends) gives the same ranges.
    a = data.draw(st.sampled_from(spaces))
    asked = data.draw(st.sets(st.sampled_from(spaces), max_size=8))
    assert dataclasses.replace(m).ranges_to(a, asked) == {b: ranges[(a, b)] for b in asked if ranges[(a, b)] is not None}


@BOUNDED
@given(random_sight_boards())
def test_a_map_has_one_neighbour_table_and_it_follows_the_open_edges(case):
    # A step is across an open edge: no wall, no play-area border, no side of a closed door (p.18, p.34;
    # INTERPRETATIONS.md "Map"). The map builds that table once, and movement's searches read the same table
    # rather than building a second one (issue 15).
    board, _, _ = case
    m = board.map
    closed = {h for h, state in m.doors if state == "closed"}
    for h in m.spaces:
        want = tuple(n for n in neighbours(h)
                     if n in m.spaces and edge(h, n) not in m.walls and h not in closed and n not in closed)
        assert m.open_neighbours[h] == want
        assert tuple(n for n in neighbours(h) if m.passable(h, n)) == want  # the blocked edges agree
    assert adjacency(m) is m.open_neighbours


# -- 2. walls and doors only ever take away --------------------------------------------------------------------

def interior_edges(m: HexMap) -> list:
    return sorted({edge(h, n) for h in m.spaces for n in neighbours(h) if n in m.spaces} - set(m.walls))


@BOUNDED
@given(random_sight_boards(), st.data())
def test_adding_a_wall_never_shortens_a_range(case, data):
    # p.18: range is not counted through walls, so a new wall can only lengthen a count or cut it off.
    # (That it never creates a line of sight is test_sight.py::test_adding_a_wall_never_creates_line_of_sight.)
    board, a, b = case
    m = board.map
    inner = interior_edges(m)
    if not inner:
        return
    extra = data.draw(st.sampled_from(inner))
    walled = HexMap.build(m.layout, m.spaces, walls=sorted(m.walls) + [extra], objects=dict(m.objects),
                          doors=dict(m.doors))
    before, after = all_ranges(m), all_ranges(walled)
    assert all(not_shorter(after[k], before[k]) for k in before)
    assert not_shorter(sight(Board(walled, board.figures), a, b).range, sight(board, a, b).range)


@BOUNDED
@given(random_sight_boards(), st.data())
def test_closing_a_door_never_shortens_a_range_or_creates_line_of_sight(case, data):
    # p.34-35: a closed door is a wall for range and line of sight until opened. Closing one can only
    # lengthen ranges, take lines of sight away, and leave what lies on the surviving lines unchanged.
    board, a, b = case
    m = board.map
    free = sorted(h for h in m.spaces if h not in board.figure_at and not m.is_blocking_object(h))
    if not free:
        return
    door = data.draw(st.sampled_from(free))
    opened = HexMap.build(m.layout, m.spaces, walls=m.walls, objects=dict(m.objects),
                          doors={**m.door_states, door: "open"})
    closed = opened.with_door(door, "closed")
    before, after = all_ranges(opened), all_ranges(closed)
    assert all(not_shorter(after[k], before[k]) for k in before)
    assert all(has_line_of_sight(closed, x, y) <= has_line_of_sight(opened, x, y) for x, y in before)
    seen_before, seen_after = ({(ln.from_corner, ln.to_corner): ln.through
                                for ln in sight(Board(x, board.figures), a, b).lines} for x in (opened, closed))
    assert seen_after.items() <= seen_before.items()
    # Opening it again gives back exactly the map's answers.
    reopened = closed.with_door(door, "open")
    assert all_ranges(reopened) == before


# -- 3. symmetry -----------------------------------------------------------------------------------------------

def flat_through(through) -> tuple:
    return tuple(x if isinstance(x, tuple) else (x,) for x in through)


@BOUNDED
@given(st.one_of(random_sight_boards().map(lambda case: case[0]), busy_boards()), st.data())
def test_sight_between_two_plain_spaces_is_symmetric(board, data):
    # p.18: a line of sight is drawn between a vertex of one space and a different vertex of the other; the
    # rule does not care which end is which. Between two spaces with no figure on them: sight both ways or
    # neither, the same number of lines, each the other's segment reversed, meeting the same figures and
    # objects in the reverse order (ties included).
    m = board.map
    for x in m.spaces:
        for y in m.spaces:
            assert has_line_of_sight(m, x, y) == has_line_of_sight(m, y, x)
    spaces = sorted(m.spaces)
    for a, b in data.draw(st.lists(st.tuples(st.sampled_from(spaces), st.sampled_from(spaces)), min_size=1,
                                   max_size=10)):
        plain = Board(m, tuple(f for f in board.figures if f.at not in (a, b)))
        there, back = sight(plain, a, b), sight(plain, b, a)
        assert there.line_of_sight == back.line_of_sight == has_line_of_sight(m, a, b)
        assert there.range == back.range
        assert len(there.lines) == len(back.lines)
        forth = {(ln.from_vertex, ln.to_vertex): (ln.from_corner, ln.to_corner, flat_through(ln.through))
                 for ln in there.lines}
        reversed_back = {(ln.to_vertex, ln.from_vertex): (ln.to_corner, ln.from_corner, flat_through(ln.through)[::-1])
                         for ln in back.lines}
        assert forth == reversed_back


# -- 6. the four layouts agree ---------------------------------------------------------------------------------

def sight_summary(board: Board, conv, a0, b0) -> dict:
    """Range, line of sight and, per line (keyed by its corners in the default drawing), what it goes through,
    what needs an Accuracy roll, allies and indestructible objects, with every name in default labels; equal
    summaries mean equal numbers of lines and equal multisets of `through` and `accuracy_rolls` too.
    Names tied on a line are in name order (docs/rules.md), which relabelling can change: ties are sets."""
    layout = board.map.layout
    back = {conv(h): h for h in DEFAULT_SPACES}

    def name(n: str) -> str:
        if n.startswith("object:"):
            return "object:" + DEFAULT.label(back[layout.parse(n[len("object:"):])])
        return n

    r = sight(board, conv(a0), conv(b0))
    lines = {}
    for ln in r.lines:
        through = tuple(frozenset(name(n) for n in group) for group in flat_through(ln.through))
        rank = {n: k for k, group in enumerate(through) for n in group}
        rolls = [name(n) for n in ln.accuracy_rolls]
        assert [rank[n] for n in rolls] == sorted(rank[n] for n in rolls)  # nearest first (p.21)
        lines[(corner(layout, ln.from_corner), corner(layout, ln.to_corner))] = (
            through, tuple(sorted(rolls, key=lambda n: (rank[n], n))), ln.allies, ln.indestructible)
    assert len(lines) == len(r.lines)
    return {"range": r.range, "line_of_sight": r.line_of_sight, "lines": lines}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(busy_specs(), st.data())
def test_range_and_sight_agree_across_the_four_layouts(spec, data):
    # The same map (walls, open and closed doors, objects, terrain, hazards, orbs, figures, some Invisible)
    # written in each of the four layouts: every range and every map line of sight is the same up to
    # relabelling, and so is each line of sight drawn between figures or chosen spaces — what it goes
    # through, the Accuracy rolls, allies and indestructible objects (p.18-19, 21, 27).
    pairs = [(a, b) for a in DEFAULT_SPACES for b in DEFAULT_SPACES]
    chosen = data.draw(st.lists(st.tuples(st.sampled_from(DEFAULT_SPACES), st.sampled_from(DEFAULT_SPACES)),
                                max_size=6))
    results = []
    for layout in LAYOUTS:
        board, conv = build_in_layout(layout, spec)
        m = board.map
        back = {conv(h): h for h in DEFAULT_SPACES}
        figures_at = [back[f.at] for f in board.figures]
        asked = chosen + [(a, b) for a in figures_at for b in figures_at if a != b]
        results.append((
            {(a, b): m.range_between(conv(a), conv(b)) for a, b in pairs},
            {(a, b) for a, b in pairs if has_line_of_sight(m, conv(a), conv(b))},
            [sight_summary(board, conv, a, b) for a, b in asked],
        ))
    assert all(r == results[0] for r in results[1:])


# -- the rulebook's Figure 8 -------------------------------------------------------------------------------------

@four_layouts
@pytest.mark.parametrize("side", ["adversary", "character"])
def test_figure_8_a_line_through_an_occupied_space_goes_through_the_figure(layout, side):
    # p.19, Figure 8 "Line of Sight through Occupied Figure Space", with p.21 (Attack Flow, step 4): a line
    # that passes through a space holding a figure goes through that figure, and the attacker rolls the
    # Accuracy die for it — ally or enemy — when it is not adjacent to the attacker. The archer on B-3
    # shoots at F-4; the figure on D-4 is two spaces away, and some lines cross its space while others pass
    # clear of it. (The adjacent case is test_sight.py::test_figures_adjacent_to_the_attacker_need_no_roll.)
    board = make(layout, figures=[("archer", "adversary", "B-3"), ("vera", "character", "F-4"),
                                  ("bystander", side, "D-4")])
    r = look(board, "B-3", "F-4")
    d4 = board.map.layout.corners(hexof(layout, "D-4"))
    crossing = [ln for ln in r.lines if segment_entry(ln.from_vertex, ln.to_vertex, d4) is not None]
    clear = [ln for ln in r.lines if segment_entry(ln.from_vertex, ln.to_vertex, d4) is None]
    assert crossing and clear
    for ln in crossing:
        assert ln.through == ("bystander",) and ln.accuracy_rolls == ("bystander",)
        assert ln.allies == (1 if side == "adversary" else 0)
    for ln in clear:
        assert ln.through == () and ln.accuracy_rolls == ()
    # The line from the lower right of B-3 to the lower left of F-4 crosses D-4 close by its centre.
    ln = line(r, board, LOWER_RIGHT, LOWER_LEFT)
    assert ln in crossing
    # Off the line's way, the same figure is on no line at all.
    aside = make(layout, figures=[("archer", "adversary", "B-3"), ("vera", "character", "F-4"),
                                  ("bystander", side, "D-6")])
    assert all(ln.through == () for ln in look(aside, "B-3", "F-4").lines)

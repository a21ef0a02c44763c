"""Move and Leap reach, MP costs, paths, hazards, and the spaces an attack can be made from
(p.24-25, 28-29, 33-35, 37; INTERPRETATIONS.md "Map" and "Movement"; docs/rules.md)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.phantom.board import Board, Figure
from companion.phantom.hexmap import HexMap, Layout, distance, neighbours
from companion.phantom.paths import (
    PathError, attack_spaces, can_end_on, distances_to, reach, step_cost, teleport_spaces,
)
from companion.phantom.sight import has_line_of_sight
from helpers.path_boards import LABELS, build_random, random_boards

LAYOUTS = [Layout(o, s) for o in ("pointy", "flat") for s in ("even", "odd")]
IDS = [f"{l.orientation}-{l.shifted}" for l in LAYOUTS]
four_layouts = pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)

CORRIDOR = "A-1:H-1"  # one row of spaces: a chain of neighbours in every layout, walled all round


def make(layout, rect=CORRIDOR, *, walls=(), doors=None, terrain=None, hazards=None, objects=None, orbs=(),
         treasures=(), figures=()):
    """A board from labels. `figures` are (id, side, label, *conditions)."""
    P = layout.parse

    def by_label(d):
        return {P(k): v for k, v in (d or {}).items()}

    spaces = [h for part in rect.split() for h in layout.parse_rect(part)]
    m = HexMap.build(layout, spaces, walls=[(P(a), P(b)) for a, b in walls], doors=by_label(doors),
                     terrain=by_label(terrain), hazards=by_label(hazards), objects=by_label(objects),
                     orbs={P(o): None for o in orbs}, treasures={P(t): None for t in treasures})
    return Board(m, tuple(Figure(f[0], f[1], P(f[2]), conditions=tuple(f[3:])) for f in figures))


def fig(board, figure_id):
    return board.figure(figure_id)


def costs(board, r):
    return {board.map.label(h): c for h, c in r.cost.items()}


def labels(board, hexes):
    return [board.map.label(h) for h in hexes]


def step_sum(board, figure, r, h):
    path = r.path_to(h)
    return sum(step_cost(board, figure, r.mode, x, r.hazards) for x in path[1:])


# -- the rulebook's examples ---------------------------------------------------------------------

@four_layouts
def test_leap_over_object_gap_and_fire_ends_on_an_empty_space(layout):
    # p.24-25, Figure 10: with Leap 5 the Slink goes over the object, the gap, the fire hazard (without
    # suffering Burning) and ends on an empty space; the only other space on the path it could end on is
    # the fire hazard, and then it would suffer the hazard.
    b = make(layout, "A-1:F-1", objects={"B-1": "destructible"}, terrain={"C-1": "gap", "D-1": "gap"},
             hazards={"E-1": "fire"}, figures=[("slink", "character", "A-1")])
    slink = fig(b, "slink")
    leap = reach(b, slink, "leap", 5)
    assert costs(b, leap) == {"A-1": 0, "E-1": 4, "F-1": 5}
    end = layout.parse("F-1")
    assert labels(b, leap.path_to(end)) == ["A-1", "B-1", "C-1", "D-1", "E-1", "F-1"]
    assert leap.hazards_entered(end) == ()
    assert labels(b, leap.hazards_entered(layout.parse("E-1"))) == ["E-1"]
    assert layout.parse("F-1") not in reach(b, slink, "leap", 4).cost
    # A Move cannot enter the object at all.
    assert costs(b, reach(b, slink, "move", 5)) == {"A-1": 0}


@four_layouts
def test_movement_must_end_on_an_empty_space_or_a_hazard_space(layout):
    # p.24: "Movement must always end on an empty space or a hazard space"; p.34: empty = no figures,
    # objects, doors or hazards; destroyed objects and difficult terrain are empty.
    b = make(layout, objects={"F-1": "destroyed"}, terrain={"G-1": "difficult"}, hazards={"D-1": "poison"},
             figures=[("grunt", "adversary", "A-1"), ("ally", "adversary", "C-1")])
    grunt = fig(b, "grunt")
    r = reach(b, grunt, "move", 10)
    assert costs(b, r) == {"A-1": 0, "B-1": 1, "D-1": 3, "E-1": 4, "F-1": 6, "G-1": 8, "H-1": 9}
    assert not can_end_on(b, grunt, layout.parse("C-1"))
    assert can_end_on(b, grunt, layout.parse("D-1")) and not can_end_on(b, grunt, layout.parse("D-1"), "avoid")
    for h in r.ends():
        assert h == grunt.at or b.is_empty(h) or h in b.map.hazard_at


@four_layouts
def test_difficult_terrain_costs_two_mp_to_move_into(layout):
    # p.33: difficult terrain takes 2 MP to Move into.
    b = make(layout, "A-1:E-1", terrain={"C-1": "difficult"}, figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    assert costs(b, reach(b, vera)) == {"A-1": 0, "B-1": 1, "C-1": 3, "D-1": 4, "E-1": 5}
    assert costs(b, reach(b, vera, mp=2)) == {"A-1": 0, "B-1": 1}
    assert step_cost(b, vera, "move", layout.parse("C-1")) == 2


@four_layouts
def test_leap_difficult_terrain_costs_one_mp(layout):
    # p.24 Leap item 1: entering a difficult terrain space only takes 1 MP.
    b = make(layout, "A-1:E-1", terrain={"C-1": "difficult", "D-1": "difficult"},
             figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    assert costs(b, reach(b, vera, "leap")) == {"A-1": 0, "B-1": 1, "C-1": 2, "D-1": 3, "E-1": 4}
    assert costs(b, reach(b, vera, "move"))["E-1"] == 6


@four_layouts
@pytest.mark.parametrize("state, enter", [("destroyed", 2), ("damaged", None), ("destructible", None),
                                          ("indestructible", None)])
def test_destroyed_objects_are_difficult_terrain_others_cannot_be_entered(layout, state, enter):
    # p.34: destroyed objects are difficult terrain and empty; p.33: objects cannot be Moved through.
    b = make(layout, "A-1:E-1", objects={"C-1": state}, figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    c1 = layout.parse("C-1")
    assert step_cost(b, vera, "move", c1) == enter
    r = reach(b, vera)
    if enter is None:
        assert costs(b, r) == {"A-1": 0, "B-1": 1}
    else:
        assert costs(b, r) == {"A-1": 0, "B-1": 1, "C-1": 3, "D-1": 4, "E-1": 5}


@four_layouts
def test_hazard_over_difficult_terrain_costs_one_mp(layout):
    # p.33: a Hazard token placed over difficult terrain replaces the effects of the difficult terrain.
    b = make(layout, "A-1:E-1", terrain={"C-1": "difficult"}, hazards={"C-1": "fire"},
             figures=[("vera", "character", "A-1")])
    assert costs(b, reach(b, fig(b, "vera")))["D-1"] == 3


@four_layouts
def test_treasure_does_not_block_movement(layout):
    # p.25: treasure is retrieved by ending a turn on or adjacent to it; nothing stops a figure entering it.
    b = make(layout, "A-1:C-1", treasures=["B-1"], figures=[("vera", "character", "A-1")])
    assert costs(b, reach(b, fig(b, "vera"))) == {"A-1": 0, "B-1": 1, "C-1": 2}


# -- figures ----------------------------------------------------------------------------------------

@four_layouts
def test_move_through_allies_not_enemies(layout):
    # p.24: characters Move freely through other characters, not through adversaries; p.28: adversaries
    # follow the same rules (INTERPRETATIONS.md: through allies, never ending on them).
    b = make(layout, "A-1:E-1", figures=[("grunt", "adversary", "A-1"), ("mate", "adversary", "B-1"),
                                          ("vera", "character", "D-1")])
    grunt, vera = fig(b, "grunt"), fig(b, "vera")
    assert costs(b, reach(b, grunt)) == {"A-1": 0, "C-1": 2}
    assert labels(b, reach(b, grunt).path_to(layout.parse("C-1"))) == ["A-1", "B-1", "C-1"]
    assert step_cost(b, grunt, "move", layout.parse("D-1")) is None
    assert step_cost(b, grunt, "move", layout.parse("B-1")) == 1
    # The character is stopped by both adversaries.
    assert costs(b, reach(b, vera)) == {"D-1": 0, "C-1": 1, "E-1": 1}


@four_layouts
@pytest.mark.parametrize("who", ["mover", "enemy"])
def test_invisible_moves_through_enemies_and_vice_versa(layout, who):
    # p.24 and p.37: movement through adversaries is not allowed unless either the active character or
    # the adversary is Invisible; "The Invisible figure may Move through enemies and vice versa".
    vera = ("vera", "character", "A-1") + (("Invisible",) if who == "mover" else ())
    grunt = ("grunt", "adversary", "B-1") + (("invisible",) if who == "enemy" else ())
    b = make(layout, "A-1:D-1", figures=[vera, grunt])
    r = reach(b, fig(b, "vera"))
    assert costs(b, r) == {"A-1": 0, "C-1": 2, "D-1": 3}  # through, never ending on the enemy
    back = reach(b, fig(b, "grunt"))
    assert costs(b, back) == {"B-1": 0, "C-1": 1, "D-1": 2}  # ...and the enemy never ends on vera either
    visible = make(layout, "A-1:D-1", figures=[vera[:3], grunt[:3]])
    assert costs(visible, reach(visible, fig(visible, "vera"))) == {"A-1": 0}


@four_layouts
def test_leap_over_figures_of_either_side(layout):
    # p.24 Leap item 2 (through adversaries); INTERPRETATIONS.md: over figures of either side.
    b = make(layout, "A-1:E-1", figures=[("grunt", "adversary", "A-1"), ("mate", "adversary", "B-1"),
                                          ("vera", "character", "C-1")])
    grunt = fig(b, "grunt")
    assert costs(b, reach(b, grunt, "leap", 3)) == {"A-1": 0, "D-1": 3}
    assert costs(b, reach(b, grunt, "move", 3)) == {"A-1": 0}


# -- map components ------------------------------------------------------------------------------------

@four_layouts
@pytest.mark.parametrize("blocker", ["destructible", "damaged", "indestructible", "orb", "gap", "closed door"])
def test_move_never_enters_objects_orbs_gaps_or_closed_doors(layout, blocker):
    # p.24 (orbs), p.33 (objects), p.35 (closed doors, gaps).
    kw = {"destructible": {"objects": {"C-1": "destructible"}}, "damaged": {"objects": {"C-1": "damaged"}},
          "indestructible": {"objects": {"C-1": "indestructible"}}, "orb": {"orbs": ["C-1"]},
          "gap": {"terrain": {"C-1": "gap"}}, "closed door": {"doors": {"C-1": "closed"}}}[blocker]
    b = make(layout, "A-1:E-1", figures=[("vera", "character", "A-1")], **kw)
    vera = fig(b, "vera")
    assert costs(b, reach(b, vera)) == {"A-1": 0, "B-1": 1}
    assert step_cost(b, vera, "move", layout.parse("C-1")) is None
    leap = reach(b, vera, "leap")
    if blocker == "closed door":
        assert costs(b, leap) == {"A-1": 0, "B-1": 1}  # never over a closed door (p.35)
    else:
        assert costs(b, leap) == {"A-1": 0, "B-1": 1, "D-1": 3, "E-1": 4}  # over it, never ending on it


@four_layouts
def test_open_door_is_passable_and_an_empty_space(layout):
    # p.35: doors are walls until opened; p.38: once opened the space is treated as any other empty space.
    b = make(layout, "A-1:E-1", doors={"C-1": "open"}, figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    assert costs(b, reach(b, vera)) == {"A-1": 0, "B-1": 1, "C-1": 2, "D-1": 3, "E-1": 4}
    closed = Board(b.map.with_door(layout.parse("C-1"), "closed"), b.figures)
    assert costs(closed, reach(closed, vera)) == {"A-1": 0, "B-1": 1}
    assert costs(closed, reach(closed, vera, "leap")) == {"A-1": 0, "B-1": 1}


@four_layouts
def test_leap_cannot_cross_a_wall_or_a_closed_door(layout):
    # p.35: walls cannot be Moved through or Leapt over; INTERPRETATIONS.md: never over closed doors.
    b = make(layout, "A-1:E-1", walls=[("B-1", "C-1")], figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    for mode in ("move", "leap"):
        assert costs(b, reach(b, vera, mode)) == {"A-1": 0, "B-1": 1}
    d = make(layout, "A-1:E-1", doors={"C-1": "closed"}, figures=[("vera", "character", "A-1")])
    assert costs(d, reach(d, fig(d, "vera"), "leap", 9)) == {"A-1": 0, "B-1": 1}


def wall_between(layout, left_cols, right_cols, rows):
    """Interior walls on every side shared by a space of `left_cols` and one of `right_cols` in `rows`."""
    left = {layout.parse(f"{c}-{r}") for c in left_cols for r in rows}
    right = {layout.parse(f"{c}-{r}") for c in right_cols for r in rows}
    return [(layout.label(a), layout.label(n)) for a in sorted(left) for n in neighbours(a) if n in right]


@four_layouts
def test_walls_make_move_and_leap_go_around(layout):
    # p.35: walls cannot be Moved through or Leapt over. A wall splits columns A-B from C-D in rows 1-4;
    # row 5 stays open, so both go round.
    walls = wall_between(layout, "AB", "CD", range(1, 5))
    b = make(layout, "A-1:D-5", walls=walls, figures=[("vera", "character", "A-1")])
    vera, m = fig(b, "vera"), b.map
    goal = layout.parse("C-1")
    for mode in ("move", "leap"):
        r = reach(b, vera, mode)
        assert r.cost[goal] == m.range_between(vera.at, goal) > distance(vera.at, goal) + 4
        path = r.path_to(goal)
        assert all(m.passable(a, c) for a, c in zip(path, path[1:]))
        assert step_sum(b, vera, r, goal) == r.cost[goal]


# -- hazards ----------------------------------------------------------------------------------------------

@four_layouts
def test_hazards_avoid_versus_normal(layout):
    # p.28: an adversary treats a hazard as an indestructible object unless an exception applies: a Move
    # cannot enter it; a Leap (which goes over indestructible objects) passes over it but cannot end on it.
    b = make(layout, "A-1:E-1", hazards={"C-1": "fire"}, figures=[("grunt", "adversary", "A-1")])
    grunt = fig(b, "grunt")
    c1, e1 = layout.parse("C-1"), layout.parse("E-1")
    normal = reach(b, grunt, "move", hazards="normal")
    assert costs(b, normal) == {"A-1": 0, "B-1": 1, "C-1": 2, "D-1": 3, "E-1": 4}
    assert normal.hazards_entered(e1) == (c1,)
    assert costs(b, reach(b, grunt, "move", hazards="avoid")) == {"A-1": 0, "B-1": 1}
    assert step_cost(b, grunt, "move", c1, "avoid") is None and step_cost(b, grunt, "move", c1) == 1
    leap_avoid = reach(b, grunt, "leap", hazards="avoid")
    assert costs(b, leap_avoid) == {"A-1": 0, "B-1": 1, "D-1": 3, "E-1": 4}
    assert leap_avoid.hazards_entered(e1) == ()


@four_layouts
def test_hazards_entered_by_move_and_by_leap(layout):
    # p.24 Leap item 3: hazards trigger only for the space a Leap ends in. A Move enters every hazard it
    # steps into, even one it only passes through under an ally.
    b = make(layout, "A-1:F-1", hazards={"B-1": "poison", "C-1": "trap", "E-1": "fire"},
             figures=[("grunt", "adversary", "A-1"), ("mate", "adversary", "C-1")])
    grunt = fig(b, "grunt")
    move, leap = reach(b, grunt, "move"), reach(b, grunt, "leap")
    f1, e1 = layout.parse("F-1"), layout.parse("E-1")
    assert labels(b, move.hazards_entered(f1)) == ["B-1", "C-1", "E-1"]
    assert layout.parse("C-1") not in move.cost  # passed through, never ended on
    assert leap.hazards_entered(f1) == ()
    assert labels(b, leap.hazards_entered(e1)) == ["E-1"]
    assert move.hazards_entered(grunt.at) == leap.hazards_entered(grunt.at) == ()


def bent_pairs(layout, m):
    """Goals two steps from C-3 with exactly two spaces between them (two paths of 2 MP each)."""
    s = layout.parse("C-3")
    for g in sorted(m.spaces):
        common = [n for n in neighbours(s) if n in m.spaces and distance(n, g) == 1]
        if distance(s, g) == 2 and len(common) == 2:
            yield s, g, common


@four_layouts
def test_equal_mp_paths_prefer_fewer_hazards_then_north_then_west(layout):
    # docs/rules.md: among fewest-MP paths, fewest hazards entered; then, stepping back from the end, the
    # space whose drawn centre is furthest north, then furthest west. The same input gives the same path.
    m = make(layout, "A-1:F-6").map
    pairs = list(bent_pairs(layout, m))
    assert len(pairs) == 6
    for s, g, common in pairs:
        north_west = min(common, key=lambda h: (layout.centre(h)[1], layout.centre(h)[0]))
        other = next(h for h in common if h != north_west)
        plain = Board(m, (Figure("vera", "character", s),))
        assert reach(plain, plain.figures[0]).path_to(g) == (s, north_west, g)
        hot = Board(m.with_hazard(north_west, "fire"), plain.figures)
        r = reach(hot, hot.figures[0])
        assert r.cost[g] == 2 and r.path_to(g) == (s, other, g) and r.hazards_entered(g) == ()
        again = Board(m.with_hazard(north_west, "fire"), plain.figures)
        assert reach(again, again.figures[0]).path_to(g) == r.path_to(g)


# -- budget, start, errors ---------------------------------------------------------------------------------

@four_layouts
def test_a_budget_cuts_the_reach(layout):
    b = make(layout, "A-1:H-6", terrain={"C-3": "difficult", "D-3": "difficult"}, objects={"E-2": "indestructible"},
             figures=[("vera", "character", "B-3"), ("grunt", "adversary", "D-4")])
    vera = fig(b, "vera")
    for mode in ("move", "leap"):
        full = reach(b, vera, mode)
        for mp in range(0, 6):
            cut = reach(b, vera, mode, mp)
            assert dict(cut.cost) == {h: c for h, c in full.cost.items() if c <= mp}
            assert all(cut.path_to(h) == full.path_to(h) for h in cut.cost)
    assert costs(b, reach(b, vera, "move", 0)) == {"B-3": 0}


@four_layouts
def test_own_space_is_an_end_at_zero_mp(layout):
    # A figure may stay where it is, even on a hazard it would otherwise avoid, and even when boxed in.
    b = make(layout, "A-1:C-1", hazards={"B-1": "fire"}, objects={"C-1": "indestructible"},
             figures=[("grunt", "adversary", "B-1"), ("vera", "character", "A-1")])
    grunt = fig(b, "grunt")
    for mode in ("move", "leap"):
        r = reach(b, grunt, mode, 3, hazards="avoid")
        assert costs(b, r) == {"B-1": 0}
        assert r.path_to(grunt.at) == (grunt.at,) and r.hazards_entered(grunt.at) == ()


def test_bad_arguments_are_refused():
    layout = Layout()
    b = make(layout, figures=[("vera", "character", "A-1")])
    vera = fig(b, "vera")
    with pytest.raises(PathError, match="'fly'"):
        reach(b, vera, "fly")
    with pytest.raises(PathError, match="'ignore'"):
        reach(b, vera, hazards="ignore")
    with pytest.raises(PathError, match="-1"):
        reach(b, vera, mp=-1)
    with pytest.raises(PathError, match="can end on"):
        reach(b, vera, mp=1).path_to(layout.parse("H-1"))


# -- attack spaces ------------------------------------------------------------------------------------------

@four_layouts
def test_attack_spaces_at_range_one_need_no_sight_and_are_empty_or_own(layout):
    # INTERPRETATIONS.md: an empty space (or its own space) within range of the target; line of sight only
    # from range 2. Range is map range (p.18): a neighbour across a wall is not at range 1.
    m = make(layout, "A-1:F-6").map
    t = layout.parse("C-3")
    ring = sorted(n for n in neighbours(t) if n in m.spaces)
    walled, hazard, mate, own, obj = ring[0], ring[1], ring[2], ring[3], ring[4]
    m = HexMap.build(layout, m.spaces, walls=[(t, walled)], hazards={hazard: "poison"},
                     objects={obj: "indestructible"})
    b = Board(m, (Figure("vera", "character", t), Figure("grunt", "adversary", own),
                  Figure("mate", "adversary", mate)))
    grunt = b.figure("grunt")
    spaces = attack_spaces(b, grunt, t, 1)
    assert spaces == frozenset({own, ring[5]})
    assert attack_spaces(b, grunt, t, 1, hazard_spaces=True) == frozenset({own, ring[5], hazard})
    assert attack_spaces(b, grunt, t, 1, within={ring[5]}) == frozenset({ring[5]})
    assert attack_spaces(b, grunt, t, 0) == frozenset()
    # Not from the target's own space, even when it is an empty space (an attack on a space).
    assert attack_spaces(b, grunt, ring[5], 1) == frozenset(
        n for n in neighbours(ring[5]) if n in m.spaces and (n == own or b.is_empty(n)) and m.passable(ring[5], n))
    # What a Move 6 can reach and attack from.
    r = reach(b, grunt, "move", 6)
    assert attack_spaces(b, grunt, t, 1) & r.ends() == frozenset({own, ring[5]})


def wall_across_rows(layout, upper_row, cols):
    """Interior walls on every side shared by a space of row `upper_row` and one of the row below, in `cols`."""
    upper = {layout.parse(f"{c}-{upper_row}") for c in cols}
    lower = {layout.parse(f"{c}-{upper_row + 1}") for c in cols}
    return [(layout.label(a), layout.label(n)) for a in sorted(upper) for n in neighbours(a) if n in lower]


@four_layouts
def test_attack_spaces_at_range_two_or_more_need_line_of_sight(layout):
    # INTERPRETATIONS.md: with a line of sight when the range is 2 or more (p.18-19: no sight through walls).
    # A wall runs between rows 4 and 5 over columns A-F; the target stands at C-3. C-6 is within range
    # (the way round the wall's end), but no line of sight crosses the wall.
    walls = wall_across_rows(layout, 4, "ABCDEF")
    b = make(layout, "A-1:H-8", walls=walls, figures=[("vera", "character", "C-3"), ("archer", "adversary", "H-8")])
    m, archer, t = b.map, fig(b, "archer"), layout.parse("C-3")
    behind = layout.parse("C-6")
    r = m.range_between(t, behind)
    assert r > distance(t, behind)
    spaces = attack_spaces(b, archer, t, r)
    assert behind not in spaces and not has_line_of_sight(m, behind, t)
    assert {layout.parse("A-3"), layout.parse("E-3")} <= spaces  # two spaces along the open row
    for h, d in m.ranges_from(t, r).items():
        if d >= 2 and b.is_empty(h):
            assert (h in spaces) == has_line_of_sight(m, h, t)
        elif d == 1:
            assert (h in spaces) == b.is_empty(h)
    open_field = make(layout, "A-1:H-8", figures=[("vera", "character", "C-3"), ("archer", "adversary", "H-8")])
    assert behind in attack_spaces(open_field, archer, t, 3)
    # Restricted to what a Move 6 reaches: the same answer as intersecting afterwards.
    ends = reach(b, archer, "move", 6).ends()
    assert attack_spaces(b, archer, t, r, within=ends) == spaces & ends


# -- teleport and distances ---------------------------------------------------------------------------------

@four_layouts
def test_teleport_places_on_an_empty_space_not_beyond_a_closed_door(layout):
    # p.25, p.29: any empty space, its own space included, not on the other side of a closed door.
    b = make(layout, "A-1:F-1", doors={"D-1": "closed"}, hazards={"B-1": "fire"},
             figures=[("vera", "character", "A-1"), ("grunt", "adversary", "F-1")])
    vera = fig(b, "vera")
    assert sorted(labels(b, teleport_spaces(b, vera))) == ["A-1", "C-1"]
    opened = Board(b.map.with_door(layout.parse("D-1"), "open"), b.figures)
    assert sorted(labels(opened, teleport_spaces(opened, vera))) == ["A-1", "C-1", "D-1", "E-1"]


@four_layouts
def test_distances_to_goals_match_reach_from_each_space(layout):
    b = make(layout, "A-1:F-5", terrain={"C-2": "difficult", "D-3": "gap"}, hazards={"B-4": "trap"},
             objects={"E-2": "destroyed", "C-4": "indestructible"}, walls=[("C-3", "D-3")],
             figures=[("grunt", "adversary", "A-1"), ("mate", "adversary", "B-2"), ("vera", "character", "E-4")])
    grunt = fig(b, "grunt")
    goals = {layout.parse("F-5"), layout.parse("E-1"), layout.parse("B-2")}  # B-2 holds a figure: not a goal
    for mode in ("move", "leap"):
        for hazards in ("normal", "avoid"):
            dist = distances_to(b, grunt, goals, mode, hazards)
            for h in b.map.spaces:
                if h in b.figure_at and h != grunt.at:
                    continue
                moved = Board(b.map, tuple(f for f in b.figures if f.id != "grunt") + (Figure("grunt", "adversary", h),))
                r = reach(moved, moved.figure("grunt"), mode, hazards=hazards)
                best = [r.cost[g] for g in goals if g in r.cost]
                assert dist.get(h) == (min(best) if best else None), (mode, hazards, layout.label(h))


# -- properties on random maps -------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards())
def test_property_paths_cost_what_their_steps_cost_and_obey_the_rules(spec):
    b, _ = build_random(Layout(), spec)
    mover = b.figures[0]
    m = b.map
    for mode in ("move", "leap"):
        for hazards in ("normal", "avoid"):
            r = reach(b, mover, mode, hazards=hazards)
            for h, c in r.cost.items():
                path = r.path_to(h)
                assert path[0] == mover.at and path[-1] == h and len(set(path)) == len(path)
                assert all(m.passable(a, n) for a, n in zip(path, path[1:]))
                steps = [step_cost(b, mover, mode, x, hazards) for x in path[1:]]
                assert None not in steps and sum(steps) == c
                assert can_end_on(b, mover, h, hazards)
                if mode == "leap":
                    assert c == m.range_between(mover.at, h)  # a Leap's MP is the map range
            for h in r.ends():
                assert h == mover.at or b.is_empty(h) or (h in m.hazard_at and hazards == "normal")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.integers(0, 8))
def test_property_leap_never_needs_more_mp_than_move_and_avoiding_never_helps(spec, mp):
    b, _ = build_random(Layout(), spec)
    mover = b.figures[0]
    for hazards in ("normal", "avoid"):
        move, leap = reach(b, mover, "move", mp, hazards), reach(b, mover, "leap", mp, hazards)
        assert move.ends() <= leap.ends()
        assert all(leap.cost[h] <= c for h, c in move.cost.items())
    for mode in ("move", "leap"):
        normal, avoid = reach(b, mover, mode, mp, "normal"), reach(b, mover, mode, mp, "avoid")
        assert avoid.ends() <= normal.ends()
        assert all(normal.cost[h] <= c for h, c in avoid.cost.items())
        assert all(avoid.hazards_entered(h) == () for h in avoid.ends())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.integers(0, 6), st.data())
def test_property_a_map_with_another_object_or_hazard_answers_as_one_made_afresh(spec, mp, data):
    # Such a map shares its geometric caches with the map it came from (an object destroyed mid-turn): every
    # answer must still be the one a map built from nothing gives. And when an "avoid" reach says no hazard is
    # within its budget, the "normal" reach is the same (movement.py then skips it).
    b, _ = build_random(Layout(), spec)
    m, mover = b.map, b.figures[0]
    spaces = sorted(m.spaces)
    for mode in ("move", "leap"):  # warm every cache the old map has
        for hazards in ("normal", "avoid"):
            reach(b, mover, mode, mp, hazards)
    before = {(a, c): (m.range_between(a, c), has_line_of_sight(m, a, c)) for a in spaces for c in spaces}
    h = data.draw(st.sampled_from(spaces))
    change = data.draw(st.sampled_from(["destroyed", "damaged", "indestructible", None, "fire", "trap", "no-hazard"]))
    new = (m.with_hazard(h, change) if change in ("fire", "trap") else m.with_hazard(h, None) if change == "no-hazard"
           else m.with_object(h, change))
    fresh = replace(new)  # the same map with no cache at all
    assert all(before[(a, c)] == (new.range_between(a, c), has_line_of_sight(new, a, c))
               == (fresh.range_between(a, c), has_line_of_sight(fresh, a, c)) for a, c in before)
    figures = tuple(f for f in b.figures if f.at != h or f is mover)
    if mover.at == h and change not in (None, "no-hazard"):
        return  # the mover cannot stand on a new object
    for mode in ("move", "leap"):
        for hazards in ("normal", "avoid"):
            got, want = reach(Board(new, figures), mover, mode, mp, hazards), reach(Board(fresh, figures), mover, mode, mp, hazards)
            assert dict(got.cost) == dict(want.cost)
            assert all(got.path_to(x) == want.path_to(x) for x in got.ends())
        avoid, normal = reach(Board(new, figures), mover, mode, mp, "avoid"), reach(Board(new, figures), mover, mode, mp, "normal")
        if not avoid.hazard_within_mp:
            assert dict(avoid.cost) == dict(normal.cost)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.integers(1, 4))
def test_property_the_four_layouts_agree_up_to_relabelling(spec, attack_range):
    results = []
    for layout in LAYOUTS:
        b, conv = build_random(layout, spec)
        back = {conv(h): h for h in (Layout().parse(label) for label in LABELS)}
        mover = b.figures[0]
        row = []
        for mode in ("move", "leap"):
            for hazards in ("normal", "avoid"):
                r = reach(b, mover, mode, 5, hazards)
                row.append({back[h]: (c, len(r.hazards_entered(h))) for h, c in r.cost.items()})
        row.append({back[h] for h in teleport_spaces(b, mover)})
        row.append({back[h] for h in attack_spaces(b, mover, b.figures[-1].at, attack_range)})
        results.append(row)
    assert all(r == results[0] for r in results[1:])


# -- the map's tables, derived once per map (issue 37, item 4) --------------------------------------

@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=random_boards(), layout=st.sampled_from(LAYOUTS))
def test_the_maps_tables_say_what_the_per_space_rules_say(spec, layout):
    """A cold turn reads the movement and edge tables made in one pass over a new map; each must say what the
    per-space rules say (Board.is_empty p.34, HexMap.is_difficult p.33, passable p.18), or the fast table
    would move figures where the rules do not."""
    from companion.hexgrid import DIRECTIONS
    from companion.phantom.paths import _map_info

    board, _ = build_random(layout, spec)
    m = board.map
    bare = Board(m)
    info = _map_info(m)
    assert info.empty == {h for h in m.spaces if bare.is_empty(h)}
    for h in m.spaces:
        entered = not (m.is_blocking_object(h) or h in m.orb_at or m.terrain_at.get(h) == "gap"
                       or h in m.closed_doors)
        assert info.move_cost[h] == ((2 if m.is_difficult(h) else 1) if entered else None), m.label(h)
        assert info.order[h] == m.layout.centre(h)[::-1]
    closed = m.closed_doors
    expected_blocked = set(m.walls)
    for h in m.spaces:
        for n in neighbours(h):
            if h in closed or n in closed or n not in m.spaces:
                expected_blocked.add((h, n) if h <= n else (n, h))
    assert m.blocked_edges == expected_blocked
    for h in m.spaces:
        want = () if h in closed else tuple(
            n for n in ((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)
            if n in m.spaces and ((h, n) if h <= n else (n, h)) not in expected_blocked)
        assert m.open_neighbours[h] == want, m.label(h)

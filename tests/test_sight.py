"""Exact line of sight (p.18-19 RANGE and LINE OF SIGHT, p.27 Determining Line of Sight, p.36 Decision
die, p.37 Invisible, p.61 Figure 49; INTERPRETATIONS.md "Line of sight" and "Map"; docs/rules.md).

Maps are written in the default layout (pointy, even rows shifted) and relabelled into the other three:
the flat drawing of axial (q, r) is the pointy drawing of (r, q) with x and y swapped, so the same map
under every layout is the same picture up to a reflection, and every answer but the drawn coordinates
(and the die's directions, which swap N<->W and S<->E) must be the same.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.phantom.board import Board
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import HexMap, Layout, MapError, distance, neighbours
from companion.phantom.sight import Sight, has_line_of_sight, sight, sight_to_dict
from companion.phantom.sight_geometry import _finalize, _hexform, geometry
from helpers.sight_boards import (
    BOTTOM, DEFAULT, LOWER_RIGHT, TOP, UPPER_LEFT, UPPER_RIGHT, corner, cross, four_layouts, hexof, line, look, make,
    random_boards, segment_entry,
)

SHARED_VECTORS = Path(__file__).resolve().parents[2] / "shared" / "examples" / "sight-vectors-2.json"
DIE_DIRECTIONS_FLAT = {"N": "W", "S": "E", "E": "S", "W": "N"}


# -- relabelling and building ------------------------------------------------------------------------

def relabel(layout: Layout, label: str) -> str:
    return layout.label(hexof(layout, label))


def die_for(layout: Layout, color: str, primary: str, secondary: str) -> DecisionDie:
    if layout.orientation == "flat":
        primary, secondary = DIE_DIRECTIONS_FLAT[primary], DIE_DIRECTIONS_FLAT[secondary]
    return DecisionDie(color, primary, secondary)


def obj(layout: Layout, label: str) -> str:
    return f"object:{relabel(layout, label)}"


def roll_sets(result: Sight) -> set:
    return {frozenset(ln.accuracy_rolls) for ln in result.lines}


def strictly_between(p, a, b) -> bool:
    """p lies on segment ab and is neither end."""
    return (cross(a, b, p) == 0 and p not in (a, b)
            and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


# -- the worked cases ----------------------------------------------------------------------------------

# The eleven worked cases of ../shared/examples/sight-vectors-2.json, under the reading of walls of
# INTERPRETATIONS.md (all in the default layout, decision die red/S/W): name, spaces, walls, figures,
# from, to, (range, line of sight, valid lines), accuracy-roll sets.
VECTORS = [
    ("open-field", "A-1:H-6",
     [],
     [("archer", "adversary", "C-3"), ("vera", "character", "F-4")],
     "C-3", "F-4", (4, True, 30), [[]]),
    ("edge-corners", "A-1:H-6",
     [],
     [("archer", "adversary", "A-1"), ("vera", "character", "D-1")],
     "A-1", "D-1", (3, True, 20), [[]]),
    ("figure-in-straight-row", "A-1:H-6",
     [],
     [("archer", "adversary", "B-4"), ("vera", "character", "G-4"), ("goblin", "adversary", "E-4")],
     "B-4", "G-4", (5, True, 30), [["goblin"]]),
    ("adjacent-figure-no-roll", "A-1:H-6",
     [],
     [("archer", "adversary", "B-4"), ("vera", "character", "F-4"), ("bram", "character", "C-4")],
     "B-4", "F-4", (4, True, 30), [[]]),
    ("wall-between-rows", "A-1:H-6",
     [("B-3", "B-4"), ("C-3", "B-4"), ("C-3", "C-4"), ("D-3", "C-4"), ("D-3", "D-4"), ("E-3", "D-4"), ("E-3", "E-4"), ("F-3", "E-4"), ("F-3", "F-4"), ("G-3", "F-4"), ("G-3", "G-4")],
     [("archer", "adversary", "D-2"), ("vera", "character", "E-5")],
     "D-2", "E-5", (8, False, 0), []),
    ("around-a-short-wall", "A-1:H-6",
     [("D-3", "D-4"), ("D-3", "C-4")],
     [("archer", "adversary", "B-2"), ("vera", "character", "G-5")],
     "B-2", "G-5", (6, True, 17), [[]]),
    ("two-figures-side-by-side", "A-1:H-6",
     [],
     [("archer", "adversary", "B-3"), ("vera", "character", "G-3"), ("x1", "character", "D-2"), ("x2", "character", "D-3")],
     "B-3", "G-3", (5, True, 30), [["x2"], ["x1", "x2"]]),
    ("corridor", "A-1:L-3",
     [("A-1", "A-2"), ("B-1", "A-2"), ("B-1", "B-2"), ("C-1", "B-2"), ("C-1", "C-2"), ("D-1", "C-2"), ("D-1", "D-2"), ("E-1", "D-2"), ("E-1", "E-2"), ("F-1", "E-2"), ("F-1", "F-2"), ("G-1", "F-2"), ("G-1", "G-2"), ("H-1", "G-2"), ("H-1", "H-2"), ("I-1", "H-2"), ("I-1", "I-2"), ("J-1", "I-2"), ("J-1", "J-2"), ("K-1", "J-2"), ("K-1", "K-2"), ("L-1", "K-2"), ("L-1", "L-2"), ("A-2", "A-3"), ("A-2", "B-3"), ("B-2", "B-3"), ("B-2", "C-3"), ("C-2", "C-3"), ("C-2", "D-3"), ("D-2", "D-3"), ("D-2", "E-3"), ("E-2", "E-3"), ("E-2", "F-3"), ("F-2", "F-3"), ("F-2", "G-3"), ("G-2", "G-3"), ("G-2", "H-3"), ("H-2", "H-3"), ("H-2", "I-3"), ("I-2", "I-3"), ("I-2", "J-3"), ("J-2", "J-3"), ("J-2", "K-3"), ("K-2", "K-3"), ("K-2", "L-3"), ("L-2", "L-3")],
     [("archer", "adversary", "A-2"), ("vera", "character", "E-2")],
     "A-2", "E-2", (4, True, 12), [[]]),
    ("one-row-strip", "A-1:H-1",
     [],
     [("archer", "adversary", "A-1"), ("vera", "character", "D-1")],
     "A-1", "D-1", (3, True, 12), [[]]),
    ("walled-block-D-6-G-3", "A-1:J-9",
     [("E-7", "F-7"), ("E-9", "F-9"), ("E-6", "F-6"), ("E-6", "F-7"), ("E-6", "F-5"), ("A-5", "A-4"), ("B-5", "A-4"), ("B-5", "B-4"), ("E-5", "F-5"), ("E-5", "D-4"), ("E-5", "E-4"), ("C-5", "B-4"), ("C-5", "C-4"), ("D-5", "C-4"), ("D-5", "D-4"), ("E-8", "F-8"), ("E-8", "F-9"), ("E-8", "F-7")],
     [("archer", "adversary", "D-6"), ("vera", "character", "G-3")],
     "D-6", "G-3", (None, False, 0), []),
    ("short-l-E-5-G-3", "A-1:J-9",
     [("E-5", "E-4"), ("E-5", "F-5")],
     [("archer", "adversary", "E-5"), ("vera", "character", "G-3")],
     "E-5", "G-3", (4, True, 13), [[]]),
]


@pytest.mark.skipif(not SHARED_VECTORS.is_file(), reason="../shared/examples/sight-vectors-2.json is not present")
def test_sight_vectors_copy_matches_the_shared_file():
    shared = json.loads(SHARED_VECTORS.read_text())
    copy = []
    for c in shared:
        s, e = c["scenario"], c["expect"]
        assert s["layout"] == {"orientation": "pointy", "shifted": "even"}
        assert s["decision_die"] == {"color": "red", "primary": "S", "secondary": "W"}
        assert all(not f["conditions"] for f in s["figures"])
        copy.append((c["name"], " ".join(s["spaces"]), [tuple(w) for w in s.get("walls") or []],
                     [(f["id"], f["side"], f["at"]) for f in s["figures"]], c["from"], c["to"],
                     (e["range"], e["line_of_sight"], e["valid_lines"]), e["accuracy_roll_sets"]))
    norm = lambda cases: [(*c[:7], sorted(sorted(x) for x in c[7])) for c in cases]  # noqa: E731
    assert norm(copy) == norm(VECTORS)


@four_layouts
@pytest.mark.parametrize("case", VECTORS, ids=[c[0] for c in VECTORS])
def test_sight_vectors(layout, case):
    # ../shared/examples/sight-vectors-2.json: range (p.18), line of sight (p.18-19), the number of valid
    # lines out of 30 candidates, and the sets of figures needing an Accuracy roll over all valid lines.
    _name, rect, walls, figures, a, b, (rng, los, count), rolls = case
    board = make(layout, rect, walls=walls, figures=figures)
    r = look(board, a, b, die_for(layout, "red", "S", "W"))
    assert r.range == rng
    assert r.line_of_sight is los
    assert len(r.lines) == count
    assert roll_sets(r) == {frozenset(x) for x in rolls}
    assert r.line_of_sight == bool(r.lines)
    assert has_line_of_sight(board.map, hexof(layout, a), hexof(layout, b)) == r.line_of_sight
    assert (r.adversary_choice is None) == (not r.lines)


# -- the rulebook's examples ----------------------------------------------------------------------------

@four_layouts
def test_range_is_counted_through_figures_and_objects_not_walls(layout):
    # p.18, Figure 5: the Slink counts 4 spaces to the Grallok Archer. Range is not counted through walls
    # but is counted through all spaces, those with objects and figures included. Here a wall stands on
    # the straight way (hex distance 3); both ways round it (by C-2 or C-4) lead through a figure or an
    # object, and the fewest spaces are 4.
    walls = [("C-3", "D-3")]
    b = make(layout, walls=walls, objects={"C-4": "destructible"},
             figures=[("slink", "character", "C-3"), ("archer", "adversary", "F-3"), ("x", "adversary", "C-2")])
    a, t = hexof(layout, "C-3"), hexof(layout, "F-3")
    assert distance(a, t) == 3
    assert look(b, "C-3", "F-3").range == 4
    open_field = make(layout, objects={"D-3": "indestructible"},
                      figures=[("slink", "character", "C-3"), ("archer", "adversary", "F-3"),
                               ("x", "adversary", "E-3")])
    assert look(open_field, "C-3", "F-3").range == 3  # through an object and a figure
    assert look(b, "C-3", "F-3").range == b.map.range_between(a, t)


@four_layouts
def test_top_to_top_is_never_a_line(layout):
    # p.18: "one cannot draw line of sight from the top vertex of a space to the top vertex of another
    # space"; INTERPRETATIONS.md: the same for all six corners, so 30 of the 36 pairs are candidates.
    b = make(layout, figures=[("archer", "adversary", "B-4"), ("vera", "character", "G-4"),
                              ("goblin", "adversary", "E-4")])
    r = look(b, "B-4", "G-4")
    assert len(r.lines) == 30
    assert all(ln.from_corner != ln.to_corner for ln in r.lines)
    # In a straight row every other line crosses the space between (the top-to-top one would not):
    assert all("goblin" in ln.through for ln in r.lines)
    assert [(ln.from_corner, ln.to_corner) for ln in r.lines] == sorted(
        (ln.from_corner, ln.to_corner) for ln in r.lines)


@four_layouts
def test_a_line_along_the_side_of_a_space_goes_through_it(layout):
    # p.18, Figure 7: "If line of sight is drawn along the side of a space, it counts as going through
    # that space." The line from the top of C-3 to the bottom of F-4 runs along the side E-3 shares
    # with D-4 without entering E-3.
    b = make(layout, figures=[("x", "character", "E-3")])
    r = look(b, "C-3", "F-4")
    ln = line(r, b, TOP, BOTTOM)
    side = b.map.layout.edge_corners(hexof(layout, "E-3"), hexof(layout, "D-4"))
    assert all(strictly_between(p, ln.from_vertex, ln.to_vertex) for p in side)
    assert ln.through == ("x",) and ln.accuracy_rolls == ("x",)


@four_layouts
def test_two_figures_along_their_shared_side_are_a_tie(layout):
    # p.19, Figure 9: a line along the adjoining side of two figures goes through both, met at the same
    # point; the attacker decides which to roll for first.
    b = make(layout, figures=[("x", "character", "E-3"), ("y", "character", "D-4")])
    r = look(b, "C-3", "F-4")
    ln = line(r, b, TOP, BOTTOM)
    assert ln.through == (("x", "y"),)
    assert set(ln.accuracy_rolls) == {"x", "y"}
    # Crossing from one into the other is not a tie: the nearer is met first.
    b2 = make(layout, figures=[("x1", "character", "D-2"), ("x2", "character", "D-3")])
    r2 = look(b2, "B-3", "G-3")
    assert line(r2, b2, TOP, UPPER_RIGHT).through == ("x2", "x1")


@four_layouts
def test_figures_adjacent_to_the_attacker_need_no_roll(layout):
    # p.21 (Attack Flow, step 4) and p.61: no Accuracy roll for a figure or object adjacent to the attacker,
    # though it is on the line; nor for the target.
    b = make(layout, figures=[("archer", "adversary", "B-4"), ("vera", "character", "F-4"),
                              ("bram", "character", "C-4")])
    r = look(b, "B-4", "F-4")
    assert r.lines and all(ln.through == ("bram",) and ln.accuracy_rolls == () for ln in r.lines)
    # Behind a wall the neighbour is not adjacent (range 2), so it needs a roll (INTERPRETATIONS.md).
    walled = make(layout, walls=[("B-4", "C-4")],
                  figures=[("archer", "adversary", "B-4"), ("vera", "character", "F-4"), ("bram", "character", "C-4")])
    r = look(walled, "B-4", "F-4")
    assert r.lines and all(ln.accuracy_rolls == ("bram",) for ln in r.lines)


@four_layouts
def test_figure_49_ranged_attack_rolls_nearest_first(layout):
    # p.61, Figure 49: whatever vertices are used, the line goes through two destructible objects and the
    # Grallok Sentry; the object next to the archer needs no roll; then the Sentry, then the far object.
    b = make(layout, objects={"C-4": "destructible", "E-4": "destructible"},
             figures=[("archer", "adversary", "B-4", {"color": "light-blue"}),
                      ("sentry", "adversary", "D-4", {"color": "yellow"}),
                      ("human", "character", "F-4", {"color": "red"})])
    r = look(b, "B-4", "F-4")
    assert len(r.lines) == 30
    for ln in r.lines:
        assert ln.through == (obj(layout, "C-4"), "sentry", obj(layout, "E-4"))
        assert ln.accuracy_rolls == ("sentry", obj(layout, "E-4"))
        assert ln.allies == 1 and ln.indestructible == 0


# -- degenerate cases ----------------------------------------------------------------------------------

@four_layouts
def test_a_segment_along_a_wall_is_blocked(layout):
    # INTERPRETATIONS.md: running along a wall blocks. The line from the top of C-3 to the bottom of F-4
    # runs along the side E-3 / D-4; with a wall there it is gone, and so is every line crossing that side.
    # A line touching only an end of this lone wall passes: E-3 and D-4 are joined round it by the third
    # space there. (Re-derived: the earlier reading also removed every line touching the side's ends.)
    open_field = make(layout)
    walled = make(layout, walls=[("E-3", "D-4")])
    r0, r1 = look(open_field, "C-3", "F-4"), look(walled, "C-3", "F-4")
    assert line(r0, open_field, TOP, BOTTOM) is not None
    assert line(r1, walled, TOP, BOTTOM) is None
    side = layout.edge_corners(hexof(layout, "E-3"), hexof(layout, "D-4"))
    for ln in r0.lines:
        along = all(cross(ln.from_vertex, ln.to_vertex, p) == 0 for p in side) and _overlap(ln, side)
        assert (line(r1, walled, *_default_corners(layout, ln)) is None) == (along or _crosses(ln, side))
    assert 0 < len(r1.lines) < len(r0.lines)


def _default_corners(layout, ln):
    return corner(layout, ln.from_corner), corner(layout, ln.to_corner)  # the mapping is its own inverse


def _crosses(ln, side) -> bool:
    a, b = ln.from_vertex, ln.to_vertex
    p, q = side
    return cross(a, b, p) * cross(a, b, q) < 0 and cross(p, q, a) * cross(p, q, b) < 0


@four_layouts
def test_a_segment_grazing_the_free_end_of_a_wall_passes(layout):
    # p.18: sight "may not be drawn through walls"; INTERPRETATIONS.md: touching a wall at a single point
    # blocks only where the walls meeting there separate the two sides. The line from the upper right of
    # B-4 to the upper left of F-4 passes through the bottom corner of D-3, the free end of the lone wall
    # D-3 / C-4, without crossing it: it passes. (Re-derived: the earlier reading blocked it.)
    wall = ("D-3", "C-4")
    open_field, walled = make(layout), make(layout, walls=[wall])
    ln = line(look(open_field, "B-4", "F-4"), open_field, UPPER_RIGHT, UPPER_LEFT)
    side = layout.edge_corners(hexof(layout, wall[0]), hexof(layout, wall[1]))
    assert [strictly_between(p, ln.from_vertex, ln.to_vertex) for p in side].count(True) == 1
    assert not _crosses(ln, side)
    assert line(look(walled, "B-4", "F-4"), walled, UPPER_RIGHT, UPPER_LEFT) is not None


def _turn_vertex(layout, a, b, c):
    """The one drawn corner the three spaces share."""
    (v,) = set(layout.corners(hexof(layout, a))) & set(layout.corners(hexof(layout, b))) & set(
        layout.corners(hexof(layout, c)))
    return v


@four_layouts
def test_no_line_slips_through_the_corner_of_an_l_shaped_wall(layout):
    # p.18: line of sight "may not be drawn through walls"; INTERPRETATIONS.md: across the corner of an
    # L-shaped wall nothing sees. The short L on E-5 (E-5|E-4 and E-5|F-5) turns at the corner E-5, E-4 and
    # F-5 share: every line from E-5 to G-3 through that corner leaves E-5 between the two walls, so none
    # is valid; with either wall alone (a free end) some of them are.
    v = _turn_vertex(layout, "E-5", "E-4", "F-5")
    rect = "A-1:J-9"
    both = look(make(layout, rect, walls=[("E-5", "E-4"), ("E-5", "F-5")]), "E-5", "G-3")
    assert both.line_of_sight and len(both.lines) == 13  # sight-vectors-2.json "short-l-E-5-G-3"
    assert not [ln for ln in both.lines if v in (ln.from_vertex, ln.to_vertex)
                or strictly_between(v, ln.from_vertex, ln.to_vertex)]
    for wall in (("E-5", "E-4"), ("E-5", "F-5")):
        one = look(make(layout, rect, walls=[wall]), "E-5", "G-3")
        assert any(v == ln.from_vertex for ln in one.lines)
    # A block walled off along an L: not even the vertex where the wall turns lets a line out.
    case = next(c for c in VECTORS if c[0] == "walled-block-D-6-G-3")
    r = look(make(layout, case[1], walls=case[2]), "D-6", "G-3")
    assert not r.line_of_sight and r.lines == ()


@four_layouts
def test_a_one_space_wide_corridor_sees_along_itself(layout):
    # p.18: line of sight "may not be drawn through walls" -- nothing in a corridor walled on both sides
    # is drawn through a wall. INTERPRETATIONS.md: every corner of its spaces lies on a wall, but a line
    # along it touches the walls only at vertices where nothing separates its two sides. Issue 38: on a
    # 3-row map with row 2 walled on both sides, A-2 and C-2 see each other (they did not before).
    walls = ([(f"{c}-1", f"{c}-2") for c in "ABCDEFGH"] + [(f"{c}-1", f"{d}-2") for c, d in zip("BCDEFGH", "ABCDEFG")]
             + [(f"{c}-2", f"{c}-3") for c in "ABCDEFGH"] + [(f"{c}-2", f"{d}-3") for c, d in zip("ABCDEFG", "BCDEFGH")])
    corridor = make(layout, "A-1:H-3", walls=walls, figures=[("archer", "adversary", "A-2"), ("vera", "character", "C-2")])
    r = look(corridor, "A-2", "C-2")
    assert r.line_of_sight and r.range == 2 and r.lines and r.adversary_choice is not None
    assert has_line_of_sight(corridor.map, hexof(layout, "A-2"), hexof(layout, "H-2"))
    # Out of the corridor nothing is seen: the walls are crossed.
    assert not has_line_of_sight(corridor.map, hexof(layout, "A-2"), hexof(layout, "C-1"))
    # The same on a one-row map (the play area's edge is the wall above and below).
    strip = make(layout, "A-1:H-1")
    assert look(strip, "A-1", "C-1").line_of_sight
    assert len(look(strip, "A-1", "D-1").lines) == 12  # sight-vectors-2.json "one-row-strip"


@four_layouts
def test_touching_one_vertex_of_a_figure_is_not_on_the_line(layout):
    # INTERPRETATIONS.md: touching a single vertex does not count. The same line passes through the bottom
    # corner of D-3 only: a figure on D-3 is not on it, a figure on D-4 (entered) is.
    b = make(layout, figures=[("w", "character", "D-3")])
    r = look(b, "B-4", "F-4")
    ln = line(r, b, UPPER_RIGHT, UPPER_LEFT)
    bottom = layout.corners(hexof(layout, "D-3"))[corner(layout, BOTTOM)]
    assert strictly_between(bottom, ln.from_vertex, ln.to_vertex)
    assert ln.through == () and ln.accuracy_rolls == ()
    assert any("w" in other.through for other in r.lines)  # other lines do enter D-3
    b2 = make(layout, figures=[("w", "character", "D-4")])
    assert line(look(b2, "B-4", "F-4"), b2, UPPER_RIGHT, UPPER_LEFT).through == ("w",)


@four_layouts
def test_a_corner_on_a_wall_ends_lines_that_leave_into_its_own_space(layout):
    # INTERPRETATIONS.md: an end corner may lie on a wall if the segment leaves into its own space, never
    # along the wall. A wall on the west side of C-3 puts its upper-left and lower-left corners on it;
    # every line to F-4 (east) leaves them into C-3, so all 30 remain. (Re-derived: the earlier reading
    # excluded those corners and left 20.)
    b = make(layout, walls=[("C-3", "B-3")])
    r = look(b, "C-3", "F-4")
    assert len(r.lines) == 30
    # At the map edge (sight vector "edge-corners"): 20 lines, none of them along the edge.
    edge = make(layout)
    r = look(edge, "A-1", "D-1")
    assert len(r.lines) == 20
    for ln in r.lines:
        assert not any(_crosses(ln, seg) or (cross(ln.from_vertex, ln.to_vertex, seg[0]) == 0
                                             and cross(ln.from_vertex, ln.to_vertex, seg[1]) == 0
                                             and _overlap(ln, seg))
                       for seg in edge.map.wall_segments)


def _overlap(ln, seg) -> bool:
    """Collinear ln and seg share more than a point."""
    a, b = ln.from_vertex, ln.to_vertex
    v = (b[0] - a[0], b[1] - a[1])
    ts = sorted(v[0] * (p[0] - a[0]) + v[1] * (p[1] - a[1]) for p in seg)
    return max(ts[0], 0) < min(ts[1], v[0] * v[0] + v[1] * v[1])


@four_layouts
def test_top_to_top_in_a_straight_row_is_excluded(layout):
    # p.18: in a straight row the top-to-top and bottom-to-bottom segments would run clear of the space
    # between; they are not lines, so an empty straight row still has 30 lines and none of them same-corner.
    b = make(layout, figures=[("goblin", "adversary", "D-4")])
    r = look(b, "B-4", "F-4")
    assert line(r, b, TOP, TOP) is None and line(r, b, BOTTOM, BOTTOM) is None
    assert len(r.lines) == 30 and all("goblin" in ln.through for ln in r.lines)


@four_layouts
def test_zero_length_segments_are_not_lines(layout):
    # docs/rules.md: adjacent spaces share two corners; a "segment" from a shared corner to itself has no
    # length and is not a line, so 28 of the 30 candidate pairs remain on an open field.
    b = make(layout)
    r = look(b, "C-3", "D-3")
    assert len(r.lines) == 28
    assert all(ln.from_vertex != ln.to_vertex for ln in r.lines)
    # The same space: range 0, nothing to draw, sight is not in question.
    same = look(b, "C-3", "C-3")
    assert same.range == 0 and same.line_of_sight and same.lines == ()


@four_layouts
def test_a_closed_door_blocks_sight_and_an_open_one_does_not(layout):
    # p.34: until opened, doors are treated as walls and line of sight cannot be drawn through them.
    # Column E is wall except the door on E-3.
    spaces = [h for h in DEFAULT.parse_rect("A-1:I-5")
              if h not in {DEFAULT.parse(x) for x in ("E-1", "E-2", "E-4", "E-5")}]
    spaces = [h if layout.orientation == "pointy" else (h[1], h[0]) for h in spaces]
    closed = make(layout, spaces=spaces, doors={"E-3": "closed"})
    opened = make(layout, spaces=spaces, doors={"E-3": "open"})
    for a, b in (("C-3", "G-3"), ("B-2", "H-4")):
        rc, ro = look(closed, a, b), look(opened, a, b)
        assert rc.range is None and not rc.line_of_sight and rc.lines == ()
        assert ro.line_of_sight and ro.range == (4 if a == "C-3" else 7)
        assert not has_line_of_sight(closed.map, hexof(layout, a), hexof(layout, b))
    # No corner of the closed door can end a line either: sight onto the door space itself fails.
    assert not look(closed, "C-3", "E-3").line_of_sight and look(opened, "C-3", "E-3").line_of_sight


@four_layouts
def test_the_map_edge_blocks_sight_on_a_concave_map(layout):
    # INTERPRETATIONS.md (Map): the edge of the play area is a wall. On an L-shaped map the inner corner
    # hides E-4 from C-2 (range 4 around it), while B-2 still sees F-5 past it by 2 lines only.
    b = make(layout, "A-1:C-6 A-4:H-6")
    r = look(b, "C-2", "E-4")
    assert r.range == 4 and not r.line_of_sight and r.lines == ()
    r = look(b, "B-2", "F-5")
    assert r.line_of_sight and len(r.lines) == 2
    assert len(look(make(layout), "B-2", "F-5").lines) == 30


@four_layouts
def test_an_invisible_figure_cannot_be_seen_or_block(layout):
    # p.37 INVISIBLE: line of sight can never be drawn to an Invisible figure, and it cannot be affected
    # by another figure's action — docs/rules.md: so it is on no line and needs no Accuracy roll.
    figures = [("archer", "adversary", "B-4"), ("vera", "character", "F-4", {"conditions": ("invisible",)}),
               ("ghost", "character", "D-4", {"conditions": ("Invisible",)})]
    b = make(layout, figures=figures)
    r = look(b, "B-4", "F-4")
    assert r.range == 4 and not r.line_of_sight and r.lines == () and r.adversary_choice is None
    assert "Invisible" in r.reasons[0] and "p.37" in r.reasons[0]
    assert has_line_of_sight(b.map, hexof(layout, "B-4"), hexof(layout, "F-4"))  # the map alone
    r = look(b, "B-4", "E-4")
    assert r.line_of_sight and all(ln.through == () for ln in r.lines)


@four_layouts
def test_destroyed_objects_and_gaps_do_not_block_sight(layout):
    # p.33: destroyed objects are terrain; p.35: line of sight may be drawn over gaps.
    b = make(layout, objects={"C-4": "destroyed", "D-4": "indestructible"}, terrain={"E-4": "gap"})
    r = look(b, "B-4", "F-4")
    assert len(r.lines) == 30
    assert all(ln.through == (obj(layout, "D-4"),) and ln.indestructible == 1 for ln in r.lines)


# -- the adversary's choice (p.27) ---------------------------------------------------------------------

ARCHER = ("archer", "adversary", "B-3", {"color": "yellow"})
VERA = ("vera", "character", "F-4", {"color": "red"})


@four_layouts
def test_adversary_draws_the_line_with_fewest_accuracy_rolls(layout):
    # p.27 (1): through as few objects or figures as possible — counted as those needing a roll.
    b = make(layout, figures=[("archer", "adversary", "B-3"), ("vera", "character", "G-3"),
                              ("x1", "character", "D-2"), ("x2", "character", "D-3")])
    r = look(b, "B-3", "G-3", die_for(layout, "red", "S", "W"))
    chosen = r.lines[r.adversary_choice]
    assert chosen.accuracy_rolls == ("x2",)
    assert any("fewest objects or figures needing an Accuracy roll (1)" in x and "p.27" in x for x in r.reasons)
    # A character at the same space draws nothing for us to choose.
    b = make(layout, figures=[("archer", "character", "B-3"), ("vera", "character", "G-3")])
    assert look(b, "B-3", "G-3").adversary_choice is None


@four_layouts
def test_adversary_draws_the_line_through_fewest_allies(layout):
    # p.27 (2): between lines with as few rolls, the one through as few allies; an ally goblin on D-3, an
    # enemy on D-4: lines through either alone have one roll.
    for ally, enemy in (("D-3", "D-4"), ("D-4", "D-3")):
        b = make(layout, figures=[ARCHER, VERA, ("goblin", "adversary", ally), ("bram", "character", enemy)])
        r = look(b, "B-3", "F-4", die_for(layout, "red", "S", "W"))
        assert {frozenset({"goblin"}), frozenset({"bram"})} <= roll_sets(r)
        chosen = r.lines[r.adversary_choice]
        assert chosen.accuracy_rolls == ("bram",) and chosen.allies == 0
        assert any(x.startswith("fewest allies (0)") for x in r.reasons)


@four_layouts
def test_adversary_draws_the_line_through_fewest_indestructible_objects(layout):
    # p.27 (3): then as few indestructible objects.
    for hard, soft in (("D-3", "D-4"), ("D-4", "D-3")):
        b = make(layout, objects={hard: "indestructible", soft: "damaged"}, figures=[ARCHER, VERA])
        r = look(b, "B-3", "F-4", die_for(layout, "red", "N", "E"))
        chosen = r.lines[r.adversary_choice]
        assert chosen.accuracy_rolls == (obj(layout, soft),) and chosen.indestructible == 0
        assert any(x.startswith("fewest indestructible objects (0)") for x in r.reasons)


@four_layouts
@pytest.mark.parametrize("primary, secondary, expect", [("S", "W", "D-4"), ("N", "E", "D-3")])
def test_the_decision_die_decides_between_lines_through_different_figures(layout, primary, secondary, expect):
    # p.27 (4) and p.36: still tied between lines through *different* figures, the decision die picks the
    # line furthest in its directions by the segment's position (the sum of its two end vertices).
    b = make(layout, figures=[ARCHER, VERA, ("c1", "character", "D-3"), ("c2", "character", "D-4")])
    die = die_for(layout, "red", primary, secondary)
    r = look(b, "B-3", "F-4", die)
    chosen = r.lines[r.adversary_choice]
    names = {"D-3": "c1", "D-4": "c2"}
    assert chosen.accuracy_rolls == (names[expect],)
    tied = [ln for ln in r.lines if len(ln.accuracy_rolls) == 1]
    key = {"N": lambda p: -p[1], "S": lambda p: p[1], "E": lambda p: p[0], "W": lambda p: -p[0]}

    def pos(ln):
        return (ln.from_vertex[0] + ln.to_vertex[0], ln.from_vertex[1] + ln.to_vertex[1])

    best = max(key[die.primary](pos(ln)) for ln in tied)
    assert key[die.primary](pos(chosen)) == best
    assert any("decision die" in x for x in r.reasons) and any("p.36" in x for x in r.reasons)
    # Without a die: the first in order, and the reasons say so.
    r = look(b, "B-3", "F-4")
    assert r.adversary_choice == r.lines.index(next(ln for ln in r.lines if len(ln.accuracy_rolls) == 1))
    assert any("no decision die was given" in x for x in r.reasons)


@four_layouts
def test_lines_through_the_same_figures_need_no_die(layout):
    # docs/rules.md, p.27 (4): the die is used only between lines through different objects or figures;
    # on an open field every line is the same for the attack and the first is drawn.
    b = make(layout, figures=[("archer", "adversary", "C-3"), ("vera", "character", "F-4")])
    r = look(b, "C-3", "F-4", die_for(layout, "red", "S", "W"))
    assert len(r.lines) == 30 and r.adversary_choice == 0
    assert any("decision die is not needed" in x for x in r.reasons)


@four_layouts
def test_an_adversary_orders_tied_accuracy_rolls_with_the_decision_die(layout):
    # p.19: along the adjoining side of two figures the attacker picks which to roll for first; an
    # adversary uses the decision die (color first, then directions by the centre of each space).
    figures = [("archer", "adversary", "C-3"), ("vera", "character", "F-4"),
               ("x", "character", "E-3", {"color": "dark-blue"}), ("y", "character", "D-4", {"color": "red"})]
    b = make(layout, figures=figures)
    for color, primary, first in (("red", "N", "y"), ("dark-blue", "S", "x"), ("yellow", "N", "x"),
                                  ("yellow", "S", "y")):
        r = look(b, "C-3", "F-4", die_for(layout, color, primary, "E"))
        ln = line(r, b, TOP, BOTTOM)
        assert ln.through == (("x", "y"),) and ln.accuracy_rolls[0] == first
    # Not an adversary: the tie stays in name order.
    figures[0] = ("archer", "character", "C-3")
    r = look(make(layout, figures=figures), "C-3", "F-4", die_for(layout, "red", "N", "E"))
    assert line(r, b, TOP, BOTTOM).accuracy_rolls == ("x", "y")


# -- output and API --------------------------------------------------------------------------------------

def test_sight_to_dict_is_the_companion_sight_format():
    # DESIGN.md, `companion sight`: from, to, range, line_of_sight, lines (vertices, through with ties as
    # nested lists, accuracy_rolls), adversary_choice.
    b = make(DEFAULT, objects={"E-4": "destructible"},
             figures=[("archer", "adversary", "C-3"), ("vera", "character", "F-4"),
                      ("x", "character", "E-3"), ("y", "character", "D-4")])
    r = look(b, "C-3", "F-4", DecisionDie("red", "S", "W"))
    d = sight_to_dict(r, b.map)
    assert list(d) == ["from", "to", "range", "line_of_sight", "lines", "adversary_choice"]
    assert d["from"] == "C-3" and d["to"] == "F-4" and d["range"] == 4 and d["line_of_sight"] is True
    assert isinstance(d["adversary_choice"], int)
    for ln in d["lines"]:
        assert list(ln) == ["from_vertex", "to_vertex", "through", "accuracy_rolls"]
        assert all(isinstance(v, int) for v in ln["from_vertex"] + ln["to_vertex"])
    # The top of C-3 (centre (4, 6)) to the bottom of F-4 (centre (11, 9)), along the side x and y share,
    # then through the object; the die (S) rolls for y (D-4, further south) first.
    assert {"from_vertex": [4, 4], "to_vertex": [11, 11], "through": [["x", "y"], "object:E-4"],
            "accuracy_rolls": ["y", "x", "object:E-4"]} in d["lines"]
    assert json.loads(json.dumps(d)) == d
    none = sight_to_dict(look(make(DEFAULT, walls=[("B-3", "C-3")]), "C-3", "C-3"), b.map)
    assert none["adversary_choice"] is None


def test_off_map_spaces_are_refused():
    b = make(DEFAULT)
    with pytest.raises(MapError, match="not a space"):
        sight(b, DEFAULT.parse("A-1"), DEFAULT.parse("Z-9"))
    assert not has_line_of_sight(b.map, DEFAULT.parse("A-1"), DEFAULT.parse("Z-9"))


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_symmetric_geometry_equals_the_direct_drawing(orientation):
    # The cached geometry of an offset is derived from one offset per orbit of the grid's symmetries;
    # it must equal what the integer drawing gives directly, for every offset up to 4 away.
    for dq in range(-4, 5):
        for dr in range(-4, 5):
            if 1 <= distance((0, 0), (dq, dr)) <= 4:
                assert geometry(orientation, dq, dr) == _finalize(orientation, dq, dr, _hexform(orientation, dq, dr))


# -- an independent reference: every segment checked against every wall and space ------------------------

def _touch(p1, p2, p3, p4) -> bool:
    d1, d2 = cross(p3, p4, p1), cross(p3, p4, p2)
    d3, d4 = cross(p1, p2, p3), cross(p1, p2, p4)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return ((d1 == 0 and _in_box(p1, p3, p4)) or (d2 == 0 and _in_box(p2, p3, p4))
            or (d3 == 0 and _in_box(p3, p1, p2)) or (d4 == 0 and _in_box(p4, p1, p2)))


def _in_box(p, a, b) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _inside(pt, poly) -> bool:
    """Is the point in the closed convex polygon (exact)?"""
    signs = {(cross(poly[k], poly[(k + 1) % 6], pt) > 0) - (cross(poly[k], poly[(k + 1) % 6], pt) < 0)
             for k in range(6)}
    return not (1 in signs and -1 in signs)


def _walk_blocked(m, a, b, p, q) -> bool:
    """INTERPRETATIONS.md's walls, as a walk along the segment p->q: cut it where it enters or leaves any
    space; each piece lies inside one space or along the side two share (along a wall: blocked); where two
    pieces meet (and at both ends, with the end's own space as the side beyond), the spaces meeting at that
    point must join the side before to the side after across sides that are no wall. Off-map spaces are
    joined to nothing."""
    d = distance(a, b) + 2
    near = [(a[0] + dq, a[1] + dr) for dq in range(-d, d + 1) for dr in range(-d, d + 1)
            if distance(a, (a[0] + dq, a[1] + dr)) <= d]
    box = (min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1]))
    polys = {}
    for h in near:  # only spaces whose drawn box meets the segment's
        poly = m.layout.corners(h)
        if (min(x for x, _ in poly) <= box[1] and max(x for x, _ in poly) >= box[0]
                and min(y for _, y in poly) <= box[3] and max(y for _, y in poly) >= box[2]):
            polys[h] = poly
    v = (q[0] - p[0], q[1] - p[1])
    cuts = {Fraction(0), Fraction(1)}
    for poly in polys.values():
        for k in range(6):
            s1, s2 = poly[k], poly[(k + 1) % 6]
            w, o = (s2[0] - s1[0], s2[1] - s1[1]), (s1[0] - p[0], s1[1] - p[1])
            den = cross((0, 0), v, w)
            if den:  # where the segment's line meets the side's line, if on both
                t, u = Fraction(cross((0, 0), o, w), den), Fraction(cross((0, 0), o, v), den)
                if 0 <= t <= 1 and 0 <= u <= 1:
                    cuts.add(t)
            elif cross(p, q, s1) == 0:  # a side on the segment's line: its ends
                t = Fraction(v[0] * o[0] + v[1] * o[1], v[0] * v[0] + v[1] * v[1])
                if 0 <= t <= 1:
                    cuts.add(t)
    cuts = sorted(cuts)

    def at(t):
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))

    def spaces_at(pt):
        return frozenset(h for h, poly in polys.items() if _inside(pt, poly))

    def open_side(h, n):
        return h in m.spaces and n in m.spaces and tuple(sorted((h, n))) not in m.blocked_edges

    sides = []
    for t0, t1 in zip(cuts, cuts[1:]):
        side = spaces_at(at((t0 + t1) / 2))
        if len(side) == 2 and not open_side(*side):
            return True  # along a wall
        sides.append(side)
    for n, t in enumerate(cuts):
        came = frozenset({a}) if n == 0 else sides[n - 1]
        goes = frozenset({b}) if n == len(cuts) - 1 else sides[n]
        here = spaces_at(at(t))
        joined, frontier = set(came), list(came)
        while frontier:
            h = frontier.pop()
            for other in here - joined:
                if open_side(h, other):
                    joined.add(other)
                    frontier.append(other)
        if not joined & goes:
            return True
    return False


def reference(board: Board, a, b):
    """{(from_corner, to_corner): through} by brute force."""
    m = board.map
    occupants = {}
    for h, state in m.objects:
        if m.is_blocking_object(h):
            occupants.setdefault(h, []).append(f"object:{m.label(h)}")
    for f in board.figures:
        if not f.invisible:
            occupants.setdefault(f.at, []).append(f.id)
    pa, pb = m.layout.corners(a), m.layout.corners(b)
    out = {}
    for i in range(6):
        for j in range(6):
            p, q = pa[i], pb[j]
            if i == j or p == q or _walk_blocked(m, a, b, p, q):
                continue
            met = []
            for h, names in occupants.items():
                if h in (a, b):
                    continue
                t = segment_entry(p, q, m.layout.corners(h))
                if t is not None:
                    met.extend((t, n) for n in names)
            met.sort()
            through = []
            for t in sorted({t for t, _ in met}):
                group = tuple(n for u, n in met if u == t)
                through.append(group[0] if len(group) == 1 else group)
            out[(i, j)] = tuple(through)
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards())
def test_sight_agrees_with_a_brute_force_reference(case):
    board, a, b = case
    m = board.map
    r = sight(board, a, b)
    assert r.range == m.range_between(a, b)
    target = board.figure_at.get(b)
    if a == b:
        assert r.lines == () and r.line_of_sight
        return
    if target is not None and target.invisible:
        assert r.lines == () and not r.line_of_sight
        return
    want = reference(board, a, b)
    got = {(ln.from_corner, ln.to_corner): ln.through for ln in r.lines}
    assert got == want
    assert has_line_of_sight(m, a, b) == bool(want) == r.line_of_sight == has_line_of_sight(m, b, a)
    for ln in r.lines:
        flat = [n for x in ln.through for n in (x if isinstance(x, tuple) else (x,))]
        adjacent = {n for n in flat if _space_of(board, n) in neighbours(a) and m.passable(a, _space_of(board, n))}
        assert list(ln.accuracy_rolls) == [n for n in flat if n not in adjacent]


def _space_of(board: Board, name: str):
    if name.startswith("object:"):
        return board.map.parse(name[len("object:"):])
    return board.figure(name).at


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.data())
def test_adding_a_wall_never_creates_line_of_sight(case, data):
    board, a, b = case
    m = board.map
    inner = sorted({tuple(sorted((h, n))) for h in m.spaces for n in neighbours(h) if n in m.spaces} - set(m.walls))
    if not inner:
        return
    extra = data.draw(st.sampled_from(inner))
    walled = HexMap.build(m.layout, m.spaces, walls=list(m.walls) + [extra], objects=dict(m.objects),
                          doors=dict(m.doors))
    before = {(ln.from_corner, ln.to_corner) for ln in sight(Board(m), a, b).lines}
    after = {(ln.from_corner, ln.to_corner) for ln in sight(Board(walled), a, b).lines}
    assert after <= before
    assert has_line_of_sight(walled, a, b) <= has_line_of_sight(m, a, b)


# -- the shipped geometry table (issue 25) -----------------------------------------------------------------

def test_the_shipped_geometry_table_is_what_the_drawing_gives():
    # data/phantom-epoch/sight-geometry.bin is written by scripts/sight_table.py; drawn afresh, every offset
    # within its range, both orientations, gives the same file byte for byte (no stale table ships).
    from companion.phantom.sight_geometry import TABLE, table_bytes

    assert TABLE.read_bytes() == table_bytes()


def test_geometry_read_from_the_table_equals_the_drawn_geometry_and_beyond_it_is_drawn():
    from companion.phantom.sight_geometry import TABLE_RANGE, _decode, _encode, _table_entry, drawn_geometry

    for orientation in ("pointy", "flat"):
        for dq, dr in ((1, 0), (0, -1), (3, -2), (-5, 7), (TABLE_RANGE, -TABLE_RANGE)):
            line = _table_entry(f"{orientation[0]} {dq} {dr}")
            assert line is not None
            assert _decode(orientation, dq, dr, line) == drawn_geometry(orientation, dq, dr)
        assert _table_entry(f"{orientation[0]} {TABLE_RANGE + 1} 0") is None
        far = drawn_geometry(orientation, TABLE_RANGE + 1, 0)
        assert geometry(orientation, TABLE_RANGE + 1, 0) == far
        assert _decode(orientation, TABLE_RANGE + 1, 0, _encode(far)) == far

"""Map layouts, labels, integer geometry, walls, doors and range (p.18, 32-35; DESIGN.md)."""
from __future__ import annotations

import pytest

from companion.phantom.decision import DecisionDie, DecisionDieError, break_tie
from companion.phantom.hexmap import (
    DIRECTIONS, HexMap, Layout, MapError, column_index, column_letters, distance, neighbours,
)

LAYOUTS = [Layout(o, s) for o in ("pointy", "flat") for s in ("even", "odd")]
IDS = [f"{l.orientation}-{l.shifted}" for l in LAYOUTS]


def field(layout, rect="A-1:H-6", **kw):
    return HexMap.build(layout, layout.parse_rect(rect), **kw)


@pytest.mark.parametrize("letters, index", [("A", 0), ("Z", 25), ("AA", 26), ("AZ", 51), ("BA", 52), ("ZZ", 701)])
def test_column_letters_run_like_the_mission_books(letters, index):
    # p.32: columns A, B, ... Z, AA, ...
    assert column_letters(index) == letters and column_index(letters) == index


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
@pytest.mark.parametrize("label", ["A-1", "B-2", "L-4", "AA-12", "C-7", "H-24", "AD-30"])
def test_labels_round_trip(layout, label):
    assert layout.label(layout.parse(label)) == label


@pytest.mark.parametrize("bad", ["", "4-L", "L4", "L-0", "l-", "L--4", "ÄA-1", None, 12])
def test_bad_labels_are_refused_quoting_them(bad):
    with pytest.raises(MapError, match="not a space label"):
        Layout().parse(bad)


def test_pointy_even_rows_are_shifted_east():
    # DESIGN.md: rows whose printed number is even are shifted half a hex east (the default layout).
    layout = Layout("pointy", "even")
    (x1, y1), (x2, y2) = layout.centre(layout.parse("A-1")), layout.centre(layout.parse("A-2"))
    assert (x2 - x1, y2 - y1) == (1, 3)
    odd = Layout("pointy", "odd")
    (x1, _), (x2, _) = odd.centre(odd.parse("A-1")), odd.centre(odd.parse("A-2"))
    assert x2 - x1 == -1  # odd rows (1, 3, ...) are the shifted ones


def test_flat_even_columns_are_shifted_south():
    layout = Layout("flat", "even")
    (x1, y1), (x2, y2) = layout.centre(layout.parse("A-1")), layout.centre(layout.parse("B-1"))
    assert (x2 - x1, y2 - y1) == (3, 1)


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_neighbours_share_exactly_one_side_of_two_integer_corners(layout):
    h = layout.parse("D-4")
    corners = layout.corners(h)
    assert len(set(corners)) == 6 and all(isinstance(v, int) for p in corners for v in p)
    for n in neighbours(h):
        a, b = layout.edge_corners(h, n)
        assert a in corners and b in corners
    with pytest.raises(MapError):
        layout.edge_corners(h, (h[0] + 2, h[1]))


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_offset_neighbours_match_the_drawing(layout):
    # Every space of a rectangle has its printed neighbours at hex distance 1.
    m = field(layout)
    for h in m.spaces:
        for n in neighbours(h):
            if n in m.spaces:
                assert distance(h, n) == 1
    assert len(m.spaces) == 48


def test_range_counts_through_figures_and_objects_not_walls():
    # p.18: "Range is not counted through walls. Range is counted through all spaces, including those
    # containing objects and figures." Figure 5: 4 spaces from the Slink to the Archer.
    layout = Layout()
    m = field(layout, objects={layout.parse("D-3"): "indestructible"})
    a, b = layout.parse("B-3"), layout.parse("F-3")
    assert m.range_between(a, b) == 4
    walled = field(layout, walls=[(layout.parse("C-3"), layout.parse("D-3"))])
    assert walled.range_between(a, b) == 5


def test_closed_doors_block_range_open_doors_do_not():
    layout = Layout()
    spaces = layout.parse_rect("A-1:E-1")
    door = layout.parse("C-1")
    closed = HexMap.build(layout, spaces, doors={door: "closed"})
    a, b = layout.parse("A-1"), layout.parse("E-1")
    assert closed.range_between(a, b) is None
    opened = closed.with_door(door, "open")
    assert opened.range_between(a, b) == 4
    assert closed.range_between(a, b) is None  # maps are immutable: the old one is unchanged


def test_the_play_area_border_is_a_wall():
    # INTERPRETATIONS.md: the edge of the play area is a wall; a concave (L-shaped) map goes around.
    layout = Layout()
    spaces = layout.parse_rect("A-1:E-1") + layout.parse_rect("A-2:A-5") + layout.parse_rect("A-5:E-5")
    m = HexMap.build(layout, spaces)
    assert m.range_between(layout.parse("E-1"), layout.parse("E-5")) > distance(layout.parse("E-1"), layout.parse("E-5"))
    corner = layout.parse("E-1")
    outside = [n for n in neighbours(corner) if n not in m.spaces]
    assert outside and all(tuple(sorted((corner, n))) in m.blocked_edges for n in outside)
    assert all(p in m.wall_points for p in layout.corners(corner) if p in
               {q for n in outside for q in layout.edge_corners(corner, n)})


def test_build_refuses_bad_elements_naming_the_space():
    layout = Layout()
    spaces = layout.parse_rect("A-1:C-3")
    with pytest.raises(MapError, match="not adjacent"):
        HexMap.build(layout, spaces, walls=[(layout.parse("A-1"), layout.parse("C-1"))])
    with pytest.raises(MapError, match="D-9"):
        HexMap.build(layout, spaces, hazards={layout.parse("D-9"): "fire"})
    with pytest.raises(MapError, match="'lava' is not one of fire, poison, trap"):
        HexMap.build(layout, spaces, hazards={layout.parse("B-2"): "lava"})
    with pytest.raises(MapError, match="at least one space"):
        HexMap.build(layout, [])
    with pytest.raises(MapError, match="orientation"):
        Layout("diagonal", "even")


def test_destroyed_objects_are_difficult_terrain_unless_a_hazard_covers_them():
    # p.33-34: destroyed objects are difficult terrain; a hazard token replaces difficult terrain.
    layout = Layout()
    rubble = layout.parse("B-2")
    m = field(layout, objects={rubble: "destroyed"})
    assert m.is_difficult(rubble) and not m.is_blocking_object(rubble)
    assert not m.with_hazard(rubble, "fire").is_difficult(rubble)


def test_directions_compare_drawn_centres():
    layout = Layout()
    m = field(layout)
    north, south = layout.parse("C-1"), layout.parse("C-6")
    assert m.direction_key(north, "N") > m.direction_key(south, "N")
    assert m.direction_key(layout.parse("H-3"), "E") > m.direction_key(layout.parse("A-3"), "E")
    assert len(DIRECTIONS) == 6


def test_decision_die_color_then_primary_then_secondary():
    # p.36: color first (only options that have one), then the primary direction, then the secondary.
    layout = Layout()
    options = [("vera", "red", "C-2"), ("bram", "yellow", "C-5"), ("mira", "red", "F-5")]
    pos = lambda o: layout.centre(layout.parse(o[2]))  # noqa: E731
    red = break_tie(options, DecisionDie("red", "S", "E"), position=pos, label=lambda o: o[0], color=lambda o: o[1])
    assert red.choice[0] == "mira"
    assert any("color (red) picks vera, mira" in r for r in red.reasons)
    assert any("primary direction, south, picks mira" in r for r in red.reasons)
    blue = break_tie(options, DecisionDie("dark-blue", "N", "W"), position=pos, label=lambda o: o[0],
                     color=lambda o: o[1])
    assert blue.choice[0] == "vera" and "matches none" in blue.reasons[0]


def test_decision_die_last_resort_is_label_order_and_says_so():
    spaces = ["B-3", "B-3"]
    result = break_tie(spaces, DecisionDie("red", "N", "E"), position=lambda s: (0, 0), label=str)
    assert result.choice == "B-3" and "the rules do not cover this" in result.reasons[-1]
    with pytest.raises(DecisionDieError, match="purple"):
        DecisionDie("purple", "N", "E")
    with pytest.raises(DecisionDieError, match="'X'"):
        DecisionDie("red", "X", "E")

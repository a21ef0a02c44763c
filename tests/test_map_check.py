"""A map checked as it is drawn and before a mission uses it (companion/phantom/mapcheck.py): walls that leak
diagonally, doors that close nothing, entry points no one can stand on, rooms no one reaches (issue 26)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.phantom.hexmap import HexMap, Layout, Placement
from companion.phantom.mapcheck import check_map, refuse_problems
from companion.schemas.files.scenario import load_scenario

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "phantom-epoch" / "maps"
ODD = Layout("pointy", "odd")  # the layout of the sample "Doors and hazards"
ROWS, COLUMNS = 10, 14


def build(walls=(), doors=None, terrain=None, objects=None, entry=("A-9", "A-10"), placements=None, voids=(),
          layout=ODD, columns=COLUMNS, rows=ROWS) -> HexMap:
    p = layout.parse
    spaces = {layout.from_offset(c, r) for r in range(rows) for c in range(columns)} - {p(v) for v in voids}
    return HexMap.build(layout, spaces, [(p(a), p(b)) for a, b in walls],
                        doors={p(k): v for k, v in (doors or {}).items()},
                        terrain={p(k): v for k, v in (terrain or {}).items()},
                        objects={p(k): v for k, v in (objects or {}).items()},
                        entry_points=[p(e) for e in entry],
                        placements={p(k): v for k, v in (placements or {}).items()})


def kinds(m: HexMap) -> list[tuple[str, tuple[str, ...]]]:
    return [(p.kind, p.spaces) for p in check_map(m)]


# The G|H wall of the sample as it was stored: only between spaces of the same row.
ROW_WALLS = [(f"G-{r}", f"H-{r}") for r in range(1, 11) if r != 5]
DIAGONALS = [("G-1", "H-2"), ("G-3", "H-2"), ("G-3", "H-4"), ("G-7", "H-6"), ("G-7", "H-8"), ("G-9", "H-8"),
             ("G-9", "H-10")]


def test_a_wall_stored_row_by_row_leaks_diagonally_and_each_gap_is_named():
    # p.35: walls cannot be Moved through; G-1|H-1 and G-2|H-2 are walls but G-1|H-2 is not: a figure steps
    # from G-1 to H-2 through the "wall". Every such gap of the sample's old wall is named.
    m = build(ROW_WALLS, doors={"G-5": "closed"})
    gaps = {p.spaces for p in check_map(m) if p.kind == "gap"}
    assert gaps == set(DIAGONALS)
    gap = next(p for p in check_map(m) if p.spaces == ("G-1", "H-2"))
    assert "diagonally" in gap.reason and gap.page == "p.35"
    assert m.range_between(m.parse("A-1"), m.parse("N-1")) is not None  # the closed door closes nothing


def test_the_wall_sealed_with_its_diagonals_has_no_gap_and_its_closed_door_closes_it():
    m = build(ROW_WALLS + DIAGONALS, doors={"G-5": "closed"})
    assert kinds(m) == []
    a, b = m.parse("A-1"), m.parse("N-1")
    assert m.range_between(a, b) is None  # p.34: until opened, a door is treated as a wall
    assert m.with_door(m.parse("G-5"), "open").range_between(a, b) is not None


def test_an_opening_cut_into_a_wall_is_a_doorway_not_a_gap():
    # Taking one edge out of a whole wall leaves walls on the same side of it at both corners (G-7|H-6 and
    # G-7|H-8 round G-7|H-7): a way through the table draws on purpose, not a diagonal slip.
    whole = ROW_WALLS + DIAGONALS + [("G-5", "H-5"), ("G-5", "H-4"), ("G-5", "H-6")]
    assert build(whole).range_between(ODD.parse("A-1"), ODD.parse("N-1")) is None
    m = build([w for w in whole if w != ("G-7", "H-7")])
    assert kinds(m) == [] and m.range_between(m.parse("A-1"), m.parse("N-1")) is not None


@pytest.mark.parametrize("where, extra", [
    ("E-4", {}),  # open floor
    ("A-1", {}),  # the map's corner: the border on two sides, one group of spaces
    ("D-5", {"voids": ("E-5", "E-4", "E-6")}),  # beside a void: every space it touches is on one side
])
def test_a_door_that_is_not_between_two_spaces_is_a_problem(where, extra):
    m = build(doors={where: "closed"}, **extra)
    problems = [p for p in check_map(m) if p.kind == "door"]
    assert [p.spaces for p in problems] == [(where,)]
    assert "not between two spaces" in problems[0].reason and problems[0].page == "p.34"


def test_a_door_in_a_corner_of_a_room_is_a_problem():
    # A room's corner: walls on three sides of the door's space, every space it opens to inside the room.
    m0 = build()
    door = m0.parse("E-4")
    walls = [("E-4", m0.label(n)) for n in m0.open_neighbours[door][:3]]
    assert ("door", ("E-4",)) in kinds(build(walls, doors={"E-4": "closed"}))


def test_a_door_in_a_walls_opening_is_fine():
    m = build(ROW_WALLS + DIAGONALS, doors={"G-5": "open"})
    assert kinds(m) == []


@pytest.mark.parametrize("entry, what", [
    ({"doors": {"A-9": "closed"}}, "a door"),
    ({"terrain": {"A-9": "gap"}}, "a gap"),
    ({"objects": {"A-9": "indestructible"}}, "an object (indestructible)"),
])
def test_an_entry_point_on_a_door_gap_or_object_is_a_problem(entry, what):
    # p.11 step 12: each character is placed on an entry point; p.34: a space with a door or object is not
    # empty; p.35: a gap can't be entered.
    problems = [p for p in check_map(build(**entry)) if p.kind == "entry"]
    assert [p.spaces for p in problems] == [("A-9",)] and what in problems[0].reason


def test_a_room_no_entry_point_reaches_is_a_problem_naming_what_is_inside():
    # A ring of six walls round K-5 with an Archer placed inside: no entry point reaches it (p.35 Walls).
    m0 = build()
    k5 = m0.parse("K-5")
    ring = [(m0.label(k5), m0.label(n)) for n in m0.open_neighbours[k5]]
    m = build(ring, placements={"K-5": Placement("Grallok Archer", 2, 4)})
    problems = [p for p in check_map(m) if p.kind == "unreached"]
    assert [p.spaces for p in problems] == [("K-5",)]
    assert "Grallok Archer placement" in problems[0].reason and "no entry point reaches K-5" in problems[0].reason


def test_a_mission_refuses_a_map_with_problems_naming_them():
    m = build(ROW_WALLS, doors={"G-5": "closed"})
    with pytest.raises(RuleError) as refused:
        refuse_problems(m)
    assert refused.value.field == "map" and "G-1 and H-2" in refused.value.message
    refuse_problems(build(ROW_WALLS + DIAGONALS, doors={"G-5": "closed"}))  # a clean map: no refusal


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.json")))
def test_every_sample_map_passes_the_check(sample):
    m = load_scenario(json.loads((SAMPLES / sample).read_text(encoding="utf-8"))).board.map
    assert [p.text for p in check_map(m)] == []


def test_the_sample_doors_and_hazards_wall_holds_and_its_door_closes_it():
    m = load_scenario(json.loads((SAMPLES / "doors-and-hazards.json").read_text(encoding="utf-8"))).board.map
    for a, b in DIAGONALS:
        assert not m.passable(m.parse(a), m.parse(b)), f"{a}|{b}"
    west, east = m.parse("A-1"), m.parse("N-10")
    assert m.range_between(west, east) is None  # p.34: the closed door G-5 is a wall
    assert m.with_door(m.parse("G-5"), "open").range_between(west, east) is not None

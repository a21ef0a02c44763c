"""The map editor's operations and the map drawing's view model (pure: no app, no database)."""
from __future__ import annotations

import re

import pytest

from companion.phantom.board import Board, Figure
from companion.phantom.hexmap import HexMap, Layout, Placement
from companion.phantom.mapedit import EditError, Draft, new_draft, paint, resize, set_walls
from companion.phantom.mapview import disc_labels, grid_view, map_view
from companion.phantom.scenario import Scenario
from companion.schemas.files.scenario import ScenarioFileError, dump_scenario, load_scenario

POINTY = Layout()


def draft(columns=12, rows=8, layout=POINTY):
    return new_draft(layout, columns, rows)


def test_a_new_map_is_all_spaces_labelled_like_the_books():
    d = draft()
    assert len(d.map.spaces) == 96
    labels = {d.map.label(h) for h in d.map.spaces}
    assert {"A-1", "L-1", "A-8", "L-8"} <= labels and "M-1" not in labels


def test_painting_a_feature_replaces_the_other_feature_of_that_space():
    d = paint(draft(), "fire", ["C-3", "D-3"]).draft
    assert {d.map.label(h): k for h, k in d.map.hazards} == {"C-3": "fire", "D-3": "fire"}
    d = paint(d, "indestructible", ["C-3"]).draft
    assert {d.map.label(h) for h, _ in d.map.hazards} == {"D-3"}
    assert {d.map.label(h): s for h, s in d.map.objects} == {"C-3": "indestructible"}


def test_markers_entry_points_orbs_and_placements():
    d = paint(draft(), "entry", ["A-1", "B-1"]).draft
    d = paint(d, "orb", ["F-4"], number=12).draft
    edit = paint(d, "placement", ["K-2"], placement=Placement("grallok-sentry", 3, 4))
    assert "grallok-sentry, 3-4 characters" in edit.description
    d = paint(edit.draft, "treasure", ["A-1"]).draft  # a marker replaces the entry point there
    m = d.map
    assert {m.label(h) for h in m.entry_points} == {"B-1"}
    assert dict((m.label(h), n) for h, n in m.orbs) == {"F-4": 12}
    assert dict((m.label(h), n) for h, n in m.treasures) == {"A-1": None}
    assert dict(m.placements)[m.parse("K-2")] == Placement("grallok-sentry", 3, 4)


def test_clear_takes_every_token_off_a_space():
    d = paint(paint(draft(), "door-closed", ["E-5"]).draft, "entry", ["E-5"]).draft
    d = paint(d, "clear", ["E-5"]).draft
    assert not d.map.doors and not d.map.entry_points


def test_void_removes_the_space_and_what_was_on_it():
    d = paint(draft(), "gap", ["B-2"]).draft
    d = set_walls(d, [("B-2", "C-2")]).draft
    d = paint(d, "void", ["B-2"]).draft
    assert d.map.layout.parse("B-2") not in d.map.spaces
    assert not d.map.terrain and not d.map.walls


def test_a_token_on_a_void_is_refused_naming_the_space():
    d = paint(draft(), "void", ["B-2"]).draft
    with pytest.raises(EditError) as exc:
        paint(d, "fire", ["B-2"])
    assert exc.value.field == "spaces" and "B-2" in exc.value.message


def test_a_figure_cannot_be_left_on_a_void():
    d = draft()
    d = Draft(d.map, 12, 8, (Figure("vera", "character", d.map.parse("C-4")),))
    with pytest.raises(EditError, match="'vera' stands on C-4"):
        paint(d, "void", ["C-4", "C-5"])


def test_walls_lie_between_adjacent_spaces():
    d = set_walls(draft(), [("C-2", "C-3"), ("C-3", "D-3")]).draft
    assert len(d.map.walls) == 2
    with pytest.raises(EditError) as exc:
        set_walls(d, [("C-2", "E-5")])
    assert exc.value.field == "edges" and "'C-2' and 'E-5' are not adjacent" in exc.value.message
    d = set_walls(d, [("C-2", "C-3")], wall=False).draft
    assert len(d.map.walls) == 1


def test_unknown_tool_and_labels_outside_the_grid_are_refused():
    with pytest.raises(EditError, match="tool: 'lava'"):
        paint(draft(), "lava", ["A-1"])
    with pytest.raises(EditError, match="'M-1' lies outside this 12x8 map"):
        paint(draft(), "fire", ["M-1"])
    with pytest.raises(EditError, match="'L4' is not a space label"):
        paint(draft(), "fire", ["L4"])


def test_resize_grows_with_spaces_and_never_cuts_a_space_off():
    d = resize(draft(), 14, 9).draft
    assert len(d.map.spaces) == 14 * 9
    with pytest.raises(EditError, match="make them void first"):
        resize(d, 10, 9)
    d = paint(d, "void", [f"{c}-{r}" for c in "KLMN" for r in range(1, 10)]).draft
    assert resize(d, 10, 9).draft.columns == 10


@pytest.mark.parametrize("layout", [Layout("pointy", "even"), Layout("pointy", "odd"), Layout("flat", "even"),
                                    Layout("flat", "odd")])
def test_drawing_uses_whole_numbers_and_book_coordinates(layout):
    g = grid_view(layout, 12, 8)
    assert [c.label for c in g.cells[:3]] == ["A-1", "B-1", "C-1"] and g.cells[-1].label == "L-8"
    for c in g.cells:
        assert all(re.fullmatch(r"-?\d+,-?\d+", p) for p in c.points.split())
    # 12x8 grid: 3 * 12 * 8 - (edges on the border) interior edges, each one rhombus
    assert len(g.edges) == len({(e.a, e.b) for e in g.edges}) > 200
    x, y, w, h = map(int, g.view_box.split())
    assert all(x <= c.x <= x + w and y <= c.y <= y + h for c in g.cells)


def test_map_view_draws_border_and_interior_walls_and_tokens():
    d = set_walls(paint(draft(3, 2), "fire", ["B-1"]).draft, [("A-1", "B-1")]).draft
    v = map_view(d.map, 3, 2)
    # a 3x2 pointy map (row 2 shifted east): 6 spaces, 9 interior edges, 6 * 6 - 2 * 9 = 18 border edges
    assert len(v.spaces) == 6 and not v.voids
    assert len(v.walls) == 18 + 1  # and the one interior wall
    assert [(t.kind, t.title) for t in v.tokens] == [("fire", "B-1: fire hazard")]


def test_numbered_orbs_and_treasures_survive_export_and_import():
    d = paint(paint(draft(), "orb", ["F-4"], number=12).draft, "treasure", ["G-4"]).draft
    doc = dump_scenario(Scenario(Board(d.map)))
    assert doc["orbs"] == ["F-4"] and doc["orb_numbers"] == {"F-4": 12} and "treasure_numbers" not in doc
    again = load_scenario(doc).board.map
    assert again == d.map


def test_an_orb_number_needs_an_orb_there():
    doc = dump_scenario(Scenario(Board(draft().map)))
    with pytest.raises(ScenarioFileError, match=r"orb_numbers.F-4: no orb at 'F-4'"):
        load_scenario({**doc, "orb_numbers": {"F-4": 3}})


def test_hexmap_equality_after_round_trip_with_everything():
    d = draft()
    for tool, labels in (("door-closed", ["D-4"]), ("difficult", ["E-2"]), ("trap", ["D-5"]),
                         ("damaged", ["E-5"]), ("entry", ["A-8"])):
        d = paint(d, tool, labels).draft
    d = paint(d, "placement", ["K-2"], placement=Placement("slink-archer", 2, 4)).draft
    assert load_scenario(dump_scenario(Scenario(Board(d.map)))).board.map == d.map
    assert isinstance(d.map, HexMap)


def test_discs_that_would_read_the_same_take_a_longer_form():
    # Two Sentries of different species both start as S1, Vera and Vincent both as V: each pair takes its next
    # longer form, and nobody else's disc changes (docs/rules.md "Figures on the map").
    figures = [Figure("Grallok Sentry-1", "adversary", (0, 0), type="Grallok Sentry"),
               Figure("Grallok Sentry-2", "adversary", (1, 0), type="Grallok Sentry"),
               Figure("Mutant Sentry-1", "adversary", (2, 0), type="Mutant Sentry"),
               Figure("archer-1", "adversary", (3, 0), type="grallok-archer"),
               Figure("c1", "character", (4, 0)), Figure("c2", "character", (5, 0)), Figure("bram", "character", (6, 0))]
    assert disc_labels(figures, {"c1": "Vera", "c2": "Vincent"}) == {
        "Grallok Sentry-1": "GS1", "Mutant Sentry-1": "MS1", "Grallok Sentry-2": "S2", "archer-1": "A1",
        "c1": "Ve", "c2": "Vi", "bram": "B"}

"""The map editor and card editor through the app: pages, painting, undo, export/import, samples,
and every "Bad input" of issue 5 refused with HTTP 422 naming the field and the database unchanged."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from markupsafe import escape

from companion import db as dbmod
from helpers.history import seen

HTMX = {"HX-Request": "true"}
SAMPLES = Path(__file__).resolve().parent.parent / "data" / "phantom-epoch" / "maps"


def snapshot(app):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return [db.execute(f"SELECT * FROM {t} ORDER BY id").fetchall()
                for t in ("maps", "map_history", "card_libraries", "card_history")]
    finally:
        db.conn.close()


def refused(resp, label, *words):
    assert resp.status_code == 422, resp.get_data(as_text=True)[:1500]
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert label in errors, errors
    for w in words:
        assert str(escape(w)) in errors[label], errors[label]


@pytest.fixture
def map_url(table):
    resp = table.post("/maps", {"name": "Crash Site", "orientation": "pointy", "shifted": "even", "columns": 12,
                                "rows": 8}, htmx=False)
    assert resp.status_code == 303
    return resp.headers["Location"]


def test_the_editor_draws_every_space_with_its_book_coordinate(table, map_url):
    body = table.get(map_url).get_data(as_text=True)
    assert body.count('data-label="') == 96 and '>L-8</text>' in body and '>A-1</text>' in body
    assert 'id="map-paint"' in body and 'name="tool" value="wall"' in body


def test_paint_answers_the_new_map_and_undo_takes_it_back(table, map_url):
    resp = table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "fire", "spaces": ["C-3", "D-3"]}, headers=HTMX)
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and body.lstrip().startswith('<svg id="map-paint"')
    assert "C-3: fire hazard" in body and "Painted C-3, D-3: fire hazards" in body
    assert resp.headers["Vary"] == "HX-Request" or "HX-Request" in resp.headers["Vary"]
    resp = table.post(f"{map_url}/walls", {"version": seen(table, map_url), "wall": "wall", "edges": ["E-4|E-5", "E-4|F-4"]}, headers=HTMX)
    assert "Walled 2 edges" in resp.get_data(as_text=True)
    table.post(f"{map_url}/undo", {"version": seen(table, map_url)}, headers=HTMX)
    body = table.post(f"{map_url}/undo", {"version": seen(table, map_url)}, headers=HTMX).get_data(as_text=True)
    assert "fire hazard" not in body
    assert "fire hazard" in table.post(f"{map_url}/redo", {"version": seen(table, map_url)}, headers=HTMX).get_data(as_text=True)


def test_export_then_import_back_as_a_copy(table, map_url):
    table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "placement", "spaces": ["K-2"], "placement_type": "Grallok Sentry",
                                    "min_characters": 3, "max_characters": 4}, headers=HTMX)
    exported = table.get(f"{map_url}/export")
    assert 'filename="Crash-Site.json"' in exported.headers["Content-Disposition"]
    doc = json.loads(exported.data)
    assert doc["format"] == "phantom-epoch-scenario/1"
    assert doc["placements"] == {"K-2": {"type": "Grallok Sentry", "min_characters": 3, "max_characters": 4}}
    resp = table.post("/maps/import", {"file": (io.BytesIO(exported.data), "Crash Site.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code == 303
    copy = table.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Crash Site (copy)" in copy and "Grallok Sentry with 3-4 characters" in copy


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.json")))
def test_every_sample_map_opens(table, sample):
    resp = table.post("/maps/samples", {"sample": sample}, htmx=False)
    assert resp.status_code == 303
    body = table.get(resp.headers["Location"]).get_data(as_text=True)
    assert "· sample" in body and 'id="map-paint"' in body


def test_sample_maps_small_doors_and_hazards_30x24_crossfire_and_a_boss():
    from companion.schemas.files.scenario import load_scenario
    maps = {p.stem: load_scenario(p.read_text()).board.map for p in SAMPLES.glob("*.json")}
    assert len(maps) >= 5
    assert any(p.type == "Mutant Grallok" for m in maps.values() for _, p in m.placements)  # issue 6: a boss
    assert any(m.doors and {k for _, k in m.hazards} == {"fire", "poison", "trap"} for m in maps.values())
    big = maps["great-hall-30x24"]
    cols = {big.layout.to_offset(h)[0] for h in big.spaces}
    rows = {big.layout.to_offset(h)[1] for h in big.spaces}
    assert (len(cols), len(rows)) == (30, 24)
    assert all(m.entry_points and m.placements for m in maps.values())
    # Crossfire: three adversaries for two characters, across a wall with one opening (the three-round story).
    cross = maps["crossfire"]
    assert sum(p.min_characters <= 2 <= p.max_characters for _, p in cross.placements) == 3
    west, east = cross.parse("E-4"), cross.parse("F-4")
    assert east in cross.neighbours_on_map(west)
    assert not any(cross.parse(f"F-{r}") in cross.neighbours_on_map(cross.parse(f"E-{r}")) for r in (1, 2, 3, 5, 6, 7))


def test_the_sample_cards_and_the_mutant_grallok(table):
    assert table.post("/cards/samples", {}, htmx=False).status_code == 303
    body = table.get("/cards").get_data(as_text=True)
    assert "Mutant Grallok" in body and "from the rulebook" in body
    assert body.count('<span class="sample">sample</span>') >= 5


# -- bad input (issue 5) -----------------------------------------------------------------------

def test_a_wall_between_spaces_that_are_not_adjacent(app, table, map_url):
    before = snapshot(app)
    resp = table.post(f"{map_url}/walls", {"version": seen(table, map_url), "wall": "wall", "edges": ["C-2|E-5"]}, headers=HTMX)
    refused(resp, "Walls", "'C-2' and 'E-5' are not adjacent")
    assert snapshot(app) == before


def test_a_figure_on_a_wall_less_void(app, table, map_url):
    doc = json.loads(table.get(f"{map_url}/export").data)
    doc["spaces"] = ["A-1:C-3"]
    doc["figures"] = [{"id": "vera", "side": "character", "at": "F-6"}]
    before = snapshot(app)
    resp = table.post("/maps/import", {"_form": "import", "file": (io.BytesIO(json.dumps(doc).encode()), "void.json")}, htmx=False,
                      content_type="multipart/form-data")
    refused(resp, "Map file", "figures[0].at", "'F-6' is not a space of this map", "Nothing was imported")
    assert snapshot(app) == before


def test_painting_a_void_under_a_figure(app, table):
    doc = {"format": "phantom-epoch-scenario/1", "spaces": ["A-1:D-4"],
           "figures": [{"id": "vera", "side": "character", "at": "B-2"}]}
    resp = table.post("/maps/import", {"file": (io.BytesIO(json.dumps(doc).encode()), "board.json")}, htmx=False,
                      content_type="multipart/form-data")
    url = resp.headers["Location"]
    before = snapshot(app)
    refused(table.post(f"{url}/paint", {"version": seen(table, url), "tool": "void", "spaces": ["B-2"]}, headers=HTMX), "Spaces",
            "'vera' stands on B-2", "a figure cannot stand on a void")
    assert snapshot(app) == before


def test_an_action_card_with_an_unknown_action_type(app, table):
    table.get("/cards")
    before = snapshot(app)
    resp = table.post("/cards/species-card", {"version": seen(table, "/cards"), "_form": "species-card", "deck": "Grallok", "name": "Fly Away", "ap": 3,
                                              "actions.0.type": "fly", "actions.0.value": 2})
    refused(resp, "Action 1: Type", "must be one of move, leap")
    assert snapshot(app) == before


def test_a_class_card_missing_a_color_row(app, table):
    table.get("/cards")
    before = snapshot(app)
    form = {"_form": "class-card", "deck": "Sentry", "name": "Guard Post"}
    for color in ("dark-blue", "light-blue", "red"):
        form[f"rows.{color}.ap"] = 3
        form[f"rows.{color}.actions.0.type"] = "move"
        form[f"rows.{color}.actions.0.value"] = 2
    refused(table.post("/cards/class-card", {**form, "version": seen(table, "/cards")}), "Rows", "one row per color", "yellow is missing")
    assert snapshot(app) == before


def test_a_boss_with_no_attributes_for_4_characters(app, table):
    table.get("/cards")
    before = snapshot(app)
    form = {"_form": "boss", "name": "Big One", "inherent.ap": 2, "actions.0.name": "Claw", "actions.0.ap": 3}
    for n in (2, 3):
        form.update({f"attributes.{n}.{s}": 2 for s in ("hp", "attack", "guard", "range")})
    refused(table.post("/cards/boss", {**form, "version": seen(table, "/cards")}), "Attributes per character count", "no attributes for 4 characters")
    assert snapshot(app) == before


@pytest.mark.parametrize("url, label", [("/maps/import", "Map file"), ("/cards/import", "Card file")])
def test_an_import_of_the_wrong_format(app, table, url, label):
    table.get("/cards")
    before = snapshot(app)
    bad = json.dumps({"format": "phantom-epoch-campaign/1", "name": "The Historians"}).encode()
    resp = table.post(url, {"_form": "import", "file": (io.BytesIO(bad), "historians.json")}, htmx=False,
                      content_type="multipart/form-data")
    refused(resp, label, "format: must be", "Nothing was imported")
    assert snapshot(app) == before


def test_a_paint_with_no_space_and_an_unknown_tool(app, table, map_url):
    before = snapshot(app)
    refused(table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "lava", "spaces": ["A-1"]}, headers=HTMX), "Tool")
    refused(table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "fire"}, headers=HTMX), "Spaces", "at least one space")
    refused(table.post("/maps", {"_form": "new-map", "name": "Huge", "orientation": "pointy", "shifted": "even", "columns": 99,
                                 "rows": 8}), "Columns", "1 to 40")
    assert snapshot(app) == before


def test_a_species_card_with_actions_is_kept_in_the_engine_form(table):
    table.get("/cards")
    resp = table.post("/cards/species-card", {"version": seen(table, "/cards"), "_form": "species-card", "deck": "Grallok", "name": "Stomp", "ap": 4,
                                              "actions.0.type": "move", "actions.0.value": 2,
                                              "actions.1.type": "attack", "actions.1.value": 1,
                                              "actions.1.range": "+1", "actions.1.conditions": "Bleeding"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:800]
    doc = json.loads(table.get("/cards/export").data)
    card = doc["species_decks"]["Grallok"]["cards"][0]
    assert card["actions"][0]["type"] == "move" and card["actions"][1]["range"] == "+1"
    assert card["actions"][1]["conditions"] == ["Bleeding"]


def test_the_editor_shows_the_maps_problems_as_it_is_drawn(table, map_url):
    # issue 26: a door in open floor, and an entry point on it, are shown as they are painted, with the page.
    body = table.get(map_url).get_data(as_text=True)
    assert 'id="map-problems"' in body and "No problems" in body
    resp = table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "door-closed", "spaces": ["E-4"]}, headers=HTMX)
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="map-problems"' in body and 'hx-swap-oob="true"' in body
    assert "door on E-4 is not between two spaces" in body and "(p.34)" in body
    assert 'data-problem="E-4"' in body  # outlined on the map
    body = table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "entry", "spaces": ["E-4"]}, headers=HTMX).get_data(as_text=True)
    assert "entry point on E-4 lies on a door" in body
    table.post(f"{map_url}/undo", {"version": seen(table, map_url)}, headers=HTMX)
    body = table.post(f"{map_url}/undo", {"version": seen(table, map_url)}, headers=HTMX).get_data(as_text=True)
    assert "No problems" in body


def test_a_mission_is_not_set_up_on_a_map_with_problems(table, app, map_url):
    # A closed door in open floor and four entry points: the set-up names the map's problem, nothing is made.
    table.post("/cards/samples", htmx=False)
    table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "entry", "spaces": ["A-1", "B-1", "C-1", "D-1"]}, headers=HTMX)
    table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "door-closed", "spaces": ["F-5"]}, headers=HTMX)
    map_id = map_url.rsplit("/", 1)[1]
    resp = table.post("/table", {"mission": "sample-1", "map": map_id, "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"})
    refused(resp, "Map", "door on F-5 is not between two spaces")
    db = dbmod.connect(app.config["DATABASE"])
    try:
        assert db.execute("SELECT count(*) FROM missions").fetchone()[0] == 0
    finally:
        db.conn.close()
    table.post(f"{map_url}/paint", {"version": seen(table, map_url), "tool": "clear", "spaces": ["F-5"]}, headers=HTMX)
    resp = table.post("/table", {"mission": "sample-1", "map": map_id, "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.status_code == 303

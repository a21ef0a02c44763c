"""Crafted input never gets a 500: clashing field names, integers beyond SQLite's range, oversized maps and
names in every import path. Each is refused with 422 (or 404 for a URL) naming the field, nothing changed."""
from __future__ import annotations

import io
import json
import sqlite3

import pytest

from companion import create_app
from companion.phantom.hexmap import column_letters
from helpers.history import seen


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def snapshot(app) -> dict:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: conn.execute(f'SELECT * FROM "{n}" ORDER BY rowid').fetchall() for n in names}
    finally:
        conn.close()


def text(resp):
    return resp.get_data(as_text=True)


def upload(table, url, name, data: bytes, form="import", field="file"):
    return table.post(url, {"_form": form, field: (io.BytesIO(data), name)}, htmx=False,
                      content_type="multipart/form-data")


@pytest.mark.parametrize("url, form, field", [
    ("/cards/boss-card", {"_form": "boss-card", "deck": "Mutant Grallok", "name": "Rampage", "actions": "1",
                          "actions.0.type": "move"}, "actions.0.type"),
    ("/cards/boss-card", {"_form": "boss-card", "deck": "Mutant Grallok", "name": "Rampage", "actions.0.type": "move",
                          "actions": "1"}, "actions"),
    ("/cards/adversary", {"_form": "adversary", "name": "Grallok Brute", "species": "Grallok",
                          "species.x": "y"}, "species.x"),
    ("/cards/adversary", {"_form": "adversary", "name": "Grallok Brute", "species..x": "y"}, "species..x"),
    ("/cards/adversary", {"_form": "adversary", "name": "Grallok Brute", "a.b.c.d.e.f.g.h": "y"}, "a.b.c.d.e.f.g.h"),
])
def test_a_card_form_with_clashing_or_nested_field_names_is_refused(app, table, url, form, field):
    table.get("/cards")
    before = snapshot(app)
    resp = table.post(url, {**form, "version": seen(table, "/cards")})
    assert resp.status_code == 422, text(resp)[:500]
    assert field in text(resp)
    assert snapshot(app) == before


@pytest.mark.parametrize("url", ["/table/new?campaign=99999999999999999999999", "/table/new?campaign=-99999999999999999999",
                                 "/table/1/poll?seen=99999999999999999999999",
                                 "/games/1/log?page=99999999999999999999999"])
def test_a_huge_integer_in_a_query_string_is_not_a_500(table, url):
    assert table.get(url).status_code < 500


@pytest.mark.parametrize("url", ["/maps/99999999999999999999999", "/games/99999999999999999999999",
                                 "/table/99999999999999999999999", "/campaigns/99999999999999999999999",
                                 "/campaigns/99999999999999999999999/history"])
def test_a_huge_id_in_a_url_is_404(table, url):
    assert table.get(url).status_code == 404


def test_a_huge_id_in_a_post_url_is_404(app, table):
    table.get("/")
    before = snapshot(app)
    assert table.post("/maps/99999999999999999999999/rename", {"name": "x"}).status_code == 404
    assert table.post("/campaigns/99999999999999999999999/delete-forever").status_code == 404
    assert snapshot(app) == before


def test_a_refused_mission_set_up_with_a_huge_campaign_is_a_422(app, table):
    table.get("/table/new")
    before = snapshot(app)
    resp = table.post("/table", {"campaign": "99999999999999999999999", "mission": "sample-1"}, htmx=False)
    assert resp.status_code == 422
    assert snapshot(app) == before


def exported_map(table) -> dict:
    table.post("/maps", {"name": "Crash Site", "orientation": "pointy", "shifted": "even", "columns": "4",
                        "rows": "3"}, htmx=False)
    return json.loads(table.get("/maps/1/export").data)


@pytest.mark.parametrize("columns, rows", [(41, 3), (3, 41), (60, 60)])
def test_a_map_larger_than_the_editor_is_refused(app, table, columns, rows):
    doc = exported_map(table)
    doc["spaces"] = [f"{column_letters(c)}-{r + 1}" for r in range(rows) for c in range(columns)]
    before = snapshot(app)
    resp = upload(table, "/maps/import", "big.json", json.dumps(doc).encode())
    assert resp.status_code == 422, text(resp)[:300]
    assert "at most 40" in text(resp) and "Map file" in text(resp)
    assert snapshot(app) == before


def test_a_map_imported_from_a_file_takes_its_name_within_the_forms_limit(app, table):
    doc = exported_map(table)
    resp = upload(table, "/maps/import", "x" * 5000 + ".json", json.dumps(doc).encode())
    assert resp.status_code == 303
    conn = sqlite3.connect(app.config["DATABASE"])
    names = [r[0] for r in conn.execute("SELECT name FROM maps ORDER BY id")]
    conn.close()
    assert names[-1] == "x" * 80  # the rename form's limit (NAME_MAX)


def test_every_import_path_refuses_a_name_longer_than_its_form_takes(app, table, campaign):
    long = "N" * 5000
    before = snapshot(app)
    camp = json.loads(table.get(f"{campaign}/export").data)
    camp["name"] = long
    assert upload(table, "/campaigns/import", "c.json", json.dumps(camp).encode(), form="import-campaign").status_code == 422
    assert table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"}).status_code == 204
    game = json.loads(table.get("/games/1/export").data)
    before = snapshot(app)
    for field, value in (("name", "G" * 81), ("player", "P" * 41)):  # the new-game form's limits: 80 and 40
        bad = json.loads(json.dumps(game))
        if field == "name":
            bad["name"] = value
        else:
            bad["state"]["players"][0]["name"] = value
        resp = upload(table, "/games/import", "g.json", json.dumps(bad).encode(), form="import-game",
                      field="game_file")
        assert resp.status_code == 422, field
    assert snapshot(app) == before
    table.post("/cards/samples", htmx=False)
    before = snapshot(app)
    cards = json.loads(table.get("/cards/export").data)
    part = next(k for k, v in cards.items() if isinstance(v, dict) and v)
    cards[part] = {long: next(iter(cards[part].values()))}
    assert upload(table, "/cards/import", "cards.json", json.dumps(cards).encode()).status_code == 422
    assert snapshot(app) == before


def test_renaming_a_map_that_is_not_there_is_404(app, table):
    """Found by the form fuzzer: the view looked the map up without catching NotFound (500)."""
    table.get("/maps")
    before = snapshot(app)
    assert table.post("/maps/999/rename", {"name": "Elsewhere"}).status_code == 404
    assert snapshot(app) == before


def test_a_version_beyond_sqlites_range_is_refused_as_a_damaged_form(app, table):
    assert table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"}).status_code == 204
    before = snapshot(app)
    resp = table.post("/games/1/next", {"_form": "step", "version": "99999999999999999999999"})
    assert resp.status_code == 422 and "The form is damaged" in text(resp)
    assert snapshot(app) == before

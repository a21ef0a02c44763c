"""The contract every registered game keeps, run over the registry (companion/kits): set-up from the home
page, the export/import round trip, undo and redo through the web, and bad input answered with 422.

A fifth game added to the registry runs these too; it only has to name one first move below."""
from __future__ import annotations

import html
import io
import json

import pytest
from marshmallow import ValidationError

from companion import db as dbmod
from companion.games.frame import COLORS
from companion.kits import KITS
from companion.store import games as store
from helpers.history import seen

# One change each game accepts on a fresh table: (action, form), "next" being the stepper.
FIRST_MOVES = {
    "lost-empires": ("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"}),
    "aldarra-reborn": ("next", {}),
    "suriya-162": ("roll", {"damage_1": "2", "damage_2": "1"}),
    "shattered-empires": ("base", {"player": "0", "base": "Imperial Command Hub"}),
}
NAMES = ("Ann", "Bob", "Cy", "Dee")


def row(app, game_id: int):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, game_id)
    finally:
        db.conn.close()


def new_game(table, key: str) -> int:
    seats = KITS[key].rules.PLAYERS_RANGE[0]
    form = {"game": key, "name": "Contract", **{f"name_{i + 1}": NAMES[i] for i in range(seats)},
            **{f"color_{i + 1}": COLORS[i] for i in range(seats)}}
    resp = table.post("/games/new", form)
    assert resp.status_code == 204, resp.get_data(as_text=True)[:2000]
    return int(resp.headers["HX-Redirect"].rsplit("/", 1)[1])


def first_move(app, table, key: str, game_id: int):
    action, data = FIRST_MOVES[key]
    path = f"/games/{game_id}/{action}" if action == "next" else f"/games/{game_id}/do/{action}"
    resp = table.post(path, {"_form": action, "version": str(row(app, game_id).version), **data})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]


@pytest.fixture(params=sorted(KITS))
def key(request):
    return request.param


def test_every_registered_game_names_a_first_move():
    assert sorted(FIRST_MOVES) == sorted(KITS)


def test_a_game_is_set_up_from_the_home_page(app, table, key):
    home = table.get("/").get_data(as_text=True)
    assert f'value="{key}"' in home and KITS[key].title in home
    game_id = new_game(table, key)
    r = row(app, game_id)
    seats = KITS[key].rules.PLAYERS_RANGE[0]
    assert r.kind == key and [p.name for p in KITS[key].rules.players(r.state)] == list(NAMES[:seats])
    page = table.get(f"/games/{game_id}")
    assert page.status_code == 200 and KITS[key].title in page.get_data(as_text=True)


def test_a_played_game_survives_export_and_import(app, table, key):
    game_id = new_game(table, key)
    first_move(app, table, key, game_id)
    played = row(app, game_id).state
    body = table.get(f"/games/{game_id}/export").get_data(as_text=True)
    doc = json.loads(body)
    assert doc["game"] == key and doc["state_format"] == KITS[key].rules.FORMAT
    resp = table.post("/games/import", {"_form": "import-game", "game_file": (io.BytesIO(body.encode()), "x.json")})
    assert resp.status_code in (204, 302), resp.get_data(as_text=True)[:2000]
    imported = game_id + 1
    assert row(app, imported).kind == key and row(app, imported).state == played
    again = json.loads(table.get(f"/games/{imported}/export").get_data(as_text=True))
    assert again["state"] == doc["state"]


def test_undo_and_redo_through_the_web(app, table, key):
    game_id = new_game(table, key)
    fresh = row(app, game_id).state
    first_move(app, table, key, game_id)
    played = row(app, game_id).state
    assert played != fresh
    undo = {"request_id": "c0ffee00c0ffee00c0ffee00c0ffee00", "version": seen(table, f"/games/{game_id}")}
    assert table.post(f"/games/{game_id}/undo", undo).status_code == 200
    assert row(app, game_id).state == fresh
    assert table.post(f"/games/{game_id}/undo", undo).status_code == 200  # a retry
    assert row(app, game_id).state == fresh
    assert table.post(f"/games/{game_id}/redo", {"request_id": "c0ffee00c0ffee00c0ffee00c0ffee01",
                                                 "version": seen(table, f"/games/{game_id}")}).status_code == 200
    assert row(app, game_id).state == played


def test_a_form_missing_its_fields_is_answered_422_naming_them_and_changes_nothing(app, table, key):
    game_id = new_game(table, key)
    before = row(app, game_id)
    action, (schema, _) = next((a, spec) for a, spec in KITS[key].page.ACTIONS.items()
                               if any(f.required for n, f in spec[0]().fields.items() if n != "version"))
    with pytest.raises(ValidationError) as expected:
        schema().load({"version": str(before.version)})
    resp = table.post(f"/games/{game_id}/do/{action}", {"_form": action, "version": str(before.version)})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    field, messages = next(iter(expected.value.messages.items()))
    assert html.escape(messages[0] if isinstance(messages, list) else str(messages), quote=False) in page
    after = row(app, game_id)
    assert (after.version, after.state) == (before.version, before.state)


def test_an_unknown_action_is_not_found(app, table, key):
    game_id = new_game(table, key)
    assert table.post(f"/games/{game_id}/do/no-such-action", {"version": "1"}).status_code == 404


def test_each_kit_folder_is_registered_once_and_holds_the_whole_edge_of_its_game():
    from pathlib import Path

    import companion.kits as kits

    folders = sorted(p.parent.name for p in Path(kits.__file__).parent.glob("*/__init__.py"))
    assert sorted(kit.folder.name for kit in KITS.values()) == folders
    for kit in KITS.values():
        assert kit.rules.__name__ == f"companion.games.{kit.folder.name}"  # the pure rules, beside the kit
        for part in ("forms.py", "page.py", "content.py", "state_file.py", "templates/page.html"):
            assert (kit.folder / part).is_file(), f"{kit.key}: no {part}"
        assert kit.page.TEMPLATE == f"games/{kit.folder.name}/page.html"
        assert set(kit.page.ACTIONS) and all(callable(command) for _, command in kit.page.ACTIONS.values())


def test_the_results_page_shows_the_games_own_score_panel(app, table, key):
    game_id = new_game(table, key)
    resp = table.get(f"/games/{game_id}/results")
    assert resp.status_code == 200 and 'id="score"' in resp.get_data(as_text=True)

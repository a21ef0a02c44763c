"""A retried request is applied once (issue 6, "Never lose the table's state"): a tablet on flaky Wi-Fi sends
the same form again when the answer to the first send was lost. Each form is drawn with its own request id
(migration 5 keeps it with the event it made); the same id again answers with the current state and changes
nothing, while a different request with a stale version is still told (409)."""
from __future__ import annotations

import re

import pytest

from companion import create_app
from companion import db as dbmod
from companion.phantom.play import move_figure, place_character
from companion.store import games as game_store
from companion.store import mission_table as store
from helpers.mission_table import first_steps, text, version

ID_A, ID_B = "a" * 32, "b" * 32


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def set_up(table, request_id=ID_A):
    return table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7",
                                 "request_id": request_id}, htmx=False)


@pytest.fixture
def mission(app, table):
    """First steps with Vera still to place: Bram is already on C-6 (a party of one is refused, p.8), so the
    mission's only step so far is its set-up, made with request id ID_A as the set-up form would."""
    from companion.web.database import get_db

    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    with app.test_request_context("/"):
        mission = place_character(first_steps(), "bram", "C-6").mission
        store.JOURNAL.create(get_db(), {"name": "sample-1 on First steps (sample)", "map_id": 1}, mission, "Set up",
                             request_id=ID_A)
    return "/table/1"


def events(app, mission_id=1):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return [r[0] for r in db.execute("SELECT description FROM mission_events WHERE mission_id = ? ORDER BY id",
                                         [mission_id])]
    finally:
        db.conn.close()


def test_each_form_is_drawn_with_its_own_request_id(table, mission):
    page = text(table.get(mission))
    ids = re.findall(r'name="request_id" value="([0-9a-f]{32})"', page)
    assert len(ids) >= 3 and len(set(ids)) == len(ids)  # the entry-point form, undo, redo...
    assert re.search(r'name="version" value="\d+"><input type="hidden" name="request_id"', page)


def test_a_repeated_post_changes_the_mission_once_and_answers_with_the_state(app, table, mission):
    seen = version(table)
    form = {"version": seen, "character": "vera", "space": "B-6", "request_id": ID_B}
    first = table.post(f"{mission}/do/place", form)
    assert first.status_code == 200 and version(table) == seen + 1
    again = table.post(f"{mission}/do/place", form)  # the answer to the first was lost: the tablet retries
    assert again.status_code == 200
    assert "already saved" in text(again) and 'data-state="saved"' in text(again)
    assert f'data-version="{seen + 1}"' in text(again) and "Round 1: the decision die" in text(again)
    assert version(table) == seen + 1 and len(events(app)) == 2
    # Another request carrying the same stale version is a different change: still refused (409).
    stale = table.post(f"{mission}/do/die", {"version": seen, "color": "red", "primary": "N", "secondary": "W",
                                             "request_id": "c" * 32})
    assert stale.status_code == 409 and "changed on another device" in text(stale)
    assert version(table) == seen + 1


def test_a_retried_undo_undoes_one_step(table, mission):
    table.post(f"{mission}/do/place", {"version": version(table), "character": "vera", "space": "B-6"})
    table.post(f"{mission}/do/die", {"version": version(table), "color": "red", "primary": "N", "secondary": "W"})
    assert "Round 1" in text(table.get(mission))
    undo = {"request_id": ID_B, "version": version(table)}
    first = table.post(f"{mission}/undo", undo)
    assert "Undid" in text(first) and "Round 1: the decision die" in text(first)
    again = table.post(f"{mission}/undo", undo)
    assert again.status_code == 200 and "already saved" in text(again)
    assert "Round 1: the decision die" in text(again)  # Vera is still placed: one step undone, not two
    assert "Choose a character, then tap an entry point" not in text(again)


def test_a_retried_set_up_makes_one_mission(table, mission):
    again = set_up(table)
    assert again.status_code == 303 and again.headers["Location"].endswith("/table/1")
    assert table.get("/table/2").status_code == 404


def test_a_damaged_request_id_is_refused_and_changes_nothing(table, mission):
    before = version(table)
    resp = table.post(f"{mission}/do/place", {"version": before, "character": "vera", "space": "B-6",
                                              "request_id": "not-an-id"})
    assert resp.status_code == 422 and "The form is damaged; reload the page." in text(resp)
    assert version(table) == before


def test_the_store_keeps_the_request_id_with_its_event(db):
    mission_id = store.JOURNAL.create(db, {"name": "First steps"}, first_steps(), "Set up the mission")
    store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "vera", "B-6"), seen_version=1, request_id=ID_A)
    with pytest.raises(store.AlreadyApplied):
        store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "vera", "B-6"), seen_version=1,
                             request_id=ID_A)
    with pytest.raises(store.StaleMission):
        store.JOURNAL.change(db, mission_id, lambda m: move_figure(m, "vera", "C-6"), seen_version=1, request_id=ID_B)
    assert store.JOURNAL.version(db, mission_id) == 2
    assert db.execute("SELECT request_id FROM mission_events WHERE mission_id = ? ORDER BY id",
                      [mission_id]).fetchall() == [(None,), (ID_A,)]


def test_a_game_step_sent_twice_is_applied_once(app, table):
    resp = table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"})
    url = resp.headers["HX-Redirect"]
    db = dbmod.connect(app.config["DATABASE"])
    try:
        seen = game_store.JOURNAL.version(db, 1)
        form = {"_form": "roll", "version": str(seen), "die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2",
                "request_id": ID_A}
        assert table.post(f"{url}/do/roll", form).status_code == 200
        again = table.post(f"{url}/do/roll", form)
        assert again.status_code == 200 and "already saved" in text(again)
        assert game_store.JOURNAL.version(db, 1) == seen + 1
        assert db.execute("SELECT COUNT(*) FROM game_events WHERE game_id = 1").fetchone()[0] == 2
        stale = table.post(f"{url}/do/roll", {**form, "request_id": ID_B})
        assert stale.status_code == 409
    finally:
        db.conn.close()

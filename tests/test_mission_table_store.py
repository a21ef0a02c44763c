"""Missions at the table in SQLite (migration 4): every step one event, undo/redo any number of steps,
a version for polling and stale forms, and the mission read back whole after a restart."""
from __future__ import annotations

import json

import pytest

from companion import db as dbmod
from companion.phantom.decision import DecisionDie
from companion.phantom.play import MissionError, begin_round, move_figure, place_character
from companion.store import mission_table as store
from helpers.mission_table import first_steps

@pytest.fixture
def mission_id(db):
    return store.create(db, "First steps", first_steps(), "Set up the mission")


def test_the_sample_library_and_map_set_up_a_two_character_mission():
    m = first_steps()
    assert [f.type for f in m.board.figures if f.side == "adversary"] == ["Grallok Sentry"]  # H-3 is for 2-4


def test_each_step_is_an_event_and_undo_redo_walk_any_number_of_steps(db, mission_id):
    store.change(db, mission_id, 1, lambda m: place_character(m, "vera", "B-6"))
    store.change(db, mission_id, 2, lambda m: place_character(m, "bram", "C-6"))
    store.change(db, mission_id, 3, lambda m: move_figure(m, "vera", "B-5"), "Vera moves to B-5")
    assert store.get(db, mission_id).mission.figure("vera").at == store.get(db, mission_id).mission.map.parse("B-5")
    assert store.undo(db, mission_id) == "Vera moves to B-5"
    assert store.undo(db, mission_id) == "Bram starts on entry point C-6 (p.11)"
    assert store.get(db, mission_id).mission.figure("bram") is None
    assert store.redo(db, mission_id).startswith("Bram starts")
    assert store.get(db, mission_id).mission.figure("bram") is not None
    assert store.get(db, mission_id).version == 7
    assert [e.description for e in store.events(db, mission_id)[0]][:2] == [
        "Vera moves to B-5", "Bram starts on entry point C-6 (p.11)"]


def test_a_stale_version_or_a_refused_step_changes_nothing(db, mission_id):
    with pytest.raises(store.StaleMission):
        store.change(db, mission_id, 99, lambda m: place_character(m, "vera", "B-6"))
    with pytest.raises(MissionError):
        store.change(db, mission_id, 1, lambda m: place_character(m, "vera", "A-2"))
    assert store.version(db, mission_id) == 1
    assert store.get(db, mission_id).mission.figure("vera") is None
    assert store.can_undo_redo(db, mission_id) == (False, False)


def test_the_mission_survives_a_restart_in_the_middle_of_a_round(tmp_path):
    path = tmp_path / "m.sqlite3"
    first = dbmod.connect(path)
    dbmod.migrate(first)
    mid = store.create(first, "First steps", first_steps(), "Set up")
    store.change(first, mid, None, lambda m: place_character(m, "vera", "B-6"))
    store.change(first, mid, None, lambda m: place_character(m, "bram", "C-6"))
    store.change(first, mid, None, lambda m: begin_round(m, DecisionDie("red", "N", "W")))
    first.conn.close()
    store.SNAPSHOTS = type(store.SNAPSHOTS)()  # a restart reads nothing kept in memory
    again = dbmod.connect(path)
    row = store.get(again, mid)
    assert row.mission.round.number == 1 and row.mission.round.phase == "select"
    assert store.undo(again, mid).startswith("Round 1")
    assert store.get(again, mid).mission.round is None


def test_a_map_read_back_again_is_reused_but_a_changed_map_is_read_anew():
    from companion.phantom.play import mission_from_dict, mission_to_dict

    d = mission_to_dict(first_steps())
    first = mission_from_dict(d)
    assert mission_from_dict(json.loads(json.dumps(d))).map is first.map  # an undo reloads; the map is kept
    d["map"]["entry_points"] = d["map"]["entry_points"][:1]
    assert len(mission_from_dict(d).map.entry_points) == 1

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
    return store.JOURNAL.create(db, {"name": "First steps"}, first_steps(), "Set up the mission")


def test_the_sample_library_and_map_set_up_a_two_character_mission():
    m = first_steps()
    assert [f.type for f in m.board.figures if f.side == "adversary"] == ["Grallok Sentry"]  # H-3 is for 2-4


def test_each_step_is_an_event_and_undo_redo_walk_any_number_of_steps(db, mission_id):
    store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "vera", "B-6"), seen_version=1)
    store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "bram", "C-6"), seen_version=2)
    store.JOURNAL.change(db, mission_id, lambda m: move_figure(m, "vera", "B-5"), seen_version=3,
                         description="Vera moves to B-5")
    mission = store.JOURNAL.get(db, mission_id).mission
    assert mission.figure("vera").at == mission.map.parse("B-5")
    assert store.JOURNAL.undo(db, mission_id) == "Vera moves to B-5"
    assert store.JOURNAL.undo(db, mission_id) == "Bram starts on entry point C-6 (p.11)"
    assert store.JOURNAL.get(db, mission_id).mission.figure("bram") is None
    assert store.JOURNAL.redo(db, mission_id).startswith("Bram starts")
    assert store.JOURNAL.get(db, mission_id).mission.figure("bram") is not None
    assert store.JOURNAL.get(db, mission_id).version == 7
    assert [e.description for e in store.JOURNAL.history(db, mission_id)[0]][:2] == [
        "Vera moves to B-5", "Bram starts on entry point C-6 (p.11)"]


def test_a_stale_version_or_a_refused_step_changes_nothing(db, mission_id):
    with pytest.raises(store.StaleMission):
        store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "vera", "B-6"), seen_version=99)
    with pytest.raises(MissionError):
        store.JOURNAL.change(db, mission_id, lambda m: place_character(m, "vera", "A-2"), seen_version=1)
    assert store.JOURNAL.version(db, mission_id) == 1
    assert store.JOURNAL.get(db, mission_id).mission.figure("vera") is None
    status = store.JOURNAL.status(db, mission_id)
    assert (status.can_undo, status.can_redo) == (False, False)


def test_the_mission_survives_a_restart_in_the_middle_of_a_round(tmp_path):
    path = tmp_path / "m.sqlite3"
    first = dbmod.connect(path)
    dbmod.migrate(first)
    mid = store.JOURNAL.create(first, {"name": "First steps"}, first_steps(), "Set up")
    store.JOURNAL.change(first, mid, lambda m: place_character(m, "vera", "B-6"))
    store.JOURNAL.change(first, mid, lambda m: place_character(m, "bram", "C-6"))
    store.JOURNAL.change(first, mid, lambda m: begin_round(m, DecisionDie("red", "N", "W")))
    first.conn.close()
    store.SNAPSHOTS = type(store.SNAPSHOTS)()  # a restart reads nothing kept in memory
    again = dbmod.connect(path)
    row = store.JOURNAL.get(again, mid)
    assert row.mission.round.number == 1 and row.mission.round.phase == "select"
    assert store.JOURNAL.undo(again, mid).startswith("Round 1")
    assert store.JOURNAL.get(again, mid).mission.round is None


def test_a_map_read_back_again_is_reused_but_a_changed_map_is_read_anew():
    from companion.phantom.play import mission_from_dict, mission_to_dict

    d = mission_to_dict(first_steps())
    first = mission_from_dict(d)
    assert mission_from_dict(json.loads(json.dumps(d))).map is first.map  # an undo reloads; the map is kept
    d["map"]["entry_points"] = d["map"]["entry_points"][:1]
    assert len(mission_from_dict(d).map.entry_points) == 1

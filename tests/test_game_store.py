"""Games in SQLite: the event log with undo/redo, the version check, restarts, export and import."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import ROOT
from companion import db as dbmod
from companion.games import lost_empires as le
from companion.games.frame import GameError, Player
from companion.kits.game_file import dump_game_file, load_game_file
from companion.kits.lost_empires.content import load_lost_empires_content
from companion.store import games as store

CONTENT = load_lost_empires_content(Path(ROOT) / "data" / "lost-empires")


def new(db) -> int:
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    return store.JOURNAL.create(db, {"kind": le.KEY, "name": "Friday"}, g, "Started Lost Empires")


def test_a_change_is_one_event_and_undo_redo_walk_the_log(db):
    gid = new(db)
    v = store.JOURNAL.version(db, gid)
    store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (8, 4)), seen_version=v)
    assert store.JOURNAL.get(db, gid).state.first == 0
    assert [e.description for e in store.JOURNAL.history(db, gid)[0]] == ["Ann is First Player (8 against 4)",
                                                                "Started Lost Empires"]
    assert store.JOURNAL.undo(db, gid) == "Ann is First Player (8 against 4)"
    assert store.JOURNAL.get(db, gid).state.first is None
    assert store.JOURNAL.redo(db, gid) == "Ann is First Player (8 against 4)"
    assert store.JOURNAL.get(db, gid).state.first == 0
    assert store.JOURNAL.version(db, gid) == v + 3  # the change, the undo and the redo


def test_a_new_change_after_undo_abandons_the_redo(db):
    gid = new(db)
    store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (8, 4)))
    store.JOURNAL.undo(db, gid)
    store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (2, 4)))
    status = store.JOURNAL.status(db, gid)
    assert (status.can_undo, status.can_redo) == (True, False)
    assert store.JOURNAL.get(db, gid).state.first == 1


def test_a_stale_version_is_refused_and_nothing_changes(db):
    gid = new(db)
    v = store.JOURNAL.version(db, gid)
    store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (7, 7)), seen_version=v)  # another device rolled a tie
    with pytest.raises(store.StaleGame):
        store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (8, 4)), seen_version=v)
    assert store.JOURNAL.get(db, gid).state.first is None


def test_a_refused_command_changes_nothing(db):
    gid = new(db)
    before = (store.JOURNAL.version(db, gid), store.JOURNAL.history(db, gid))
    with pytest.raises(GameError):
        store.JOURNAL.change(db, gid, lambda g: le.begin(g))
    assert (store.JOURNAL.version(db, gid), store.JOURNAL.history(db, gid)) == before


def test_the_game_survives_a_restart(tmp_path):
    path = tmp_path / "t.sqlite3"
    first = dbmod.connect(path)
    dbmod.migrate(first)
    gid = new(first)
    store.JOURNAL.change(first, gid, lambda g: le.roll_for_first(g, (8, 4)))
    first.conn.close()
    again = dbmod.connect(path)
    dbmod.migrate(again)
    status = store.JOURNAL.status(again, gid)
    assert store.JOURNAL.get(again, gid).state.first == 0 and (status.can_undo, status.can_redo) == (True, False)
    again.conn.close()


def test_finish_and_delete(db):
    gid = new(db)
    store.set_status(db, gid, finished=True)
    assert store.JOURNAL.get(db, gid).status == "finished"
    assert store.JOURNAL.delete(db, gid)["name"] == "Friday"
    with pytest.raises(store.NotFound):
        store.JOURNAL.get(db, gid)
    assert db.execute("SELECT COUNT(*) FROM game_events").fetchone()[0] == 0  # the log goes with it


def played() -> le.Game:
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    g = le.roll_for_first(g, (9, 2)).state
    g = le.choose_faction(g, CONTENT, 0, "Feng").state
    g = le.choose_faction(g, CONTENT, 1, "Terra Corps").state
    for i in range(2):
        g = le.set_deck(g, CONTENT, i, le.starter_deck(CONTENT.faction(g.players[i].faction))).state
    g = le.begin(g).state
    return le.play_unit(g, "Hound", le.UnitStats(1, 2, 2, 1, 0, ("ELITE",), "light")).state


def test_export_and_import_round_trip():
    g = played()
    kind, name, state = load_game_file(dump_game_file(le.KEY, "Friday", g, "2026-01-01T00:00:00+00:00"))
    assert (kind, name, state) == (le.KEY, "Friday", g)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="other/1"), "field format"),
    (lambda d: d.update(game="chess"), "field game"),
    (lambda d: d.update(state_format="lost-empires-game/9"), "field state_format"),
    (lambda d: d["state"]["sides"][0].update(artifacts=-1), "field state.sides.0.artifacts"),
    (lambda d: d["state"]["units"][0].update(at="moon"), "field state.units.0.at"),
    (lambda d: d["state"]["players"][1].update(color="pink"), "field state.players.1.color"),
    (lambda d: d["state"].update(surprise=1), "field state.surprise"),
])
def test_a_bad_game_file_names_the_field(change, words):
    doc = json.loads(dump_game_file(le.KEY, "Friday", played(), "now"))
    change(doc)
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        load_game_file(json.dumps(doc))


def test_not_json_is_refused():
    with pytest.raises(ValueError, match="not valid JSON"):
        load_game_file(b"{nope")


@pytest.mark.parametrize("change, words", [
    (lambda d: d["factions"][0]["starter"].__setitem__(0, "Nobody"), "field factions.0.starter"),
    (lambda d: d["factions"][1]["cards"][0].update(control=-1), "field factions.1.cards.0.control"),
    (lambda d: d["factions"][2].update(keyword="FLYING"), "field factions.2.keyword"),
])
def test_bad_lost_empires_content_stops_start_up_naming_the_file_and_field(tmp_path, change, words):
    import shutil

    from companion import create_app
    from companion.schemas.content.base import ContentError

    data = tmp_path / "data"
    shutil.copytree(Path(ROOT) / "data", data)
    doc = json.loads((data / "lost-empires" / "factions.json").read_text())
    change(doc)
    (data / "lost-empires" / "factions.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"factions\.json: " + words.replace(".", r"\.")):
        create_app({"INSTANCE_PATH": str(tmp_path / "i"), "DATA_DIR": str(data)})


def test_a_finished_game_refuses_changes_until_taken_up_again(db):
    gid = new(db)
    store.set_status(db, gid, finished=True)
    with pytest.raises(GameError, match="finished"):
        store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (8, 4)))
    store.set_status(db, gid, finished=False)
    store.JOURNAL.change(db, gid, lambda g: le.roll_for_first(g, (8, 4)))
    assert store.JOURNAL.get(db, gid).state.first == 0


# -- Aldarra Reborn on the same frame ----------------------------------------------------------------

def aldarra_game():
    from companion.games import aldarra as al
    import random
    g = al.new_game((Player("Ann", "blue"), Player("Bob", "red"), Player("Cy", "green")), random.Random(8))
    return al, al.next_step(g).state


def test_an_aldarra_game_undoes_redoes_and_round_trips_through_export(db):
    al, g = aldarra_game()
    gid = store.JOURNAL.create(db, {"kind": al.KEY, "name": "Saturday"}, g, "Started Aldarra Reborn")
    first = g.turn_order[0]
    at = next(t.id for t in g.tiles if t.kind != "Crystal Deposit")
    store.JOURNAL.change(db, gid, lambda s: al.place_stronghold(s, first, at),
                         seen_version=store.JOURNAL.version(db, gid))
    assert al.stronghold_of(store.JOURNAL.get(db, gid).state, first).id == at
    store.JOURNAL.undo(db, gid)
    assert al.stronghold_of(store.JOURNAL.get(db, gid).state, first) is None
    store.JOURNAL.redo(db, gid)
    state = store.JOURNAL.get(db, gid).state
    kind, name, back = load_game_file(dump_game_file(al.KEY, "Saturday", state, "2026-01-01T00:00:00"))
    assert (kind, name, back) == (al.KEY, "Saturday", state)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["players"].pop(), "state.players"),
    (lambda d: d["tiles"][0].update(kind="Lava"), "state.tiles.0.kind"),
    (lambda d: d["units"].append({"at": "Z9", "owner": 0, "kind": "Frigate", "count": 1}), "state.units"),
    (lambda d: d.update(turn_order=[0, 0, 1]), "state.turn_order"),
])
def test_a_bad_aldarra_game_file_names_the_field(change, words):
    al, g = aldarra_game()
    g = al.place_stronghold(g, g.turn_order[0], next(t.id for t in g.tiles if t.kind != "Crystal Deposit")).state
    doc = json.loads(dump_game_file(al.KEY, "Saturday", g, "2026-01-01T00:00:00"))
    change(doc["state"])
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        load_game_file(json.dumps(doc))


def test_bad_aldarra_content_stops_start_up_naming_the_file_and_field(tmp_path):
    import shutil
    from companion.kits.aldarra.content import load_aldarra_content
    from companion.schemas.content.base import ContentError
    folder = tmp_path / "aldarra-reborn"
    shutil.copytree(Path(ROOT) / "data" / "aldarra-reborn", folder)
    doc = json.loads((folder / "units.json").read_text())
    doc["units"][0]["classification"] = "building"
    (folder / "units.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"units\.json: field units\.0\.classification"):
        load_aldarra_content(folder)

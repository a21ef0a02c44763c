"""Suriya 162 games in SQLite on the shared frame: the event log with undo/redo, the export file with its
state schema, a refused command changing nothing, and data/suriya-162 checked at start-up."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import ROOT
from companion.games import suriya_162 as su
from companion.games.frame import GameError, Player
from companion.schemas.content.base import ContentError
from companion.kits.game_file import dump_game_file, load_game_file
from companion.kits.suriya_162.content import load_suriya_content
from companion.store import games as store

DATA = Path(ROOT) / "data" / "suriya-162"
CONTENT = load_suriya_content(DATA)


def new(db, n=2) -> int:
    g = su.new_game(tuple(Player(name, color) for name, color in
                          list(zip(("Tyra", "David", "Lucy", "Mo"), ("red", "blue", "green", "yellow")))[:n]))
    return store.JOURNAL.create(db, {"kind": su.KEY, "name": "Sunday"}, g, "Started Suriya 162")


def test_changes_are_logged_and_undo_redo_walk_them(db):
    gid = new(db, 3)
    store.JOURNAL.change(db, gid, lambda g: su.roll_for_first(g, {0: 1, 1: 2, 2: 0}))
    assert store.JOURNAL.get(db, gid).state.first == 1
    assert store.JOURNAL.undo(db, gid) == "David is the first player"
    assert store.JOURNAL.get(db, gid).state.first is None
    store.JOURNAL.redo(db, gid)
    assert store.JOURNAL.get(db, gid).state.first == 1


def test_a_refused_command_changes_nothing(db):
    gid = new(db)
    v = store.JOURNAL.version(db, gid)
    with pytest.raises(GameError):
        store.JOURNAL.change(db, gid, lambda g: su.choose_faction(g, CONTENT, 0, "Scarab"), seen_version=v)
    assert store.JOURNAL.version(db, gid) == v
    assert store.JOURNAL.history(db, gid)[0][0].description == "Started Suriya 162"


def test_a_game_in_play_survives_export_and_import(db):
    gid = new(db, 4)
    for cmd in (lambda g: su.choose_first(g, 2),
                *[lambda g, i=i: su.choose_faction(g, CONTENT, i, CONTENT.factions[i]) for i in (2, 3, 0, 1)],
                lambda g: su.draw_hands(g, CONTENT, None),
                *[lambda g: su.place_tile(g, CONTENT, g.draft.hands[su.placer(g)][0], True)] * 12,
                su.next_step):
        store.JOURNAL.change(db, gid, cmd)
    row = store.JOURNAL.get(db, gid)
    text = dump_game_file(su.KEY, row.name, row.state, "2025-01-01T00:00:00")
    kind, name, state = load_game_file(text)
    assert (kind, name, state) == (su.KEY, "Sunday", row.state)
    assert state.draft.done and not any(state.draft.hands)
    assert [s.hand for s in state.sides] == [5, 6, 3, 4]  # A9 by turn order from the 3rd seat


def test_an_import_with_a_broken_state_is_refused_naming_the_field(db):
    g = su.new_game((Player("Tyra", "red"), Player("David", "blue")))
    doc = json.loads(dump_game_file(su.KEY, "x", g, "now"))
    doc["state"]["spaces"][0]["units"] = [{"kind": "BU", "hp": 1, "name": "", "converted": False}] * 7
    with pytest.raises(ValueError, match="units"):
        load_game_file(json.dumps(doc))
    doc = json.loads(dump_game_file(su.KEY, "x", g, "now"))
    doc["state_format"] = "suriya-162-game/0"
    with pytest.raises(ValueError, match="state_format"):
        load_game_file(json.dumps(doc))


def test_the_content_files_load_and_mark_what_the_text_lacks():
    terrains = {t.name: t for t in CONTENT.terrains}
    for name in ("Headquarter", "Desert", "Forest", "Lagoon", "Plateau"):
        assert terrains[name].verified, name  # Locations gives these numbers
    assert (terrains["Plateau"].attack, terrains["Plateau"].defend) == (1, 2)
    assert all(not d.verified for d in CONTENT.dice)  # the faces are not in the text
    assert CONTENT.unit_hp("BU") == 1 and CONTENT.unit_hp("EU") == 2 and CONTENT.unit_hp("GU") is None


def test_a_bad_content_file_stops_start_up_naming_file_and_field(tmp_path):
    for f in DATA.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    doc = json.loads((tmp_path / "dice.json").read_text())
    doc["dice"][0]["faces"][0]["damage"] = -1
    (tmp_path / "dice.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="dice.json.*damage"):
        load_suriya_content(tmp_path)

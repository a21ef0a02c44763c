"""Shattered Empires games in SQLite: the shipped card list loads, a game walks the event log with undo/redo,
export and import round-trip, and a bad file or card list is refused naming the field."""
from __future__ import annotations

import json
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from companion import ROOT
from companion.games import shattered_empires as se
from companion.games.frame import GameError, Player
from companion.kits.game_file import dump_game_file, load_game_file
from companion.kits.shattered_empires.content import load_shattered_empires_content
from companion.store import games as store

CONTENT = load_shattered_empires_content(Path(ROOT) / "data" / "shattered-empires")


def test_the_shipped_card_list_is_unverified_and_gives_two_40_card_starter_decks():
    assert not any(c.verified for c in CONTENT.cards) and not any(b.verified for b in CONTENT.bases)
    for base in CONTENT.bases:
        deck, _ = se.check_deck(CONTENT, base.faction, CONTENT.starter(base.faction))
        assert sum(n for _, n in deck) == 40


def played(players=2) -> se.Game:
    """Set up with the shipped starter decks, then into Ann's combat with a Frigate against an Interceptor."""
    g = se.new_game(tuple(Player(n, c) for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))[:players]))
    for i in range(players):
        base = CONTENT.bases[i % 2]
        g = se.choose_base(g, CONTENT, i, base.name).state
        g = se.set_deck(g, CONTENT, i, CONTENT.starter(base.faction)).state
    g = se.begin(g).state
    g = se.play_construction(se.next_step(se.next_step(g).state).state, CONTENT, "Armor Plating").state
    units = (se._unit_of(CONTENT.card("Frigate"), "u90", 0), se._unit_of(CONTENT.card("Interceptor"), "u91", 1))
    g = se.next_step(se.next_step(g).state).state

    g = replace(g, units=tuple(replace(u, testing=False) for u in units), step="combat")
    return se.declare(g, "u90", ((0, "u91"),)).state


def test_export_and_import_round_trip():
    for g in (played(), played(3)):
        kind, name, state = load_game_file(dump_game_file(se.KEY, "Night", g, "2026-01-01T00:00:00+00:00"))
        assert (kind, name, state) == (se.KEY, "Night", g)


def test_a_game_walks_the_event_log_with_undo_and_redo(db):
    gid = store.JOURNAL.create(db, {"kind": se.KEY, "name": "Night"}, played(), "Started")
    store.JOURNAL.change(db, gid, lambda g: se.resolve(g, rolls={"u90:0": 6}, rng=random.Random(1)))
    assert store.JOURNAL.get(db, gid).state.attack is None
    assert store.JOURNAL.undo(db, gid).startswith("Frigate attacked: 1 of 1 weapon hit (Combat Phase): Frigate weapon 1 at ")
    assert store.JOURNAL.get(db, gid).state == played()
    with pytest.raises(GameError):
        store.JOURNAL.change(db, gid, lambda g: se.declare(g, "u90", ((0, "u91"),)))
    assert store.JOURNAL.get(db, gid).state == played()


@pytest.mark.parametrize("change, words", [
    (lambda d: d["state"]["units"][0].update(type="moon"), "field state.units.0.type"),
    (lambda d: d["state"]["sides"][0].update(cp=-1), "field state.sides.0.cp"),
    (lambda d: d["state"].update(step="lunch"), "field state.step"),
    (lambda d: d["state"]["projects"][0].update(mod=None), "field state.projects.0.unit"),
    (lambda d: d["state"]["attack"].update(attacker="u5"), "field state.attack"),
    (lambda d: d["state"].update(turn=3), "field state.turn"),
])
def test_a_bad_game_file_names_the_field(change, words):
    doc = json.loads(dump_game_file(se.KEY, "Night", played(), "now"))
    change(doc)
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        load_game_file(json.dumps(doc))


@pytest.mark.parametrize("change, words", [
    (lambda d: d["cards"][0].update(type="spell"), "field cards.0.type"),
    (lambda d: d["cards"][8].update(designation=None), "field cards.8.designation"),
    (lambda d: d["starters"][0]["deck"].update(Nobody=1), "field starters"),
    (lambda d: d["bases"][0].update(hp=0), "field bases.0.hp"),
])
def test_a_bad_card_list_stops_start_up_naming_the_file_and_field(tmp_path, change, words):
    from companion import create_app
    from companion.schemas.content.base import ContentError

    data = tmp_path / "data"
    shutil.copytree(Path(ROOT) / "data", data)
    path = data / "shattered-empires" / "cards.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"cards\.json: " + words.replace(".", r"\.")):
        create_app({"INSTANCE_PATH": str(tmp_path / "i"), "DATA_DIR": str(data)})

"""One journal for every undoable document (store/journal.py): the same version, request-id, undo and redo
behaviour for campaigns, games, missions, maps and the card library, asked of each through its JOURNAL."""
from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from companion import ROOT
from companion.games import lost_empires as le
from companion.games.frame import Player
from companion.phantom import campaign as rules
from companion.phantom.hexmap import Layout
from companion.phantom.mapedit import paint
from companion.phantom.play import Embarking, move_figure, place_character, set_up
from companion.schemas.content.campaign import load_campaign_content
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store import campaigns, cards, games, journal, maps, mission_table

DATA = Path(ROOT) / "data" / "phantom-epoch"
CONTENT, _ = load_campaign_content(DATA)
U, R, A, B, C = ("u" * 32, "r" * 32, "a" * 32, "b" * 32, "c" * 32)


@dataclass(frozen=True)
class Kind:
    """One area: how to make a document, two different changes, and what to look at to tell them apart."""
    name: str
    journal: journal.Journal
    create: Callable  # (db, request_id) -> id
    first: Callable  # a command for JOURNAL.change
    second: Callable
    seen: Callable  # (db, id) -> something the changes alter


def _campaign(db, request_id=None):
    return campaigns.JOURNAL.create(db, {}, rules.new_campaign("The Historians", CONTENT), "Created",
                                    request_id=request_id)


def _game(db, request_id=None):
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    return games.JOURNAL.create(db, {"kind": le.KEY, "name": "Friday"}, g, "Started Lost Empires",
                                request_id=request_id)


def _mission(db, request_id=None):
    hexmap = load_scenario(json.loads((DATA / "maps" / "first-steps.json").read_text())).board.map
    m = set_up("sample-1", hexmap, 2, [Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red")],
               rng=random.Random(3), **set_up_content(cards.samples(DATA), hexmap, 2)).mission
    return mission_table.JOURNAL.create(db, {"name": "First steps"}, m, "Set up the mission", request_id=request_id)


def _map(db, request_id=None):
    return maps.JOURNAL.create(db, {"name": "Crash site", "columns": 4, "rows": 4},
                               maps._doc(maps.new_draft(Layout(), 4, 4)), "Created the map", request_id=request_id)


def _paint(where):
    return lambda draft: paint(draft, "fire", [where])


def _cards(db, request_id=None):
    return cards.JOURNAL.create(db, {"name": "Card library"}, dict(cards.EMPTY), "Started", request_id=request_id)


def _card_note(n):
    return lambda doc: journal.Written({**doc, "bosses": {**doc["bosses"], f"Boss {n}": {"n": n}}}, f"Boss {n}")


KINDS = [
    Kind("campaign", campaigns.JOURNAL, _campaign, lambda c: rules.adjust_fame(c, "Berkav", 1),
         lambda c: rules.adjust_fame(c, "Berkav", 2),
         lambda db, i: campaigns.JOURNAL.get(db, i).campaign.fame["Berkav"]),
    Kind("game", games.JOURNAL, _game, lambda g: le.roll_for_first(g, (7, 7)), lambda g: le.roll_for_first(g, (8, 4)),
         lambda db, i: games.JOURNAL.row(db, i)["state"]),
    Kind("mission", mission_table.JOURNAL, _mission, lambda m: place_character(m, "vera", "B-6"),
         lambda m: move_figure(m, "vera", "C-6"), lambda db, i: mission_table.JOURNAL.row(db, i)["state"]),
    Kind("map", maps.JOURNAL, _map, _paint("A-1"), _paint("B-2"), lambda db, i: maps.JOURNAL.get(db, i)[1]),
    Kind("cards", cards.JOURNAL, _cards, _card_note(1), _card_note(2), lambda db, i: cards.JOURNAL.get(db, i)),
]


@pytest.fixture(params=KINDS, ids=[k.name for k in KINDS])
def kind(request):
    return request.param


def entries(db, kind: Kind, doc_id: int) -> list[tuple]:
    j = kind.journal
    return db.execute(f"SELECT description, status FROM [{j.entries}] WHERE [{j.owner}] = ? ORDER BY id",
                      [doc_id]).fetchall()


def test_every_area_exposes_its_journal():
    assert {k.journal.kind for k in KINDS} == {"campaign", "game", "mission", "map", "cards"}
    assert len({k.journal.table for k in KINDS}) == 5


def test_a_retried_change_is_applied_once(db, kind):
    doc_id = kind.create(db)
    v = kind.journal.version(db, doc_id)
    kind.journal.change(db, doc_id, kind.first, seen_version=v, request_id=A)
    after = (kind.seen(db, doc_id), entries(db, kind, doc_id), kind.journal.version(db, doc_id))
    with pytest.raises(journal.AlreadyApplied) as told:  # same id and the version it saw: applied already
        kind.journal.change(db, doc_id, kind.first, seen_version=v, request_id=A)
    assert told.value.action == "change" and told.value.owner_id == doc_id
    assert (kind.seen(db, doc_id), entries(db, kind, doc_id), kind.journal.version(db, doc_id)) == after
    assert after[2] == v + 1 and len(after[1]) == 2


def test_a_stale_version_is_refused_for_every_kind(db, kind):
    doc_id = kind.create(db)
    v = kind.journal.version(db, doc_id)
    kind.journal.change(db, doc_id, kind.first, seen_version=v, request_id=A)
    before = (kind.seen(db, doc_id), entries(db, kind, doc_id))
    with pytest.raises(journal.Stale) as told:
        kind.journal.change(db, doc_id, kind.second, seen_version=v, request_id=B)
    assert "changed on another device" in told.value.message
    assert (kind.seen(db, doc_id), entries(db, kind, doc_id)) == before


def test_a_retried_undo_is_applied_once_even_after_another_device_redid_it(db, kind):
    doc_id = kind.create(db)
    kind.journal.change(db, doc_id, kind.first)
    changed = kind.seen(db, doc_id)
    kind.journal.change(db, doc_id, kind.second)
    twice = kind.seen(db, doc_id)
    assert kind.journal.undo(db, doc_id, request_id=U)  # device A undoes the second change...
    assert kind.seen(db, doc_id) == changed
    assert kind.journal.redo(db, doc_id, request_id=R)  # ...device B redoes it...
    assert kind.seen(db, doc_id) == twice
    version = kind.journal.version(db, doc_id)
    with pytest.raises(journal.AlreadyApplied):  # ...and A's undo, whose answer was lost, arrives again
        kind.journal.undo(db, doc_id, request_id=U)
    with pytest.raises(journal.AlreadyApplied):
        kind.journal.redo(db, doc_id, request_id=R)
    assert kind.seen(db, doc_id) == twice and kind.journal.version(db, doc_id) == version
    assert kind.journal.status(db, doc_id) == journal.Status(True, False, kind.journal.history(db, doc_id)[0][0],
                                                             version)


def test_a_retried_create_gives_the_first_id(db, kind):
    first = kind.create(db, request_id=C)
    assert kind.create(db, request_id=C) == first
    assert db[kind.journal.table].count == 1


def test_every_change_undo_and_redo_raises_the_version(db, kind):
    doc_id = kind.create(db)
    assert kind.journal.version(db, doc_id) == 1
    kind.journal.change(db, doc_id, kind.first)
    kind.journal.undo(db, doc_id)
    kind.journal.redo(db, doc_id)
    assert kind.journal.version(db, doc_id) == 4
    with pytest.raises(journal.NotFound):
        kind.journal.undo(db, 999)
    with pytest.raises(LookupError):
        kind.journal.get(db, 999)


def test_the_mission_snapshot_cache_is_shared_safely_between_threads():
    text = json.dumps({"not": "read"})
    errors = []
    kept = mission_table.SNAPSHOTS

    def remember(n):
        try:
            for i in range(300):
                kept.put(f"{text}{n}-{i}", object())
                with kept._lock:
                    assert len(kept._kept) <= kept._keep
        except Exception as exc:  # pragma: no cover - what the test is looking for
            errors.append(exc)

    threads = [threading.Thread(target=remember, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_deleting_a_document_forgets_its_request_ids(db):
    game_id = _game(db, request_id=C)
    games.JOURNAL.change(db, game_id, KINDS[1].first, request_id=A)
    games.JOURNAL.delete(db, game_id)
    assert db["applied_requests"].count == 0 and db["game_events"].count == 0
    again = _game(db, request_id=C)  # a set-up sent again after the delete makes a new game, not a dead id
    assert db["games"].count == 1 and games.JOURNAL.get(db, again).name == "Friday"


def test_a_plus_one_fame_tapped_again_after_its_answer_was_lost_counts_once(db):
    campaign_id = _campaign(db)
    plus_one = lambda c: rules.adjust_fame(c, "Berkav", 1)  # noqa: E731
    campaigns.JOURNAL.change(db, campaign_id, plus_one, request_id=A)
    with pytest.raises(campaigns.AlreadyApplied):
        campaigns.JOURNAL.change(db, campaign_id, plus_one, request_id=A)
    assert campaigns.JOURNAL.get(db, campaign_id).campaign.fame["Berkav"] == 1
    assert [e.description for e in campaigns.JOURNAL.history(db, campaign_id)[0]] == ["Fame on Berkav +1 (now 1)",
                                                                                       "Created"]
    assert campaigns.JOURNAL.get(db, campaign_id).version == 2


def test_the_campaign_forms_own_version_still_guards_rename_and_notes(db):
    campaign_id = _campaign(db)
    campaigns.JOURNAL.change(db, campaign_id, lambda c: rules.rename(c, "The Archivists", 1))
    with pytest.raises(rules.StaleVersion):  # a second device's rename, drawn before the first
        campaigns.JOURNAL.change(db, campaign_id, lambda c: rules.rename(c, "The Scribes", 1))
    assert campaigns.JOURNAL.get(db, campaign_id).campaign.name == "The Archivists"
    assert db["campaigns"].get(campaign_id)["name"] == "The Archivists"  # the listed name follows the document
    campaigns.JOURNAL.undo(db, campaign_id)
    assert db["campaigns"].get(campaign_id)["name"] == "The Historians"


def test_a_history_played_in_memory_is_written_as_the_journal_records_it(db):
    """The bench fills its scratch database through `Played`: the same entries and document as the same steps
    taken one by one through the campaign's JOURNAL (a change after an undo abandons it)."""
    start = rules.new_campaign("The Historians", CONTENT)
    steps = [lambda c: rules.adjust_fame(c, "Berkav", 1), lambda c: rules.adjust_fame(c, "Orbos", 2), "undo",
             lambda c: rules.adjust_vanished_tech(c, 1), "undo", "redo", "undo", "undo", "redo",
             lambda c: rules.adjust_fame(c, "Berkav", -1)]
    stepped = _campaign(db)
    played, c = journal.Played(rules.campaign_to_dict(start)), start
    for step in steps:
        if step in ("undo", "redo"):
            getattr(campaigns.JOURNAL, step)(db, stepped)
            assert getattr(played, step)()
            c = rules.campaign_from_dict(played.doc)
        else:
            campaigns.JOURNAL.change(db, stepped, step)
            result = step(c)
            played.change(rules.campaign_to_dict(result.campaign), result.description, "2026-01-01T00:00:00")
            c = result.campaign
    written = campaigns.JOURNAL.create_played(db, {}, played, "Created", "2026-01-01T00:00:00")

    def recorded(doc_id):
        return (db.execute("SELECT state, name FROM campaigns WHERE id = ?", [doc_id]).fetchone(),
                db.execute("SELECT description, diff, status FROM history WHERE campaign_id = ? ORDER BY id",
                           [doc_id]).fetchall())
    assert recorded(written) == recorded(stepped)
    assert [s for _, _, s in recorded(written)[1]] == ["done", "done", "abandoned", "abandoned", "done"]

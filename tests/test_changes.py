"""A journal entry keeps what a change touched, compactly (issue 35, item 8): a list that grew or shrank as the
splice of what changed, a long entry compressed; undo and redo give back exactly the documents they did, and
entries an older version stored whole are rewritten by migration 10 without changing what they undo."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import ROOT
from companion import db as dbmod
from companion.phantom import campaign as rules
from companion.phantom import characters
from companion.schemas.content.campaign import load_campaign_content
from companion.store import campaigns as store
from companion import changes

CONTENT, _ = load_campaign_content(Path(ROOT) / "data" / "phantom-epoch")
DECK = [{"name": f"Card {n}", "rows": [{"color": "red", "ap": 2, "actions": [{"type": "move", "value": 2}]}]}
        for n in range(30)]

_json = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab", max_size=2),
                     lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text("xyz", max_size=1), inner,
                                                                                  max_size=4),
                     max_leaves=25)


def old_diff(before, after, path=()) -> list:
    """How entries were made before issue 35: a list that grew or shrank kept whole."""
    if before == after:
        return []
    if before == changes.ABSENT or after == changes.ABSENT:
        return [[list(path), before, after]]
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in list(before) + [k for k in after if k not in before]:
            out += old_diff(before.get(key, changes.ABSENT), after.get(key, changes.ABSENT), path + (key,))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [c for i, (b, a) in enumerate(zip(before, after)) for c in old_diff(b, a, path + (i,))]
    return [[list(path), before, after]]


@settings(max_examples=300, deadline=None)
@given(_json, _json)
def test_undo_and_redo_give_back_exactly_each_side(before, after):
    d = changes.loaded(changes.stored(changes.diff(before, after)))
    assert changes.apply(copy.deepcopy(before), d, 2) == after
    assert changes.apply(copy.deepcopy(after), d, 1) == before
    assert changes.well_formed(changes.stored(d))


@settings(max_examples=200, deadline=None)
@given(_json, _json)
def test_an_old_entry_compacted_undoes_and_redoes_as_before(before, after):
    old = changes.stored(old_diff(before, after))
    now = changes.compacted(old)
    d = changes.loaded(old if now is None else now)
    assert changes.apply(copy.deepcopy(before), d, 2) == after
    assert changes.apply(copy.deepcopy(after), d, 1) == before


def test_a_card_drawn_keeps_the_card_not_the_deck():
    before = {"draw": DECK, "discard": []}
    after = {"draw": DECK[1:], "discard": [DECK[0]]}
    d = changes.diff(before, after)
    assert d == [[["draw"], [DECK[0]], [], 0], [["discard"], [], [DECK[0]], 0]]
    assert len(changes.stored(d)) < len(json.dumps(DECK)) / 10


def test_a_long_entry_is_compressed_and_a_short_one_stays_readable_text():
    shuffled = {"draw": list(reversed(DECK))}
    big = changes.stored(changes.diff({"draw": DECK}, shuffled))
    assert isinstance(big, bytes) and len(big) < len(json.dumps(changes.diff({"draw": DECK}, shuffled))) / 3
    assert changes.stored([[["fame", "Berkav"], 0, 1]]) == '[[["fame","Berkav"],0,1]]'


def test_what_is_not_an_entry_is_refused_and_left_alone():
    for bad in ("history.diff #1 · ü", '{"a": 1}', b"\x78\x9c nonsense", '[[["a"], [1], [2], -1]]',
                '[[["a"], 1, 2, 0]]'):
        assert not changes.well_formed(bad)
        assert changes.compacted(bad) is None


def test_migration_10_rewrites_an_old_entry_and_undo_still_gives_the_party_back(tmp_path):
    db = dbmod.connect(tmp_path / "old.sqlite3")
    dbmod.migrate(db)
    c = rules.new_campaign("The Historians", CONTENT)
    for name, cls, species in (("Vincent", "Warrior", "Grallok"), ("Sylvestia", "Healer", "Slink"),
                               ("Augustus", "Ranger", "Human")):
        c = characters.add_character(c, CONTENT, name, cls, species).campaign
    cid = store.JOURNAL.create(db, {}, c, "Created")
    before = json.loads(db["campaigns"].get(cid)["state"])
    store.JOURNAL.change(db, cid, lambda c: characters.add_character(c, CONTENT, "Vessa", "Rogue", "Slink"))
    after = json.loads(db["campaigns"].get(cid)["state"])
    entry = db.execute("SELECT id FROM history ORDER BY id DESC LIMIT 1").fetchone()[0]
    db.execute("UPDATE history SET diff = ? WHERE id = ?", [json.dumps(old_diff(before, after)), entry])
    db.execute("DELETE FROM _sqlite_migrations WHERE name LIKE '010 %'")  # as a database made by version 9

    assert dbmod.migrate(db) == [10]
    stored = changes.loaded(db["history"].get(entry)["diff"])
    assert [c[0] for c in stored if len(c) == 4] == [["characters"]]  # the one character added, as a splice
    assert len(json.dumps(stored)) < len(json.dumps(old_diff(before, after))) / 2
    store.JOURNAL.undo(db, cid)
    assert json.loads(db["campaigns"].get(cid)["state"]) == before
    store.JOURNAL.redo(db, cid)
    assert json.loads(db["campaigns"].get(cid)["state"]) == after
    db.conn.close()

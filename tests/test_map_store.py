"""Maps and the card library in SQLite: every change one transaction, undoable, nothing saved half-way."""
from __future__ import annotations

import pytest

from companion import db as dbmod
from companion.phantom.hexmap import Layout
from companion.phantom.mapedit import EditError, paint, set_walls
from companion.schemas.files.card_library import CardFileError, FORMAT
from companion.schemas.files.scenario import ScenarioFileError
from companion.store import card_file, cards, maps




def test_migration_3_leaves_number_2_free(db):
    assert [r["version"] for r in db["schema_migrations"].rows] == [m[0] for m in dbmod.MIGRATIONS]
    assert 3 in [m[0] for m in dbmod.MIGRATIONS] and {"maps", "map_history", "card_libraries"} <= set(db.table_names())


def test_every_paint_is_undone_and_redone(db):
    map_id = maps.create(db, "Crash site", Layout(), 12, 8)
    maps.JOURNAL.change(db, map_id, lambda d: paint(d, "fire", ["C-3"]))
    maps.JOURNAL.change(db, map_id, lambda d: set_walls(d, [("D-4", "D-5")]))
    _, d = maps.JOURNAL.get(db, map_id)
    assert d.map.hazards and d.map.walls
    assert maps.JOURNAL.undo(db, map_id).startswith("Walled 1 edge")
    assert not maps.JOURNAL.get(db, map_id)[1].map.walls
    assert maps.JOURNAL.undo(db, map_id).startswith("Painted C-3")
    assert not maps.JOURNAL.get(db, map_id)[1].map.hazards
    assert maps.JOURNAL.undo(db, map_id) is None
    maps.JOURNAL.redo(db, map_id)
    assert maps.JOURNAL.get(db, map_id)[1].map.hazards
    status = maps.JOURNAL.status(db, map_id)  # the newest change in force, not the one just undone
    assert (status.can_undo, status.can_redo, status.last_change.description) == (True, True,
                                                                                  "Painted C-3: fire hazards")


def test_resize_is_undone_with_its_size(db):
    from companion.phantom.mapedit import resize
    map_id = maps.create(db, "Grow", Layout(), 4, 4)
    maps.JOURNAL.change(db, map_id, lambda d: resize(d, 6, 5))
    assert (maps.JOURNAL.get(db, map_id)[1].columns, maps.JOURNAL.get(db, map_id)[1].rows) == (6, 5)
    maps.JOURNAL.undo(db, map_id)
    row, d = maps.JOURNAL.get(db, map_id)
    assert (row["columns"], row["rows"], len(d.map.spaces)) == (4, 4, 16)


def test_a_refused_edit_changes_nothing(db):
    map_id = maps.create(db, "Refused", Layout(), 4, 4)
    before = db.execute("SELECT doc FROM maps").fetchone(), db.execute("SELECT count(*) FROM map_history").fetchone()
    with pytest.raises(EditError):
        maps.JOURNAL.change(db, map_id, lambda d: set_walls(d, [("A-1", "C-3")]))
    assert (db.execute("SELECT doc FROM maps").fetchone(), db.execute("SELECT count(*) FROM map_history").fetchone()) == before


def test_export_and_import_as_a_copy(db):
    map_id = maps.create(db, "Outpost", Layout("flat", "odd"), 5, 4)
    maps.JOURNAL.change(db, map_id, lambda d: paint(d, "orb", ["B-2"], number=7))
    name, doc = maps.export(db, map_id)
    copy = maps.import_doc(db, name, doc)
    row, d = maps.JOURNAL.get(db, copy)
    assert row["name"] == "Outpost (copy)" and d.map == maps.JOURNAL.get(db, map_id)[1].map
    with pytest.raises(ScenarioFileError, match="format"):
        maps.import_doc(db, "x", {"format": "something-else/1", "spaces": ["A-1"]})


def test_card_library_changes_are_undoable_and_checked(db):
    from companion.schemas.forms.cards import CardEntry
    entry = {"name": "Charge", "ap": 3, "round": False, "actions": [{"type": "move", "value": 3}]}
    cards.put(db, CardEntry("species-card", "species_decks", "Grallok", entry))
    assert cards.get(db)[1]["species_decks"]["Grallok"]["cards"][0]["name"] == "Charge"
    bad = {**entry, "actions": [{"type": "fly", "value": 3}]}
    with pytest.raises(CardFileError, match="type"):
        cards.put(db, CardEntry("species-card", "species_decks", "Grallok", bad))
    assert len(cards.get(db)[1]["species_decks"]["Grallok"]["cards"]) == 1
    cards.JOURNAL.undo(db, cards.library_id(db))
    assert cards.get(db)[1]["species_decks"] == {}
    with pytest.raises(CardFileError, match="format"):
        card_file.import_file(db, {"format": "phantom-epoch-scenario/1"}, "import")
    assert card_file.import_file(db, {"format": FORMAT}, "nothing.json").summary("nothing.json") == \
        "Imported nothing.json: the file holds no cards and no maps."

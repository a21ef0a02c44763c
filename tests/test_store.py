"""The SQLite file: pragmas, transactions, migrations, history with undo/redo, backups."""
from __future__ import annotations

import json
import shutil
import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from companion import ROOT, cli, create_app
from companion import db as dbmod
from companion.phantom import campaign as rules
from companion.phantom import characters
from companion.schemas.content.campaign import load_campaign_content
from companion import changes
from companion.store import backups, retention
from companion.store import campaigns as store
from companion.web.database import DatabaseDamaged

CONTENT, _ = load_campaign_content(Path(ROOT) / "data" / "phantom-epoch")


def new(db, name="The Historians"):
    c = rules.new_campaign(name, CONTENT)
    c = characters.add_character(c, CONTENT, "Vincent", "Warrior", "Grallok").campaign
    return store.JOURNAL.create(db, {}, c, "Created"), c.characters[0].id


def test_every_connection_has_the_safe_pragmas(app):
    database = dbmod.connect(app.config["DATABASE"])
    pragma = lambda name: database.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
    assert pragma("journal_mode") == "wal"
    assert pragma("synchronous") == 2  # FULL
    assert pragma("foreign_keys") == 1
    assert pragma("busy_timeout") >= 5000


def test_the_database_and_secret_key_live_in_instance(app):
    instance = Path(app.instance_path)
    assert Path(app.config["DATABASE"]).parent == instance
    key = instance / "secret_key"
    assert len(key.read_text().strip()) == 64 and app.secret_key == key.read_text().strip()
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    again = create_app({"INSTANCE_PATH": str(instance)})
    assert again.secret_key == app.secret_key  # generated once, then kept


def test_migrations_are_numbered_and_recorded(db):
    rows = list(db["schema_migrations"].rows)
    assert [r["version"] for r in rows] == [m[0] for m in dbmod.MIGRATIONS]
    assert dbmod.migrate(db) == []  # nothing left to run


def test_a_backup_is_taken_before_a_migration(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    database = dbmod.connect(path)
    dbmod.migrate(database)
    monkeypatch.setattr(dbmod, "MIGRATIONS", dbmod.MIGRATIONS + [(99, "test", lambda d: d.execute("CREATE TABLE t (x)"))])
    dbmod.migrate(database, before=lambda: backups.take(path, "before-migration"))
    assert [b["reason"] for b in backups.list_backups(backups.folder(path))] == ["before-migration"]
    database.conn.close()


def test_change_records_history_and_undo_redo_walk_it(db):
    cid, vin = new(db)
    store.JOURNAL.change(db, cid, lambda c: characters.adjust(c, vin, "nova_cells", 5))
    store.JOURNAL.change(db, cid, lambda c: rules.adjust_fame(c, "Berkav", 2))
    nova = lambda: store.JOURNAL.get(db, cid).campaign.characters[0].nova_cells  # noqa: E731
    fame = lambda: store.JOURNAL.get(db, cid).campaign.fame["Berkav"]  # noqa: E731
    assert (nova(), fame()) == (5, 2)
    assert store.JOURNAL.undo(db, cid) == "Fame on Berkav +2 (now 2)"
    assert store.JOURNAL.undo(db, cid) == "Vincent: Nova cells +5 (now 5)"
    assert (nova(), fame()) == (0, 0)
    assert store.JOURNAL.undo(db, cid) is None  # creating the campaign is not a change to undo
    assert store.JOURNAL.redo(db, cid) == "Vincent: Nova cells +5 (now 5)"
    store.JOURNAL.redo(db, cid)
    assert (nova(), fame()) == (5, 2)
    assert store.JOURNAL.redo(db, cid) is None


def test_a_new_change_after_undo_drops_the_redo_but_keeps_the_record(db):
    cid, vin = new(db)
    store.JOURNAL.change(db, cid, lambda c: rules.adjust_fame(c, "Orbos", 1))
    store.JOURNAL.undo(db, cid)
    store.JOURNAL.change(db, cid, lambda c: rules.adjust_fame(c, "Thespara", 1))
    assert store.JOURNAL.redo(db, cid) is None
    statuses = [r[0] for r in db.execute("SELECT status FROM history WHERE campaign_id = ? ORDER BY id", [cid])]
    assert statuses[-2:] == ["abandoned", "done"]


def test_a_refused_command_writes_nothing(db):
    cid, _ = new(db)
    before = db.execute("SELECT state, (SELECT count(*) FROM history) FROM campaigns WHERE id = ?", [cid]).fetchone()
    with pytest.raises(rules.CampaignError):
        store.JOURNAL.change(db, cid, lambda c: rules.adjust_fame(c, "Berkav", -1))
    after = db.execute("SELECT state, (SELECT count(*) FROM history) FROM campaigns WHERE id = ?", [cid]).fetchone()
    assert before == after


def test_concurrent_deltas_are_never_lost(tmp_path):
    """Two devices pressing + at once: BEGIN IMMEDIATE serialises the read-then-write."""
    path = tmp_path / "c.sqlite3"
    first = dbmod.connect(path)
    dbmod.migrate(first)
    cid, vin = new(first)
    errors = []

    def press(n):
        conn = dbmod.connect(path)
        try:
            for _ in range(n):
                store.JOURNAL.change(conn, cid, lambda c: characters.adjust(c, vin, "nova_cells", 1))
        except Exception as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)
        finally:
            conn.conn.close()

    threads = [threading.Thread(target=press, args=(25,)) for _ in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert errors == []
    assert store.JOURNAL.get(first, cid).campaign.characters[0].nova_cells == 100
    first.conn.close()


def test_the_diff_undoes_and_redoes_exactly():
    before = {"a": 1, "b": {"x": [1, 2], "y": "s"}, "l": [{"id": 1, "n": 0}, {"id": 2, "n": 0}], "gone": 3}
    after = {"a": 2, "b": {"x": [1, 2, 3], "y": "s"}, "l": [{"id": 1, "n": 0}, {"id": 2, "n": 5}], "new": None}
    d = changes.diff(before, after)
    assert changes.apply(json.loads(json.dumps(before)), d, 2) == after
    assert changes.apply(json.loads(json.dumps(after)), d, 1) == before
    assert [p for p, *_ in d if p[:1] == ["l"]] == [["l", 1, "n"]]  # one field, not the whole list


def test_deleting_goes_to_the_bin_first(db):
    cid, _ = new(db)
    store.set_flags(db, cid, deleted=True)
    with pytest.raises(store.NotFound):
        store.JOURNAL.get(db, cid)
    assert [r["id"] for r in store.listing(db, deleted=True)] == [cid]
    store.set_flags(db, cid, deleted=False)
    assert store.JOURNAL.get(db, cid).campaign.name == "The Historians"
    with pytest.raises(store.NotFound):
        store.delete_forever(db, cid)  # only from the bin
    store.set_flags(db, cid, deleted=True)
    store.delete_forever(db, cid)
    assert db.execute("SELECT count(*) FROM history WHERE campaign_id = ?", [cid]).fetchone()[0] == 0


def test_backups_are_taken_at_start_up_and_kept_in_generations(tmp_path):
    instance = tmp_path / "instance"
    create_app({"INSTANCE_PATH": str(instance)})
    folder = instance / "backups"
    assert backups.list_backups(folder) == []  # nothing to back up on the very first start
    keep = retention.LIMITS["start-up"]
    for n in range(keep + 3):
        database = dbmod.connect(instance / "companion.sqlite3")
        new(database, f"Campaign {n}")  # something changed: each start takes its copy
        database.conn.close()
        create_app({"INSTANCE_PATH": str(instance)})
    found = backups.list_backups(folder)
    assert len(found) == keep
    assert {b["reason"] for b in found} == {"start-up"}
    assert all(backups.check(b["path"]) == "ok" for b in found)
    create_app({"INSTANCE_PATH": str(instance)})  # nothing changed since the newest backup: no copy
    assert backups.list_backups(folder) == found


def test_restore_brings_back_a_backup_and_keeps_the_current_state(tmp_path):
    path = tmp_path / "live.sqlite3"
    database = dbmod.connect(path)
    dbmod.migrate(database)
    cid, _ = new(database, "Before")
    saved = backups.take(path, "by-hand")
    store.JOURNAL.change(database, cid, lambda c: rules.rename(c, "After", None))
    database.conn.close()
    safety = backups.restore(path, saved.name)
    database = dbmod.connect(path)
    assert store.JOURNAL.get(database, cid).campaign.name == "Before"
    assert safety is not None and safety.exists()
    database.conn.close()
    with pytest.raises(FileNotFoundError):
        backups.find(path, "../live.sqlite3")


def test_a_damaged_database_stops_start_up_with_the_way_out(tmp_path):
    instance = tmp_path / "instance"
    create_app({"INSTANCE_PATH": str(instance)})
    create_app({"INSTANCE_PATH": str(instance)})  # a second start takes a backup
    dbfile = instance / "companion.sqlite3"
    conn = sqlite3.connect(dbfile)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(dbfile.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size + 8: page_size * 2] = b"\xff" * (page_size - 8)  # scribble over page 2
    dbfile.write_bytes(bytes(data))
    with pytest.raises(DatabaseDamaged, match="companion restore"):
        create_app({"INSTANCE_PATH": str(instance)})
    # the way out: restore the backup taken at the second start-up, then start again
    name = backups.list_backups(instance / "backups")[0]["name"]
    assert cli.main(["--instance", str(instance), "restore", name]) == 0
    assert create_app({"INSTANCE_PATH": str(instance)}).config["DATABASE"]


def test_a_bad_content_file_stops_start_up_naming_file_and_field(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(Path(ROOT) / "data", data)
    planets = data / "phantom-epoch" / "planets.json"
    doc = json.loads(planets.read_text())
    doc["fame_tiers"][1]["min_fame"] = "five"
    planets.write_text(json.dumps(doc))
    with pytest.raises(Exception, match=r"planets\.json: field fame_tiers\.1\.min_fame"):
        create_app({"INSTANCE_PATH": str(tmp_path / "i"), "DATA_DIR": str(data)})


def test_a_change_stores_only_what_it_touched(db):
    """A fame +1 keeps a few bytes of history, not a copy of the party."""
    cid, _ = new(db)
    store.JOURNAL.change(db, cid, lambda c: rules.adjust_fame(c, "Berkav", 1))
    diff = json.loads(db.execute("SELECT diff FROM history WHERE campaign_id = ? ORDER BY id DESC LIMIT 1", [cid]).fetchone()[0])
    assert diff == [[["fame", "Berkav"], 0, 1]]

"""Restoring a backup: checked and migrated like start-up before the app serves it, atomically; a newer
schema refused; other devices see the restored state and their stale edits get 409, never 500."""
from __future__ import annotations

import sqlite3

from companion import cli
from companion import db as dbmod
from companion.store import backups
from conftest import Table
from helpers.backups import LEDGERS, old_backup
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, step, version


def start_mission(table):
    start_first_steps(table)


def from_the_future(path):
    """A ledger row for a migration this version does not know, in whichever ledger the file keeps."""
    conn = sqlite3.connect(path)
    kinds = dict(conn.execute("SELECT name, type FROM sqlite_master WHERE name IN (?, ?)", LEDGERS).fetchall())
    if kinds.get("schema_migrations") == "table":
        conn.execute("INSERT INTO schema_migrations VALUES (999, 'from the future', '2030-01-01')")
    else:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('companion', '999 from the future', '2030-01-01')")
    conn.commit()
    conn.close()


def every_page(table):
    return {url: table.get(url).status_code for url in ("/", "/maps", "/cards", "/table/1", "/table/1/log",
                                                        "/backups", "/table/new")}


def test_restoring_a_backup_from_before_a_migration_serves_every_page(app, table):
    start_mission(table)
    name = old_backup(app)
    step(table, "place", character="vera", space="B-6")
    resp = table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 200 and f"Restored {name}" in resp.get_data(as_text=True)
    assert set(every_page(table).values()) == {200}
    assert step(table, "place", character="vera", space="B-6").status_code == 200  # and it can be played
    db = dbmod.connect(app.config["DATABASE"])
    assert "recorded_at" in db["missions"].columns_dict
    assert dbmod.pending_migrations(db) == [] and dbmod.quick_check(db) == "ok"
    db.conn.close()


def test_another_device_sees_the_restored_state_and_its_stale_edit_gets_409(app, table):
    start_mission(table)
    other = Table(app.test_client())
    name = old_backup(app)
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    stale = version(other)  # the other device's page, drawn after the later steps
    assert table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"}).status_code == 200
    resp = other.post("/table/1/do/die", {"version": stale, "color": "red", "primary": "N", "secondary": "W"})
    assert resp.status_code == 409
    assert version(other) < stale  # the restored state, on a connection that was open before the restore
    assert "B-6" not in other.get("/table/1/log").get_data(as_text=True)


def test_a_backup_from_a_newer_schema_is_refused_and_nothing_changes(app, table):
    start_mission(table)
    db_path = app.config["DATABASE"]
    made = backups.take(db_path, "by-hand")
    from_the_future(made)
    before = version(table)
    resp = table.post(f"/backups/{made.name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 422 and "newer version" in resp.get_data(as_text=True)
    assert version(table) == before
    assert not list(backups.folder(db_path).glob("*before-restore*"))
    assert cli.main(["--instance", app.instance_path, "restore", made.name]) == 2


def test_a_failing_migration_leaves_the_live_database_in_place(app, table, monkeypatch):
    start_mission(table)
    name = old_backup(app)
    step(table, "place", character="vera", space="B-6")
    before = version(table)

    def broken(db):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(dbmod, "MIGRATIONS", [*dbmod.MIGRATIONS[:5], (6, "broken", broken)])
    resp = table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 422 and "cannot be brought up to date" in resp.get_data(as_text=True)
    monkeypatch.undo()
    assert version(table) == before and set(every_page(table).values()) == {200}
    db_path = app.config["DATABASE"]
    assert not list(backups.folder(db_path).parent.glob("*.restoring*"))


def test_the_cli_restore_migrates_too(app, table):
    start_mission(table)
    name = old_backup(app)
    assert cli.main(["--instance", app.instance_path, "restore", name]) == 0
    db = dbmod.connect(app.config["DATABASE"])
    assert dbmod.pending_migrations(db) == []
    db.conn.close()
    assert set(every_page(table).values()) == {200}  # the running app serves it without a restart

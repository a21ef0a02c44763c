"""The request's database connection, and the database checks at start-up.

At start-up: SQLite's quick_check, a backup (skipped when nothing changed since the newest one), the migrations, then every stored document read back as its area
reads it (store/readback.py): the damaged ones are kept in `app.extensions["damaged"]` for the home page
(web/damage.py) and said in the log; the app starts all the same, every other document working."""
from __future__ import annotations

import sqlite3
import weakref
from pathlib import Path

from flask import Flask, current_app, g

from .. import db as dbmod
from ..store import backups, instance, readback
from ..store.backup_checks import Refused, SchemaTooNew, ledger


class DatabaseDamaged(RuntimeError):
    pass


class DiskFull(RuntimeError):
    """The disk filled during start-up (the backup, a migration): said in one line, nothing changed."""


class DatabaseTooNew(RuntimeError):
    """The database was written by a newer version of the app: refused before anything writes to it."""


def refuse_newer(path: Path) -> None:
    """The ledger read through a read-only connection, before connect() (which sets WAL mode: a header write)
    or any backup or migration, with restore's own check: a newer app's file is left byte for byte as it was."""
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        # mode=ro, not immutable: a newer app's last steps may still be in its WAL, and must be seen.
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return  # the integrity check after this says what is wrong with it
    try:
        ledger(conn, path.name)
    except SchemaTooNew as exc:
        raise DatabaseTooNew(
            f"The database {path} was written by a newer version of Table Companion (schema step {exc.newest}; "
            f"this version knows up to {exc.known}). Update the app to open it; nothing was changed.") from None
    except (Refused, sqlite3.Error):
        pass  # anything else about the file is the integrity check's and the migrations' to say, as before
    finally:
        conn.close()


def get_db():
    if "db" not in g:
        g.db = dbmod.connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def check_documents(app: Flask, db=None) -> None:
    """Every document read back (store/readback.py); the damaged ones kept by (kind, id) and logged. Also after a
    restore (web/backups.py), which replaces every document."""
    conn = db or dbmod.connect(app.config["DATABASE"])
    try:
        found = readback.damaged(conn)
    finally:
        if db is None:
            conn.conn.close()
    app.extensions["damaged"] = {(exc.kind, exc.doc_id): exc for exc in found}
    for exc in found:
        app.logger.warning("Damaged %s %d: %s", exc.kind, exc.doc_id, exc.message)


def init_app(app: Flask) -> None:
    """A newer app's file refused, quick_check, a backup, then the migrations (each preceded by a backup)."""
    path = Path(app.config["DATABASE"])
    refuse_newer(path)
    instance.tighten(path)
    existed = path.exists()
    try:
        instance.private_file(path)
        db = dbmod.connect(path)
        verdict = dbmod.quick_check(db)
    except (sqlite3.DatabaseError, OSError) as exc:
        if dbmod.disk_full(exc):  # not a verdict on the file
            raise _disk_full(path) from None
        if isinstance(exc, OSError):
            raise
        db, verdict = None, str(exc)
    try:
        if verdict != "ok":
            raise DatabaseDamaged(
                f"The database {path} fails its integrity check ({verdict}). Nothing was changed. "
                f"Restore a backup with `companion restore --list`, then `companion restore NAME`.")
        if existed and app.config["BACKUP_ON_START"]:
            backups.take(path, "start-up", if_changed=True)  # none when it holds what the newest backup holds
        dbmod.migrate(db, before=lambda: backups.take(path, "before-migration"))
        check_documents(app, db)
    except (sqlite3.Error, OSError) as exc:
        # The backup's half-written copy is removed and a migration rolls back: the database is as it was.
        if dbmod.disk_full(exc):
            raise _disk_full(path) from None
        raise
    finally:
        if db is not None:
            db.conn.close()
    # Closing the last connection checkpoints and deletes the WAL, costing every write request
    # several ms; one idle connection held for the app's life avoids that.
    keepalive = dbmod.connect(path)
    app.extensions["db_keepalive"] = keepalive
    weakref.finalize(app, keepalive.conn.close)
    app.teardown_appcontext(close_db)


def _disk_full(path: Path) -> DiskFull:
    return DiskFull(f"The laptop's disk is full: Table Companion cannot start (its start-up backup of {path} "
                    "and its migrations need space). Free some space and start again; nothing was changed.")


def shut_down(app: Flask) -> None:
    """A clean stop: the WAL is checkpointed into the database and emptied (TRUNCATE), so that a copy of the
    .sqlite3 file alone holds every change; then the idle connection is closed."""
    keepalive = app.extensions.pop("db_keepalive", None)
    if keepalive is None:
        return
    try:
        keepalive.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error:
        pass  # a full disk, a reader still busy: the WAL stays, and SQLite replays it at the next start
    finally:
        keepalive.conn.close()

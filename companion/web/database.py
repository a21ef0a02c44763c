"""The request's database connection, and the database checks at start-up.

At start-up: SQLite's quick_check, a backup, the migrations, then every stored document read back as its area
reads it (store/readback.py): the damaged ones are kept in `app.extensions["damaged"]` for the home page
(web/damage.py) and said in the log; the app starts all the same, every other document working."""
from __future__ import annotations

import sqlite3
import weakref
from pathlib import Path

from flask import Flask, current_app, g

from .. import db as dbmod
from ..store import backups, readback


class DatabaseDamaged(RuntimeError):
    pass


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
    """quick_check, a backup, then the migrations (each preceded by a backup)."""
    path = Path(app.config["DATABASE"])
    existed = path.exists()
    try:
        db = dbmod.connect(path)
        verdict = dbmod.quick_check(db)
    except sqlite3.DatabaseError as exc:
        db, verdict = None, str(exc)
    try:
        if verdict != "ok":
            raise DatabaseDamaged(
                f"The database {path} fails its integrity check ({verdict}). Nothing was changed. "
                f"Restore a backup with `companion restore --list`, then `companion restore NAME`.")
        if existed and app.config["BACKUP_ON_START"]:
            backups.take(path, "start-up")
        dbmod.migrate(db, before=lambda: backups.take(path, "before-migration"))
        check_documents(app, db)
    finally:
        if db is not None:
            db.conn.close()
    # Closing the last connection checkpoints and deletes the WAL, costing every write request
    # several ms; one idle connection held for the app's life avoids that.
    keepalive = dbmod.connect(path)
    app.extensions["db_keepalive"] = keepalive
    weakref.finalize(app, keepalive.conn.close)
    app.teardown_appcontext(close_db)

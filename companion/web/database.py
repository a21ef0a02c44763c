"""The request's database connection, and the database checks at start-up."""
from __future__ import annotations

import sqlite3
import weakref
from pathlib import Path

from flask import Flask, current_app, g

from .. import db as dbmod
from ..store import backups


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
    finally:
        if db is not None:
            db.conn.close()
    # Closing the last connection checkpoints and deletes the WAL, costing every write request
    # several ms; one idle connection held for the app's life avoids that.
    keepalive = dbmod.connect(path)
    app.extensions["db_keepalive"] = keepalive
    weakref.finalize(app, keepalive.conn.close)
    app.teardown_appcontext(close_db)

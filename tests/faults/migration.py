"""Migration 7 on long event logs: a database at schema 6 built for it, and the long run's timing of it."""
from __future__ import annotations

import time
from pathlib import Path

from companion import db as dbmod


def at_schema_6(path, events: int, missions: int = 2) -> object:
    """`missions` missions (and as many games) of `events` entries each; every entry has a request id, every
    fifth one a stepped_by (an undo or redo a device asked for)."""
    db = dbmod.connect(path)
    every = dbmod.MIGRATIONS
    try:
        dbmod.MIGRATIONS = every[:6]
        dbmod.migrate(db)
    finally:
        dbmod.MIGRATIONS = every
    with dbmod.immediate(db):
        _fill(db, events, missions)
    return db


def _fill(db, events: int, missions: int) -> None:
    for table, log, column in (("missions", "mission_events", "mission_id"), ("games", "game_events", "game_id")):
        for doc in range(1, missions + 1):
            extra = ", kind" if table == "games" else ""
            db.execute(f"INSERT INTO {table} (id, name, state, created_at, updated_at{extra}) "
                       f"VALUES (?, 'x', '{{}}', 'x', 'x'{', ?' if extra else ''})",
                       [doc, "lost-empires"] if extra else [doc])
            db.conn.executemany(
                f"INSERT INTO {log} ({column}, at, description, diff, status, request_id, stepped_by) "
                "VALUES (?, 'x', 'd', '[]', ?, ?, ?)",
                [(doc, "undone" if i % 10 == 5 else "done", f"{log}-{doc}-{i}",
                  f"{log}-{doc}-{i}-step" if i % 5 == 0 else None) for i in range(events)])


def time_migration_7(workdir: Path, events: int) -> dict:
    """Seconds to bring one mission (and one game) of `events` entries each from schema 6 to 7."""
    Path(workdir).mkdir(parents=True, exist_ok=True)
    db = at_schema_6(Path(workdir) / "long.sqlite3", events, missions=1)
    started = time.perf_counter()
    applied = dbmod.migrate(db)
    seconds = time.perf_counter() - started
    filed = db.execute("SELECT count(*) FROM applied_requests").fetchone()[0]
    db.conn.close()
    return {"events_per_log": events, "applied": applied, "request_ids_filed": filed, "seconds": round(seconds, 2)}

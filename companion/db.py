"""The SQLite file: connections with safe pragmas, transactions, numbered migrations."""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone

import sqlite_utils

BUSY_TIMEOUT_MS = 10_000


def connect(path) -> sqlite_utils.Database:
    """Every connection: WAL, synchronous=FULL, foreign keys, a busy timeout.

    isolation_level=None hands transactions to `immediate()`; sqlite-utils
    nests its own writes as savepoints inside them.
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return sqlite_utils.Database(conn)


@contextmanager
def immediate(db: sqlite_utils.Database):
    """One user action = one write transaction, taken before the first read.

    BEGIN IMMEDIATE takes the write lock up front, so a read-then-write cannot
    be overtaken by another device between its read and its write.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _m001_initial(db: sqlite_utils.Database) -> None:
    db.execute("""
        CREATE TABLE campaigns (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            state TEXT NOT NULL,              -- the campaign document (phantom-epoch-campaign/1)
            archived INTEGER NOT NULL DEFAULT 0,
            deleted_at TEXT,                  -- in the bin until deleted for good
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE history (
            id INTEGER PRIMARY KEY,
            campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            description TEXT NOT NULL,
            diff TEXT NOT NULL,               -- [[path, before, after], ...]
            status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'abandoned'))
        )""")
    db.execute("CREATE INDEX history_by_campaign ON history (campaign_id, status, id)")
    db.execute("CREATE INDEX campaigns_listed ON campaigns (deleted_at, archived, updated_at)")


def _m002_games(db: sqlite_utils.Database) -> None:
    db.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,               -- the rules module's key, e.g. lost-empires
            name TEXT NOT NULL,
            state TEXT NOT NULL,              -- the game's snapshot (its rules module's format)
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
            version INTEGER NOT NULL DEFAULT 1,  -- +1 on every change, undo and redo: polling and stale forms
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE game_events (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            description TEXT NOT NULL,
            diff TEXT NOT NULL,               -- [[path, before, after], ...]
            status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'abandoned'))
        )""")
    db.execute("CREATE INDEX game_events_by_game ON game_events (game_id, status, id)")
    db.execute("CREATE INDEX games_listed ON games (status, updated_at)")


def _m003_maps_and_cards(db: sqlite_utils.Database) -> None:
    # Number 2 belongs to the table trackers; migrations may be applied out of order, each once.
    db.execute("""
        CREATE TABLE maps (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            columns INTEGER NOT NULL,
            rows INTEGER NOT NULL,
            doc TEXT NOT NULL,                -- the map as a scenario file (phantom-epoch-scenario/1)
            sample INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE map_history (
            id INTEGER PRIMARY KEY,
            owner_id INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            description TEXT NOT NULL,
            diff TEXT NOT NULL,               -- [[path, before, after], ...] of the row's document
            status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'abandoned'))
        )""")
    db.execute("CREATE INDEX map_history_by_owner ON map_history (owner_id, status, id)")
    db.execute("""
        CREATE TABLE card_libraries (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            doc TEXT NOT NULL,                -- every card the table entered (phantom-epoch-cards/1)
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE card_history (
            id INTEGER PRIMARY KEY,
            owner_id INTEGER NOT NULL REFERENCES card_libraries(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            description TEXT NOT NULL,
            diff TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'abandoned'))
        )""")
    db.execute("CREATE INDEX card_history_by_owner ON card_history (owner_id, status, id)")


def _m004_missions(db: sqlite_utils.Database) -> None:
    db.execute("""
        CREATE TABLE missions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            campaign_id INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,  -- the book it reports to, if any
            map_id INTEGER REFERENCES maps(id) ON DELETE SET NULL,
            state TEXT NOT NULL,              -- the mission snapshot (phantom-epoch-mission/1)
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
            version INTEGER NOT NULL DEFAULT 1,  -- +1 on every change, undo and redo: polling and stale forms
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE mission_events (
            id INTEGER PRIMARY KEY,
            mission_id INTEGER NOT NULL REFERENCES missions(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            description TEXT NOT NULL,
            diff TEXT NOT NULL,               -- [[path, before, after], ...]
            status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'abandoned'))
        )""")
    db.execute("CREATE INDEX mission_events_by_mission ON mission_events (mission_id, status, id)")
    db.execute("CREATE INDEX missions_listed ON missions (status, updated_at)")


def _m005_request_ids(db: sqlite_utils.Database) -> None:
    # A tablet on flaky Wi-Fi may send a step again when the answer to the first was lost: the id its form
    # carried is kept with the event it made (request_id) or the undo/redo it caused (stepped_by), so the
    # second one is recognised and changes nothing.
    for table in ("mission_events", "game_events"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN request_id TEXT")
        db.execute(f"ALTER TABLE {table} ADD COLUMN stepped_by TEXT")
        db.execute(f"CREATE UNIQUE INDEX {table}_by_request ON {table} (request_id) WHERE request_id IS NOT NULL")
        db.execute(f"CREATE INDEX {table}_by_step_request ON {table} (stepped_by) WHERE stepped_by IS NOT NULL")


def _m006_missions_recorded(db: sqlite_utils.Database) -> None:
    # A finished mission goes into its campaign's book once: a second tap (or a retried request) must not add
    # its nova cells and rewards again. Kept beside the mission's state, not in it, so that undoing steps of
    # the mission never makes it recordable a second time.
    db.execute("ALTER TABLE missions ADD COLUMN recorded_at TEXT")


MIGRATIONS = [
    (1, "campaigns and their history", _m001_initial),
    (2, "table-tracker games and their event log", _m002_games),
    (3, "maps, card content and their histories", _m003_maps_and_cards),
    (4, "missions at the table and their event log", _m004_missions),
    (5, "request ids in the mission and game event logs: a retried request is applied once", _m005_request_ids),
    (6, "when a finished mission was recorded in its campaign book", _m006_missions_recorded),
]


def pending_migrations(db: sqlite_utils.Database) -> list:
    if "schema_migrations" not in db.table_names():
        return list(MIGRATIONS)
    done = {r["version"] for r in db["schema_migrations"].rows}
    return [m for m in MIGRATIONS if m[0] not in done]


def migrate(db: sqlite_utils.Database, before=None) -> list[int]:
    """Run the numbered migrations not yet applied, each in its own transaction.

    `before` is called first when there is something to migrate in a database
    that already holds data (the caller takes a backup there).
    """
    todo = pending_migrations(db)
    if todo and before and "schema_migrations" in db.table_names():
        before()
    applied = []
    for version, name, step in todo:
        with immediate(db):
            if "schema_migrations" not in db.table_names():
                db["schema_migrations"].create({"version": int, "name": str, "applied_at": str}, pk="version")
            step(db)
            db["schema_migrations"].insert({"version": version, "name": name, "applied_at": now()})
        applied.append(version)
    return applied


def quick_check(db: sqlite_utils.Database) -> str:
    rows = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()]
    return "ok" if rows == ["ok"] else "; ".join(rows[:5])

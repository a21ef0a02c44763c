"""The SQLite file: connections with safe pragmas, transactions, numbered migrations."""
from __future__ import annotations

import contextvars
import errno
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone

import sqlite_utils
from sqlite_utils.migrations import Migrations

from . import changes

BUSY_TIMEOUT_MS = 10_000
# Every mission result copies the database: its WAL is checkpointed every 1 MB of changes (SQLite's default is
# 4 MB) and truncated back to that size after each checkpoint, rather than kept at its largest for good.
WAL_CHECKPOINT_PAGES = 256
WAL_KEEP_BYTES = 1 << 20


def connect(path) -> sqlite_utils.Database:
    """Every connection: WAL (checkpointed often, truncated after), synchronous=FULL, foreign keys, a busy timeout.

    isolation_level=None hands transactions to `immediate()`; sqlite-utils
    nests its own writes as savepoints inside them.
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
    conn.execute(f"PRAGMA journal_size_limit = {WAL_KEEP_BYTES}")
    return sqlite_utils.Database(conn)


# The callables the transaction open in this thread (or context) runs once it commits; None outside one.
_AFTER_COMMIT: contextvars.ContextVar[list | None] = contextvars.ContextVar("after_commit", default=None)


@contextmanager
def immediate(db: sqlite_utils.Database):
    """One user action = one write transaction, taken before the first read.

    BEGIN IMMEDIATE takes the write lock up front, so a read-then-write cannot
    be overtaken by another device between its read and its write. What was
    asked to run `after_commit` runs once COMMIT has succeeded, never after a
    rollback: another tablet is told only of what is really stored.
    """
    db.execute("BEGIN IMMEDIATE")
    waiting: list = []
    token = _AFTER_COMMIT.set(waiting)
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")
    finally:
        _AFTER_COMMIT.reset(token)
    for told in waiting:
        told()


def after_commit(told) -> None:
    """Run `told()` once the transaction `immediate` holds commits (at once outside one: SQLite's autocommit has
    already stored the write)."""
    waiting = _AFTER_COMMIT.get()
    if waiting is None:
        told()
    else:
        waiting.append(told)


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


def _m007_journal(db: sqlite_utils.Database) -> None:
    # One journal for every document (store/journal.py): every document carries a version for stale forms and
    # polling, every entry the request id that made it, and one table keeps every request id a create, change,
    # undo or redo carried. The ids migration 5 kept move into it; an undo's or redo's is kept by itself, no
    # longer overwritten when another device steps the same entry (stepped_by).
    for table in ("campaigns", "maps", "card_libraries"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
    for table in ("history", "map_history", "card_history"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN request_id TEXT")
        db.execute(f"CREATE UNIQUE INDEX {table}_by_request ON {table} (request_id) WHERE request_id IS NOT NULL")
    db.execute("""
        CREATE TABLE applied_requests (
            request_id TEXT PRIMARY KEY,      -- the id a form carried
            kind TEXT NOT NULL,               -- campaign / game / mission / map / cards
            owner_id INTEGER NOT NULL,        -- the document it changed (or created)
            entry_id INTEGER,                 -- the entry it made, undid or redid
            action TEXT NOT NULL CHECK (action IN ('create', 'change', 'undo', 'redo')),
            at TEXT NOT NULL
        )""")
    for kind, table, owner in (("mission", "mission_events", "mission_id"), ("game", "game_events", "game_id")):
        # Each document's first entry, found once for all (an uncorrelated IN is evaluated once): a subquery
        # per entry scanned the document's entries again for each, quadratic in a long mission's events.
        firsts = f"(SELECT MIN(id) FROM {table} GROUP BY {owner})"
        db.execute(f"INSERT OR IGNORE INTO applied_requests SELECT request_id, '{kind}', {owner}, id, "
                   f"CASE WHEN id IN {firsts} THEN 'create' ELSE 'change' END, at FROM {table} "
                   "WHERE request_id IS NOT NULL ORDER BY id")
        db.execute(f"INSERT OR IGNORE INTO applied_requests SELECT stepped_by, '{kind}', {owner}, id, "
                   f"CASE status WHEN 'undone' THEN 'undo' ELSE 'redo' END, at FROM {table} "
                   "WHERE stepped_by IS NOT NULL ORDER BY id")
        db.execute(f"DROP INDEX {table}_by_step_request")
        db.execute(f"ALTER TABLE {table} DROP COLUMN stepped_by")


def _m008_request_bodies_and_records(db: sqlite_utils.Database) -> None:
    # A request id sent again with another body (a stale or damaged page) is refused, not answered "already
    # saved": what the request carried is kept as a fingerprint. A mission's mark of being in its campaign's book
    # names the campaign entry that put it there, so undoing that entry on the campaign makes it recordable again.
    db.execute("ALTER TABLE applied_requests ADD COLUMN fingerprint TEXT")
    db.execute("ALTER TABLE missions ADD COLUMN recorded_entry INTEGER")


def _m009_maps_from_card_files(db: sqlite_utils.Database) -> None:
    # A card file brings maps with its cards, and one undo takes the import back (store/card_file.py): each map
    # it made names the library entry that made it, and is withdrawn (hidden, kept) while that entry is undone.
    # The library counts the maps its imports made in force, so an import of maps alone is an entry undo steps.
    db.execute("ALTER TABLE maps ADD COLUMN import_entry INTEGER")
    db.execute("ALTER TABLE maps ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE card_libraries ADD COLUMN maps_imported INTEGER NOT NULL DEFAULT 0")



def _m010_compact_entries(db: sqlite_utils.Database) -> None:
    # Every mission result copies the database, and an entry made before this version holds a list that grew or
    # shrank (a deck drawn from, a discard pile) whole: ~1.9 KB a mission step. Each such entry is rewritten as
    # it is stored now (companion/changes.py), undoing and redoing exactly as before; one that does not read as an
    # entry is left as it is, for the backup check to name. `migrate` then gives the freed space back.
    for table in ("history", "game_events", "mission_events", "map_history", "card_history"):
        for entry_id, value in db.execute(f"SELECT id, diff FROM {table}").fetchall():
            now = changes.compacted(value)
            if now is not None:
                db.execute(f"UPDATE {table} SET diff = ? WHERE id = ?", [now, entry_id])


# (number, name, step). The number and name together are the migration's key in sqlite-utils' ledger
# (_sqlite_migrations): once shipped, neither changes. Numbers may be applied out of order, each once.
MIGRATIONS = [
    (1, "campaigns and their history", _m001_initial),
    (2, "table-tracker games and their event log", _m002_games),
    (3, "maps, card content and their histories", _m003_maps_and_cards),
    (4, "missions at the table and their event log", _m004_missions),
    (5, "request ids in the mission and game event logs: a retried request is applied once", _m005_request_ids),
    (6, "when a finished mission was recorded in its campaign book", _m006_missions_recorded),
    (7, "one journal: a version on every document, request ids for every kind, undo and redo", _m007_journal),
    (8, "a request's fingerprint; the campaign entry that recorded a mission", _m008_request_bodies_and_records),
    (9, "the maps a card file's import made, withdrawn while it is undone", _m009_maps_from_card_files),
    (10, "journal entries stored compactly: a list's splice, compressed where it pays", _m010_compact_entries),
]
SHRINKS = {10}  # migrations after which the file is rebuilt (VACUUM) to give back what they freed
MIGRATION_SET = "companion"
LEGACY_LEDGER = "schema_migrations"  # the ledger before sqlite-utils' own: now a view of it


def _key(number: int, name: str) -> str:
    return f"{number:03d} {name}"


def migrations(steps=None) -> Migrations:
    """MIGRATIONS (or `steps` of them, in their order) as a sqlite-utils migration set (read at each call: a
    test may add one)."""
    found = Migrations(MIGRATION_SET)
    for number, name, step in MIGRATIONS if steps is None else steps:
        found(name=_key(number, name))(step)
    return found


def reference(applied: list[int], legacy: bool) -> sqlite_utils.Database:
    """An empty database in memory made by the migrations numbered `applied`, in that order, the way the app
    wrote them: with its old ledger table (`legacy`) or with sqlite-utils' ledger and the view of it. What a
    backup at that level must look like, table for table, column for column."""
    steps = {m[0]: m for m in MIGRATIONS}
    db = connect(":memory:")
    if legacy:
        db[LEGACY_LEDGER].create({"version": int, "name": str, "applied_at": str}, pk="version")
        for number in applied:
            steps[number][2](db)
    else:
        the_set = migrations([steps[number] for number in applied])
        the_set.ensure_migrations_table(db)
        the_set.apply(db)
        _ledger_view(db)
    return db


def ledger_keys() -> dict[int, str]:
    """Each migration's key in sqlite-utils' ledger, by its number."""
    return {number: _key(number, name) for number, name, _ in MIGRATIONS}


def key_number(key: str) -> int | None:
    """The migration number a ledger key ("007 one journal: ...") starts with, None if it starts otherwise."""
    head = str(key)[:4]
    return int(head[:3]) if len(head) == 4 and head[:3].isdigit() and head[3] == " " else None


def disk_full(exc: BaseException) -> bool:
    """SQLite's SQLITE_FULL (the disk, or the file's size limit) or the system's ENOSPC."""
    if isinstance(exc, sqlite3.Error):
        return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC


def _bridge(db: sqlite_utils.Database) -> None:
    """A database migrated by the old code: its schema_migrations rows become sqlite-utils' ledger rows."""
    if LEGACY_LEDGER not in db.table_names():
        if LEGACY_LEDGER not in db.view_names() and Migrations.migrations_table in db.table_names():
            _ledger_view(db)
        return
    names = {number: name for number, name, _ in MIGRATIONS}
    migrations().ensure_migrations_table(db)
    ledger = db[Migrations.migrations_table]
    for old in db[LEGACY_LEDGER].rows_where(order_by="version"):
        key = _key(old["version"], names.get(old["version"], old["name"]))
        ledger.insert({"migration_set": MIGRATION_SET, "name": key, "applied_at": old["applied_at"]})
    db[LEGACY_LEDGER].drop()
    _ledger_view(db)


def _ledger_view(db: sqlite_utils.Database) -> None:
    db.create_view(LEGACY_LEDGER, f"""
        SELECT CAST(substr(name, 1, 3) AS INTEGER) AS version, substr(name, 5) AS name, applied_at
        FROM {Migrations.migrations_table} WHERE migration_set = '{MIGRATION_SET}' ORDER BY id""")


def pending_migrations(db: sqlite_utils.Database) -> list:
    keys = {m.name for m in migrations().pending(db)}
    if LEGACY_LEDGER in db.table_names():  # not bridged yet: its rows count as applied
        keys -= {_key(r["version"], name) for r in db[LEGACY_LEDGER].rows
                 for number, name, _ in MIGRATIONS if number == r["version"]}
    return [m for m in MIGRATIONS if _key(m[0], m[1]) in keys]


def migrate(db: sqlite_utils.Database, before=None) -> list[int]:
    """Run the numbered migrations not yet applied, each in its own BEGIN IMMEDIATE transaction.

    `before` is called first when there is something to migrate in a database
    that already holds data (the caller takes a backup there). Two processes
    starting together: the second waits for the first's transaction, then
    finds nothing left to do.
    """
    todo = pending_migrations(db)
    if todo and before and set(db.table_names()) - {"sqlite_sequence"}:
        before()
    applied = []
    for number, name, _ in todo:
        with immediate(db):
            _bridge(db)
            the_set = migrations()
            waiting = [m.name for m in the_set.pending(db)]
            if _key(number, name) not in waiting:
                continue  # another process applied it meanwhile
            the_set.apply(db, stop_before=waiting[waiting.index(_key(number, name)) + 1:])
            if LEGACY_LEDGER not in db.view_names():
                _ledger_view(db)
        applied.append(number)
    if SHRINKS & set(applied):
        _vacuum(db)
    return applied


def _vacuum(db: sqlite_utils.Database) -> None:
    """VACUUM is one transaction of its own: killed or out of disk half-way, the file is as it was, its free pages
    merely reused by later writes instead."""
    try:
        db.execute("VACUUM")
    except sqlite3.OperationalError as exc:
        if not disk_full(exc):
            raise


def quick_check(db: sqlite_utils.Database) -> str:
    rows = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()]
    return "ok" if rows == ["ok"] else "; ".join(rows[:5])

"""What a backup must be before it replaces the live database: a file this app wrote.

Its migration ledger is coherent (whole step numbers this app knows, each once), its schema is exactly what
those migrations make (tables, columns, indexes; no trigger, view or table of its own: a trigger would run on
every later write), and every stored document reads back through the app's own loaders. Each check raises
`Refused` naming what is wrong; nothing here writes to the backup.
"""
from __future__ import annotations

import re
import sqlite3

from .. import changes
from .. import db as dbmod
from ..schemas.files.card_library import load_library
from . import campaigns, games, maps, mission_table

LEDGER_TABLES = (dbmod.LEGACY_LEDGER, "_sqlite_migrations")
# What SQLite itself may add to a file (ANALYZE's statistics): not part of the schema the app wrote.
SQLITE_OWN = re.compile(r"^sqlite_(stat\d|sequence)$")
SHOWN = 6  # problems named in one refusal


class Refused(ValueError):
    """A backup that is not one this app wrote, or whose content it cannot read."""


class SchemaTooNew(Refused):
    """A backup written by a newer version of the app: this one cannot know what its tables mean.

    `newest` is the newest step the file's ledger lists, `known` the newest this app knows: start-up words its
    own refusal of a live database from them (web/database.py), the check being this one."""

    def __init__(self, message: str, newest: int, known: int):
        super().__init__(message)
        self.newest, self.known = newest, known


def _refuse(name: str, problems: list[str]) -> Refused:
    more = f" (and {len(problems) - SHOWN} more)" if len(problems) > SHOWN else ""
    return Refused(f"Backup {name} is not one Table Companion wrote: {'; '.join(problems[:SHOWN])}{more}. "
                   "Nothing was changed.")


def ledger(conn: sqlite3.Connection, name: str) -> tuple[list[int], bool]:
    """The migration numbers the backup's ledger lists, in the order applied, and whether it is the old
    ledger table (before sqlite-utils' own)."""
    kinds = dict(conn.execute("SELECT name, type FROM sqlite_master WHERE name IN (?, ?)", LEDGER_TABLES))
    legacy = kinds.get(dbmod.LEGACY_LEDGER) == "table"
    modern = kinds.get("_sqlite_migrations") == "table"
    if legacy == modern:
        raise _refuse(name, ["it has no migration ledger" if not legacy else "it has two migration ledgers"])
    try:
        if legacy:
            steps = [(v, None) for (v,) in conn.execute(f"SELECT version FROM {dbmod.LEGACY_LEDGER} ORDER BY rowid")]
        else:
            rows = conn.execute("SELECT migration_set, name FROM _sqlite_migrations ORDER BY rowid").fetchall()
            others = sorted({s for s, _ in rows if s != dbmod.MIGRATION_SET}, key=str)
            if others:
                raise _refuse(name, [f"its migration ledger lists another set of migrations ({others[0]!r})"])
            steps = [(dbmod.key_number(key) if isinstance(key, str) else None, key) for _, key in rows]
    except sqlite3.DatabaseError as exc:
        raise _refuse(name, [f"its migration ledger cannot be read ({exc})"]) from None
    known = dbmod.ledger_keys()
    insane = [key if key is not None else v for v, key in steps
              if not isinstance(v, int) or isinstance(v, bool) or v < 1]
    if insane:
        raise _refuse(name, [f"its migration ledger lists {insane[0]!r}, not a schema step "
                             "(steps are whole numbers from 1)"])
    numbers = [v for v, _ in steps]
    twice = sorted({v for v in numbers if numbers.count(v) > 1})
    if twice:
        raise _refuse(name, [f"its migration ledger lists step {twice[0]} twice"])
    unknown = sorted(set(numbers) - set(known))
    if unknown:
        raise SchemaTooNew(f"Backup {name} was written by a newer version of Table Companion (schema step "
                           f"{unknown[-1]}; this version knows up to {max(known)}). Update the app to restore it; "
                           f"nothing was changed.", unknown[-1], max(known))
    renamed = [key for v, key in steps if key is not None and key != known[v]]
    if renamed:
        raise _refuse(name, [f"its migration ledger names step {renamed[0]!r}, which this app calls "
                             f"{known[dbmod.key_number(renamed[0])]!r}"])
    return numbers, legacy


def _canonical(sql: str | None) -> str | None:
    """A definition as SQLite keeps it, without comments, quoting, case or spacing: what it means, not how the
    version of the app (or of sqlite-utils) that wrote it laid it out."""
    if sql is None:
        return None
    sql = re.sub(r"--[^\n]*", "", sql)
    return re.sub(r"[\s\[\]\"`]", "", sql).lower()


def _objects(conn: sqlite3.Connection) -> dict[str, tuple[str, str, str | None]]:
    # The ledger's own indexes are sqlite-utils' to name, and their names changed between its versions.
    return {name: (kind, table, _canonical(sql)) for kind, name, table, sql
            in conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")
            if not SQLITE_OWN.match(name) and not (kind == "index" and table in LEDGER_TABLES)}


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return sorted(r[1] for r in conn.execute(f'PRAGMA table_info("{table}")'))


def structure(conn: sqlite3.Connection, name: str, applied: list[int], legacy: bool) -> None:
    """The backup's tables, columns, indexes, views and triggers are those its migrations make, no more."""
    reference = dbmod.reference(applied, legacy)
    try:
        want = _objects(reference.conn)
        found = _objects(conn)
        problems = []
        for obj, (kind, table, sql) in sorted(found.items()):
            if obj not in want:
                problems.append(f"a {kind} of its own: {obj}" + (f" on {table}" if kind in ("trigger", "index") else ""))
                continue
            w_kind, w_table, w_sql = want[obj]
            if kind != w_kind:
                problems.append(f"{obj} is a {kind}, where the app makes a {w_kind}")
            elif obj in LEDGER_TABLES and kind == "table":  # sqlite-utils' own layout changes between its versions
                if _columns(conn, obj) != _columns(reference.conn, obj):
                    problems.append(f"its migration ledger {obj} has other columns")
            elif (table, sql) != (w_table, w_sql):
                problems.append(_difference(conn, reference.conn, kind, obj))
        problems += [f"the {want[obj][0]} {obj} is missing" for obj in sorted(set(want) - set(found))]
    finally:
        reference.conn.close()
    if problems:
        raise _refuse(name, problems)


def _difference(conn, reference, kind: str, obj: str) -> str:
    if kind == "table":
        have, want = set(_columns(conn, obj)), set(_columns(reference, obj))
        if have != want:
            extra, missing = sorted(have - want), sorted(want - have)
            said = ([f"columns of its own: {', '.join(extra)}"] if extra else []) + \
                   ([f"missing columns: {', '.join(missing)}"] if missing else [])
            return f"table {obj} has {'; '.join(said)}"
    return f"the {kind} {obj} is defined otherwise than the app's migrations define it"


# -- content, once the copy is brought up to this version's schema --------------------------------------------

ENTRIES = ("history", "game_events", "mission_events", "map_history", "card_history")
VERSIONED = ("campaigns", "games", "missions", "maps", "card_libraries")


def content(db, name: str) -> None:
    """Every document reads back through the app's own loaders, versions are positive whole numbers, every
    entry's diff is the journal's changes (changes.well_formed) and every reference points at a row."""
    problems = []
    for table in VERSIONED:
        for (row_id,) in db.execute(f"SELECT id FROM {table} WHERE typeof(version) != 'integer' OR version < 1 "
                                    "LIMIT 3"):
            problems.append(f"{table} {row_id} has version that is not a whole number from 1")
    for what, table, load in _loaders():
        for row in db[table].rows:
            try:
                load(db, row)
            except Exception as exc:  # noqa: BLE001 - any failure to read it is the reason to refuse it
                problems.append(f"{what} {row['id']} does not read back ({_short(exc)})")
            if len(problems) > SHOWN:
                raise _refuse(name, problems)
    for table in ENTRIES:
        for row_id, diff in db.execute(f"SELECT id, diff FROM {table}"):
            if not changes.well_formed(diff):
                problems.append(f"{table} entry {row_id} is not a list of [path, before, after] changes")
                if len(problems) > SHOWN:
                    raise _refuse(name, problems)
    for table, row_id, parent, _ in db.execute("PRAGMA foreign_key_check").fetchmany(3):
        problems.append(f"{table} row {row_id} refers to a {parent} row that is not there")
    if problems:
        raise _refuse(name, problems)


def _loaders():
    """(what, table, load(db, row)) with each area's own reading of its documents."""
    return (("campaign", "campaigns", lambda db, row: campaigns.JOURNAL.load(row)),
            ("game", "games", lambda db, row: games.JOURNAL.load(row)),
            ("mission", "missions", lambda db, row: mission_table.JOURNAL.load(row)),
            ("map", "maps", lambda db, row: maps.JOURNAL.load(row)),
            ("card library", "card_libraries", lambda db, row: load_library(row["doc"])))


def _short(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."

"""Backups of the SQLite file with SQLite's online backup API, kept in generations.

Taken on start-up, before every migration and after every mission result;
the newest KEEP files stay under instance/backups/.
"""
from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from .. import db as dbmod

KEEP = 12
NAME = re.compile(r"^companion-(\d{8}T\d{6}\d{6})-([a-z-]+)\.sqlite3$")


def folder(db_path: Path) -> Path:
    return Path(db_path).parent / "backups"


def take(db_path: Path, reason: str) -> Path | None:
    """Copy the live database; returns the new file, or None if there is nothing to copy yet."""
    db_path = Path(db_path)
    if not db_path.exists():
        return None
    target_dir = folder(db_path)
    target_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%f")
    target = target_dir / f"companion-{stamp}-{reason}.sqlite3"
    _copy(db_path, target)
    prune(target_dir)
    return target


def prune(target_dir: Path, keep: int = KEEP) -> None:
    for old in list_backups(target_dir)[keep:]:
        old["path"].unlink(missing_ok=True)


def list_backups(target_dir: Path) -> list[dict]:
    """Newest first: name, path, reason, taken (UTC), size in bytes."""
    found = []
    for p in Path(target_dir).glob("companion-*.sqlite3"):
        m = NAME.match(p.name)
        if m:
            taken = datetime.strptime(m.group(1), "%Y%m%dT%H%M%S%f").replace(tzinfo=timezone.utc)
            found.append({"name": p.name, "path": p, "reason": m.group(2), "taken": taken, "size": p.stat().st_size})
    return sorted(found, key=lambda b: b["name"], reverse=True)


def find(db_path: Path, name: str) -> Path:
    """The backup called `name`, refusing anything that is not one of ours."""
    if not NAME.match(name or ""):
        raise FileNotFoundError(name)
    path = folder(db_path) / name
    if not path.is_file():
        raise FileNotFoundError(name)
    return path


def check(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()
    return "ok" if rows == ["ok"] else "; ".join(rows[:5])


class SchemaTooNew(ValueError):
    """A backup written by a newer version of the app: this one cannot know what its tables mean."""


def schema_versions(path: Path) -> set[int]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        # a table in the app's own ledger, a view of sqlite-utils' ledger once that took over
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') "
                            "AND name = 'schema_migrations'").fetchone():
            return set()
        return {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
    finally:
        conn.close()


def prepare(source: Path, work: Path, name: str) -> None:
    """Copy a backup to `work` and bring it to this version's schema the way start-up does (integrity check,
    then the migrations not yet applied); raises ValueError, leaving the live database alone."""
    verdict = check(source)
    if verdict != "ok":
        raise ValueError(f"Backup {name} fails its integrity check: {verdict}")
    known = {m[0] for m in dbmod.MIGRATIONS}
    unknown = sorted(schema_versions(source) - known)
    if unknown:
        raise SchemaTooNew(f"Backup {name} was written by a newer version of Table Companion (schema step "
                           f"{unknown[-1]}; this version knows up to {max(known)}). Update the app to restore it; "
                           f"nothing was changed.")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{work}{suffix}").unlink(missing_ok=True)
    _copy(source, work)
    db = dbmod.connect(work)
    try:
        dbmod.migrate(db)
        verdict = dbmod.quick_check(db)
    except sqlite3.DatabaseError as exc:
        raise ValueError(f"Backup {name} cannot be brought up to date: {exc}. Nothing was changed.") from exc
    finally:
        db.conn.close()  # the last connection: its WAL is checkpointed into the file
    if verdict != "ok":
        raise ValueError(f"Backup {name} fails its integrity check after its migrations: {verdict}")


def restore(db_path: Path, name: str) -> Path | None:
    """Write a backup over the live database, keeping the current one as a backup first.

    The backup is checked and migrated in a scratch file beside the live one, then copied into the live file
    with SQLite's backup API in one write transaction: a running app's connections see either the old state
    or the whole restored one, and never a file its migrations have not reached.
    """
    db_path = Path(db_path)
    source = find(db_path, name)
    work = db_path.with_name(db_path.name + ".restoring")
    try:
        prepare(source, work, name)
        safety = None
        try:
            safety = take(db_path, "before-restore")
        except sqlite3.DatabaseError:
            pass  # a damaged live file cannot be copied; restoring is the way out
        try:
            _copy(work, db_path)
        except sqlite3.DatabaseError:
            # The live file is too damaged to write into: replace it (and its WAL) whole.
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db_path}{suffix}").unlink(missing_ok=True)
            _copy(work, db_path)
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{work}{suffix}").unlink(missing_ok=True)
    return safety


def _copy(source: Path, target: Path) -> None:
    src = sqlite3.connect(str(source))
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()

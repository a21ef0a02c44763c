"""Backups of the SQLite file with SQLite's online backup API, kept by reason (store/retention.py), and restoring one.

Taken on start-up (unless nothing changed since the newest backup), before every migration, after every mission
result, before "Delete forever" and by hand; which stay under instance/backups/ is store/retention.py's policy.
A backup is written beside its name and renamed into place once complete, so a listed backup is never a
half-written file; what it holds (its fingerprint, whether every document reads back) is noted beside it then.

A restore never touches the live database until the replacement is complete and checked, and a safety copy
of the live one is written and verified first. While it replaces the live file a marker file says so: a
restore that was interrupted is found by `interrupted` at the next start, and its safety copy offered.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import time
from datetime import datetime, timezone
from pathlib import Path

from .. import db as dbmod
from . import retention
from .backup_checks import Refused, SchemaTooNew, content, ledger, structure
from .backup_files import NAME, PART, find, folder, list_backups, note_path, read_only, write_note
from .instance import make_folder, private_file

__all__ = ["NAME", "NotRestored", "Refused", "SchemaTooNew", "take", "list_backups", "find", "check", "restore",
           "interrupted", "dismiss_interrupted", "folder", "read_only", "delete", "NotDeleted"]

STALE_PART_SECONDS = 600
DISK_FULL = ("The laptop's disk is full — nothing was restored: the database and its backups are as they were. "
             "Free some space and restore again.")


class NotRestored(RuntimeError):
    """The restore stopped before replacing anything (a full disk, a locked or unreadable file)."""

    def __init__(self, message: str, disk_full: bool = False):
        super().__init__(message)
        self.disk_full = disk_full


def take(db_path: Path, reason: str, verify: bool = False, if_changed: bool = False) -> Path | None:
    """Copy the live database; returns the new file, or None if there is nothing to copy yet (or, with
    `if_changed`, when it holds exactly what the newest backup holds).

    `verify`: the copy is checked (integrity, the same tables with the same number of rows as the state it
    was taken from) before it gets its name; a failed check raises sqlite3.DatabaseError."""
    db_path = Path(db_path)
    if not db_path.exists() or (if_changed and retention.unchanged(db_path)):
        return None
    target_dir = folder(db_path)
    make_folder(target_dir)  # owner-only, as the instance folder
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%f")
    target = target_dir / f"companion-{stamp}-{reason}.sqlite3"
    part = target.with_name(target.name + PART)
    try:
        counts = _copy(db_path, part, count=verify)
        if verify:
            _verify_copy(part, counts)
        _fsync(part)
        os.replace(part, target)
    finally:
        _remove(part)
    _fsync(target_dir)
    try:
        write_note(target, retention.judge(target))
    except OSError:
        pass  # a full disk: the backup is complete, and judged again when its note is needed
    prune(target_dir)
    return target


def prune(target_dir: Path) -> None:
    """Retention's policy (store/retention.py); any backup a marker of an interrupted restore names as its safety
    copy stays too."""
    target_dir = Path(target_dir)
    kept = {m.get("safety") for m in _markers(target_dir.parent)}
    for old in retention.to_remove(list_backups(target_dir), kept):
        _remove(old["path"])
    for part in target_dir.glob(f"*{PART}"):  # left by a copy that was killed half-way
        try:
            if part.stat().st_mtime < time.time() - STALE_PART_SECONDS:
                part.unlink(missing_ok=True)
        except OSError:
            pass


class NotDeleted(ValueError):
    """The backup is not one the table deletes: rotation lets it go (store/retention.py), or an interrupted
    restore's note offers it."""


def delete(db_path: Path, name: str) -> None:
    """The table deletes a backup kept until deleted (by hand, before a deletion). FileNotFoundError: no such
    backup; NotDeleted: not one of those."""
    path = find(db_path, name)
    reason = NAME.match(name).group(2)
    if retention.limit(reason) is not None:
        raise NotDeleted(f"Backup {name} is not deleted by hand: the newest {retention.limit(reason)} "
                         f"{reason.replace('-', ' ')} backups are kept and older ones go by themselves.")
    if name in {m.get("safety") for m in _markers(Path(db_path).parent)}:
        raise NotDeleted(f"Backup {name} holds the state before an interrupted restore; decide about that first.")
    _remove(path)
    _fsync(path.parent)


def check(path: Path) -> str:
    """"ok", or what is damaged; a full disk (quick_check's scratch space) is raised, not a verdict on the file."""
    conn = read_only(path)
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        if dbmod.disk_full(exc):
            raise
        return str(exc)
    finally:
        conn.close()
    return "ok" if rows == ["ok"] else "; ".join(rows[:5])


def prepare(source: Path, work: Path, name: str, page_size: int | None = None) -> None:
    """Check a backup (integrity, ledger, schema), copy it to `work` and bring it to this version's schema the
    way start-up does, then check what it holds; with `page_size`, the copy is rewritten in the live file's
    page size so that it can be copied into it. Raises Refused (a ValueError), leaving the live database alone."""
    verdict = check(source)
    if verdict != "ok":
        raise Refused(f"Backup {name} fails its integrity check: {verdict}. Nothing was changed.")
    conn = read_only(source)
    try:
        applied, legacy = ledger(conn, name)
        structure(conn, name, applied, legacy)
    finally:
        conn.close()
    _remove(work)
    _copy(source, work)
    db = dbmod.connect(work)
    try:
        dbmod.migrate(db)
        verdict = dbmod.quick_check(db)
        if verdict == "ok":
            content(db, name)
    except sqlite3.DatabaseError as exc:
        if dbmod.disk_full(exc):
            raise
        raise Refused(f"Backup {name} cannot be brought up to date: {exc}. Nothing was changed.") from exc
    finally:
        db.conn.close()  # the last connection: its WAL is checkpointed into the file
    if verdict != "ok":
        raise Refused(f"Backup {name} fails its integrity check after its migrations: {verdict}. "
                      "Nothing was changed.")
    if page_size:
        _page_size_to(work, page_size)


def restore(db_path: Path, name: str) -> Path | None:
    """Write a backup over the live database; returns the safety copy of the state it replaced.

    Refused (a ValueError): the backup is not one to restore, and nothing changed. NotRestored: something
    failed on the way (a full disk included), the live database and the safety copy are as they were.

    A healthy live file is written into with SQLite's backup API in one write transaction: a running app's
    connections see the old state or the whole restored one. A damaged or missing one is replaced whole:
    the new file is written and synced beside it, then renamed over it.
    """
    db_path = Path(db_path)
    source = find(db_path, name)
    work = db_path.with_name(db_path.name + ".restoring")
    replaced = marked = False
    safety = None
    try:
        health, page_size = _health(db_path)
        prepare(source, work, name, page_size)
        if health == "ok":
            safety = take(db_path, "before-restore", verify=True)
            marked = True  # before: the marker may be in place when a step after its writing fails
            _mark(db_path, name, safety)
            _copy(work, db_path)  # the commit point: one transaction, rolled back by any error before it
        else:
            safety = _keep_as_it_is(db_path) if health != "missing" else None
            marked = True
            _mark(db_path, name, safety)
            _replace_whole(work, db_path)
        replaced = True
        _fsync(db_path.parent)  # the rename, or the restored file's size, made durable
        _remove(_marker(db_path))
    except (sqlite3.Error, OSError) as exc:
        if replaced:
            return safety  # restored; what failed was tidying up after it
        if marked:
            _remove(_marker(db_path))
        if dbmod.disk_full(exc):
            raise NotRestored(DISK_FULL, disk_full=True) from exc
        raise NotRestored(f"Restoring {name} failed ({exc}); nothing was restored: the database and its "
                          "backups are as they were.") from exc
    finally:
        _remove(work)
    return safety


# -- an interrupted restore ------------------------------------------------------------------------------------

def _marker(db_path: Path) -> Path:
    return Path(db_path).with_name(Path(db_path).name + ".restore.json")


def _markers(instance: Path) -> list[dict]:
    found = []
    for path in Path(instance).glob("*.restore.json"):
        try:
            found.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return [m for m in found if isinstance(m, dict)]


def _mark(db_path: Path, name: str, safety: Path | None) -> None:
    """Written, synced, before the live file is touched; removed once it is replaced."""
    marker = _marker(db_path)
    part = marker.with_name(marker.name + PART)
    try:
        part.write_text(json.dumps({"backup": name, "safety": safety.name if safety else None,
                                    "started": datetime.now(timezone.utc).isoformat(timespec="seconds")}),
                        encoding="utf-8")
        _fsync(part)
        os.replace(part, marker)
    finally:
        _remove(part)
    _fsync(marker.parent)


def interrupted(db_path: Path) -> dict | None:
    """A restore that stopped half-way (the app or the laptop stopped during it): the backup it was restoring,
    and the safety copy of the state before it (`safety`, None if there is none to offer)."""
    marker = _marker(db_path)
    if not marker.exists():
        return None
    found = {"backup": "a backup", "safety": None, "started": ""}
    try:
        read = json.loads(marker.read_text(encoding="utf-8"))
        if isinstance(read, dict):
            found.update({k: str(v) for k, v in read.items() if k in found and v})
    except (OSError, ValueError):
        pass
    if found["safety"]:
        try:
            find(db_path, found["safety"])
        except FileNotFoundError:
            found["safety"] = None
    return found


def interrupted_line(db_path: Path) -> str | None:
    """What the command line says at start-up about an interrupted restore."""
    found = interrupted(db_path)
    if not found:
        return None
    offer = (f" The state before it is kept as {found['safety']}: `companion restore {found['safety']}` "
             "brings it back." if found["safety"] else "")
    return (f"A restore of {found['backup']} was interrupted: the database holds either the state before it or "
            f"the restored one.{offer} Restoring any backup clears this note.")


def dismiss_interrupted(db_path: Path) -> None:
    _remove(_marker(db_path))


# -- the steps ---------------------------------------------------------------------------------------------------

def _health(db_path: Path) -> tuple[str, int | None]:
    """("ok", page size), ("missing", None) or (what is damaged, None). A full disk or a lock is raised:
    neither makes the file damaged."""
    if not db_path.exists():
        return "missing", None
    conn = sqlite3.connect(str(db_path))
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
            return str(exc), None
        raise
    finally:
        conn.close()
    return ("ok", page_size) if rows == ["ok"] else ("; ".join(rows[:5]), None)


def _copy(source: Path, target: Path, count: bool = False) -> dict[str, int] | None:
    """SQLite's backup API, from one read snapshot of the source; with `count`, the rows of each of its tables
    in that snapshot."""
    src = sqlite3.connect(str(source), isolation_level=None, timeout=dbmod.BUSY_TIMEOUT_MS / 1000)
    private_file(target)  # a copy of the table's data is as private as the database (0600)
    dst = sqlite3.connect(str(target), timeout=dbmod.BUSY_TIMEOUT_MS / 1000)
    try:
        counts = None
        if count:
            src.execute("BEGIN")
            counts = _counts(src)  # also opens the read snapshot the backup then copies
        src.backup(dst)  # the last step: once it returns, the target holds the whole copy
    finally:
        dst.close()
        src.close()  # which ends the read transaction
    return counts


def _counts(conn: sqlite3.Connection) -> dict[str, int]:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


def _verify_copy(path: Path, counts: dict[str, int]) -> None:
    conn = read_only(path)
    try:
        verdict = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
        found = _counts(conn)
    finally:
        conn.close()
    if verdict != ["ok"] or found != counts:
        raise sqlite3.DatabaseError(f"the safety copy {path.name} does not hold what the database holds")


def _page_size_to(work: Path, page_size: int) -> None:
    """The backup API cannot copy into a WAL file of another page size: the scratch copy is rewritten in the
    live file's page size instead, so the live file is never swapped under a running app's connections."""
    conn = sqlite3.connect(str(work), isolation_level=None)
    try:
        if conn.execute("PRAGMA page_size").fetchone()[0] == page_size:
            return
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute(f"PRAGMA page_size = {int(page_size)}")
        conn.execute("VACUUM")
        conn.execute("PRAGMA journal_mode = WAL")
        if conn.execute("PRAGMA page_size").fetchone()[0] != page_size:
            raise sqlite3.DatabaseError(f"the backup could not be rewritten in pages of {page_size} bytes")
    finally:
        conn.close()


def _keep_as_it_is(db_path: Path) -> Path:
    """A damaged live file (and its WAL) copied byte for byte into the backups before it is replaced: whatever
    can still be read from it is kept."""
    target_dir = folder(db_path)
    make_folder(target_dir)  # owner-only, as the instance folder
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%f")
    target = target_dir / f"companion-{stamp}-damaged.sqlite3"
    wal = Path(f"{db_path}-wal")
    if wal.exists():
        _copy_bytes(wal, Path(f"{target}-wal"))
    _copy_bytes(db_path, target)
    _fsync(target_dir)
    return target


def _copy_bytes(source: Path, target: Path) -> None:
    part = target.with_name(target.name + PART)
    try:
        shutil.copyfile(source, part)
        os.chmod(part, 0o600)  # copyfile makes it by the umask: as private as the database
        _fsync(part)
        if _digest(part) != _digest(source):
            raise OSError(f"the copy of {source.name} differs from it")
        os.replace(part, target)
    finally:
        _remove(part)


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _replace_whole(work: Path, db_path: Path) -> None:
    """Write-new-then-rename: the complete, synced file takes the live one's name in one step. The old file's
    WAL and shared memory go first (they are kept in the copy): a WAL read against the new file would corrupt it."""
    if Path(f"{work}-wal").exists():
        raise sqlite3.DatabaseError("the restored copy was not fully written")
    _fsync(work)
    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    os.replace(work, db_path)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal", ".json"):
        try:
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        except OSError:
            pass

"""Which backups stay: each reason keeps its own, a backup the table asked for stays until the table deletes it,
and the last known good one is never pushed out.

- "by-hand" (the Backups page's button) and "before-delete" (the copy before "Delete forever"): kept until the
  table deletes them on the Backups page.
- "mission-result" keeps its newest 12, "start-up" 6, "before-migration" 6, "before-restore" 6, "damaged" 3
  (any other reason 6): at most 33 automatic files, plus the last known good one, each about the size of the
  database.
- The last known good backup, the newest in which every document read back cleanly when it was taken, stays
  whatever its reason and age.
- A start-up copy is skipped when the database holds exactly what the newest backup holds (`fingerprint`: a
  SHA-256 of the schema and of every row, in rowid order; it also sees a change made outside the app).

What was found in a backup is recorded when it is taken, in a note beside it (backup_files.write_note): its
fingerprint and its documents' verdict ("clean", "damaged" with which ones, or "unreadable" when this version
cannot read them at all, a backup from before a migration for one). A backup without a note (taken by an older
version, or altered since: the note records its size and mtime) is judged when needed, and noted when the
backups are next pruned; listing them (the Backups page, `companion restore --list`) writes nothing.
"""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import sqlite_utils

from . import backup_files, readback

KEPT = ("by-hand", "before-delete")  # kept until the table deletes them
LIMITS = {"mission-result": 12, "start-up": 6, "before-migration": 6, "before-restore": 6, "damaged": 3}
OTHER = 6  # a reason this version does not know (a newer app's)
AUTOMATIC_BOUND = sum(LIMITS.values())  # files, plus the last known good one


def limit(reason: str) -> int | None:
    """How many of a reason stay; None: until the table deletes them."""
    return None if reason in KEPT else LIMITS.get(reason, OTHER)


def fingerprint(conn: sqlite3.Connection) -> str:
    """The schema and every row of every table, in one read snapshot."""
    h = hashlib.sha256()
    schema = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    h.update(repr(schema).encode())
    for (table, without_rowid) in [(r[1], "WITHOUT ROWID" in (r[3] or "").upper()) for r in schema
                                   if r[0] == "table"]:
        order = "" if without_rowid else " ORDER BY rowid"
        h.update(f"\x00{table}\x00".encode())
        for row in conn.execute(f'SELECT * FROM "{table}"{order}'):
            h.update(repr(row).encode())
    return h.hexdigest()


def live_fingerprint(db_path: Path) -> str | None:
    conn = sqlite3.connect(str(db_path), isolation_level=None)
    try:
        conn.execute("BEGIN")  # one read snapshot
        return fingerprint(conn)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def judge(path: Path) -> dict:
    """What a backup holds: its fingerprint, and whether every document reads back there."""
    try:
        conn = backup_files.read_only(path)
    except sqlite3.Error as exc:
        return {"documents": "unreadable", "why": str(exc), "fingerprint": None}
    try:
        found = {"fingerprint": fingerprint(conn)}
        damaged = readback.damaged(sqlite_utils.Database(conn))
        found["documents"] = "damaged" if damaged else "clean"
        found["damaged"] = [[exc.kind, exc.doc_id] for exc in damaged]
        return found
    except Exception as exc:  # noqa: BLE001 — any failure to read a backup's documents is "not clean"
        return {"documents": "unreadable", "why": str(exc)[:200], "fingerprint": None}
    finally:
        conn.close()


def note(path: Path, record: bool = True) -> dict:
    """The note recorded for the backup at `path`; if there is none, judged now (and, with `record`, noted: only
    when a backup is taken and the backups pruned, never by listing them, which writes nothing)."""
    found = backup_files.read_note(path)
    if found is None:
        found = judge(path)
        if record:
            try:
                backup_files.write_note(path, found)
            except OSError:
                pass  # a full disk: judged again next time
    return found


def last_known_good(found: list[dict], record: bool = True) -> dict | None:
    """Of `found` (newest first), the newest backup whose documents all read back cleanly."""
    for b in found:
        if b["reason"] != "damaged" and note(b["path"], record).get("documents") == "clean":
            return b
    return None


def unchanged(db_path: Path) -> bool:
    """Whether the database holds exactly what its newest backup holds."""
    found = backup_files.list_backups(backup_files.folder(db_path))
    if not found:
        return False
    recorded = note(found[0]["path"], record=False).get("fingerprint")
    return recorded is not None and recorded == live_fingerprint(db_path)


def to_remove(found: list[dict], protected: set[str]) -> list[dict]:
    """The backups of `found` (newest first) the policy lets go: past their reason's count, not kept until
    deleted, not the last known good one, not named in `protected`."""
    good = last_known_good(found)
    seen: dict[str, int] = {}
    out = []
    for b in found:
        n = limit(b["reason"])
        if n is None:
            continue
        seen[b["reason"]] = seen.get(b["reason"], 0) + 1
        if seen[b["reason"]] > n and b["name"] not in protected and b is not good:
            out.append(b)
    return out


def listing(db_path: Path) -> dict:
    """The Backups page's list: each backup with `kept` (until deleted), `good` (the last known good one) and
    `documents` (its verdict), and the space they take now. Writes nothing."""
    found = backup_files.list_backups(backup_files.folder(db_path))
    good = last_known_good(found, record=False)
    for b in found:
        b["kept"] = limit(b["reason"]) is None
        b["good"] = b is good
        b["documents"] = (note(b["path"], record=False).get("documents") if b["reason"] != "damaged"
                          else "damaged")
    return {"backups": found, "total": sum(b["size"] for b in found), "good": good}

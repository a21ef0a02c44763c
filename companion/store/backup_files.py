"""The backups folder's files: their names, the list of them, one found by name, one opened read-only, and the
small note (a sidecar JSON) recorded beside each when it is taken.

Below both `backups` (taking, restoring) and `readback` (reading documents back from a backup), so that taking a
backup can judge it without an import cycle.
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from .instance import FILE_MODE

NAME = re.compile(r"^companion-(\d{8}T\d{6}\d{6})-([a-z-]+)\.sqlite3$")
PART = ".part"  # a file being written; renamed to its name once complete
NOTE = ".json"  # companion-...-reason.sqlite3.json: what was found in the backup when it was taken


def folder(db_path: Path) -> Path:
    return Path(db_path).parent / "backups"


def list_backups(target_dir: Path) -> list[dict]:
    """Newest first: name, path, reason, taken (UTC), size in bytes."""
    found = []
    for p in Path(target_dir).glob("companion-*.sqlite3"):
        m = NAME.match(p.name)
        if m:
            taken = datetime.strptime(m.group(1), "%Y%m%dT%H%M%S%f").replace(tzinfo=timezone.utc)
            try:
                size = p.stat().st_size
            except FileNotFoundError:  # pruned meanwhile
                continue
            found.append({"name": p.name, "path": p, "reason": m.group(2), "taken": taken, "size": size})
    return sorted(found, key=lambda b: b["name"], reverse=True)


def find(db_path: Path, name: str) -> Path:
    """The backup called `name`, refusing anything that is not one of ours."""
    if not NAME.match(name or ""):
        raise FileNotFoundError(name)
    path = folder(db_path) / name
    if not path.is_file():
        raise FileNotFoundError(name)
    return path


def read_only(path: Path) -> sqlite3.Connection:
    """A backup is never written again: read as immutable, it leaves no -wal or -shm file beside it."""
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1", uri=True)


def note_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + NOTE)


def read_note(path: Path) -> dict | None:
    """The note beside a backup, None when there is none or it is not one (written by an older version, or
    unreadable), or when the backup's size or modification time differ from what it recorded."""
    try:
        note = json.loads(note_path(path).read_text(encoding="utf-8"))
        st = Path(path).stat()
    except (OSError, ValueError):
        return None
    if not isinstance(note, dict) or note.get("size") != st.st_size or note.get("mtime_ns") != st.st_mtime_ns:
        return None
    return note


def write_note(path: Path, note: dict) -> None:
    """Written beside its name, owner-only, then renamed into place; a failure leaves no note (it is found again
    the next time it is needed)."""
    st = Path(path).stat()
    target = note_path(path)
    part = target.with_name(target.name + PART)
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({**note, "size": st.st_size, "mtime_ns": st.st_mtime_ns}, f)
        os.replace(part, target)
    finally:
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass

"""The change log shared by campaigns (`history`) and games (`game_events`).

Each entry is one user action: when, a readable description, and the diff it
made (companion.store.changes). Undo marks the latest 'done' entry 'undone'
and writes its befores back; redo the reverse; a new change after an undo
abandons the undone entries. Callers hold the transaction (db.immediate).

Logs with request ids (`requests=True`: missions and games, migration 5) keep
the id a form carried with the entry it made, or with the entry an undo or
redo stepped, so a request sent again after its answer was lost is
recognised (`AlreadyApplied`) instead of being applied twice.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import now
from . import changes


class AlreadyApplied(Exception):
    """This request was applied before (its answer was lost on the way): nothing changes."""

    message = "This step was already saved (its answer was lost on the way): here is the current state."


@dataclass(frozen=True)
class Entry:
    id: int
    at: str
    description: str
    status: str


@dataclass(frozen=True)
class Log:
    table: str  # history / game_events
    owner: str  # campaign_id / game_id
    requests: bool = False  # the table has request_id and stepped_by (migration 5)

    def check_request(self, db, request_id: str | None) -> None:
        """Raise AlreadyApplied when an entry was made or stepped by `request_id`."""
        if request_id and self.requests and db.execute(
                f"SELECT 1 FROM {self.table} WHERE request_id = ? UNION ALL "
                f"SELECT 1 FROM {self.table} WHERE stepped_by = ? LIMIT 1", [request_id, request_id]).fetchone():
            raise AlreadyApplied()

    def owner_of(self, db, request_id: str | None) -> int | None:
        """Whose entry `request_id` made (a retried "create" finds what the first one created)."""
        if not request_id or not self.requests:
            return None
        row = db.execute(f"SELECT {self.owner} FROM {self.table} WHERE request_id = ?", [request_id]).fetchone()
        return row[0] if row else None

    def add(self, db, owner_id: int, description: str, before=None, after=None, abandon=True,
            request_id: str | None = None) -> None:
        diff = changes.diff(before, after) if before is not None else []
        if abandon:
            db.execute(f"UPDATE {self.table} SET status = 'abandoned' WHERE {self.owner} = ? AND status = 'undone'",
                       [owner_id])
        names, values = f"{self.owner}, at, description, diff", [owner_id, now(), description,
                                                                  json.dumps(diff, ensure_ascii=False, separators=(",", ":"))]
        if self.requests:
            names, values = names + ", request_id", values + [request_id or None]
        db.execute(f"INSERT INTO {self.table} ({names}) VALUES ({', '.join('?' * len(values))})", values)

    def step(self, db, owner_id: int, doc: dict, undo: bool, request_id: str | None = None) -> tuple[dict, str] | None:
        """The document after undoing (or redoing) one entry, and that entry's description."""
        if undo:
            entry = db.execute(f"SELECT id, description, diff FROM {self.table} WHERE {self.owner} = ? AND "
                               "status = 'done' AND diff != '[]' ORDER BY id DESC LIMIT 1", [owner_id]).fetchone()
        else:
            entry = db.execute(f"SELECT id, description, diff FROM {self.table} WHERE {self.owner} = ? AND "
                               "status = 'undone' ORDER BY id ASC LIMIT 1", [owner_id]).fetchone()
        if entry is None:
            return None
        doc = changes.apply(doc, json.loads(entry[2]), 1 if undo else 2)
        if self.requests:
            db.execute(f"UPDATE {self.table} SET status = ?, stepped_by = ? WHERE id = ?",
                       ["undone" if undo else "done", request_id or None, entry[0]])
        else:
            db.execute(f"UPDATE {self.table} SET status = ? WHERE id = ?", ["undone" if undo else "done", entry[0]])
        return doc, entry[1]

    def page(self, db, owner_id: int, page: int, size: int) -> tuple[list[Entry], bool]:
        """Newest first, one page; the bool says whether an older page exists."""
        rows = db.execute(f"SELECT id, at, description, status FROM {self.table} WHERE {self.owner} = ? AND "
                          "status != 'abandoned' ORDER BY id DESC LIMIT ? OFFSET ?",
                          [owner_id, size + 1, (page - 1) * size]).fetchall()
        return [Entry(*r) for r in rows[:size]], len(rows) > size

    def can_undo_redo(self, db, owner_id: int) -> tuple[bool, bool]:
        row = db.execute(f"SELECT EXISTS(SELECT 1 FROM {self.table} WHERE {self.owner} = ? AND status = 'done' "
                         f"AND diff != '[]'), EXISTS(SELECT 1 FROM {self.table} WHERE {self.owner} = ? AND "
                         "status = 'undone')", [owner_id, owner_id]).fetchone()
        return bool(row[0]), bool(row[1])

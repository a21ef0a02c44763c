"""The change log shared by campaigns (`history`) and games (`game_events`).

Each entry is one user action: when, a readable description, and the diff it
made (companion.store.changes). Undo marks the latest 'done' entry 'undone'
and writes its befores back; redo the reverse; a new change after an undo
abandons the undone entries. Callers hold the transaction (db.immediate).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import now
from . import changes


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

    def add(self, db, owner_id: int, description: str, before=None, after=None, abandon=True) -> None:
        diff = changes.diff(before, after) if before is not None else []
        if abandon:
            db.execute(f"UPDATE {self.table} SET status = 'abandoned' WHERE {self.owner} = ? AND status = 'undone'",
                       [owner_id])
        db.execute(f"INSERT INTO {self.table} ({self.owner}, at, description, diff) VALUES (?, ?, ?, ?)",
                   [owner_id, now(), description, json.dumps(diff, ensure_ascii=False, separators=(",", ":"))])

    def step(self, db, owner_id: int, doc: dict, undo: bool) -> tuple[dict, str] | None:
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

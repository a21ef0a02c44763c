"""JSON documents with an undoable history: the maps and the card library.

Each kind is a table with a `doc` column and a history table of
[path, before, after] diffs (`changes.diff`), like the campaigns. Every change
is one BEGIN IMMEDIATE transaction: read the document, run the command, write
the new document and one history entry; a command that raises changes
nothing. Undo writes a change's befores back, redo its afters; a new change
abandons what was undone.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from . import changes


class NotFound(LookupError):
    pass


@dataclass(frozen=True)
class Outcome:
    """What a command returns: the new document, one sentence, and any plain columns to update."""
    doc: dict
    description: str
    columns: dict | None = None


def dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Documents:
    table: str
    history_table: str

    def row(self, db, doc_id: int) -> dict:
        row = next(db.query(f"SELECT * FROM {self.table} WHERE id = ?", [doc_id]), None)
        if row is None:
            raise NotFound(doc_id)
        return row

    def get(self, db, doc_id: int) -> tuple[dict, dict]:
        row = self.row(db, doc_id)
        return row, json.loads(row["doc"])

    def listing(self, db, columns: str = "id, name, updated_at") -> list[dict]:
        return list(db.query(f"SELECT {columns} FROM {self.table} ORDER BY updated_at DESC, id DESC"))

    def create(self, db, columns: dict, doc: dict, description: str) -> int:
        with immediate(db):
            stamp = now()
            cols = {**columns, "doc": dump(doc), "created_at": stamp, "updated_at": stamp}
            cur = db.execute(f"INSERT INTO {self.table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                             list(cols.values()))
            self._log(db, cur.lastrowid, description, [])
        return cur.lastrowid

    def change(self, db, doc_id: int, command) -> Outcome:
        """Run `command(row, doc) -> Outcome` and record it, all in one transaction."""
        with immediate(db):
            row = self.row(db, doc_id)
            before = json.loads(row["doc"])
            result = command(row, before)
            columns = dict(result.columns or {})
            diff = changes.diff(before, result.doc)
            if columns:  # plain columns (name, size) are undone with the document: keep them in the diff
                diff += [[["$column", k], row[k], v] for k, v in columns.items() if row[k] != v]
            self._write(db, doc_id, result.doc, columns)
            db.execute(f"UPDATE {self.history_table} SET status = 'abandoned' WHERE owner_id = ? AND status = 'undone'",
                       [doc_id])
            self._log(db, doc_id, result.description, diff)
        return result

    def _log(self, db, doc_id: int, description: str, diff: list) -> None:
        db.execute(f"INSERT INTO {self.history_table} (owner_id, at, description, diff) VALUES (?, ?, ?, ?)",
                   [doc_id, now(), description, dump(diff)])

    def _write(self, db, doc_id: int, doc: dict, columns: dict) -> None:
        cols = {**columns, "doc": dump(doc), "updated_at": now()}
        db.execute(f"UPDATE {self.table} SET {', '.join(f'{k} = ?' for k in cols)} WHERE id = ?",
                   [*cols.values(), doc_id])

    def _step(self, db, doc_id: int, undo: bool) -> str | None:
        with immediate(db):
            row = self.row(db, doc_id)
            order = "DESC" if undo else "ASC"
            status = "done" if undo else "undone"
            entry = db.execute(f"SELECT id, description, diff FROM {self.history_table} WHERE owner_id = ? "
                               f"AND status = ? AND diff != '[]' ORDER BY id {order} LIMIT 1",
                               [doc_id, status]).fetchone()
            if entry is None:
                return None
            side = 1 if undo else 2
            diff = json.loads(entry[2])
            columns = {c[0][1]: c[side] for c in diff if c[0][:1] == ["$column"]}
            doc = changes.apply(json.loads(row["doc"]), [c for c in diff if c[0][:1] != ["$column"]], side)
            self._write(db, doc_id, doc, columns)
            db.execute(f"UPDATE {self.history_table} SET status = ? WHERE id = ?",
                       ["undone" if undo else "done", entry[0]])
            return entry[1]

    def undo(self, db, doc_id: int) -> str | None:
        return self._step(db, doc_id, undo=True)

    def redo(self, db, doc_id: int) -> str | None:
        return self._step(db, doc_id, undo=False)

    def status(self, db, doc_id: int) -> dict:
        """can_undo, can_redo and the last entry's description: what the bottom bar shows."""
        h = self.history_table
        row = db.execute(f"SELECT EXISTS(SELECT 1 FROM {h} WHERE owner_id = ? AND status = 'done' AND diff != '[]'), "
                         f"EXISTS(SELECT 1 FROM {h} WHERE owner_id = ? AND status = 'undone'), "
                         f"(SELECT description FROM {h} WHERE owner_id = ? AND status = 'done' ORDER BY id DESC LIMIT 1)",
                         [doc_id, doc_id, doc_id]).fetchone()
        return {"can_undo": bool(row[0]), "can_redo": bool(row[1]), "last_change": row[2]}

    def name_taken(self, db, name: str) -> bool:
        return db.execute(f"SELECT 1 FROM {self.table} WHERE name = ?", [name]).fetchone() is not None

    def delete(self, db, doc_id: int) -> str:
        with immediate(db):
            row = self.row(db, doc_id)
            db.execute(f"DELETE FROM {self.table} WHERE id = ?", [doc_id])
            return row["name"]


MAPS = Documents("maps", "map_history")
CARDS = Documents("card_libraries", "card_history")


def unique_name(store: Documents, db, name: str, max_len: int = 80) -> str:
    """An import never replaces what is there; it becomes a copy beside it."""
    candidate, n = name, 1
    while store.name_taken(db, candidate):
        n += 1
        suffix = " (copy)" if n == 2 else f" (copy {n - 1})"
        candidate = name[: max_len - len(suffix)] + suffix
    return candidate

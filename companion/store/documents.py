"""JSON documents kept by the journal with plain columns beside them: the maps and the card library.

A command here is `command(row, doc) -> Outcome`: the new document, one
sentence and any plain columns to update (a map's name and size), which are
undone with the document. MAP_JOURNAL and CARD_JOURNAL are the journals
(store/journal.py); MAPS and CARDS keep the document-style calls the map
editor and the card pages make.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from .journal import Journal, NotFound, Written, dump

__all__ = ["NotFound", "Outcome", "dump", "MAP_JOURNAL", "CARD_JOURNAL", "MAPS", "CARDS", "unique_name"]


@dataclass(frozen=True)
class Outcome:
    """What a command returns: the new document, one sentence, and any plain columns to update."""
    doc: dict
    description: str
    columns: dict | None = None


def _pair(row: dict) -> tuple[dict, dict]:
    return row, json.loads(row["doc"])


def _written(result: Outcome, row: dict) -> Written:
    return Written(result.doc, result.description, dict(result.columns or {}))


def _journal(kind: str, table: str, entries: str) -> Journal:
    # A command takes (row, doc): the journal hands it the pair.
    return Journal(kind, table, entries, "owner_id", document="doc", load=_pair, read=_pair, written=_written)


MAP_JOURNAL = _journal("map", "maps", "map_history")
CARD_JOURNAL = _journal("cards", "card_libraries", "card_history")


@dataclass(frozen=True)
class Documents:
    journal: Journal

    @property
    def table(self) -> str:
        return self.journal.table

    def row(self, db, doc_id: int) -> dict:
        return self.journal.row(db, doc_id)

    def get(self, db, doc_id: int) -> tuple[dict, dict]:
        return self.journal.get(db, doc_id)

    def listing(self, db, columns: str = "id, name, updated_at") -> list[dict]:
        return list(db.query(f"SELECT {columns} FROM {self.table} ORDER BY updated_at DESC, id DESC"))

    def create(self, db, columns: dict, doc: dict, description: str, request_id: str | None = None) -> int:
        return self.journal.create(db, columns, doc, description, request_id=request_id)

    def change(self, db, doc_id: int, command, *, seen_version: int | None = None,
               request_id: str | None = None) -> Outcome:
        """Run `command(row, doc) -> Outcome` and record it, all in one transaction."""
        return self.journal.change(db, doc_id, lambda pair: command(*pair), seen_version=seen_version,
                                   request_id=request_id)

    def undo(self, db, doc_id: int, *, request_id: str | None = None) -> str | None:
        return self.journal.undo(db, doc_id, request_id=request_id)

    def redo(self, db, doc_id: int, *, request_id: str | None = None) -> str | None:
        return self.journal.redo(db, doc_id, request_id=request_id)

    def status(self, db, doc_id: int) -> dict:
        """can_undo, can_redo and the newest change still done: what the editor's bottom bar shows."""
        can_undo, can_redo = self.journal.can_undo_redo(db, doc_id)
        last = db.execute(f"SELECT description FROM [{self.journal.entries}] WHERE owner_id = ? AND status = 'done' "
                          "ORDER BY id DESC LIMIT 1", [doc_id]).fetchone()
        return {"can_undo": can_undo, "can_redo": can_redo, "last_change": last[0] if last else None}

    def name_taken(self, db, name: str) -> bool:
        return any(db[self.table].rows_where("name = ?", [name], limit=1))

    def delete(self, db, doc_id: int) -> str:
        return self.journal.delete(db, doc_id)["name"]


MAPS = Documents(MAP_JOURNAL)
CARDS = Documents(CARD_JOURNAL)


def unique_name(store: Documents, db, name: str, max_len: int = 80) -> str:
    """An import never replaces what is there; it becomes a copy beside it."""
    candidate, n = name, 1
    while store.name_taken(db, candidate):
        n += 1
        suffix = " (copy)" if n == 2 else f" (copy {n - 1})"
        candidate = name[: max_len - len(suffix)] + suffix
    return candidate

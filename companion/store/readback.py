"""Every stored document read back as its area reads it: what start-up finds damaged, and the newest backup that
still holds a damaged one readable.

A document whose bytes were flipped inside its JSON passes SQLite's integrity check; only reading it back as the
app does (each area's JOURNAL `load`, through `Journal.decode`) finds it. The backups are opened read-only
(`backup_files.read_only`: immutable, nothing written beside them) and only the one document is read from each.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from . import backup_files, campaigns, cards, games, maps, mission_table
from .journal import DamagedDocument, Journal

# Every undoable document's journal, by its kind (applied_requests.kind): the order start-up checks them in.
JOURNALS: dict[str, Journal] = {j.kind: j for j in (campaigns.JOURNAL, games.JOURNAL, mission_table.JOURNAL,
                                                    maps.JOURNAL, cards.JOURNAL)}


def damaged(db) -> list[DamagedDocument]:
    """Every document that does not read back, hidden ones too (a campaign in the bin, a withdrawn map)."""
    found = []
    for journal in JOURNALS.values():
        for row in db[journal.table].rows:
            try:
                journal.decode(journal.load, row)
            except DamagedDocument as exc:
                found.append(exc)
    return found


def still_damaged(db, exc: DamagedDocument) -> DamagedDocument | None:
    """`exc` as the document stands now: None when it is gone or reads back again (a restore, a repair)."""
    journal = JOURNALS[exc.kind]
    try:
        journal.get(db, exc.doc_id, include_hidden=True)
    except DamagedDocument as now:
        return now
    except LookupError:  # journal.NotFound: gone
        return None
    return None


def readable_in(path: Path, kind: str, doc_id: int) -> bool:
    """Whether the backup at `path` holds the document and it reads back there; any failure to read it is no."""
    journal = JOURNALS[kind]
    try:
        conn = backup_files.read_only(path)
    except sqlite3.Error:
        return False
    try:
        conn.row_factory = sqlite3.Row
        found = conn.execute(f"SELECT * FROM [{journal.table}] WHERE id = ?", [doc_id]).fetchone()
        if found is None:
            return False
        journal.decode(journal.load, dict(found))
        return True
    except (sqlite3.Error, DamagedDocument):
        return False
    finally:
        conn.close()


def last_readable(db_path: Path, kind: str, doc_id: int) -> dict | None:
    """The newest backup (backup_files.list_backups' dict) where the document reads back, or None."""
    for backup in backup_files.list_backups(backup_files.folder(Path(db_path))):
        if readable_in(backup["path"], kind, doc_id):
            return backup
    return None

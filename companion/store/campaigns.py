"""Campaigns in SQLite: one row per campaign document (characters live inside it), kept by the journal.

Every user action goes through `JOURNAL.change` (store/journal.py): one BEGIN
IMMEDIATE transaction that reads the document, runs the engine command,
writes the new document and one history entry; a command that raises
changes nothing, and a request sent again is applied once. A form that
renames the campaign or edits its notes also carries the document's own
version (phantom.campaign.StaleVersion); the row's `version` column is the
journal's, raised on every change, undo and redo. This module keeps the
campaigns' own queries: the listing, the archive and the bin.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from ..phantom.campaign import Campaign, Change, campaign_from_dict, campaign_to_dict
from .journal import AlreadyApplied, Journal, NotFound, Stale, Written, dump
from .journal import Entry as HistoryEntry

__all__ = ["AlreadyApplied", "NotFound", "Stale", "CampaignRow", "HistoryEntry", "JOURNAL"]
HISTORY_PAGE = 20
_dump = dump  # bench.py writes history rows as this module stores them (until it takes journal.dump)


@dataclass(frozen=True)
class CampaignRow:
    id: int
    campaign: Campaign
    archived: bool
    deleted_at: str | None
    updated_at: str
    version: int = 1


def _campaign(row: dict) -> Campaign:
    return campaign_from_dict(json.loads(row["state"]))


def _load(row: dict) -> CampaignRow:
    return CampaignRow(row["id"], _campaign(row), bool(row["archived"]), row["deleted_at"], row["updated_at"],
                       row["version"])


def _written(result: Change, row: dict) -> Written:
    return Written(campaign_to_dict(result.campaign), result.description)


JOURNAL = Journal("campaign", "campaigns", "history", "campaign_id", load=_load, read=_campaign,
                  written=_written, derive=lambda doc: {"name": doc["name"]},
                  hidden=lambda row: bool(row["deleted_at"]), page_size=HISTORY_PAGE)


def get(db, campaign_id: int, include_deleted=False) -> CampaignRow:
    return JOURNAL.get(db, campaign_id, include_hidden=include_deleted)


def version(db, campaign_id: int) -> int:
    return JOURNAL.version(db, campaign_id)


def listing(db, archived=False, deleted=False) -> list[dict]:
    where = "deleted_at IS NOT NULL" if deleted else "deleted_at IS NULL AND archived = ?"
    params = [] if deleted else [1 if archived else 0]
    return list(db.query(f"SELECT id, name, archived, deleted_at, updated_at FROM campaigns WHERE {where} "
                         "ORDER BY updated_at DESC, id DESC", params))


def create(db, campaign: Campaign, description: str, request_id: str | None = None) -> int:
    return JOURNAL.create(db, {}, campaign_to_dict(campaign), description, request_id=request_id)


def change(db, campaign_id: int, command, *, seen_version: int | None = None,
           request_id: str | None = None) -> Change:
    """Run `command(campaign) -> Change` and record it, all in one transaction (JOURNAL.change)."""
    return JOURNAL.change(db, campaign_id, command, seen_version=seen_version, request_id=request_id)


def change_within(db, campaign_id: int, command, *, request_id: str | None = None) -> Change:
    """`change` inside a transaction the caller holds (a mission recorded together with its mark)."""
    return JOURNAL.change_within(db, campaign_id, command, request_id=request_id)


def undo(db, campaign_id: int, *, request_id: str | None = None) -> str | None:
    """Undo the latest change; returns its description, or None when there is none."""
    return JOURNAL.undo(db, campaign_id, request_id=request_id)


def redo(db, campaign_id: int, *, request_id: str | None = None) -> str | None:
    return JOURNAL.redo(db, campaign_id, request_id=request_id)


def history(db, campaign_id: int, page: int = 1, size: int = HISTORY_PAGE) -> tuple[list[HistoryEntry], bool]:
    """Newest first, one page; the bool says whether an older page exists."""
    return JOURNAL.history(db, campaign_id, page, size)


def can_undo_redo(db, campaign_id: int) -> tuple[bool, bool]:
    return JOURNAL.can_undo_redo(db, campaign_id)


def set_flags(db, campaign_id: int, archived: bool | None = None, deleted: bool | None = None) -> str:
    """Archive, put in the bin or take out of it; each is recorded in the history."""
    if archived is not None:
        columns = {"archived": int(archived)}
        text = "Archived the campaign" if archived else "Took the campaign out of the archive"
    else:
        columns = {"deleted_at": now() if deleted else None}
        text = "Moved the campaign to the bin" if deleted else "Restored the campaign from the bin"
    row = JOURNAL.note(db, campaign_id, text, columns, include_hidden=True)
    return f"{row['name']}: {text.lower()}"


def delete_forever(db, campaign_id: int) -> str:
    with immediate(db):
        row = JOURNAL.row(db, campaign_id, include_hidden=True)
        if not row["deleted_at"]:
            raise NotFound(campaign_id)
        JOURNAL.delete_within(db, row)
        return row["name"]


def name_taken(db, name: str) -> bool:
    return any(db["campaigns"].rows_where("name = ? AND deleted_at IS NULL", [name], limit=1))

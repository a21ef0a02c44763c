"""Campaigns in SQLite: one row per campaign document (characters live inside it), kept by the journal.

Every user action goes through `JOURNAL.change` (store/journal.py; `JOURNAL.get`
reads a CampaignRow, `JOURNAL.create` stores a Campaign): one BEGIN
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
from .journal import AlreadyApplied, DamagedDocument, Journal, NotFound, Stale, Written

__all__ = ["AlreadyApplied", "NotFound", "Stale", "CampaignRow", "JOURNAL"]
HISTORY_PAGE = 20


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


def _stepped(db, entry_id: int, undone: bool) -> None:
    """A recorded mission result is part of the campaign's history: undoing the entry that recorded it makes the
    mission recordable again, redoing it marks it recorded again (store/mission_table.record_in_campaign). Its
    mission's version goes up so a tablet showing it follows."""
    db.execute("UPDATE missions SET recorded_at = ?, version = version + 1, updated_at = ? WHERE recorded_entry = ?",
               [None if undone else now(), now(), entry_id])


JOURNAL = Journal("campaign", "campaigns", "history", "campaign_id", load=_load, read=_campaign,
                  written=_written, encode=lambda campaign, _columns: campaign_to_dict(campaign),
                  derive=lambda doc: {"name": doc["name"]},
                  hidden=lambda row: bool(row["deleted_at"]), stepped=_stepped, page_size=HISTORY_PAGE)


def listing(db, archived=False, deleted=False) -> list[dict]:
    where = "deleted_at IS NOT NULL" if deleted else "deleted_at IS NULL AND archived = ?"
    params = [] if deleted else [1 if archived else 0]
    return list(db.query(f"SELECT id, name, archived, deleted_at, updated_at FROM campaigns WHERE {where} "
                         "ORDER BY updated_at DESC, id DESC", params))


def with_party(db, size: int) -> int | None:
    """The most recently changed active campaign with at least `size` active characters (None: none has); a
    damaged campaign (DamagedDocument) is passed over, so the home page that asks still opens."""
    for row in listing(db):
        try:
            campaign = JOURNAL.get(db, row["id"]).campaign
        except DamagedDocument:
            continue
        if sum(1 for ch in campaign.characters if ch.active) >= size:
            return row["id"]
    return None


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

"""Campaigns in SQLite: one row per campaign document, and its history of changes.

Every user action goes through `change()`: one BEGIN IMMEDIATE transaction
that reads the document, runs the engine command, writes the new document and
one history entry. A command that raises changes nothing.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from ..phantom.campaign import Campaign, Change, campaign_from_dict, campaign_to_dict
from .eventlog import Entry as HistoryEntry
from .eventlog import Log

HISTORY_PAGE = 20


LOG = Log("history", "campaign_id")


class NotFound(LookupError):
    pass


@dataclass(frozen=True)
class CampaignRow:
    id: int
    campaign: Campaign
    archived: bool
    deleted_at: str | None
    updated_at: str


def _dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _row(db, campaign_id: int, include_deleted=False) -> dict:
    row = next(db.query("SELECT * FROM campaigns WHERE id = ?", [campaign_id]), None)
    if row is None or (row["deleted_at"] and not include_deleted):
        raise NotFound(campaign_id)
    return row


def get(db, campaign_id: int, include_deleted=False) -> CampaignRow:
    row = _row(db, campaign_id, include_deleted)
    return CampaignRow(row["id"], campaign_from_dict(json.loads(row["state"])), bool(row["archived"]),
                       row["deleted_at"], row["updated_at"])


def listing(db, archived=False, deleted=False) -> list[dict]:
    where = "deleted_at IS NOT NULL" if deleted else "deleted_at IS NULL AND archived = ?"
    params = [] if deleted else [1 if archived else 0]
    return list(db.query(f"SELECT id, name, archived, deleted_at, updated_at FROM campaigns WHERE {where} "
                         "ORDER BY updated_at DESC, id DESC", params))


def create(db, campaign: Campaign, description: str) -> int:
    with immediate(db):
        stamp = now()
        cur = db.execute("INSERT INTO campaigns (name, state, created_at, updated_at) VALUES (?, ?, ?, ?)",
                         [campaign.name, _dump(campaign_to_dict(campaign)), stamp, stamp])
        campaign_id = cur.lastrowid
        LOG.add(db, campaign_id, description, abandon=False)
    return campaign_id


def change(db, campaign_id: int, command) -> Change:
    """Run `command(campaign) -> Change` and record it, all in one transaction."""
    with immediate(db):
        return change_within(db, campaign_id, command)


def change_within(db, campaign_id: int, command) -> Change:
    """`change` inside a transaction the caller holds (a mission recorded together with its mark)."""
    row = _row(db, campaign_id)
    before = json.loads(row["state"])
    result = command(campaign_from_dict(before))
    after = campaign_to_dict(result.campaign)
    _save(db, campaign_id, after)
    LOG.add(db, campaign_id, result.description, before, after)
    return result


def _save(db, campaign_id: int, doc: dict) -> None:
    db.execute("UPDATE campaigns SET state = ?, name = ?, updated_at = ? WHERE id = ?",
               [_dump(doc), doc["name"], now(), campaign_id])


def _step(db, campaign_id: int, undo: bool) -> str | None:
    with immediate(db):
        row = _row(db, campaign_id)
        stepped = LOG.step(db, campaign_id, json.loads(row["state"]), undo)
        if stepped is None:
            return None
        _save(db, campaign_id, stepped[0])
        return stepped[1]


def undo(db, campaign_id: int) -> str | None:
    """Undo the latest change; returns its description, or None when there is none."""
    return _step(db, campaign_id, undo=True)


def redo(db, campaign_id: int) -> str | None:
    return _step(db, campaign_id, undo=False)


def history(db, campaign_id: int, page: int = 1, size: int = HISTORY_PAGE) -> tuple[list[HistoryEntry], bool]:
    """Newest first, one page; the bool says whether an older page exists."""
    return LOG.page(db, campaign_id, page, size)


def can_undo_redo(db, campaign_id: int) -> tuple[bool, bool]:
    return LOG.can_undo_redo(db, campaign_id)


def set_flags(db, campaign_id: int, archived: bool | None = None, deleted: bool | None = None) -> str:
    """Archive, put in the bin or take out of it; each is recorded in the history."""
    with immediate(db):
        row = _row(db, campaign_id, include_deleted=True)
        if archived is not None:
            db.execute("UPDATE campaigns SET archived = ?, updated_at = ? WHERE id = ?",
                       [int(archived), now(), campaign_id])
            text = "Archived the campaign" if archived else "Took the campaign out of the archive"
        else:
            db.execute("UPDATE campaigns SET deleted_at = ?, updated_at = ? WHERE id = ?",
                       [now() if deleted else None, now(), campaign_id])
            text = "Moved the campaign to the bin" if deleted else "Restored the campaign from the bin"
        LOG.add(db, campaign_id, text, abandon=False)
        return f"{row['name']}: {text.lower()}"


def delete_forever(db, campaign_id: int) -> str:
    with immediate(db):
        row = _row(db, campaign_id, include_deleted=True)
        if not row["deleted_at"]:
            raise NotFound(campaign_id)
        db.execute("DELETE FROM campaigns WHERE id = ?", [campaign_id])
        return row["name"]


def name_taken(db, name: str) -> bool:
    return db.execute("SELECT 1 FROM campaigns WHERE name = ? AND deleted_at IS NULL", [name]).fetchone() is not None

"""Missions being played at the table: one row per mission (its snapshot) and its event log, kept by the journal.

Like the games: every step goes through `JOURNAL.change` (store/journal.py),
which checks the version the device saw (`StaleMission`) and recognises a
request sent again (`AlreadyApplied`). This module keeps the missions' own
queries: reading a snapshot once, and recording a finished mission in its
campaign's book once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from ..errors import RuleError
from ..phantom.play import Mission, Update, mission_from_dict, mission_to_dict
from . import campaigns
from .journal import AlreadyApplied, Journal, NotFound, Stale, Written, dump
from .snapshots import Snapshots

__all__ = ["AlreadyApplied", "NotFound", "StaleMission", "MissionRow", "JOURNAL"]
LOG_PAGE = 30


class AlreadyRecorded(Exception):
    message = "This mission is already in its campaign book: nothing was recorded a second time."


class StaleMission(Stale):
    """The mission changed since the device loaded it (another device saved first)."""

    message = "This mission was changed on another device; here is the current state. Nothing was saved."


@dataclass(frozen=True)
class MissionRow:
    id: int
    name: str
    campaign_id: int | None
    map_id: int | None
    mission: Mission
    status: str
    version: int
    updated_at: str
    recorded_at: str | None = None  # when it went into its campaign's book


SNAPSHOTS = Snapshots()  # stored text -> its Mission


def _mission(text: str) -> Mission:
    return SNAPSHOTS.read(text, lambda s: mission_from_dict(json.loads(s)))


def _load(row: dict) -> MissionRow:
    return MissionRow(row["id"], row["name"], row["campaign_id"], row["map_id"], _mission(row["state"]),
                      row["status"], row["version"], row["updated_at"], row["recorded_at"])


def _written(result: Update, row: dict) -> Written:
    doc = mission_to_dict(result.mission)
    SNAPSHOTS.put(dump(doc), result.mission)
    return Written(doc, result.reasons[0] if result.reasons else "Changed the mission")


def _derive(doc: dict) -> dict:
    return {"status": "finished" if doc.get("result") else "active"}


def _locked(row: dict) -> None:
    """A mission in its campaign's book keeps the result it was recorded with: undoing here would leave a book
    entry no longer matching the table, and a result that could not be recorded again."""
    if row["recorded_at"]:
        raise RuleError("undo", "This mission's result is in its campaign's book: undo the record on the campaign "
                                "first (its Undo), then steps here can be undone.", "13")


JOURNAL = Journal("mission", "missions", "mission_events", "mission_id", load=_load,
                  read=lambda row: _mission(row["state"]), written=_written,
                  encode=lambda mission, _columns: mission_to_dict(mission), derive=_derive, locked=_locked,
                  stale=StaleMission, page_size=LOG_PAGE)


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, name, campaign_id, status, updated_at FROM missions ORDER BY "
                         "status = 'finished', updated_at DESC, id DESC"))


def record_in_campaign(db, mission_id: int, command, *, request_id: str | None = None,
                       fingerprint: str | None = None, also=None):
    """`command(mission) -> (campaign id, campaign command)`: the finished mission into its campaign's book and
    the mission marked as recorded, in one transaction, once (a retried request is AlreadyApplied, a second tap
    refused); `also()` writes what goes with it in the same transaction (the Mission book's rewards kept in the
    card library). The mark names the campaign entry: undoing that entry on the campaign clears it (campaigns'
    `stepped` hook), so the mission can be recorded again, and redoing it sets it again."""
    with immediate(db):
        row = JOURNAL.row(db, mission_id)
        campaigns.JOURNAL.check_request(db, request_id, row["campaign_id"], fingerprint)
        if row["recorded_at"]:
            raise AlreadyRecorded()
        campaign_id, campaign_command = command(_mission(row["state"]))
        result = campaigns.JOURNAL.change_within(db, campaign_id, campaign_command, request_id=request_id,
                                                 fingerprint=fingerprint)
        entry = db.execute("SELECT MAX(id) FROM history WHERE campaign_id = ?", [campaign_id]).fetchone()[0]
        JOURNAL.touch(db, row, {"recorded_at": now(), "recorded_entry": entry})
        if also:
            also()
    return result

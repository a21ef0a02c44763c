"""Missions being played at the table: one row per mission (its snapshot) and its event log.

Like the games (store/games.py): every step goes through `change()`, one BEGIN
IMMEDIATE transaction that checks the version the device saw, reads the
snapshot, runs the engine command, writes the new snapshot and one event
(eventlog). A refused command changes nothing. The version goes up on every
change, undo and redo: a second device polls it, and a stale form is told
(`StaleMission`). A step sent again with the request id of one already in the
log (its answer was lost on the way) changes nothing (`AlreadyApplied`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from ..phantom.play import Mission, Update, mission_from_dict, mission_to_dict
from . import campaigns
from .eventlog import AlreadyApplied, Entry, Log

__all__ = ["AlreadyApplied", "NotFound", "StaleMission", "MissionRow"]
LOG = Log("mission_events", "mission_id", requests=True)
LOG_PAGE = 30


class NotFound(LookupError):
    pass


class AlreadyRecorded(Exception):
    message = "This mission is already in its campaign book: nothing was recorded a second time."


class StaleMission(Exception):
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


def _dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _row(db, mission_id: int) -> dict:
    row = next(db.query("SELECT * FROM missions WHERE id = ?", [mission_id]), None)
    if row is None:
        raise NotFound(mission_id)
    return row


_READ: dict = {}  # snapshot text -> its Mission: a poll or a page right after a change reads what was written
_READ_KEEP = 8


def _mission(text: str) -> Mission:
    found = _READ.get(text)
    if found is None:
        found = mission_from_dict(json.loads(text))
        _READ[text] = found
        while len(_READ) > _READ_KEEP:
            _READ.pop(next(iter(_READ)))
    return found


def get(db, mission_id: int) -> MissionRow:
    row = _row(db, mission_id)
    return MissionRow(row["id"], row["name"], row["campaign_id"], row["map_id"], _mission(row["state"]),
                      row["status"], row["version"], row["updated_at"], row["recorded_at"])


def version(db, mission_id: int) -> int:
    row = db.execute("SELECT version FROM missions WHERE id = ?", [mission_id]).fetchone()
    if row is None:
        raise NotFound(mission_id)
    return row[0]


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, name, campaign_id, status, updated_at FROM missions ORDER BY "
                         "status = 'finished', updated_at DESC, id DESC"))


def create(db, name: str, mission: Mission, description: str, campaign_id: int | None = None,
           map_id: int | None = None, request_id: str | None = None) -> int:
    """The new mission's id; a set-up sent again with the same request id gives the first one's."""
    with immediate(db):
        made = LOG.owner_of(db, request_id)
        if made is not None:
            return made
        stamp = now()
        text = _dump(mission_to_dict(mission))
        cur = db.execute("INSERT INTO missions (name, campaign_id, map_id, state, created_at, updated_at) "
                         "VALUES (?, ?, ?, ?, ?, ?)", [name, campaign_id, map_id, text, stamp, stamp])
        LOG.add(db, cur.lastrowid, description, abandon=False, request_id=request_id)
    return cur.lastrowid


def _save(db, mission_id: int, doc: dict) -> str:
    text = _dump(doc)
    status = "finished" if doc.get("result") else "active"
    db.execute("UPDATE missions SET state = ?, status = ?, version = version + 1, updated_at = ? WHERE id = ?",
               [text, status, now(), mission_id])
    return text


def change(db, mission_id: int, seen_version: int | None, command, description: str | None = None,
           request_id: str | None = None) -> Update:
    """Run `command(mission) -> Update` and record it as one event, all in one transaction.

    The event's description is `description`, else the update's first reason. A `request_id` already in
    the log raises AlreadyApplied before the version is compared: the retry carries the version the first
    send saw, which that send itself made stale."""
    with immediate(db):
        row = _row(db, mission_id)
        LOG.check_request(db, request_id)
        if seen_version is not None and seen_version != row["version"]:
            raise StaleMission()
        before = json.loads(row["state"])
        result = command(_mission(row["state"]))
        after = mission_to_dict(result.mission)
        text = _save(db, mission_id, after)
        _READ[text] = result.mission
        said = description or (result.reasons[0] if result.reasons else "Changed the mission")
        LOG.add(db, mission_id, said, before, after, request_id=request_id)
    return result


def record_in_campaign(db, mission_id: int, command):
    """`command(mission) -> (campaign id, campaign command)`: the finished mission into its campaign's book and
    the mission marked as recorded, in one transaction, once (a second tap or a retried request is refused)."""
    with immediate(db):
        row = _row(db, mission_id)
        if row["recorded_at"]:
            raise AlreadyRecorded()
        campaign_id, campaign_command = command(_mission(row["state"]))
        result = campaigns.change_within(db, campaign_id, campaign_command)
        db.execute("UPDATE missions SET recorded_at = ?, version = version + 1 WHERE id = ?", [now(), mission_id])
    return result


def _step(db, mission_id: int, undo: bool, request_id: str | None = None) -> str | None:
    with immediate(db):
        row = _row(db, mission_id)
        LOG.check_request(db, request_id)
        stepped = LOG.step(db, mission_id, json.loads(row["state"]), undo, request_id)
        if stepped is None:
            return None
        _save(db, mission_id, stepped[0])
        return stepped[1]


def undo(db, mission_id: int, request_id: str | None = None) -> str | None:
    """Undo the latest step; returns its description, or None when there is none."""
    return _step(db, mission_id, True, request_id)


def redo(db, mission_id: int, request_id: str | None = None) -> str | None:
    return _step(db, mission_id, False, request_id)


def events(db, mission_id: int, page: int = 1, size: int = LOG_PAGE) -> tuple[list[Entry], bool]:
    return LOG.page(db, mission_id, page, size)


def can_undo_redo(db, mission_id: int) -> tuple[bool, bool]:
    return LOG.can_undo_redo(db, mission_id)

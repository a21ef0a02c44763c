"""Table-tracker games in SQLite: one row per game (its snapshot) and its event log.

Every user action goes through `change()`: one BEGIN IMMEDIATE transaction that
checks the version the device saw, reads the snapshot, runs the rules
command, writes the new snapshot and one event. A command that raises changes
nothing. The version goes up on every change, undo and redo, so a second
device can poll it and a stale form is told (`StaleGame`). A change, undo or
redo sent again with the request id of one already in the log (its answer was
lost on the way) changes nothing (`AlreadyApplied`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..db import immediate, now
from ..games.frame import GameError, Outcome
from ..kits import RULES
from .eventlog import AlreadyApplied, Entry, Log

__all__ = ["AlreadyApplied", "NotFound", "StaleGame", "GameRow"]
LOG = Log("game_events", "game_id", requests=True)
LOG_PAGE = 30


class NotFound(LookupError):
    pass


class StaleGame(Exception):
    """The game changed since the device loaded it (another device saved first)."""

    message = "This game was changed on another device; here is the current state. Nothing was saved."


@dataclass(frozen=True)
class GameRow:
    id: int
    kind: str
    name: str
    state: object  # the rules module's state
    status: str
    version: int
    updated_at: str

    @property
    def rules(self):
        return RULES[self.kind]


def _dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _row(db, game_id: int) -> dict:
    row = next(db.query("SELECT * FROM games WHERE id = ?", [game_id]), None)
    if row is None:
        raise NotFound(game_id)
    return row


def get(db, game_id: int) -> GameRow:
    row = _row(db, game_id)
    state = RULES[row["kind"]].from_dict(json.loads(row["state"]))
    return GameRow(row["id"], row["kind"], row["name"], state, row["status"], row["version"], row["updated_at"])


def version(db, game_id: int) -> int:
    return _row(db, game_id)["version"]


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, kind, name, status, updated_at FROM games ORDER BY status = 'finished', "
                         "updated_at DESC, id DESC"))


def create(db, kind: str, name: str, state, description: str) -> int:
    with immediate(db):
        stamp = now()
        cur = db.execute("INSERT INTO games (kind, name, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                         [kind, name, _dump(RULES[kind].to_dict(state)), stamp, stamp])
        LOG.add(db, cur.lastrowid, description, abandon=False)
    return cur.lastrowid


def _save(db, game_id: int, doc: dict, **columns) -> None:
    sets = "".join(f", {k} = ?" for k in columns)
    db.execute(f"UPDATE games SET state = ?, version = version + 1, updated_at = ?{sets} WHERE id = ?",
               [_dump(doc), now(), *columns.values(), game_id])


def change(db, game_id: int, seen_version: int | None, command, request_id: str | None = None) -> Outcome:
    """Run `command(state) -> Outcome` and record it, all in one transaction; a `request_id` already in the
    log raises AlreadyApplied before the version is compared (the retry's version is the one it made stale)."""
    with immediate(db):
        row = _row(db, game_id)
        LOG.check_request(db, request_id)
        if seen_version is not None and seen_version != row["version"]:
            raise StaleGame()
        if row["status"] == "finished":
            raise GameError("stage", "This game is finished: take it up again on its Results page to change it.")
        rules = RULES[row["kind"]]
        before = json.loads(row["state"])
        result = command(rules.from_dict(before))
        after = rules.to_dict(result.state)
        _save(db, game_id, after)
        LOG.add(db, game_id, result.description, before, after, request_id=request_id)
    return result


def _step(db, game_id: int, undo: bool, request_id: str | None = None) -> str | None:
    with immediate(db):
        row = _row(db, game_id)
        LOG.check_request(db, request_id)
        stepped = LOG.step(db, game_id, json.loads(row["state"]), undo, request_id)
        if stepped is None:
            return None
        _save(db, game_id, stepped[0])
        return stepped[1]


def undo(db, game_id: int, request_id: str | None = None) -> str | None:
    """Undo the latest change; returns its description, or None when there is none."""
    return _step(db, game_id, True, request_id)


def redo(db, game_id: int, request_id: str | None = None) -> str | None:
    return _step(db, game_id, False, request_id)


def events(db, game_id: int, page: int = 1, size: int = LOG_PAGE) -> tuple[list[Entry], bool]:
    return LOG.page(db, game_id, page, size)


def can_undo_redo(db, game_id: int) -> tuple[bool, bool]:
    return LOG.can_undo_redo(db, game_id)


def set_status(db, game_id: int, finished: bool) -> str:
    """Finish a game (it stays listed, read-only for the stepper) or take it up again."""
    with immediate(db):
        row = _row(db, game_id)
        db.execute("UPDATE games SET status = ?, version = version + 1, updated_at = ? WHERE id = ?",
                   ["finished" if finished else "active", now(), game_id])
        text = "Finished the game" if finished else "Took the game up again"
        LOG.add(db, game_id, text, abandon=False)
        return f"{row['name']}: {text.lower()}"


def delete(db, game_id: int) -> str:
    with immediate(db):
        row = _row(db, game_id)
        db.execute("DELETE FROM games WHERE id = ?", [game_id])
        return row["name"]

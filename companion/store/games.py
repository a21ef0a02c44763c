"""Table-tracker games in SQLite: one row per game (its snapshot) and its event log, kept by the journal.

Every step goes through `JOURNAL.change` (store/journal.py): the version the
device saw is checked (`StaleGame`), a request id seen before changes nothing
(`AlreadyApplied`), and a finished game takes no step until taken up again.
This module keeps only the games' own queries.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..games.frame import GameError, Outcome
from ..games.registry import RULES
from .journal import AlreadyApplied, Entry, Journal, NotFound, Stale, Written

__all__ = ["AlreadyApplied", "NotFound", "StaleGame", "GameRow", "JOURNAL"]
LOG_PAGE = 30


class StaleGame(Stale):
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


def _state(row: dict):
    return RULES[row["kind"]].from_dict(json.loads(row["state"]))


def _load(row: dict) -> GameRow:
    return GameRow(row["id"], row["kind"], row["name"], _state(row), row["status"], row["version"], row["updated_at"])


def _written(result: Outcome, row: dict) -> Written:
    return Written(RULES[row["kind"]].to_dict(result.state), result.description)


def _refuse(row: dict) -> None:
    if row["status"] == "finished":
        raise GameError("stage", "This game is finished: take it up again on its Results page to change it.")


JOURNAL = Journal("game", "games", "game_events", "game_id", load=_load, read=_state, written=_written,
                  refuse=_refuse, stale=StaleGame, page_size=LOG_PAGE)


def get(db, game_id: int) -> GameRow:
    return JOURNAL.get(db, game_id)


def version(db, game_id: int) -> int:
    return JOURNAL.version(db, game_id)


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, kind, name, status, updated_at FROM games ORDER BY status = 'finished', "
                         "updated_at DESC, id DESC"))


def create(db, kind: str, name: str, state, description: str, request_id: str | None = None) -> int:
    return JOURNAL.create(db, {"kind": kind, "name": name}, RULES[kind].to_dict(state), description,
                          request_id=request_id)


def change(db, game_id: int, seen_version: int | None, command, request_id: str | None = None) -> Outcome:
    """Run `command(state) -> Outcome` and record it, all in one transaction (JOURNAL.change)."""
    return JOURNAL.change(db, game_id, command, seen_version=seen_version, request_id=request_id)


def undo(db, game_id: int, request_id: str | None = None) -> str | None:
    """Undo the latest change; returns its description, or None when there is none."""
    return JOURNAL.undo(db, game_id, request_id=request_id)


def redo(db, game_id: int, request_id: str | None = None) -> str | None:
    return JOURNAL.redo(db, game_id, request_id=request_id)


def events(db, game_id: int, page: int = 1, size: int = LOG_PAGE) -> tuple[list[Entry], bool]:
    return JOURNAL.history(db, game_id, page, size)


def can_undo_redo(db, game_id: int) -> tuple[bool, bool]:
    return JOURNAL.can_undo_redo(db, game_id)


def set_status(db, game_id: int, finished: bool) -> str:
    """Finish a game (it stays listed, read-only for the stepper) or take it up again."""
    text = "Finished the game" if finished else "Took the game up again"
    row = JOURNAL.note(db, game_id, text, {"status": "finished" if finished else "active"})
    return f"{row['name']}: {text.lower()}"


def delete(db, game_id: int) -> str:
    return JOURNAL.delete(db, game_id)["name"]

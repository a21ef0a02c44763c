"""Table-tracker games in SQLite: one row per game (its snapshot) and its event log, kept by the journal.

Every step goes through `JOURNAL.change` (store/journal.py): the version the
device saw is checked (`StaleGame`), a request id seen before changes nothing
(`AlreadyApplied`), and a finished game takes no step until taken up again.
`JOURNAL.create(db, {"kind": ..., "name": ...}, state, description)` stores a
new game by its kind's rules. This module keeps only the games' own queries.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..games.frame import GameError, Outcome
from ..games.registry import RULES
from .journal import AlreadyApplied, Journal, NotFound, Stale, Written

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
                  encode=lambda state, columns: RULES[columns["kind"]].to_dict(state), refuse=_refuse,
                  stale=StaleGame, page_size=LOG_PAGE)


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, kind, name, status, updated_at FROM games ORDER BY status = 'finished', "
                         "updated_at DESC, id DESC"))


def set_status(db, game_id: int, finished: bool) -> str:
    """Finish a game (it stays listed, read-only for the stepper) or take it up again."""
    text = "Finished the game" if finished else "Took the game up again"
    row = JOURNAL.note(db, game_id, text, {"status": "finished" if finished else "active"})
    return f"{row['name']}: {text.lower()}"


"""Race to Ten, the test suite's toy game: in turn, each player adds 1 to 3 points to their own score; the first
to reach 10 wins. Its rules are made up for the tests (no rulebook): it keeps only what `frame.RulesModule` and
`frame.GameState` ask, with one action besides the stepper."""
from __future__ import annotations

import dataclasses
import random

from companion.codec import state_codec
from companion.games.frame import (  # noqa: F401 (players, verdict: the frame's readers, the rules module's shape)
    GameError, Outcome, Player, Step, Verdict, advance_check, player_name, players, verdict, with_side,
)
from companion.record import record

KEY = "race-to-ten"
TITLE = "Race to Ten"
FORMAT = "race-to-ten-game/1"
PLAYERS_RANGE = (2, 4)
GOAL = 10
MOST = 3  # points a turn may add
PHASES = ("Add",)


@record
class Side:
    points: int = 0


@record
class Game:
    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    stage: str = "setup"
    round: int = 1
    turn: int = 0
    verdict: Verdict | None = None


@record
class Score:
    name: str
    color: str
    faction: str | None
    points: int


to_dict, from_dict = state_codec(Game)


def new_game(players: tuple[Player, ...], rng: random.Random | None = None) -> Game:
    low, high = PLAYERS_RANGE
    if not low <= len(players) <= high:
        raise GameError("players", f"{TITLE} takes {low} to {high} players.")
    return Game(tuple(players), tuple(Side() for _ in players))


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        return Step(0, "Set-up", "Seats", "Sit down in turn order, then begin round 1.", PHASES)
    if g.stage == "over":
        return Step(g.round, "Over", "Final results", f"{player_name(g, g.verdict.winner)} reached {GOAL}.", PHASES)
    return Step(g.round, "Add", player_name(g, g.turn), f"{player_name(g, g.turn)} adds 1 to {MOST} points.", PHASES)


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return Outcome(dataclasses.replace(g, stage="play"), "Began round 1")
    if g.stage == "over":
        raise GameError("stage", "The game is over.")
    turn = (g.turn + 1) % len(g.players)
    return Outcome(dataclasses.replace(g, turn=turn, round=g.round + (turn == 0)),
                   f"{player_name(g, g.turn)} passed")


def can_advance(g: Game) -> tuple[bool, str]:
    return advance_check(next_step, g)


def back_step(g: Game) -> Outcome:
    if g.stage != "play" or (g.round, g.turn) == (1, 0):
        raise GameError("step", "There is no earlier turn to go back to.")
    turn = (g.turn - 1) % len(g.players)
    return Outcome(dataclasses.replace(g, turn=turn, round=g.round - (g.turn == 0)), "Went back a turn")


def add(g: Game, amount: int) -> Outcome:
    if g.stage == "over":
        raise GameError("amount", "The game is over.")
    if g.stage != "play":
        raise GameError("amount", "Points are added once round 1 has begun.")
    if not 1 <= amount <= MOST:
        raise GameError("amount", f"A turn adds 1 to {MOST} points.")
    i = g.turn
    points = g.sides[i].points + amount
    g = with_side(g, i, points=points)
    if points >= GOAL:
        won = Verdict(i, (f"{player_name(g, i)} reached {GOAL} points first.",))
        return Outcome(dataclasses.replace(g, stage="over", verdict=won), f"{player_name(g, i)} won")
    turn = (i + 1) % len(g.players)
    return Outcome(dataclasses.replace(g, turn=turn, round=g.round + (turn == 0)),
                   f"{player_name(g, i)} added {amount}")


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, p.faction, s.points) for p, s in zip(g.players, g.sides))


def idle(g: Game) -> str | None:
    """Every turn is a choice of 1 to 3 points: no step passes by itself."""
    return None

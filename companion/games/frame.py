"""What every table tracker shares: players, the stepper's step, dice, outcomes, the final verdict.

A game's rules module (e.g. `lost_empires`) keeps its whole state in one frozen
dataclass, `Game`, stored and exported as companion/codec.py writes it, and offers commands
`(state, ...) -> Outcome`. A refused command
raises `GameError` naming the form field and quoting the rule with its page;
the state is untouched because it is immutable. The frame's store and views
only need the functions listed in `RulesModule` and the state's fields listed in `GameState`.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..errors import RuleError
from ..names import visible
from ..record import record

NAME_MAX = 40
STAGES = ("setup", "play", "over")  # a game is set up, played, then over
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


class GameError(RuleError):
    """A refused command. `field` names the form field the user should fix."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page)


@record
class Player:
    name: str
    color: str
    faction: str | None = None


@record
class Step:
    """Where the game stands: shown across the top of the game page."""
    round: int
    phase: str
    step: str
    instruction: str  # one sentence, ending with the rulebook page
    phases: tuple[str, ...] = ()  # every phase of a round, in order, to draw the stepper


@record
class Verdict:
    """The end of a game: the winner (None for a draw) and how it was decided."""
    winner: int | None
    how: tuple[str, ...]


@record
class Outcome:
    state: object
    description: str  # one line for the game log
    reasons: tuple[str, ...] = ()


@runtime_checkable
class GameState(Protocol):
    """What the frame reads from any game's state (its `Game`): the frame's templates, the results page and
    the page player (tests/helpers/game_player.py) read these fields and no other."""
    players: tuple[Player, ...]  # in seat order
    sides: tuple  # each player's own numbers, in seat order: scores and supplies, never negative
    stage: str  # one of STAGES: the page shows the kit's set-up, then its board; "over" offers the results
    verdict: Verdict | None  # set when the rules decide the game


@runtime_checkable
class ScoreRow(Protocol):
    """One player's column in the score panel (templates/games/_score_table.html); a game adds its numbers."""
    name: str
    color: str
    faction: str | None


@runtime_checkable
class RulesModule(Protocol):
    KEY: str
    PLAYERS_RANGE: tuple[int, int]  # fewest and most players
    TITLE: str
    FORMAT: str
    Game: type  # the whole state: a frozen dataclass with the `GameState` fields

    def new_game(self, players: tuple[Player, ...], rng: random.Random | None = None): ...
    def players(self, state) -> tuple[Player, ...]: ...
    def current_step(self, state) -> Step: ...
    def next_step(self, state) -> Outcome: ...
    def back_step(self, state) -> Outcome: ...
    def can_advance(self, state) -> tuple[bool, str]: ...  # may Next be pressed now; if not, the rule's reason
    def idle(self, state) -> str | None: ...  # the step has nothing to decide: the log's words; None: it waits
    def verdict(self, state) -> Verdict | None: ...
    def score(self, state) -> tuple[ScoreRow, ...]: ...  # one row per player, in seat order
    def to_dict(self, state) -> dict: ...  # both from `codec.state_codec(Game)`
    def from_dict(self, doc: dict): ...


def advance_check(next_step, state) -> tuple[bool, str]:
    """A game's `can_advance`: whether its `next_step` accepts the state, and the rule's refusal when not,
    so the step button is shown disabled with that reason instead of refused when pressed."""
    return allowed(next_step, state)


def allowed(command, state, *args) -> tuple[bool, str]:
    """Whether the rules accept `command(state, *args)` now, and the refusal's message when not: a page offers a
    control only as its command would take it (issue 29), else shows it disabled with this reason."""
    try:
        command(state, *args)
    except GameError as refusal:
        return False, refusal.message
    return True, ""


# -- steps with nothing to decide (issue 38) -----------------------------------------

PASSED = "passed"


def settle(rules, outcome: Outcome) -> Outcome:
    """`outcome` with every step after it that has nothing to decide passed, as Next would pass it, in the same
    result: one journal entry, so one Undo takes them back with the command before them. The game says when a
    step has nothing to decide (`rules.idle`: the words for the log, e.g. "Upkeep: nothing to do", or None when a
    player has a choice or a rule waits for one); each step passed is a line of the entry's description. A chain
    passes no step beyond the round after the one it began in, so a game where nobody can ever decide anything
    still stops."""
    g, lines, reasons = outcome.state, [], list(outcome.reasons)
    last_round = rules.current_step(g).round + 1
    while g.stage == "play" and rules.current_step(g).round <= last_round:
        why = rules.idle(g)
        if why is None:
            break
        try:
            passed = rules.next_step(g)
        except GameError:  # a rule holds Next after all: the step waits
            break
        lines.append(f"{why} — {PASSED}: {passed.description}")
        reasons += [f"{why} — {PASSED}.", *passed.reasons]
        g = passed.state
    if not lines:
        return outcome
    return Outcome(g, "; ".join((outcome.description, *lines)), tuple(reasons))


# -- players -------------------------------------------------------------------

def clean_name(value: str, field: str = "name") -> str:
    name = visible(value)
    if not name:
        raise GameError(field, "Give each player a name.")
    if len(name) > NAME_MAX:
        raise GameError(field, f"A name has at most {NAME_MAX} characters.")
    return name


def new_players(names: list[str], colors: list[str], fields=("name", "color")) -> tuple[Player, ...]:
    """Players in seat order; names and colors must differ so the table can tell them apart."""
    players = []
    for i, (name, color) in enumerate(zip(names, colors)):
        name = clean_name(name, f"{fields[0]}_{i + 1}")
        if color not in COLORS:
            raise GameError(f"{fields[1]}_{i + 1}", f"Choose a color: {', '.join(COLORS)}.")
        if any(p.name.casefold() == name.casefold() for p in players):
            raise GameError(f"{fields[0]}_{i + 1}", f"Two players are called {name!r}; give them different names.")
        if any(p.color == color for p in players):
            raise GameError(f"{fields[1]}_{i + 1}", f"Two players have the color {color}; choose another.")
        players.append(Player(name, color))
    return tuple(players)


# -- dice ------------------------------------------------------------------------

@record
class Face:
    label: str
    value: int
    critical: bool = False


@record
class Die:
    """A die's faces come from data/ (marked unverified until a player checks them against the real die)."""
    name: str
    faces: tuple[Face, ...]
    verified: bool = False

    def buttons(self) -> tuple[Face, ...]:
        """One button per different face, the most common first (UX.md)."""
        counts: dict[Face, int] = {}
        for f in self.faces:
            counts[f] = counts.get(f, 0) + 1
        return tuple(sorted(counts, key=lambda f: (-counts[f], f.critical, f.value)))

    def roll(self, rng: random.Random | None = None) -> Face:
        return (rng or random.SystemRandom()).choice(self.faces)


@record
class DieResult:
    value: int
    critical: bool = False

    def __post_init__(self):
        if self.value < 0:
            raise GameError("die", f"A die shows no negative number: {self.value} (enter what the die shows).")

    @property
    def label(self) -> str:
        return f"{self.value} (critical)" if self.critical else str(self.value)


# -- what every game's state shares: `players` in seat order, `sides` in the same order, a `verdict` ------

def players(g) -> tuple[Player, ...]:
    return g.players


def verdict(g) -> Verdict | None:
    return g.verdict


def player_name(g, i: int) -> str:
    return g.players[i].name


def unit(g, unit_id: str):
    """The unit in play with that id, for games whose state keeps its units (`g.units`, each with an `id`)."""
    found = next((u for u in g.units if u.id == unit_id), None)
    if found is None:
        raise GameError("unit", f"There is no unit {unit_id!r} in play; it may have been destroyed.")
    return found


def with_unit(g, u):
    """The game with unit `u` (same id) changed."""
    return dataclasses.replace(g, units=tuple(u if x.id == u.id else x for x in g.units))


def with_side(g, i: int, **changes):
    """The game with seat `i`'s side changed (game states are immutable)."""
    sides = list(g.sides)
    sides[i] = dataclasses.replace(sides[i], **changes)
    return dataclasses.replace(g, sides=tuple(sides))

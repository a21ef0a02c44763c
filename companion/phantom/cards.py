"""The cards a table enters once and reuses: adversary description cards, action decks, boss decks, events.

The rulebook text prints none of their stats or texts (only the Mutant
Grallok's board), so they are content the players type in; this module is
what the mission table reads. Species and class cards hold `Action`s in the
engine's structured form (companion.phantom.scenario), so a drawn card goes
straight into a turn. A class card has one row per HP-base color; an
adversary performs only the row of its color (p.47, "Class Action Cards"):
that is `companion.phantom.scenario.ClassCard`, which a turn reads.
"""
from __future__ import annotations

from ..errors import RuleError
from ..record import record


DIFFICULTIES = (1, 2, 3, 4)
EVENT_ROUNDS = ("1-5", "6+")


class CardError(RuleError):
    """A card the rules cannot use; the message quotes it."""


@record
class Stats:
    hp: int
    attack: int
    guard: int
    range: int


@record
class AdversaryDescription:
    """One adversary type (species + class) with its attributes per difficulty rating 1-4 (p.46)."""
    name: str
    species: str
    class_name: str
    stats: tuple[tuple[int, Stats], ...]
    critical_ability: str = ""

    def at(self, difficulty: int) -> Stats:
        found = dict(self.stats).get(difficulty)
        if found is None:
            raise CardError(f"difficulty: {difficulty!r} is not a difficulty rating of {self.name} (1-4, p.46)")
        return found


@record
class BossCard:
    name: str
    actions: tuple[int, ...]  # the board's action numbers, performed after the inherent one (p.30)
    persistent: bool = False


@record
class EventCard:
    name: str
    rounds: str  # "1-5" or "6+" (p.12: five random 1-5 events on top of the shuffled 6+ deck)
    text: str
    mission_event: str = ""
    event_adversary: str = ""

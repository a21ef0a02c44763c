"""What the rulebook text gives about a campaign, as plain data the rules read.

The values come from data/phantom-epoch/*.json (validated by the app at
start-up); nothing here loads files, so the engine stays pure and tests can
build a `CampaignContent` by hand.
"""
from __future__ import annotations

from dataclasses import field

from .criticals import CriticalAbility
from .dice_faces import DiceTable
from ..record import record


@record
class FameTier:
    tier: int
    min_fame: int


@record
class StartingItem:
    number: str
    name: str
    once_per_mission: bool


@record
class ClassBoard:
    """A Character Class board (p.41): its weapon and the weapon's base range (G, p.21), its inherent critical
    ability (A, p.20), its bandage slots (F, p.38), item slots (E) and starting attachment. The rulebook text
    prints no board's values: `verified` is False until a player copies them from the board."""
    weapon: str
    range: int
    critical: CriticalAbility | None
    bandage_slots: int
    item_slots: int
    starting_attachment: str = ""
    verified: bool = False


@record
class ClassInfo:
    name: str
    starting_items: tuple[StartingItem, ...] = ()
    board: ClassBoard | None = None


@record
class MissionInfo:
    id: str
    name: str
    planet: str | None
    number: int | None  # its rewards and difficulty rating are content the table types (schemas/content/mission_rewards.py)


@record
class CampaignContent:
    planets: tuple[str, ...]
    fame_tiers: tuple[FameTier, ...]
    classes: tuple[ClassInfo, ...]
    species: tuple[str, ...]
    missions: tuple[MissionInfo, ...]
    initially_available: tuple[str, ...]
    item_slots: int = 2
    dice: DiceTable | None = None  # face tables from dice.json (unverified placeholders until a user edits them)
    _by_id: dict = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "_by_id", {m.id: m for m in self.missions})

    def mission(self, mission_id: str) -> MissionInfo | None:
        return self._by_id.get(mission_id)

    def class_info(self, name: str) -> ClassInfo | None:
        return next((c for c in self.classes if c.name == name), None)

    def boards(self) -> dict[str, ClassBoard]:
        """Each class's board by class name (the classes with one)."""
        return {c.name: c.board for c in self.classes if c.board is not None}

    def shop_tier(self, fame: int) -> int:
        """Highest equipment tier a planet's shop offers at this fame (p.14, 16)."""
        return max((t.tier for t in self.fame_tiers if fame >= t.min_fame), default=0)

    def next_tier(self, fame: int) -> FameTier | None:
        return next((t for t in sorted(self.fame_tiers, key=lambda t: t.min_fame) if t.min_fame > fame), None)


def mission_id(planet: str, number: int) -> str:
    return f"{planet.lower()}-{number}"


def planet_missions(planets: tuple[str, ...], count: int) -> tuple[MissionInfo, ...]:
    return tuple(
        MissionInfo(mission_id(p, n), f"{p}-{n}", p, n)
        for p in planets
        for n in range(1, count + 1)
    )

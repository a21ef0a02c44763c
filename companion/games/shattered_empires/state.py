"""Shattered Empires' state: the rules' numbers, the cards' content, the frozen dataclasses of a game, the
file format they give, and the lookups and the check every command makes."""
from __future__ import annotations

from dataclasses import field, replace

from ...codec import ADDED, state_codec
from ..frame import GameError, Player, Verdict
from ...record import record

KEY = "shattered-empires"
TITLE = "Shattered Empires"
FORMAT = "shattered-empires-game/1"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAYERS_RANGE = (MIN_PLAYERS, MAX_PLAYERS)
DECK_MIN = 40  # Deck Construction: at least 40 cards ...
COPIES_MAX = 4  # ... no more than four copies unless Unlimited
HAND_MAX = 7  # Turn Order: the default maximum hand size
DRAW = 2  # Draw Phase
RESEARCH_CP = 1  # Research Projects cost 1 Command Point to play
SCRAP_CP = 1  # End of the Turn: 1 command point per scrapped project
D6 = 6
CARD_TYPES = ("construction", "research", "personnel", "command", "resource", "projectile")
UNIT_TYPES = ("fighter", "capital", "station", "defense-station")
DESIGNATIONS = ("pilot", "captain", "engineer", "administrator", "ambassador")
# Personnel: which designations a unit type supports; one of each per unit.
ALLOWED = {"fighter": ("pilot",), "capital": ("captain", "engineer"), "station": ("administrator", "engineer"),
           "defense-station": ("administrator", "engineer"), "base": ("ambassador", "engineer")}
STEP_KEYS = ("begin", "draw", "queue", "allocation", "acquisition", "combat", "repair", "end")
PHASES = ("Beginning of the Turn", "Draw Phase", "(Re)Fill Queue", "Allocation Phase", "Acquisition Phase",
          "Combat Phase", "Repair and Replenish Phase", "End of the Turn")
BASE = "base"


# -- content (data/shattered-empires/, validated at start-up) --------------------------------------

@record
class Card:
    name: str
    type: str  # one of CARD_TYPES
    faction: str | None = None  # None: a neutral card
    cost: int = 0  # Yield for projects, command points for personnel and commands
    unit: str | None = None  # a construction project's unit type; None for a modification
    requires: str | None = None  # a modification: the unit type it modifies
    hp: int = 0
    shields: int = 0
    evasion: int = 0
    hit: int = 0
    weapons: tuple[int, ...] = ()  # each weapon's damage
    repair: int = 0
    auto_repair: int = 0
    intercept: bool = False
    launcher: int = 0
    yields: int = 0
    command: int = 0
    queue: int = 0
    designation: str | None = None  # personnel
    alternate: str | None = None  # research: the alternate cost printed on the card
    unlimited: bool = False
    unique: bool = False
    sideboard: bool = False
    instant: bool = False
    verified: bool = False


@record
class Base:
    name: str
    faction: str
    hp: int
    queue: int
    yields: int
    command: int
    ability: str = ""
    verified: bool = False


@record
class Content:
    cards: tuple[Card, ...]
    bases: tuple[Base, ...]
    starters: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # (faction, deck)

    def card(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.name == name), None)

    def base(self, name: str) -> Base | None:
        return next((b for b in self.bases if b.name == name), None)

    def starter(self, faction: str) -> dict[str, int]:
        return dict(next((d for f, d in self.starters if f == faction), ()))


# -- state --------------------------------------------------------------------------------------------

@record
class Side:
    base: str | None = None
    faction: str | None = None
    base_hp: int = 0
    base_damage: int = 0
    base_queue: int = 0
    base_yield: int = 0
    base_command: int = 0
    ability: str = ""
    deck: tuple[tuple[str, int], ...] = ()
    sideboard: tuple[str, ...] = ()
    deck_left: int = 0
    hand: int = 0
    hand_max: int = HAND_MAX
    cp: int = 0
    yield_used: int = 0
    resource_played: bool = False
    begin_triggers: tuple[str, ...] = ()  # reminders the player keeps
    end_triggers: tuple[str, ...] = ()
    scrapyard: tuple[str, ...] = ()
    out: bool = False  # the base is destroyed


@record
class Mod:
    card: str
    hp: int
    damage: int = 0


@record
class Unit:
    id: str
    card: str
    owner: int
    type: str
    hp: int
    damage: int = 0
    shields_max: int = 0
    shields: int = 0
    evasion: int = 0
    hit: int = 0
    weapons: tuple[int, ...] = ()
    fired: tuple[int, ...] = ()  # weapon indexes fired this turn
    repair: int = 0
    auto_repair: int = 0
    repaired: bool = False  # its Repair used this Repair and Replenish Phase
    intercept: bool = False
    launcher: int = 0
    yields: int = 0
    command: int = 0
    queue: int = 0
    testing: bool = True
    unique: bool = False
    mods: tuple[Mod, ...] = ()

    def ready(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.weapons)) if i not in self.fired)


@record
class Asset:
    """A completed research project or a resource: it only adds to the player's totals."""
    id: str
    card: str
    owner: int
    kind: str  # research / resource
    yields: int = 0
    command: int = 0
    queue: int = 0
    unique: bool = False


@record
class Project:
    id: str
    card: str
    owner: int
    kind: str  # construction / research
    cost: int
    allocated: int = 0
    alternate: str | None = None
    requires: str | None = None  # a modification: the unit type it needs
    target: str | None = None  # a modification: the unit it will modify
    unit: Unit | None = None  # what a construction project becomes
    mod: Mod | None = None
    asset: Asset | None = None  # what a research project becomes


@record
class Staff:
    id: str
    card: str
    owner: int
    designation: str
    cost: int
    on: str | None = None  # a unit id, "base", or None: hired, at the base, not assigned


@record
class Attack:
    """A declared attack waiting for return fire, intercepts and the evasion rolls."""
    attacker: str
    targets: tuple[tuple[int, str], ...]  # (weapon, target): a unit id, "base-<seat>" or "<unit id>/<mod index>"
    ignore_stations: bool = False


@record
class Game:
    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    stage: str = "setup"  # setup / play / over
    round: int = 1
    turn: int = 0
    step: str = "begin"
    applied: tuple[str, ...] = ()  # steps whose automatic effects this turn already applied
    units: tuple[Unit, ...] = ()
    projects: tuple[Project, ...] = ()
    assets: tuple[Asset, ...] = ()
    staff: tuple[Staff, ...] = ()
    attack: Attack | None = None
    combat: tuple[str, ...] = ()  # the latest attack, explained
    # units just completed with Launcher: their deck search to record (Launcher); added after games were stored
    launches: tuple[str, ...] = field(default=(), repr=False, metadata=ADDED)
    verdict: Verdict | None = None
    next_id: int = 1


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


def seat(g: Game, player: int, field: str = "player") -> int:
    if not 0 <= player < len(g.players):
        raise GameError(field, f"There is no player {player + 1} in this game.")
    return player


def _new_id(g: Game, prefix: str) -> tuple[Game, str]:
    return replace(g, next_id=g.next_id + 1), f"{prefix}{g.next_id}"


def project(g: Game, project_id: str) -> Project:
    found = next((p for p in g.projects if p.id == project_id), None)
    if found is None:
        raise GameError("project", f"There is no project {project_id!r} in play.")
    return found


def _playing(g: Game, *steps: str, field: str, what: str) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    if g.step not in steps:
        names = " or ".join(PHASES[STEP_KEYS.index(s)] for s in steps)
        raise GameError(field, f"{what} only in the {names} ({names}).")

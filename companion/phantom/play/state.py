"""A mission in play: the frozen dataclasses (what the table brings, the characters, adversaries, decks, the
round and the result), the refusal every command raises, and the checks and one-field replacements every
command module shares.

A `Mission` is immutable. Every command is a function `(Mission, ...) -> Update`: the new mission and its
reasons, short sentences citing the rulebook page. A refused command raises `MissionError`, naming the
field and quoting the bad input, and nothing changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import RuleError
from ..board import Board, Figure
from ..boss import Boss
from ..decision import COLORS, DecisionDie
from ..hazards import HazardRule
from ..hexmap import Hex, HexMap, MapError
from ..scenario import Card, ClassCard


class MissionError(RuleError):
    """A refused command; `field` names what to fix and the message quotes the bad input."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page, text=f"{field}: {message}")


@dataclass(frozen=True)
class AdversaryKind:
    """An Adversary Description card at the difficulty the players chose (p.10 step 4, p.46): its species and
    class name its two Action decks (p.10 step 6); `difficulty` is its rating, the nova cells it drops (p.26).
    `standees` is how many standees the box has (None: not limited)."""
    type: str
    species: str
    class_name: str
    difficulty: int
    hp: int
    attack: int = 0
    guard: int = 0
    range: int = 1
    standees: int | None = None


@dataclass(frozen=True)
class BossKind:
    """A Boss Adversary Description board (p.30, 48). `cards` are the AI's reading of its actions as
    scenario cards: the inherent one under None, then #1-#3 by number."""
    type: str
    boss: Boss
    cards: tuple[tuple[int | None, Card], ...] = ()
    color: str | None = None  # p.11: a boss may use any color HP tracking base


@dataclass(frozen=True)
class BossCard:
    """A Boss Adversary Action card (p.49): the action numbers it calls for, or another effect."""
    name: str
    actions: tuple[int, ...] = ()
    persistent: bool = False
    text: str = ""


EVENT_STATS = ("move", "attack", "range", "guard")
EVENT_SIDES = ("adversaries", "characters")


@dataclass(frozen=True)
class EventEffect:
    """A number an Event card changes for the round it is drawn (p.12 step 2): `stat` ±`amount` for every
    figure of `side`, or only the adversaries of `type` when one is named. The AI plans with it."""
    stat: str
    amount: int
    side: str = "adversaries"
    type: str | None = None

    def text(self) -> str:
        who = self.type or ("every adversary" if self.side == "adversaries" else "every character")
        return f"{self.stat.capitalize()} {self.amount:+d} for {who}"


@dataclass(frozen=True)
class EventCard:
    number: str
    name: str
    text: str = ""
    effects: tuple[EventEffect, ...] = ()


@dataclass(frozen=True)
class ActionChoice:
    """A Character Action card selected for the round: its name and AP (p.13, p.43)."""
    name: str
    ap: int


@dataclass(frozen=True)
class Embarking:
    """A character embarking (p.8, 43): `max_ap` and `max_hp` from its Character Species card."""
    id: str
    name: str
    species: str
    max_ap: int
    max_hp: int
    color: str
    attack: int = 0
    guard: int = 0
    range: int = 1
    bandage_slots: int | None = None  # on the Character Class board (p.41 F); None: not tracked
    class_name: str = ""  # its Character Class (a campaign character's); "" when not given: one per class (p.8)


@dataclass(frozen=True)
class Deck:
    cards: tuple = ()  # the draw pile, top first
    discard: tuple = ()


@dataclass(frozen=True)
class CharacterState:
    id: str
    name: str
    species: str
    color: str
    max_ap: int
    max_hp: int
    attack: int = 0
    guard: int = 0
    range: int = 1
    bandage_slots: int | None = None
    bandages: int = 0
    discard: tuple[ActionChoice, ...] = ()  # the Character Action discard pile (p.41 J)
    lasting: tuple[tuple[ActionChoice, str], ...] = ()  # played cards kept out: "temporary" / "persistent"
    last_rest: int | None = None  # the round of its last rest turn
    nova_cells: int = 0  # picked up during the mission (kept even when defeated, p.23)
    defeated: bool = False


@dataclass(frozen=True)
class AdversaryState:
    id: str
    type: str
    source: str = "map"
    defeated: bool = False


@dataclass(frozen=True)
class Choice:
    """A character's step 3 (p.12): a rest, or the cards selected and any initiative modifier."""
    rest: bool = False
    cards: tuple[ActionChoice, ...] = ()
    modifier: int = 0
    guard: int = 0  # the Guard the round's cards give (p.21 step 5), entered once when they are selected


@dataclass(frozen=True)
class Drawn:
    """Adversary Action cards drawn for a type this round (p.12 step 5)."""
    species: Card | None = None
    class_card: ClassCard | None = None
    boss: BossCard | None = None


@dataclass(frozen=True)
class Round:
    number: int
    die: DecisionDie
    event: EventCard | None = None
    phase: str = "select"  # select (steps 3-4) -> turns (5-7) -> over (8-9)
    choices: tuple[tuple[str, Choice], ...] = ()
    drawn: tuple[tuple[str, Drawn], ...] = ()  # by adversary type
    character_order: tuple[str, ...] = ()  # the players' order for tied characters (p.12)
    acting: tuple[str, ...] = ()  # the figures that take a turn this round
    done: tuple[str, ...] = ()
    current: str | None = None
    at_start: tuple[str, ...] = ()  # conditions the current figure had when its turn began (p.50)
    passed: tuple[str, ...] = ()  # spaces (labels) the current figure's checked moves entered this turn

    def choice(self, character_id: str) -> Choice | None:
        return dict(self.choices).get(character_id)

    def drawn_for(self, type_: str) -> Drawn | None:
        return dict(self.drawn).get(type_)


@dataclass(frozen=True)
class MissionResult:
    success: bool
    round: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Mission:
    mission_id: str
    difficulty: int
    board: Board
    characters: tuple[CharacterState, ...]
    kinds: tuple  # AdversaryKind / BossKind
    adversaries: tuple[AdversaryState, ...] = ()
    decks: tuple[tuple[str, Deck], ...] = ()  # "species:Grallok", "class:Archer", "boss:mutant-grallok"
    events: Deck = Deck()
    persistent: tuple[tuple[str, BossCard], ...] = ()  # boss cards kept beside a board (p.49, 58)
    round: Round | None = None
    rounds: int = 0  # rounds begun
    objective_met: bool = False
    primary_target: str | None = None  # a mission rule naming every adversary's primary target (p.27)
    nova_cells: tuple[tuple[Hex, int], ...] = ()  # on the map
    orbs_activated: tuple[Hex, ...] = ()
    orbs_taken: tuple[int, ...] = ()  # campaign orb numbers activated in this mission
    treasures_taken: tuple[int, ...] = ()  # campaign treasure numbers retrieved in this mission
    result: MissionResult | None = None
    seed: int = 0
    shuffles: int = 0
    hazard_rules: tuple[HazardRule, ...] = ()  # hazards.json at set-up: what entering each hazard does (p.33)

    @property
    def map(self) -> HexMap:
        return self.board.map

    @property
    def embarked(self) -> int:
        """Characters taking part, defeated ones included (p.30, p.34)."""
        return len(self.characters)

    def character(self, character_id: str) -> CharacterState:
        for c in self.characters:
            if c.id == character_id:
                return c
        raise MissionError("character", f"no character {character_id!r} embarked on this mission")

    def adversary(self, adversary_id: str) -> AdversaryState:
        for a in self.adversaries:
            if a.id == adversary_id:
                return a
        raise MissionError("adversary", f"no adversary {adversary_id!r} in this mission")

    def kind(self, type_: str):
        for k in self.kinds:
            if k.type == type_:
                return k
        raise MissionError("type", f"no adversary type {type_!r} in this mission")

    def deck(self, key: str) -> Deck:
        return dict(self.decks)[key]

    def figure(self, figure_id: str) -> Figure | None:
        return next((f for f in self.board.figures if f.id == figure_id), None)


@dataclass(frozen=True)
class Update:
    mission: Mission
    reasons: tuple[str, ...] = ()


# -- what every command module checks and replaces (shared here, so none imports another's internals) --------

def not_over(mission: Mission) -> None:
    if mission.result is not None:
        raise MissionError("mission", f"the mission is over ({'success' if mission.result.success else 'failure'})")


def in_phase(mission: Mission, phase: str) -> Round:
    not_over(mission)
    rnd = mission.round
    if rnd is None or rnd.phase != phase:
        now = "no round has begun" if rnd is None else f"round {rnd.number} is in its {rnd.phase} phase"
        wanted = {"select": "while characters choose to rest or select cards (p.12 step 3)",
                  "turns": "while the turns are played (p.12 step 7)"}[phase]
        raise MissionError("round", f"this is done {wanted}; {now}")
    return rnd


def living_character(mission: Mission, character_id: str) -> CharacterState:
    ch = mission.character(character_id)
    if ch.defeated:
        raise MissionError("character", f"{ch.name} was defeated and is no longer part of the mission (p.23)")
    return ch


def figure_on_map(mission: Mission, figure_id: str) -> Figure:
    f = mission.figure(figure_id) if isinstance(figure_id, str) else None
    if f is None:
        raise MissionError("figure", f"no figure {figure_id!r} on the map")
    return f


def parse_space(hexmap: HexMap, label: str, where: str) -> Hex:
    try:
        return hexmap.parse(label)
    except (MapError, AttributeError, TypeError):
        raise MissionError(where, f"{label!r} is not a space of this map") from None


def check_color(color, where: str = "color") -> str:
    if color not in COLORS:
        raise MissionError(where, f"must be one of {', '.join(COLORS)}, not {color!r}")
    return color


def with_choice(mission: Mission, cid: str, choice: Choice) -> Mission:
    rnd = mission.round
    choices = tuple((c, x) for c, x in rnd.choices if c != cid) + ((cid, choice),)
    return replace(mission, round=replace(rnd, choices=choices))


def with_character(mission: Mission, ch: CharacterState) -> Mission:
    return replace(mission, characters=tuple(ch if c.id == ch.id else c for c in mission.characters))


def with_deck(mission: Mission, key: str, deck: Deck) -> Mission:
    return replace(mission, decks=tuple((k, deck if k == key else d) for k, d in mission.decks))


def finished(mission: Mission, success: bool, reasons: list[str]) -> Update:
    result = MissionResult(success, mission.round.number if mission.round else 0, tuple(reasons))
    return Update(replace(mission, result=result), tuple(reasons))


# -- how the reasons and the saved shape name things -------------------------------------------------------

def map_order(hexmap: HexMap, h: Hex) -> tuple[int, int]:
    col, row = hexmap.layout.to_offset(h)
    return (row, col)


def color_name(color: str | None) -> str:
    return color.replace("-", " ") if color else "no color"

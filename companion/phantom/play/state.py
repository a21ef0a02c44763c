"""A mission in play: the frozen dataclasses (what the table brings, the characters, adversaries, decks, the
round and the result), the refusal every command raises, and the checks and one-field replacements every
command module shares.

A `Mission` is immutable. Every command is a function `(Mission, ...) -> Update`: the new mission and its
reasons, short sentences citing the rulebook page. A refused command raises `MissionError`, naming the
field and quoting the bad input, and nothing changes.
"""
from __future__ import annotations

from dataclasses import field, replace
from typing import Annotated, Generic, TypeVar

from ...codec import ADDED, AS_OBJECT, Shape
from ...errors import RuleError
from ..board import Board, Figure
from ..boss import Boss
from ..criticals import CriticalAbility
from ..decision import COLORS, DecisionDie
from ..hazards import HazardRule
from ..hexmap import Hex, HexMap, MapError, Space, in_rows
from ..scenario import Card, ClassCard
from ...record import record


class MissionError(RuleError):
    """A refused command; `field` names what to fix and the message quotes the bad input."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page, text=f"{field}: {message}")


@record
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
    critical: CriticalAbility | None = field(default=None, metadata=ADDED)  # the card's critical ability (p.20, p.46)


@record(kw_only=True)
class BossKind:
    """A Boss Adversary Description board (p.30, 48). `cards` are the AI's reading of its actions as
    scenario cards: the inherent one under None, then #1-#3 by number. (`boss` first: stored missions hold
    it first, and tell a boss from an AdversaryKind by it.)"""
    boss: Boss
    type: str
    cards: tuple[tuple[int | None, Card], ...] = ()
    color: str | None = None  # p.11: a boss may use any color HP tracking base


@record
class BossCard:
    """A Boss Adversary Action card (p.49): the action numbers it calls for, or another effect."""
    name: str
    actions: tuple[int, ...] = ()
    persistent: bool = False
    text: str = ""


EVENT_STATS = ("move", "attack", "range", "guard")
EVENT_SIDES = ("adversaries", "characters")


@record
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


@record
class EventCard:
    """An Event card (p.12 step 2, p.47). `places` adversaries are placed by it (of `places_type`, or the
    mission's event adversary when None, p.59); `mission_event` / `event_adversary` are its text sending the
    table to the Mission book (p.12, p.59)."""
    number: str
    name: str
    text: str = ""
    effects: tuple[EventEffect, ...] = field(default=(), metadata=ADDED)  # events stored before effects had none
    places: int = field(default=0, metadata=ADDED)
    places_type: str | None = field(default=None, metadata=ADDED)
    mission_event: str = field(default="", metadata=ADDED)
    event_adversary: str = field(default="", metadata=ADDED)
    # "1-5" or "6+": kept on a physical Event deck's cards, whose rounds 1-5 come up first (p.10 step 8)
    rounds: str = field(default="", metadata=ADDED)

    @property
    def book(self) -> bool:
        """Whether the table follows the Mission book for it (a mission event or an event adversary, p.59)."""
        return bool(self.mission_event or self.event_adversary)


@record
class ActionChoice:
    """A Character Action card selected for the round: its name and AP (p.13, p.43)."""
    name: str
    ap: int


# Stored as [name, AP]; a lasting card as [name, AP, "temporary" | "persistent"].
Played = Annotated[ActionChoice, Shape(lambda a, _: [a.name, a.ap], lambda doc, _: ActionChoice(*doc))]
Lasting = Annotated[tuple[ActionChoice, str], Shape(lambda x, _: [x[0].name, x[0].ap, x[1]],
                                                    lambda doc, _: (ActionChoice(doc[0], doc[1]), doc[2]))]
C = TypeVar("C")


@record
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
    range: int = 1  # the base range of the class board's weapon (p.21, p.41 G)
    bandage_slots: int | None = None  # on the Character Class board (p.41 F); None: not tracked
    criticals: tuple[CriticalAbility, ...] = ()  # its class board's (p.41 A), then its attachments'
    class_name: str = ""  # its Character Class (a campaign character's); "" when not given: one per class (p.8)


@record
class Deck(Generic[C]):
    cards: tuple[C, ...] = ()  # the draw pile, top first
    discard: tuple[C, ...] = ()


@record
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
    discard: tuple[Played, ...] = ()  # the Character Action discard pile (p.41 J)
    lasting: tuple[Lasting, ...] = ()  # played cards kept out: "temporary" / "persistent"
    last_rest: int | None = None  # the round of its last rest turn
    nova_cells: int = 0  # picked up during the mission (kept even when defeated, p.23)
    defeated: bool = False
    criticals: tuple[CriticalAbility, ...] = field(default=(), metadata=ADDED)  # those it may activate (p.20, p.41 A)


@record
class AdversaryState:
    id: str
    type: str
    source: str = "map"
    defeated: bool = False


@record
class Choice:
    """A character's step 3 (p.12): a rest, or the cards selected and any initiative modifier."""
    rest: bool = False
    cards: tuple[Played, ...] = ()
    modifier: int = 0
    # The Guard the round's cards give (p.21 step 5), entered once when they are selected; stored when not 0.
    guard: int = field(default=0, metadata=ADDED)


@record
class Drawn:
    """Adversary Action cards drawn for a type this round (p.12 step 5)."""
    species: Card | None = None
    class_card: ClassCard | None = field(default=None, metadata={"key": "class"})
    boss: BossCard | None = None


@record
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
    attacks_over: bool = field(default=False, metadata=ADDED)  # the current character fumbled: no further Attacks this turn (p.20)
    critical: str | None = field(default=None, metadata=ADDED)  # the target of the current character's Critical Strike, its ability not yet used
    event_done: tuple[str, ...] = field(default=(), metadata=ADDED)  # what the table did for the Event card's mission event / event adversary
    event_placed: int = field(default=0, metadata=ADDED)  # adversaries placed by the round's Event card so far (of its `places`)
    # The round began on the die (step 1) and the table's own Event deck is still to be turned (step 2, p.12)
    event_pending: bool = field(default=False, metadata=ADDED)

    def choice(self, character_id: str) -> Choice | None:
        return dict(self.choices).get(character_id)

    def drawn_for(self, type_: str) -> Drawn | None:
        return dict(self.drawn).get(type_)


@record
class MissionResult:
    success: bool
    round: int
    reasons: tuple[str, ...]


@record
class Mission:
    """Stored by companion/codec.py in field order (the board as its map and figures), as play/codec.py says."""
    mission_id: str
    difficulty: int
    seed: int = field(default=0, kw_only=True)  # stored here, given by name
    shuffles: int = field(default=0, kw_only=True)
    board: Board = field(metadata={"flatten": True})
    characters: tuple[CharacterState, ...]
    kinds: tuple[AdversaryKind | BossKind, ...]
    adversaries: tuple[AdversaryState, ...] = ()
    # "species:Grallok", "class:Archer", "boss:mutant-grallok"
    decks: Annotated[tuple[tuple[str, Deck[Card | ClassCard | BossCard]], ...], AS_OBJECT] = ()
    events: Deck[EventCard] = Deck()
    persistent: tuple[tuple[str, BossCard], ...] = ()  # boss cards kept beside a board (p.49, 58)
    round: Round | None = None
    rounds: int = 0  # rounds begun
    objective_met: bool = False
    primary_target: str | None = None  # a mission rule naming every adversary's primary target (p.27)
    nova_cells: tuple[tuple[Space, int], ...] = ()  # on the map
    orbs_activated: tuple[Space, ...] = ()
    orbs_taken: tuple[int, ...] = ()  # campaign orb numbers activated in this mission
    treasures_taken: tuple[int, ...] = ()  # campaign treasure numbers retrieved in this mission
    result: MissionResult | None = None
    hazard_rules: tuple[HazardRule, ...] = ()  # hazards.json at set-up: what entering each hazard does (p.33)
    # The decks the table draws as physical cards ("events", "species:Grallok", "class:Sentry", "boss:<type>"):
    # their `cards` are the cards not yet drawn, in no order; the app shuffles the others (p.10, p.12 step 5)
    physical: tuple[str, ...] = field(default=(), metadata=ADDED)
    named: tuple[tuple[str, str], ...] = field(default=(), metadata=ADDED)  # deck -> the card the table said came up, for its next draw
    # The physical decks whose every card the app knows (typed in whole, not as they came up): only there is the
    # one card left the card that comes up (decks.last_card); an older mission knows none, so it asks as before
    whole: tuple[str, ...] = field(default=(), metadata=ADDED)

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


@record
class Update:
    mission: Mission
    reasons: tuple[str, ...] = ()


# -- what every command module checks and replaces (shared here, so none imports another's internals) --------

def not_over(mission: Mission) -> None:
    if mission.result is not None:
        raise MissionError("mission", f"the mission is over ({'success' if mission.result.success else 'failure'})")


def unplaced(mission: Mission) -> tuple[CharacterState, ...]:
    """The characters still in the mission and not yet on the map: round 1 waits for them (p.11)."""
    return tuple(c for c in mission.characters if not c.defeated and mission.figure(c.id) is None)


def must_place_first(mission: Mission) -> MissionError | None:
    """Why no round may begin yet, or None: every character starts on an entry point (p.11)."""
    names = [c.name for c in unplaced(mission)]
    return MissionError("characters", f"{', '.join(names)} must be placed on an entry point first", "11") \
        if names else None


def unchosen(mission: Mission) -> tuple[CharacterState, ...]:
    """The characters still in the mission who have neither rested nor selected cards this round (p.12 step 3)."""
    rnd = mission.round
    if rnd is None or rnd.phase != "select":
        return ()
    return tuple(c for c in mission.characters if not c.defeated and rnd.choice(c.id) is None)


def must_choose_first(mission: Mission) -> MissionError | None:
    """Why the cards may not be revealed yet, or None: each character rests or selects cards first (p.12 step 3)."""
    names = [c.name for c in unchosen(mission)]
    return MissionError("choices", f"{', '.join(names)} must rest or select cards first", "12 step 3") \
        if names else None


def in_phase(mission: Mission, phase: str) -> Round:
    not_over(mission)
    rnd = mission.round
    if rnd is None or rnd.phase != phase:
        now = "no round has begun" if rnd is None else f"round {rnd.number} is in its {rnd.phase} phase"
        wanted = {"select": "while characters choose to rest or select cards (p.12 step 3)",
                  "turns": "while the turns are played (p.12 step 7)"}[phase]
        raise MissionError("round", f"this is done {wanted}; {now}")
    if rnd.event_pending:
        raise MissionError("event", "turn the round's Event card first and tap which came up: the Event comes "
                                    "before resting or choosing cards (p.12 step 2)", "12")
    return rnd


def resting_now(mission: Mission, figure_id: str) -> bool:
    """Whether `figure_id` is the character taking its rest turn now (p.13)."""
    rnd = mission.round
    if rnd is None or rnd.current != figure_id or rnd.phase != "turns":
        return False
    choice = rnd.choice(figure_id)
    return choice is not None and choice.rest


def not_resting(mission: Mission, figure_id: str, what: str) -> None:
    """Refuse `what` (a Move, an Attack) to a character on its rest turn: it plays no Character Action cards
    (p.13)."""
    if resting_now(mission, figure_id):
        name = next((c.name for c in mission.characters if c.id == figure_id), figure_id)
        raise MissionError("figure", f"{name} is resting this turn: no Character Action cards are played, so no "
                                     f"{what}", "13")


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
    return in_rows(h, hexmap)


def color_name(color: str | None) -> str:
    return color.replace("-", " ") if color else "no color"

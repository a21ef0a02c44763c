"""A whole Phantom Epoch mission, round by round: set-up (p.9-11, 34), the round flow and initiative
(p.12-13), the event and adversary decks (p.12, 39, 47), conditions over time (p.37, 50), defeat (p.23,
26, 30) and the mission result (p.13-14).

A `Mission` is immutable. Every command is a function `(Mission, ...) -> Update`: the new mission and its
reasons, short sentences citing the rulebook page. A refused command raises `MissionError`, naming the
field and quoting the bad input, and nothing changes. The web layer stores each command as an event and
undoes by replaying them from the set-up, so nothing here may depend on anything but its arguments:
shuffles draw from the mission's own seed and a counter (`set_up` takes the `random.Random` that makes
the seed), and the same commands always give the same decks.

Adversary turns are resolved by turn.py: `adversary_scenario` builds the turn's Scenario from the mission,
`apply_adversary_turn` writes the Resolution back (defeats, nova cells, the end of the turn).
`mission_to_dict` / `mission_from_dict` give plain JSON shapes, so a mission survives a restart.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from ..errors import RuleError
from .attack import (
    DETRIMENTAL, AttackError, Combatant, apply_conditions, condition_name, resolve_attack, resolve_counter_attack,
)
from .board import Board, Figure
from .boss import Boss, BossError, attributes, nova_cells_dropped, turn_for_card
from .decision import COLORS, DecisionDie, break_tie
from .dice import DiceError, Rolls
from .hazards import HazardError, HazardRule, enter, reapply, start_of_turn
from .hexmap import HAZARDS, Hex, HexMap, Layout, MapError, Placement
from .missions import MissionReport
from .placing import place_new_adversary
from .scenario import Action, Card, ClassCard, RangeSpec, Scenario, Turn
from .sight import sight
from .turn import Resolution

FORMAT = "phantom-epoch-mission/1"
MAX_CHARACTERS = 4  # p.8
EVENTS_ON_TOP = 5  # p.10 step 8: five random Round 1-5 events on top of the Round 6+ deck
# Where an adversary came from: set-up, mission text, a mission event, an Event card (p.26: the last two drop
# no nova cells).
SOURCES = ("map", "mission", "mission-event", "event")
NO_NOVA_CELLS = ("mission-event", "event")
ENDS_AFTER_NEXT_FULL_TURN = ("Frozen", "Invisible")  # p.37, p.50


class MissionError(RuleError):
    """A refused command; `field` names what to fix and the message quotes the bad input."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page, text=f"{field}: {message}")


# -- what the table brings to the mission ------------------------------------------------------------------

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


@dataclass(frozen=True)
class EventCard:
    number: str
    name: str
    text: str = ""


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


# -- the state of a mission --------------------------------------------------------------------------------

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


# -- set-up (p.9-11, 34) -------------------------------------------------------------------------------------

def adversaries_for(hexmap: HexMap, characters: int, kinds) -> tuple[tuple[tuple[Hex, str], ...], tuple[str, ...]]:
    """The placement icons whose adversary is placed for `characters` embarking (set-up step 7, p.34), in
    map order (north to south, then west to east). A boss is placed whatever the count."""
    by_type = {k.type: k for k in kinds}
    placed, reasons = [], []
    for h, p in sorted(hexmap.placements, key=lambda item: _map_order(hexmap, item[0])):
        where = hexmap.label(h)
        kind = by_type.get(p.type)
        if kind is None:
            raise MissionError("placements", f"{where}: {p.type!r} is not one of the adversary types given "
                                             f"({', '.join(sorted(by_type)) or 'none'})")
        if isinstance(kind, BossKind):
            placed.append((h, p.type))
            reasons.append(f"{p.type} on {where}: a boss is placed regardless of the number of characters "
                           "(set-up step 7, p.9-11)")
        elif p.min_characters <= characters <= p.max_characters:
            placed.append((h, p.type))
            reasons.append(f"{p.type} on {where}: its icon is for {_count(p)} characters and {characters} "
                           "embarked (set-up step 7, p.9-11, 34)")
        else:
            reasons.append(f"no {p.type} on {where}: its icon is for {_count(p)} characters and {characters} "
                           "embarked (set-up step 7, p.9-11, 34)")
    return tuple(placed), tuple(reasons)


def spread_colors(count: int) -> tuple[str, ...]:
    """HP-base colors for `count` adversaries of one type: all different while possible, then duplicates
    spread evenly (6 -> two each of two colors, one each of the other two), in color order (p.11)."""
    return tuple(COLORS[i % len(COLORS)] for i in range(count))


def new_adversary_colors(mission: Mission, type_: str) -> tuple[str, ...]:
    """The colors a new adversary of `type_` may take: those with the fewest of that type on the map; the
    players choose between them (p.26)."""
    counts = {c: 0 for c in COLORS}
    for f in mission.board.figures:
        if f.side == "adversary" and f.type == type_ and f.color in counts:
            counts[f.color] += 1
    fewest = min(counts.values())
    return tuple(c for c in COLORS if counts[c] == fewest)


def build_event_deck(rounds_1_5: Sequence[EventCard], rounds_6_plus: Sequence[EventCard],
                     rng: random.Random) -> tuple[Deck, tuple[str, ...]]:
    """Set-up step 8 (p.10): shuffle both decks, draw 5 random Round 1-5 events and put them on top of the
    Round 6+ deck; the other Round 1-5 events are set aside unseen."""
    if len(rounds_1_5) < EVENTS_ON_TOP:
        raise MissionError("events_1_5", f"{len(rounds_1_5)} Round 1-5 event cards given; set-up draws "
                                         f"{EVENTS_ON_TOP} of them (p.10 step 8)")
    early, late = list(rounds_1_5), list(rounds_6_plus)
    rng.shuffle(early)
    rng.shuffle(late)
    top = early[:EVENTS_ON_TOP]
    return Deck(tuple(top + late)), (
        f"Event deck: {EVENTS_ON_TOP} random Round 1-5 events on top of the {len(late)} shuffled Round 6+ events; "
        f"the other {len(early) - EVENTS_ON_TOP} Round 1-5 events are set aside unseen (p.10 step 8)",)


def set_up(mission_id: str, hexmap: HexMap, difficulty: int, characters: Sequence[Embarking], kinds: Sequence,
           *, species_decks: Mapping[str, Sequence[Card]], class_decks: Mapping[str, Sequence[ClassCard]],
           boss_decks: Mapping[str, Sequence[BossCard]] | None = None, events_1_5: Sequence[EventCard],
           events_6_plus: Sequence[EventCard], orbs_taken: Sequence[int] = (), treasures_taken: Sequence[int] = (),
           colors: Mapping[str, str] | None = None, rng: random.Random | None = None,
           hazards: Sequence[HazardRule] = ()) -> Update:
    """A new mission (set-up steps 3-8, p.9-11): tokens not yet taken in the campaign, the adversaries for
    the number of characters with their HP-base colors, every deck shuffled, the event deck built. The
    characters are placed afterwards on the entry points the players choose (`place_character`).
    `colors` may give the colors the table used ({"H-4": "red"}); they must be spread evenly. `hazards` are
    the hazard rules (hazards.json, `hazards.hazard_rules`) the mission applies when a figure enters one."""
    if not isinstance(mission_id, str) or not mission_id.strip():
        raise MissionError("mission_id", f"must name the mission, not {mission_id!r}")
    if not isinstance(hexmap, HexMap):
        raise MissionError("map", f"must be a HexMap, not {type(hexmap).__name__}")
    if difficulty not in (1, 2, 3, 4) or isinstance(difficulty, bool):
        raise MissionError("difficulty", f"a mission's difficulty is 1 to 4, not {difficulty!r}")
    party = _check_party(characters)
    kinds = _check_kinds(kinds, len(party))
    boss_decks = boss_decks or {}
    decks = _check_decks(kinds, species_decks, class_decks, boss_decks)
    rng = rng if rng is not None else random.Random()
    seed = rng.getrandbits(64)
    reasons: list[str] = []

    hexmap = _without_taken_tokens(hexmap, tuple(orbs_taken), tuple(treasures_taken), reasons)
    placed, why = adversaries_for(hexmap, len(party), kinds)
    reasons.extend(why)
    board, adversaries = _place_at_set_up(hexmap, placed, kinds, len(party), colors or {}, reasons)

    if not all(isinstance(h, HazardRule) for h in hazards):
        raise MissionError("hazards", f"must be HazardRule values, not {hazards!r}")
    mission = Mission(mission_id.strip(), difficulty, board, party, kinds, adversaries, seed=seed,
                      hazard_rules=tuple(hazards))
    shuffled = []
    for key in sorted(decks):
        cards, mission = _shuffle(mission, decks[key])
        shuffled.append((key, Deck(cards)))
    events, why = build_event_deck(tuple(events_1_5), tuple(events_6_plus), _rng(mission))
    mission = replace(mission, decks=tuple(shuffled), events=events, shuffles=mission.shuffles + 1)
    reasons.append("Adversary Action decks shuffled: " + ", ".join(k for k, _ in shuffled) + " (p.10 step 6)")
    reasons.extend(why)
    reasons.append("Each player places their character on a different entry point (set-up step 12, p.11)")
    return Update(mission, tuple(reasons))


def place_character(mission: Mission, character_id: str, at: str) -> Update:
    """Set-up step 12 (p.11): a character on an entry point; each on a different one."""
    _not_over(mission)
    if mission.rounds:
        raise MissionError("at", "characters are placed on entry points at set-up, before round 1 (p.11)")
    ch = mission.character(character_id)
    h = _space(mission.map, at, "at")
    if h not in mission.map.entry_points:
        raise MissionError("at", f"{at!r} is not an entry point of this map (p.11 step 12)")
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != ch.id:
        raise MissionError("at", f"{at!r} already holds {here.id}: each character goes on a different entry "
                                 "point (p.11 step 12)")
    figure = mission.figure(ch.id) or Figure(ch.id, "character", h, ch.color, None, ch.max_hp, ch.max_hp,
                                             ch.attack, ch.guard, ch.range)
    board = mission.board.with_figure(replace(figure, at=h))
    return Update(replace(mission, board=board), (f"{ch.name} starts on entry point {mission.map.label(h)} (p.11)",))


# -- the round flow (p.12-13) --------------------------------------------------------------------------------

def begin_round(mission: Mission, die: DecisionDie) -> Update:
    """Steps 1-2 (p.12): the decision die for the whole round, then the event card."""
    _not_over(mission)
    if not isinstance(die, DecisionDie):
        raise MissionError("die", f"must be a decision die roll (color, primary, secondary), not {die!r}")
    if mission.round is not None and mission.round.phase != "over":
        raise MissionError("round", f"round {mission.round.number} is not over yet (p.12 steps 7-9)")
    unplaced = [c.name for c in mission.characters if not c.defeated and mission.figure(c.id) is None]
    if unplaced:
        raise MissionError("characters", f"{', '.join(unplaced)} must be placed on an entry point first (p.11)")
    number = mission.rounds + 1
    reasons = [f"Round {number}: the decision die shows {_die(die)}, used for every decision this round "
               "(p.12 step 1, p.36)"]
    event, deck, mission, why = _draw(mission, mission.events, "the Event deck")
    reasons.extend(why)
    if event is None:
        reasons.append("no Event card is left to draw (p.12 step 2)")
    else:
        reasons.append(f"Event #{event.number} {event.name}: perform it now (p.12 step 2, p.39)"
                       + (f" — {event.text}" if event.text else ""))
        text = f"{event.name} {event.text}".lower()
        if "mission event" in text or "event adversary" in text:  # p.59
            reasons.append("it refers to the mission event or event adversary: see the Mission book (p.12, p.59)")
    rnd = Round(number, die, event)
    return Update(replace(mission, events=deck, round=rnd, rounds=number), tuple(reasons))


def rest(mission: Mission, character_id: str, modifier: int = 0) -> Update:
    """Step 3 (p.12-13): the character rests this round; its initiative is 1, and an initiative modifier it
    has (equipment) does not apply (p.44)."""
    rnd = _phase(mission, "select")
    ch = _living_character(mission, character_id)
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        raise MissionError("modifier", f"must be a whole number, not {modifier!r}")
    if not ch.discard:
        raise MissionError("rest", f"{ch.name} has no discarded Character Action cards, so may not rest (p.13)")
    if ch.last_rest is not None and ch.last_rest == rnd.number - 1:
        raise MissionError("rest", f"{ch.name} rested in round {ch.last_rest} and may not rest two turns in a "
                                   "row (p.13)")
    return Update(_with_choice(mission, ch.id, Choice(rest=True, modifier=modifier)),
                  (f"{ch.name} rests: initiative 1 this round (p.13)",))


def select_cards(mission: Mission, character_id: str, cards: Sequence, modifier: int = 0) -> Update:
    """Step 3 (p.12-13): one or more cards from the hand whose AP total is at most the species' maximum AP;
    Frozen doubles every card's AP (p.37, p.50). `modifier` is an initiative modifier (equipment, p.12)."""
    _phase(mission, "select")
    ch = _living_character(mission, character_id)
    chosen = _check_cards(cards)
    if not chosen:
        raise MissionError("cards", f"{ch.name} must choose one or more Character Action cards, or rest (p.13)")
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        raise MissionError("modifier", f"must be a whole number, not {modifier!r}")
    out_of_hand = {c.name for c in ch.discard} | {c.name for c, _ in ch.lasting}
    for i, c in enumerate(chosen):
        if c.name in out_of_hand:
            raise MissionError(f"cards[{i}]", f"{c.name!r} is not in {ch.name}'s hand: it was played and is "
                                              "discarded or still in effect (p.13, p.23)")
    figure = mission.figure(ch.id)
    frozen = figure is not None and figure.has_condition("Frozen")
    total = sum(c.ap for c in chosen) * (2 if frozen else 1)
    if total > ch.max_ap:
        raise MissionError("cards", f"AP {total}{' (doubled: Frozen, p.37)' if frozen else ''} is above "
                                    f"{ch.name}'s maximum AP of {ch.max_ap} (p.13)")
    choice = Choice(cards=chosen, modifier=modifier)
    return Update(_with_choice(mission, ch.id, choice),
                  (f"{ch.name} selects {len(chosen)} card(s), AP {total}"
                   + (", doubled by Frozen (p.37)" if frozen else "") + " (p.13)",))


def character_ties(mission: Mission) -> tuple[tuple[str, ...], ...]:
    """Groups of living characters with the same initiative: the players decide their order (p.12 step 7)."""
    rnd = mission.round
    if rnd is None:
        return ()
    values: dict[int, list[str]] = {}
    for c in mission.characters:
        if not c.defeated and rnd.choice(c.id) is not None:
            values.setdefault(initiative(mission, c.id)[0], []).append(c.id)
    return tuple(tuple(ids) for _, ids in sorted(values.items()) if len(ids) > 1)


def reveal(mission: Mission, character_order: Sequence[str] = ()) -> Update:
    """Steps 4-6 (p.12): the cards are revealed, the Adversary Action cards drawn (a species and a class
    card per adversary type, a Boss card per boss; an empty deck reshuffles its discards), and initiative
    determined. `character_order` is the players' order for tied characters (p.12 step 7)."""
    rnd = _phase(mission, "select")
    missing = [c.name for c in mission.characters if not c.defeated and rnd.choice(c.id) is None]
    if missing:
        raise MissionError("choices", f"{', '.join(missing)} must rest or select cards first (p.12 step 3)")
    order = tuple(character_order)
    for cid in order:
        mission.character(cid)
    if len(set(order)) != len(order):
        raise MissionError("character_order", f"lists a character twice: {list(order)!r}")
    for group in character_ties(mission):
        if not set(group) <= set(order):
            names = ", ".join(mission.character(c).name for c in group)
            raise MissionError("character_order", f"{names} tie at initiative {initiative(mission, group[0])[0]}: "
                                                  "the players decide who goes first (p.12 step 7)")
    reasons = []
    for c in mission.characters:
        ch = rnd.choice(c.id)
        if ch is not None and not ch.rest:
            reasons.append(f"{c.name} reveals {', '.join(f'{a.name} ({a.ap} AP)' for a in ch.cards)} (p.12 step 4)")
    drawn = []
    present = {f.type for f in mission.board.figures if f.side == "adversary"}
    for kind in (k for k in mission.kinds if k.type in present):
        if isinstance(kind, BossKind):
            card, mission, why = _draw_into(mission, f"boss:{kind.type}")
            reasons.extend(why)
            drawn.append((kind.type, Drawn(boss=card)))
            reasons.append(f"{kind.type} draws the Boss card {card.name} (p.12 step 5, p.30)")
        else:
            species, mission, why1 = _draw_into(mission, f"species:{kind.species}")
            klass, mission, why2 = _draw_into(mission, f"class:{kind.class_name}")
            reasons.extend(why1 + why2)
            drawn.append((kind.type, Drawn(species=species, class_card=klass)))
            reasons.append(f"{kind.type} draws {species.name} from the {kind.species} species deck and {klass.name} "
                           f"from the {kind.class_name} class deck (p.12 step 5)")
    acting = tuple(c.id for c in mission.characters if not c.defeated) + tuple(
        f.id for f in mission.board.figures if f.side == "adversary")
    characters = tuple(replace(c, last_rest=rnd.number) if (rnd.choice(c.id) or Choice()).rest else c
                       for c in mission.characters)
    rnd = replace(rnd, phase="turns", drawn=tuple(drawn), character_order=order, acting=acting)
    mission = replace(mission, round=rnd, characters=characters)
    listing = turn_order(mission)
    reasons.append("Initiative, lowest first: " + ", ".join(f"{i} {fid}" for fid, i in listing.upcoming)
                   + " (p.12 step 6-7)")
    reasons.extend(listing.reasons)
    return Update(mission, tuple(reasons))


def initiative(mission: Mission, figure_id: str) -> tuple[int, str]:
    """A figure's initiative this round, with why (p.12 step 6, p.13, p.30, p.37)."""
    rnd = mission.round
    figure = mission.figure(figure_id)
    frozen = figure is not None and figure.has_condition("Frozen")
    if any(c.id == figure_id for c in mission.characters):
        choice = rnd.choice(figure_id) if rnd else None
        if choice is None:
            raise MissionError("character", f"{figure_id!r} has not rested or selected cards this round")
        if choice.rest:
            return 1, f"{figure_id} rests: initiative 1, whatever its modifiers (p.13, p.44)"
        ap = sum(c.ap for c in choice.cards)
        value = ap * (2 if frozen else 1) + choice.modifier
        text = f"{figure_id}: AP {ap}" + (" doubled by Frozen (p.37)" if frozen else "")
        if choice.modifier:
            text += f", modifier {choice.modifier:+d}"
        return value, text + f" = initiative {value} (p.12 step 6)"
    if figure is None:
        raise MissionError("figure", f"no figure {figure_id!r} on the map")
    kind = mission.kind(figure.type)
    drawn = rnd.drawn_for(kind.type) if rnd else None
    if drawn is None:
        raise MissionError("figure", f"no Adversary Action cards were drawn for {figure_id} this round (p.26)")
    if isinstance(kind, BossKind):
        bt = turn_for_card(kind.boss, drawn.boss.actions, frozen=frozen)
        return bt.initiative, f"{figure_id}: " + "; ".join(bt.reasons)
    row = drawn.class_card.row(figure.color)
    ap = drawn.species.ap + row.ap
    value = ap * (2 if frozen else 1)
    return value, (f"{figure_id}: species card {drawn.species.ap} + the {_color(figure.color)} row of "
                   f"{drawn.class_card.name} {row.ap}" + (", doubled by Frozen (p.37)" if frozen else "")
                   + f" = initiative {value} (p.12 step 6)")


@dataclass(frozen=True)
class TurnOrder:
    done: tuple[str, ...]
    current: str | None
    upcoming: tuple[tuple[str, int], ...]  # (figure id, initiative), in turn order
    reasons: tuple[str, ...]

    @property
    def next(self) -> str | None:
        return self.upcoming[0][0] if self.upcoming and self.current is None else None

    @property
    def end_of_round(self) -> bool:
        return self.current is None and not self.upcoming


def turn_order(mission: Mission) -> TurnOrder:
    """Who has played, who is playing and who is next, lowest initiative first, with every tie rule of p.12
    step 7 (recomputed from the figures' present conditions: Frozen may delay a turn, p.50)."""
    rnd = mission.round
    if rnd is None or rnd.phase != "turns":
        return TurnOrder(rnd.done if rnd else (), None, (), ())
    alive = {f.id for f in mission.board.figures}
    remaining = [i for i in rnd.acting if i not in rnd.done and i != rnd.current and i in alive]
    ordered, reasons = _ordered(mission, remaining)
    return TurnOrder(rnd.done, rnd.current, tuple((i, initiative(mission, i)[0]) for i in ordered), tuple(reasons))


def start_next_turn(mission: Mission, keep: Sequence[str] = ()) -> Update:
    """Step 7 (p.12): the next figure's turn begins. A character's start of turn: temporary cards to the
    discard pile (p.23 step 1); on a rest turn its discarded cards come back and its detrimental conditions
    are removed (except those in `keep`) before anything happens (p.13); otherwise Bleeding and Burning hurt
    (p.23 step 2, p.37). An adversary's start of turn is part of its resolution (turn.py)."""
    rnd = _phase(mission, "turns")
    if rnd.current is not None:
        raise MissionError("turn", f"it is still {rnd.current}'s turn")
    order = turn_order(mission)
    if order.next is None:
        raise MissionError("turn", f"every figure has taken its turn in round {rnd.number}: end the round "
                                   "(p.12 steps 8-9)")
    fid, value = order.upcoming[0]
    figure = mission.figure(fid)
    at_start = tuple(c for c in ENDS_AFTER_NEXT_FULL_TURN if figure.has_condition(c))
    mission = replace(mission, round=replace(rnd, current=fid, at_start=at_start))
    reasons = [f"{fid}'s turn, initiative {value} (p.12 step 7)"]
    if figure.side == "adversary":
        return Update(mission, tuple(reasons))
    ch = mission.character(fid)
    temporary = tuple(c for c, how in ch.lasting if how == "temporary")
    if temporary:
        ch = replace(ch, discard=ch.discard + temporary, lasting=tuple(x for x in ch.lasting if x[1] != "temporary"))
        reasons.append(f"{', '.join(c.name for c in temporary)}: temporary effects end; to the discard pile (p.23)")
    resting = rnd.choice(fid).rest
    if resting and ch.discard:
        reasons.append(f"{ch.name} rests and recovers {len(ch.discard)} discarded card(s) (p.13)")
        ch = replace(ch, discard=())
    mission = _put_character(mission, ch)
    after, why = character_turn_start(figure, resting, keep, mission.map, mission.hazard_rules)
    reasons.extend(why)
    mission = replace(mission, board=mission.board.with_figure(after))
    if after.hp <= 0:
        mission, why = _defeat_character(mission, fid)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def character_turn_start(figure: Figure, resting: bool, keep: Sequence[str] = (), hexmap: HexMap | None = None,
                         hazards: Sequence[HazardRule] = ()) -> tuple[Figure, tuple[str, ...]]:
    """The conditions at the start of a character's turn: on a rest turn the detrimental ones are removed
    first (p.13; `keep` those the player keeps) and nothing hurts; on other turns Bleeding and Burning hurt
    as for every figure (hazards.start_of_turn, p.37). Still on a fire or poison hazard of `hexmap`, the
    hazard's condition is reapplied if it is gone, on a rest too (p.33)."""
    if not resting:
        return start_of_turn(hexmap or HexMap(), figure, hazards)
    kept = {condition_name(k, "keep") for k in keep}
    reasons: list[str] = []
    removed = [c for c in figure.conditions if c in DETRIMENTAL and c not in kept]
    if removed:
        figure = replace(figure, conditions=tuple(c for c in figure.conditions if c not in removed))
        reasons.append(f"{figure.id} removes {', '.join(removed)} at the start of its rest turn (p.13)")
    if any(figure.has_condition(c) for c in ("Bleeding", "Burning")):
        reasons.append("no Bleeding or Burning damage on a rest turn (p.13, p.37)")
    if hexmap is not None:
        figure, why = reapply(hexmap, figure, hazards, resting=True)
        reasons.extend(why)
    return figure, tuple(reasons)


def end_turn(mission: Mission, activate_orbs: Sequence[str] = (), temporary: Sequence[str] = (),
             persistent: Sequence[str] = ()) -> Update:
    """The current figure's turn ends. A character retrieves nova cells and treasure on or next to its space
    (p.25), activates the orbs listed next to it (p.24), and its selected cards go to the discard pile —
    those named `temporary` or `persistent` stay in effect (p.23 steps 3-4). Frozen and Invisible end now if
    the figure had them when this turn began (p.37, p.50)."""
    rnd = _phase(mission, "turns")
    if rnd.current is None:
        raise MissionError("turn", "no turn is in progress: start the next turn first")
    fid = rnd.current
    reasons: list[str] = []
    figure = mission.figure(fid)
    if figure is not None and figure.side == "character":
        mission = _pick_up(mission, fid, activate_orbs, reasons)
        mission = _discard_selected(mission, fid, temporary, persistent, reasons)
    elif activate_orbs or temporary or persistent:
        raise MissionError("turn", f"{fid} is an adversary: orbs and Character Action cards are for characters")
    return _finish_turn(mission, reasons)


def end_round(mission: Mission) -> Update:
    """Steps 8-9 (p.12): the Adversary Action cards and the event are discarded, end-of-round effects are
    performed, and the mission succeeds if its objective was met this round (p.14)."""
    rnd = _phase(mission, "turns")
    order = turn_order(mission)
    if not order.end_of_round:
        waiting = order.current or order.upcoming[0][0]
        raise MissionError("round", f"{waiting} has not taken its turn yet (p.12 step 7)")
    reasons = []
    for type_, drawn in rnd.drawn:
        mission = _discard_drawn(mission, type_, drawn)
    if rnd.drawn:
        reasons.append("All Adversary Action cards drawn for the round are discarded (p.12 step 8)")
    events = mission.events
    if rnd.event is not None:
        events = replace(events, discard=events.discard + (rnd.event,))
        reasons.append(f"Apply any end-of-round effect, such as the event's {rnd.event.name} (p.12 step 9)")
    mission = replace(mission, events=events, round=replace(rnd, phase="over", drawn=()))
    if mission.objective_met:
        return _finish(mission, True, reasons + [
            f"The objective was met in round {rnd.number}: the mission succeeds at the end of that round (p.14)"])
    reasons.append("The mission is not complete: play another round (p.12 step 9)")
    return Update(mission, tuple(reasons))


def may_redraw_boss_card(mission: Mission, type_: str) -> bool:
    """Can the boss of `type_` still draw another Boss card this round (p.58)? See `redraw_boss_card`."""
    return _no_redraw(mission, type_) is None


def _no_redraw(mission: Mission, type_: str) -> str | None:
    rnd = mission.round
    if mission.result is not None:
        return "the mission is over"
    if rnd is None or rnd.drawn_for(type_) is None or rnd.drawn_for(type_).boss is None:
        return f"no Boss card was drawn for {type_!r} this round"
    ids = {a.id for a in mission.adversaries if a.type == type_}  # rnd.done holds figure ids, not types
    if not any(mission.figure(i) for i in ids):
        return f"no {type_} stands on the map"
    if ids & set(rnd.done) or rnd.current in ids:
        return f"{type_!r} has already played this round: its card is not redrawn (p.58)"
    return None


def redraw_boss_card(mission: Mission, type_: str, keep_persistent: bool) -> Update:
    """A Boss card that says to draw another (p.58, Figure 46): the drawn card goes beside the board if it is
    persistent and `keep_persistent`, else to the discard pile, and a new card is drawn for this round."""
    why = _no_redraw(mission, type_)
    if why:
        raise MissionError("type", why)
    old = mission.round.drawn_for(type_).boss
    key = f"boss:{type_}"
    reasons = []
    if keep_persistent and old.persistent:
        mission = replace(mission, persistent=mission.persistent + ((type_, old),))
        reasons.append(f"{old.name} stays beside the board until the boss is defeated or the mission ends (p.49)")
    else:
        mission = _put_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (old,)))
        reasons.append(f"{old.name} is discarded (p.58)")
    card, mission, why = _draw_into(mission, key)
    drawn = tuple((t, Drawn(boss=card) if t == type_ else d) for t, d in mission.round.drawn)
    mission = replace(mission, round=replace(mission.round, drawn=drawn))
    return Update(mission, tuple(reasons) + why + (f"{type_} draws {card.name} for this round (p.58)",))


def meet_objective(mission: Mission) -> Update:
    """The final objective is met: the mission succeeds at the end of this round, after every remaining turn
    (p.14)."""
    _not_over(mission)
    if mission.round is None:
        raise MissionError("objective", "no round has begun")
    return Update(replace(mission, objective_met=True), (
        f"Objective met: the mission succeeds at the end of round {mission.round.number}; every figure that has "
        "not played yet still takes its turn (p.14)",))


def fail_mission(mission: Mission, reason: str) -> Update:
    """The characters failed an objective that is not optional (p.13)."""
    _not_over(mission)
    if not isinstance(reason, str) or not reason.strip():
        raise MissionError("reason", f"say which objective was failed, not {reason!r}")
    return _finish(mission, False, [f"{reason.strip()}: a mission objective that is not optional was failed, so "
                                    "the mission is a failure (p.13)"])


def mission_report(mission: Mission) -> MissionReport:
    """What the campaign records (p.13-14): the party (defeated characters included, p.23), the nova cells
    each picked up, the campaign orbs and treasures taken (kept even on failure, p.13). The rewards printed
    in the Mission book are added by the mission-result form."""
    if mission.result is None:
        raise MissionError("result", "the mission is not over")
    numbered = [n for h, n in mission.map.orbs if n is not None and h not in mission.orbs_activated]
    numbered += [n for _, n in mission.map.treasures if n is not None]
    return MissionReport(mission.mission_id, mission.result.success, tuple(c.id for c in mission.characters),
                         mission.difficulty, nova_cells={c.id: c.nova_cells for c in mission.characters if c.nova_cells},
                         orbs=tuple(mission.orbs_taken), treasures=tuple(mission.treasures_taken),
                         all_taken=not numbered)


# -- figures during the round -------------------------------------------------------------------------------

def place_adversary(mission: Mission, type_: str, at: str, source: str = "mission", color: str | None = None) -> Update:
    """A new adversary during the mission (p.26): on the indicated space, or the closest empty one if it is
    occupied (decision die); the HP-base color with the fewest of its type (the players choose on a tie);
    none if every standee of the type is in play; no turn this round if the cards were already drawn."""
    _not_over(mission)
    kind = mission.kind(type_)
    if source not in SOURCES:
        raise MissionError("source", f"must be one of {', '.join(SOURCES)}, not {source!r}")
    h = _space(mission.map, at, "at")
    living = [f for f in mission.board.figures if f.side == "adversary" and f.type == type_]
    standees = kind.standees if isinstance(kind, AdversaryKind) else 1
    if standees is not None and len(living) >= standees:
        return Update(mission, (f"every {type_} standee ({standees}) is already in play, so the new adversary is "
                                "not placed (p.26)",))
    reasons = []
    if isinstance(kind, BossKind):
        color = kind.color if color is None else _check_color(color)
        a = attributes(kind.boss, mission.embarked)
        hp, attack, guard, rng = a.hp, a.attack, a.guard, a.range
        reasons.append(a.reason)
    else:
        options = new_adversary_colors(mission, type_)
        if color is None:
            color = options[0]
            if len(options) > 1:
                reasons.append(f"{', '.join(_color(c) for c in options)} have the fewest {type_}: the players may "
                               f"choose; {_color(color)} is taken (p.26)")
        elif _check_color(color) not in options:
            raise MissionError("color", f"{color!r} is not among the colors with the fewest {type_} "
                                        f"({', '.join(options)}) (p.26)")
        hp, attack, guard, rng = kind.hp, kind.attack, kind.guard, kind.range
    die = mission.round.die if mission.round else None
    spot = place_new_adversary(mission.board, h, die)
    reasons.extend(spot.reasons)
    if spot.at is None:
        return Update(mission, tuple(reasons))
    number = 1 + sum(1 for a in mission.adversaries if a.type == type_)
    fid = f"{type_}-{number}"
    figure = Figure(fid, "adversary", spot.at, color, type_, hp, hp, attack, guard, rng)
    mission = replace(mission, board=mission.board.with_figure(figure),
                      adversaries=mission.adversaries + (AdversaryState(fid, type_, source),))
    reasons.insert(0, f"{fid} ({_color(color)}) is placed (p.26)")
    if spot.at in mission.map.hazard_at:
        reasons.append(f"{fid} has entered the space it is placed in: the hazard's effect occurs at once (p.26, p.34)")
        mission, why = _enter(mission, figure, spot.at)
        reasons.extend(why)
    rnd = mission.round
    if rnd is not None and rnd.phase == "turns":
        reasons.append(f"Adversary Action cards were already drawn this round, so {fid} takes no turn until the "
                       "next round (p.26)")
    if source in NO_NOVA_CELLS:
        reasons.append(f"placed by {'an Event card' if source == 'event' else 'a mission event'}: it will drop no "
                       "nova cells (p.26)")
    return Update(mission, tuple(reasons))


def move_figure(mission: Mission, figure_id: str, to: str) -> Update:
    """Where a figure went (tapped on the map). It must end on an empty space or a hazard (p.24, p.34). A
    hazard it ends on is entered, after a Move or a Leap alike (p.24, p.33); one it only passed through on a
    Move is the players' to say (`enter_hazard`)."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    h = _space(mission.map, to, "to")
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != figure.id:
        raise MissionError("to", f"{to!r} already holds {here.id}")
    m = mission.map
    if m.is_blocking_object(h) or h in m.closed_doors or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        raise MissionError("to", f"{to!r} is not an empty space or a hazard: a movement ends on one (p.24, p.34)")
    reasons = [f"{figure.id} moves {m.label(figure.at)} -> {m.label(h)}"]
    moved = replace(figure, at=h)
    mission = replace(mission, board=mission.board.with_figure(moved))
    if h in m.hazard_at and h != figure.at:
        mission, why = _enter(mission, moved, h)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def enter_hazard(mission: Mission, figure_id: str, at: str) -> Update:
    """A hazard the figure entered on the way, before the space its Move ended on (p.33: a hazard acts when a
    figure enters it; only a Leap is spared the spaces it passes over, p.24). The table says which."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    h = _space(mission.map, at, "at")
    if h not in mission.map.hazard_at:
        raise MissionError("at", f"{at!r} holds no hazard")
    if h == figure.at:
        raise MissionError("at", f"{figure.id} stands on {at}: the hazard it ends on was applied when it moved there")
    kind = mission.map.hazard_at[h]
    mission, why = _enter(mission, figure, h)
    return Update(mission, (f"{figure.id} entered the {kind} hazard on {mission.map.label(h)} on the way",) + why)


def place_hazard_token(mission: Mission, at: str, kind: str) -> Update:
    """A Hazard token placed by an Action card or a mission event (p.38): a figure standing there has not
    entered it; a Trap token goes when it is triggered (p.33). On difficult terrain it replaces the terrain's
    effect until it is removed (p.33)."""
    _not_over(mission)
    if kind not in HAZARDS:
        raise MissionError("kind", f"a Hazard token is {', '.join(HAZARDS)}, not {kind!r}")
    h = _space(mission.map, at, "at")
    m = mission.map
    if h in m.hazard_at:
        raise MissionError("at", f"{at!r} already holds a {m.hazard_at[h]} hazard")
    if m.is_blocking_object(h) or h in m.door_states or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        raise MissionError("at", f"{at!r} holds an object, a door, a gap or an orb: a Hazard token goes on a space a "
                                 "figure can end on (p.24, p.38)")
    board = replace(mission.board, map=m.with_hazard_token(h, kind))
    return Update(replace(mission, board=board), (f"a {kind} Hazard token is placed on {at} (p.38)",))


def open_door(mission: Mission, at: str) -> Update:
    """A character opens a door by Moving or Leaping through it (p.34)."""
    _not_over(mission)
    h = _space(mission.map, at, "at")
    if mission.map.door_states.get(h) != "closed":
        raise MissionError("at", f"{at!r} is not a closed door")
    board = replace(mission.board, map=mission.map.with_door(h, "open"))
    return Update(replace(mission, board=board), (f"the door on {at} is open: an empty space from now on (p.34, p.38)",))


def set_hp(mission: Mission, figure_id: str, hp: int) -> Update:
    """A figure's HP as the table counts it; at 0 it is defeated (p.23, p.26)."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    if not isinstance(hp, int) or isinstance(hp, bool) or not 0 <= hp <= figure.max_hp:
        raise MissionError("hp", f"{figure.id}'s HP is 0 to {figure.max_hp}, not {hp!r}")
    mission = replace(mission, board=mission.board.with_figure(replace(figure, hp=hp)))
    reasons = [f"{figure.id}: HP {figure.hp} -> {hp}"]
    if hp == 0:
        mission, why = _defeat(mission, figure)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def heal(mission: Mission, figure_id: str, value: int, by: str | None = None) -> Update:
    """A Heal action (p.25): HP up to the maximum. A character receives a Bandage token each time it recovers
    HP, and once its bandage slots are full Heal no longer affects it (p.25, p.38, p.41). An Invisible figure
    is healed only by itself (p.37)."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MissionError("value", f"a Heal value is a whole number 0 or more, not {value!r}")
    if figure.invisible and by != figure.id:
        raise MissionError("figure", f"{figure.id} is Invisible: only its own actions affect it (p.37)")
    reasons = []
    ch = next((c for c in mission.characters if c.id == figure.id), None)
    if ch is not None and ch.bandage_slots is not None and ch.bandages >= ch.bandage_slots:
        return Update(mission, (f"{ch.name}'s bandage slots are full: Heal no longer affects it (p.25, p.38)",))
    new_hp = min(figure.max_hp, figure.hp + value)
    if new_hp == figure.hp:
        return Update(mission, (f"{figure.id} is at full HP: nothing to heal, no Bandage token (p.25)",))
    mission = replace(mission, board=mission.board.with_figure(replace(figure, hp=new_hp)))
    reasons.append(f"Heal {value}: {figure.id} HP {figure.hp} -> {new_hp} (p.25)")
    if ch is not None:
        mission = _put_character(mission, replace(ch, bandages=ch.bandages + 1))
        reasons.append(f"{ch.name} receives a Bandage token ({ch.bandages + 1}"
                       + (f" of {ch.bandage_slots}" if ch.bandage_slots is not None else "") + ") (p.25)")
    return Update(mission, tuple(reasons))


def add_condition(mission: Mission, figure_id: str, name: str) -> Update:
    """A condition inflicted or given (p.37): it refreshes if already there, Burning and Frozen cancel each
    other, Resilient stops a new detrimental one."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    try:
        conditions, reasons = apply_conditions(Combatant.from_figure(figure), [name])
    except AttackError as exc:
        raise MissionError("condition", str(exc)) from None
    return Update(replace(mission, board=mission.board.with_figure(replace(figure, conditions=conditions))), reasons)


def remove_condition(mission: Mission, figure_id: str, name: str) -> Update:
    """A condition token removed by an effect at the table (Knocked Down: by spending 1 MP, p.37)."""
    _not_over(mission)
    figure = _figure(mission, figure_id)
    try:
        c = condition_name(name)
    except AttackError as exc:
        raise MissionError("condition", str(exc)) from None
    if not figure.has_condition(c):
        raise MissionError("condition", f"{figure.id} has no {c} token")
    why = " by spending 1 MP (p.37)" if c == "Knocked Down" else ""
    return Update(replace(mission, board=mission.board.with_figure(figure.without_condition(c))),
                  (f"{figure.id} removes {c}{why}",))


def discard_to_recover_from_stunned(mission: Mission, character_id: str, card: str) -> Update:
    """A Stunned character discards one of its selected cards to act again (p.37)."""
    rnd = _phase(mission, "turns")
    ch = _living_character(mission, character_id)
    figure = mission.figure(ch.id)
    if not figure.has_condition("Stunned"):
        raise MissionError("character", f"{ch.name} is not Stunned")
    choice = rnd.choice(ch.id)
    picked = next((c for c in choice.cards if c.name == card), None) if choice else None
    if picked is None:
        raise MissionError("card", f"{card!r} is not one of {ch.name}'s selected cards this round")
    choice = replace(choice, cards=tuple(c for c in choice.cards if c is not picked))
    mission = _with_choice(mission, ch.id, choice)
    mission = _put_character(mission, replace(ch, discard=ch.discard + (picked,)))
    mission = replace(mission, board=mission.board.with_figure(figure.without_condition("Stunned")))
    return Update(mission, (f"{ch.name} discards {picked.name} and is no longer Stunned (p.37)",))


def set_primary_target(mission: Mission, figure_id: str | None) -> Update:
    """A mission rule that makes one enemy every adversary's primary target (p.27, p.50); None lifts it."""
    _not_over(mission)
    if figure_id is not None:
        figure = _figure(mission, figure_id)
        if figure.side != "character":
            raise MissionError("figure", f"{figure_id!r} is not a character, an enemy of the adversaries (p.26)")
    return Update(replace(mission, primary_target=figure_id),
                  ((f"{figure_id} is every adversary's primary target (p.27)" if figure_id
                    else "adversaries choose their primary targets again (p.27)"),))


# -- attacks ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AttackOutcome:
    """`character_attack`: the mission after it (unchanged while a roll is missing) and the attack."""
    mission: Mission
    outcome: str  # hit / failed / missed / fumbled / blocked-by:<name> / awaiting-roll
    rolls_needed: tuple[str, ...]
    accuracy_rolls: tuple[str, ...]
    reasons: tuple[str, ...]


def character_attack(mission: Mission, attacker_id: str, target: str, rolls: Mapping | None = None, *,
                     value: int = 0, pierce: int = 0, conditions: Sequence[str] = (), die: str = "basic",
                     attack_range: int | None = None, accuracy: Sequence[str] | None = None,
                     damage_multiplier: int = 1) -> AttackOutcome:
    """A character's Attack on an adversary or object by the attack flow (p.20-22), from the rolls entered,
    applied to the mission: damage, conditions, object state, defeat and nova cells. A Ranged Attack rolls
    the Accuracy die for what lies on the line (`accuracy`, nearest first; by default the line with the
    fewest rolls, the attacker's choice, p.19). Invisible ends with the Attack (p.37); a Vengeful target
    answers a Melee Attack from the same rolls (p.37). Until every roll needed is entered nothing changes."""
    _not_over(mission)
    attacker = _figure(mission, attacker_id)
    if attacker.side != "character":
        raise MissionError("attacker", f"{attacker_id!r} is not a character; adversary turns come from turn.py")
    board = mission.board
    if isinstance(target, str) and mission.figure(target) is not None and mission.figure(target).side == "character":
        raise MissionError("target", f"{target!r} is a character: a character Attacks adversaries and objects")
    try:
        defender = Combatant.on_board(board, target)
    except (MapError, AttackError) as exc:
        raise MissionError("target", str(exc)) from None
    target_at = board.map.parse(target[len("object:"):]) if target.startswith("object:") else board.figure(target).at
    distance = board.map.range_between(attacker.at, target_at)
    reach = attacker.range if attack_range is None else attack_range
    if distance is None or distance > reach:
        raise MissionError("target", f"{target} is out of range: range {distance}, the Attack reaches {reach} (p.18)")
    obstacles: tuple[str, ...] = ()
    reasons: list[str] = []
    if distance >= 2:
        s = sight(board, attacker.at, target_at, mission.round.die if mission.round else None)
        if not s.lines:
            raise MissionError("target", f"no line of sight from {attacker.id} to {target}: " + "; ".join(s.reasons))
        options = sorted({line.accuracy_rolls for line in s.lines}, key=lambda r: (len(r), r))
        if accuracy is None:
            obstacles = options[0]
            if len(options) > 1:
                reasons.append(f"the line of sight with the fewest Accuracy rolls is taken ({', '.join(obstacles) or 'none'}); "
                               "the attacker may choose another (p.19)")
        else:
            obstacles = tuple(accuracy)
            if obstacles not in options:
                raise MissionError("accuracy", f"{list(obstacles)!r} is not what any line of sight to {target} "
                                               f"needs rolls for ({'; '.join(map(str, map(list, options)))})")
    try:
        result = resolve_attack(Combatant.from_figure(attacker), defender, Rolls.from_dict(rolls),
                                target_range=distance, value=value, pierce=pierce, conditions=tuple(conditions),
                                obstacles=[Combatant.on_board(board, n) for n in obstacles], die=die,
                                damage_multiplier=damage_multiplier)
    except DiceError as exc:
        raise MissionError(exc.field or "rolls", exc.problem) from None
    except AttackError as exc:
        where, _, problem = str(exc).partition(": ")
        raise MissionError(where if problem else "attack", problem or where) from None
    reasons.extend(result.reasons)
    if result.outcome == "awaiting-roll":
        return AttackOutcome(mission, result.outcome, tuple(str(r) for r in result.rolls_needed), obstacles,
                             tuple(reasons))
    counter = None
    if result.counter_attack is not None:
        retaliator = result.target_after
        counter = resolve_counter_attack(result.counter_attack, retaliator, result.attacker_after, result.rolls_after)
        reasons.extend(counter.reasons)
        if counter.outcome == "awaiting-roll":
            return AttackOutcome(mission, "awaiting-roll", tuple(str(r) for r in counter.rolls_needed), obstacles,
                                 tuple(reasons))
    mission, why = _apply_attack(mission, attacker.id, result, counter)
    reasons.extend(why)
    return AttackOutcome(mission, result.outcome, (), obstacles, tuple(reasons))


# -- adversary turns (turn.py) -------------------------------------------------------------------------------

def adversary_scenario(mission: Mission, rolls: Mapping | None = None) -> Scenario:
    """The current adversary's turn as turn.py resolves it: its species card, then its class card (it performs
    its color's row, p.26, p.47), or a boss's inherent action then the actions of its Boss card (p.30)."""
    rnd = _phase(mission, "turns")
    figure = mission.figure(rnd.current) if rnd.current else None
    if figure is None or figure.side != "adversary":
        raise MissionError("turn", "it is not an adversary's turn")
    kind = mission.kind(figure.type)
    drawn = rnd.drawn_for(kind.type)
    if isinstance(kind, BossKind):
        cards = dict(kind.cards)
        wanted = (None,) + tuple(drawn.boss.actions)
        missing = [n for n in wanted if n not in cards]
        if missing:
            raise MissionError("boss", f"{kind.type}: no card for action "
                                       f"{', '.join('inherent' if n is None else f'#{n}' for n in missing)}")
        cards, boss = tuple(cards[n] for n in wanted), True
    else:
        cards, boss = (drawn.species, drawn.class_card), False
    # A mission's forced target that has left the map no longer forces anything (p.27).
    target = mission.primary_target if mission.figure(mission.primary_target or "") else None
    return Scenario(mission.board, rnd.die, Turn(figure.id, cards, target, boss, mission.embarked),
                    dict(rolls) if rolls else None, hazards=mission.hazard_rules)


def apply_adversary_turn(mission: Mission, resolution: Resolution) -> Update:
    """Write the resolved turn back and end it: the board after it; characters it defeated (p.23);
    adversaries defeated (by a Block, Bleeding, Burning or a Vengeful answer) and their nova cells (p.26);
    Invisible ends when it Attacks (p.37)."""
    rnd = _phase(mission, "turns")
    if resolution.adversary != rnd.current:
        raise MissionError("resolution", f"is {resolution.adversary!r}'s turn, but it is {rnd.current!r}'s")
    waiting = [t.target for s in resolution.steps for t in s.targets
               if t.result is None or t.result.outcome == "awaiting-roll"]
    if waiting:
        raise MissionError("rolls", f"the turn still waits for the dice against {', '.join(waiting)} (p.21)")
    before = mission.board
    after = resolution.board
    reasons: list[str] = []
    mission = replace(mission, board=after)
    for f in before.figures:
        now = next((x for x in after.figures if x.id == f.id), None)
        if now is None or (now.hp <= 0 and now.max_hp):
            mission, why = _defeat(mission, now or replace(f, hp=0))
            reasons.extend(why)
    me = mission.figure(resolution.adversary)
    attacked = any(s.action == "attack" and s.performed and s.targets for s in resolution.steps)
    if me is not None and attacked and me.invisible:
        mission = replace(mission, board=mission.board.with_figure(me.without_condition("Invisible")))
        reasons.append(f"{me.id} performed an Attack: Invisible is removed (p.37)")
    if mission.result is not None or mission.round.current is None:  # over, or the adversary was defeated
        return Update(mission, tuple(reasons))
    return _finish_turn(mission, reasons)


# -- internals: set-up ----------------------------------------------------------------------------------------

def _check_party(characters) -> tuple[CharacterState, ...]:
    characters = tuple(characters)
    if not 1 <= len(characters) <= MAX_CHARACTERS:
        raise MissionError("characters", f"1 to {MAX_CHARACTERS} characters embark on a mission (p.8), not "
                                         f"{len(characters)}")
    seen, colors, out = set(), {}, []
    for i, c in enumerate(characters):
        where = f"characters[{i}]"
        if not isinstance(c, Embarking):
            raise MissionError(where, f"must be an Embarking character, not {c!r}")
        if not isinstance(c.id, str) or not c.id or c.id in seen:
            raise MissionError(f"{where}.id", f"{c.id!r} is empty or used twice")
        seen.add(c.id)
        if c.color not in COLORS:
            raise MissionError(f"{where}.color", f"must be one of {', '.join(COLORS)}, not {c.color!r}")
        if c.color in colors:
            raise MissionError(f"{where}.color", f"{c.color!r} is {colors[c.color]}'s: each character uses its own "
                                                 "color (p.8)")
        colors[c.color] = c.id
        for name, lo in (("max_ap", 1), ("max_hp", 1), ("range", 1)):
            v = getattr(c, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise MissionError(f"{where}.{name}", f"must be a whole number of at least {lo}, not {v!r}")
        if c.bandage_slots is not None and (not isinstance(c.bandage_slots, int) or c.bandage_slots < 0):
            raise MissionError(f"{where}.bandage_slots", f"must be a whole number 0 or more, not {c.bandage_slots!r}")
        out.append(CharacterState(c.id, c.name or c.id, c.species, c.color, c.max_ap, c.max_hp, c.attack, c.guard,
                                  c.range, c.bandage_slots))
    return tuple(out)


def _check_kinds(kinds, embarked: int) -> tuple:
    kinds = tuple(kinds)
    seen = set()
    for i, k in enumerate(kinds):
        where = f"kinds[{i}]"
        if not isinstance(k, (AdversaryKind, BossKind)):
            raise MissionError(where, f"must be an AdversaryKind or a BossKind, not {k!r}")
        if not isinstance(k.type, str) or not k.type or k.type in seen:
            raise MissionError(f"{where}.type", f"{k.type!r} is empty or used twice")
        seen.add(k.type)
        if isinstance(k, BossKind):
            try:
                attributes(k.boss, embarked)
            except BossError as exc:
                raise MissionError(f"{where}.boss", exc.args[0]) from None
            if k.color is not None:
                _check_color(k.color, f"{where}.color")
            continue
        for name, lo in (("difficulty", 1), ("hp", 1), ("range", 1)):
            v = getattr(k, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise MissionError(f"{where}.{name}", f"must be a whole number of at least {lo}, not {v!r}")
        if k.standees is not None and (not isinstance(k.standees, int) or k.standees < 1):
            raise MissionError(f"{where}.standees", f"must be a whole number of at least 1, not {k.standees!r}")
    return kinds


def _check_decks(kinds, species_decks, class_decks, boss_decks) -> dict:
    decks = {}
    for k in kinds:
        if isinstance(k, BossKind):
            cards = tuple(boss_decks.get(k.type, ()))
            if not cards:
                raise MissionError(f"boss_decks.{k.type}", "no Boss Adversary Action cards given (p.10 step 6)")
            numbers = {a.number for a in k.boss.actions}
            for i, c in enumerate(cards):
                if not isinstance(c, BossCard) or any(n not in numbers for n in c.actions):
                    raise MissionError(f"boss_decks.{k.type}[{i}]", f"{c!r} names an action the {k.boss.name} "
                                                                    f"board does not have")
            decks[f"boss:{k.type}"] = cards
            continue
        species = tuple(species_decks.get(k.species, ()))
        classes = tuple(class_decks.get(k.class_name, ()))
        if not species or not all(isinstance(c, Card) for c in species):
            raise MissionError(f"species_decks.{k.species}", f"no Species Action cards for {k.type} (p.10 step 6)")
        if not classes or not all(isinstance(c, ClassCard) for c in classes):
            raise MissionError(f"class_decks.{k.class_name}", f"no Class Action cards for {k.type} (p.10 step 6)")
        for i, c in enumerate(classes):
            rows = [color for color, _ in c.rows]
            if sorted(rows) != sorted(COLORS):
                raise MissionError(f"class_decks.{k.class_name}[{i}]", f"{c.name} has rows for {', '.join(rows)}; "
                                                                       "a Class Action card has one per color (p.47)")
        decks[f"species:{k.species}"] = species
        decks[f"class:{k.class_name}"] = classes
    return decks


def _without_taken_tokens(hexmap: HexMap, orbs: tuple, treasures: tuple, reasons: list) -> HexMap:
    orbs_left = tuple((h, n) for h, n in hexmap.orbs if n is None or n not in orbs)
    treasures_left = tuple((h, n) for h, n in hexmap.treasures if n is None or n not in treasures)
    for what, before, after in (("orb", hexmap.orbs, orbs_left), ("treasure", hexmap.treasures, treasures_left)):
        for h, n in before:
            if (h, n) not in after:
                reasons.append(f"campaign {what} #{n} on {hexmap.label(h)} was already taken in this campaign: "
                               "no token (p.9 step 3)")
    return replace(hexmap, orbs=orbs_left, treasures=treasures_left)


def _place_at_set_up(hexmap: HexMap, placed, kinds, embarked: int, colors: Mapping, reasons: list):
    by_type = {k.type: k for k in kinds}
    figures, states, per_type = [], [], {}
    for h, type_ in placed:
        kind = by_type[type_]
        per_type.setdefault(type_, []).append(h)
        limit = kind.standees if isinstance(kind, AdversaryKind) else 1
        if limit is not None and len(per_type[type_]) > limit:
            reasons.append(f"no {type_} on {hexmap.label(h)}: all {limit} standees are in play (p.26)")
            per_type[type_].pop()
    for type_, spaces in per_type.items():
        kind = by_type[type_]
        given = {h: colors[hexmap.label(h)] for h in spaces if hexmap.label(h) in colors}
        if isinstance(kind, BossKind):
            tint = [given.get(h, kind.color) for h in spaces]
        elif given:
            if len(given) != len(spaces):
                missing = [hexmap.label(h) for h in spaces if h not in given]
                raise MissionError("colors", f"give a color for every {type_} or none; missing {', '.join(missing)}")
            tint = [_check_color(given[h], f"colors.{hexmap.label(h)}") for h in spaces]
            counts = [tint.count(c) for c in COLORS]
            if max(counts) - min(counts) > 1:
                raise MissionError("colors", f"{type_}: {', '.join(tint)} is not spread evenly; use a different color "
                                             "for each, and spread duplicates evenly (p.11)")
        else:
            tint = list(spread_colors(len(spaces)))
        for n, (h, color) in enumerate(zip(spaces, tint), start=1):
            fid = f"{type_}-{n}"
            if isinstance(kind, BossKind):
                a = attributes(kind.boss, embarked)
                hp, attack, guard, rng = a.hp, a.attack, a.guard, a.range
                reasons.append(a.reason)
            else:
                hp, attack, guard, rng = kind.hp, kind.attack, kind.guard, kind.range
            figures.append(Figure(fid, "adversary", h, color, type_, hp, hp, attack, guard, rng))
            states.append(AdversaryState(fid, type_, "map"))
        if not isinstance(kind, BossKind):
            reasons.append(f"{type_} HP bases: {', '.join(f'{_color(c)}' for c in tint)} — a different color for "
                           "each, duplicates spread evenly (p.11)")
    return Board(hexmap, tuple(figures)), tuple(states)


# -- internals: the round ------------------------------------------------------------------------------------

def _ordered(mission: Mission, ids: list[str]) -> tuple[list[str], list[str]]:
    """p.12 step 7: lowest initiative first; characters before adversaries on a tie; tied characters in the
    players' order; tied adversaries of a type by the color order of their class card, the decision die
    between those of one color; tied adversaries of different types by the decision die."""
    rnd = mission.round
    values = {i: initiative(mission, i)[0] for i in ids}
    embark = {c.id: n for n, c in enumerate(mission.characters)}
    given = {cid: n for n, cid in enumerate(rnd.character_order)}
    out, reasons = [], []
    for v in sorted(set(values.values())):
        group = [i for i in ids if values[i] == v]
        chars = sorted((i for i in group if i in embark), key=lambda i: (given.get(i, len(given)), embark[i]))
        advs = [i for i in group if i not in embark]
        if len(chars) > 1:
            reasons.append(f"{', '.join(chars)} tie at {v}: the players decided the order (p.12)")
        if chars and advs:
            reasons.append(f"{', '.join(chars)} before {', '.join(advs)} at {v}: characters go first on a tie (p.12)")
        order, why = _adversary_ties(mission, advs, v)
        out.extend(chars + order)
        reasons.extend(why)
    return out, reasons


def _adversary_ties(mission: Mission, ids: list[str], value: int) -> tuple[list[str], list[str]]:
    if len(ids) <= 1:
        return list(ids), []
    rnd = mission.round
    reasons: list[str] = []
    figures = {i: mission.figure(i) for i in ids}
    by_type: dict[str, list[str]] = {}
    for i in ids:
        by_type.setdefault(figures[i].type, []).append(i)
    queues = []
    for type_, members in by_type.items():
        drawn = rnd.drawn_for(type_)
        printed = [c for c, _ in drawn.class_card.rows] if drawn and drawn.class_card else list(COLORS)
        rank = {i: printed.index(figures[i].color) if figures[i].color in printed else len(printed) for i in members}
        queue: list[str] = []
        for r in sorted(set(rank.values())):
            same = [i for i in members if rank[i] == r]
            ordered, why = _by_die(mission, same, f"{', '.join(same)} ({type_}, same color) tie at {value}")
            queue.extend(ordered)
            reasons.extend(why)
        if len(set(rank.values())) > 1:
            reasons.append(f"{', '.join(queue)} tie at {value}: adversaries of one type go in the order of the colors "
                           f"on their class card, {', '.join(_color(c) for c in printed)} (p.12, p.47)")
        queues.append(queue)
    order: list[str] = []
    while any(queues):
        heads = [q[0] for q in queues if q]
        if len(heads) == 1:
            first = heads[0]
        else:
            tb = break_tie(heads, rnd.die, position=lambda i: mission.map.layout.centre(figures[i].at),
                           label=lambda i: i, color=lambda i: figures[i].color, what="adversaries")
            first = tb.choice
            reasons.append(f"{', '.join(heads)} (different types) tie at {value}: the decision die puts {first} "
                           "first — " + "; ".join(tb.reasons) + " (p.12)")
        order.append(first)
        for q in queues:
            if q and q[0] == first:
                q.pop(0)
    return order, reasons


def _by_die(mission: Mission, ids: list[str], what: str) -> tuple[list[str], list[str]]:
    remaining, order, reasons = list(ids), [], []
    while len(remaining) > 1:
        tb = break_tie(remaining, mission.round.die, position=lambda i: mission.map.layout.centre(mission.figure(i).at),
                       label=lambda i: i, color=lambda i: mission.figure(i).color, what="adversaries")
        reasons.append(f"{what}: the decision die puts {tb.choice} first — " + "; ".join(tb.reasons) + " (p.12)")
        order.append(tb.choice)
        remaining.remove(tb.choice)
    return order + remaining, reasons


def _finish_turn(mission: Mission, reasons: list[str]) -> Update:
    rnd = mission.round
    fid = rnd.current
    figure = mission.figure(fid)
    if figure is not None:
        ended = [c for c in rnd.at_start if figure.has_condition(c)]
        for c in ended:
            figure = figure.without_condition(c)
        if ended:
            reasons.append(f"{fid}'s {' and '.join(ended)} end(s) at the end of its next full turn after receiving it "
                           "(p.37, p.50)")
        fresh = [c for c in ENDS_AFTER_NEXT_FULL_TURN if figure.has_condition(c) and c not in rnd.at_start]
        if fresh:
            reasons.append(f"{fid} received {' and '.join(fresh)} during this turn: it lasts until the end of its "
                           "next full turn (p.50)")
        mission = replace(mission, board=mission.board.with_figure(figure))
    rnd = replace(mission.round, current=None, at_start=(), done=rnd.done + (fid,))
    mission = replace(mission, round=rnd)
    order = turn_order(mission)
    reasons.append(f"{fid}'s turn ends; " + (f"next: {order.next}" if order.next else "every figure has played: "
                                             "end of the round (p.12 steps 8-9)"))
    return Update(mission, tuple(reasons))


@dataclass(frozen=True)
class WithinReach:
    """What a character ending its turn where it stands takes (p.24-25): nova cells and treasure on or next to
    its space; the active orbs next to it, which the players may choose to activate."""
    near: frozenset
    orbs: tuple[Hex, ...]
    treasures: tuple[tuple[Hex, int | None], ...]
    nova_cells: int


def within_reach(mission: Mission, fid: str) -> WithinReach:
    figure = mission.figure(fid)
    m = mission.map
    near = frozenset({figure.at, *m.neighbours_on_map(figure.at)})
    orbs = tuple(sorted((h for h in m.orb_at if h in near and h != figure.at and h not in mission.orbs_activated),
                        key=m.label))
    return WithinReach(near, orbs, tuple((h, n) for h, n in m.treasures if h in near),
                       sum(n for h, n in mission.nova_cells if h in near))


def _pick_up(mission: Mission, fid: str, orbs: Sequence[str], reasons: list) -> Mission:
    figure = mission.figure(fid)
    m = mission.map
    reach = within_reach(mission, fid)
    near = reach.near
    ch = mission.character(fid)
    cells = reach.nova_cells
    if cells:
        mission = replace(mission, nova_cells=tuple((h, n) for h, n in mission.nova_cells if h not in near))
        mission = _put_character(mission, replace(ch, nova_cells=ch.nova_cells + cells))
        reasons.append(f"{ch.name} ends the turn on or next to {cells} nova cell(s) and retrieves them (p.25)")
    taken = list(reach.treasures)
    if taken:
        m = replace(m, treasures=tuple(t for t in m.treasures if t not in taken))
        mission = replace(mission, board=replace(mission.board, map=m),
                          treasures_taken=mission.treasures_taken + tuple(n for _, n in taken if n is not None))
        for h, n in taken:
            reasons.append(f"{ch.name} retrieves the treasure on {m.label(h)}: "
                           + (f"read #{n} in the Extras book (p.25)" if n is not None else "see the Mission book (p.25)"))
    for i, label in enumerate(orbs):
        h = _space(m, label, f"activate_orbs[{i}]")
        if h not in m.orb_at:
            raise MissionError(f"activate_orbs[{i}]", f"there is no orb on {label!r}")
        if h not in near or h == figure.at:
            raise MissionError(f"activate_orbs[{i}]", f"{ch.name} does not end the turn next to the orb on "
                                                      f"{label!r} (p.24)")
        if h in mission.orbs_activated:
            raise MissionError(f"activate_orbs[{i}]", f"the orb on {label!r} is already inactive (p.24)")
        number = m.orb_at[h]
        mission = replace(mission, orbs_activated=mission.orbs_activated + (h,),
                          orbs_taken=mission.orbs_taken + ((number,) if number is not None else ()))
        reasons.append(f"{ch.name} activates the orb on {label}: "
                       + (f"read #{number} in the Extras book" if number is not None else "see the Mission book")
                       + ", then flip it to its inactive side (p.24)")
    return mission


def _discard_selected(mission: Mission, fid: str, temporary, persistent, reasons: list) -> Mission:
    ch = mission.character(fid)
    choice = mission.round.choice(fid) or Choice()
    names = {c.name: c for c in choice.cards}
    lasting = []
    for where, listed, how in (("temporary", temporary, "temporary"), ("persistent", persistent, "persistent")):
        for i, name in enumerate(listed):
            if name not in names:
                raise MissionError(f"{where}[{i}]", f"{name!r} is not one of {ch.name}'s selected cards this round")
            lasting.append((names[name], how))
    kept = {c.name for c, _ in lasting}
    gone = tuple(c for c in choice.cards if c.name not in kept)
    if gone:
        reasons.append(f"{', '.join(c.name for c in gone)} to {ch.name}'s discard pile (p.23 steps 3-4)")
    if lasting:
        reasons.append(f"{', '.join(f'{c.name} ({how})' for c, how in lasting)} stay(s) in effect (p.23, p.41)")
    return _put_character(mission, replace(ch, discard=ch.discard + gone, lasting=ch.lasting + tuple(lasting)))


def _discard_drawn(mission: Mission, type_: str, drawn: Drawn) -> Mission:
    kind = mission.kind(type_)
    if isinstance(kind, BossKind):
        alive = any(f.side == "adversary" and f.type == type_ for f in mission.board.figures)
        if drawn.boss is not None and drawn.boss.persistent and alive:  # stays beside the board (p.49)
            return replace(mission, persistent=mission.persistent + ((type_, drawn.boss),))
        key = f"boss:{type_}"
        return _put_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (drawn.boss,)))
    for key, card in ((f"species:{kind.species}", drawn.species), (f"class:{kind.class_name}", drawn.class_card)):
        if card is not None:
            mission = _put_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (card,)))
    return mission


def _draw(mission: Mission, deck: Deck, what: str):
    """The top card of `deck`; an empty deck first shuffles its discards into a new one (p.12 step 5)."""
    reasons: tuple[str, ...] = ()
    if not deck.cards and deck.discard:
        cards, mission = _shuffle(mission, deck.discard)
        deck = Deck(cards)
        reasons = (f"{what} is empty: its discarded cards are shuffled to form a new deck (p.12 step 5)",)
    if not deck.cards:
        return None, deck, mission, reasons
    return deck.cards[0], replace(deck, cards=deck.cards[1:]), mission, reasons


def _draw_into(mission: Mission, key: str):
    card, deck, mission, reasons = _draw(mission, mission.deck(key), f"the {key.replace(':', ' ')} deck")
    if card is None:
        raise MissionError(key, "the deck and its discard pile are empty")
    return card, _put_deck(mission, key, deck), reasons


def _shuffle(mission: Mission, cards) -> tuple[tuple, Mission]:
    cards = list(cards)
    _rng(mission).shuffle(cards)
    return tuple(cards), replace(mission, shuffles=mission.shuffles + 1)


def _rng(mission: Mission) -> random.Random:
    # One generator per shuffle, from the mission's seed and how many shuffles came before: replaying the
    # same commands gives the same decks.
    return random.Random(mission.seed * 1_000_003 + mission.shuffles)


# -- internals: defeat and the end ---------------------------------------------------------------------------

def _enter(mission: Mission, figure: Figure, h: Hex) -> tuple[Mission, tuple[str, ...]]:
    """`figure` enters the hazard on h (p.33) with the mission's hazard rules; at 0 HP it is defeated."""
    try:
        done = enter(mission.map, figure, h, mission.hazard_rules)
    except HazardError as exc:
        raise MissionError("at", str(exc)) from None
    board = replace(mission.board, map=done.map).with_figure(done.figure)
    mission = replace(mission, board=board)
    if done.figure.hp <= 0 and done.figure.max_hp:
        mission, why = _defeat(mission, done.figure)
        return mission, done.reasons + why
    return mission, done.reasons


def _defeat(mission: Mission, figure: Figure) -> tuple[Mission, tuple[str, ...]]:
    if figure.side == "character":
        return _defeat_character(mission, figure.id)
    return _defeat_adversary(mission, figure)


def _defeat_character(mission: Mission, fid: str) -> tuple[Mission, tuple[str, ...]]:
    """p.23: off the map, conditions removed, temporary and persistent effects discarded, HP restored,
    discarded cards recovered; out of the mission, but still rewarded on success, and its nova cells kept."""
    ch = mission.character(fid)
    board = replace(mission.board, figures=tuple(f for f in mission.board.figures if f.id != fid))
    mission = _put_character(replace(mission, board=board), replace(ch, defeated=True, discard=(), lasting=()))
    reasons = [f"{ch.name} is defeated (p.23): removed from the map, conditions removed, temporary and persistent "
               f"effects discarded, HP restored to {ch.max_hp}, discarded cards recovered; evacuated to the Phantom "
               f"Epoch, keeping {ch.nova_cells} nova cell(s), and rewarded if the mission succeeds"]
    rnd = mission.round
    if rnd is not None and rnd.current == fid:
        mission = replace(mission, round=replace(rnd, current=None, at_start=(), done=rnd.done + (fid,)))
    if all(c.defeated for c in mission.characters):
        update = _finish(mission, False, reasons + ["Every character has been defeated: the mission is a failure "
                                                    "(p.13)"])
        return update.mission, update.reasons
    return mission, tuple(reasons)


def _defeat_adversary(mission: Mission, figure: Figure) -> tuple[Mission, tuple[str, ...]]:
    state = mission.adversary(figure.id)
    kind = mission.kind(state.type)
    board = replace(mission.board, figures=tuple(f for f in mission.board.figures if f.id != figure.id))
    adversaries = tuple(replace(a, defeated=True) if a.id == figure.id else a for a in mission.adversaries)
    mission = replace(mission, board=board, adversaries=adversaries)
    reasons = [f"{figure.id} is defeated: removed from the map with its conditions (p.26)"]
    if state.source in NO_NOVA_CELLS:
        reasons.append(f"it was placed by {'an Event card' if state.source == 'event' else 'a mission event'}: it "
                       "drops no nova cells (p.26)")
        cells = 0
    elif isinstance(kind, BossKind):
        cells = nova_cells_dropped(mission.difficulty, mission.embarked)
        kept = tuple(c for t, c in mission.persistent if t == state.type)
        if kept:  # p.49: persistent cards are active until the boss is defeated
            key = f"boss:{state.type}"
            mission = replace(mission, persistent=tuple(x for x in mission.persistent if x[0] != state.type))
            mission = _put_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + kept))
        reasons.append(f"the boss drops {cells} nova cells: mission difficulty {mission.difficulty} + "
                       f"{mission.embarked} characters embarked, defeated ones included (p.30)")
    else:
        cells = kind.difficulty
        reasons.append(f"it drops {cells} nova cell(s) on {mission.map.label(figure.at)}, its difficulty rating "
                       "(p.26)")
    if cells:
        here = dict(mission.nova_cells)
        here[figure.at] = here.get(figure.at, 0) + cells
        mission = replace(mission, nova_cells=tuple(sorted(here.items())))
    rnd = mission.round
    if rnd is not None:
        if rnd.current == figure.id:
            rnd = replace(rnd, current=None, at_start=(), done=rnd.done + (figure.id,))
        last = not any(f.side == "adversary" and f.type == state.type for f in mission.board.figures)
        drawn = rnd.drawn_for(state.type)
        if last and drawn is not None:
            mission = _discard_drawn(replace(mission, round=rnd), state.type, drawn)
            rnd = replace(mission.round, drawn=tuple((t, d) for t, d in rnd.drawn if t != state.type))
            reasons.append(f"it was the last {state.type} on the map: its Adversary Action cards are discarded (p.26)")
        mission = replace(mission, round=rnd)
    return mission, tuple(reasons)


def _finish(mission: Mission, success: bool, reasons: list[str]) -> Update:
    result = MissionResult(success, mission.round.number if mission.round else 0, tuple(reasons))
    return Update(replace(mission, result=result), tuple(reasons))


def _apply_attack(mission: Mission, attacker_id: str, result, counter) -> tuple[Mission, list[str]]:
    reasons: list[str] = []
    board = mission.board
    after = result.target_after
    if after.is_object:
        h = board.map.parse(after.name[len("object:"):])
        board = replace(board, map=board.map.with_object(h, "destructible" if after.object_state == "intact"
                                                         else after.object_state))
    else:
        t = board.figure(after.name)
        board = board.with_figure(replace(t, hp=after.hp, conditions=after.conditions))
    me = board.figure(attacker_id)
    a = result.attacker_after
    conditions = a.conditions
    if me.has_condition("Invisible"):
        conditions = tuple(c for c in conditions if c != "Invisible")
        reasons.append(f"{attacker_id} performed an Attack: Invisible is removed (p.37)")
    if counter is not None:
        a = counter.target_after
        conditions = tuple(c for c in a.conditions if c != "Invisible")
        other = board.figure(counter.attacker)
        board = board.with_figure(replace(other, conditions=counter.attacker_after.conditions))
    me = replace(me, hp=a.hp, conditions=conditions)
    board = board.with_figure(me)
    mission = replace(mission, board=board)
    for fid in (after.name, attacker_id):
        f = mission.figure(fid)
        if f is not None and f.hp <= 0 and f.max_hp:
            mission, why = _defeat(mission, f)
            reasons.extend(why)
    return mission, reasons


# -- internals: small helpers ---------------------------------------------------------------------------------

def _not_over(mission: Mission) -> None:
    if mission.result is not None:
        raise MissionError("mission", f"the mission is over ({'success' if mission.result.success else 'failure'})")


def _phase(mission: Mission, phase: str) -> Round:
    _not_over(mission)
    rnd = mission.round
    if rnd is None or rnd.phase != phase:
        now = "no round has begun" if rnd is None else f"round {rnd.number} is in its {rnd.phase} phase"
        wanted = {"select": "while characters choose to rest or select cards (p.12 step 3)",
                  "turns": "while the turns are played (p.12 step 7)"}[phase]
        raise MissionError("round", f"this is done {wanted}; {now}")
    return rnd


def _living_character(mission: Mission, character_id: str) -> CharacterState:
    ch = mission.character(character_id)
    if ch.defeated:
        raise MissionError("character", f"{ch.name} was defeated and is no longer part of the mission (p.23)")
    return ch


def _figure(mission: Mission, figure_id: str) -> Figure:
    f = mission.figure(figure_id) if isinstance(figure_id, str) else None
    if f is None:
        raise MissionError("figure", f"no figure {figure_id!r} on the map")
    return f


def _space(hexmap: HexMap, label: str, where: str) -> Hex:
    try:
        return hexmap.parse(label)
    except (MapError, AttributeError, TypeError):
        raise MissionError(where, f"{label!r} is not a space of this map") from None


def _check_cards(cards) -> tuple[ActionChoice, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
        raise MissionError("cards", f"must be a list of (name, AP) cards, not {cards!r}")
    out, names = [], set()
    for i, c in enumerate(cards):
        if isinstance(c, (list, tuple)) and len(c) == 2:
            c = ActionChoice(*c)
        if not isinstance(c, ActionChoice) or not isinstance(c.name, str) or not c.name.strip():
            raise MissionError(f"cards[{i}]", f"must be a card name and its AP, not {c!r}")
        if not isinstance(c.ap, int) or isinstance(c.ap, bool) or c.ap < 0:
            raise MissionError(f"cards[{i}].ap", f"must be a whole number 0 or more, not {c.ap!r}")
        if c.name in names:
            raise MissionError(f"cards[{i}]", f"{c.name!r} is selected twice")
        names.add(c.name)
        out.append(c)
    return tuple(out)


def _check_color(color, where: str = "color") -> str:
    if color not in COLORS:
        raise MissionError(where, f"must be one of {', '.join(COLORS)}, not {color!r}")
    return color


def _with_choice(mission: Mission, cid: str, choice: Choice) -> Mission:
    rnd = mission.round
    choices = tuple((c, x) for c, x in rnd.choices if c != cid) + ((cid, choice),)
    return replace(mission, round=replace(rnd, choices=choices))


def _put_character(mission: Mission, ch: CharacterState) -> Mission:
    return replace(mission, characters=tuple(ch if c.id == ch.id else c for c in mission.characters))


def _put_deck(mission: Mission, key: str, deck: Deck) -> Mission:
    return replace(mission, decks=tuple((k, deck if k == key else d) for k, d in mission.decks))


def _map_order(hexmap: HexMap, h: Hex) -> tuple[int, int]:
    col, row = hexmap.layout.to_offset(h)
    return (row, col)


def _count(p: Placement) -> str:
    return str(p.min_characters) if p.min_characters == p.max_characters else f"{p.min_characters}-{p.max_characters}"


def _color(color: str | None) -> str:
    return color.replace("-", " ") if color else "no color"


def _die(die: DecisionDie) -> str:
    return f"{_color(die.color)}, {die.primary} then {die.secondary}"


# -- plain JSON shapes ----------------------------------------------------------------------------------------

def mission_to_dict(mission: Mission) -> dict:
    """The whole mission as lists, dicts, strings and numbers; `mission_from_dict` reads it back equal."""
    m = mission.map
    lab = m.label
    rnd = mission.round
    return {
        "format": FORMAT,
        "mission_id": mission.mission_id,
        "difficulty": mission.difficulty,
        "seed": mission.seed,
        "shuffles": mission.shuffles,
        "map": _map_to_dict(m),
        "figures": [{"id": f.id, "side": f.side, "at": lab(f.at), "color": f.color, "type": f.type, "hp": f.hp,
                     "max_hp": f.max_hp, "attack": f.attack, "guard": f.guard, "range": f.range,
                     "conditions": list(f.conditions)} for f in mission.board.figures],
        "characters": [{"id": c.id, "name": c.name, "species": c.species, "color": c.color, "max_ap": c.max_ap,
                        "max_hp": c.max_hp, "attack": c.attack, "guard": c.guard, "range": c.range,
                        "bandage_slots": c.bandage_slots, "bandages": c.bandages,
                        "discard": [[a.name, a.ap] for a in c.discard],
                        "lasting": [[a.name, a.ap, how] for a, how in c.lasting], "last_rest": c.last_rest,
                        "nova_cells": c.nova_cells, "defeated": c.defeated} for c in mission.characters],
        "kinds": [_kind_to_dict(k) for k in mission.kinds],
        "adversaries": [{"id": a.id, "type": a.type, "source": a.source, "defeated": a.defeated}
                        for a in mission.adversaries],
        "decks": {key: {"cards": [_any_card_to_dict(c) for c in d.cards],
                        "discard": [_any_card_to_dict(c) for c in d.discard]} for key, d in mission.decks},
        "events": {"cards": [_event_to_dict(e) for e in mission.events.cards],
                   "discard": [_event_to_dict(e) for e in mission.events.discard]},
        "persistent": [[t, _boss_card_to_dict(c)] for t, c in mission.persistent],
        "round": None if rnd is None else {
            "number": rnd.number, "die": {"color": rnd.die.color, "primary": rnd.die.primary,
                                          "secondary": rnd.die.secondary},
            "event": None if rnd.event is None else _event_to_dict(rnd.event), "phase": rnd.phase,
            "choices": [[cid, {"rest": c.rest, "cards": [[a.name, a.ap] for a in c.cards], "modifier": c.modifier}]
                        for cid, c in rnd.choices],
            "drawn": [[t, {"species": None if d.species is None else _any_card_to_dict(d.species),
                           "class": None if d.class_card is None else _any_card_to_dict(d.class_card),
                           "boss": None if d.boss is None else _boss_card_to_dict(d.boss)}] for t, d in rnd.drawn],
            "character_order": list(rnd.character_order), "acting": list(rnd.acting), "done": list(rnd.done),
            "current": rnd.current, "at_start": list(rnd.at_start)},
        "rounds": mission.rounds,
        "objective_met": mission.objective_met,
        "primary_target": mission.primary_target,
        "nova_cells": [[lab(h), n] for h, n in mission.nova_cells],
        "orbs_activated": [lab(h) for h in mission.orbs_activated],
        "orbs_taken": list(mission.orbs_taken),
        "treasures_taken": list(mission.treasures_taken),
        "result": None if mission.result is None else {"success": mission.result.success,
                                                        "round": mission.result.round,
                                                        "reasons": list(mission.result.reasons)},
        "hazard_rules": [{"name": r.name, "damage": r.damage, "condition": r.condition, "page": r.page}
                         for r in mission.hazard_rules],
    }


def mission_from_dict(d: dict) -> Mission:
    """Read `mission_to_dict`'s shape back; anything else raises MissionError."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise MissionError("format", f"not a saved mission (format must be {FORMAT!r})")
    try:
        return _mission_from_dict(d)
    except MissionError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MissionError("mission", f"a saved mission that cannot be read: {exc!r}") from None


def _mission_from_dict(d: dict) -> Mission:
    m = _map_from_dict(d["map"])
    P = m.layout.parse
    figures = tuple(Figure(f["id"], f["side"], P(f["at"]), f["color"], f["type"], f["hp"], f["max_hp"], f["attack"],
                           f["guard"], f["range"], tuple(f["conditions"])) for f in d["figures"])
    characters = tuple(CharacterState(
        c["id"], c["name"], c["species"], c["color"], c["max_ap"], c["max_hp"], c["attack"], c["guard"], c["range"],
        c["bandage_slots"], c["bandages"], tuple(ActionChoice(n, ap) for n, ap in c["discard"]),
        tuple((ActionChoice(n, ap), how) for n, ap, how in c["lasting"]), c["last_rest"], c["nova_cells"],
        c["defeated"]) for c in d["characters"])
    decks = tuple((key, Deck(tuple(_any_card_from_dict(key, c) for c in v["cards"]),
                             tuple(_any_card_from_dict(key, c) for c in v["discard"])))
                  for key, v in d["decks"].items())
    r = d["round"]
    rnd = None
    if r is not None:
        rnd = Round(
            r["number"], DecisionDie(**r["die"]), None if r["event"] is None else _event_from_dict(r["event"]),
            r["phase"],
            tuple((cid, Choice(c["rest"], tuple(ActionChoice(n, ap) for n, ap in c["cards"]), c["modifier"]))
                  for cid, c in r["choices"]),
            tuple((t, Drawn(None if x["species"] is None else _card_from_dict(x["species"]),
                            None if x["class"] is None else _card_from_dict(x["class"]),
                            None if x["boss"] is None else _boss_card_from_dict(x["boss"]))) for t, x in r["drawn"]),
            tuple(r["character_order"]), tuple(r["acting"]), tuple(r["done"]), r["current"], tuple(r["at_start"]))
    res = d["result"]
    return Mission(
        d["mission_id"], d["difficulty"], Board(m, figures), characters, tuple(_kind_from_dict(k) for k in d["kinds"]),
        tuple(AdversaryState(a["id"], a["type"], a["source"], a["defeated"]) for a in d["adversaries"]), decks,
        Deck(tuple(_event_from_dict(e) for e in d["events"]["cards"]),
             tuple(_event_from_dict(e) for e in d["events"]["discard"])),
        tuple((t, _boss_card_from_dict(c)) for t, c in d["persistent"]), rnd, d["rounds"], d["objective_met"],
        d["primary_target"], tuple((P(h), n) for h, n in d["nova_cells"]), tuple(P(h) for h in d["orbs_activated"]),
        tuple(d["orbs_taken"]), tuple(d["treasures_taken"]),
        None if res is None else MissionResult(res["success"], res["round"], tuple(res["reasons"])),
        d["seed"], d["shuffles"], tuple(HazardRule(**r) for r in d.get("hazard_rules", ())))


def _map_to_dict(m: HexMap) -> dict:
    lab = m.label

    def labelled(pairs):
        return {lab(h): v for h, v in pairs}

    return {
        "layout": {"orientation": m.layout.orientation, "shifted": m.layout.shifted},
        "spaces": sorted((lab(h) for h in m.spaces), key=lambda s: _map_order(m, m.layout.parse(s))),
        "walls": sorted([lab(a), lab(b)] for a, b in m.walls),
        "doors": labelled(m.doors), "terrain": labelled(m.terrain), "hazards": labelled(m.hazards),
        "objects": labelled(m.objects), "orbs": labelled(m.orbs), "treasures": labelled(m.treasures),
        "entry_points": sorted(lab(h) for h in m.entry_points),
        "placements": {lab(h): {"type": p.type, "min_characters": p.min_characters,
                                "max_characters": p.max_characters} for h, p in m.placements},
        "hazard_tokens": sorted(lab(h) for h in m.hazard_tokens),
    }


_MAPS_READ: list = []  # (map dict, HexMap): a mission reloaded after an undo keeps its map (immutable)
_MAPS_KEPT = 4


def _map_from_dict(d: dict) -> HexMap:
    for seen, hexmap in _MAPS_READ:
        if seen == d:
            return hexmap
    hexmap = _read_map(d)
    _MAPS_READ.insert(0, (copy.deepcopy(d), hexmap))  # a copy: the caller may change its dict afterwards
    del _MAPS_READ[_MAPS_KEPT:]
    return hexmap


def _read_map(d: dict) -> HexMap:
    layout = Layout(**d["layout"])
    P = layout.parse

    def keyed(items):
        return {P(k): v for k, v in items.items()}

    hexmap = HexMap.build(layout, [P(s) for s in d["spaces"]], [(P(a), P(b)) for a, b in d["walls"]],
                          doors=keyed(d["doors"]), terrain=keyed(d["terrain"]), hazards=keyed(d["hazards"]),
                          objects=keyed(d["objects"]), orbs=keyed(d["orbs"]), treasures=keyed(d["treasures"]),
                          entry_points=[P(s) for s in d["entry_points"]],
                          placements={P(k): Placement(**v) for k, v in d["placements"].items()})
    tokens = frozenset(P(s) for s in d.get("hazard_tokens", ()))  # missions saved before tokens had none
    if not tokens <= set(hexmap.hazard_at):
        raise MissionError("map", "a Hazard token lies on a space with no hazard")
    return replace(hexmap, hazard_tokens=tokens) if tokens else hexmap


def _action_to_dict(a: Action) -> dict:
    return {"type": a.type, "value": a.value, "range": a.range.text(), "targets": a.targets, "pierce": a.pierce,
            "conditions": list(a.conditions), "name": a.name, "target": a.target,
            "damage_multiplier": a.damage_multiplier, "die": a.die, "per_character": a.per_character}


def _action_from_dict(d: dict) -> Action:
    rng = d["range"]
    spec = RangeSpec() if rng is None else RangeSpec(explicit=rng) if isinstance(rng, int) else RangeSpec(int(rng))
    return Action(d["type"], d["value"], spec, d["targets"], d["pierce"], tuple(d["conditions"]), d["name"],
                  d["target"], d["damage_multiplier"], d["die"], d.get("per_character", False))


def card_to_dict(c: Card | ClassCard) -> dict:
    """A species or class Action card (a class card keeps its rows in the printed order)."""
    if isinstance(c, ClassCard):
        return {"name": c.name, "rows": [{"color": color, **card_to_dict(row)} for color, row in c.rows]}
    return {"name": c.name, "ap": c.ap, "round": c.round, "actions": [_action_to_dict(a) for a in c.actions]}


def _card_from_dict(d: dict) -> Card | ClassCard:
    if "rows" in d:
        return ClassCard(d["name"], tuple((r["color"], _card_from_dict({k: v for k, v in r.items() if k != "color"}))
                                          for r in d["rows"]))
    return Card(d["name"], d["ap"], tuple(_action_from_dict(a) for a in d["actions"]), d["round"])


def _boss_card_to_dict(c: BossCard) -> dict:
    return {"name": c.name, "actions": list(c.actions), "persistent": c.persistent, "text": c.text}


def _boss_card_from_dict(d: dict) -> BossCard:
    return BossCard(d["name"], tuple(d["actions"]), d["persistent"], d["text"])


def _any_card_to_dict(c) -> dict:
    return _boss_card_to_dict(c) if isinstance(c, BossCard) else card_to_dict(c)


def _any_card_from_dict(key: str, d: dict):
    return _boss_card_from_dict(d) if key.startswith("boss:") else _card_from_dict(d)


def _event_to_dict(e: EventCard) -> dict:
    return {"number": e.number, "name": e.name, "text": e.text}


def _event_from_dict(d: dict) -> EventCard:
    return EventCard(d["number"], d["name"], d["text"])


def _kind_to_dict(k) -> dict:
    if isinstance(k, BossKind):
        b = k.boss
        return {"boss": {"name": b.name, "character_counts": list(b.character_counts), "hp": list(b.hp),
                         "attack": list(b.attack), "guard": list(b.guard), "range": list(b.range),
                         "inherent": {"name": b.inherent.name, "ap": b.inherent.ap, "text": b.inherent.text},
                         "actions": [{"number": a.number, "name": a.name, "ap": a.ap, "text": a.text}
                                     for a in b.actions], "critical_ability": b.critical_ability},
                "type": k.type, "cards": [[n, card_to_dict(c)] for n, c in k.cards], "color": k.color}
    return {"type": k.type, "species": k.species, "class_name": k.class_name, "difficulty": k.difficulty,
            "hp": k.hp, "attack": k.attack, "guard": k.guard, "range": k.range, "standees": k.standees}


def _kind_from_dict(d: dict):
    if "boss" in d:
        return BossKind(d["type"], Boss.from_content(d["boss"]), tuple((n, _card_from_dict(c)) for n, c in d["cards"]),
                        d["color"])
    return AdversaryKind(**d)

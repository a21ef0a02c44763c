"""Shattered Empires (shattered-empires-rules.txt, v2.0.0) — decks, Bases, the turn's steps, projects, combat.

The rules text has no page numbers: reasons cite its section headings, e.g.
"(Assigning Damage)". Card statistics are not in the text: they come from
data/shattered-empires/ (`Content`, unverified) and are copied into the game
when a card is played, so a running game never changes under an edited file.
Readings of open questions: docs/rules.md, "Shattered Empires".
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..codec import ADDED, state_codec
from .frame import (
    GameError, Outcome, Player, Step, Verdict, player_name, players, unit, verdict, with_side,
    with_unit,
)

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

@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Base:
    name: str
    faction: str
    hp: int
    queue: int
    yields: int
    command: int
    ability: str = ""
    verified: bool = False


@dataclass(frozen=True)
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

@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Mod:
    card: str
    hp: int
    damage: int = 0


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Staff:
    id: str
    card: str
    owner: int
    designation: str
    cost: int
    on: str | None = None  # a unit id, "base", or None: hired, at the base, not assigned


@dataclass(frozen=True)
class Attack:
    """A declared attack waiting for return fire, intercepts and the evasion rolls."""
    attacker: str
    targets: tuple[tuple[int, str], ...]  # (weapon, target): a unit id, "base-<seat>" or "<unit id>/<mod index>"
    ignore_stations: bool = False


@dataclass(frozen=True)
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


def new_game(players: tuple[Player, ...], rng=None) -> Game:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Shattered Empires is played by {MIN_PLAYERS} or more players; this app seats "
                                   f"up to {MAX_PLAYERS} (Turn Order).")
    return Game(players=tuple(players), sides=tuple(Side() for _ in players))


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


# -- totals: the Base plus every completed card's +# (Yield, Command Points, Queue) -------------------

def _mine(g: Game, i: int):
    return [u for u in g.units if u.owner == i] + [a for a in g.assets if a.owner == i]


def yield_total(g: Game, i: int) -> int:
    return g.sides[i].base_yield + sum(x.yields for x in _mine(g, i))


def command_max(g: Game, i: int) -> int:
    return g.sides[i].base_command + sum(x.command for x in _mine(g, i))


def queue_max(g: Game, i: int) -> int:
    return g.sides[i].base_queue + sum(x.queue for x in _mine(g, i))


def queued(g: Game, i: int) -> tuple[Project, ...]:
    return tuple(p for p in g.projects if p.owner == i and p.kind == "construction")


def yield_left(g: Game, i: int) -> int:
    return yield_total(g, i) - g.sides[i].yield_used


# -- deck check and set-up (Deck Construction, Bases, Turn Order) --------------------------------------

def check_deck(content: Content, faction: str, cards: dict[str, int], sideboard: tuple[str, ...] = ()
               ) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """Neutral and the faction's cards; at least 40; at most 4 copies unless Unlimited; sideboard cards
    apart and declared now."""
    chosen = {n: c for n, c in cards.items() if c}
    for name, n in chosen.items():
        card = content.card(name)
        if card is None:
            raise GameError("deck", f"There is no card {name!r} in the card list.")
        if n < 0:
            raise GameError("deck", f"{name}: a number of copies is never negative ({n}).")
        if card.faction not in (None, faction):
            raise GameError("deck", f"{name} is a {card.faction} card; a deck holds neutral cards and "
                                    f"{faction} cards (Bases).")
        if card.sideboard:
            raise GameError("deck", f"{name} is a sideboard card: it cannot be placed into a normal deck "
                                    "(Sideboard).")
        if n > COPIES_MAX and not card.unlimited:
            raise GameError("deck", f"No more than {COPIES_MAX} copies of a single card unless it is Unlimited: "
                                    f"{name} ×{n} (Deck Construction).")
    total = sum(chosen.values())
    if total < DECK_MIN:
        raise GameError("deck", f"Decks must be at least {DECK_MIN} cards (Deck Construction); this one has {total}.")
    for name in sideboard:
        card = content.card(name)
        if card is None or not card.sideboard:
            raise GameError("sideboard", f"{name!r} is not a sideboard card (Sideboard).")
    return tuple(sorted(chosen.items())), tuple(sideboard)


def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: sideboard cards are declared before the game starts "
                                 "(Sideboard).")


def choose_base(g: Game, content: Content, player: int, base: str) -> Outcome:
    _in_setup(g)
    seat(g, player)
    b = content.base(base)
    if b is None:
        raise GameError("base", f"There is no Base {base!r}.")
    g = with_side(g, player, base=b.name, faction=b.faction, base_hp=b.hp, base_queue=b.queue, base_yield=b.yields,
              base_command=b.command, ability=b.ability, deck=(), sideboard=())
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=b.faction)
    return Outcome(replace(g, players=tuple(ps)), f"{player_name(g, player)} plays {b.name} ({b.faction})",
                   (f"{b.name}: {b.hp} HP, Queue {b.queue}, Yield +{b.yields}, Command Points +{b.command} (Bases).",))


def set_deck(g: Game, content: Content, player: int, cards: dict[str, int], sideboard: tuple[str, ...] = ()
             ) -> Outcome:
    _in_setup(g)
    side = g.sides[seat(g, player)]
    if side.faction is None:
        raise GameError("deck", f"{player_name(g, player)} chooses a Base before building a deck (Bases).")
    deck, board = check_deck(content, side.faction, cards, sideboard)
    size = sum(n for _, n in deck)
    note = f" and {len(board)} sideboard card{'s' if len(board) != 1 else ''}" if board else ""
    return Outcome(with_side(g, player, deck=deck, sideboard=board), f"{player_name(g, player)} built a {size}-card "
                   f"{side.faction} deck{note}")


def begin(g: Game) -> Outcome:
    _in_setup(g)
    missing = [player_name(g, i) for i, s in enumerate(g.sides) if not s.deck]
    if missing:
        raise GameError("start", "Before the first turn each player chooses a Base and a deck of at least 40 cards "
                                 f"(Deck Construction); still without a deck: {', '.join(missing)}.")
    sides = []
    for s in g.sides:
        size = sum(n for _, n in s.deck)
        hand = min(HAND_MAX, size)
        sides.append(replace(s, hand=hand, deck_left=size - hand))
    g = replace(g, sides=tuple(sides), stage="play", round=1, turn=0, step="begin", applied=())
    g, reasons = _enter(g, "begin")
    return Outcome(g, f"The game begins: {player_name(g, 0)}'s turn",
                   (f"Each player draws up to the maximum hand size, {HAND_MAX} cards (Turn Order).",) + reasons)


# -- the turn's steps: what each one does by itself -------------------------------------------------------

def _draw(g: Game, i: int, n: int) -> tuple[Game, tuple[str, ...]]:
    """Draw n; an empty deck first becomes the shuffled Scrapyard (Drawing Cards)."""
    s, reasons, drawn = g.sides[i], [], 0
    for _ in range(n):
        if s.deck_left == 0 and s.scrapyard:
            reasons.append(f"No cards left: {player_name(g, i)} shuffles the Scrapyard ({len(s.scrapyard)} cards); it "
                           "becomes the Deck (Drawing Cards).")
            s = replace(s, deck_left=len(s.scrapyard), scrapyard=())
        if s.deck_left == 0:
            reasons.append("The deck and the Scrapyard are empty: no card to draw.")
            break
        s = replace(s, deck_left=s.deck_left - 1, hand=s.hand + 1)
        drawn += 1
    sides = list(g.sides)
    sides[i] = s
    return replace(g, sides=tuple(sides)), (f"{player_name(g, i)} draws {drawn} (Draw Phase).",) + tuple(reasons)


def _enter(g: Game, step: str) -> tuple[Game, tuple[str, ...]]:
    """The step's own effects, once per turn (Back and then Next applies nothing twice)."""
    g = replace(g, step=step)
    if step in g.applied:
        return g, ("Already applied this turn.",)
    g = replace(g, applied=g.applied + (step,))
    i, side = g.turn, g.sides[g.turn]
    if step == "begin":
        done = [u.card for u in g.units if u.owner == i and u.testing]
        g = replace(g, units=tuple(replace(u, fired=(), repaired=False, testing=u.testing and u.owner != i)
                                   for u in g.units))
        g = with_side(g, i, resource_played=False)
        reasons = [f"Testing ends: {', '.join(done)} may attack (Construction Project)."] if done else []
        reasons += [f"Trigger: {t} (Beginning of the Turn)." for t in side.begin_triggers]
        return g, tuple(reasons) or ("No “at the beginning of the turn” triggers listed.",)
    if step == "draw":
        return _draw(g, i, DRAW)
    if step == "allocation":
        cp = command_max(g, i)
        g = with_side(g, i, cp=cp, yield_used=0)
        return g, (f"Command Points reset to the maximum, {cp} (Command Points).",
                   f"{yield_total(g, i)} Yield to assign to Construction and Research Projects (Yield).")
    if step == "acquisition":
        return _complete(g, i)
    if step == "repair":
        return _replenish(g, i)
    if step == "end":
        return g, tuple(f"Trigger: {t} (End of the Turn)." for t in side.end_triggers) or (
            "No “at the end of the turn” triggers listed.",)
    return g, ()


def _complete(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    """Projects with Yield allocated equal to or greater than their cost complete at the end of the Allocation
    Phase; a unit goes into Testing; a modification needs a unit of the required type."""
    reasons = []
    for p in [p for p in g.projects if p.owner == i and p.allocated >= p.cost]:
        if p.mod is not None:
            target = next((u for u in g.units if u.id == p.target), None)
            if target is None:
                reasons.append(f"{p.card} is finished but has no {p.requires} unit chosen to modify: it remains in "
                               "the Queue (Modification).")
                continue
            g = with_unit(g, replace(target, mods=target.mods + (p.mod,)))
            reasons.append(f"{p.card} completed: it modifies {target.card} (Modification).")
        elif p.unit is not None:
            if p.unit.unique and any(u.card == p.card for u in g.units if u.owner == i):
                reasons.append(f"{p.card} is Unique and already in play: it does not come into play (Unique).")
                continue
            g = replace(g, units=g.units + (replace(p.unit, testing=True),))
            reasons.append(f"{p.card} completed: it goes into Testing and cannot initiate an attack until "
                           f"{player_name(g, i)}'s next turn (Construction Project).")
            if p.unit.launcher:
                # only the table knows what its deck holds: nothing moves until it says what the search found
                g = replace(g, launches=g.launches + (p.unit.id,))
                reasons.append(f"Launcher: search the deck for up to {p.unit.launcher} Projectile(s), reveal them, "
                               "put them into your hand, shuffle; then record how many you found (Launcher).")
        else:
            g = replace(g, assets=g.assets + (p.asset,))
            reasons.append(f"Research {p.card} completed: it takes effect now (Research Projects).")
        g = replace(g, projects=tuple(x for x in g.projects if x.id != p.id))
    return g, tuple(reasons) or ("No project has its full cost allocated (Construction Project).",)


def launcher_search(g: Game, unit_id: str, found: int) -> Outcome:
    """What a completed Launcher unit's deck search found (Launcher): that many Projectiles from deck to hand,
    once per completion; 0 when the deck holds none."""
    if unit_id not in g.launches:
        raise GameError("unit", "A Launcher searches the deck once, when its unit is completed (Launcher): there is "
                                "no search to record for it.", "Launcher")
    u = unit(g, unit_id)
    side = g.sides[u.owner]
    if not 0 <= found <= min(u.launcher, side.deck_left):
        raise GameError("found", f"{u.card} searches for up to {u.launcher} Projectile(s) and the deck holds "
                                 f"{side.deck_left} cards: 0 to {min(u.launcher, side.deck_left)} (Launcher).", "Launcher")
    g = replace(g, launches=tuple(x for x in g.launches if x != unit_id))
    g = with_side(g, u.owner, hand=side.hand + found, deck_left=side.deck_left - found)
    return Outcome(g, f"Launcher: {u.card} found {found} Projectile(s) in {player_name(g, u.owner)}'s deck",
                   (f"{found} Projectile(s) from the deck to the hand; the deck is shuffled (Launcher).",))


def _replenish(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    units = []
    for u in g.units:
        if u.owner == i:
            heal = min(u.auto_repair, u.damage)
            if heal:
                reasons.append(f"{u.card} auto-repairs {heal} damage (Repair and Auto-Repair).")
            u = replace(u, shields=u.shields_max, damage=u.damage - heal, repaired=False)
        units.append(u)
    return replace(g, units=tuple(units)), ("Shields replenish to full (Assigning Damage).",) + tuple(reasons)


def _leave_turn(g: Game) -> tuple[Game, tuple[str, ...]]:
    i, s = g.turn, g.sides[g.turn]
    reasons = []
    if s.hand > s.hand_max:
        reasons.append(f"{player_name(g, i)} discards {s.hand - s.hand_max} down to the maximum hand size, {s.hand_max} "
                       "(End of the Turn).")
        g = with_side(g, i, hand=s.hand_max, scrapyard=s.scrapyard + ("(discarded)",) * (s.hand - s.hand_max))
    nxt = _next_seat(g, i)
    g = replace(g, turn=nxt, round=g.round + (1 if nxt <= i else 0), applied=(), attack=None)
    g, more = _enter(g, "begin")
    return g, tuple(reasons) + more


def _next_seat(g: Game, i: int) -> int:
    n = len(g.players)
    for k in range(1, n + 1):
        j = (i + k) % n
        if not g.sides[j].out:
            return j
    return i


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        return Step(0, "Set-up", "Bases and decks", "Each player chooses a Base and a deck of at least 40 cards, no "
                    "more than 4 copies of a card unless Unlimited; declare sideboard cards now (Deck Construction, "
                    "Sideboard).", ("Bases and decks",))
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    name = player_name(g, g.turn)
    texts = {
        "begin": "Trigger effects that state “At the beginning of your/the turn”; units built last turn leave "
                 "Testing (Beginning of the Turn).",
        "draw": "Draw two cards (Draw Phase).",
        "queue": f"Play Construction Projects from your hand until your Queue is full: {len(queued(g, g.turn))} of "
                 f"{queue_max(g, g.turn)} ((Re)Fill Queue).",
        "allocation": "Command Points reset; assign Yield to Construction and Research Projects; finished projects "
                      "complete when you move on (Allocation Phase).",
        "acquisition": "Play up to one Resource; begin Research Projects for 1 Command Point each; hire and assign "
                       "Personnel for their Command Point cost (Acquisition Phase).",
        "combat": "Choose a unit not in Testing, assign its weapons to targets; targeted units may fire back; each "
                  "weapon fires once per turn (Combat Phase).",
        "repair": "Shields are full again; assign Repair from units with Repair (Repair and Replenish Phase).",
        "end": "End triggers; scrap Construction Projects for 1 Command Point each; then discard down to your "
               "maximum hand size (End of the Turn).",
    }
    return Step(g.round, PHASES[STEP_KEYS.index(g.step)], f"{name}'s turn", texts[g.step], PHASES)


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    if g.attack is not None:
        raise GameError("step", "Resolve the declared attack first (Combat Phase).")
    if g.step == "end":
        g2, reasons = _leave_turn(g)
        return Outcome(g2, f"{player_name(g2, g2.turn)}'s turn begins (round {g2.round})", reasons)
    nxt = STEP_KEYS[STEP_KEYS.index(g.step) + 1]
    g2, reasons = _enter(g, nxt)
    return Outcome(g2, f"{player_name(g, g.turn)}: {PHASES[STEP_KEYS.index(nxt)]}", reasons)


def back_step(g: Game) -> Outcome:
    """Back one step within the turn; what a step applied stays (Undo reverses it)."""
    if g.stage != "play":
        raise GameError("step", "Back works during the turns; use Undo for anything else.")
    if g.step == "begin":
        raise GameError("step", "This is the first step of the turn; use Undo to go further back.")
    prev = STEP_KEYS[STEP_KEYS.index(g.step) - 1]
    return Outcome(replace(g, step=prev, attack=None), f"Back to the {PHASES[STEP_KEYS.index(prev)]}")


# -- playing cards ------------------------------------------------------------------------------------------

def _playing(g: Game, *steps: str, field: str, what: str) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    if g.step not in steps:
        names = " or ".join(PHASES[STEP_KEYS.index(s)] for s in steps)
        raise GameError(field, f"{what} only in the {names} ({names}).")


def _from_hand(g: Game, i: int, content: Content, name: str, *types: str) -> tuple[Game, Card]:
    card = content.card(name)
    if card is None or card.type not in types:
        raise GameError("card", f"{name!r} is not a {' or '.join(types)} card in the card list.")
    if name not in dict(g.sides[i].deck) and name not in g.sides[i].sideboard:
        raise GameError("card", f"{name} is not in {player_name(g, i)}'s deck or sideboard.")
    if card.unique and _in_play(g, i, name):
        raise GameError("card", f"{name} is Unique and already in play under {player_name(g, i)}'s control: another "
                                "one cannot be put into play (Unique).")
    held = dict(g.sides[i].deck).get(name, 0) + g.sides[i].sideboard.count(name)
    out = _copies_out(g, i, name)
    if out >= held:
        raise GameError("card", f"{player_name(g, i)}'s deck and sideboard hold {held} {name}; {out} already in play "
                                "or in the Scrapyard: no copy is left to play (Deck Construction).")
    if name in g.sides[i].sideboard:
        return g, card
    if g.sides[i].hand <= 0:
        raise GameError("card", f"{player_name(g, i)} has no card in hand.")
    return with_side(g, i, hand=g.sides[i].hand - 1), card


def _in_play(g: Game, i: int, name: str) -> int:
    """Copies of the card in play under the player's control, modifications on units included."""
    mine = [x for x in (*g.units, *g.assets, *g.projects, *g.staff) if x.owner == i]
    return (sum(1 for x in mine if x.card == name)
            + sum(1 for u in g.units if u.owner == i for m in u.mods if m.card == name))


def _copies_out(g: Game, i: int, name: str) -> int:
    """Copies the player cannot have in hand: in play or in the Scrapyard (a shuffled Scrapyard is the deck
    again and empties it)."""
    return _in_play(g, i, name) + g.sides[i].scrapyard.count(name)


def _pay(g: Game, i: int, cp: int, what: str, rule: str, field: str = "card") -> Game:
    if cp > g.sides[i].cp:
        raise GameError(field, f"{what} costs {cp} Command Point{'s' if cp != 1 else ''}; {player_name(g, i)} has "
                               f"{g.sides[i].cp} ({rule}).")
    return with_side(g, i, cp=g.sides[i].cp - cp)


def _unit_of(card: Card, uid: str, owner: int) -> Unit:
    return Unit(uid, card.name, owner, card.unit, card.hp, shields_max=card.shields, shields=card.shields,
                evasion=card.evasion, hit=card.hit, weapons=card.weapons, repair=card.repair,
                auto_repair=card.auto_repair, intercept=card.intercept, launcher=card.launcher, yields=card.yields,
                command=card.command, queue=card.queue, unique=card.unique)


def play_construction(g: Game, content: Content, name: str) -> Outcome:
    """No cost to place it into the Queue; never more Construction Projects than the Queue value."""
    _playing(g, "queue", field="card", what="Construction Projects are played into the Queue")
    i = g.turn
    if len(queued(g, i)) >= queue_max(g, i):
        raise GameError("card", f"The Queue is full: {len(queued(g, i))} of {queue_max(g, i)} Construction "
                                "Projects (Queue).")
    g, card = _from_hand(g, i, content, name, "construction")
    g, pid = _new_id(g, "p")
    if card.unit is None:
        p = Project(pid, name, i, "construction", card.cost, requires=card.requires, mod=Mod(name, card.hp))
    else:
        g, uid = _new_id(g, "u")
        p = Project(pid, name, i, "construction", card.cost, unit=_unit_of(card, uid, i))
    return Outcome(replace(g, projects=g.projects + (p,)), f"{player_name(g, i)} queued {name} (cost {card.cost} Yield)",
                   ("There is no cost to place a Construction Project into the Queue (Construction Project).",))


def allocate(g: Game, project_id: str, amount: int, target: str | None = None) -> Outcome:
    """Assign available Yield to a project; a modification may name the unit it will modify."""
    _playing(g, "allocation", field="amount", what="Yield is assigned")
    i = g.turn
    p = project(g, project_id)
    if p.owner != i:
        raise GameError("project", f"{p.card} is not {player_name(g, i)}'s project.")
    if amount <= 0:
        raise GameError("amount", f"Assign at least 1 Yield ({amount}).")
    if amount > yield_left(g, i):
        raise GameError("amount", f"{player_name(g, i)} has {yield_left(g, i)} Yield left to assign of "
                                  f"{yield_total(g, i)}; {amount} is more (Yield).")
    if target:
        _check_mod_target(g, p, target)
    g = with_side(g, i, yield_used=g.sides[i].yield_used + amount)
    p2 = replace(p, allocated=p.allocated + amount, target=target or p.target)
    g = replace(g, projects=tuple(p2 if x.id == p.id else x for x in g.projects))
    done = " — finished: it completes at the end of the Allocation Phase" if p2.allocated >= p2.cost else ""
    return Outcome(g, f"{player_name(g, i)} assigned {amount} Yield to {p.card} ({p2.allocated} of {p.cost}){done}",
                   ("A project is completed when the Yield allocated equals or exceeds its cost (Construction "
                    "Project).",))


def _check_mod_target(g: Game, p: Project, target: str) -> Unit:
    u = unit(g, target)
    if p.mod is None or u.owner != p.owner or u.type != p.requires:
        raise GameError("target", f"{p.card} modifies {p.requires or 'no'} units; {u.card} is not one of "
                                  f"{player_name(g, p.owner)}'s (Modification).")
    return u


def choose_modified(g: Game, project_id: str, target: str) -> Outcome:
    """Name (or change) the unit a queued Modification will modify, with or without assigning Yield: a
    finished one left in the Queue completes at the end of the next Allocation Phase (Modification)."""
    _playing(g, "queue", "allocation", field="target", what="The unit a Modification modifies is chosen")
    p = project(g, project_id)
    if p.owner != g.turn:
        raise GameError("project", f"{p.card} is not {player_name(g, g.turn)}'s project.")
    u = _check_mod_target(g, p, target)
    g = replace(g, projects=tuple(replace(x, target=target) if x.id == p.id else x for x in g.projects))
    return Outcome(g, f"{p.card} will modify {u.card}", ("Modification Construction Projects augment an existing "
                   "unit of the required type; it completes when its Yield is allocated, at the end of the "
                   "Allocation Phase (Modification).",))


def play_research(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Research Projects are begun")
    i = g.turn
    g, card = _from_hand(g, i, content, name, "research")
    g = _pay(g, i, RESEARCH_CP, f"Beginning {name}", "Research Projects cost one Command Point to play")
    g, pid = _new_id(g, "p")
    p = Project(pid, name, i, "research", card.cost, alternate=card.alternate,
                asset=Asset(pid, name, i, "research", card.yields, card.command, card.queue, card.unique))
    note = (f"Alternate cost: {card.alternate} (Research Projects).",) if card.alternate else ()
    return Outcome(replace(g, projects=g.projects + (p,)), f"{player_name(g, i)} began research {name} (1 CP)",
                   ("Research Projects have no effect until they are completed (Research Projects).",) + note)


def play_resource(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Resources are played")
    i = g.turn
    if g.sides[i].resource_played:
        raise GameError("card", "Play up to one Resource from your hand each turn (Acquisition Phase).")
    g, card = _from_hand(g, i, content, name, "resource")
    g, aid = _new_id(g, "a")
    a = Asset(aid, name, i, "resource", card.yields, card.command, card.queue, card.unique)
    g = with_side(replace(g, assets=g.assets + (a,)), i, resource_played=True)
    return Outcome(g, f"{player_name(g, i)} played the resource {name}")


def play_command(g: Game, content: Content, name: str) -> Outcome:
    """Command Cards cost their printed number in Command Points; only in the Acquisition Phase unless Instant."""
    i = g.turn
    card = content.card(name)
    if card is None or card.type not in ("command", "projectile"):
        raise GameError("card", f"{name!r} is not a Command card in the card list.")
    if not card.instant:
        _playing(g, "acquisition", field="card", what="Command Cards are played")
    elif g.stage != "play":
        raise GameError("stage", "The game is not being played.")
    if card.type == "projectile" and not any(u.owner == i and not u.testing and u.launcher for u in g.units):
        raise GameError("card", "Projectile commands may not be played unless you have a unit with Launcher that "
                                "has completed Testing (Launcher).")
    g, _ = _from_hand(g, i, content, name, "command", "projectile")
    g = _pay(g, i, card.cost, name, "Command Card")
    g = with_side(g, i, scrapyard=g.sides[i].scrapyard + (name,))
    return Outcome(g, f"{player_name(g, i)} played {name} ({card.cost} CP)",
                   ("Resolve the card's text at the table; damage from a command may be redirected to a "
                    "Modification (Destroying a Modification).",))


# -- personnel (Personnel) --------------------------------------------------------------------------------------

def hire(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Personnel are hired")
    i = g.turn
    card = content.card(name)
    if card is None or card.type != "personnel":
        raise GameError("card", f"{name!r} is not a Personnel card in the card list.")
    g = _pay(g, i, card.cost, f"Hiring {name}", "Personnel: pay the Command Point cost")
    g, _ = _from_hand(g, i, content, name, "personnel")
    g, sid = _new_id(g, "s")
    g = replace(g, staff=g.staff + (Staff(sid, name, i, card.designation, card.cost),))
    return Outcome(g, f"{player_name(g, i)} hired {name} ({card.cost} CP)",
                   ("It starts at your base but is not considered assigned there (Personnel).",))


def assign(g: Game, staff_id: str, to: str) -> Outcome:
    """Move a personnel to a unit (or the base) for its cost in command points; designations per unit type,
    one of each designation per unit."""
    _playing(g, "acquisition", field="to", what="Personnel are assigned")
    i = g.turn
    s = next((x for x in g.staff if x.id == staff_id and x.owner == i), None)
    if s is None:
        raise GameError("personnel", f"{player_name(g, i)} has no personnel {staff_id!r} in play.")
    if to == s.on:
        raise GameError("to", f"{s.card} is already there.")
    kind, where = (BASE, "the base") if to == BASE else (unit(g, to).type, unit(g, to).card)
    if to != BASE and unit(g, to).owner != i:
        raise GameError("to", f"{where} is not one of {player_name(g, i)}'s active units (Personnel).")
    if s.designation not in ALLOWED[kind]:
        allowed = " and ".join(f"{d}s" for d in ALLOWED[kind])
        raise GameError("to", f"{where} ({kind}) may only have {allowed}; {s.card} is a {s.designation} "
                              "(Personnel).")
    if any(x.on == to and x.owner == i and x.designation == s.designation for x in g.staff):
        raise GameError("to", f"{where} already has a {s.designation}: no more than one Personnel of any "
                              "designation on the same unit (Personnel).")
    g = _pay(g, i, s.cost, f"Assigning {s.card}", "Personnel: command points equal to the play cost", "to")
    g = replace(g, staff=tuple(replace(x, on=to) if x.id == s.id else x for x in g.staff))
    return Outcome(g, f"{player_name(g, i)} assigned {s.card} to {where} ({s.cost} CP)")


# -- combat (Combat Phase, Assigning Damage, Evasion, Hit, Intercept, Defense Stations) ------------------------

@dataclass(frozen=True)
class Shot:
    """One weapon fired at one target: the evasion roll (if any), whether it hit, where the damage went."""
    shooter: str
    weapon: int
    target: str
    roll: int | None
    hit: bool
    to_shields: int = 0
    to_hull: int = 0
    text: str = ""


def evasion_hits(roll: int, hit: int, evasion: int) -> bool:
    """A d6 plus the attacker's Hit; a hit when the total is at least the Evasion (INTERPRETATIONS.md)."""
    return roll + hit >= evasion


def damage_split(damage: int, shields: int) -> tuple[int, int]:
    """Damage goes to shields first, then to the unit (Assigning Damage): (to shields, to hull)."""
    to_shields = min(damage, shields)
    return to_shields, damage - to_shields


def _target_label(g: Game, target: str) -> str:
    if target.startswith("base-"):
        return f"{player_name(g, int(target[5:]))}'s base"
    if "/" in target:
        uid, k = target.split("/")
        return f"{unit(g, uid).mods[int(k)].card} on {unit(g, uid).card}"
    return unit(g, target).card


def _target_owner(g: Game, target: str) -> int:
    if target.startswith("base-"):
        return int(target[5:])
    return unit(g, target.split("/")[0]).owner


def _check_target(g: Game, t: str, field: str) -> None:
    """A standing base ("base-<seat>"), a unit in play, or one of its modifications ("<unit>/<index>")."""
    if t.startswith("base-"):
        seat = int(t[5:]) if t[5:].isdigit() and t[5:].isascii() else -1
        if not 0 <= seat < len(g.players) or g.sides[seat].out:
            raise GameError(field, f"There is no base {t!r} to attack.")
    else:
        uid, _, k = t.partition("/")
        u = next((x for x in g.units if x.id == uid), None)
        if u is None:
            raise GameError(field, f"There is no unit {uid!r} in play; it may have been destroyed.")
        if k and not (k.isdigit() and k.isascii() and int(k) < len(u.mods)):
            raise GameError(field, f"{u.card} has no modification {k}.")


def _stations(g: Game, owner: int) -> tuple[Unit, ...]:
    return tuple(u for u in g.units if u.owner == owner and u.type == "defense-station")


def declare(g: Game, attacker: str, targets: tuple[tuple[int, str], ...], ignore_stations: bool = False) -> Outcome:
    """Choose one unit, assign its weapons to targets (not all need a target)."""
    _playing(g, "combat", field="attacker", what="Attacks are announced")
    i = g.turn
    if g.attack is not None:
        raise GameError("attacker", "Resolve the declared attack first, one at a time (Combat Phase).")
    a = unit(g, attacker)
    if a.owner != i:
        raise GameError("attacker", f"{a.card} is not {player_name(g, i)}'s unit.")
    if a.testing:
        raise GameError("attacker", f"{a.card} is in Testing: it cannot be used to initiate an attack during your "
                                    "Combat Phase; it may still defend itself (Construction Project).")
    if a.type == "defense-station":
        raise GameError("attacker", f"{a.card} is a Defense Station: Defense Stations may not initiate attacks "
                                    "(Defense Stations).")
    if not targets:
        raise GameError("targets", "Assign at least one weapon to a target.")
    seen = set()
    for w, t in targets:
        if not 0 <= w < len(a.weapons):
            raise GameError("targets", f"{a.card} has no weapon {w + 1}.")
        if w in a.fired or w in seen:
            raise GameError("targets", f"{a.card}'s weapon {w + 1} has already fired this turn: each weapon on a "
                                       "unit may only be fired once per turn (Combat Phase).")
        seen.add(w)
        _check_target(g, t, "targets")
        if _target_owner(g, t) == i:
            raise GameError("targets", "Choose an opposing unit or base.")
        if t.startswith("base-") and _stations(g, int(t[5:])) and not ignore_stations:
            raise GameError("targets", f"{player_name(g, int(t[5:]))}'s Defense Stations must be attacked first before "
                                       "attacks may be initiated against the base; or choose to ignore them and let "
                                       "them fire first (Defense Stations).")
    g = replace(g, attack=Attack(attacker, tuple(targets), ignore_stations))
    lines = ", ".join(f"weapon {w + 1} at {_target_label(g, t)}" for w, t in targets)
    return Outcome(g, f"{a.card} announces an attack: {lines}",
                   ("Targeted units may now assign their weapons against the attacker (Combat Phase).",))


def _fire(g: Game, shooter: Unit, w: int, target: str, rolls: dict, rng, effective_evasion=None
          ) -> tuple[Game, Shot]:
    """Resolve one weapon against one target at once (used for shots that come first)."""
    shot = _aim(g, shooter, w, target, rolls, rng, effective_evasion)
    return _apply(g, (shot,)), shot


def _aim(g: Game, shooter: Unit, w: int, target: str, rolls: dict, rng, effective_evasion=None) -> Shot:
    dmg = shooter.weapons[w]
    key = f"{shooter.id}:{w}"
    label = _target_label(g, target)
    evasion = 0
    if not target.startswith("base-") and "/" not in target:
        evasion = unit(g, target).evasion if effective_evasion is None else effective_evasion
    roll = None
    if evasion:
        roll = rolls.get(key)
        if roll is None:
            roll = (rng or random.SystemRandom()).randint(1, D6)
        if not 1 <= roll <= D6:
            raise GameError(f"roll_{key}", f"A d6 shows 1 to 6, not {roll}.")
        if not evasion_hits(roll, shooter.hit, evasion):
            return Shot(shooter.id, w, target, roll, False, text=f"{shooter.card} weapon {w + 1} at {label}: rolled "
                        f"{roll} + Hit {shooter.hit} = {roll + shooter.hit} against Evasion {evasion}: a miss, no "
                        "damage (Evasion).")
    note = (f"rolled {roll} + Hit {shooter.hit} = {roll + shooter.hit} against Evasion {evasion}: a hit; "
            if evasion else "")
    if target.startswith("base-"):
        return Shot(shooter.id, w, target, roll, True, 0, dmg, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                    f"{dmg} damage to the base.")
    if "/" in target:
        return Shot(shooter.id, w, target, roll, True, 0, dmg, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                    f"{dmg} damage to the Modification; shields do not mitigate it (Destroying a Modification).")
    to_s, to_h = damage_split(dmg, unit(g, target).shields)
    return Shot(shooter.id, w, target, roll, True, to_s, to_h, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                f"{dmg} damage, {to_s} to shields and {to_h} to the hull (Assigning Damage).")


def _apply(g: Game, shots: tuple[Shot, ...]) -> Game:
    """Mark weapons fired and put damage on shields, hulls, modifications and bases."""
    for s in shots:
        shooter = unit(g, s.shooter)
        g = _damage(with_unit(g, replace(shooter, fired=tuple(sorted(set(shooter.fired) | {s.weapon})))), s)
    return g


def _damage(g: Game, s: Shot) -> Game:
    """Put a hit's damage on shields, hull, modification or base."""
    if s.hit:
        if s.target.startswith("base-"):
            seat = int(s.target[5:])
            side = g.sides[seat]
            # a base's card holds at most its hit points in damage: "19/18" is a destroyed base (Bases)
            g = with_side(g, seat, base_damage=min(side.base_hp, side.base_damage + s.to_hull) if side.base_hp
                          else side.base_damage + s.to_hull)
        elif "/" in s.target:
            uid, k = s.target.split("/")
            u = unit(g, uid)
            mods = list(u.mods)
            mods[int(k)] = replace(mods[int(k)], damage=mods[int(k)].damage + s.to_hull)
            g = with_unit(g, replace(u, mods=tuple(mods)))
        else:
            u = unit(g, s.target)
            g = with_unit(g, replace(u, shields=u.shields - s.to_shields, damage=u.damage + s.to_hull))
    return g


def _casualties(g: Game) -> tuple[Game, tuple[str, ...]]:
    """Destroyed units, their personnel and destroyed modifications to the Scrapyard; destroyed bases."""
    reasons = []
    for u in list(g.units):
        kept = tuple(m for m in u.mods if m.damage < m.hp)
        for m in u.mods:
            if m.damage >= m.hp:
                g = with_side(g, u.owner, scrapyard=g.sides[u.owner].scrapyard + (m.card,))
                reasons.append(f"{m.card} on {u.card} is destroyed (Destroying a Modification).")
        if kept != u.mods:
            g = with_unit(g, replace(u, mods=kept))
        if u.damage >= u.hp:
            crew = [s for s in g.staff if s.on == u.id]
            cards = (u.card,) + tuple(m.card for m in kept) + tuple(s.card for s in crew)
            g = replace(g, units=tuple(x for x in g.units if x.id != u.id),
                        staff=tuple(s for s in g.staff if s.on != u.id))
            g = with_side(g, u.owner, scrapyard=g.sides[u.owner].scrapyard + cards)
            crew_note = f"; its personnel ({', '.join(s.card for s in crew)}) too" if crew else ""
            reasons.append(f"{u.card} has {u.damage} damage against {u.hp} hit points: destroyed, to the Scrapyard"
                           f"{crew_note}.")
    for i, s in enumerate(g.sides):
        if not s.out and s.base_damage >= s.base_hp:
            g = with_side(g, i, out=True)
            reasons.append(f"{player_name(g, i)}'s base has {s.base_damage} damage against {s.base_hp} hit points: "
                           "destroyed.")
    standing = [i for i, s in enumerate(g.sides) if not s.out]
    if len(standing) <= 1 and g.stage == "play":
        winner = standing[0] if standing else None
        how = (f"{'Every base but ' + player_name(g, winner) + '’s' if winner is not None else 'Every base'} is destroyed: "
               "the goal is to destroy the opposing base(s) (The Rules).",)
        g = replace(g, stage="over", verdict=Verdict(winner, how))
        reasons += list(how)
    return g, tuple(reasons)


def resolve(g: Game, back: tuple[tuple[str, int], ...] = (), intercept: tuple[tuple[str, int], ...] = (),
            rolls: dict[str, int] | None = None, rng: random.Random | None = None, cover: str | None = None,
            roll_for_me: bool = False) -> Outcome:
    """Resolve the declared attack. Order: Defense Stations the attacker ignored fire first; then intercept;
    then the attacker's weapons and the return fire together; then destroyed units.
    `back` and `intercept` are (unit, weapon) of the defenders; `rolls` maps "unit:weapon" to a d6;
    `cover` is a unit with Intercept that becomes the target of the attack instead, at effective evasion 0.
    An ignored Defense Station's shot at an attacker with Evasion takes the table's die from `rolls`; the app
    rolls it only when the table asked (`roll_for_me`), never unasked (issue 20)."""
    if g.attack is None:
        raise GameError("attacker", "Announce an attack first (Combat Phase).")
    rolls = rolls or {}
    at = g.attack
    a = unit(g, at.attacker)
    if cover:
        c = unit(g, cover)
        if c.owner == g.turn or not c.intercept:
            raise GameError("cover", f"{c.card} is not a defending unit with Intercept: only a unit with Intercept "
                                     "may choose to become the target of the attack (Intercept).")
        if any(uid == cover for uid, _ in intercept):
            raise GameError("cover", f"{c.card} either fires its weapons at the attacker or becomes the target of "
                                     "the attack, not both: “Alternatively” (Intercept).")
        at = replace(at, targets=tuple((w, cover) for w, _ in at.targets))
    targeted = {t.split("/")[0] for _, t in at.targets}
    g = replace(g, attack=None)
    lines = []
    for uid, w in back + intercept:
        u = unit(g, uid)
        if u.owner == g.turn:
            raise GameError("back", f"{u.card} is the attacker's own unit.")
        if w not in u.ready():
            raise GameError("back", f"{u.card}'s weapon {w + 1} has already fired this turn: each weapon on a unit "
                                    "may only be fired once per turn (Combat Phase).")
    if len(set(back + intercept)) != len(back + intercept):
        raise GameError("back", "A weapon may only be fired once per turn (Combat Phase).")
    for uid, _ in back:
        if uid not in targeted:
            raise GameError("back", f"{unit(g, uid).card} is not targeted: only targeted units may assign their "
                                    "weapons against the attacker (Combat Phase).")
    for uid, _ in intercept:
        if not unit(g, uid).intercept:
            raise GameError("intercept", f"{unit(g, uid).card} has no Intercept (Intercept).")
    first = []
    for seat in {int(t[5:]) for _, t in at.targets if t.startswith("base-")}:
        if at.ignore_stations:
            first += [(s, w) for s in _stations(g, seat) for w in s.ready()]
    if a.evasion and not roll_for_me:
        unrolled = [(s, w) for s, w in first if f"{s.id}:{w}" not in rolls]
        if unrolled:
            s, w = unrolled[0]
            raise GameError("rolls", f"{s.card}'s weapon {w + 1} fires first at {a.card}, which has "
                            f"Evasion {a.evasion}: tap the face its d6 shows, or Roll for me (Defense Stations, "
                            "Evasion).", "Defense Stations")
    for s, w in first:
        g, shot = _fire(g, s, w, a.id, rolls, rng)
        lines.append(shot.text + " The ignored Defense Station fires first (Defense Stations).")
    for uid, w in intercept:
        g, shot = _fire(g, unit(g, uid), w, a.id, rolls, rng)
        lines.append(shot.text + " Intercept resolves before the attack (Intercept).")
    a = unit(g, a.id)
    if a.damage >= a.hp:
        g = with_unit(g, replace(a, fired=tuple(sorted(set(a.fired) | {w for w, _ in at.targets}))))
        lines.append(f"{a.card} is destroyed before it attacks; its assigned weapons are used (Evasion).")
        g, dead = _casualties(g)
        return Outcome(replace(g, combat=tuple(lines) + dead), f"{a.card} was destroyed before attacking",
                       tuple(lines) + dead)
    if cover:
        lines.append(f"{unit(g, cover).card} becomes the target of the attack: its effective evasion is 0 "
                     "(Intercept).")
    shots = tuple(_aim(g, a, w, t, rolls, rng, 0 if cover else None) for w, t in at.targets)
    shots += tuple(_aim(g, unit(g, uid), w, a.id, rolls, rng) for uid, w in back)
    g = _apply(g, shots)
    lines += [s.text for s in shots]
    g, dead = _casualties(g)
    hits = sum(1 for s in shots if s.hit and s.shooter == a.id)
    summary = f"{a.card} attacked: {hits} of {len(at.targets)} weapon{'s' if len(at.targets) != 1 else ''} hit"
    return Outcome(replace(g, combat=tuple(lines) + dead), summary, tuple(lines) + dead)


# -- repair, scrapping, promotion, bookkeeping -------------------------------------------------------------------

def repair(g: Game, repairer: str, target: str, amount: int) -> Outcome:
    """A unit with Repair N repairs up to N damage on any friendly unit in the Repair and Replenish Phase."""
    _playing(g, "repair", field="repairer", what="Repair is assigned")
    i = g.turn
    r, t = unit(g, repairer), unit(g, target)
    if r.owner != i or t.owner != i:
        raise GameError("target", "Repair works on friendly units only (Repair and Auto-Repair).")
    if not r.repair:
        raise GameError("repairer", f"{r.card} has no Repair (Repair and Auto-Repair).")
    if r.repaired:
        raise GameError("repairer", f"{r.card} has already repaired this phase.")
    if not 1 <= amount <= min(r.repair, t.damage):
        raise GameError("amount", f"{r.card} repairs up to {r.repair}; {t.card} has {t.damage} damage; "
                                  f"{amount} is not possible (Repair and Auto-Repair).")
    g = with_unit(g, replace(r, repaired=True))
    g = with_unit(g, replace(unit(g, target), damage=t.damage - amount))
    return Outcome(g, f"{r.card} repaired {amount} damage on {t.card}")


def scrap(g: Game, project_id: str) -> Outcome:
    _playing(g, "end", field="project", what="Construction Projects are scrapped")
    i = g.turn
    p = project(g, project_id)
    if p.owner != i or p.kind != "construction":
        raise GameError("project", f"{p.card} is not a Construction Project in {player_name(g, i)}'s Queue.")
    g = _pay(g, i, SCRAP_CP, f"Scrapping {p.card}", "End of the Turn: 1 command point for each project scrapped",
             "project")
    g = replace(g, projects=tuple(x for x in g.projects if x.id != p.id))
    g = with_side(g, i, scrapyard=g.sides[i].scrapyard + (p.card,))
    return Outcome(g, f"{player_name(g, i)} scrapped {p.card} (1 CP)")


def promote(g: Game, content: Content, unit_id: str, name: str) -> Outcome:
    """Replace the unit with the named card; the original goes to the Scrapyard; modifications, personnel and
    damage go onto the new unit as if they were on it the entire time. Nothing else carries over: the new
    card was not completed as a Construction Project, so it is not in Testing, and its weapons are its own."""
    if g.stage != "play":
        raise GameError("stage", "The game is not being played.")
    old = unit(g, unit_id)
    card = content.card(name)
    if card is None or card.type != "construction" or card.unit is None:
        raise GameError("card", f"{name!r} is not a unit card in the card list.")
    if card.unique and any(x.id != old.id and x.card == name for x in g.units if x.owner == old.owner):
        raise GameError("card", f"{name} is Unique and already in play under {player_name(g, old.owner)}'s "
                                "control: a copy of a unique card does not come into play (Unique).")
    new = replace(_unit_of(card, old.id, old.owner), damage=old.damage, mods=old.mods, testing=False)
    g = with_unit(g, new)
    g = with_side(g, old.owner, scrapyard=g.sides[old.owner].scrapyard + (old.card,))
    g, dead = _casualties(g)
    return Outcome(g, f"{old.card} promoted to {name}", ("The original unit is placed in the Scrap Yard; "
                   "modifications, personnel and damage move onto the new unit (Promotion).",
                   f"{name} was not completed as a Construction Project: it is not in Testing (Promotion, "
                   "Construction Project).") + dead)


def set_triggers(g: Game, player: int, begin_list: tuple[str, ...], end_list: tuple[str, ...]) -> Outcome:
    g = with_side(g, seat(g, player), begin_triggers=tuple(begin_list), end_triggers=tuple(end_list))
    return Outcome(g, f"{player_name(g, player)}'s trigger reminders updated")


def command_damage(g: Game, target: str, damage: int) -> Outcome:
    """Damage dealt by a Command card, its text resolved at the table (an attack is also "playing an Attack
    Command"): to a base; to a unit, shields first; or redirected to a Modification on that unit, which
    shields do not mitigate. Instant commands may be played at any time, so any step of play is allowed."""
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    _check_target(g, target, "target")
    if damage < 1:
        raise GameError("damage", f"A Command card's damage is at least 1 ({damage}).")
    label = _target_label(g, target)
    if target.startswith("base-") or "/" in target:
        shot = Shot("", 0, target, None, True, 0, damage)
        why = ("Command damage to a Modification: defenses such as shields do not mitigate it (Destroying a "
               "Modification)." if "/" in target else "Command damage to a base (Command Card).")
    else:
        to_s, to_h = damage_split(damage, unit(g, target).shields)
        shot = Shot("", 0, target, None, True, to_s, to_h)
        why = f"Command damage: {to_s} to shields first, {to_h} to the unit (Assigning Damage)."
    g, dead = _casualties(_damage(g, shot))
    return Outcome(g, f"A Command card deals {damage} damage to {label}", (why,) + dead)


def adjust_hand(g: Game, player: int, delta: int) -> Outcome:
    s = g.sides[seat(g, player)]
    if s.hand + delta < 0:
        raise GameError("delta", f"{player_name(g, player)} has {s.hand} cards in hand.")
    return Outcome(with_side(g, player, hand=s.hand + delta), f"{player_name(g, player)}'s hand {delta:+d} (now "
                   f"{s.hand + delta})")


# -- the score panel ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    name: str
    color: str
    faction: str | None
    base: str | None
    base_hp: int
    base_damage: int
    cp: int
    cp_max: int
    yield_left: int
    yield_total: int
    queue: int
    queue_max: int
    hand: int
    deck_left: int
    scrapyard: int
    out: bool
    to_play: bool


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, s.faction, s.base, s.base_hp, s.base_damage, s.cp, command_max(g, i),
                       yield_left(g, i), yield_total(g, i), len(queued(g, i)), queue_max(g, i), s.hand, s.deck_left,
                       len(s.scrapyard), s.out, g.stage == "play" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))

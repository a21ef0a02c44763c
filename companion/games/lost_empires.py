"""Lost Empires: War for the New Sun (lost-empires-rulebook.txt) — set-up, the five phases, combat, control.

Pages are the rulebook's: set-up p.3, deck builder p.4-5, Order Phase p.8-10,
Control Phase p.10, Gate, Casualty and Wrap Up Phases p.11, battlefields p.12,
combat examples p.13, keywords p.14-15. Card statistics and the result die's
faces are not in the text: they come from data/lost-empires/ (`Content`).
Readings of open questions: docs/rules.md, "Lost Empires".
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..codec import ADDED, state_codec
from .frame import (
    Die, DieResult, GameError, Outcome, Player, Step, Verdict, player_name, players, unit, verdict,
    with_side, with_unit,
)

KEY = "lost-empires"
TITLE = "Lost Empires"
FORMAT = "lost-empires-game/1"

PLAYERS = 2
PLAYERS_RANGE = (PLAYERS, PLAYERS)
DECK_DIFFERENT = 9  # p.4: 9 different cards ...
DECK_COPIES = 2  # ... 2 copies of each: 18 cards
COMMAND_ROUND_1, COMMAND, SUPPLY = 2, 4, 1  # p.3 step 6
GATES = 4
ARTIFACTS_PER_GATE = 4  # p.11
DESTROYED_AT = 4  # p.9: 4 or more damage, destroyed at once
CASUALTY_DAMAGE = 3  # p.11
KEYWORDS = ("FRONTLINE", "FORMATION", "MELEE", "RUTHLESS", "ELITE")
WEIGHTS = ("light", "heavy")
PHASES = ("Order Phase", "Control Phase", "Gate Phase", "Casualty Phase", "Wrap Up Phase")
PHASE_KEYS = ("order", "control", "gate", "casualty", "wrapup")
OBJECTIVES = ("left", "center", "right")  # left and right as the first seat sees them
ELITE_RULES = ("two-player", "multiplayer")


# -- content (from data/lost-empires/, validated at start-up) ---------------------

@dataclass(frozen=True)
class Card:
    name: str
    kind: str | None = None  # unit / support; None where the text does not say
    control: int | None = None
    offense: int | None = None
    defense: int | None = None
    command: int | None = None
    supply: int | None = None
    keywords: tuple[str, ...] = ()
    weight: str | None = None
    verified: bool = False
    by_table: bool = False  # stats typed at the table, kept in the game's card library


@dataclass(frozen=True)
class Faction:
    name: str
    keyword: str | None  # FRONTLINE, FORMATION, MELEE: "unique to" one faction (p.14)
    cards: tuple[Card, ...]
    starter: tuple[str, ...]  # the starter deck's 9 cards (p.4-5), 2 copies each

    def card(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.name == name), None)


@dataclass(frozen=True)
class Content:
    factions: tuple[Faction, ...]
    die: Die

    def faction(self, name: str) -> Faction | None:
        return next((f for f in self.factions if f.name == name), None)


# -- state ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Side:
    artifacts: int = 0
    gates: int = 0  # gate tokens flipped to their gate side
    command_used: int = 0
    supply_used: bool = False
    passed: bool = False
    deck: tuple[tuple[str, int], ...] = ()  # (card, copies)


@dataclass(frozen=True)
class Unit:
    id: str
    card: str
    owner: int
    at: str  # hive-0, hive-1, left, center, right
    control: int
    offense: int
    defense: int
    keywords: tuple[str, ...] = ()
    weight: str | None = None
    damage: int = 0
    drained: bool = False
    elite_token: bool = False
    played_turn: int = 0
    damaged_by: int | None = None  # who dealt the latest damage (for ELITE in the Casualty Phase)

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True)
class Activation:
    unit: str
    actions: int
    attacks_left: int = 0  # attacks still to make in the current attack action (MELEE: 2)
    attacked: bool = False  # the once-per-activation attack is spent
    frontline: bool = False  # activated the turn it was played: +1 offense (p.14)


@dataclass(frozen=True)
class Grant:
    """An action a card grants to another friendly unit (p.10 "Granted actions"), waiting to be taken."""
    unit: str
    action: str  # one of GRANTS
    source: str = ""  # the card that grants it, e.g. "Edgeguard"


GRANTS = ("move", "attack", "move or attack")  # as the cards word them (Edgeguard: "move or make an attack")
EYE_OF_GLIESE = "Eye of Gliese"  # its errata (p.15 FAQ): placed with a friendly unit, activated free, attacks only


@dataclass(frozen=True)
class Game:
    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    stage: str = "setup"  # setup / play / over
    first: int | None = None
    rolls: tuple[tuple[int, ...], ...] = ()  # each first-player roll: the totals by seat
    round: int = 1
    phase: str = "order"
    step: int = 1  # Wrap Up: 1 fall back, 2 the rest
    turn: int = 0
    turn_no: int = 1  # counts turns across the game: "played this turn" (FRONTLINE)
    mandatory: bool = False  # a Play a Unit or Activate a Unit order this turn
    activated: bool = False
    activation: Activation | None = None
    units: tuple[Unit, ...] = ()
    applied: tuple[str, ...] = ()  # phases already applied this round (back, then next, applies nothing twice)
    ruthless: tuple[str, ...] = ()  # objectives a RUTHLESS unit won this round
    combat: tuple[str, ...] = ()  # the latest attack, explained
    elite_rule: str = "two-player"
    verdict: Verdict | None = None
    next_id: int = 1
    # Cards whose stats the table typed when playing them: offered by name next time (issue 20). ADDED:
    # added after games were stored, written only when not empty.
    library: tuple[Card, ...] = field(default=(), repr=False, metadata=ADDED)
    grant: Grant | None = field(default=None, repr=False, metadata=ADDED)  # a granted action to take


def new_game(players: tuple[Player, ...], rng=None, elite_rule: str = "two-player") -> Game:
    """`rng` is the frame's: Lost Empires deals nothing at random."""
    if len(players) != PLAYERS:
        raise GameError("players", f"Lost Empires is a game for {PLAYERS} players (p.3).")
    if elite_rule not in ELITE_RULES:
        raise GameError("elite_rule", f"Choose one of {', '.join(ELITE_RULES)}.")
    return Game(players=tuple(players), sides=tuple(Side() for _ in players), elite_rule=elite_rule)


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


def other(i: int) -> int:
    return 1 - i


# -- battlefields (p.9, 12) -----------------------------------------------------------

def hive(i: int) -> str:
    return f"hive-{i}"


def battlefields() -> tuple[str, ...]:
    return (hive(0), "left", "center", "right", hive(1))


def adjacent(a: str, b: str) -> bool:
    """Hives are adjacent to the outer objectives, the outer objectives to the center (p.9, 12)."""
    outer = {"left", "right"}
    if a.startswith("hive"):
        return b in outer
    if a in outer:
        return b.startswith("hive") or b == "center"
    return b in outer


def battlefield_name(g: Game, b: str) -> str:
    if b.startswith("hive"):
        return f"{player_name(g, int(b[-1]))}'s hive"
    return {"left": "left outer objective", "center": "center objective", "right": "right outer objective"}[b]


def units_at(g: Game, b: str, owner: int | None = None) -> tuple[Unit, ...]:
    return tuple(u for u in g.units if u.at == b and (owner is None or u.owner == owner))


# -- set-up (p.3-5) ------------------------------------------------------------------------

def roll_for_first(g: Game, totals: tuple[int, int]) -> Outcome:
    """Each player rolls both result dice; the higher sum is First Player; a tie rolls again (p.3)."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already First Player.")
    if any(t < 0 for t in totals):
        raise GameError("roll", f"A sum of two result dice is never negative: {min(totals)}.")
    g = replace(g, rolls=g.rolls + (tuple(totals),))
    if totals[0] == totals[1]:
        return Outcome(g, f"First player roll tied at {totals[0]}: roll again",
                       ("A tie: roll again until a First Player is determined (p.3).",))
    first = 0 if totals[0] > totals[1] else 1
    return Outcome(replace(g, first=first), f"{player_name(g, first)} is First Player ({totals[first]} against "
                   f"{totals[other(first)]})", ("The player with the highest total is the First Player (p.3).",))


def choose_faction(g: Game, content: Content, player: int, faction: str) -> Outcome:
    """Starting with the First Player, each picks a faction; never one twice (p.3, FAQ)."""
    _in_setup(g)
    if g.first is None:
        raise GameError("faction", "Roll for First Player first: factions are chosen starting with them (p.3).")
    if content.faction(faction) is None:
        raise GameError("faction", f"There is no faction {faction!r}.")
    if player != g.first and g.players[g.first].faction is None:
        raise GameError("faction", f"{player_name(g, g.first)} chooses first, as First Player (p.3).")
    if g.players[other(player)].faction == faction:
        raise GameError("faction", f"{faction} is taken: the same faction cannot play against itself (FAQ).")
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=faction)
    g = replace(g, players=tuple(ps))
    return Outcome(with_side(g, player, deck=()), f"{player_name(g, player)} plays {faction}")


def check_deck(faction: Faction, cards: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """9 different cards of one faction, both copies of each: 18 cards (p.4-5)."""
    chosen = {name: n for name, n in cards.items() if n}
    for name, n in chosen.items():
        if faction.card(name) is None:
            raise GameError("deck", f"{name} is not a {faction.name} card.")
        if n < 0:
            raise GameError("deck", f"{name}: a number of copies is never negative ({n}).")
        if n > DECK_COPIES:
            raise GameError("deck", f"At most {DECK_COPIES} copies of a card: {name} ×{n}. "
                                    f"Each faction has 2 copies of each card (p.5).")
    total = sum(chosen.values())
    if total != DECK_DIFFERENT * DECK_COPIES:
        raise GameError("deck", f"A deck is {DECK_DIFFERENT * DECK_COPIES} cards, {DECK_DIFFERENT} different cards with "
                                f"both copies of each (p.4); this one has {total}.")
    single = sorted(name for name, n in chosen.items() if n != DECK_COPIES)
    if single:
        raise GameError("deck", f"Take both copies of each card you select (p.4): {', '.join(single)} ×1.")
    return tuple((c.name, chosen[c.name]) for c in faction.cards if c.name in chosen)


def set_deck(g: Game, content: Content, player: int, cards: dict[str, int]) -> Outcome:
    _in_setup(g)
    faction = content.faction(g.players[player].faction or "")
    if faction is None:
        raise GameError("deck", f"{player_name(g, player)} chooses a faction before building a deck (p.3).")
    deck = check_deck(faction, cards)
    return Outcome(with_side(g, player, deck=deck), f"{player_name(g, player)} built an 18-card {faction.name} deck")


def starter_deck(faction: Faction) -> dict[str, int]:
    return {name: DECK_COPIES for name in faction.starter}


def begin(g: Game) -> Outcome:
    _in_setup(g)
    missing = [player_name(g, i) for i, s in enumerate(g.sides) if not s.deck]
    if g.first is None or missing:
        raise GameError("start", "Before round 1: a First Player, then a faction and an 18-card deck for "
                                 f"each player (p.3){'; still without a deck: ' + ', '.join(missing) if missing else ''}.")
    g = replace(g, stage="play", round=1, phase="order", turn=g.first, turn_no=1)
    return Outcome(g, "Round 1 begins with the Order Phase",
                   ("Both players draw 6 cards and may take one mulligan (p.3).",
                    "In round 1 each player has only 2 command and 1 supply (p.3)."))


def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: the game has begun.")


# -- Order Phase (p.8-10) ------------------------------------------------------------------------

def command_limit(round_no: int) -> int:
    """Round 1: 2 command and 1 supply; from round 2 all 4 command (p.3 step 6)."""
    return COMMAND_ROUND_1 if round_no == 1 else COMMAND


def command_left(g: Game, i: int) -> int:
    return command_limit(g.round) - g.sides[i].command_used


def supply_left(g: Game, i: int) -> int:
    return 0 if g.sides[i].supply_used else SUPPLY


def _in_order_phase(g: Game) -> None:
    if g.stage == "over":
        raise GameError("stage", "The game is over.")
    if g.stage != "play" or g.phase != "order":
        raise GameError("phase", "Orders are issued only in the Order Phase (p.8).")
    if g.sides[g.turn].passed:
        raise GameError("phase", f"{player_name(g, g.turn)} has passed and takes no more turns this Order Phase (p.10).")


def _pay(g: Game, command: int, supply: int, what: str) -> Game:
    i = g.turn
    if command < 0 or supply < 0:
        raise GameError("cost", f"A cost is never negative ({what}).")
    if command > command_left(g, i) or supply > supply_left(g, i):
        note = " (round 1: only 2 command and 1 supply, p.3)" if g.round == 1 else ""
        raise GameError("cost", f"{what} costs {command} command and {supply} supply; {player_name(g, i)} has "
                                f"{command_left(g, i)} command and {supply_left(g, i)} supply left{note}. "
                                "A card's cost is paid in full (p.8).")
    return with_side(g, i, command_used=g.sides[i].command_used + command,
                 supply_used=g.sides[i].supply_used or supply > 0)


@dataclass(frozen=True)
class UnitStats:
    """The printed values of a unit card, as the player confirms them when playing it."""
    control: int
    offense: int
    defense: int
    command: int = 0
    supply: int = 0
    keywords: tuple[str, ...] = ()
    weight: str | None = None


def play_unit(g: Game, card: str, stats: UnitStats, drained: bool = False, at: str | None = None) -> Outcome:
    """Play a Unit: pay its cost in full, place it ready in the hive battlefield (p.8); Eye of Gliese may be
    placed in an objective where its player has a friendly unit instead (its errata)."""
    _in_order_phase(g)
    i = g.turn
    if at is not None and at != hive(i):
        if card != EYE_OF_GLIESE:
            raise GameError("at", "Units enter play in their hive battlefield (p.8).", "p.8")
        if at not in OBJECTIVES or not units_at(g, at, i):
            raise GameError("at", f"{EYE_OF_GLIESE} may be placed in an objective where you have a friendly unit "
                                  "(its errata, Card FAQ).", "Card FAQ")
    copies = dict(g.sides[i].deck).get(card)
    if copies is None:
        raise GameError("card", f"{card} is not in {player_name(g, i)}'s deck.")
    if sum(1 for u in g.units if u.owner == i and u.card == card) >= copies:
        raise GameError("card", f"Both copies of {card} are already in play.")
    for k in stats.keywords:
        if k not in KEYWORDS:
            raise GameError("keywords", f"Unknown keyword {k!r}.")
    if min(stats.control, stats.offense, stats.defense) < 0:
        raise GameError("card", "Control, offense and defense are never negative.")
    g = _pay(g, stats.command, stats.supply, card)
    uid = f"u{g.next_id}"
    elite = "ELITE" in stats.keywords
    u = Unit(uid, card, i, at or hive(i), stats.control, stats.offense, stats.defense, tuple(stats.keywords),
             stats.weight, drained=drained, elite_token=elite, played_turn=g.turn_no)
    g = replace(g, units=g.units + (u,), next_id=g.next_id + 1, mandatory=True)
    reasons = ("Units enter play ready in their hive battlefield (p.8).",) if not drained else ()
    if elite:
        reasons += ("ELITE: an ELITE token is placed on it (p.14).",)
    g = remember(g, card, stats)
    cost = f"{stats.command} command" + (f" + {stats.supply} supply" if stats.supply else "")
    return Outcome(g, f"{player_name(g, i)} played {card} ({cost})" + (", drained" if drained else ""), reasons)


def remember(g: Game, card: str, stats: UnitStats) -> Game:
    """Keep the stats the table typed for `card` in the game's card library (the latest typing wins)."""
    entry = Card(card, "unit", stats.control, stats.offense, stats.defense, stats.command, stats.supply,
                 tuple(stats.keywords), stats.weight, verified=False, by_table=True)
    return replace(g, library=tuple(c for c in g.library if c.name != card) + (entry,))


def library_card(g: Game, name: str) -> Card | None:
    return next((c for c in g.library if c.name == name), None)


def play_support(g: Game, card: str, command: int, supply: int) -> Outcome:
    """Play a Support: pay its cost, resolve its ability, discard it (p.8). Not a mandatory order."""
    _in_order_phase(g)
    if card not in dict(g.sides[g.turn].deck):
        raise GameError("card", f"{card} is not in {player_name(g, g.turn)}'s deck.")
    g = _pay(g, command, supply, card)
    return Outcome(g, f"{player_name(g, g.turn)} played the support {card}",
                   ("Resolve its ability as fully as possible, then discard it (p.8).",))


def activate(g: Game, unit_id: str, token: str) -> Outcome:
    """Activate a Unit: a ready unit played in an earlier turn; command gives 2 actions, supply 1;
    one activation per turn (p.8); FRONTLINE may activate the turn it is played (p.14)."""
    _in_order_phase(g)
    u = unit(g, unit_id)
    i = g.turn
    if u.owner != i:
        raise GameError("unit", f"{u.card} is not {player_name(g, i)}'s unit.")
    if g.activated:
        raise GameError("unit", "Only 1 Activate a Unit order per turn (p.8).")
    if u.drained:
        raise GameError("unit", f"{u.card} is drained: only ready units can be activated (p.8).")
    fresh = u.played_turn == g.turn_no
    if fresh and not u.has("FRONTLINE"):
        raise GameError("unit", f"{u.card} was played this turn: a unit cannot be activated the turn it is played "
                                "(p.8), unless it has FRONTLINE (p.14).")
    if token == "free":
        if u.card != EYE_OF_GLIESE:
            raise GameError("token", f"Only {EYE_OF_GLIESE} is activated without paying command or supply (its "
                                     "errata); activate with a command or the supply token (p.8).", "p.8")
    elif token not in ("command", "supply"):
        raise GameError("token", "Activate with a command token (2 actions) or the supply token (1 action).")
    else:
        g = _pay(g, 1 if token == "command" else 0, 1 if token == "supply" else 0, f"Activating {u.card}")
    # free: 1 action, enough for its attack (it takes attack actions only, 1 attack per activation, p.9)
    actions = 2 if token == "command" else 1
    g = replace(g, activation=Activation(unit_id, actions, frontline=fresh), activated=True, mandatory=True)
    reasons = (f"A {token} token gives {actions} action{'s' if actions > 1 else ''} (p.8).",)
    if fresh:
        reasons += ("FRONTLINE: activated the turn it was played, +1 offense for this activation (p.14).",)
    return Outcome(g, f"{player_name(g, i)} activated {u.card} with {token} ({actions} action{'s' if actions > 1 else ''})",
                   reasons)


def _active(g: Game, unit_id: str) -> tuple[Unit, Activation]:
    _in_order_phase(g)
    a = g.activation
    if a is None or a.unit != unit_id:
        raise GameError("unit", "Only the activated unit takes actions: activate it first (p.8).")
    return unit(g, unit_id), a


def _after_action(g: Game, a: Activation) -> Game:
    """An activation ends, and the unit is drained, when nothing is left to do (p.8)."""
    if a.actions <= 0 and a.attacks_left <= 0:
        u = unit(g, a.unit)
        return replace(with_unit(g, replace(u, drained=True)), activation=None)
    return replace(g, activation=a)


def _attacks_only(u: Unit, field_: str) -> None:
    if u.card == EYE_OF_GLIESE:
        raise GameError(field_, f"{EYE_OF_GLIESE} can only take attack actions (its errata, Card FAQ).", "Card FAQ")


def move(g: Game, unit_id: str, to: str) -> Outcome:
    u, a = _active(g, unit_id)
    _attacks_only(u, "to")
    if to not in battlefields():
        raise GameError("to", f"There is no battlefield {to!r}.")
    if a.actions < 1 or a.attacks_left:
        raise GameError("to", f"{u.card} has no action left to move.")
    if not adjacent(u.at, to):
        raise GameError("to", f"{battlefield_name(g, to).capitalize()} is not adjacent to {battlefield_name(g, u.at)}: "
                              "hives are adjacent to the outer objectives, and the outer objectives to the center "
                              "(p.9).")
    g = with_unit(g, replace(u, at=to))
    g = _after_action(g, replace(a, actions=a.actions - 1))
    return Outcome(g, f"{u.card} moved from {battlefield_name(g, u.at)} to {battlefield_name(g, to)}")


def end_activation(g: Game) -> Outcome:
    _in_order_phase(g)
    if g.activation is None:
        raise GameError("unit", "No unit is activated.")
    u = unit(g, g.activation.unit)
    g = replace(with_unit(g, replace(u, drained=True)), activation=None)
    return Outcome(g, f"{u.card} finished its activation and is drained", ("A drain token goes on it (p.8).",))


def use_ability(g: Game, unit_id: str, draining: bool = False, attack: bool = False) -> Outcome:
    """A named ability action: once per activation; Draining needs 2 actions and ends the activation;
    Attack spends the once-per-activation attack (p.10)."""
    u, a = _active(g, unit_id)
    if not attack:
        _attacks_only(u, "ability")
    need = 2 if draining else 1
    if a.actions < need or a.attacks_left:
        raise GameError("ability", f"{u.card} needs {need} action{'s' if need > 1 else ''} for this ability (p.10).")
    if attack and a.attacked:
        raise GameError("ability", f"{u.card} has already attacked this activation; an Attack ability counts as its "
                                   "attack (p.10).")
    a = replace(a, actions=0 if draining else a.actions - 1, attacked=a.attacked or attack)
    g = _after_action(g, a)
    return Outcome(g, f"{u.card} used its named ability", ("Resolve it as fully as possible (p.10).",))


def grant_action(g: Game, unit_id: str, action: str, source: str = "") -> Outcome:
    """A card grants another friendly unit an action (p.10): recorded once its granting action is finished."""
    _in_order_phase(g)
    if g.grant is not None:
        raise GameError("unit", f"{unit(g, g.grant.unit).card} takes its granted action first: one at a time, "
                                "then back to the active unit (p.10).", "p.10")
    if action not in GRANTS:
        raise GameError("action", f"A granted action is one of: {', '.join(GRANTS)}.")
    u = unit(g, unit_id)
    if u.owner != g.turn:
        raise GameError("unit", f"{u.card} is not {player_name(g, g.turn)}'s unit: actions are granted to friendly "
                                "units (p.10).", "p.10")
    if g.activation is not None and g.activation.unit == unit_id:
        raise GameError("unit", f"{u.card} is the active unit: a granted action goes to another unit (p.10).", "p.10")
    if source == "Edgeguard" and u.card == "Edgeguard":
        raise GameError("unit", "Edgeguard grants its move or attack to a friendly non-Edgeguard unit (Card FAQ).",
                        "Card FAQ")
    g = replace(g, grant=Grant(unit_id, action, source.strip()[:60]))
    by = f" by {source.strip()[:60]}" if source.strip() else ""
    return Outcome(g, f"{u.card} is granted {'a' if action != 'attack' else 'an'} {action}{by}",
                   ("Not an activation: ready or drained, it takes that action only and is not drained by it; "
                    "then back to the active unit (p.10).",))


def _granted(g: Game, unit_id: str, kind: str) -> tuple[Unit, Grant]:
    _in_order_phase(g)
    gr = g.grant
    if gr is None or gr.unit != unit_id:
        raise GameError("unit", "No granted action is waiting for this unit: a card grants it first (p.10).", "p.10")
    if kind not in gr.action:
        raise GameError("unit", f"The card granted {'a' if gr.action != 'attack' else 'an'} {gr.action}, and that "
                                f"action only (p.10).", "p.10")
    return unit(g, unit_id), gr


def granted_move(g: Game, unit_id: str, to: str) -> Outcome:
    u, gr = _granted(g, unit_id, "move")
    _attacks_only(u, "to")
    if not adjacent(u.at, to):
        raise GameError("to", f"{battlefield_name(g, to).capitalize()} is not adjacent to {battlefield_name(g, u.at)} "
                              "(p.9).", "p.9")
    g = replace(with_unit(g, replace(u, at=to)), grant=None)
    return Outcome(g, f"{u.card} moved from {battlefield_name(g, u.at)} to {battlefield_name(g, to)} (granted)",
                   ("A granted move: not an activation, the unit is not drained (p.10).",))


def granted_attack(g: Game, attacker_id: str, defender_id: str, attack_die: DieResult,
                   defense_die: DieResult) -> Outcome:
    """One attack, resolved as any attack (p.9, 13, 14), by a unit granted it; MELEE deals 1 damage a win or a
    tie, in one attack: the second attack belongs to an attack action of its own activation (docs/rules.md)."""
    u, gr = _granted(g, attacker_id, "attack")
    d = unit(g, defender_id)
    if d.owner == u.owner or d.at != u.at:
        raise GameError("defender", f"{d.card} is not an enemy unit in {u.card}'s battlefield "
                                    f"({battlefield_name(g, u.at)}) (p.9).", "p.9")
    r = resolve_attack(u.offense, attack_die, d.defense, defense_die, u.has("MELEE"), attack_bonuses(g, u, None))
    g, reasons = _deal(replace(g, grant=None), d, r.damage, u.owner)
    outcome = {"tie": "tie", "attacker": "attacker wins", "defender": "defender wins"}[r.result]
    text = (f"{u.card} attacked {d.card} (granted): {r.attacker_total} against {r.defender_total}, {outcome}, "
            f"{r.damage} damage")
    g = replace(g, combat=(text,) + r.reasons + reasons)
    return Outcome(g, text, r.reasons + reasons)


def decline_grant(g: Game) -> Outcome:
    """A granted action is a "may": the table may let it go."""
    _in_order_phase(g)
    if g.grant is None:
        raise GameError("unit", "No granted action is waiting.")
    return Outcome(replace(g, grant=None), f"{unit(g, g.grant.unit).card} lets its granted action go")


def end_turn(g: Game) -> Outcome:
    """End the turn: only after a Play a Unit or Activate a Unit order; otherwise the player must Pass (p.8)."""
    _in_order_phase(g)
    i = g.turn
    if not g.mandatory:
        raise GameError("turn", f"{player_name(g, i)} took neither a Play a Unit nor an Activate a Unit order this turn, "
                                "so must Pass (p.8).")
    g = _close_activation(g)
    g = _next_turn(g)
    return Outcome(g, f"{player_name(g, i)} ended the turn; {player_name(g, g.turn)}'s turn")


def pass_turn(g: Game) -> Outcome:
    """Pass: no more turns this Order Phase; it ends when both players have passed (p.10)."""
    _in_order_phase(g)
    i = g.turn
    g = with_side(_close_activation(g), i, passed=True)
    if all(s.passed for s in g.sides):
        g = replace(g, phase="control", activation=None, mandatory=False, activated=False)
        return Outcome(g, f"{player_name(g, i)} passed; both players have passed: the Control Phase",
                       ("Once both players have passed, the Order Phase ends (p.10).",))
    g = _next_turn(g)
    return Outcome(g, f"{player_name(g, i)} passed; {player_name(g, g.turn)}'s turn")


def _close_activation(g: Game) -> Game:
    g = replace(g, grant=None) if g.grant is not None else g  # a granted action not taken lapses with the turn
    if g.activation is None:
        return g
    u = unit(g, g.activation.unit)
    return replace(with_unit(g, replace(u, drained=True)), activation=None)


def _next_turn(g: Game) -> Game:
    nxt = other(g.turn) if not g.sides[other(g.turn)].passed else g.turn
    return replace(g, turn=nxt, turn_no=g.turn_no + 1, mandatory=False, activated=False, activation=None)


# -- combat (p.9, 13, 14) -----------------------------------------------------------------------

@dataclass(frozen=True)
class AttackResult:
    attacker_total: int
    defender_total: int
    result: str  # tie / attacker / defender
    damage: int
    reasons: tuple[str, ...]


def resolve_attack(offense: int, attack_die: DieResult, defense: int, defense_die: DieResult,
                   melee: bool = False, bonuses: tuple[tuple[str, int], ...] = ()) -> AttackResult:
    """Offense + die against defense + die: tie 1 damage, attacker wins 2, defender wins 0; the attacker's
    critical adds 1 when the attack deals damage; the defender's critical wins regardless (p.9, 13).
    MELEE attacks deal 1 damage on a win or a tie (p.14)."""
    for v, what in ((offense, "offense"), (defense, "defense")):
        if v < 0:
            raise GameError(what, f"A unit's {what} is never negative: {v}.")
    attack = offense + sum(b for _, b in bonuses) + attack_die.value
    defend = defense + defense_die.value
    reasons = [f"{label}: +{b} offense" for label, b in bonuses]
    reasons.append(f"Attacker {offense + sum(b for _, b in bonuses)} offense + {attack_die.label} = {attack}; "
                   f"defender {defense} defense + {defense_die.label} = {defend}.")
    if defense_die.critical:
        reasons.append("The defender rolled a critical: the defending unit wins regardless (p.9).")
        return AttackResult(attack, defend, "defender", 0, tuple(reasons))
    if attack < defend:
        reasons.append("Defender wins: the attack fails, no damage (p.9).")
        return AttackResult(attack, defend, "defender", 0, tuple(reasons))
    result = "tie" if attack == defend else "attacker"
    damage = 1 if melee or result == "tie" else 2
    if melee:
        reasons.append(f"{'Tied' if result == 'tie' else 'Attacker wins'}: a MELEE attack deals 1 damage (p.14).")
    elif result == "tie":
        reasons.append("Totals tied: the defending unit is dealt 1 damage (p.9).")
    else:
        reasons.append("Attacker wins: the defending unit is dealt 2 damage (p.9).")
    if attack_die.critical:
        damage += 1
        reasons.append("The attacker rolled a critical and the attack deals damage: 1 additional damage (p.9).")
    return AttackResult(attack, defend, result, damage, tuple(reasons))


def attack_bonuses(g: Game, u: Unit, a: Activation | None) -> tuple[tuple[str, int], ...]:
    out = []
    if u.has("FRONTLINE") and a is not None and a.frontline:
        out.append(("FRONTLINE, activated the turn it was played (p.14)", 1))
    if u.has("FORMATION") and any(x.id != u.id for x in units_at(g, u.at, u.owner)):
        out.append(("FORMATION with a friendly unit in the battlefield (p.14)", 1))
    return tuple(out)


def attack(g: Game, attacker_id: str, defender_id: str, attack_die: DieResult, defense_die: DieResult) -> Outcome:
    """An attack action: 1 per activation; a MELEE unit makes 2 attacks in it (p.9, 14)."""
    u, a = _active(g, attacker_id)
    if not a.attacks_left:
        if a.attacked:
            raise GameError("defender", f"{u.card} has already attacked this activation (limit 1, p.9).")
        if a.actions < 1:
            raise GameError("defender", f"{u.card} has no action left to attack.")
        a = replace(a, actions=a.actions - 1, attacked=True, attacks_left=2 if u.has("MELEE") else 1)
    d = unit(g, defender_id)
    if d.owner == u.owner:
        raise GameError("defender", f"{d.card} is friendly: an attack chooses an enemy unit (p.9).")
    if d.at != u.at:
        raise GameError("defender", f"{d.card} is in {battlefield_name(g, d.at)}, not in the attacker's battlefield "
                                    f"({battlefield_name(g, u.at)}) (p.9).")
    r = resolve_attack(u.offense, attack_die, d.defense, defense_die, u.has("MELEE"), attack_bonuses(g, u, a))
    g, reasons = _deal(g, d, r.damage, u.owner)
    g = _after_action(g, replace(a, attacks_left=a.attacks_left - 1))
    outcome = {"tie": "tie", "attacker": "attacker wins", "defender": "defender wins"}[r.result]
    text = f"{u.card} attacked {d.card}: {r.attacker_total} against {r.defender_total}, {outcome}, {r.damage} damage"
    g = replace(g, combat=(text,) + r.reasons + reasons)
    return Outcome(g, text, r.reasons + reasons)


def elite_claimant(rule: str, before: int, after: int, destroyed: bool, by: int | None) -> int | None:
    """Who claims an ELITE token (p.14): two players — whoever destroys the unit; 3-4 players and
    2 vs 2 — whoever deals its 3rd damage or destroys it while it has the token."""
    if by is None:
        return None
    if destroyed:
        return by
    if rule == "multiplayer" and before < CASUALTY_DAMAGE <= after:
        return by
    return None


def _deal(g: Game, d: Unit, damage: int, by: int | None) -> tuple[Game, tuple[str, ...]]:
    if damage <= 0:
        return g, ()
    after = d.damage + damage
    destroyed = after >= DESTROYED_AT
    reasons = ()
    claimant = elite_claimant(g.elite_rule, d.damage, after, destroyed, by) if d.elite_token else None
    if claimant is not None:
        g = with_side(g, claimant, artifacts=g.sides[claimant].artifacts + 1)
        d = replace(d, elite_token=False)
        reasons += (f"ELITE: {player_name(g, claimant)} claims its ELITE token and gains 1 artifact (p.14).",)
    if destroyed:
        g = replace(g, units=tuple(x for x in g.units if x.id != d.id))
        if g.grant is not None and g.grant.unit == d.id:
            g = replace(g, grant=None)
        if g.activation is not None and g.activation.unit == d.id:
            g = replace(g, activation=None)
        return g, reasons + (f"{d.card} has {after} damage: destroyed at once and discarded (p.9).",)
    return with_unit(g, replace(d, damage=after, damaged_by=by)), reasons


def adjust_damage(g: Game, unit_id: str, delta: int, by: int | None) -> Outcome:
    """Damage from a card effect (or RUTHLESS), or a damage token taken back."""
    _playing(g)
    u = unit(g, unit_id)
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if delta < 0:
        if u.damage + delta < 0:
            raise GameError("delta", f"{u.card} has {u.damage} damage; it cannot lose {-delta}.")
        g = with_unit(g, replace(u, damage=u.damage + delta))
        return Outcome(g, f"{u.card}: {-delta} damage removed (now {u.damage + delta})")
    g, reasons = _deal(g, u, delta, by)
    return Outcome(g, f"{u.card} is dealt {delta} damage" + (f" by {player_name(g, by)}" if by is not None else ""), reasons)


def ruthless_damage(g: Game, battlefield: str, unit_id: str) -> Outcome:
    """RUTHLESS (p.15): the side that won an objective with a RUTHLESS unit "may deal 1 damage" to an enemy unit
    there: once for that objective, right after the Control Phase (docs/rules.md)."""
    _playing(g)
    if battlefield not in g.ruthless:
        raise GameError("unit", "RUTHLESS deals 1 damage once, right after the Control Phase that won the objective "
                                "(p.15): it was dealt already, or the round has moved on.", "p.15")
    by = next((u.owner for u in units_at(g, battlefield) if u.has("RUTHLESS")), None)
    u = unit(g, unit_id)
    if u.at != battlefield or u.owner == by:
        raise GameError("unit", f"RUTHLESS damages an enemy unit at the objective won (p.15); {u.card} is not one.", "p.15")
    g2, reasons = _deal(replace(g, ruthless=tuple(b for b in g.ruthless if b != battlefield)), u, 1, by)
    return Outcome(g2, f"RUTHLESS: {u.card} is dealt 1 damage by {player_name(g, by)}", reasons)


def adjust_artifacts(g: Game, player: int, delta: int) -> Outcome:
    _playing(g)
    now = g.sides[player].artifacts + delta
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} has {g.sides[player].artifacts} artifacts; "
                                 f"there are none to lose below 0.")
    return Outcome(with_side(g, player, artifacts=now), f"{player_name(g, player)}: artifacts {delta:+d} (now {now})")


def _playing(g: Game) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")


# -- Control Phase (p.10, 14-15) ---------------------------------------------------------------

@dataclass(frozen=True)
class Control:
    battlefield: str
    totals: tuple[int, ...]  # by seat; None-free: 0 where a player has no unit
    present: tuple[bool, ...]
    winner: int | None
    artifacts: int
    reasons: tuple[str, ...]
    ruthless: bool = False  # the winner has a RUTHLESS unit and an enemy unit is there (p.15)


def unit_control(u: Unit, friends: tuple[Unit, ...]) -> int:
    """Printed control, −1 with any damage, unless FORMATION with a friendly unit there (p.10, 14);
    never below 0."""
    if u.damage and not (u.has("FORMATION") and any(f.id != u.id for f in friends)):
        return max(0, u.control - 1)
    return u.control


def control_of(b: str, units: tuple[Unit, ...], names: tuple[str, ...] = ("Player 1", "Player 2")) -> Control:
    """One objective's control (p.10): uncontested 1 artifact whatever the control; contested by total
    control; a tie gives nothing; the center objective gives 1 more (p.14). Hives are never controlled."""
    here = tuple(u for u in units if u.at == b)
    seats = range(len(names))
    present = tuple(any(u.owner == i for u in here) for i in seats)
    totals = tuple(sum(unit_control(u, tuple(x for x in here if x.owner == i)) for u in here if u.owner == i)
                   for i in seats)
    if b.startswith("hive"):
        return Control(b, totals, present, None, 0, ("Hives are never controlled (FAQ).",))
    if not any(present):
        return Control(b, totals, present, None, 0, ("Empty: ignored (p.10).",))
    extra = 1 if b == "center" else 0
    bonus = (" and 1 more for the center objective (p.14)",) if extra else ("",)
    if sum(present) == 1:
        winner = present.index(True)
        return Control(b, totals, present, winner, 1 + extra,
                       (f"Uncontested: {names[winner]} has the only units there and wins control whatever the "
                        f"control total, 1 artifact{bonus[0]} (p.10).",), _ruthless_flag(here, winner))
    reasons = tuple(f"{names[i]}: control {totals[i]}" + _damaged_note(here, i) for i in seats if present[i])
    best = max(totals)
    leaders = [i for i in seats if totals[i] == best]
    if len(leaders) > 1:
        return Control(b, totals, present, None, 0, reasons + ("Tied: neither side wins control, no artifacts (p.10).",))
    winner = leaders[0]
    return Control(b, totals, present, winner, 1 + extra,
                   reasons + (f"{names[winner]} has the highest control total and wins control: "
                              f"1 artifact{bonus[0]} (p.10).",), _ruthless_flag(here, winner))


def _damaged_note(here: tuple[Unit, ...], i: int) -> str:
    mine = tuple(u for u in here if u.owner == i)
    reduced = [u.card for u in mine if u.damage and unit_control(u, mine) < u.control]
    kept = [u.card for u in mine if u.damage and u.control and unit_control(u, mine) == u.control]
    note = f" ({', '.join(reduced)} damaged: −1 each)" if reduced else ""
    return note + (f" (FORMATION keeps {', '.join(kept)} at full control)" if kept else "")


def _ruthless_flag(here: tuple[Unit, ...], winner: int) -> bool:
    return any(u.owner == winner and u.has("RUTHLESS") for u in here) and any(u.owner != winner for u in here)


def control_order(g: Game) -> tuple[str, ...]:
    """From the First Player's leftmost objective (p.10); seat 2 sees left and right the other way."""
    return OBJECTIVES if g.first in (0, None) else tuple(reversed(OBJECTIVES))


def control_report(g: Game) -> tuple[Control, ...]:
    names = tuple(p.name for p in g.players)
    return tuple(control_of(b, g.units, names) for b in control_order(g))


def _apply_control(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons, ruthless = [], []
    for c in control_report(g):
        reasons.append(f"{battlefield_name(g, c.battlefield).capitalize()}: " + " ".join(c.reasons))
        if c.winner is not None:
            g = with_side(g, c.winner, artifacts=g.sides[c.winner].artifacts + c.artifacts)
        if c.ruthless:
            ruthless.append(c.battlefield)
            reasons.append(f"RUTHLESS: {player_name(g, c.winner)} may deal 1 damage to an enemy unit in the "
                           f"{battlefield_name(g, c.battlefield)} (p.15).")
    return replace(g, ruthless=tuple(ruthless)), tuple(reasons)


# -- Gate, Casualty, Wrap Up (p.11) ----------------------------------------------------------------

def total_control(g: Game, i: int) -> int:
    """All of a player's units in play, counted as in the Control Phase (the gate tiebreaker, p.11)."""
    return sum(unit_control(u, units_at(g, u.at, i)) for u in g.units if u.owner == i)


def decide_victory(g: Game) -> Verdict | None:
    """The fourth gate wins; between players who both flipped it: most remaining artifacts, then the
    highest total control, then a draw (p.11)."""
    done = [i for i, s in enumerate(g.sides) if s.gates >= GATES]
    if not done:
        return None
    if len(done) == 1:
        return Verdict(done[0], (f"{player_name(g, done[0])} flipped their fourth gate and opens the Wormgate (p.11).",))
    how = [f"{' and '.join(player_name(g, i) for i in done)} both flipped their fourth gate (p.11)."]
    for label, score in (("most remaining artifacts", lambda i: g.sides[i].artifacts),
                         ("highest total control", lambda i: total_control(g, i))):
        values = {i: score(i) for i in done}
        best = max(values.values())
        how.append(f"{label.capitalize()}: " + ", ".join(f"{player_name(g, i)} {values[i]}" for i in done) + ".")
        done = [i for i in done if values[i] == best]
        if len(done) == 1:
            return Verdict(done[0], tuple(how) + (f"{player_name(g, done[0])} wins on the {label} (p.11).",))
    return Verdict(None, tuple(how) + ("Still tied: the game is a draw; neither player wins (p.11).",))


def _apply_gates(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    for i, s in enumerate(g.sides):
        if s.artifacts >= ARTIFACTS_PER_GATE and s.gates < GATES:
            g = with_side(g, i, artifacts=s.artifacts - ARTIFACTS_PER_GATE, gates=s.gates + 1)
            reasons.append(f"{player_name(g, i)} discards 4 artifacts and flips gate {s.gates + 1} "
                           f"({s.artifacts - ARTIFACTS_PER_GATE} artifacts left; one gate per round, p.11).")
    if not reasons:
        reasons.append("Nobody has 4 artifacts: no gate flips (p.11).")
    v = decide_victory(g)
    if v is not None:
        g = replace(g, stage="over", verdict=v)
        reasons += list(v.how)
    return g, tuple(reasons)


def _apply_casualties(g: Game) -> tuple[Game, tuple[str, ...]]:
    dead = [u for u in g.units if u.damage == CASUALTY_DAMAGE]
    reasons = []
    for u in dead:
        g = replace(g, units=tuple(x for x in g.units if x.id != u.id))
        reasons.append(f"{u.card} ({player_name(g, u.owner)}) has 3 damage and is destroyed (p.11).")
        if u.elite_token and u.damaged_by is not None:
            g = with_side(g, u.damaged_by, artifacts=g.sides[u.damaged_by].artifacts + 1)
            reasons.append(f"ELITE: {player_name(g, u.damaged_by)} dealt its last damage and gains 1 artifact (p.14).")
    return g, tuple(reasons) or ("No unit has exactly 3 damage (p.11).",)


def in_enemy_hive(g: Game, i: int) -> tuple[Unit, ...]:
    return units_at(g, hive(other(i)), i)


def fall_back_choices(g: Game, i: int) -> tuple[str, ...]:
    """An outer objective with a friendly unit, or the player's own hive (p.11)."""
    return tuple(b for b in ("left", "right") if units_at(g, b, i)) + (hive(i),)


def fall_back(g: Game, player: int, to: str) -> Outcome:
    if g.stage != "play" or g.phase != "wrapup" or g.step != 1:
        raise GameError("to", "Units fall back in the Wrap Up Phase, step 1 (p.11).")
    moving = in_enemy_hive(g, player)
    if not moving:
        raise GameError("to", f"{player_name(g, player)} has no unit in an enemy hive.")
    if to not in fall_back_choices(g, player):
        raise GameError("to", "Fall back to an outer objective battlefield with at least 1 friendly unit, or to your "
                              "own hive (p.11).")
    g = replace(g, units=tuple(replace(u, at=to) if u in moving else u for u in g.units))
    return Outcome(g, f"{player_name(g, player)} fell back {len(moving)} unit{'s' if len(moving) > 1 else ''} to "
                      f"{battlefield_name(g, to)}", ("Fall back movement is not a move for card abilities (p.11).",))


def _wrap_up(g: Game) -> tuple[Game, tuple[str, ...]]:
    first = other(g.first)
    g = replace(g, units=tuple(replace(u, drained=False) for u in g.units),
                sides=tuple(replace(s, command_used=0, supply_used=False, passed=False) for s in g.sides),
                round=g.round + 1, phase="order", step=1, first=first, turn=first, turn_no=g.turn_no + 1,
                mandatory=False, activated=False, activation=None, applied=(), ruthless=(), combat=())
    return g, ("All drain tokens removed (p.11).",
               f"Command and supply refreshed: {COMMAND} command and 1 supply from round 2 (p.3, 11).",
               "Each player draws 1 card (p.11).",
               f"The First Player token passes to {player_name(g, first)} (p.11).")


# -- the stepper -----------------------------------------------------------------------------------

SETUP_STEPS = ("First Player", "Factions", "Decks")


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        if g.first is None:
            return Step(0, "Set-up", "First Player", "Each player rolls both result dice; the higher total is "
                        "First Player, a tie rolls again (p.3).", SETUP_STEPS)
        if any(p.faction is None for p in g.players):
            return Step(0, "Set-up", "Factions", "Starting with the First Player, each player chooses a faction "
                        "(p.3).", SETUP_STEPS)
        return Step(0, "Set-up", "Decks", "Each player builds an 18-card deck: 9 different cards, both copies "
                    "of each (p.4); first games use the starter decks (p.4-5).", SETUP_STEPS)
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase == "order":
        note = " Round 1: only 2 command and 1 supply (p.3)." if g.round == 1 else ""
        step = f"{player_name(g, g.turn)}'s turn"
        text = (f"{player_name(g, g.turn)}: Play a Unit, Play a Support or Activate a Unit (one activation per turn), "
                f"then end the turn or Pass (p.8).{note}")
    elif g.phase == "control":
        step, text = "Control", ("Each objective from the First Player's leftmost: uncontested 1 artifact, contested "
                                 "by total control, the center 1 more (p.10).")
    elif g.phase == "gate":
        step, text = "Gates", ("Each player with 4 artifacts discards 4 and flips their lowest gate, one per "
                               "round; the fourth gate wins (p.11).")
    elif g.phase == "casualty":
        step, text = "Casualties", "All units with 3 damage are destroyed (p.11)."
    elif g.step == 1:
        step, text = "1 Fall back", ("Units in an enemy hive fall back to an outer objective with a friendly unit, "
                                     "or to their own hive (p.11).")
    else:
        step, text = "2-5 Ready, refresh, draw, first player", ("Ready drained units, refresh command and supply, "
                                                                "each player draws 1, pass the First Player token "
                                                                "(p.11).")
    if g.phase in g.applied:
        text += " Already applied this round: Next moves on."
    return Step(g.round, phase, step, text, PHASES)


def next_step(g: Game) -> Outcome:
    """Apply the current phase (once per round) and move to the next."""
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    if g.phase == "order":
        raise GameError("step", "The Order Phase ends when both players have passed (p.10).")
    if g.phase == "wrapup" and g.step == 1:
        stuck = [player_name(g, i) for i in range(PLAYERS) if in_enemy_hive(g, i)]
        if stuck:
            raise GameError("step", f"Fall back first: {', '.join(stuck)} still has units in an enemy hive (p.11).")
        return Outcome(replace(g, step=2), "Wrap Up: fall back done")
    apply = {"control": _apply_control, "gate": _apply_gates, "casualty": _apply_casualties, "wrapup": _wrap_up}
    nxt = {"control": "gate", "gate": "casualty", "casualty": "wrapup"}
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase in g.applied:
        g2, reasons = g, ("Already applied this round; nothing applied twice.",)
    else:
        g2, reasons = apply[g.phase](g)
        if g.phase != "wrapup":
            g2 = replace(g2, applied=g2.applied + (g.phase,))
    if g.phase != "control":  # the RUTHLESS prompt lasts from the Control Phase's result to the next Next (p.15)
        g2 = replace(g2, ruthless=())
    if g2.stage == "over":
        return Outcome(g2, f"{phase}: the game is over", reasons)
    if g.phase == "wrapup":
        return Outcome(g2, f"Round {g2.round} begins: {player_name(g2, g2.first)} is First Player", reasons)
    g2 = replace(g2, phase=nxt[g.phase], step=1)
    return Outcome(g2, f"{phase} done", reasons)


def back_step(g: Game) -> Outcome:
    """Back one step within the round. What a phase applied stays (Undo reverses it), and is not
    applied again on the way forward."""
    if g.stage != "play":
        raise GameError("step", "Back works during the rounds; use Undo for anything else.")
    if g.phase == "order":
        raise GameError("step", "This is the first phase of the round; use Undo to go further back.")
    if g.phase == "wrapup" and g.step == 2:
        return Outcome(replace(g, step=1), "Back to Wrap Up step 1")
    prev = PHASE_KEYS[PHASE_KEYS.index(g.phase) - 1]
    step = 2 if prev == "wrapup" else 1
    return Outcome(replace(g, phase=prev, step=step), f"Back to the {PHASES[PHASE_KEYS.index(prev)]}")


# -- the score panel -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    name: str
    color: str
    faction: str | None
    artifacts: int
    gates: int
    units: int
    command_left: int
    supply_left: int
    passed: bool
    to_play: bool


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, p.faction, s.artifacts, s.gates, sum(1 for u in g.units if u.owner == i),
                       command_left(g, i), supply_left(g, i), s.passed,
                       g.stage == "play" and g.phase == "order" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))

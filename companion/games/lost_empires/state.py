"""Lost Empires' state: the rulebook's numbers, the cards' content, the frozen dataclasses of a game, the
file format they give, and the check every command after the set-up makes."""
from __future__ import annotations

from dataclasses import field

from ...codec import ADDED, state_codec
from ..frame import Die, GameError, Player, Verdict, with_side
from ...record import record

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
ARTIFACT_TOKENS = 20  # the box's Components: the supply every gain takes from, a gate's 4 go back to it
DESTROYED_AT = 4  # p.9: 4 or more damage, destroyed at once
CASUALTY_DAMAGE = 3  # p.11
KEYWORDS = ("FRONTLINE", "FORMATION", "MELEE", "RUTHLESS", "ELITE")
WEIGHTS = ("light", "heavy")
PHASES = ("Order Phase", "Control Phase", "Gate Phase", "Casualty Phase", "Wrap Up Phase")
PHASE_KEYS = ("order", "control", "gate", "casualty", "wrapup")
OBJECTIVES = ("left", "center", "right")  # left and right as the first seat sees them
ELITE_RULES = ("two-player", "multiplayer")


# -- content (from data/lost-empires/, validated at start-up) ---------------------

@record
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


@record
class Faction:
    name: str
    keyword: str | None  # FRONTLINE, FORMATION, MELEE: "unique to" one faction (p.14)
    cards: tuple[Card, ...]
    starter: tuple[str, ...]  # the starter deck's 9 cards (p.4-5), 2 copies each

    def card(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.name == name), None)


@record
class Content:
    factions: tuple[Faction, ...]
    die: Die

    def faction(self, name: str) -> Faction | None:
        return next((f for f in self.factions if f.name == name), None)


# -- state ------------------------------------------------------------------------------

@record
class Side:
    artifacts: int = 0
    gates: int = 0  # gate tokens flipped to their gate side
    command_used: int = 0
    supply_used: bool = False
    passed: bool = False
    deck: tuple[tuple[str, int], ...] = ()  # (card, copies)
    # (card, copies) in the discard pile: destroyed units and played supports (p.8, 9, 11); with the units in
    # play they are the copies no longer in hand or deck (p.4: 2 of each)
    discard: tuple[tuple[str, int], ...] = field(default=(), repr=False, metadata=ADDED)


@record
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


@record
class Activation:
    unit: str
    actions: int
    attacks_left: int = 0  # attacks still to make in the current attack action (MELEE: 2)
    attacked: bool = False  # the once-per-activation attack is spent
    frontline: bool = False  # activated the turn it was played: +1 offense (p.14)


@record
class Grant:
    """An action a card grants to another friendly unit (p.10 "Granted actions"), waiting to be taken."""
    unit: str
    action: str  # one of GRANTS
    source: str = ""  # the card that grants it, e.g. "Edgeguard"


GRANTS = ("move", "attack", "move or attack")  # as the cards word them (Edgeguard: "move or make an attack")
EYE_OF_GLIESE = "Eye of Gliese"  # its errata (p.15 FAQ): placed with a friendly unit, activated free, attacks only


@record
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


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


def other(i: int) -> int:
    return 1 - i


def _playing(g: Game) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")


# -- copies of a card: the deck's count, spent by play and the discard pile (p.4, 8, 9) ---------------

def copies_out(g: Game, i: int, card: str) -> int:
    """Copies of `card` no longer in seat `i`'s hand or deck: in play or in the discard pile."""
    return sum(1 for u in g.units if u.owner == i and u.card == card) + dict(g.sides[i].discard).get(card, 0)


def discarded(g: Game, i: int, card: str) -> Game:
    """One copy of `card` into seat `i`'s discard pile (destroyed, p.9, 11; a support played, p.8)."""
    pile = dict(g.sides[i].discard)
    pile[card] = pile.get(card, 0) + 1
    return with_side(g, i, discard=tuple(sorted(pile.items())))

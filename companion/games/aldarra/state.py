"""Aldarra Reborn's numbers, its content cards and its state: the frozen dataclasses companion/codec.py
stores (their type hints resolve here), and the checks every command makes."""
from __future__ import annotations

from dataclasses import field

from ...codec import ADDED, state_codec
from ..frame import Die, GameError, Player, Verdict, player_name
from ...record import record


KEY = "aldarra-reborn"
TITLE = "Aldarra Reborn"
FORMAT = "aldarra-reborn-game/1"

MIN_PLAYERS, MAX_PLAYERS = 3, 4
PLAYERS_RANGE = (MIN_PLAYERS, MAX_PLAYERS)
FACTIONS = ("Cin'dar Empire", "Odarian Empire", "Mining Corp Coalition", "Arrodan Syndicate")
CINDAR, ODARIAN, COALITION, SYNDICATE = FACTIONS
# p.5: the territory tile table, for 3 and for 4 players.
TILES = {
    3: {"Forest": 4, "Jetstream Entry Point": 5, "Copper Deposit": 8, "Crystal Deposit": 2, "Silver Deposit": 7,
        "Mountain": 5, "Gold Deposit": 5, "Ancient Ruins": 3},
    4: {"Forest": 6, "Jetstream Entry Point": 6, "Copper Deposit": 9, "Crystal Deposit": 3, "Silver Deposit": 9,
        "Mountain": 6, "Gold Deposit": 6, "Ancient Ruins": 4},
}
KINDS = tuple(TILES[4])
MINED = {"Forest": 1, "Copper Deposit": 1, "Silver Deposit": 2, "Gold Deposit": 3}  # p.5, 13
STRONGHOLD_COINS = 10  # p.4, 13
UNITS = ("Dreadnought", "Cruiser", "Destroyer", "Frigate", "Engineer", "Fortress", "Outpost")
PIECES = {"Dreadnought": 3, "Cruiser": 5, "Destroyer": 5, "Frigate": 10, "Engineer": 6, "Fortress": 3,
          "Outpost": 6}  # p.3: per color
BUILDINGS = ("Fortress", "Outpost")  # p.4
CLASSES = ("light", "heavy", "building")
COLORS = ("green", "pink", "blue")
STACK = 5  # p.4, 9
ORDERS = 3  # p.7, 9
OBJECTIVES_DEALT = 2  # p.6 step 3
HAND = 5  # explore cards (p.12) and secondary objectives (p.13)
WIN_VP = 20  # p.14
CRYSTALS = 25  # the box holds 25 Crystals (p.3, component U)
SPAWN_DICE = 2  # Spawn Crystals: roll 2 Blue Dice (p.8)
SPEED = {"light": 3, "heavy": 2}  # p.9, INTERPRETATIONS.md
WIDTH = 7  # the dealt board: rows of 7 hexes (docs/rules.md)
FORTRESS_BUILDS, OUTPOST_ENGINEERS = 2, 2  # p.13
RANSOM, EXCHANGE = 4, 4  # p.16: 4 coins a hostage return; the Coalition's 4 coins = 1 crystal
PHASES = ("Arrival", "Preparation", "Expansion", "Management")
STEPS = {
    "arrival": ("Strongholds", "Outposts"),
    "preparation": ("Turn order", "Spawn crystals"),
    "expansion": ("Orders",),
    "management": ("Mine", "Buy Victory Points", "Check Win", "Secondary Objectives", "Discovery", "Build"),
}
PHASE_KEYS = tuple(STEPS)


# -- content (from data/aldarra-reborn/, validated at start-up) -------------------

@record
class Stats:
    dice: tuple[tuple[str, int], ...]  # (color, number of dice)
    armor: int
    coins: int
    crystals: int = 0


@record
class UnitCard:
    name: str
    classification: str  # light / heavy / building
    standard: Stats
    upgraded: Stats
    verified: bool = False


@record
class BuyOption:
    pay: str  # coins / crystals
    amount: int
    vp: int


@record
class FactionInfo:
    name: str
    abilities: tuple[str, ...]
    starting_discovery: str | None
    verified: bool = False


@record
class Content:
    units: tuple[UnitCard, ...]
    dice: tuple[Die, ...]  # green, pink, blue; a critical face "explodes"
    buy_vp: tuple[BuyOption, ...]
    factions: tuple[FactionInfo, ...]

    def unit(self, name: str) -> UnitCard:
        found = next((u for u in self.units if u.name == name), None)
        if found is None:
            raise GameError("kind", f"There is no unit {name!r}: {', '.join(UNITS)}.")
        return found

    def die(self, color: str) -> Die:
        return next(d for d in self.dice if d.name == color)

    def faction(self, name: str) -> FactionInfo | None:
        return next((f for f in self.factions if f.name == name), None)


# -- state -------------------------------------------------------------------------

@record
class Tile:
    id: str  # its place on the dealt board: row letter and column, "C4"
    kind: str
    stronghold: int | None = None  # the seat whose Stronghold replaced this tile (p.8)
    explored: bool = False
    crystal: bool = False


@record
class Units:
    at: str
    owner: int
    kind: str
    count: int


@record
class Side:
    vp: int = 0
    coins: int = 0
    crystals: int = 0
    orders: int = ORDERS
    objectives: int = OBJECTIVES_DEALT  # secondary objective cards in hand
    claimed: int = 0
    explore_hand: int = 0
    discoveries: tuple[str, ...] = ()
    upgraded: tuple[str, ...] = ()
    bought_round: int = 0  # the round of the latest VP purchase (once per round, p.13)
    hostages: tuple[tuple[int, str, int], ...] = ()  # Syndicate: (owner, unit, count) held (p.16)


@record
class Order:
    player: int
    at: str
    explored: bool = False
    # Rule A or B (p.9): "from" once an airship left the activated territory, "to" once one entered it; an
    # order never mixes them, so no airship moves twice in an order (it stops where it entered, p.9).
    way: str = field(default="", repr=False, metadata=ADDED)
    fought: bool = field(default=False, repr=False, metadata=ADDED)  # its combat began: movement is over (p.9)


@record
class Combat:
    at: str
    attacker: int
    seats: tuple[int, ...]  # everyone with units there, in turn order
    round: int = 1
    step: str = "light"  # light / heavy / retreat
    rolled: bool = False
    delayed: tuple[int, ...] = ()
    escalation: int = 0  # green dice in the Escalation Dice Pool
    escalation_hits: int | None = None  # rolled at the start of this round
    pending: tuple[tuple[int, int], ...] = ()  # (dealer, hits still to assign), in turn order
    destroyed: int = 0  # units destroyed this round
    retreat_next: int = 0  # index into retreat_order
    firing: tuple[tuple[int, str], ...] = ()  # (owner, territory) of Fortresses firing in from next door (p.11)


@record
class Game:
    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    tiles: tuple[Tile, ...]
    stage: str = "setup"  # setup / play / over
    round: int = 0
    phase: str = "arrival"
    step: int = 0
    turn_order: tuple[int, ...] = ()
    chooser: int = 0  # index of whoever acts now in the step's order
    new_order: tuple[int, ...] = ()  # positions chosen so far this Preparation Phase (-1 free)
    crystals_left: int = 0
    spawn_rolled: bool = False
    units: tuple[Units, ...] = ()
    order: Order | None = None
    combat: Combat | None = None
    last_combat: tuple[str, ...] = ()
    built: tuple[tuple[str, int], ...] = ()  # this Build step: (territory, airships or engineers built)
    founded: tuple[tuple[str, str], ...] = ()  # this Build step: (territory, Building built there) (p.13)
    applied: tuple[str, ...] = ()  # this round's once-only doings: "mine", "drew:<seat>", "discovery:<seat>"
    verdict: Verdict | None = None


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


def faction_of(g: Game, i: int) -> str | None:
    return g.players[i].faction


def stats(g: Game, content: Content, owner: int, kind: str) -> Stats:
    card = content.unit(kind)
    return card.upgraded if kind in g.sides[owner].upgraded else card.standard


# -- the checks every command makes -----------------------------------------------

def _in(g: Game, phase: str, step: int | None, message: str) -> None:
    if g.stage == "over":
        raise GameError("stage", "The game is over.")
    if g.stage != "play" or g.phase != phase or (step is not None and g.step != step):
        raise GameError("step", message)


def _playing(g: Game) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")


def _expect_chooser(g: Game, player: int, what: str, seats: tuple[int, ...], field: str = "player") -> None:
    if g.chooser >= len(seats):
        raise GameError(field, f"Everyone has had their turn to {what}: tap Next.")
    _expect(g, player, seats[g.chooser], what, field)


def _expect(g: Game, player: int, expected: int, what: str, field: str) -> None:
    if player != expected:
        raise GameError(field, f"It is {player_name(g, expected)}'s turn to {what}, in turn order (p.8-9).")

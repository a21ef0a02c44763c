"""Aldarra Reborn (aldarra-reborn-rulebook.txt) — set-up, the round stepper, economy, combat.

Pages are the rulebook's (its table of contents): components p.3-4, tiles p.5,
set-up p.5-7, Arrival and Preparation p.8, Expansion and movement p.9, combat
p.9-11, explore p.12, Management p.13, scoring and game end p.14, factions
p.15-16. Unit cards, dice faces and the Buy Victory Points table are pictures
in the rulebook: they come from data/aldarra-reborn/ (`Content`), unverified.
Readings of open questions: docs/rules.md, "Aldarra Reborn".
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..codec import state_codec
from ..hexgrid import Hex, from_offset, to_offset
from ..hexgrid import distance as hex_distance
from ..hexgrid import neighbours as hex_neighbours
from .frame import (
    Die, GameError, Outcome, Player, Step, Verdict, player_name, players, verdict, with_side,
)

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

@dataclass(frozen=True)
class Stats:
    dice: tuple[tuple[str, int], ...]  # (color, number of dice)
    armor: int
    coins: int
    crystals: int = 0


@dataclass(frozen=True)
class UnitCard:
    name: str
    classification: str  # light / heavy / building
    standard: Stats
    upgraded: Stats
    verified: bool = False


@dataclass(frozen=True)
class BuyOption:
    pay: str  # coins / crystals
    amount: int
    vp: int


@dataclass(frozen=True)
class FactionInfo:
    name: str
    abilities: tuple[str, ...]
    starting_discovery: str | None
    verified: bool = False


@dataclass(frozen=True)
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

@dataclass(frozen=True)
class Tile:
    id: str  # its place on the dealt board: row letter and column, "C4"
    kind: str
    stronghold: int | None = None  # the seat whose Stronghold replaced this tile (p.8)
    explored: bool = False
    crystal: bool = False


@dataclass(frozen=True)
class Units:
    at: str
    owner: int
    kind: str
    count: int


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Order:
    player: int
    at: str
    explored: bool = False


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


# -- set-up (p.5-8) ----------------------------------------------------------------

def deal_board(n_players: int, rng: random.Random) -> tuple[Tile, ...]:
    """The tile table's tiles for the player count, shuffled into rows of 7 (p.5 step 1)."""
    kinds = [k for k, n in TILES[n_players].items() for _ in range(n)]
    rng.shuffle(kinds)
    return tuple(Tile(f"{chr(65 + i // WIDTH)}{i % WIDTH + 1}", k) for i, k in enumerate(kinds))


def new_game(players: tuple[Player, ...], rng: random.Random | None = None) -> Game:
    """Random dashboards (p.7), a dealt board (p.5), 2 secondary objectives each (p.6), a random first
    player for the Arrival (p.8)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Aldarra Reborn is a game for {MIN_PLAYERS} or 4 players (p.5): give 3 or 4 "
                                   f"players, not {len(players)}.")
    rng = rng or random.SystemRandom()
    dashboards = list(FACTIONS)
    rng.shuffle(dashboards)
    ps = tuple(replace(p, faction=f) for p, f in zip(players, dashboards))
    first = rng.randrange(len(ps))
    order = tuple((first + k) % len(ps) for k in range(len(ps)))
    return Game(players=ps, sides=tuple(Side() for _ in ps), tiles=deal_board(len(ps), rng), turn_order=order)


def tile(g: Game, tile_id: str, field: str = "at") -> Tile:
    found = next((t for t in g.tiles if t.id == tile_id), None)
    if found is None:
        raise GameError(field, f"There is no territory {tile_id!r} on the board.")
    return found


def tile_name(t: Tile, g: Game | None = None) -> str:
    if t.stronghold is not None and g is not None:
        return f"{player_name(g, t.stronghold)}'s Stronghold ({t.id})"
    return f"{t.kind} {t.id}"


def _hex(tile_id: str) -> Hex:
    """A tile's hex: its letter is the row, its number the column; odd rows sit half a hex to the right
    (docs/rules.md), the grid `hexgrid` calls pointy-top, shifted "even"."""
    return from_offset(int(tile_id[1:]) - 1, ord(tile_id[0]) - 65)


def _tile_id(h: Hex) -> str | None:
    col, row = to_offset(h)
    return f"{chr(65 + row)}{col + 1}" if row >= 0 and col >= 0 else None


def neighbours(g: Game, tile_id: str) -> tuple[str, ...]:
    ids = {t.id for t in g.tiles}
    return tuple(i for i in (_tile_id(h) for h in hex_neighbours(_hex(tile_id))) if i in ids)


def distance(g: Game, a: str, b: str) -> int:
    """Steps between two tiles; the dealt board has no holes, so the open grid's distance is the board's."""
    return hex_distance(_hex(a), _hex(b))


def stronghold_of(g: Game, i: int) -> Tile | None:
    return next((t for t in g.tiles if t.stronghold == i), None)


# -- units on the board ------------------------------------------------------------

def units_at(g: Game, at: str, owner: int | None = None) -> tuple[Units, ...]:
    return tuple(u for u in g.units if u.at == at and (owner is None or u.owner == owner))


def count(g: Game, at: str, owner: int, kind: str) -> int:
    return sum(u.count for u in units_at(g, at, owner) if u.kind == kind)


def airships(g: Game, at: str, owner: int) -> int:
    return sum(u.count for u in units_at(g, at, owner) if u.kind not in BUILDINGS)


def owners_at(g: Game, at: str) -> tuple[int, ...]:
    return tuple(sorted({u.owner for u in units_at(g, at)}))


def _add(g: Game, at: str, owner: int, kind: str, n: int) -> Game:
    now = count(g, at, owner, kind) + n
    rest = tuple(u for u in g.units if not (u.at == at and u.owner == owner and u.kind == kind))
    return replace(g, units=rest + ((Units(at, owner, kind, now),) if now > 0 else ()))


def in_supply(g: Game, i: int, kind: str) -> int:
    """Pieces of this unit not on the board nor held hostage (p.3, 13, 16)."""
    held = sum(n for s in g.sides for owner, k, n in s.hostages if owner == i and k == kind)
    return PIECES[kind] - sum(u.count for u in g.units if u.owner == i and u.kind == kind) - held


def stack_limit(g: Game, at: str, owner: int) -> int | None:
    """5 airships per faction per territory, Strongholds too (p.4, 9); none on the Cin'dar's own (p.15)."""
    t = tile(g, at)
    if t.stronghold == owner and faction_of(g, owner) == CINDAR:
        return None
    return STACK


def _check_stack(g: Game, at: str, owner: int, adding: int, field: str) -> None:
    limit = stack_limit(g, at, owner)
    have = airships(g, at, owner)
    if limit is not None and have + adding > limit:
        raise GameError(field, f"{player_name(g, owner)} would have {have + adding} airships in {tile_name(tile(g, at), g)}: "
                               f"the Stacking Limit is {limit} airships per territory, Strongholds included (p.9).")


def controls(g: Game, i: int) -> tuple[Tile, ...]:
    """Your Stronghold, and any territory that contains only your units (p.8)."""
    return tuple(t for t in g.tiles if t.stronghold == i or owners_at(g, t.id) == (i,))


# -- Arrival (p.8) -----------------------------------------------------------------

def arrival_order(g: Game) -> tuple[int, ...]:
    """Strongholds in turn order from the random first player; Outposts in reverse (p.8)."""
    return g.turn_order if g.step == 0 else tuple(reversed(g.turn_order))


def _expect_chooser(g: Game, player: int, what: str, seats: tuple[int, ...], field: str = "player") -> None:
    if g.chooser >= len(seats):
        raise GameError(field, f"Everyone has had their turn to {what}: tap Next.")
    _expect(g, player, seats[g.chooser], what, field)


def _expect(g: Game, player: int, expected: int, what: str, field: str) -> None:
    if player != expected:
        raise GameError(field, f"It is {player_name(g, expected)}'s turn to {what}, in turn order (p.8-9).")


def place_stronghold(g: Game, player: int, at: str) -> Outcome:
    """Not within 2 tiles of another Stronghold nor on a Crystal Deposit; 2 Frigates and 1 Engineer (p.8)."""
    _in(g, "arrival", 0, "Strongholds are placed in the Arrival (p.8).")
    _expect_chooser(g, player, "place a Stronghold", g.turn_order)
    t = tile(g, at)
    if t.kind == "Crystal Deposit":
        raise GameError("at", f"{tile_name(t)}: a Stronghold may not be placed on a Crystal Deposit (p.8).")
    for other in g.tiles:
        if other.stronghold is not None and distance(g, at, other.id) <= 2:
            raise GameError("at", f"{tile_name(t)} is within 2 tiles of {tile_name(other, g)}: a Stronghold may not "
                                  "be placed within 2 tiles of another Stronghold (p.8).")
    g = replace(g, tiles=tuple(replace(x, stronghold=player) if x.id == at else x for x in g.tiles))
    g = _add(_add(g, at, player, "Frigate", 2), at, player, "Engineer", 1)
    g = replace(g, chooser=g.chooser + 1)
    if g.chooser == len(g.players):
        g = replace(g, step=1, chooser=0)
    return Outcome(g, f"{player_name(g, player)} placed their Stronghold on {at} (was {t.kind}) with 2 Frigates and "
                      "1 Engineer", ("The tile is replaced by the faction's Stronghold tile (p.8).",))


def stronghold_spots(g: Game) -> tuple[str, ...]:
    """Where a Stronghold may go now: not a Crystal Deposit, not within 2 tiles of another (p.8)."""
    taken = [t.id for t in g.tiles if t.stronghold is not None]
    return tuple(t.id for t in g.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                 and all(distance(g, t.id, o) > 2 for o in taken))


def outpost_spots(g: Game) -> tuple[str, ...]:
    """An unoccupied tile that is not a Crystal Deposit (p.8)."""
    return tuple(t.id for t in g.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                 and not units_at(g, t.id))


def place_outpost(g: Game, player: int, at: str) -> Outcome:
    """In reverse turn order, an unoccupied tile that is not a Crystal Deposit: Outpost, Frigate, Engineer (p.8)."""
    _in(g, "arrival", 1, "Outposts are placed in the Arrival, after the Strongholds (p.8).")
    _expect_chooser(g, player, "place an Outpost", arrival_order(g))
    t = tile(g, at)
    if t.kind == "Crystal Deposit" or t.stronghold is not None or units_at(g, at):
        raise GameError("at", f"{tile_name(t, g)}: an Outpost goes on an unoccupied tile that is not a Crystal "
                              "Deposit (p.8).")
    for kind in ("Outpost", "Frigate", "Engineer"):
        g = _add(g, at, player, kind, 1)
    g = replace(g, chooser=g.chooser + 1)
    return Outcome(g, f"{player_name(g, player)} placed their Outpost on {tile_name(t)} with 1 Frigate and 1 Engineer")


def _in(g: Game, phase: str, step: int | None, message: str) -> None:
    if g.stage == "over":
        raise GameError("stage", "The game is over.")
    if g.stage != "play" or g.phase != phase or (step is not None and g.step != step):
        raise GameError("step", message)


# -- Preparation (p.8) ---------------------------------------------------------------

def choosing_order(g: Game) -> tuple[int, ...]:
    """From the fewest VP to the most; a tie: the player earlier in the turn order chooses first (p.8)."""
    return tuple(sorted(g.turn_order, key=lambda i: (g.sides[i].vp, g.turn_order.index(i))))


def choose_position(g: Game, player: int, position: int) -> Outcome:
    _in(g, "preparation", 0, "The turn order is chosen in the Preparation Phase (p.8).")
    if g.round == 1:
        raise GameError("position", "In the first round the turn order is not chosen again (p.8).")
    if g.chooser >= len(g.players):
        raise GameError("position", "Everyone has chosen a position: tap Next.")
    _expect_chooser(g, player, "choose a position", choosing_order(g))
    if not 0 <= position < len(g.players) or g.new_order[position] != -1:
        raise GameError("position", f"Position {position + 1} is taken or does not exist; choose a free one (p.8).")
    new = list(g.new_order)
    new[position] = player
    g = replace(g, new_order=tuple(new), chooser=g.chooser + 1)
    reasons = ()
    if g.chooser == len(g.players):
        g = replace(g, turn_order=tuple(new))
        reasons = ("Turn order: " + ", ".join(player_name(g, i) for i in new) + ".",)
    return Outcome(g, f"{player_name(g, player)} takes position {position + 1} in the turn order", reasons)


def spawn_most(content: Content) -> int:
    """The most 2 Blue Dice can show outside combat, where no die explodes (p.8, 11)."""
    return SPAWN_DICE * max(f.value for f in content.die("blue").faces)


def crystals_in_box(g: Game) -> int:
    """Crystals neither on the board nor held by a player: the 25 of the box (p.3)."""
    return CRYSTALS - sum(t.crystal for t in g.tiles) - sum(s.crystals for s in g.sides)


def spawn_roll(g: Game, content: Content, hits: int) -> Outcome:
    """One Crystal on each Crystal Deposit, then the hits of 2 blue dice more (p.8); never more than the box
    holds (p.3), and only while a legal placement is left (docs/rules.md)."""
    _in(g, "preparation", 1, "Crystals spawn in the Preparation Phase (p.8).")
    if g.spawn_rolled:
        raise GameError("hits", "The 2 blue dice are already rolled this round.")
    most = spawn_most(content)
    if not 0 <= hits <= most:
        raise GameError("hits", f"2 Blue Dice show 0 to {most} hits, not {hits} (p.8; no die explodes outside "
                                "combat, p.11).")
    deposits = [t for t in g.tiles if t.kind == "Crystal Deposit" and t.stronghold is None and not t.crystal]
    placed = [t.id for t in deposits[:max(0, crystals_in_box(g))]]
    g = replace(g, tiles=tuple(replace(t, crystal=True) if t.id in placed else t for t in g.tiles))
    left = min(hits, crystals_in_box(g))
    reasons = ["First one Crystal onto each Crystal Deposit, then roll 2 Blue Dice (p.8).",
               "Dice only explode during combat (p.11).", "A deposit that still holds one gets no second (p.8)."]
    if left < hits:
        reasons.append(f"The box holds {crystals_in_box(g)} Crystals: only {left} spawn (25 in the box, p.3).")
    g, settled = _settle_crystals(replace(g, crystals_left=left, spawn_rolled=True, chooser=0))
    return Outcome(g, f"Crystals: 1 on each Crystal Deposit ({', '.join(placed) or 'already there'}); the 2 blue dice "
                      f"show {hits} hit{'s' if hits != 1 else ''}: {left} more to place in turn order",
                   tuple(reasons) + settled)


def _settle_crystals(g: Game) -> tuple[Game, tuple[str, ...]]:
    """Skip a placer with no legal territory; when nobody has one, the rest stay in the box (docs/rules.md)."""
    n = len(g.turn_order)
    for k in range(n):
        if not g.crystals_left or any(crystal_spots(g, crystal_placer(g))):
            return g, ()
        g = replace(g, chooser=g.chooser + 1)
    left = g.crystals_left
    return replace(g, crystals_left=0), (f"No legal territory is left for a Crystal: the other {left} stay in the "
                                         "box (docs/rules.md).",)


def crystal_spots(g: Game, player: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(legal places, places allowed only because all legal ones are taken: other players' units) (p.8)."""
    own = stronghold_of(g, player)
    near = set(neighbours(g, own.id)) if own else set()
    base = [t for t in g.tiles if t.stronghold is None and t.id not in near and not t.crystal]
    free = tuple(t.id for t in base if not units_at(g, t.id))
    others = tuple(t.id for t in base if units_at(g, t.id) and player not in owners_at(g, t.id))
    return free, others


def place_crystal(g: Game, player: int, at: str) -> Outcome:
    _in(g, "preparation", 1, "Crystals are placed in the Preparation Phase (p.8).")
    if not g.spawn_rolled or g.crystals_left <= 0:
        raise GameError("at", "No Crystal is waiting to be placed.")
    _expect(g, player, crystal_placer(g), "place a Crystal", "at")
    t = tile(g, at)
    own = stronghold_of(g, player)
    why = None
    if t.stronghold is not None:
        why = "You may not place a Crystal on a Stronghold (p.8)."
    elif own is not None and at in neighbours(g, own.id):
        why = "You may not place a Crystal adjacent to YOUR Stronghold (p.8)."
    elif t.crystal:
        why = "You may not place a Crystal where there is already a Crystal (p.8)."
    elif units_at(g, at):
        free, others = crystal_spots(g, player)
        if free:
            why = ("You may not place a Crystal in a territory with Units of any player while a legal placement is "
                   f"free ({len(free)} left) (p.8).")
        elif player in owners_at(g, at):
            why = "When all legal placements are occupied, a Crystal goes on the Units of another player (p.8)."
    if why:
        raise GameError("at", f"{tile_name(t, g)}: {why}")
    g = replace(g, tiles=tuple(replace(x, crystal=True) if x.id == at else x for x in g.tiles),
                crystals_left=g.crystals_left - 1, chooser=g.chooser + 1)
    g, settled = _settle_crystals(g)
    return Outcome(g, f"{player_name(g, player)} placed a Crystal on {tile_name(t)} ({g.crystals_left} left)", settled)


def crystal_choices(g: Game, player: int) -> tuple[str, ...]:
    """Where this player may place a Crystal now (p.8)."""
    free, others = crystal_spots(g, player)
    return free or others


def crystal_placer(g: Game) -> int:
    return g.turn_order[g.chooser % len(g.turn_order)]


# -- Expansion (p.9, 12) ---------------------------------------------------------------

def current_player(g: Game) -> int:
    return g.turn_order[g.chooser % len(g.turn_order)]


def place_order(g: Game, player: int, at: str) -> Outcome:
    """Remove 1 Order Token and activate a territory (p.9)."""
    _in(g, "expansion", 0, "Orders are placed in the Expansion Phase (p.9).")
    if g.order is not None:
        raise GameError("at", f"{player_name(g, g.order.player)}'s order on {g.order.at} is still being resolved.")
    _expect(g, player, current_player(g), "place an order", "at")
    if g.sides[player].orders <= 0:
        raise GameError("at", f"{player_name(g, player)} has no Order Token left (3 a round, p.9).")
    t = tile(g, at)
    g = with_side(g, player, orders=g.sides[player].orders - 1)
    g = replace(g, order=Order(player, at))
    return Outcome(g, f"{player_name(g, player)} placed an order on {tile_name(t, g)} "
                      f"({g.sides[player].orders} order token{'s' if g.sides[player].orders != 1 else ''} left)",
                   ("Move airships from it, or to it, then combat, then explore once if you like (p.9).",))


def reachable(g: Game, frm: str, to: str, owner: int, speed: int) -> bool:
    """Up to `speed` territories; never through enemy units (enter and stop), never onto another player's
    Stronghold, halt on a Mountain; +1 starting on a Jetstream Entry Point (p.5, 9)."""
    if tile(g, frm).kind == "Jetstream Entry Point":
        speed += 1
    frontier, seen = [frm], {frm}
    for _ in range(speed):
        nxt = []
        for here in frontier:
            if here != frm and (tile(g, here).kind == "Mountain" or _enemy(g, here, owner)):
                continue
            for n in neighbours(g, here):
                t = tile(g, n)
                if n in seen or (t.stronghold is not None and t.stronghold != owner):
                    continue
                seen.add(n)
                nxt.append(n)
        if to in nxt:
            return True
        frontier = nxt
    return False


def _enemy(g: Game, at: str, owner: int) -> bool:
    return any(o != owner for o in owners_at(g, at))


def move(g: Game, content: Content, frm: str, to: str, kind: str, n: int) -> Outcome:
    _in(g, "expansion", 0, "Airships move during an order in the Expansion Phase (p.9).")
    o = g.order
    if o is None or g.combat is not None:
        raise GameError("to", "Place an order first; moves come before the order's combat (p.9).")
    if o.explored:
        raise GameError("to", f"{player_name(g, o.player)} has explored: an order goes move, then combat, then "
                              "explore, and exploring ends it (p.9, 12).")
    card = content.unit(kind)
    if card.classification == "building" or kind in BUILDINGS:
        raise GameError("kind", f"{kind} is a Building: Buildings are stationary (p.4).")
    if n < 1 or count(g, frm, o.player, kind) < n:
        raise GameError("count", f"{player_name(g, o.player)} has {count(g, frm, o.player, kind)} {kind} on {frm}, not {n}.")
    if o.at not in (frm, to):
        raise GameError("to", f"All moves of an order go from or to the activated territory {o.at} (p.9).")
    target = tile(g, to, "to")
    if target.stronghold is not None and target.stronghold != o.player:
        raise GameError("to", "You may not move onto another player's Stronghold (p.9).")
    speed = SPEED[card.classification]
    if frm == to or not reachable(g, frm, to, o.player, speed):
        raise GameError("to", f"{kind} cannot reach {to} from {frm}: {card.classification} airships move up to {speed} "
                              "territories, never through enemy units, halting on Mountains (p.9).")
    _check_stack(g, to, o.player, n, "to")
    g = _add(_add(g, frm, o.player, kind, -n), to, o.player, kind, n)
    fight = " — combat!" if _enemy(g, to, o.player) else ""
    return Outcome(g, f"{player_name(g, o.player)} moved {n} {kind} from {frm} to {tile_name(target, g)}{fight}")


def legal_moves(g: Game, content: Content) -> tuple[tuple[str, str, str, int], ...]:
    """Every move the current order allows now: (from, to, unit, most that may go), as `move` would accept."""
    o = g.order
    if o is None or g.combat is not None or o.explored or g.phase != "expansion":
        return ()
    out = []
    starts = {u.at for u in g.units if u.owner == o.player and u.kind not in BUILDINGS
              and distance(g, u.at, o.at) <= max(SPEED.values()) + 1}
    for frm in sorted(starts):
        for u in units_at(g, frm, o.player):
            if u.kind in BUILDINGS or content.unit(u.kind).classification == "building":
                continue
            for to in ([t.id for t in g.tiles] if frm == o.at else [o.at]):
                if to == frm or o.at not in (frm, to):
                    continue
                limit = stack_limit(g, to, o.player)
                room = u.count if limit is None else min(u.count, limit - airships(g, to, o.player))
                if room < 1:
                    continue
                try:
                    move(g, content, frm, to, u.kind, 1)
                except GameError:
                    continue
                out.append((frm, to, u.kind, room))
    return tuple(out)


def explore_choices(g: Game) -> tuple[str, ...]:
    """Unexplored territories where the order's player has a unit, once per order, after its combat (p.12)."""
    o = g.order
    if o is None or o.explored or g.combat is not None or contested(g):
        return ()
    return tuple(t.id for t in g.tiles if not t.explored and units_at(g, t.id, o.player))


def contested(g: Game) -> tuple[str, ...]:
    return tuple(t.id for t in g.tiles if len(owners_at(g, t.id)) > 1)


def explore(g: Game, at: str) -> Outcome:
    """Once per order, an unexplored territory where you have a unit; Ancient Ruins: 2 cards (p.12)."""
    _in(g, "expansion", 0, "Exploring is the optional last step of an order (p.12).")
    o = g.order
    if o is None or g.combat is not None or contested(g):
        raise GameError("at", "Explore during your order, after its combat (p.9, 12).")
    if o.explored:
        raise GameError("at", "You may only Explore once per Order (p.12).")
    t = tile(g, at)
    if t.explored:
        raise GameError("at", f"{tile_name(t, g)} is already explored: each territory may only be explored once per "
                              "game (p.12).")
    if not units_at(g, at, o.player):
        raise GameError("at", f"Explore a territory where you have at least one Unit (p.12); {player_name(g, o.player)} "
                              f"has none on {at}.")
    g = replace(g, tiles=tuple(replace(x, explored=True) if x.id == at else x for x in g.tiles),
                order=replace(o, explored=True))
    cards = 2 if t.kind == "Ancient Ruins" else 1
    return Outcome(g, f"{player_name(g, o.player)} explored {tile_name(t, g)}: draw {cards} Explore card{'s' * (cards > 1)}",
                   ("Ancient Ruins: draw 2 Explore cards and resolve them in any order (p.5, 12)." if cards > 1 else
                    "Read it: a 'hold' card goes to your hand, any other is resolved now (p.12).",
                    "Dice do not explode during the Explore step (p.12)."))


def hold_card(g: Game, player: int, delta: int) -> Outcome:
    """A 'hold' Explore card kept (+1) or played (-1); at most 5 in hand (p.12)."""
    _playing(g)
    now = g.sides[player].explore_hand + delta
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if now > HAND:
        raise GameError("delta", f"{player_name(g, player)} would hold {now} Explore cards: you may have a maximum of "
                                 f"{HAND} in your hand; discard down to {HAND} (p.12).")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} holds no Explore card to play.")
    return Outcome(with_side(g, player, explore_hand=now),
                   f"{player_name(g, player)} {'kept a hold' if delta > 0 else 'played a held'} Explore card ({now} in hand)")


def end_order(g: Game) -> Outcome:
    """Return the Order Token; the next player with a token places an order (p.9, 12)."""
    _in(g, "expansion", 0, "Orders are placed in the Expansion Phase (p.9).")
    o = g.order
    if o is None:
        raise GameError("order", "No order is being resolved.")
    if g.combat is not None or contested(g):
        raise GameError("order", f"Resolve the combat on {g.combat.at if g.combat else contested(g)[0]} first: combat "
                                 "occurs at the end of any movement into another player's units (p.9).")
    g = replace(g, order=None)
    n = len(g.turn_order)
    for k in range(1, n + 1):
        if g.sides[g.turn_order[(g.chooser + k) % n]].orders > 0:
            g = replace(g, chooser=(g.chooser + k) % n)
            return Outcome(g, f"{player_name(g, o.player)} finished the order; {player_name(g, current_player(g))} places the "
                              "next one")
    return Outcome(g, f"{player_name(g, o.player)} finished the order; all Order Tokens are out: tap Next for the "
                      "Management Phase", ("Once all players are out of Order Tokens, the Management Phase begins "
                                           "(p.9, 13).",))


# -- combat (p.9-11) --------------------------------------------------------------------

def stats(g: Game, content: Content, owner: int, kind: str) -> Stats:
    card = content.unit(kind)
    return card.upgraded if kind in g.sides[owner].upgraded else card.standard


def start_combat(g: Game, at: str) -> Outcome:
    """Combat occurs where a move leaves several players; the attacker is the player who moved (p.9, 11)."""
    _in(g, "expansion", 0, "Combat happens during an order (p.9).")
    if g.order is None or g.combat is not None:
        raise GameError("at", "A combat starts after an order's movement, one at a time (p.9).")
    seats = owners_at(g, at)
    if len(seats) < 2:
        raise GameError("at", f"There is no combat on {at}: only one player has units there.")
    seats = tuple(i for i in g.turn_order if i in seats)
    c = Combat(at, g.order.player, seats)
    names = ", ".join(player_name(g, i) for i in seats)
    return Outcome(replace(g, combat=c, last_combat=()),
                   f"Combat on {tile_name(tile(g, at), g)}: {player_name(g, g.order.player)} attacks ({names})",
                   ("Each round: Light Step, assign damage; Heavy and Buildings Step, assign damage; retreat or "
                    "stay; escalation (p.10).",))


def step_units(g: Game, content: Content, c: Combat, owner: int) -> tuple[Units, ...]:
    """The units that attack in this step: Light (not delayed) in the Light Step; Heavy, Buildings and delayed
    Light units in the Heavy and Buildings Step (p.10)."""
    out = []
    for u in units_at(g, c.at, owner):
        light = content.unit(u.kind).classification == "light"
        if c.step == "light" and light and owner not in c.delayed:
            out.append(u)
        if c.step == "heavy" and (not light or owner in c.delayed):
            out.append(u)
    return tuple(out)


def dice_pool(g: Game, content: Content, c: Combat, owner: int) -> dict[str, int]:
    """The attack dice on the unit cards, per unit of each type (p.10)."""
    pool = {color: 0 for color in COLORS}
    for u in step_units(g, content, c, owner):
        for color, n in stats(g, content, owner, u.kind).dice:
            pool[color] += n * u.count
    if c.step == "heavy":  # a Fortress firing in from next door attacks with the Buildings (p.10-11)
        for seat, at in c.firing:
            if seat == owner and count(g, at, owner, "Fortress"):
                for color, n in stats(g, content, owner, "Fortress").dice:
                    pool[color] += n
    return {k: v for k, v in pool.items() if v}


def _before_light_roll(c: Combat, what: str) -> None:
    if c.step != "light" or c.rolled:
        raise GameError("player", f"{what} before the Light Step of a round is rolled (p.10-11).")


def _with_seat(g: Game, c: Combat, player: int) -> Combat:
    seats = set(c.seats) | {player}
    return replace(c, seats=tuple(i for i in g.turn_order if i in seats))


def fortress_fire_options(g: Game) -> tuple[tuple[int, str], ...]:
    """Fortresses next to the combat not yet firing into it: (owner, territory)."""
    c = g.combat
    if c is None or c.step != "light" or c.rolled:
        return ()
    return tuple((u.owner, u.at) for u in g.units if u.kind == "Fortress" and u.at in neighbours(g, c.at)
                 and (u.owner, u.at) not in c.firing)


def fortress_fire(g: Game, player: int, at: str) -> Outcome:
    """A Fortress fires into an adjacent combat: its owner joins it, rolling the Fortress's dice in every Heavy
    and Buildings Step; all players roll together and assign damage in turn order (p.11). The Fortress is not
    in the territory, so it takes no damage (docs/rules.md)."""
    c = _combat(g)
    _before_light_roll(c, "A Fortress starts firing into an adjacent combat")
    if at not in neighbours(g, c.at) or not count(g, at, player, "Fortress"):
        raise GameError("at", f"{player_name(g, player)} has no Fortress on {at} next to the combat on {c.at}: "
                              "Fortresses fire into an adjacent combat (p.11).")
    if (player, at) in c.firing:
        raise GameError("at", f"The Fortress on {at} already fires into this combat.")
    c = _with_seat(g, replace(c, firing=c.firing + ((player, at),)), player)
    line = f"{player_name(g, player)}'s Fortress on {at} fires into the combat on {c.at}"
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (line,)), line,
                   ("Combat with more than 2 players: all players roll simultaneously during each Combat Step; "
                    "assign damage in turn order (p.11).",))


def destroyer_join_options(g: Game) -> tuple[tuple[int, str, int], ...]:
    """Destroyers next to the combat that may join it: (owner, territory, how many)."""
    c = g.combat
    if c is None or c.step != "light" or c.rolled:
        return ()
    return tuple((u.owner, u.at, u.count) for u in g.units if u.kind == "Destroyer" and u.at in neighbours(g, c.at))


def destroyer_join(g: Game, player: int, frm: str, n: int) -> Outcome:
    """Destroyers from an adjacent territory join the combat: they move in and their owner fights too (p.11)."""
    c = _combat(g)
    _before_light_roll(c, "Destroyers join a combat")
    if frm not in neighbours(g, c.at):
        raise GameError("frm", f"{frm} is not next to the combat on {c.at}: Destroyers join a combat from an "
                               "adjacent territory (p.11).")
    if n < 1 or count(g, frm, player, "Destroyer") < n:
        raise GameError("count", f"{player_name(g, player)} has {count(g, frm, player, 'Destroyer')} Destroyer on {frm}, "
                                 f"not {n}.")
    _check_stack(g, c.at, player, n, "count")
    g = _add(_add(g, frm, player, "Destroyer", -n), c.at, player, "Destroyer", n)
    c = _with_seat(g, c, player)
    line = f"{player_name(g, player)}'s {n} Destroyer{'s' * (n > 1)} from {frm} join{'s' * (n == 1)} the combat on {c.at}"
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (line,)), line,
                   ("Combat with more than 2 players: all players roll simultaneously during each Combat Step; "
                    "assign damage in turn order (p.11).",))


def delay_light(g: Game, player: int) -> Outcome:
    c = _combat(g)
    if c.step != "light" or c.rolled:
        raise GameError("player", "Light units are delayed before the Light Step is rolled (p.10).")
    if player not in c.seats or player in c.delayed:
        raise GameError("player", f"{player_name(g, player)} is not in this combat or already delays.")
    return Outcome(replace(g, combat=replace(c, delayed=c.delayed + (player,))),
                   f"{player_name(g, player)} delays all Light units to the Heavy and Buildings Step",
                   ("Any other player may then do the same in response (p.10).",))


def _combat(g: Game) -> Combat:
    if g.combat is None:
        raise GameError("combat", "No combat is being resolved.")
    return g.combat


def chain_hits(die: Die, chain: tuple[int, ...]) -> int:
    """One die as rolled: exploding faces add their number and the die is rolled again (p.10-11)."""
    if not chain:
        raise GameError("dice", f"A {die.name} die has no result.")
    for k, v in enumerate(chain):
        last = k == len(chain) - 1
        faces = [f for f in die.faces if f.value == v and f.critical == (not last)]
        if not faces:
            exploding = any(f.value == v and f.critical for f in die.faces)
            if last and exploding:
                raise GameError("dice", f"A {die.name} {v}* explodes: roll that die again and add it, as {v}*+… "
                                        "(p.10).")
            raise GameError("dice", f"A {die.name} die has no face {v}{'*' if not last else ''} "
                                    f"(faces: {face_list(die)}).")
    return sum(chain)


def face_list(die: Die) -> str:
    return " ".join(f"{f.value}{'*' if f.critical else ''}" for f in die.faces)


def roll_chain(die: Die, rng: random.Random) -> tuple[int, ...]:
    out = []
    while True:
        f = die.roll(rng)
        out.append(f.value)
        if not f.critical:
            return tuple(out)


def show_chain(chain: tuple[int, ...]) -> str:
    return "+".join(f"{v}*" for v in chain[:-1]) + ("+" if len(chain) > 1 else "") + str(chain[-1])


def combat_roll(g: Game, content: Content, rolls: dict[int, dict[str, tuple[tuple[int, ...], ...]]],
                escalation: tuple[tuple[int, ...], ...] = ()) -> Outcome:
    """Everyone with units in the step rolls at once; escalation dice are rolled at the start of every round
    but the first and their hits added to each player's sum in each step (p.10)."""
    c = _combat(g)
    if c.step == "retreat" or c.rolled:
        raise GameError("dice", "Assign the damage rolled, or choose to retreat, before rolling again (p.10).")
    lines = []
    esc = c.escalation_hits
    if esc is None and c.round > 1 and c.escalation:
        if len(escalation) != c.escalation:
            raise GameError("escalation", f"Roll the {c.escalation} green Escalation die{'s' * (c.escalation > 1)} of "
                                          f"the pool, not {len(escalation)} (p.10).")
        esc = sum(chain_hits(content.die("green"), ch) for ch in escalation)
        lines.append(f"Escalation dice: {' '.join(show_chain(ch) for ch in escalation)} = {esc} hits for each player")
    esc = esc or 0
    pending = []
    for seat in c.seats:
        pool = dice_pool(g, content, c, seat)
        given = rolls.get(seat, {})
        total, shown = 0, []
        for color in COLORS:
            chains = given.get(color, ())
            if len(chains) != pool.get(color, 0):
                raise GameError(f"dice_{seat}_{color}", f"{player_name(g, seat)} rolls {pool.get(color, 0)} {color} "
                                                        f"dice in this step, not {len(chains)} (p.10).")
            for ch in chains:
                total += chain_hits(content.die(color), ch)
            if chains:
                shown.append(f"{color} {' '.join(show_chain(ch) for ch in chains)}")
        hits = total + esc
        extra = f" + {esc} escalation" if esc else ""
        lines.append(f"{player_name(g, seat)}: {', '.join(shown) or 'no dice'} = {total}{extra} → {hits} hit"
                     f"{'s' * (hits != 1)}")
        if hits:
            pending.append((seat, hits))
    step = "Light Step" if c.step == "light" else "Heavy and Buildings Step"
    c = replace(c, rolled=True, escalation_hits=esc, pending=tuple(pending))
    g = replace(g, combat=c, last_combat=g.last_combat + (f"Round {c.round}, {step}",) + tuple(lines))
    g = _after_assignments(g)
    return Outcome(g, f"{step} (round {c.round}): " + "; ".join(lines),
                   ("Faces with a * explode: add the number, roll that die again and add it too (p.10-11).",))


def targets(g: Game, dealer: int) -> tuple[Units, ...]:
    c = _combat(g)
    return tuple(u for u in units_at(g, c.at) if u.owner != dealer)


def assign(g: Game, content: Content, owner: int, kind: str) -> Outcome:
    """The next unit to take damage: up to its armor it is destroyed (1 coin to its owner); the last unit, if not
    destroyed, repairs (p.10). With more than 2 players damage is assigned in turn order (p.11)."""
    c = _combat(g)
    if not c.rolled or not c.pending:
        raise GameError("kind", "There is no damage to assign: roll the step first (p.10).")
    dealer, hits = c.pending[0]
    if owner == dealer or count(g, c.at, owner, kind) < 1:
        raise GameError("kind", f"{player_name(g, dealer)} assigns damage to an opponent's unit in {c.at}; "
                                f"{player_name(g, owner)} has no {kind} there.")
    armor = stats(g, content, owner, kind).armor
    syndicate = faction_of(g, c.attacker) == SYNDICATE and owner != c.attacker
    if hits >= armor:
        g = _add(g, c.at, owner, kind, -1)
        g = with_side(g, owner, coins=g.sides[owner].coins + 1)
        taken = ""
        if syndicate:
            g = _hold_hostage(g, c.attacker, owner, kind)
            taken = f"; taken hostage by {player_name(g, c.attacker)} (p.16)"
        line = (f"{player_name(g, dealer)} deals {armor} to {player_name(g, owner)}'s {kind} (armor {armor}): destroyed, "
                f"{player_name(g, owner)} +1 coin{taken}")
        hits -= armor
        c = replace(c, destroyed=c.destroyed + 1)
    else:
        line = (f"{player_name(g, dealer)} deals {hits} to {player_name(g, owner)}'s {kind} (armor {armor}): not destroyed, "
                "the damage repairs")
        hits = 0
    rest = ((dealer, hits),) if hits and any(u.owner != dealer for u in units_at(g, c.at)) else ()
    c = replace(c, pending=rest + c.pending[1:])
    g = replace(g, combat=c, last_combat=g.last_combat + (line,))
    g = _after_assignments(g)
    return Outcome(g, line, ("Assign damage unit by unit up to its Armor; remove destroyed units; all players "
                             "collect 1 Coin per Unit of theirs destroyed (p.10).",))


def _hold_hostage(g: Game, holder: int, owner: int, kind: str) -> Game:
    held = dict(((o, k), n) for o, k, n in g.sides[holder].hostages)
    held[(owner, kind)] = held.get((owner, kind), 0) + 1
    return with_side(g, holder, hostages=tuple((o, k, n) for (o, k), n in sorted(held.items())))


def _after_assignments(g: Game) -> Game:
    """Drop dealers with nobody left to hit; when all damage is assigned, the next step."""
    c = g.combat
    c = replace(c, pending=tuple((d, h) for d, h in c.pending if any(u.owner != d for u in units_at(g, c.at))))
    g = replace(g, combat=c)
    if c.pending:
        return g
    if len(owners_at(g, c.at)) < 2:
        return _end_combat(g)
    if c.step == "light":
        return replace(g, combat=replace(c, step="heavy", rolled=False))
    return replace(g, combat=replace(c, step="retreat", rolled=False, retreat_next=0))


def retreat_order(g: Game) -> tuple[int, ...]:
    """The attacker first, then the others (p.11); only players with airships there choose."""
    c = _combat(g)
    seats = (c.attacker,) + tuple(i for i in c.seats if i != c.attacker)
    return tuple(i for i in seats if airships(g, c.at, i))


def retreat_choices(g: Game, player: int) -> tuple[str, ...]:
    """Adjacent territories without enemy units, not another player's Stronghold, within the stacking limit (p.11)."""
    c = _combat(g)
    n = airships(g, c.at, player)
    out = []
    for t in neighbours(g, c.at):
        x = tile(g, t)
        limit = stack_limit(g, t, player)
        if _enemy(g, t, player) or (x.stronghold is not None and x.stronghold != player):
            continue
        if limit is not None and airships(g, t, player) + n > limit:
            continue
        out.append(t)
    return tuple(out)


def retreat(g: Game, player: int, to: str | None) -> Outcome:
    """Retreat all airships to an adjacent territory without enemy units, or stay; buildings stay (p.11)."""
    c = _combat(g)
    if c.step != "retreat":
        raise GameError("to", "Players choose to retreat or stay after both steps of a round (p.10).")
    order = retreat_order(g)
    if c.retreat_next >= len(order) or order[c.retreat_next] != player:
        who = player_name(g, order[c.retreat_next]) if c.retreat_next < len(order) else "nobody"
        raise GameError("to", f"It is {who}'s choice now: the Attacker chooses first, then the Defender (p.11).")
    if to is None:
        g = replace(g, combat=replace(c, retreat_next=c.retreat_next + 1))
        line = f"{player_name(g, player)} stays"
    else:
        if to not in retreat_choices(g, player):
            raise GameError("to", f"{player_name(g, player)} cannot retreat to {to}: retreat to an adjacent territory that "
                                  "does not contain enemy Units (p.11).")
        for u in units_at(g, c.at, player):
            if u.kind not in BUILDINGS:
                g = _add(_add(g, c.at, player, u.kind, -u.count), to, player, u.kind, u.count)
        line = f"{player_name(g, player)} retreats all airships to {tile_name(tile(g, to), g)}"
        g = replace(g, combat=replace(c, retreat_next=c.retreat_next))
    g = replace(g, last_combat=g.last_combat + (line,))
    c = g.combat
    if len(owners_at(g, c.at)) < 2:
        return Outcome(_end_combat(g), line + "; the combat is over")
    if c.retreat_next < len(retreat_order(g)):
        return Outcome(g, line)
    return _next_round(g, line)


def _next_round(g: Game, line: str) -> Outcome:
    c = g.combat
    reasons = ()
    escalation = c.escalation
    if c.destroyed == 0:
        escalation += 1
        reasons = ("No unit was destroyed this round: a green die is added to the Escalation Dice Pool (p.11).",)
    c = replace(c, round=c.round + 1, step="light", rolled=False, escalation=escalation, escalation_hits=None,
                destroyed=0, retreat_next=0, delayed=())
    note = f"Round {c.round} of the combat" + (f": {escalation} escalation die{'s' * (escalation > 1)}"
                                                 if escalation else "")
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (note,)), f"{line}; {note}", reasons)


def _end_combat(g: Game) -> Game:
    """The attacker earns 1 VP if any of its units remain (p.11, 14)."""
    c = g.combat
    left = owners_at(g, c.at)
    if left == (c.attacker,):
        g = with_side(g, c.attacker, vp=g.sides[c.attacker].vp + 1)
        line = f"Combat over: {player_name(g, c.attacker)} (the Attacker) remains and earns 1 VP (p.11)"
    elif left:
        line = f"Combat over: {player_name(g, left[0])} holds the territory; the Defender earns no VP (p.14)"
    else:
        line = "Combat over: no units remain; nobody earns VP (p.11)"
    return replace(g, combat=None, last_combat=g.last_combat + (line,))


# -- Management (p.13) --------------------------------------------------------------------

@dataclass(frozen=True)
class Mine:
    coins: int
    crystals: int
    lines: tuple[str, ...]


def mine_report(g: Game, i: int) -> Mine:
    """10 for the Stronghold, the territories you control by type, all Crystals where you have units (p.13)."""
    lines, coins = [], 0
    if stronghold_of(g, i):
        coins += STRONGHOLD_COINS
        lines.append(f"Stronghold {STRONGHOLD_COINS}")
    for t in controls(g, i):
        if t.kind in MINED and t.stronghold is None:
            coins += MINED[t.kind]
            lines.append(f"{t.kind} {t.id} {MINED[t.kind]}")
    crystals = tuple(t.id for t in g.tiles if t.crystal and units_at(g, t.id, i))
    if crystals:
        lines.append(f"Crystals on {', '.join(crystals)}")
    return Mine(coins, len(crystals), tuple(lines))


def _apply_mine(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    for i in g.turn_order:
        m = mine_report(g, i)
        s = g.sides[i]
        g = with_side(g, i, coins=s.coins + m.coins, crystals=s.crystals + m.crystals)
        mined = {t.id for t in g.tiles if t.crystal and units_at(g, t.id, i)}
        g = replace(g, tiles=tuple(replace(t, crystal=False) if t.id in mined else t for t in g.tiles))
        reasons.append(f"{player_name(g, i)}: {m.coins} coins, {m.crystals} crystal{'s' * (m.crystals != 1)} "
                       f"({'; '.join(m.lines)}) (p.13).")
    return g, tuple(reasons)


def buy_vp(g: Game, content: Content, player: int, option: int) -> Outcome:
    """Choose up to one option and complete it once, once per round (p.13-14)."""
    _in(g, "management", 1, "Victory Points are bought in the Buy Victory Points step of the Management "
                            "Phase (p.13).")
    if not 0 <= option < len(content.buy_vp):
        raise GameError("option", "Choose one of the Buy Victory Points options.")
    s = g.sides[player]
    if s.bought_round == g.round:
        raise GameError("option", f"{player_name(g, player)} already bought Victory Points this round: choose up to one "
                                  "option and complete it once (p.13); once per round (p.14).")
    b = content.buy_vp[option]
    have = getattr(s, b.pay)
    if have < b.amount:
        raise GameError("option", f"{player_name(g, player)} has {have} {b.pay}; {b.vp} VP costs {b.amount} {b.pay}.")
    g = with_side(g, player, **{b.pay: have - b.amount}, vp=s.vp + b.vp, bought_round=g.round)
    return Outcome(g, f"{player_name(g, player)} spent {b.amount} {b.pay} for {b.vp} VP (now {s.vp + b.vp})")


def exchange(g: Game, player: int, crystals: int) -> Outcome:
    """Mining Corp Coalition: convert freely between coins and crystals, 4 coins to 1 crystal (p.16)."""
    _playing(g)
    if faction_of(g, player) != COALITION:
        raise GameError("crystals", f"Only the {COALITION} converts coins and crystals (p.16).")
    if crystals == 0:
        raise GameError("crystals", "A change of 0 changes nothing.")
    s = g.sides[player]
    if crystals > crystals_in_box(g):
        raise GameError("crystals", f"The box holds {crystals_in_box(g)} Crystals (25 in all, p.3).")
    coins = s.coins - EXCHANGE * crystals
    if coins < 0 or s.crystals + crystals < 0:
        raise GameError("crystals", f"{player_name(g, player)} has {s.coins} coins and {s.crystals} crystals: not enough "
                                    f"(4 coins = 1 crystal, p.16).")
    g = with_side(g, player, coins=coins, crystals=s.crystals + crystals)
    return Outcome(g, f"{player_name(g, player)} exchanged {abs(crystals) * EXCHANGE} coins "
                      f"{'for' if crystals > 0 else 'from'} {abs(crystals)} crystal{'s' * (abs(crystals) > 1)}")


def decide_winner(g: Game) -> Verdict | None:
    """At Check Win: anyone at 20+ ends the game; most VP wins, a tie goes to the earliest in turn order (p.14)."""
    vps = {i: g.sides[i].vp for i in g.turn_order}
    if max(vps.values()) < WIN_VP:
        return None
    best = max(vps.values())
    tied = [i for i in g.turn_order if vps[i] == best]
    how = [f"Check Win Condition: {', '.join(f'{player_name(g, i)} {vps[i]} VP' for i in g.turn_order)} (p.13).",
           f"At least one player has {WIN_VP} or more VP: the game is over (p.14)."]
    if len(tied) > 1:
        how.append(f"{' and '.join(player_name(g, i) for i in tied)} tie at {best}: the tied player earliest in the turn "
                   f"order wins (p.14).")
    how.append(f"{player_name(g, tied[0])} wins with {best} VP.")
    return Verdict(tied[0], tuple(how))


def claim_objective(g: Game, player: int, vp: int) -> Outcome:
    """Claim a Secondary Objective when its requirement is met, not during an active order (p.14)."""
    _playing(g)
    if g.order is not None:
        raise GameError("vp", "An active Order must be finished resolving before you claim a Secondary Objective "
                              "(p.14).")
    s = g.sides[player]
    if s.objectives < 1:
        raise GameError("vp", f"{player_name(g, player)} holds no Secondary Objective card.")
    if not 1 <= vp <= 9:
        raise GameError("vp", "Enter the Victory Points printed on the card.")
    g = with_side(g, player, objectives=s.objectives - 1, claimed=s.claimed + 1, vp=s.vp + vp)
    return Outcome(g, f"{player_name(g, player)} claimed a Secondary Objective: +{vp} VP (now {s.vp + vp})")


def draw_objectives(g: Game, player: int, discard: int) -> Outcome:
    """Once in the step: draw 1, or discard some and draw as many; a hand of at most 5 (p.13)."""
    _in(g, "management", 3, "Secondary Objectives are drawn in their step of the Management Phase (p.13).")
    s = g.sides[player]
    if not may_draw(g, player):
        raise GameError("discard", f"{player_name(g, player)} has drawn Secondary Objectives this round: each player "
                                   "either draws 1, or discards and draws that many, once (p.13).")
    if not 0 <= discard <= s.objectives:
        raise GameError("discard", f"{player_name(g, player)} holds {s.objectives} Secondary Objective cards.")
    now = s.objectives + (0 if discard else 1)
    if now > HAND:
        raise GameError("discard", f"A maximum hand of {HAND} Secondary Objective cards (p.13): discard first.")
    what = f"discarded and drew {discard}" if discard else "drew 1"
    return Outcome(replace(with_side(g, player, objectives=now), applied=g.applied + (f"drew:{player}",)),
                   f"{player_name(g, player)} {what} Secondary Objective card{'s' * (discard > 1)} ({now} in hand)")


def may_draw(g: Game, player: int) -> bool:
    return f"drew:{player}" not in g.applied


def discoveries(g: Game, content: Content, player: int) -> tuple[str, ...]:
    """The Discoveries a player has: the dashboard's starting one (p.7) and those taken (p.13)."""
    info = content.faction(faction_of(g, player) or "")
    start = (info.starting_discovery,) if info and info.starting_discovery else ()
    return start + g.sides[player].discoveries


def discoverer(g: Game) -> int | None:
    """Who takes a Discovery now: the first in turn order who has not taken (or passed) this round (p.13)."""
    return next((i for i in g.turn_order if f"discovery:{i}" not in g.applied), None)


def take_discovery(g: Game, content: Content, player: int, name: str, upgrade: str | None) -> Outcome:
    """In turn order one Discovery each, never one you have, the starting one included; a unit upgrade flips
    its card (p.13). An empty name passes (none of the flipped cards is new to you)."""
    _in(g, "management", 4, "Discoveries are taken in the Discovery step (p.13).")
    turn = discoverer(g)
    if turn is None:
        raise GameError("name", "Everyone has taken a Discovery this round: one each, in turn order (p.13). Tap Next.")
    _expect(g, player, turn, "select a Discovery", "player")
    name = " ".join(name.split())
    s = g.sides[player]
    if not name:
        return Outcome(replace(g, applied=g.applied + (f"discovery:{player}",)),
                       f"{player_name(g, player)} takes no Discovery this round")
    have = next((d for d in discoveries(g, content, player) if d.casefold() == name.casefold()), None)
    if have is not None:
        raise GameError("name", f"{player_name(g, player)} already has {have}: you may never gain a Discovery that you "
                                "already have, the starting one included (p.13).")
    if upgrade is not None and upgrade not in UNITS:
        raise GameError("upgrade", f"There is no unit {upgrade!r}.")
    g = with_side(g, player, discoveries=s.discoveries + (name,),
                  upgraded=s.upgraded + ((upgrade,) if upgrade and upgrade not in s.upgraded else ()))
    g = replace(g, applied=g.applied + (f"discovery:{player}",))
    flip = f"; the {upgrade} card flips to its upgraded side" if upgrade else ""
    return Outcome(g, f"{player_name(g, player)} took the Discovery {name}{flip}")


def builder(g: Game) -> int:
    return g.turn_order[min(g.chooser, len(g.turn_order) - 1)]


def build_cost(g: Game, content: Content, player: int, kind: str) -> tuple[int, int]:
    """Coins and crystals from the unit card; Outposts 1 coin less per Forest you control, min 1 (p.5)."""
    s = stats(g, content, player, kind)
    coins = s.coins
    if kind == "Outpost":
        forests = sum(1 for t in controls(g, player) if t.kind == "Forest")
        coins = max(1, coins - forests)
    return coins, s.crystals


def build_unit(g: Game, content: Content, player: int, at: str, kind: str, n: int = 1) -> Outcome:
    """Build in turn order at your Buildings; within the pieces of your color and the stacking limit (p.13)."""
    _in(g, "management", 5, "Units are built in the Build step of the Management Phase (p.13).")
    if g.chooser >= len(g.turn_order):
        raise GameError("kind", "Everyone has finished building: tap Next.")
    if builder(g) != player:
        raise GameError("player", f"Players build in Turn Order: it is {player_name(g, builder(g))}'s turn (p.13).")
    content.unit(kind)
    if n < 1:
        raise GameError("count", "Build at least 1 unit.")
    if in_supply(g, player, kind) < n:
        raise GameError("kind", f"{player_name(g, player)} has {in_supply(g, player, kind)} {kind} left in the supply: you "
                                "may not build more Units than there are pieces of that Unit type (p.13).")
    t = tile(g, at)
    mine = {u.kind for u in units_at(g, at, player)}
    if _enemy(g, at, player):
        raise GameError("at", f"{at} holds enemy units: build where you control the territory (p.13).")
    done = dict(g.built).get(at, 0)
    new = dict(g.founded).get(at)
    if new == "Outpost":
        raise GameError("at", f"{tile_name(t, g)}: the Outpost there was built this step: you cannot build Units at "
                              "new Outposts (p.13).")
    if kind == "Outpost":
        if "Engineer" not in mine or mine & set(BUILDINGS) or t.stronghold is not None:
            raise GameError("at", "Outposts can be built anywhere you have an Engineer, one Building per "
                                  "territory (p.13).")
    elif kind == "Fortress":
        if "Outpost" not in mine or "Engineer" not in mine:
            raise GameError("at", "A Fortress replaces an Outpost you control where you have at least one "
                                  "Engineer (p.13).")
    else:
        if t.stronghold == player:
            cap = None if faction_of(g, player) == CINDAR else STACK
        elif "Fortress" in mine:
            # "can only build 1 at an Outpost that is being upgraded to a Fortress" (p.13)
            cap = 1 if new == "Fortress" else FORTRESS_BUILDS
        elif "Outpost" in mine and kind == "Engineer":
            cap = OUTPOST_ENGINEERS
        else:
            raise GameError("at", f"{kind}: airships are built at your Stronghold (up to 5) or a Fortress (2); "
                                  "Engineers also at an Outpost (2) (p.13).")
        if cap is not None and done + n > cap:
            raise GameError("count", f"{tile_name(t, g)} builds up to {cap} this step; {done} already (p.13).")
        _check_stack(g, at, player, n, "count")
    coins, crystals = build_cost(g, content, player, kind)
    s = g.sides[player]
    if s.coins < coins * n or s.crystals < crystals * n:
        raise GameError("kind", f"{n} {kind} cost{'s' * (n == 1)} {coins * n} coins"
                                f"{f' and {crystals * n} crystals' if crystals else ''}; {player_name(g, player)} has "
                                f"{s.coins} coins and {s.crystals} crystals (p.13).")
    g = with_side(g, player, coins=s.coins - coins * n, crystals=s.crystals - crystals * n)
    if kind == "Fortress":
        g = _add(g, at, player, "Outpost", -1)
    g = _add(g, at, player, kind, n)
    if kind not in BUILDINGS:
        g = replace(g, built=tuple((a, k) for a, k in g.built if a != at) + ((at, done + n),))
    else:
        g = replace(g, founded=g.founded + ((at, kind),))
    return Outcome(g, f"{player_name(g, player)} built {n} {kind} on {tile_name(t, g)} for {coins * n} coins"
                      f"{f' and {crystals * n} crystals' if crystals else ''}")


def finish_building(g: Game, player: int) -> Outcome:
    """The next player builds; the Coalition ends with a free Outpost wherever it has an Engineer and no
    Building (p.16)."""
    _in(g, "management", 5, "Units are built in the Build step of the Management Phase (p.13).")
    if g.chooser >= len(g.turn_order) or builder(g) != player:
        raise GameError("player", "Players build in Turn Order (p.13).")
    reasons = []
    if faction_of(g, player) == COALITION:
        for t in g.tiles:
            kinds = {u.kind for u in units_at(g, t.id, player)}
            if ("Engineer" in kinds and not kinds & set(BUILDINGS) and t.stronghold is None
                    and not _enemy(g, t.id, player) and in_supply(g, player, "Outpost") > 0):
                g = _add(g, t.id, player, "Outpost", 1)
                reasons.append(f"{COALITION}: a free Outpost on {t.id} (p.16).")
    g = replace(g, chooser=g.chooser + 1, built=(), founded=())
    return Outcome(g, f"{player_name(g, player)} finished building", tuple(reasons))


def ransom(g: Game, player: int) -> Outcome:
    """At the start of the Build step, pay the Syndicate 4 coins to return all your hostages (p.16)."""
    _in(g, "management", 5, "Hostages are ransomed at the start of the Build step (p.16).")
    holder = next((i for i, p in enumerate(g.players) if p.faction == SYNDICATE), None)
    held = [h for h in g.sides[holder].hostages if h[0] == player] if holder is not None else []
    if not held:
        raise GameError("player", f"The {SYNDICATE} holds none of {player_name(g, player)}'s units.")
    if g.sides[player].coins < RANSOM:
        raise GameError("player", f"A ransom costs {RANSOM} coins; {player_name(g, player)} has {g.sides[player].coins}.")
    g = with_side(g, player, coins=g.sides[player].coins - RANSOM)
    g = with_side(g, holder, coins=g.sides[holder].coins + RANSOM,
              hostages=tuple(h for h in g.sides[holder].hostages if h[0] != player))
    return Outcome(g, f"{player_name(g, player)} paid {RANSOM} coins to {player_name(g, holder)}: "
                      f"{sum(h[2] for h in held)} hostage units return to the supply")


def adjust(g: Game, player: int, what: str, delta: int) -> Outcome:
    """Coins, crystals or VP from a card; VP are permanent and never lost (p.14)."""
    _playing(g)
    if what not in ("vp", "coins", "crystals"):
        raise GameError("what", "Choose VP, coins or crystals.")
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if what == "vp" and delta < 0:
        raise GameError("delta", "All Victory Points earned are permanent and cannot be lost (p.14).")
    now = getattr(g.sides[player], what) + delta
    if what == "crystals" and delta > crystals_in_box(g):
        raise GameError("delta", f"The box holds {crystals_in_box(g)} Crystals (25 in all, p.3).")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} has {now - delta} {what}; not {-delta} to lose.")
    label = "VP" if what == "vp" else what
    return Outcome(with_side(g, player, **{what: now}), f"{player_name(g, player)}: {label} {delta:+d} (now {now})")


def _playing(g: Game) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")


# -- the stepper -------------------------------------------------------------------------------

def current_step(g: Game) -> Step:
    if g.stage == "setup":
        return Step(0, "Set-up", "Dashboards and board", "Dashboards dealt at random, the board dealt from the tile "
                    "table, 2 Secondary Objectives each; Begin for the Arrival (p.5-8).", ("Set-up",) + PHASES)
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    step = STEPS[g.phase][g.step]
    text = _instruction(g)
    return Step(g.round, phase, step, text, PHASES)


def _instruction(g: Game) -> str:
    n = len(g.players)
    if g.phase == "arrival":
        seats = arrival_order(g)
        if g.chooser < n:
            what = ("place a Stronghold: not within 2 tiles of another, not on a Crystal Deposit"
                    if g.step == 0 else "place an Outpost on an unoccupied tile, not a Crystal Deposit")
            return f"{player_name(g, seats[g.chooser])}: {what} (p.8)."
        return "Everyone has an Outpost: Next begins round 1 (p.8)."
    if g.phase == "preparation":
        if g.step == 0:
            if g.round == 1:
                return "Round 1: the turn order stays as in the Arrival (p.8). Next."
            if g.chooser < n:
                return (f"{player_name(g, choosing_order(g)[g.chooser])} chooses a position: fewest VP first, ties to the "
                        "earlier in turn order (p.8).")
            return "Turn order chosen: Next spawns crystals (p.8)."
        if not g.spawn_rolled:
            return "One Crystal on each Crystal Deposit, then roll 2 blue dice for more (p.8)."
        if g.crystals_left:
            return f"{player_name(g, crystal_placer(g))} places a Crystal ({g.crystals_left} left), in turn order (p.8)."
        return "All Crystals placed: Next for the Expansion Phase (p.9)."
    if g.phase == "expansion":
        if g.combat:
            return f"Combat on {g.combat.at}, round {g.combat.round} (p.10)."
        if g.order:
            return (f"{player_name(g, g.order.player)}'s order on {g.order.at}: move to or from it, fight, explore once, "
                    "then finish the order (p.9).")
        if any(s.orders for s in g.sides):
            return f"{player_name(g, current_player(g))} places an order (p.9)."
        return "All Order Tokens are out: Next for the Management Phase (p.13)."
    texts = ("Mine: 10 for the Stronghold, each controlled territory by type, Crystals where you have units (p.13).",
             "Each player may buy Victory Points once: one option, once (p.13).",
             "Check Win Condition: anyone at 20+ VP ends the game (p.13-14).",
             "Each player draws 1 Secondary Objective, or discards and draws as many (p.13).",
             f"Flip {n + 1} Discovery cards; in turn order each takes one (p.13).",
             (f"{player_name(g, builder(g))} builds (turn order) (p.13)." if g.chooser < n else
              "Everyone has built: Next begins the next round."))
    text = texts[g.step]
    if g.step == 0 and "mine" in g.applied:
        text += " Already applied this round: Next moves on."
    return text


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return Outcome(replace(g, stage="play", phase="arrival", step=0, chooser=0),
                       f"The Arrival: {player_name(g, g.turn_order[0])} is the random first player",
                       ("Randomly choose the first player for the Arrival; play proceeds clockwise (p.8).",))
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    n = len(g.players)
    if g.phase == "arrival":
        if g.step == 0 or g.chooser < n:
            raise GameError("step", "Every player places a Stronghold, then an Outpost, first (p.8).")
        return _new_round(g, 1)
    if g.phase == "preparation":
        if g.step == 0:
            if g.round > 1 and g.chooser < n:
                raise GameError("step", "Every player chooses a position in the turn order first (p.8).")
            return Outcome(replace(g, step=1, chooser=0, spawn_rolled=False, crystals_left=0),
                           "Spawn Crystals")
        if not g.spawn_rolled or g.crystals_left:
            raise GameError("step", "Roll the 2 blue dice and place every Crystal first (p.8).")
        g = replace(g, phase="expansion", step=0, chooser=0,
                    sides=tuple(replace(s, orders=ORDERS) for s in g.sides))
        return Outcome(g, f"Expansion Phase: {player_name(g, current_player(g))} places the first order",
                       ("Put your 3 Order Tokens on your dashboard (p.9).",))
    if g.phase == "expansion":
        if g.order is not None or any(s.orders for s in g.sides):
            raise GameError("step", "The Management Phase begins once all players have placed all 3 orders "
                                    "(p.9, 13).")
        return Outcome(replace(g, phase="management", step=0), "Management Phase: Mine")
    return _management_next(g)


def _management_next(g: Game) -> Outcome:
    n = len(g.players)
    names = STEPS["management"]
    if g.step == 0:
        reasons = ("Already mined this round; nothing applied twice.",)
        if "mine" not in g.applied:
            g, reasons = _apply_mine(g)
            g = replace(g, applied=g.applied + ("mine",))
        return Outcome(replace(g, step=1), "Mine: " + " ".join(r.split(" (")[0] for r in reasons), reasons)
    if g.step == 2:
        v = decide_winner(g)
        if v is not None:
            return Outcome(replace(g, stage="over", verdict=v), "Check Win: the game is over", v.how)
        return Outcome(replace(g, step=3), "Check Win: nobody has 20 VP; the game goes on",
                       ("20 VP are checked only here (p.14).",))
    if g.step == 4:
        return Outcome(replace(g, step=5, chooser=0, built=(), founded=()), f"Build: {player_name(g, g.turn_order[0])} builds first")
    if g.step == 5:
        if g.chooser < n:
            raise GameError("step", f"{player_name(g, builder(g))} is still building: players build in Turn Order (p.13).")
        return _new_round(g, g.round + 1)
    return Outcome(replace(g, step=g.step + 1), f"{names[g.step]} done")


def _new_round(g: Game, round_no: int) -> Outcome:
    g = replace(g, round=round_no, phase="preparation", step=0, chooser=0, applied=(), built=(), founded=(),
                new_order=tuple(-1 for _ in g.players), spawn_rolled=False, crystals_left=0)
    return Outcome(g, f"Round {round_no}: Preparation Phase",
                   ("Skip the turn order in the first round (p.8).",) if round_no == 1 else
                   ("From the fewest VP, each chooses a position in the turn order (p.8).",))


def back_step(g: Game) -> Outcome:
    """Back one step, into the previous phase too, while nothing was done in this one; what a step applied
    stays (the Mine is never collected twice) and Undo reverses it."""
    if g.stage != "play":
        raise GameError("step", "The game is over." if g.stage == "over" else "The game has not begun.")
    n = len(g.players)
    if g.phase == "management":
        if g.step > 0:
            return Outcome(replace(g, step=g.step - 1), f"Back to {STEPS['management'][g.step - 1]}")
        return Outcome(replace(g, phase="expansion", step=0), "Back to the Expansion Phase: all Order Tokens are out")
    if g.phase == "expansion":
        if g.order is not None or any(s.orders != ORDERS for s in g.sides):
            raise GameError("step", "Orders were placed in this Expansion Phase: use Undo to take them back.")
        return Outcome(replace(g, phase="preparation", step=1), "Back to Spawn Crystals")
    if g.phase == "preparation":
        if g.step == 1:
            if g.spawn_rolled:
                raise GameError("step", "The Crystals were spawned: use Undo to take them back.")
            return Outcome(replace(g, step=0, chooser=n if g.round > 1 else 0), "Back to Turn order")
        if g.chooser > 0 and g.round > 1:
            raise GameError("step", "Positions in the turn order were chosen: use Undo to take them back.")
        if g.round == 1:
            return Outcome(replace(g, phase="arrival", step=1, chooser=n, round=0), "Back to the Arrival")
        return Outcome(replace(g, round=g.round - 1, phase="management", step=5, chooser=n, applied=("mine",)),
                       f"Back to round {g.round - 1}: Build")
    raise GameError("step", "This is the start of the game; use Undo to take back placements.")


# -- the score panel ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    seat: int
    name: str
    color: str
    faction: str | None
    vp: int
    coins: int
    crystals: int
    orders: int
    objectives: int
    claimed: int
    discoveries: int
    explore_hand: int
    position: int


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(i, p.name, p.color, p.faction, s.vp, s.coins, s.crystals, s.orders, s.objectives, s.claimed,
                       len(s.discoveries), s.explore_hand, g.turn_order.index(i) + 1)
                 for i, (p, s) in ((i, (g.players[i], g.sides[i])) for i in g.turn_order))

"""Suriya 162 (suriya-162-rulebook.txt) — set-up, the three phases of a turn, terrain combat, bases.

The rulebook has no page numbers, so reasons cite its sections: Game Setup (A1-A9, the terrain
draft B1-B4, C1-C5), Objective of the Game, Game Phases (1 Upkeep, 2 Action, 3 Income; Combat
steps 1-7; Limitations and Constraints), Command Tokens, Building a Base, Exhaust Tokens,
Deck-Building Rules and Locations. Terrain modifiers, unit hit points and the dice faces come
from data/suriya-162/ (`Content`); the dice faces are not in the text and are marked unverified.
Readings of open questions: docs/rules.md, "Suriya 162".
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..codec import ADDED, state_codec
from ..hexgrid import DIRECTIONS, Hex
from ..hexgrid import distance as hex_distance
from ..hexgrid import neighbours as hex_neighbours
from .frame import (
    GameError, Outcome, Player, Step, Verdict, player_name, players, verdict, with_side,
)

KEY = "suriya-162"
TITLE = "Suriya 162"
FORMAT = "suriya-162-game/1"

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAYERS_RANGE = (MIN_PLAYERS, MAX_PLAYERS)
START = {2: ((3, 2), (5, 4)), 3: ((3, 1), (4, 2), (5, 3)), 4: ((3, 1), (4, 2), (5, 3), (6, 4))}  # A9: (cards, minerals)
INCOME = {1: (2, 3), 2: (3, 3), 3: (3, 4), 4: (4, 4)}  # 3.3: bases -> (minerals, cards)
HAND_LIMIT = 6  # Deck-Building Rules 3
SQUAD_LIMIT = 6  # Limitations 2
BASE_HP = 3  # Building a Base
BASE_TOKENS = 3  # A3: 3 Base Tokens on the Faction Cover
COMMAND_START = 2  # A6
BASES_TO_WIN = 4  # Objective: begins a turn with 4 Bases on the map
DRAFT_SHOWN = 5  # B2
TILES_EACH = 3  # C2
KINDS = ("BU", "EU", "GU")  # the damage order, 6.1-6.3
GAIN_FROM = {"faction": "the Faction Technology", "central": "the Central Cards"}  # 3.2
PHASES = ("Upkeep", "Action", "Income")
PHASE_KEYS = ("upkeep", "action", "income")
SETUP_STEPS = ("First player", "Factions", "Terrain")
HEADQUARTER = "Headquarter"
# Combat 7, Bonuses by Type: what a Player Tray slot gives when a destroyed unit comes back to it.
BONUSES = {"mineral": "Gain 1 Mineral", "draw_discard": "Draw 1 card, then discard 1 card",
           "burn": "Burn 1 card (from your hand or discard pile)", "unique": "Trigger the unique effect of your faction"}


# -- content (data/suriya-162/, validated at start-up) -------------------------------------------

@dataclass(frozen=True)
class Terrain:
    name: str
    attack: int = 0
    defend: int = 0
    min_units: int = 0  # the bonus needs a squad of at least this many units (Desert: 5)
    defend_zero: bool = False  # Lagoon: the Defend value of squads here is 0
    ignores_target_bonuses: bool = False  # Plateau
    discard_to_enter: int = 0
    highest_tray: bool = False  # Plateau tiles always go on the highest Terrain Tray (B4)
    hidden: bool = False  # Forest: Squads here take no damage from effects outside combat (Locations)
    tiles: int = 0  # how many tiles of it in the box's terrain mix (0: not a drawable tile)
    verified: bool = False


@dataclass(frozen=True)
class Symbols:
    """One die face, or a roll: counts of Damage, Defend (V) and Tactic (T) symbols."""
    damage: int = 0
    defend: int = 0
    tactic: int = 0

    def __post_init__(self):
        for name in ("damage", "defend", "tactic"):
            if getattr(self, name) < 0:
                raise GameError(name, f"A roll shows no negative number of symbols: {name} {getattr(self, name)}.")

    def __add__(self, other: "Symbols") -> "Symbols":
        return Symbols(self.damage + other.damage, self.defend + other.defend, self.tactic + other.tactic)

    def __sub__(self, other: "Symbols") -> "Symbols":
        return Symbols(self.damage - other.damage, self.defend - other.defend, self.tactic - other.tactic)

    @property
    def label(self) -> str:
        return f"{self.damage} Damage, {self.defend} V, {self.tactic} T"


@dataclass(frozen=True)
class SymbolDie:
    name: str  # basic / elite / general / attacker
    faces: tuple[Symbols, ...]
    verified: bool = False

    def roll(self, rng: random.Random | None = None) -> Symbols:
        return (rng or random.SystemRandom()).choice(self.faces)


@dataclass(frozen=True)
class Content:
    terrains: tuple[Terrain, ...]
    dice: tuple[SymbolDie, ...]
    hp: tuple[tuple[str, int | None], ...]  # BU 1, EU 2, GU None (from its card)
    factions: tuple[str, ...]
    # The Player Tray's BU and EU slots, left to right, each with its bonus (a BONUSES key) or None. Empty: the
    # tray is not tracked, so running out is not checked and slot bonuses are not applied.
    tray: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    def slots(self, kind: str) -> tuple[str | None, ...] | None:
        return dict(self.tray).get(kind)

    def terrain(self, name: str) -> Terrain | None:
        return next((t for t in self.terrains if t.name == name), None)

    def die(self, name: str) -> SymbolDie:
        return next(d for d in self.dice if d.name == name)

    def unit_hp(self, kind: str) -> int | None:
        return dict(self.hp).get(kind)

    def tiles(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.terrains for _ in range(t.tiles))


# -- state ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    kind: str  # BU / EU / GU
    hp: int
    name: str = ""  # a General's name
    converted: bool = False  # changed or converted: no tray bonus when destroyed (Combat 7)


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    terrain: str
    high: bool = False  # on a higher Terrain Tray: a one-die re-roll in combat (Combat 1)
    owner: int | None = None
    units: tuple[Unit, ...] = ()
    base: int = 0  # hit points left on a Base here; 0: no Base
    headquarter: bool = False  # the player's Headquarter base: the main Base (2 players)
    command: bool = False
    exhaust: int = 0
    # where the tile lies on the map (an axial hex, companion/hexgrid.py); None in games begun before the map
    # was drawn, whose spaces are all taken as adjacent
    at: tuple[int, int] | None = field(default=None, repr=False, metadata=ADDED)


@dataclass(frozen=True)
class ContinueCard:
    name: str
    cost: int  # the Mineral cost paid in each Upkeep Phase
    kept_turn: int  # the turn it was played or last kept


@dataclass(frozen=True)
class Side:
    minerals: int = 0
    hand: int = 0
    bases_built: int = 0  # Base tokens taken from the Faction Cover to the map
    headquarters_destroyed: int = 0  # enemy Headquarters this player destroyed (3-4 players)
    continuing: tuple[ContinueCard, ...] = ()


@dataclass(frozen=True)
class Draft:
    """The two-player terrain draft (B2-B4), or the 3-4 player placement rounds (C2-C5)."""
    round: int = 1
    shown: tuple[str, ...] = ()
    picks: int = 0  # tiles placed this round
    done: bool = False
    hands: tuple[tuple[str, ...], ...] = ()  # 3-4 players: the tiles each seat holds (C2), passed left (C3)


@dataclass(frozen=True)
class Game:
    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    spaces: tuple[Space, ...] = ()
    stage: str = "setup"  # setup / play / over
    first: int | None = None
    rolls: tuple[tuple[int | None, ...], ...] = ()  # Attacker-die rolls for first player: damage by seat
    draft: Draft = Draft()
    turn: int = 0  # whose turn (seat)
    turn_no: int = 1
    phase: str = "upkeep"
    applied: bool = False  # this turn's Income Phase has been applied
    gained: str = ""  # 3.2: where this turn's card was gained from (GAIN_FROM), "" until it is
    combat: tuple[str, ...] = ()  # the latest combat, explained
    verdict: Verdict | None = None
    next_id: int = 1


def new_game(players: tuple[Player, ...], rng=None) -> Game:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Suriya 162 is a game for {MIN_PLAYERS} to {MAX_PLAYERS} players "
                                   f"(Game Setup, A9); {len(players)} given.")
    spaces = tuple(Space(f"s{i + 1}", f"{p.name}'s {HEADQUARTER}", HEADQUARTER, owner=i, base=BASE_HP,
                         headquarter=True, at=HQ_AT[len(players)][i]) for i, p in enumerate(players))
    return Game(players=tuple(players), sides=tuple(Side() for _ in players), spaces=spaces,
                next_id=len(players) + 1)


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


# -- the map: hex tiles (docs/rules.md) -----------------------------------------------------------------
# The configuration diagram is a picture; the assistant lays the Headquarters on a ring two hexes from the
# centre, facing each other, and every Terrain Tile next to a tile already down (C3-C4).
HQ_AT: dict[int, tuple[Hex, ...]] = {n: tuple((r * DIRECTIONS[d][0], r * DIRECTIONS[d][1]) for d in ds)
                                     for n, r, ds in ((2, 1, (2, 5)), (3, 2, (0, 2, 4)), (4, 2, (0, 2, 3, 5)))}


def adjacent(g: Game, space_id: str) -> tuple[str, ...]:
    """The Spaces next to this one: touching hexes; in a game begun before the map was laid out (no
    positions), every other Space, as before."""
    s = space(g, space_id)
    if s.at is None:
        return tuple(x.id for x in g.spaces if x.id != s.id)
    near = set(hex_neighbours(s.at))
    return tuple(x.id for x in g.spaces if x.at in near or (x.at is None and x.id != s.id))


def open_spots(g: Game, who: int | None = None) -> tuple[Hex, ...]:
    """Empty hexes where the next Terrain Tile may go: next to the placer's Headquarter in the first round of a
    3-4 player placement (C3), next to any tile down otherwise (B3, C4)."""
    taken = {s.at for s in g.spaces if s.at is not None}
    if who is not None and len(g.players) > 2 and g.draft.round == 1:
        hq = next((s.at for s in g.spaces if s.headquarter and s.owner == who and s.at is not None), None)
        sources = [hq] if hq is not None else list(taken)
    else:
        sources = sorted(taken)
    out: set[Hex] = {h for src in sources for h in hex_neighbours(src) if h not in taken}
    # the hex touching most tiles first, then nearest the centre: a compact map is the default choice
    return tuple(sorted(out, key=lambda h: (-sum(n in taken for n in hex_neighbours(h)), hex_distance(h, (0, 0)), h)))


def seat_order(g: Game) -> tuple[int, ...]:
    """The first player, then clockwise: the player to the left of the first is second (A1)."""
    n = len(g.players)
    return tuple((g.first + k) % n for k in range(n)) if g.first is not None else tuple(range(n))


def space(g: Game, space_id: str, field: str = "space") -> Space:
    found = next((s for s in g.spaces if s.id == space_id), None)
    if found is None:
        raise GameError(field, f"There is no space {space_id!r} on the map.")
    return found


def _put(g: Game, s: Space) -> Game:
    if s.owner is not None and not s.units and not s.base:
        s = replace(s, owner=None, command=False, exhaust=0)
    return replace(g, spaces=tuple(s if x.id == s.id else x for x in g.spaces))


def bases(g: Game, i: int) -> int:
    """Bases on the map, the Headquarter included (it counts as a Base, Locations)."""
    return sum(1 for s in g.spaces if s.owner == i and s.base)


def bases_needed(g: Game, i: int) -> int:
    """4 on the map, 1 fewer for each enemy Headquarter the player destroyed (Objective, 3-4 players)."""
    return max(1, BASES_TO_WIN - g.sides[i].headquarters_destroyed)


def command_tokens(g: Game, i: int) -> int:
    """Command tokens in hand: 2 to start (A6), 1 more per Base built (Building a Base 3), less those on the map."""
    placed = sum(1 for s in g.spaces if s.owner == i and s.command)
    return COMMAND_START + g.sides[i].bases_built - placed


def on_map(g: Game, i: int, kind: str) -> int:
    """A player's units of one type on the map that came from their Player Tray (converted ones did not)."""
    return sum(1 for s in g.spaces if s.owner == i for u in s.units if u.kind == kind and not u.converted)


def in_tray(g: Game, content: Content, i: int, kind: str) -> int | None:
    """Units of a type left on the Player Tray; None when the tray is not tracked (or for Generals)."""
    slots = content.slots(kind)
    return None if slots is None or kind == "GU" else max(0, len(slots) - on_map(g, i, kind))


def freed_slots(content: Content, kind: str, before: int, n: int) -> tuple[str | None, ...]:
    """The slots n destroyed units of a type return to. Summoning always takes the leftmost unit (Summoning
    Units 1), so the empty slots are the leftmost `before`; a returning unit fills the empty slot next to the
    units still there, the one the last summoned unit left (reading: docs/rules.md, Suriya 162)."""
    slots = content.slots(kind) or ()
    return tuple(slots[max(0, before - n):min(before, len(slots))])


# -- set-up (A1-A9, B1-B4, C1-C5) ----------------------------------------------------------------

def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: the game has begun.")


def tied_for_first(g: Game) -> tuple[int, ...]:
    """Who rolls the Attacker Die now: everyone, then only those tied for the most Damage (A1)."""
    if not g.rolls:
        return tuple(range(len(g.players)))
    last = g.rolls[-1]
    best = max(v for v in last if v is not None)
    return tuple(i for i, v in enumerate(last) if v == best)


def roll_for_first(g: Game, damage: dict[int, int]) -> Outcome:
    """Each player rolls the Attacker Die; most Damage symbols is first player; ties re-roll among the tied (A1)."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already the first player.")
    rolling = tied_for_first(g)
    missing = [i for i in rolling if damage.get(i) is None]
    if missing:
        raise GameError(f"damage_{missing[0] + 1}", f"Enter the Damage symbols {player_name(g, missing[0])} rolled "
                                                    "on the Attacker Die (A1).")
    for i, v in damage.items():
        if v < 0:
            raise GameError(f"damage_{i + 1}", f"A die shows no negative number of Damage symbols: {v}.")
    row = tuple(damage.get(i) if i in rolling else None for i in range(len(g.players)))
    g = replace(g, rolls=g.rolls + (row,))
    tied = tied_for_first(g)
    if len(tied) > 1:
        return Outcome(g, f"Tied for first player: {', '.join(player_name(g, i) for i in tied)} roll again",
                       ("Tied players re-roll the Attacker Die (A1).",))
    return _set_first(g, tied[0], "rolled the most Damage symbols on the Attacker Die (A1)")


def choose_first(g: Game, player: int) -> Outcome:
    """Or choose the first player at random (A1): the app draws, or the table names who it drew."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already the first player.")
    if not 0 <= player < len(g.players):
        raise GameError("player", f"There is no seat {player + 1}.")
    return _set_first(g, player, "was chosen at random (A1)")


def _set_first(g: Game, i: int, why: str) -> Outcome:
    g = replace(g, first=i, turn=i)
    order = seat_order(g)
    return Outcome(g, f"{player_name(g, i)} is the first player", (
        f"{player_name(g, i)} {why}.",
        "Play continues clockwise: " + ", ".join(player_name(g, s) for s in order) + " (A1)."))


def choose_faction(g: Game, content: Content, player: int, faction: str) -> Outcome:
    """Starting with the first player, each player selects a Faction (A2); one tray per faction."""
    _in_setup(g)
    if g.first is None:
        raise GameError("faction", "Choose the first player first: factions are chosen starting with them (A2).")
    if faction not in content.factions:
        raise GameError("faction", f"There is no faction {faction!r}; choose one of {', '.join(content.factions)}.")
    waiting = next(i for i in seat_order(g) if g.players[i].faction is None or i == player)
    if waiting != player and g.players[player].faction is None:
        raise GameError("faction", f"{player_name(g, waiting)} chooses before {player_name(g, player)}: starting with the "
                                   "first player, then clockwise (A2).")
    if any(p.faction == faction for i, p in enumerate(g.players) if i != player):
        raise GameError("faction", f"{faction} is taken: each faction has one Player Tray (A2).")
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=faction)
    return Outcome(replace(g, players=tuple(ps)), f"{player_name(g, player)} plays {faction}")


def draft_order(g: Game) -> tuple[int, ...]:
    """Who places each tile this round. Two players: first 1, second 2, first 1 (B3), swapped in round 2 (B4).
    3-4 players: one tile each per round from the first player, 3 rounds (C2-C4), then 1 random tile for 3 (C5)."""
    order = seat_order(g)
    if len(g.players) == 2:
        a, b = order if g.draft.round == 1 else order[::-1]
        return (a, b, b, a)
    return order


def draft_rounds(g: Game) -> int:
    return 2 if len(g.players) == 2 else TILES_EACH + (1 if len(g.players) == 3 else 0)


def placer(g: Game) -> int | None:
    """Who places the next tile; None for the three-player game's last random tile (C5)."""
    if len(g.players) == 3 and g.draft.round > TILES_EACH:
        return None
    return draft_order(g)[g.draft.picks]


def show_tiles(g: Game, content: Content, tiles: tuple[str, ...] | None) -> Outcome:
    """B2: 5 Terrain Tiles face-up — the ones drawn at the table, or drawn by the app from the tile mix."""
    _in_setup(g)
    if len(g.players) != 2:
        raise GameError("tiles", "The 5-tile draft is the two-player set-up (B2); 3-4 players place drawn tiles (C2).")
    if g.draft.done or g.draft.shown:
        raise GameError("tiles", "The tiles of this draft round are already shown; place them (B3).")
    if tiles is None:
        mix = list(content.tiles())
        if len(mix) < DRAFT_SHOWN:
            raise GameError("tiles", "The terrain mix in data/suriya-162/terrain.json has fewer than 5 tiles.")
        tiles = tuple(random.SystemRandom().sample(mix, DRAFT_SHOWN))
    if len(tiles) != DRAFT_SHOWN:
        raise GameError("tiles", f"Draw {DRAFT_SHOWN} Terrain Tiles (B2); {len(tiles)} given.")
    for t in tiles:
        _drawable(content, t, "tiles")
    return Outcome(replace(g, draft=replace(g.draft, shown=tuple(tiles))),
                   f"Draft round {g.draft.round}: {', '.join(tiles)} shown", ("Draw 5 Terrain Tiles face-up (B2).",))


def draw_hands(g: Game, content: Content, hands: dict[int, tuple[str, ...]] | None) -> Outcome:
    """C2: each player randomly draws 3 Terrain Tiles — the ones drawn at the table, or drawn by the app."""
    _in_setup(g)
    if len(g.players) == 2:
        raise GameError("tiles", "Two players draft from 5 shown tiles (B2); the 3 tiles each are for 3-4 players (C2).")
    if g.first is None or any(p.faction is None for p in g.players):
        raise GameError("tiles", "Choose the first player and the factions before the terrain (A1-A2, then C).")
    if g.draft.hands or g.draft.done:
        raise GameError("tiles", "The tiles are already drawn; place them (C3).")
    mix = list(content.tiles())
    if hands is None:
        need = TILES_EACH * len(g.players)
        if len(mix) < need:
            raise GameError("tiles", f"The terrain mix in data/suriya-162/terrain.json has fewer than {need} tiles.")
        drawn = random.SystemRandom().sample(mix, need)
        hands = {i: tuple(drawn[i * TILES_EACH:(i + 1) * TILES_EACH]) for i in range(len(g.players))}
    for i in range(len(g.players)):
        hand = tuple(hands.get(i, ()))
        if len(hand) != TILES_EACH:
            raise GameError(f"hand_{i + 1}", f"{player_name(g, i)} draws {TILES_EACH} Terrain Tiles (C2); "
                                             f"{len(hand)} given.")
        for t in hand:
            _drawable(content, t, f"hand_{i + 1}")
    for name in {t for h in hands.values() for t in h}:
        have = sum(1 for t in mix if t == name)
        drawn = sum(1 for h in hands.values() for t in h if t == name)
        if drawn > have:
            raise GameError("tiles", f"{drawn} {name} tiles drawn; the terrain mix in data/suriya-162/terrain.json "
                                     f"has {have}.")
    g = replace(g, draft=replace(g.draft, hands=tuple(tuple(hands[i]) for i in range(len(g.players)))))
    return Outcome(g, "Each player drew 3 Terrain Tiles", tuple(
        f"{player_name(g, i)}: {', '.join(h)} (C2)." for i, h in enumerate(g.draft.hands)))


def _pass_left(g: Game, hands: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """C3: the remaining tiles go to the player on the left — the next player clockwise (A1)."""
    order = seat_order(g)
    out = list(hands)
    for k, i in enumerate(order):
        out[order[(k + 1) % len(order)]] = hands[i]
    return tuple(out)


def _drawable(content: Content, name: str, field: str) -> Terrain:
    t = content.terrain(name)
    if t is None or name == HEADQUARTER:
        raise GameError(field, f"{name!r} is not a Terrain Tile.")
    return t


def place_tile(g: Game, content: Content, terrain: str, high: bool, at: Hex | None = None) -> Outcome:
    """Place the next drafted tile as a new space of the map (B3, C3-C5), on an open hex next to the tiles
    down; a tile placed without a hex is off the drawn map and taken as adjacent to every Space."""
    _in_setup(g)
    if g.first is None or any(p.faction is None for p in g.players):
        raise GameError("terrain", "Choose the first player and the factions before the terrain (A1-A2, then B/C).")
    if g.draft.done:
        raise GameError("terrain", "The terrain is placed; begin the game.")
    t = _drawable(content, terrain, "terrain")
    two = len(g.players) == 2
    if two and not g.draft.shown:
        raise GameError("terrain", "Show the 5 drawn Terrain Tiles first (B2).")
    if two and terrain not in g.draft.shown:
        raise GameError("terrain", f"{terrain} is not among the tiles shown: {', '.join(g.draft.shown)} (B3).")
    if t.highest_tray and not high:
        raise GameError("high", f"{terrain} tiles must always be placed on top of the highest Terrain Tray (B4).")
    who = placer(g)
    shown = list(g.draft.shown)
    if two:
        shown.remove(terrain)
    hands = g.draft.hands
    if not two and who is not None:
        if not hands:
            raise GameError("terrain", "Each player draws 3 Terrain Tiles first (C2).")
        if terrain not in hands[who]:
            raise GameError("terrain", f"{player_name(g, who)} holds {', '.join(hands[who]) or 'no tile'}: a tile is "
                                       f"placed from the tiles in hand (C3); {terrain} is not among them.")
        held = list(hands[who])
        held.remove(terrain)
        hands = tuple(tuple(held) if i == who else h for i, h in enumerate(hands))
    n = sum(1 for s in g.spaces if s.terrain == terrain) + 1
    spots = open_spots(g, who) if all(s.at is not None for s in g.spaces) else ()
    if at is not None and spots and tuple(at) not in spots:
        raise GameError("at", "Place the tile next to " + ("your Headquarter (C3)." if len(g.players) > 2 and
                                                            g.draft.round == 1 and who is not None else
                                                            "a tile already on the map (B3, C4)."))
    where = tuple(at) if at is not None and spots else None  # not chosen: off the drawn map, adjacent to all
    g = replace(g, spaces=g.spaces + (Space(f"s{g.next_id}", f"{terrain} {n}", terrain, high, at=where),),
                next_id=g.next_id + 1)
    by = player_name(g, who) if who is not None else "The last random tile"
    reasons = []
    picks = g.draft.picks + 1
    per_round = len(draft_order(g)) if who is not None else 1
    if picks >= per_round:
        if two:
            reasons.append(f"The remaining tile ({', '.join(shown)}) is returned to the box (B3).")
        last = g.draft.round >= draft_rounds(g)
        if last:
            reasons.append("The terrain is in place.")
        elif two:
            reasons.append("Repeat with the first player swapped (B4).")
        else:
            reasons.append("Pass the remaining tiles to the left and place again, also next to placed tiles (C3-C4).")
        passed = _pass_left(g, hands) if not two and who is not None else hands
        draft = Draft(g.draft.round + (0 if last else 1), (), 0, last, passed)
    else:
        draft = replace(g.draft, shown=tuple(shown), picks=picks, hands=hands)
    g = replace(g, draft=draft)
    tray = " on a higher Terrain Tray" if high else ""
    return Outcome(g, f"{by} placed {terrain}{tray}", tuple(reasons))


def begin(g: Game) -> Outcome:
    """Starting cards and minerals by turn order (A9), then the first player's first turn."""
    _in_setup(g)
    if g.first is None or any(p.faction is None for p in g.players) or not g.draft.done:
        raise GameError("start", "Before the first turn: the first player (A1), a faction for each player (A2) "
                                 "and the terrain (B or C).")
    reasons = []
    for seat, i in enumerate(seat_order(g)):
        cards, minerals = START[len(g.players)][seat]
        g = with_side(g, i, hand=cards, minerals=minerals)
        reasons.append(f"{player_name(g, i)} ({_ordinal(seat)} player) draws {cards} cards and gains {minerals} "
                       f"Mineral{'s' if minerals > 1 else ''} (A9).")
    g = replace(g, stage="play", turn=g.first, turn_no=1, phase="upkeep")
    return Outcome(g, f"The game begins: {player_name(g, g.first)}'s turn", tuple(reasons))


def _ordinal(n: int) -> str:
    return ("1st", "2nd", "3rd", "4th")[n]


# -- the turn: Upkeep, Action, Income -----------------------------------------------------------

def _playing(g: Game, phase: str | None = None) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    if phase and g.phase != phase:
        raise GameError("phase", f"That is done in the {PHASES[PHASE_KEYS.index(phase)]} Phase; this is the "
                                 f"{PHASES[PHASE_KEYS.index(g.phase)]} Phase (Game Phases).")


def _pay(g: Game, i: int, cost: int, what: str, field: str = "cost") -> Game:
    if cost < 0:
        raise GameError(field, f"A Mineral cost is never negative: {cost}.")
    have = g.sides[i].minerals
    if cost > have:
        raise GameError(field, f"{what} costs {cost} Mineral{'s' if cost != 1 else ''}; {player_name(g, i)} has {have}. "
                               "A player cannot pay Minerals they do not have (The Cards: Card Conditions).")
    return with_side(g, i, minerals=have - cost)


def undecided(g: Game, i: int) -> tuple[ContinueCard, ...]:
    """Continue cards still to be paid or discarded in this Upkeep Phase."""
    return tuple(c for c in g.sides[i].continuing if c.kept_turn < g.turn_no)


def upkeep(g: Game, card: str, keep: bool) -> Outcome:
    """1. Upkeep: pay a card's Continue cost to keep it, or discard it without paying."""
    _playing(g, "upkeep")
    i = g.turn
    c = next((c for c in undecided(g, i) if c.name == card), None)
    if c is None:
        raise GameError("card", f"{card!r} is not a Continue card of {player_name(g, i)} waiting for its Upkeep.")
    others = tuple(x for x in g.sides[i].continuing if x is not c)
    if not keep:
        g = with_side(g, i, continuing=others)
        return Outcome(g, f"{player_name(g, i)} discarded {card} instead of paying its Continue cost",
                       ("Not paid: the card is discarded (1. Upkeep Phase).",))
    g = _pay(g, i, c.cost, f"Keeping {card}", "card")
    g = with_side(g, i, continuing=others + (replace(c, kept_turn=g.turn_no),))
    return Outcome(g, f"{player_name(g, i)} paid {c.cost} Mineral{'s' if c.cost != 1 else ''} to keep {card}",
                   ("The Continue cost is paid in the Upkeep Phase (1. Upkeep Phase).",))


def play_card(g: Game, card: str, cost: int, continue_cost: int | None = None) -> Outcome:
    """A. Play an Action card from the hand: pay its Mineral cost; a Continue card stays in play."""
    _playing(g, "action")
    i = g.turn
    card = " ".join(card.split()) or "a card"
    if g.sides[i].hand < 1:
        raise GameError("card", f"{player_name(g, i)} has no card in hand to play.")
    g = _pay(g, i, cost, card)
    s = g.sides[i]
    continuing = s.continuing
    reasons = ("After resolving its effect, the card goes to the discard pile (2. Action Phase, A).",)
    if continue_cost is not None:
        if continue_cost < 0:
            raise GameError("continue_cost", f"A Continue cost is never negative: {continue_cost}.")
        continuing += (ContinueCard(card, continue_cost, g.turn_no),)
        reasons = (f"A Continue card: pay {continue_cost} in each Upkeep Phase or discard it (Card Conditions, B).",)
    g = with_side(g, i, hand=s.hand - 1, continuing=continuing)
    return Outcome(g, f"{player_name(g, i)} played {card} for {cost} Mineral{'s' if cost != 1 else ''}", reasons)


def discard_for_mineral(g: Game) -> Outcome:
    """B. Discard a card from the hand to receive 1 Mineral."""
    _playing(g, "action")
    i = g.turn
    s = g.sides[i]
    if s.hand < 1:
        raise GameError("hand", f"{player_name(g, i)} has no card in hand to discard.")
    g = with_side(g, i, hand=s.hand - 1, minerals=s.minerals + 1)
    return Outcome(g, f"{player_name(g, i)} discarded a card for 1 Mineral", ("Discard a card: 1 Mineral (2. Action, B).",))


def adjust(g: Game, player: int, what: str, delta: int) -> Outcome:
    """Minerals or cards in hand changed by a card effect or a tray bonus."""
    _playing(g)
    if what not in ("minerals", "hand"):
        raise GameError("what", "Change minerals or cards in hand.")
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    now = getattr(g.sides[player], what) + delta
    if now < 0:
        label = "Minerals" if what == "minerals" else "cards in hand"
        raise GameError("delta", f"{player_name(g, player)} has {getattr(g.sides[player], what)} {label}; "
                                 f"there are none to lose below 0.")
    note = ()
    if what == "hand" and now > HAND_LIMIT:
        note = (f"Over the hand limit: discard down to {HAND_LIMIT} (Deck-Building Rules 3).",)
        now = HAND_LIMIT
    label = "Minerals" if what == "minerals" else "cards in hand"
    return Outcome(with_side(g, player, **{what: now}), f"{player_name(g, player)}: {label} {delta:+d} (now {now})", note)


# -- the map: squads, bases, tokens --------------------------------------------------------------

def _own_squad(g: Game, space_id: str, field: str = "space") -> Space:
    s = space(g, space_id, field)
    if s.owner != g.turn or not s.units:
        raise GameError(field, f"{player_name(g, g.turn)} has no Squad in {s.name}.")
    return s


def _enter_check(g: Game, s: Space, who: int, adding: int, field: str, excess: bool = False) -> None:
    if s.owner is not None and s.owner != who:
        raise GameError(field, f"{s.name} is held by {player_name(g, s.owner)}: a Space can only be occupied by the "
                               "units or a Base of a single faction (Limitations 1).")
    if len(s.units) + adding > SQUAD_LIMIT and not excess:
        over = len(s.units) + adding - SQUAD_LIMIT
        raise GameError(field, f"A Squad has at most {SQUAD_LIMIT} units (Limitations 2); {s.name} would have "
                               f"{len(s.units) + adding}: tick 'return the excess to the Player Tray' to send the "
                               f"{over} over the limit back (no tray bonus).")


def _over_limit(units: tuple[Unit, ...], arriving: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    """Limitations 2: the Squad keeps 6; the excess goes back to the Player Tray. Which units go is the
    player's choice in the text; the assistant returns arriving units, Basic first, then Elite, Generals
    last (docs/rules.md)."""
    room = max(0, SQUAD_LIMIT - len(units))
    keep_order = sorted(arriving, key=lambda u: -KINDS.index(u.kind))  # Generals kept first
    kept = tuple(keep_order[:room])
    back = tuple(keep_order[room:])
    return _ordered(units + kept), back


def _returned(back: tuple[Unit, ...]) -> tuple[str, ...]:
    if not back:
        return ()
    what = ", ".join(f"{sum(1 for u in back if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in back))
    return (f"Over {SQUAD_LIMIT} units: {what} returned to the Player Tray, with no tray bonus (Limitations 2).",)


def summon(g: Game, content: Content, space_id: str, kind: str, count: int = 1, hp: int | None = None,
           name: str = "", converted: bool = False, take_from: str | None = None, excess: bool = False) -> Outcome:
    """Summon units from a card or token effect (Summoning Units): onto a Space of the player's, or an empty one.
    When the Player Tray has too few of the type, the missing units may be moved from another Space of the
    player's (Summoning Units 2), never Generals."""
    _playing(g, "action")
    i = g.turn
    s = space(g, space_id)
    if kind not in KINDS:
        raise GameError("kind", f"Choose BU, EU or GU; {kind!r} is not a unit type.")
    if count < 1:
        raise GameError("count", "Summon at least 1 unit.")
    _enter_check(g, s, i, count, "space", excess)
    if excess and len(s.units) + count > SQUAD_LIMIT:
        # Limitations 2: the excess never leaves the Player Tray; the rest of the summon goes ahead
        kept = max(0, SQUAD_LIMIT - len(s.units))
        if kept == 0:
            return Outcome(g, f"{player_name(g, i)}'s Squad in {s.name} is full: the {count} {kind} stay on the "
                              "Player Tray", (f"A Squad has at most {SQUAD_LIMIT} units (Limitations 2).",))
        out = summon(g, content, space_id, kind, kept, hp, name, converted, take_from)
        return Outcome(out.state, out.description + f" ({count - kept} over {SQUAD_LIMIT} stay on the Player Tray)",
                       out.reasons + (f"Over {SQUAD_LIMIT} units: {count - kept} {kind} returned to the Player Tray, "
                                      "with no tray bonus (Limitations 2).",))
    asked = count
    reasons: tuple[str, ...] = ()
    left = None if converted else in_tray(g, content, i, kind)
    if take_from and kind == "GU":
        raise GameError("take_from", "General Units are never moved from another Space to replace missing ones "
                                     "(Summoning Units 2).")
    if left is not None and count > left:
        missing = count - left
        if not take_from:
            raise GameError("units", f"{player_name(g, i)} has {left} {kind} left on the Player Tray; {count} asked. "
                                     f"Units run out: choose a Space to move {missing} {kind} from to replace the "
                                     "missing (Summoning Units 2).")
        src = space(g, take_from, "take_from")
        have = [u for u in src.units if u.kind == kind]
        if src.owner != i or src.id == s.id or len(have) < missing:
            raise GameError("take_from", f"{src.name} has {len(have) if src.owner == i else 0} {kind} of "
                                         f"{player_name(g, i)}'s to move; {missing} needed, from another Space "
                                         "(Summoning Units 2).")
        rest = list(src.units)
        for u in have[-missing:]:
            rest.remove(u)
        g = _put(g, replace(src, units=tuple(rest), command=src.command and bool(rest or src.base)))
        s = space(g, s.id)
        reasons = (f"The tray had {left} {kind}: {missing} moved from {src.name} to replace the missing "
                   "(Summoning Units 2).",)
        count = left
        g = _put(g, replace(s, owner=i, units=_ordered(s.units + tuple(have[-missing:]))))
        s = space(g, s.id)
        if count == 0:
            return Outcome(g, f"{player_name(g, i)} summoned {missing} {kind} to {s.name}", reasons)
    unit_hp = content.unit_hp(kind) if kind != "GU" else hp
    if unit_hp is None or unit_hp < 1:
        raise GameError("hp", "Enter the General's HP from its GU card (Limitations 3).")
    units = tuple(Unit(kind, unit_hp, name if kind == "GU" else "", converted) for _ in range(count))
    g = _put(g, replace(s, owner=i, units=_ordered(s.units + units)))
    what = f"{asked} {kind}" + (f" ({name})" if name else "")
    return Outcome(g, f"{player_name(g, i)} summoned {what} to {s.name}",
                   ("BU and EU: always the leftmost of that type from the Player Tray (Summoning Units 1).",) + reasons)


def _adjacent(g: Game, frm: Space, to: Space, field: str, rule: str) -> None:
    if to.id not in adjacent(g, frm.id):
        raise GameError(field, f"{to.name} is not adjacent to {frm.name}: {rule}.")


def _ordered(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    return tuple(sorted(units, key=lambda u: KINDS.index(u.kind)))


def build_base(g: Game, space_id: str) -> Outcome:
    """Build a Base on a Space with the player's units; gain 1 Command Token at once (Building a Base)."""
    _playing(g, "action")
    i = g.turn
    s = space(g, space_id)
    if s.owner != i or not s.units:
        raise GameError("space", f"A Base is placed only on a Space with your units (Building a Base 1); "
                                 f"{player_name(g, i)} has none in {s.name}.")
    if s.base:
        raise GameError("space", f"{s.name} already has a Base.")
    if g.sides[i].bases_built >= BASE_TOKENS:
        raise GameError("space", f"{player_name(g, i)} has no Base left on the Player Tray ({BASE_TOKENS} Base Tokens, A3).")
    g = _put(g, replace(s, base=BASE_HP))
    g = with_side(g, i, bases_built=g.sides[i].bases_built + 1)
    return Outcome(g, f"{player_name(g, i)} built a Base in {s.name}",
                   ("Its ability takes effect at once (Building a Base 2).",
                    "1 Command Token gained, usable this turn (Building a Base 3)."))


def exhaust(g: Game, space_id: str, delta: int = 1) -> Outcome:
    """An Exhaust token put on (a card effect) or taken off a Squad."""
    _playing(g)
    s = space(g, space_id)
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}.")
    if s.exhaust + delta < 0:
        raise GameError("space", f"{s.name} has no Exhaust token.")
    g = _put(g, replace(s, exhaust=s.exhaust + delta))
    verb = "placed on" if delta > 0 else "removed from"
    return Outcome(g, f"Exhaust token {verb} the Squad in {s.name}",
                   ("A Squad with an Exhaust Token cannot receive new Command Tokens (Exhaust Tokens).",))


def _command(g: Game, s: Space) -> Game:
    """Place a Command Token on a Squad's Space (2. Action, C; Command Tokens)."""
    i = g.turn
    if s.command:
        raise GameError("space", f"{s.name} already has a Command Token: only one Command Token can be placed "
                                 "on a given Space (Command Tokens 2).")
    if s.exhaust:
        raise GameError("space", f"The Squad in {s.name} is exhausted: a Squad with an Exhaust Token cannot "
                                 "receive new Command Tokens (Exhaust Tokens).")
    if command_tokens(g, i) < 1:
        raise GameError("space", f"{player_name(g, i)} has no Command Token left this turn (A6, Building a Base 3).")
    return _put(g, replace(s, command=True))


def extract(g: Game, space_id: str) -> Outcome:
    """C3. Extract: a Command Token on a Squad, 1 Mineral."""
    _playing(g, "action")
    s = _own_squad(g, space_id)
    g = _command(g, s)
    g = with_side(g, g.turn, minerals=g.sides[g.turn].minerals + 1)
    return Outcome(g, f"The Squad in {s.name} extracted 1 Mineral", ("C3. Extract: receive 1 Mineral (2. Action).",))


def move(g: Game, content: Content, from_id: str, to_id: str, counts: dict[str, int] | None = None,
         discard: int = 0, excess: bool = False) -> Outcome:
    """C1. Move all or part of a Squad to an adjacent Space; the Command Token stays with the Squad left in
    the Space where it was placed, or moves with the whole Squad (Command Tokens 3-4). Entering Forest or
    Lagoon costs 1 discarded card, the Plateau 2 (Locations)."""
    _playing(g, "action")
    i = g.turn
    s = _own_squad(g, from_id, "space")
    to = space(g, to_id, "to")
    if to.id == s.id:
        raise GameError("to", "Choose another Space to move to.")
    _adjacent(g, s, to, "to", "C1. Move: to an adjacent Space")
    moving = _pick_units(s, counts)
    _enter_check(g, to, i, len(moving), "to", excess)
    whole = len(moving) == len(s.units)
    if whole and to.command:
        raise GameError("to", f"{to.name} already has a Command Token and the whole Squad would bring its own: only "
                              "one Command Token on a Space (Command Tokens 2).")
    g = _command(g, s)
    need = _terrain(content, to.terrain).discard_to_enter
    if need and discard != need:
        raise GameError("discard", f"Moving into {to.terrain} costs {need} discarded card{'s' if need > 1 else ''} "
                                   f"(Locations: {to.terrain}); confirm the discard.")
    if need and g.sides[i].hand < need:
        raise GameError("discard", f"Moving into {to.terrain} costs {need} discarded card{'s' if need > 1 else ''} "
                                   f"(Locations: {to.terrain}); {player_name(g, i)} has {g.sides[i].hand} in hand.")
    left = list(s.units)
    for u in moving:
        left.remove(u)
    s = space(g, s.id)
    # Command Tokens 3-4: the token goes with the whole Squad, or stays where it was placed.
    g = _put(g, replace(s, units=tuple(left), command=not whole))
    to = space(g, to.id)
    squad, back = _over_limit(to.units, tuple(moving))
    g = _put(g, replace(to, owner=i, units=squad, command=to.command or whole))
    if need:
        g = with_side(g, i, hand=g.sides[i].hand - need)
    what = ", ".join(f"{sum(1 for u in moving if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in moving))
    reasons = ("The Command Token moves with the Squad (Command Tokens 3)." if whole else
               "The Squad split: the Command Token stays in the Space where it was placed (Command Tokens 4).",)
    if need:
        reasons += (f"{need} card{'s' if need > 1 else ''} discarded to move into {to.terrain} (Locations).",)
    return Outcome(g, f"{player_name(g, i)} moved {what} from {s.name} to {to.name}", reasons + _returned(back))


def _pick_units(s: Space, counts: dict[str, int] | None) -> list[Unit]:
    if not counts:
        return list(s.units)
    out = []
    for k in KINDS:
        n = counts.get(k, 0)
        have = [u for u in s.units if u.kind == k]
        if n < 0 or n > len(have):
            raise GameError(k.lower(), f"The Squad in {s.name} has {len(have)} {k}; {n} cannot move.")
        out += have[:n]
    if not out:
        raise GameError("bu", "Move at least 1 unit.")
    return out


def _terrain(content: Content, name: str) -> Terrain:
    return content.terrain(name) or Terrain(name)


# -- combat (Game Phases: Combat 1-7; Locations) ---------------------------------------------------

@dataclass(frozen=True)
class TacticCard:
    """One Tactic card played face-down (Combat 2-3), one per [T] rolled: its extra Damage and V, and whether it
    ignores the side's own terrain effect (as the example's card ignores the Lagoon)."""
    name: str = "Tactic card"
    damage: int = 0
    defend: int = 0
    ignore_terrain: bool = False

    def __post_init__(self):
        for field in ("damage", "defend"):
            if getattr(self, field) < 0:
                raise GameError(field, f"A Tactic card adds no negative {field}: {getattr(self, field)}.")


@dataclass(frozen=True)
class Fighter:
    roll: Symbols
    terrain: Terrain
    units: int
    high: bool = False
    reroll: tuple[Symbols, Symbols] | None = None  # the re-rolled die's face before and after
    tactic: tuple[TacticCard, ...] = ()  # in the order the side resolves them

    @property
    def ignores_terrain(self) -> bool:
        return any(c.ignore_terrain for c in self.tactic)


@dataclass(frozen=True)
class CombatResult:
    damage: tuple[int, int]  # total Damage of attacker, defender
    defend: tuple[int, int]  # total V
    dealt: tuple[int, int]  # final damage dealt to attacker, defender
    reasons: tuple[str, ...]


SIDES = ("attacker", "defender")


def _rolled(f: Fighter, who: str) -> tuple[Symbols, tuple[str, ...]]:
    if f.reroll is None:
        return f.roll, ()
    if not f.high:
        raise GameError(f"{who}_reroll", f"The {who} is not on a Higher Terrain Tray: only a faction on a Higher "
                                         "Terrain Tray can re-roll a die once (Combat 1).")
    before, after = f.reroll
    left = f.roll - before
    if min(left.damage, left.defend, left.tactic) < 0:
        raise GameError(f"{who}_reroll", f"The re-rolled die's face ({before.label}) is not in the {who}'s roll "
                                         f"({f.roll.label}).")
    return left + after, (f"The {who} is on a Higher Terrain Tray and re-rolled one die: {before.label} became "
                          f"{after.label} (Combat 1).",)


def resolve_combat(attacker: Fighter, defender: Fighter) -> CombatResult:
    """Steps 1-5: dice (with one re-roll on a higher tray), Tactic cards within the T symbols rolled, the
    attacker's resolved first, terrain modifiers, then each side's Damage less the other's V, never below 0."""
    fighters = (attacker, defender)
    rolls, reasons = [], []
    for f, who in zip(fighters, SIDES):
        r, why = _rolled(f, who)
        rolls.append(r)
        reasons += why
        reasons.append(f"The {who} rolled {r.label}.")
    for f, r, who in zip(fighters, rolls, SIDES):  # steps 2-3: each side within its [T]
        step = 2 + SIDES.index(who)
        if len(f.tactic) > r.tactic:
            raise GameError(f"{who}_tactic_cards", f"The {who} rolled {r.tactic} [T]: at most {r.tactic} Tactic "
                                                   f"card{'s' if r.tactic != 1 else ''}, {len(f.tactic)} entered "
                                                   f"(Combat {step}).")
        if not f.tactic and r.tactic == 0:
            reasons.append(f"The {who} rolled no [T]: no Tactic card (Combat {step}).")
    for f, who in zip(fighters, SIDES):  # step 4: the attacker's cards resolved first, then the defender's
        for k, c in enumerate(f.tactic, 1):
            ignored = f", its {f.terrain.name} effect ignored" if c.ignore_terrain and f.terrain.name else ""
            reasons.append(f"The {who}'s Tactic card {k} of {len(f.tactic)}, {c.name}: +{c.damage} Damage, "
                           f"+{c.defend} V{ignored} (Combat 4: "
                           f"{'the attacker first' if who == 'attacker' else 'after the attacker'}).")
    damage, defend = [], []
    for k, (f, r, who) in enumerate(zip(fighters, rolls, SIDES)):
        other = fighters[1 - k]
        d = r.damage + sum(c.damage for c in f.tactic)
        v = r.defend + sum(c.defend for c in f.tactic)
        t = f.terrain
        bonus = (t.attack or t.defend) and not f.ignores_terrain
        if bonus and other.terrain.ignores_target_bonuses:
            reasons.append(f"The {who}'s {t.name} bonus is ignored: the other side fights from the "
                           f"{other.terrain.name} (Locations: {other.terrain.name}).")
        elif bonus and f.units < t.min_units:
            reasons.append(f"No {t.name} bonus for the {who}: it needs a Squad of at least {t.min_units} units "
                           f"(Locations: {t.name}).")
        elif bonus:
            d, v = d + t.attack, v + t.defend
            reasons.append(f"The {who} is in the {t.name}: +{t.attack} Attack, +{t.defend} Defend (Locations: {t.name}).")
        if t.defend_zero and not f.ignores_terrain:
            v = 0
            reasons.append(f"The {who} is in the {t.name}: its Defend value is 0 (Locations: {t.name}).")
        damage.append(d)
        defend.append(v)
    dealt = (max(0, damage[1] - defend[0]), max(0, damage[0] - defend[1]))
    for k, who in enumerate(SIDES):
        reasons.append(f"The {who} takes {damage[1 - k]} Damage − {defend[k]} V = {dealt[k]}"
                       + (" (never below 0)" if damage[1 - k] < defend[k] else "") + " (Combat 5).")
    return CombatResult(tuple(damage), tuple(defend), dealt, tuple(reasons))


def assign_damage(units: tuple[Unit, ...], base: int, damage: int, order: tuple[str, ...] = KINDS,
                  headquarter: bool = False) -> tuple[tuple[Unit, ...], int, tuple[str, ...]]:
    """Step 6: BU, then EU, then GU, then the Base, each taking as much as possible before the next (6.1-6.5;
    the owner may choose the order of the units, 6.5, the Base always last). Returns survivors, the Base's HP
    left and what happened."""
    if sorted(order) != sorted(KINDS):
        raise GameError("order", "Give the order of BU, EU and GU; the Base always takes damage last (6.4).")
    left, alive, reasons = damage, [], []
    for k in order:
        for u in (u for u in units if u.kind == k):
            if left >= u.hp:
                left -= u.hp
                bonus = ("; it was converted, so no tray bonus (Combat 7)" if u.converted else
                         " (Combat 7)")
                reasons.append(f"{u.name or u.kind} ({u.hp} HP) destroyed: back to the Player Tray{bonus}.")
            else:
                if left:
                    reasons.append(f"{left} Damage on {u.name or u.kind} ({u.hp} HP): not enough to destroy it.")
                    left = 0
                alive.append(u)
    if left and base:
        hit = min(left, base)
        base -= hit
        what = "The Headquarter" if headquarter else "The Base"
        reasons.append(f"{what} takes the {hit} Damage left over (6.4)" +
                       (": destroyed." if base == 0 else f": {base} HP left."))
    return _ordered(tuple(alive)), base, tuple(reasons)


def attack(g: Game, content: Content, from_id: str, target_id: str, attacker: Fighter, defender: Fighter,
           orders: tuple[tuple[str, ...], tuple[str, ...]] = (KINDS, KINDS)) -> Outcome:
    """C2. Attack: a Command Token on the attacking Squad, then the combat (Combat 1-7)."""
    _playing(g, "action")
    i = g.turn
    s = _own_squad(g, from_id)
    t = space(g, target_id, "target")
    if t.owner is None or t.owner == i:
        raise GameError("target", f"{t.name} has no enemy Squad or Base to attack (C2).")
    _adjacent(g, s, t, "target", "C2. Attack: opponents in an adjacent Space")
    g = _command(g, s)
    attacker = replace(attacker, terrain=_terrain(content, s.terrain), units=len(s.units), high=s.high)
    defender = replace(defender, terrain=_terrain(content, t.terrain), units=len(t.units), high=t.high)
    r = resolve_combat(attacker, defender)
    reasons = list(r.reasons)
    foe = t.owner
    for sp, dealt, order in ((space(g, s.id), r.dealt[0], orders[0]), (t, r.dealt[1], orders[1])):
        if not dealt:
            continue
        units, base, why = assign_damage(sp.units, sp.base, dealt, order, sp.headquarter)
        reasons += why
        g, more = _tray_bonuses(g, content, sp.owner, sp.units, units)
        reasons += more
        destroyed_base = sp.base and not base
        g = _put(g, replace(space(g, sp.id), units=units, base=base,
                            command=space(g, sp.id).command and bool(units or base)))
        if destroyed_base:
            g, more = _base_destroyed(g, sp, by=i if sp.owner == foe else foe)
            reasons += more
    text = (f"{player_name(g, i)} attacked {t.name} from {s.name}: {r.dealt[1]} Damage dealt, {r.dealt[0]} taken")
    g = replace(g, combat=(text,) + tuple(reasons))
    return Outcome(g, text, tuple(reasons))


def _tray_bonuses(g: Game, content: Content, owner: int, before: tuple[Unit, ...],
                  after: tuple[Unit, ...]) -> tuple[Game, tuple[str, ...]]:
    """Combat 7: destroyed units go back to their slots on the Player Tray and the owner receives each slot's
    bonus; a Mineral is added here, the other bonuses are the owner's to take (Bonuses by Type)."""
    reasons = []
    for kind in KINDS:
        n = (sum(1 for u in before if u.kind == kind and not u.converted)
             - sum(1 for u in after if u.kind == kind and not u.converted))
        if n <= 0 or content.slots(kind) is None:
            continue
        for bonus in freed_slots(content, kind, on_map(g, owner, kind), n):
            if bonus == "mineral":
                g = with_side(g, owner, minerals=g.sides[owner].minerals + 1)
                reasons.append(f"{player_name(g, owner)}'s {kind} slot gives 1 Mineral, added (Combat 7).")
            elif bonus:
                reasons.append(f"{player_name(g, owner)}'s {kind} slot offers: {BONUSES[bonus]}"
                               + (" — use Burn a card" if bonus == "burn" else "") + " (Combat 7).")
    return g, tuple(reasons)


def burn(g: Game, player: int, source: str) -> Outcome:
    """Burn 1 card from the hand or the discard pile (Combat 7, Burn): it leaves the game's cards."""
    _playing(g)
    if not 0 <= player < len(g.players):
        raise GameError("player", f"There is no seat {player + 1}.")
    if source not in ("hand", "discard"):
        raise GameError("source", "Burn a card from your hand or your discard pile (Combat 7).")
    if source == "hand":
        if g.sides[player].hand < 1:
            raise GameError("source", f"{player_name(g, player)} has no card in hand to burn.")
        g = with_side(g, player, hand=g.sides[player].hand - 1)
    where = "hand" if source == "hand" else "discard pile"
    return Outcome(g, f"{player_name(g, player)} burnt a card from the {where}",
                   ("A burnt Faction Card goes to the bottom of the Faction pile, a Starting Card to the box "
                    "(Limitations 4).",))


def true_damage(g: Game, content: Content, space_id: str, damage: int, source: str = "",
                order: tuple[str, ...] = KINDS) -> Outcome:
    """Damage outside combat (True Damage: unblockable, e.g. Plasma Shower, or a General's ability): no Defend
    reduces it; the Squad's units take it BU, EU, GU as in combat (6.1-6.3, the owner may choose the order,
    6.5) and destroyed ones go back to the Player Tray with their slot's bonus (Combat 7). Bases never take
    True Damage (Building a Base) and Squads in the Forest take no damage from effects outside combat."""
    _playing(g)
    s = space(g, space_id)
    source = " ".join(source.split()) or "a card"
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}: True Damage hits units, and Bases do not take "
                                 "damage from True Damage effects (Building a Base).")
    if damage < 1:
        raise GameError("damage", "Deal at least 1 True Damage.")
    if _terrain(content, s.terrain).hidden:
        raise GameError("space", f"{s.name}: Squads in the {s.terrain} cannot take damage from effects outside of "
                                 f"combat (Locations: {s.terrain}, Hidden Space).")
    units, _, why = assign_damage(s.units, 0, damage, order)
    g, more = _tray_bonuses(g, content, s.owner, s.units, units)
    g = _put(g, replace(space(g, s.id), units=units, command=s.command and bool(units or s.base)))
    lost = len(s.units) - len(units)
    return Outcome(g, f"{source}: {damage} True Damage to {player_name(g, s.owner)}'s Squad in {s.name}, "
                      f"{lost} unit{'s' if lost != 1 else ''} destroyed",
                   ("True Damage is unblockable: no Defend value reduces it (Plasma Shower example).",) + why
                   + (("Bases do not take damage from True Damage effects (Building a Base).",) if s.base else ())
                   + more)


def remove_units(g: Game, space_id: str, counts: dict[str, int], source: str = "") -> Outcome:
    """A card or ability removes units from the map: they go back to the Player Tray, with no tray bonus
    (they were not destroyed in combat, Combat 7; as Limitations 2's excess)."""
    _playing(g)
    s = space(g, space_id)
    source = " ".join(source.split()) or "a card"
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}.")
    gone = _pick_units(s, counts)
    left = list(s.units)
    for u in gone:
        left.remove(u)
    owner = s.owner
    g = _put(g, replace(s, units=tuple(left), command=s.command and bool(left or s.base)))
    what = ", ".join(f"{sum(1 for u in gone if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in gone))
    return Outcome(g, f"{source} removed {what} of {player_name(g, owner)}'s from {s.name}",
                   ("Removed units go back to the Player Tray; no tray bonus, as they were not destroyed in combat "
                    "(docs/rules.md).",))


def _base_destroyed(g: Game, sp: Space, by: int) -> tuple[Game, tuple[str, ...]]:
    """Back to the Player Tray with any Command Token on it (Building a Base 4); Headquarters decide games."""
    owner = sp.owner
    reasons = ["The Base goes back to its slot on the Player Tray, with any Command Token on it (Building a Base 4)."]
    if not sp.headquarter:
        g = with_side(g, owner, bases_built=g.sides[owner].bases_built - 1)
        return g, tuple(reasons)
    if len(g.players) == 2:
        v = Verdict(by, (f"{player_name(g, by)} destroyed {player_name(g, owner)}'s main Base, the Headquarter: in a two-player "
                         "game that wins (Objective of the Game).",))
        return replace(g, stage="over", verdict=v), tuple(reasons) + v.how
    # Nothing in the text rebuilds a Headquarter: the tile stays as terrain and any Base later built on it is an
    # ordinary Base token (Building a Base 1), so it must not count as a Headquarter again.
    g = _put(g, replace(space(g, sp.id), headquarter=False))
    reasons.append("The Headquarter is not rebuilt: its Space stays Headquarter terrain (Locations: Headquarter).")
    g = with_side(g, by, headquarters_destroyed=g.sides[by].headquarters_destroyed + 1)
    reasons.append(f"{player_name(g, by)} destroyed an enemy Headquarter: now needs {bases_needed(g, by)} Bases "
                   "(Objective, 3-4 players).")
    if bases(g, by) >= bases_needed(g, by):
        v = Verdict(by, (f"{player_name(g, by)} has {bases(g, by)} Bases and needs {bases_needed(g, by)}: "
                         "wins immediately (Objective, 3-4 players).",))
        g = replace(g, stage="over", verdict=v)
        reasons += v.how
    return g, tuple(reasons)


# -- Income (3.1-3.3) and the start of a turn -----------------------------------------------------

def income_for(n_bases: int) -> tuple[int, int]:
    """3.3: 1 / 2 / 3 / 4 Bases give 2 / 3 / 3 / 4 Minerals and 3 / 3 / 4 / 4 cards (more than 4 as 4)."""
    if n_bases <= 0:
        return 0, 0
    return INCOME[min(n_bases, BASES_TO_WIN)]


def restore(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    """3.1: for each Squad, remove all Command Tokens, or one Exhaust Token if no Command Token is present."""
    reasons = []
    for s in g.spaces:
        if s.owner != i:
            continue
        if s.command:
            g = _put(g, replace(s, command=False))
            reasons.append(f"{s.name}: Command Token removed" + (" (its Exhaust Token stays)" if s.exhaust else "")
                           + " (3.1).")
        elif s.exhaust:
            g = _put(g, replace(s, exhaust=s.exhaust - 1))
            reasons.append(f"{s.name}: one Exhaust Token removed (3.1).")
    return g, tuple(reasons)


def _income(g: Game) -> tuple[Game, tuple[str, ...]]:
    i = g.turn
    g, reasons = restore(g, i)
    n = bases(g, i)
    minerals, cards = income_for(n)
    s = g.sides[i]
    hand = s.hand + cards
    reasons = list(reasons) + ["3.2 Gain: gain 1 card now, before drawing; it goes to the discard pile (3.2, "
                               "Deck-Building Rules 1).",
                               f"3.3 Income, after the Gain: {player_name(g, i)} has {n} Base{'s' if n != 1 else ''}: "
                               f"+{minerals} Minerals, draws {cards} cards (3.3)."]
    if hand > HAND_LIMIT:
        reasons.append(f"{hand} cards in hand: discard down to {HAND_LIMIT} (3.3).")
        hand = HAND_LIMIT
    return with_side(g, i, minerals=s.minerals + minerals, hand=hand), tuple(reasons)


def gain_card(g: Game, source: str, reset: bool = False, card: str = "") -> Outcome:
    """3.2. Gain: 1 card from the Faction Technology or the Central Cards, to the discard pile (Deck-Building
    Rules 1), so the hand does not change; the Faction Technology on display may then be reset."""
    _playing(g, "income")
    if source not in GAIN_FROM:
        raise GameError("source", f"Gain the card from the Faction Technology or the Central Cards (3.2); {source!r} "
                                  "is neither.")
    if g.gained:
        raise GameError("source", f"{player_name(g, g.turn)} already gained a card this Income Phase, from "
                                  f"{GAIN_FROM[g.gained]}: 1 card (3.2).")
    card = " ".join(card.split()) or "a card"
    reasons = [f"{card} from {GAIN_FROM[source]} goes to the discard pile (3.2, Deck-Building Rules 1)."]
    if reset:
        reasons.append("The Faction Technology on display is discarded to the Faction discard pile and 3 new cards "
                       "are revealed (3.2, A5).")
    return Outcome(replace(g, gained=source), f"{player_name(g, g.turn)} gained {card} from {GAIN_FROM[source]}",
                   tuple(reasons))


def _start_turn(g: Game) -> tuple[Game, tuple[str, ...]]:
    """The general victory condition is checked as a player begins their turn (Objective of the Game)."""
    i = g.turn
    if bases(g, i) >= bases_needed(g, i):
        v = Verdict(i, (f"{player_name(g, i)} begins the turn with {bases(g, i)} Bases on the map (needs "
                        f"{bases_needed(g, i)}) and wins (Objective of the Game).",))
        return replace(g, stage="over", verdict=v), v.how
    return g, ()


# -- the stepper ------------------------------------------------------------------------------------

def current_step(g: Game) -> Step:
    if g.stage == "setup":
        if g.first is None:
            rolling = ", ".join(player_name(g, i) for i in tied_for_first(g))
            return Step(0, "Set-up", "First player", f"Roll the Attacker Die ({rolling}): most Damage symbols is "
                        "first player, ties re-roll; or choose at random (A1).", SETUP_STEPS)
        if any(p.faction is None for p in g.players):
            return Step(0, "Set-up", "Factions", "Starting with the first player, each player selects a Faction (A2).",
                        SETUP_STEPS)
        if not g.draft.done:
            who = placer(g)
            if len(g.players) == 2:
                text = ("Draw 5 Terrain Tiles face-up (B2)." if not g.draft.shown else
                        f"{player_name(g, who)} places a tile: picks 1-2-1, the rest returned (B3); Plateau on the "
                        "highest tray (B4).")
                return Step(0, "Set-up", "Terrain", f"Draft round {g.draft.round} of 2. {text}", SETUP_STEPS)
            text = ("Place 1 random tile in the empty space (C5)." if who is None else
                    "Each player draws 3 Terrain Tiles (C2)." if not g.draft.hands else
                    f"{player_name(g, who)} places one of {', '.join(g.draft.hands[who])} next to their "
                    "Headquarter" + (" or a placed tile (C3-C4)." if g.draft.round > 1 else " (C3)."))
            return Step(0, "Set-up", "Terrain", f"Placement round {g.draft.round}. {text}", SETUP_STEPS)
        return Step(0, "Set-up", "Terrain", "The map is ready: begin with starting cards and Minerals by turn "
                    "order (A9).", SETUP_STEPS)
    if g.stage == "over":
        return Step(round_of(g), "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    who = player_name(g, g.turn)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase == "upkeep":
        waiting = undecided(g, g.turn)
        text = (f"{who}: pay the Continue cost of each card or discard it (1. Upkeep)"
                + (f" — waiting: {', '.join(c.name for c in waiting)}." if waiting else "; nothing to pay."))
    elif g.phase == "action":
        text = (f"{who}: play cards, discard a card for 1 Mineral, command a Squad to Move, Attack or Extract — one "
                "Command Token per Space (2. Action).")
    else:
        gain = (f"card gained from {GAIN_FROM[g.gained]} (3.2)" if g.gained else
                "gain 1 card from the Faction Technology or the Central Cards (3.2)")
        minerals, cards = income_for(bases(g, g.turn))
        text = (f"{who}: 3.1 Restore done (Command Tokens, then Exhaust); 3.2 {gain}; 3.3 Income: +{minerals} "
                f"Minerals and {cards} cards drawn after the Gain (counted already); Next ends the turn."
                if g.applied else "")
    return Step(round_of(g), phase, f"{who}'s turn", text, PHASES)


def round_of(g: Game) -> int:
    """The round: every player has one turn a round, from the first player (End Turn); turn_no counts turns."""
    return (g.turn_no - 1) // len(g.players) + 1


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    i = g.turn
    if g.phase == "upkeep":
        waiting = undecided(g, i)
        if waiting:
            raise GameError("step", f"Pay or discard {', '.join(c.name for c in waiting)} first (1. Upkeep Phase).")
        return Outcome(replace(g, phase="action"), f"{player_name(g, i)}: Action Phase")
    if g.phase == "action":
        g, reasons = _income(replace(g, phase="income"))
        return Outcome(replace(g, applied=True), f"{player_name(g, i)}: Income Phase applied", reasons)
    order = seat_order(g)
    nxt = order[(order.index(i) + 1) % len(order)]
    ended = ("Players take turns in sequence until one meets the victory conditions (End Turn).",)
    if not g.gained:
        ended += (f"{player_name(g, i)} ended the turn without recording the card gained in 3.2.",)
    g = replace(g, turn=nxt, turn_no=g.turn_no + 1, phase="upkeep", applied=False, combat=(), gained="")
    g, reasons = _start_turn(g)
    if g.stage == "over":
        return Outcome(g, f"{player_name(g, nxt)} wins", reasons)
    return Outcome(g, f"{player_name(g, i)} ended the turn; {player_name(g, nxt)}'s turn", ended)


def back_step(g: Game) -> Outcome:
    """Back from the Action to the Upkeep Phase; an applied Income is undone with Undo, not Back."""
    if g.stage != "play":
        raise GameError("step", "Back works during the turns; use Undo for anything else.")
    if g.phase != "action":
        raise GameError("step", "Use Undo to go back further: Back only returns from the Action to the Upkeep Phase.")
    return Outcome(replace(g, phase="upkeep"), f"Back to {player_name(g, g.turn)}'s Upkeep Phase")


# -- the score panel ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    name: str
    color: str
    faction: str | None
    bases: int
    needed: int
    minerals: int
    hand: int
    command_tokens: int
    headquarters_destroyed: int
    to_play: bool

    @property
    def still_needs(self) -> int:
        return max(0, self.needed - self.bases)


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, p.faction, bases(g, i), bases_needed(g, i), s.minerals, s.hand,
                       command_tokens(g, i), s.headquarters_destroyed, g.stage == "play" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))

"""Suriya 162's numbers, its content (terrains, dice, the Player Tray) and its state: the frozen
dataclasses companion/codec.py stores (their type hints resolve here), and the phase check every
command of a turn makes."""
from __future__ import annotations

import random
from dataclasses import field

from ...codec import ADDED, state_codec
from ..frame import GameError, Player, Verdict
from ...record import record


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

@record
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


@record
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


@record
class SymbolDie:
    name: str  # basic / elite / general / attacker
    faces: tuple[Symbols, ...]
    verified: bool = False

    def roll(self, rng: random.Random | None = None) -> Symbols:
        return (rng or random.SystemRandom()).choice(self.faces)


@record
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

@record
class Unit:
    kind: str  # BU / EU / GU
    hp: int
    name: str = ""  # a General's name
    converted: bool = False  # changed or converted: no tray bonus when destroyed (Combat 7)


@record
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


@record
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


@record
class ContinueCard:
    name: str
    cost: int  # the Mineral cost paid in each Upkeep Phase
    kept_turn: int  # the turn it was played or last kept


@record
class KnownCard:
    """A card as the table typed it when it was first played in this game (2. Action Phase, A): its name and its
    two costs, offered again by name so that nothing of it is typed twice (issue 34)."""
    name: str
    cost: int  # the Mineral cost paid to play it
    continue_cost: int | None = None  # a Continue card's cost in each Upkeep Phase; None: not a Continue card


@record
class Side:
    minerals: int = 0
    hand: int = 0
    bases_built: int = 0  # Base tokens taken from the Faction Cover to the map
    headquarters_destroyed: int = 0  # enemy Headquarters this player destroyed (3-4 players)
    continuing: tuple[ContinueCard, ...] = ()


@record
class Draft:
    """The two-player terrain draft (B2-B4), or the 3-4 player placement rounds (C2-C5)."""
    round: int = 1
    shown: tuple[str, ...] = ()
    picks: int = 0  # tiles placed this round
    done: bool = False
    hands: tuple[tuple[str, ...], ...] = ()  # 3-4 players: the tiles each seat holds (C2), passed left (C3)


@record
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
    # The cards played in this game, each as typed (the latest typing of a name wins), in the order first typed:
    # offered again by name with their costs (issue 34). Part of the state, so an undone play takes its card
    # back with it. ADDED: added after games were stored, written only when not empty.
    known_cards: tuple[KnownCard, ...] = field(default=(), repr=False, metadata=ADDED)
    # What else a table types once in a game, offered again as choices (issue 38): each Tactic card played in a
    # combat with its name and effect, and each General summoned with its name and HP (its GU card). The latest
    # typing of a name wins; being state, an undone combat or summon takes them back.
    known_tactics: tuple[TacticCard, ...] = field(default=(), repr=False, metadata=ADDED)
    known_generals: tuple[Unit, ...] = field(default=(), repr=False, metadata=ADDED)


# The state's file format is the dataclasses themselves, read back by their type hints (companion/codec.py).
to_dict, from_dict = state_codec(Game)


# -- the check every command of a turn makes ----------------------------------------------

def _playing(g: Game, phase: str | None = None) -> None:
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    if phase and g.phase != phase:
        raise GameError("phase", f"That is done in the {PHASES[PHASE_KEYS.index(phase)]} Phase; this is the "
                                 f"{PHASES[PHASE_KEYS.index(g.phase)]} Phase (Game Phases).")

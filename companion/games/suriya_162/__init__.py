"""Suriya 162 (suriya-162-rulebook.txt) — set-up, the three phases of a turn, terrain combat, bases.

The rulebook has no page numbers, so reasons cite its sections: Game Setup (A1-A9, the terrain
draft B1-B4, C1-C5), Objective of the Game, Game Phases (1 Upkeep, 2 Action, 3 Income; Combat
steps 1-7; Limitations and Constraints), Command Tokens, Building a Base, Exhaust Tokens,
Deck-Building Rules and Locations. Terrain modifiers, unit hit points and the dice faces come
from data/suriya-162/ (`Content`); the dice faces are not in the text and are marked unverified.
Readings of open questions: docs/rules.md, "Suriya 162".

The game's state is one frozen `Game`; every command is `(Game, ...) -> Outcome` and a refused one raises
`GameError` naming the form field (companion/games/frame.py).
One module per job, each importing only those before it:
    state     the numbers, the content (terrains, dice, the Player Tray), the state's dataclasses (stored by
              companion/codec.py) and the phase check
    board     the hex map: adjacency, open spots, the seat order, Bases, Command Tokens, the Player Tray
    setup     the first player, factions, the terrain draft or placement, the starting hands (A1-A9, B, C)
    cards     the Upkeep of Continue cards, playing (a card typed once, then by name) and discarding cards,
              Minerals and hand changes, burning
    squads    summoning (a General typed once, then by name), moving, extracting, building a Base, Command and
              Exhaust Tokens (2. Action, C)
    combat    a combat's dice, Tactic cards (typed once, then by name), terrain and damage (Combat 1-7), its log
              line; True Damage and removals
    income    Restore, Gain and Income (3.1-3.3) and the victory check as a turn begins
    stepper   where the game stands, Next and Back through set-up and each turn's phases (the turn ends only
              once the card of 3.2 is gained)
    scoring   the score panel
"""
from ..frame import GameError, Outcome, Player, Step, Verdict, player_name, players, verdict, with_side
from .board import (
    HQ_AT, adjacent, bases, bases_needed, command_tokens, freed_slots, in_tray, on_map, open_spots, seat_order,
    space,
)
from .cards import adjust, burn, discard_for_mineral, known_card, play_card, play_known, undecided, upkeep
from .combat import (
    DIE_OF, SIDES, CombatResult, Fighter, TacticCard, assign_damage, attack, attack_choices, combat_dice,
    dice_said, known_tactic, remove_units, resolve_combat, true_damage,
)
from .income import gain_card, income_for, restore
from .scoring import Score, score
from .setup import (
    begin, choose_faction, choose_first, draft_order, draft_rounds, draw_hands, faction_chooser, free_factions,
    must_be_high, new_game, place_tile, placer, roll_for_first, show_tiles, tied_for_first, tile_choices,
)
from .squads import (
    MoveChoice, base_choices, build_base, commandable, exhaust, extract, known_general, move, move_choices, summon,
    summon_spaces,
)
from .state import (
    BASES_TO_WIN, BASE_HP, BASE_TOKENS, BONUSES, COMMAND_START, DRAFT_SHOWN, FORMAT, GAIN_FROM, HAND_LIMIT,
    HEADQUARTER, INCOME, KEY, KINDS, MAX_PLAYERS, MIN_PLAYERS, PHASES, PHASE_KEYS, PLAYERS_RANGE, SETUP_STEPS,
    SQUAD_LIMIT, START, TILES_EACH, TITLE, Content, ContinueCard, Draft, Game, KnownCard, Side, Space, SymbolDie, Symbols,
    Terrain, Unit, from_dict, to_dict,
)
from .stepper import back_step, can_advance, current_step, idle, next_step, round_of

__all__ = [
    "BASES_TO_WIN", "BASE_HP", "DIE_OF", "BASE_TOKENS", "BONUSES", "COMMAND_START", "DRAFT_SHOWN", "FORMAT", "GAIN_FROM",
    "HAND_LIMIT", "HEADQUARTER", "HQ_AT", "INCOME", "KEY", "KINDS", "MAX_PLAYERS", "MIN_PLAYERS", "PHASES",
    "PHASE_KEYS", "PLAYERS_RANGE", "SETUP_STEPS", "SIDES", "SQUAD_LIMIT", "START", "TILES_EACH", "TITLE",
    "CombatResult", "Content", "MoveChoice", "ContinueCard", "Draft", "Fighter", "Game", "KnownCard", "GameError", "Outcome", "Player",
    "Score", "Side", "Space", "Step", "SymbolDie", "Symbols", "TacticCard", "Terrain", "Unit", "Verdict",
    "adjacent", "adjust", "assign_damage", "attack", "attack_choices", "combat_dice", "dice_said", "back_step", "can_advance", "bases", "bases_needed", "begin", "build_base",
    "burn", "choose_faction", "choose_first", "command_tokens", "current_step", "discard_for_mineral",
    "draft_order", "draft_rounds", "draw_hands", "exhaust", "extract", "freed_slots", "from_dict", "gain_card",
    "idle", "in_tray", "income_for", "known_card", "known_general", "known_tactic", "move", "move_choices", "new_game", "next_step", "on_map", "open_spots", "place_tile", "placer",
    "play_card", "play_known", "player_name", "players", "remove_units", "resolve_combat", "restore", "roll_for_first",
    "round_of", "score", "seat_order", "show_tiles", "space", "summon", "tied_for_first", "to_dict", "true_damage",
    "undecided", "upkeep", "verdict", "with_side",
    # what the pages offer: only the choices the rules take now (issue 29)
    "base_choices", "commandable", "faction_chooser", "free_factions", "must_be_high", "summon_spaces", "tile_choices",
]

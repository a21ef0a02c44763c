"""Aldarra Reborn (aldarra-reborn-rulebook.txt) — set-up, the round stepper, economy, combat.

Pages are the rulebook's (its table of contents): components p.3-4, tiles p.5,
set-up p.5-7, Arrival and Preparation p.8, Expansion and movement p.9, combat
p.9-11, explore p.12, Management p.13, scoring and game end p.14, factions
p.15-16. Unit cards, dice faces and the Buy Victory Points table are pictures
in the rulebook: they come from data/aldarra-reborn/ (`Content`), unverified.
Readings of open questions: docs/rules.md, "Aldarra Reborn".

The game's state is one frozen `Game`; every command is `(Game, ...) -> Outcome` and a refused one raises
`GameError` naming the form field (companion/games/frame.py).
One module per job, each importing only those before it:
    state        the numbers, the content cards, the state's dataclasses (stored by companion/codec.py),
                 the unit card's stats for its owner, and the checks every command makes
    board        the dealt hex board, the units on it, control, the Stacking Limit, the supply, the box's Crystals
    setup        dashboards, the dealt board, the Arrival's Strongholds and Outposts (p.5-8)
    preparation  turn-order positions, spawning and placing Crystals (p.8)
    expansion    orders: moving airships, exploring, Explore cards held (p.9, 12)
    combat       the combat steps, damage, retreats and escalation (p.9-11)
    management   Mine, Buy Victory Points, objectives, Discoveries, Build, ransoms and exchanges (p.13-16)
    scoring      the winner at Check Win (p.14) and the score panel
    stepper      where the game stands, Next and Back through the phases
"""
from ..frame import Die, GameError, Outcome, Player, Step, Verdict, player_name, players, verdict, with_side
from .board import (
    airships, contested, controls, count, crystals_in_box, distance, in_supply, neighbours, owners_at, stack_limit,
    stronghold_of, terrain, tile, tile_name, units_at,
)
from .combat import (
    assign, assign_options, chain_hits, combat_roll, delay_light, destroyer_join, destroyer_join_options, dice_pool, face_list,
    fortress_fire, fortress_fire_options, no_empty_light_step, retreat, retreat_choices, retreat_order, roll_chain, show_chain,
    start_combat, step_units, targets,
)
from .expansion import (
    current_player, end_order, explore, explore_choices, hold_card, legal_moves, move, place_order, reachable,
)
from .management import (
    Mine, adjust, build_cost, build_spots, build_unit, builder, buy_vp, claim_objective, discoverer, discoveries,
    draw_objectives, exchange, finish_building, may_draw, mine_report, ransom, take_discovery,
)
from .preparation import (
    choose_position, choosing_order, crystal_choices, crystal_placer, crystal_spots, place_crystal, spawn_most,
    spawn_roll,
)
from .scoring import Score, decide_winner, score
from .setup import arrival_order, deal_board, new_game, outpost_spots, place_outpost, place_stronghold, stronghold_spots
from .state import (
    BUILDINGS, CINDAR, CLASSES, COALITION, COLORS, CRYSTALS, EXCHANGE, FACTIONS, FORMAT, FORTRESS_BUILDS, HAND, KEY,
    KINDS, MAX_PLAYERS, MINED, MIN_PLAYERS, OBJECTIVES_DEALT, ODARIAN, ORDERS, OUTPOST_ENGINEERS, PHASES,
    PHASE_KEYS, PIECES, PLAYERS_RANGE, RANSOM, SPAWN_DICE, SPEED, STACK, STEPS, STRONGHOLD_COINS, SYNDICATE, TILES,
    TITLE, UNITS, WIDTH, WIN_VP, BuyOption, Combat, Content, FactionInfo, Game, Order, Side, Stats, Tile, UnitCard,
    Units, faction_of, from_dict, stats, to_dict,
)
from .stepper import back_step, can_advance, current_step, idle, next_step

__all__ = [
    "BUILDINGS", "CINDAR", "CLASSES", "COALITION", "COLORS", "CRYSTALS", "EXCHANGE", "FACTIONS", "FORMAT",
    "FORTRESS_BUILDS", "HAND", "idle", "KEY", "KINDS", "MAX_PLAYERS", "MINED", "MIN_PLAYERS", "OBJECTIVES_DEALT", "ODARIAN",
    "ORDERS", "OUTPOST_ENGINEERS", "PHASES", "PHASE_KEYS", "PIECES", "PLAYERS_RANGE", "RANSOM", "SPAWN_DICE",
    "SPEED", "STACK", "STEPS", "STRONGHOLD_COINS", "SYNDICATE", "TILES", "TITLE", "UNITS", "WIDTH", "WIN_VP",
    "BuyOption", "Combat", "Content", "Die", "FactionInfo", "Game", "GameError", "Mine", "Order", "Outcome",
    "Player", "Score", "Side", "Stats", "Step", "Tile", "UnitCard", "Units", "Verdict", "adjust", "airships",
    "arrival_order", "assign", "assign_options", "no_empty_light_step", "back_step", "can_advance", "build_cost", "build_spots", "build_unit", "builder", "buy_vp", "chain_hits",
    "choose_position", "choosing_order", "claim_objective", "combat_roll", "contested", "controls", "count",
    "crystal_choices", "crystal_placer", "crystal_spots", "crystals_in_box", "current_player", "current_step",
    "deal_board", "decide_winner", "delay_light", "destroyer_join", "destroyer_join_options", "dice_pool",
    "discoverer", "discoveries", "distance", "draw_objectives", "end_order", "exchange", "explore",
    "explore_choices", "face_list", "faction_of", "finish_building", "fortress_fire", "fortress_fire_options",
    "from_dict", "hold_card", "in_supply", "legal_moves", "may_draw", "mine_report", "move", "neighbours",
    "new_game", "next_step", "outpost_spots", "owners_at", "place_crystal", "place_order", "place_outpost",
    "place_stronghold", "player_name", "players", "ransom", "reachable", "retreat", "retreat_choices",
    "retreat_order", "roll_chain", "score", "show_chain", "spawn_most", "spawn_roll", "stack_limit", "start_combat",
    "stats", "step_units", "stronghold_of", "stronghold_spots", "take_discovery", "targets", "terrain", "tile", "tile_name",
    "to_dict", "units_at", "verdict", "with_side",
]

"""Lost Empires: War for the New Sun (lost-empires-rulebook.txt) — set-up, the five phases, combat, control.

Pages are the rulebook's: set-up p.3, deck builder p.4-5, Order Phase p.8-10,
Control Phase p.10, Gate, Casualty and Wrap Up Phases p.11, battlefields p.12,
combat examples p.13, keywords p.14-15. Card statistics and the result die's
faces are not in the text: they come from data/lost-empires/ (`Content`).
Readings of open questions: docs/rules.md, "Lost Empires".

A `Game` is immutable; every command is a function `(Game, ...) -> Outcome` (companion/games/frame.py).
One module per job, each importing only those before it:
    state       the rulebook's numbers, the content and state dataclasses, the file format (to_dict, from_dict)
    board       the five battlefields and their adjacency (p.9, 12)
    setup       the First Player roll, factions, decks, round 1 (p.3-5)
    combat      an attack's totals and damage, ELITE tokens, damage outside an attack, RUTHLESS (p.9, 13-15)
    orders      the Order Phase: playing, activating, actions, granted actions, ending a turn, passing (p.8-10)
    control     the Control Phase: each objective's control and artifacts (p.10, 14-15)
    round_end   the Gate, Casualty and Wrap Up Phases, and the victory (p.11)
    stepper     where the game stands, Next and Back
    scoring     the score panel and the table's artifact correction
This package gives them all by one import (`from companion.games import lost_empires`).
"""
from ..frame import (
    Die, DieResult, GameError, Outcome, Player, Step, Verdict, player_name, players, unit, verdict, with_side,
    with_unit,
)
from .board import adjacent, battlefield_name, battlefields, hive, units_at
from .combat import AttackResult, adjust_damage, attack_bonuses, elite_claimant, resolve_attack, ruthless_damage
from .control import Control, control_of, control_order, control_report, unit_control
from .orders import (
    UnitStats, activatable, activate, attack, command_left, command_limit, decline_grant, end_activation, end_turn, grant_action,
    granted_attack, granted_move, library_card, move, pass_turn, play_support, play_unit, remember, supply_left,
    use_ability,
)
from .round_end import decide_victory, fall_back, fall_back_choices, in_enemy_hive, total_control
from .scoring import Score, adjust_artifacts, score
from .setup import begin, check_deck, choose_faction, new_game, roll_for_first, set_deck, starter_deck
from .state import (
    ARTIFACT_TOKENS, ARTIFACTS_PER_GATE, CASUALTY_DAMAGE, COMMAND, COMMAND_ROUND_1, DECK_COPIES, DECK_DIFFERENT,
    DESTROYED_AT, ELITE_RULES, EYE_OF_GLIESE, FORMAT, GATES, GRANTS, KEY, KEYWORDS, OBJECTIVES, PHASE_KEYS, PHASES, PLAYERS,
    PLAYERS_RANGE, SUPPLY, TITLE, WEIGHTS, Activation, Card, Content, Faction, Game, Grant, Side, Unit, copies_out,
    from_dict, other, to_dict,
)
from .stepper import SETUP_STEPS, back_step, can_advance, current_step, idle, next_step

__all__ = [
    "activatable", "activate", "Activation", "adjacent", "adjust_artifacts", "adjust_damage", "ARTIFACT_TOKENS",
    "ARTIFACTS_PER_GATE", "attack",
    "attack_bonuses", "AttackResult", "back_step", "can_advance", "battlefield_name", "battlefields", "begin", "Card",
    "CASUALTY_DAMAGE", "check_deck", "choose_faction", "COMMAND", "command_left", "command_limit", "COMMAND_ROUND_1",
    "Content", "copies_out", "Control", "control_of", "control_order", "control_report", "current_step", "decide_victory",
    "DECK_COPIES", "DECK_DIFFERENT", "decline_grant", "DESTROYED_AT", "Die", "DieResult", "elite_claimant",
    "ELITE_RULES", "end_activation", "end_turn", "EYE_OF_GLIESE", "Faction", "fall_back", "fall_back_choices",
    "FORMAT", "from_dict", "Game", "GameError", "GATES", "Grant", "grant_action", "granted_attack", "granted_move",
    "GRANTS", "hive", "idle", "in_enemy_hive", "KEY", "KEYWORDS", "library_card", "move", "new_game", "next_step",
    "OBJECTIVES", "other", "Outcome", "pass_turn", "PHASE_KEYS", "PHASES", "play_support", "play_unit", "Player",
    "player_name", "players", "PLAYERS", "PLAYERS_RANGE", "remember", "resolve_attack", "roll_for_first",
    "ruthless_damage", "Score", "score", "set_deck", "SETUP_STEPS", "Side", "starter_deck", "Step", "SUPPLY",
    "supply_left", "TITLE", "to_dict", "total_control", "unit", "Unit", "unit_control", "units_at", "UnitStats",
    "use_ability", "Verdict", "verdict", "WEIGHTS", "with_side", "with_unit",
]

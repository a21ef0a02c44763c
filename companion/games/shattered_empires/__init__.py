"""Shattered Empires (shattered-empires-rules.txt, v2.0.0) — decks, Bases, the turn's steps, projects, combat.

The rules text has no page numbers: reasons cite its section headings, e.g.
"(Assigning Damage)". Card statistics are not in the text: they come from
data/shattered-empires/ (`Content`, unverified) and are copied into the game
when a card is played, so a running game never changes under an edited file.
Readings of open questions: docs/rules.md, "Shattered Empires".

A `Game` is immutable; every command is a function `(Game, ...) -> Outcome` (companion/games/frame.py).
One module per job, each importing only those before it:
    state       the rules' numbers, the content and state dataclasses, the file format (to_dict, from_dict)
    totals      a player's Yield, Command Points and Queue: the Base plus completed cards
    turn        what each step of a turn does by itself: draw, reset, completed projects, replenish, leaving
    setup       Bases, decks and sideboards, the first hands
    cards       playing projects, Yield, Modifications, Resources and Command Cards
    personnel   hiring and assigning Personnel
    combat      declaring an attack, each shot, return fire, intercepts, destroyed units and bases
    upkeep      repair, scrapping, promotion, trigger reminders, the hand
    stepper     where the game stands, Next and Back, and the steps with nothing to decide
    scoring     the score panel
This package gives them all by one import (`from companion.games import shattered_empires`).
"""
from ..frame import GameError, Outcome, Player, Step, Verdict, player_name, players, unit, verdict, with_side, with_unit
from .cards import (
    allocatable, allocate, choose_modified, may_play_resource, play_command, play_construction, play_research,
    play_resource,
)
from .combat import Shot, attackers, command_damage, damage_split, declare, evasion_hits, resolve
from .personnel import assign, hire
from .scoring import Score, score
from .setup import begin, check_deck, choose_base, new_game, set_deck
from .state import (
    ALLOWED, BASE, CARD_TYPES, COPIES_MAX, D6, DECK_MIN, DESIGNATIONS, DRAW, FORMAT, HAND_MAX, KEY, MAX_PLAYERS,
    MIN_PLAYERS, PHASES, PLAYERS_RANGE, RESEARCH_CP, SCRAP_CP, STEP_KEYS, TITLE, UNIT_TYPES, Asset, Attack, Base,
    Card, Content, Game, Mod, Project, Side, Staff, Unit, from_dict, project, seat, to_dict,
)
from .stepper import back_step, can_advance, current_step, idle, next_step
from .totals import command_max, queue_max, queued, yield_left, yield_total
from .turn import launcher_search
from .upkeep import adjust_hand, promote, repair, scrap, set_triggers
# Helpers the kit's page (the attack form's targets) and the tests reach; not part of the API.
from .cards import _unit_of
from .combat import _stations, _target_label

__all__ = [
    "adjust_hand", "allocatable", "allocate", "ALLOWED", "Asset", "assign", "Attack", "attackers", "back_step", "can_advance", "BASE",
    "Base", "begin", "Card", "may_play_resource",
    "CARD_TYPES", "check_deck", "choose_base", "choose_modified", "command_damage", "command_max", "Content",
    "COPIES_MAX", "current_step", "D6", "damage_split", "DECK_MIN", "declare", "DESIGNATIONS", "DRAW", "evasion_hits",
    "FORMAT", "from_dict", "Game", "GameError", "HAND_MAX", "hire", "idle", "KEY", "launcher_search", "MAX_PLAYERS",
    "MIN_PLAYERS", "Mod", "new_game", "next_step", "Outcome", "PHASES", "play_command", "play_construction",
    "play_research", "play_resource", "Player", "player_name", "players", "PLAYERS_RANGE", "Project", "project",
    "promote", "queue_max", "queued", "repair", "RESEARCH_CP", "resolve", "Score", "score", "scrap", "SCRAP_CP",
    "seat", "set_deck", "set_triggers", "Shot", "Side", "Staff", "Step", "STEP_KEYS", "TITLE", "to_dict", "unit",
    "Unit", "UNIT_TYPES", "Verdict", "verdict", "with_side", "with_unit", "yield_left", "yield_total",
]

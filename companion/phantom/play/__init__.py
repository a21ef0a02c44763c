"""A whole Phantom Epoch mission in play, round by round: set-up (p.9-11, 34), the round flow and initiative
(p.12-13), the event and adversary decks (p.12, 39, 47), conditions over time (p.37, 50), defeat (p.23,
26, 30) and the mission result (p.13-14). (The campaign's record of a finished mission is missions.py.)

A `Mission` is immutable. Every command is a function `(Mission, ...) -> Update`: the new mission and its
reasons, short sentences citing the rulebook page. A refused command raises `MissionError`, naming the
field and quoting the bad input, and nothing changes. The web layer stores each command as an event and
undoes by replaying them from the set-up, so nothing here may depend on anything but its arguments:
shuffles draw from the mission's own seed and a counter (`set_up` takes the `random.Random` that makes
the seed), and the same commands always give the same decks.

One module per job, each importing only those before it:
    state       the dataclasses, MissionError, and the checks every command makes
    decks       drawing, reshuffling and discarding Adversary Action and Event cards, and the decks the
                table draws itself, card by card as it names them
    figures     new adversaries, moves and hazards, doors, HP and Heal, conditions, defeat
    order       initiative and turn order with every tie rule
    round       the round flow, each turn's start and end, the end of the round and the result
    critical_strikes  the critical abilities a Critical Strike activates: a character's offered one tap each,
                an adversary's applied with its turn (the Decision die picking the target, p.20)
    attacks     a character's Attack (its targets, lines of sight, the one of the turn), and the
                adversary-turn glue with turn.py
    character_turn  a character's Move N / Leap N checked against its reach, the hazards its Move passed,
                a placement anyway, a Heal on an ally in range
    setup       the party embarking, set-up and the characters on their entry points
    corrections the table's hand corrections (HP, space, conditions, objects) and abandoning a mission
    next_step   what the table does next in the round's flow, allowed or why not (the action bar's value)
    preview     what each adversary still to act would do if its turn came now, and the spaces it could attack
                this round; it changes nothing
    codec       to and from plain JSON shapes (depends on state only)
"""
from .attacks import (
    AttackOutcome, AttackTarget, AttackTargets, SightLine, adversary_scenario, apply_adversary_turn, attack_on_turn,
    attack_lines, attack_reach, attack_targets, character_attack, event_notes, line_options, no_attack, round_guard,
    sight_lines, target_refusal,
)
from .character_turn import (
    EndTurnSays, MoveFaces, PassedHazards, RestTurn, end_turn_says, heal_ally, move_by_card, move_faces, name_of,
    passed_hazards, place_anyway, reachable, reachable_costs, rest_turn,
)
from .critical_strikes import CriticalOffer, activate_critical, adversary_critical, critical_offer
from .corrections import CORRECTED, abandon, correct_condition, correct_hp, correct_object, correct_space
from .codec import FORMAT, mission_from_dict, mission_to_dict
from .figures import (
    NO_NOVA_CELLS, SOURCES, EventTask, add_condition, discard_to_recover_from_stunned, enter_hazard, event_task, heal, move_figure,
    new_adversary_colors, open_door, place_adversary, place_hazard_token, remove_condition, set_hp,
    set_primary_target,
)
from .next_step import STEPS, NextStep, next_step, revealed_once_chosen
from .preview import AdversaryPreview, Destination, Preview, Switch, danger_spaces, destination, preview, still_to_act
from .order import TurnOrder, character_ties, initiative, turn_order
from .round import (
    WithinReach, all_adversaries_defeated, begin_round, character_turn_start, end_round, end_turn, fail_mission,
    may_redraw_boss_card, meet_objective, mission_report, record_event, redraw_boss_card, rest, reveal, select_cards,
    start_next_turn, within_reach,
)
from .decks import (
    EVENTS, EVENTS_ON_TOP, DeckPrompt, deck_label, deck_prompts, name_card, next_event_rounds, offered, type_card,
)
from .setup import (
    MAX_CHARACTERS, Seat, adversaries_for, build_event_deck, check_seats, embarking, one_off_id,
    party_seated, place_character, place_party, set_up, spread_colors,
)
from .state import (
    ActionChoice, AdversaryKind, AdversaryState, BossCard, BossKind, CharacterState, Choice, Deck, Drawn, Embarking,
    EventCard, EventEffect, Mission, MissionError, MissionResult, Round, Update, map_order, resting_now,
)

__all__ = [
    "CORRECTED", "abandon", "correct_condition", "correct_hp", "correct_object", "correct_space",
    "ActionChoice", "AdversaryKind", "AdversaryState", "AttackOutcome", "BossCard", "BossKind", "CharacterState",
    "Choice", "Deck", "Drawn", "EVENTS_ON_TOP", "Embarking", "EventCard", "EventEffect", "EventTask",
    "FORMAT", "AttackTarget", "AttackTargets", "NextStep", "PassedHazards", "STEPS", "Seat", "SightLine",
    "attack_lines", "attack_on_turn", "attack_reach", "attack_targets", "target_refusal", "embarking", "next_step",
    "one_off_id", "party_seated",
    "passed_hazards", "sight_lines",
    "MAX_CHARACTERS", "Mission", "MissionError", "MissionResult", "NO_NOVA_CELLS", "Round", "SOURCES", "TurnOrder",
    "Update", "WithinReach", "add_condition", "adversaries_for", "adversary_scenario", "apply_adversary_turn",
    "begin_round", "build_event_deck", "check_seats", "character_attack", "character_ties",
    "character_turn_start", "EndTurnSays", "MoveFaces", "end_turn_says", "move_faces", "heal_ally", "move_by_card",
    "name_of", "place_anyway", "reachable", "reachable_costs",
    "discard_to_recover_from_stunned", "end_round", "end_turn", "enter_hazard", "event_task", "event_notes", "fail_mission", "heal",
    "initiative", "line_options",
    "may_redraw_boss_card", "meet_objective", "mission_from_dict", "mission_report", "mission_to_dict", "move_figure",
    "new_adversary_colors", "open_door", "place_adversary", "place_character", "place_party", "place_hazard_token",
    "redraw_boss_card", "remove_condition", "rest", "reveal", "revealed_once_chosen", "round_guard",
    "select_cards", "set_hp", "set_primary_target",
    "set_up", "spread_colors", "start_next_turn", "turn_order", "within_reach",
    "CriticalOffer", "RestTurn", "activate_critical", "adversary_critical", "all_adversaries_defeated",
    "critical_offer", "map_order", "no_attack", "record_event", "rest_turn", "resting_now",
    "AdversaryPreview", "Destination", "Preview", "Switch", "danger_spaces", "destination", "preview", "still_to_act",
    "EVENTS", "DeckPrompt", "deck_label", "deck_prompts", "name_card", "next_event_rounds", "offered", "type_card",
]

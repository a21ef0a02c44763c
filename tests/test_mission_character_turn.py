"""A character's turn as its cards say (companion/phantom/play/character_turn.py, attacks.py): Move N / Leap N
checked against the reach (p.24), a placement anyway, the hazards of the path taken (p.33), an Attack with the
card's range and line of sight and the Accuracy rolls nearest first (p.18-21), several targets and objects
(p.20-21), a Heal on an ally (p.25), and a rest (p.13, p.33)."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from companion.phantom.hazards import hazard_rules
from companion.phantom.hexmap import HexMap, Placement
from companion.phantom.play import (
    MissionError, character_attack, heal_ally, line_options, mission_from_dict, mission_to_dict, move_by_card, place_anyway,
    place_adversary, place_character, reachable, reachable_costs, set_hp, set_up, start_next_turn, end_turn,
)
from helpers.mission import (
    ARCHER, BOSS, BOSS_CARDS, BRAM, CLASSES, EARLY, L, LATE, P, SCOUT, SENTRY, SPECIES, VERA, cond, figure, said,
    to_turns, with_discard,
)


RULES = hazard_rules(json.loads((Path(__file__).resolve().parents[1] / "data" / "phantom-epoch" / "hazards.json")
                                .read_text(encoding="utf-8"))["hazards"])


def mission(walls=(), hazards=None, objects=None, placements=None, doors=None):
    m = HexMap.build(L, L.parse_rect("A-1:J-8"), walls=[(P(a), P(b)) for a, b in walls],
                     doors={P(k): v for k, v in (doors or {}).items()},
                     hazards={P(k): v for k, v in (hazards or {}).items()},
                     objects={P(k): v for k, v in (objects or {}).items()},
                     entry_points=[P(e) for e in ("A-1", "A-3", "A-5", "A-7")],
                     placements={P(k): Placement(*v) for k, v in (placements or {}).items()})
    out = set_up("berkav-1", m, 2, (VERA, BRAM), (ARCHER, SENTRY, SCOUT, BOSS), species_decks=SPECIES,
                 class_decks=CLASSES, boss_decks=BOSS_CARDS, events_1_5=EARLY, events_6_plus=LATE,
                 rng=random.Random(7), hazards=RULES).mission
    out = place_character(out, "vera", "A-3").mission
    return place_character(out, "bram", "A-7").mission


def walled(space, *open_to):
    """Walls on every side of `space` but towards `open_to`."""
    plain = HexMap.build(L, L.parse_rect("A-1:J-8"))
    return [(space, plain.label(n)) for n in plain.neighbours_on_map(P(space)) if plain.label(n) not in open_to]


def vera_turn(m):
    """Round 1 with Vera first (AP 1) and Bram last."""
    m = to_turns(m, vera=[("Dash", 1)], bram=[("Charge", 6)])
    return start_next_turn(m).mission


def at(m, fid):
    return m.map.label(figure(m, fid).at)


# -- Move N / Leap N (p.24) -----------------------------------------------------------------------------------

def test_a_move_within_the_cards_mp_goes_by_the_fewest_mp_path():
    m = vera_turn(mission())
    out = move_by_card(m, "vera", "D-3", 3)
    assert at(out.mission, "vera") == "D-3" and said(out.reasons, "Vera: Move 3", "3 MP by A-3")
    assert [r for r in out.reasons if "D-3" in r] == ["Vera: Move 3 — 3 MP by A-3 → B-3 → C-3 → D-3 (p.24)"]  # said once


def test_a_space_beyond_the_cards_mp_is_refused_with_the_mp_it_needs():
    m = vera_turn(mission())
    with pytest.raises(MissionError, match=r"to: H-3 needs 7 MP for Vera's Move, which has 3 \(p.24\)") as exc:
        move_by_card(m, "vera", "H-3", 3)
    assert exc.value.field == "to"


def test_a_space_walled_off_is_refused_for_the_walls():
    # p.24: "Movement through walls is never allowed": B-3 walled in on every side.
    walls = walled("B-3")
    m = vera_turn(mission(walls=walls))
    with pytest.raises(MissionError, match="Vera cannot get to B-3 with any Move: walls or enemies are in every way"):
        move_by_card(m, "vera", "B-3", 8)


def door_in_a_wall():
    """Column D walled off from A-1 to D-8 but for a closed door on D-3: the only way east from A-3 is through it."""
    walls = [w for row in range(1, 9) if row != 3 for w in walled(f"D-{row}")]
    return mission(walls=walls, doors={"D-3": "closed"})


def test_a_move_through_a_closed_door_opens_it_and_the_log_says_so():
    # p.34: "Doors are opened by Moving or Leaping through them … Only characters can open doors."
    m = vera_turn(door_in_a_wall())
    costs = reachable_costs(m, "vera")
    assert costs["F-3"] == 5 and costs["D-3"] == 3  # the reach the page lights goes through the door
    out = move_by_card(m, "vera", "F-3", 5)
    assert at(out.mission, "vera") == "F-3" and out.mission.map.door_states[P("D-3")] == "open"
    assert said(out.reasons, "Vera: Move 5 — 5 MP by A-3 → B-3 → C-3 → D-3 → E-3 → F-3")
    assert said(out.reasons, "Vera opens the door on D-3 by going through it (p.34)")
    assert "D-3" in out.mission.round.passed
    leapt = move_by_card(m, "vera", "E-3", 4, "leap").mission  # a Leap through it opens it too (p.34)
    assert at(leapt, "vera") == "E-3" and leapt.map.door_states[P("D-3")] == "open"
    stopped = move_by_card(m, "vera", "D-3", 3).mission  # entering the door opens it: an empty space (p.38)
    assert at(stopped, "vera") == "D-3" and stopped.map.door_states[P("D-3")] == "open"
    with pytest.raises(MissionError, match=r"F-3 needs 5 MP for Vera's Move, which has 4 \(p.24\)"):
        move_by_card(m, "vera", "F-3", 4)
    assert m.map.door_states[P("D-3")] == "closed"  # a refused move opens nothing


def test_a_door_is_opened_only_when_the_move_needs_it_and_never_by_an_adversary():
    # p.34: "Only characters can open doors": an adversary's reach keeps a closed door a wall.
    m = vera_turn(door_in_a_wall())
    out = move_by_card(m, "vera", "C-3", 2)
    assert out.mission.map.door_states[P("D-3")] == "closed" and not said(out.reasons, "opens the door")
    m = place_adversary(m, "grallok-sentry", "B-5").mission
    sentry = next(f for f in m.board.figures if f.side == "adversary")
    assert P("F-3") not in reachable(m, sentry.id).cost and P("F-3") in reachable(m, "vera").cost


def test_an_occupied_space_is_refused_naming_who_is_there():
    m = vera_turn(mission())
    with pytest.raises(MissionError, match="A-7 holds Bram: a movement ends on an empty space or a hazard"):
        move_by_card(m, "vera", "A-7", 8)


def test_place_anyway_skips_the_reach_check_and_the_log_says_so():
    m = vera_turn(mission())
    out = place_anyway(m, "vera", "H-3")
    assert at(out.mission, "vera") == "H-3"
    assert said(out.reasons, "Vera is placed on H-3 anyway", "does not model")
    with pytest.raises(MissionError):  # it still ends on an empty space (p.24)
        place_anyway(m, "vera", "A-7")


def test_the_hazards_offered_are_those_on_the_path_taken():
    # p.33: a hazard acts when entered; p.24 item 3: a Leap enters only the space it ends on.
    walls = walled("A-3", "B-3")  # the only way out of A-3 is through B-3
    m = vera_turn(mission(walls=walls, hazards={"B-3": "fire", "H-8": "poison"}))
    moved = move_by_card(m, "vera", "D-3", 3).mission
    assert "B-3" in moved.round.passed and "H-8" not in moved.round.passed
    assert figure(moved, "vera").hp == 10  # only the end is applied at once; the table confirms the rest
    assert figure(move_by_card(m, "vera", "B-3", 1).mission, "vera").hp == 10 - 3  # the end: fire, 3 (p.33)
    leapt = move_by_card(m, "vera", "D-3", 3, "leap").mission
    assert leapt.round.passed == ("D-3",)
    assert mission_from_dict(mission_to_dict(moved)).round.passed == moved.round.passed
    ended = end_turn(moved).mission
    assert ended.round.passed == ()


def test_reachable_costs_are_the_fewest_mp_to_each_space():
    m = vera_turn(mission())
    costs = reachable_costs(m, "vera")
    assert costs["B-3"] == 1 and costs["D-3"] == 3 and "A-3" not in costs and "A-7" not in costs


# -- Attacks with the card's range (p.18-21) ----------------------------------------------------------------

def test_a_ranged_attack_uses_the_cards_range_and_asks_the_accuracy_rolls_nearest_first():
    # p.18: "figures must be able to count spaces to their target that is equal to or less than the Attack's
    # range"; p.21 step 4 and Figure 49 (p.52): an Accuracy roll for each non-adjacent figure or object on the
    # line, nearest first; a Block makes it the new target.
    m = mission(placements={"E-3": ("grallok-sentry", 1, 4)}, objects={"D-3": "destructible"})
    m = vera_turn(m)
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("C-3"))))
    with pytest.raises(MissionError, match="out of range: range 4, the Attack reaches 1"):
        character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]})
    waiting = character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=4)
    assert waiting.outcome == "awaiting-roll" and waiting.accuracy_rolls == ("bram", "object:D-3")
    assert waiting.rolls_needed[0].startswith("Accuracy die for bram")
    blocked = character_attack(m, "vera", "grallok-sentry-1", {"attack": [3], "accuracy": ["success", "block"]},
                               attack_range=4)
    assert blocked.outcome.startswith("blocked-by") and blocked.mission.map.object_at[P("D-3")] == "damaged"
    hit = character_attack(m, "vera", "grallok-sentry-1", {"attack": [3], "accuracy": ["success", "success"]},
                           attack_range=4)
    assert hit.outcome == "hit" and figure(hit.mission, "grallok-sentry-1").hp == 8 - (3 - 1)  # Guard 1


def test_the_attacker_chooses_the_line_of_sight_and_so_the_accuracy_rolls():
    # p.19: "Players may choose which vertices to use when drawing this line"; p.21 step 4: the rolls are for
    # what the chosen line crosses. Bram on C-2 is on some lines from A-3 to E-3, not on others.
    m = vera_turn(mission(placements={"E-3": ("grallok-sentry", 1, 4)}))
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("C-2"))))
    assert line_options(m, "vera", "grallok-sentry-1") == ((), ("bram",))
    clear = character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=4)
    assert clear.outcome == "hit" and said(clear.reasons, "the attacker may choose another (p.19)")
    across = character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=4, accuracy=["bram"])
    assert across.outcome == "awaiting-roll" and across.rolls_needed[0].startswith("Accuracy die for bram")
    with pytest.raises(MissionError, match="is not what any line of sight"):
        character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=4, accuracy=["nell"])


def test_no_line_of_sight_through_a_wall_whatever_the_range():
    walls = walled("C-3") + walled("D-3") + walled("D-2") + walled("D-4")
    m = vera_turn(mission(walls=walls, placements={"E-3": ("grallok-sentry", 1, 4)}))
    with pytest.raises(MissionError, match="no line of sight from vera to grallok-sentry-1"):
        character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=9)


def test_an_object_is_a_target_and_several_targets_are_attacked_one_by_one():
    # p.20 step 1: "a valid target is an enemy or a destructible object"; p.20 MULTI-TARGET: each Attack is
    # rolled separately against a different target.
    m = mission(placements={"A-2": ("grallok-sentry", 1, 4)}, objects={"A-4": "destructible"})
    m = vera_turn(m)
    first = character_attack(m, "vera", "object:A-4", {"attack": [2]}).mission
    assert first.map.object_at[P("A-4")] == "damaged"
    second = character_attack(first, "vera", "grallok-sentry-1", {"attack": [3]}).mission
    assert figure(second, "grallok-sentry-1").hp == 8 - 2 and second.map.object_at[P("A-4")] == "damaged"


# -- Heal (p.25) ---------------------------------------------------------------------------------------------

def test_a_heal_reaches_an_ally_in_range_with_a_bandage_token():
    # p.25: "If there is no range value on a Heal action, then its range is 1"; a Bandage token each time.
    m = vera_turn(mission())
    m = set_hp(m, "bram", 5).mission
    with pytest.raises(MissionError, match=r"Bram is out of range: range 4, its range is 1 when the card gives none"):
        heal_ally(m, "vera", "bram", 3)
    out = heal_ally(m, "vera", "bram", 3, heal_range=4)
    assert figure(out.mission, "bram").hp == 8 and out.mission.character("bram").bandages == 1


def test_a_heal_targets_the_character_or_its_allies_only():
    m = vera_turn(mission(placements={"B-3": ("grallok-sentry", 1, 4)}))
    with pytest.raises(MissionError, match="is not Vera or an ally"):
        heal_ally(m, "vera", "grallok-sentry-1", 2)


# -- Rest (p.13, p.33) -------------------------------------------------------------------------------------

def test_resting_on_fire_reapplies_burning_without_bleeding_damage():
    # p.13: detrimental conditions removed at the start of a rest turn, no Bleeding damage; p.33: "or rests
    # while still on the hazard, reapply Burning".
    m = mission(hazards={"B-3": "fire"})
    m = place_anyway(to_turns(with_discard(m, "vera", "Slash"), vera=None, bram=[("Charge", 3)]), "vera", "B-3")
    m = cond(m.mission, "vera", "Bleeding")
    hp = figure(m, "vera").hp
    out = start_next_turn(m)
    vera = figure(out.mission, "vera")
    assert vera.hp == hp and "Burning" in vera.conditions and "Bleeding" not in vera.conditions

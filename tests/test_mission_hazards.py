"""Hazards applied during a mission (p.33, 38): a figure entering fire, poison or a trap takes the damage and
the condition of data/phantom-epoch/hazards.json; a Leap enters only its last space (p.24); a placed adversary
has entered its space (p.26, 34); the start of a turn or a rest still on fire or poison reapplies the
condition (p.33); a Trap token goes when triggered, a printed trap stays (p.33). Readings: docs/rules.md,
"Phantom Epoch — hazards at the table"."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.phantom.hazards import HazardError, hazard_rules
from companion.phantom.play import (
    MissionError, adversary_scenario, apply_adversary_turn, character_turn_start, enter_hazard, mission_from_dict,
    mission_to_dict, move_figure, place_adversary, place_hazard_token, remove_condition, set_hp, start_next_turn,
)
from companion.phantom.scenario import Action
from companion.phantom.turn import resolve_turn
from test_mission import COLORS, P, figure, klass, new, said, species, stack, to_turns, with_discard

DATA = Path(__file__).resolve().parents[1] / "data" / "phantom-epoch" / "hazards.json"
RULES = hazard_rules(json.loads(DATA.read_text(encoding="utf-8"))["hazards"])


def mission(hazards, placements=None, rules=RULES):
    return new(placements, tokens={"hazards": hazards}, hazards=rules)


def test_the_shipped_hazard_rules_are_the_rulebooks():
    # p.33: fire 3 damage and Burning, poison 3 damage and Weakened, trap 5 damage.
    assert {r.name: (r.damage, r.condition) for r in RULES} == {
        "fire": (3, "Burning"), "poison": (3, "Weakened"), "trap": (5, None)}
    with pytest.raises(HazardError, match="hazards.0.name: 'lava' is not one of fire, poison, trap"):
        hazard_rules([{"name": "lava", "damage": 3, "condition": None}])
    with pytest.raises(HazardError, match="hazards.0.damage: .* not -1"):
        hazard_rules([{"name": "fire", "damage": -1, "condition": "Burning"}])


def test_a_character_ending_its_move_on_fire_takes_3_damage_and_burning():
    # p.33 FIRE: "The figure takes 3 damage upon entering and is inflicted with Burning."
    m = mission({"B-2": "fire"})
    out = move_figure(m, "vera", "B-2")
    vera = figure(out.mission, "vera")
    assert vera.hp == 7 and "Burning" in vera.conditions
    assert said(out.reasons, "vera enters B-2, a fire hazard: 3 damage, HP 10 -> 7, inflicted with Burning", "p.33")
    # Standing still is not entering (p.33: "when a figure enters them").
    again = move_figure(out.mission, "vera", "B-2").mission
    assert figure(again, "vera").hp == 7


def test_the_damage_and_condition_come_from_the_hazard_rules_not_from_code():
    hotter = tuple(replace(r, damage=4) if r.name == "fire" else r for r in RULES)
    out = move_figure(mission({"B-2": "fire"}, rules=hotter), "vera", "B-2")
    assert figure(out.mission, "vera").hp == 6
    # A mission without hazard rules names the hazard and leaves its effect to the table.
    bare = move_figure(mission({"B-2": "fire"}, rules=()), "vera", "B-2")
    assert figure(bare.mission, "vera").hp == 10 and said(bare.reasons, "fire hazard: apply its effect (p.33)")


def test_a_leap_enters_only_its_last_space_and_a_move_names_the_hazards_it_passed_through():
    # p.24 Leap 3: "Effects that trigger from entering a space, such as hazards ... only trigger for the space
    # that the Leap ends in" (the Slink passes over the fire hazard "without suffering Burning", p.24). A Move
    # enters every space on its way: the table taps the hazards it passed through.
    m = mission({"B-1": "fire", "C-1": "poison"})
    leapt = move_figure(m, "vera", "D-1").mission
    assert figure(leapt, "vera").hp == 10 and figure(leapt, "vera").conditions == ()
    moved = enter_hazard(leapt, "vera", "B-1")
    moved = enter_hazard(moved.mission, "vera", "C-1")
    vera = figure(moved.mission, "vera")
    assert vera.hp == 4 and set(vera.conditions) == {"Burning", "Weakened"}
    assert said(moved.reasons, "vera entered the poison hazard on C-1 on the way")
    with pytest.raises(MissionError, match="at: 'D-1' holds no hazard"):
        enter_hazard(leapt, "vera", "D-1")
    stood = move_figure(m, "vera", "B-1").mission
    with pytest.raises(MissionError, match="at: vera stands on B-1"):
        enter_hazard(stood, "vera", "B-1")


def test_poison_gives_weakened_and_reapplies_it_without_damage_while_the_figure_stays():
    # p.33 POISON: 3 damage and Weakened; "If the figure has removed Weakened but has not exited the poison
    # hazard by the start of its next turn, or rests while still on the hazard, reapply Weakened (but do not
    # take additional damage)."
    m = move_figure(mission({"B-1": "poison"}), "vera", "B-1").mission
    assert figure(m, "vera").hp == 7 and "Weakened" in figure(m, "vera").conditions
    m = remove_condition(m, "vera", "Weakened").mission
    started = start_next_turn(to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 5)]))
    vera = figure(started.mission, "vera")
    assert vera.hp == 7 and "Weakened" in vera.conditions
    assert said(started.reasons, "has not exited the poison hazard on B-1: Weakened is reapplied, no damage", "p.33")


def test_resting_on_a_hazard_reapplies_its_condition_after_the_rest_removes_it():
    # p.13: a rest removes detrimental conditions; p.33: "or rests while still on the hazard, reapply".
    m = move_figure(mission({"B-1": "fire"}), "vera", "B-1").mission
    m = to_turns(with_discard(m, "vera", "Old"), vera=None, bram=[("Charge", 5)])
    started = start_next_turn(m)
    vera = figure(started.mission, "vera")
    assert vera.hp == 7 and "Burning" in vera.conditions  # no Burning damage on a rest turn (p.37)
    assert said(started.reasons, "rests while still on the fire hazard on B-1: Burning is reapplied")


def test_burning_is_not_removed_after_its_damage_while_the_figure_stays_on_fire():
    # p.33 FIRE: "If the figure has not exited the space by the start of their next turn, do not remove Burning
    # after damage from it is applied."
    m = move_figure(mission({"B-1": "fire"}), "vera", "B-1").mission
    started = start_next_turn(to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 5)]))
    vera = figure(started.mission, "vera")
    assert vera.hp == 4 and "Burning" in vera.conditions
    assert said(started.reasons, "Burning is not removed (p.33)")
    # Off the fire, Burning does what p.37 says: 3 damage, then it is removed.
    away = move_figure(started.mission, "vera", "C-1").mission
    hurt, _ = character_turn_start(figure(away, "vera"), False, (), away.map, away.hazard_rules)
    assert hurt.hp == 1 and "Burning" not in hurt.conditions


def test_a_trap_token_is_removed_when_triggered_and_a_printed_trap_triggers_every_time():
    # p.33 TRAP: 5 damage; "If the trap is represented by a Trap token, remove it from the map. If the trap is
    # represented as part of the map, it is triggered every time it is entered."
    printed = mission({"B-1": "trap"})
    once = move_figure(printed, "bram", "B-1").mission
    assert figure(once, "bram").hp == 7 and P("B-1") in once.map.hazard_at
    twice = move_figure(move_figure(once, "bram", "C-1").mission, "bram", "B-1")
    assert figure(twice.mission, "bram").hp == 2 and said(twice.reasons, "printed on the map: it triggers every time")
    token = place_hazard_token(new(hazards=RULES), "B-1", "trap")
    assert said(token.reasons, "a trap Hazard token is placed on B-1 (p.38)")
    sprung = move_figure(token.mission, "bram", "B-1")
    assert figure(sprung.mission, "bram").hp == 7 and P("B-1") not in sprung.mission.map.hazard_at
    assert said(sprung.reasons, "the Trap token on B-1 is removed from the map (p.33)")
    back = mission_from_dict(json.loads(json.dumps(mission_to_dict(token.mission))))
    assert back == token.mission and back.map.hazard_tokens == {P("B-1")}


def test_a_hazard_token_goes_only_where_a_figure_can_end():
    m = new(tokens={"objects": {"C-2": "indestructible"}, "hazards": {"D-2": "fire"}}, hazards=RULES)
    with pytest.raises(MissionError, match="at: 'C-2' holds an object"):
        place_hazard_token(m, "C-2", "fire")
    with pytest.raises(MissionError, match="at: 'D-2' already holds a fire hazard"):
        place_hazard_token(m, "D-2", "trap")
    with pytest.raises(MissionError, match="kind: a Hazard token is fire, poison, trap, not 'lava'"):
        place_hazard_token(m, "E-2", "lava")


def test_hazard_damage_to_0_hp_defeats_the_character():
    # p.23: a character reduced to 0 HP is defeated.
    m = set_hp(mission({"B-1": "trap"}), "vera", 4).mission
    out = move_figure(m, "vera", "B-1")
    assert out.mission.character("vera").defeated and figure(out.mission, "vera") is None
    assert said(out.reasons, "Vera is defeated (p.23)")


def test_an_adversary_placed_on_a_hazard_has_entered_it():
    # p.26: "An adversary is considered to have entered the space that it is placed in. If the space is a
    # hazard ... the effect occurs immediately."
    out = place_adversary(mission({"E-4": "fire"}), "grallok-sentry", "E-4", "event")
    sentry = figure(out.mission, "grallok-sentry-1")
    assert sentry.hp == 5 and "Burning" in sentry.conditions
    assert said(out.reasons, "grallok-sentry-1 enters E-4, a fire hazard: 3 damage, HP 8 -> 5")


def _corridor(hazard, hp=None):
    """Column E walled by indestructible objects but for E-4, a hazard: the sentry on G-4 must go through it
    to reach Vera (p.28 hazards 1: "the way to the target is completely blocked" otherwise)."""
    objects = {f"E-{n}": "indestructible" for n in range(1, 9) if n != 4}
    m = new({"G-4": ("grallok-sentry", 1, 4)}, tokens={"objects": objects, "hazards": {"E-4": hazard}},
            hazards=RULES)
    m = stack(stack(m, "species:Grallok", species("Rush", 1, Action("move", 3))), "class:Sentry",
              klass("Smash", (2, 2, 2, 2), COLORS, Action("attack", 0)))
    if hp is not None:
        m = set_hp(m, "grallok-sentry-1", hp).mission
    m = move_figure(m, "vera", "C-4").mission
    m = to_turns(m, vera=[("Slash", 5)], bram=[("Charge", 6)])
    return start_next_turn(m).mission  # the sentry's species 1 + class 2: it goes first


def test_an_adversary_moving_through_a_hazard_takes_its_effect_and_the_plan_says_so():
    # p.28 hazards 1 sends it through the fire on E-4; p.33: 3 damage and Burning on entering.
    m = _corridor("fire")
    assert m.round.current == "grallok-sentry-1"
    plan = resolve_turn(adversary_scenario(m))
    assert said(plan.explanation, "enters E-4, a fire hazard: 3 damage, HP 8 -> 5, inflicted with Burning", "p.33")
    out = apply_adversary_turn(m, resolve_turn(adversary_scenario(m, {"attack": [2]})))
    sentry = figure(out.mission, "grallok-sentry-1")
    assert sentry.hp == 5 and "Burning" in sentry.conditions and sentry.at != P("E-4")


def test_an_adversary_defeated_by_a_trap_on_its_way_takes_no_further_action():
    # p.33 TRAP 5 damage; p.26: at 0 HP it is defeated, drops its nova cells where it fell, its turn is over.
    m = _corridor("trap", hp=4)
    plan = resolve_turn(adversary_scenario(m))
    assert said(plan.explanation, "defeated by the hazard and takes no further action")
    assert not any(s.targets for s in plan.steps)
    out = apply_adversary_turn(m, plan)
    assert figure(out.mission, "grallok-sentry-1") is None and out.mission.adversary("grallok-sentry-1").defeated
    assert P("E-4") in out.mission.map.hazard_at  # a printed trap stays (p.33)
    assert out.mission.round.current is None and figure(out.mission, "vera").hp == 10


def test_an_adversary_starting_its_turn_on_fire_keeps_burning_after_its_damage():
    # p.33 FIRE, for every figure: Burning is not removed after its damage while it has not exited the space.
    m = place_adversary(mission({"H-4": "fire"}), "grallok-sentry", "H-4").mission
    m = stack(stack(m, "species:Grallok", species("Wait", 1)), "class:Sentry",
              klass("Stand", (2, 2, 2, 2), COLORS))
    m = start_next_turn(to_turns(m, vera=[("Slash", 5)], bram=[("Charge", 6)])).mission
    plan = resolve_turn(adversary_scenario(m))
    assert said(plan.explanation, "has not exited the fire hazard on H-4: Burning is not removed (p.33)")
    out = apply_adversary_turn(m, plan)
    sentry = figure(out.mission, "grallok-sentry-1")
    assert sentry.hp == 2 and "Burning" in sentry.conditions

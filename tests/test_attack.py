"""The attack flow (p.20-22, 33-34, 36-37; Figure 49 p.61; INTERPRETATIONS.md "Dice"; docs/rules.md,
"Phantom Epoch — attacks")."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom.attack import (
    AttackError, Combatant, CounterAttack, Rolls, apply_conditions, damage_after_guard, guard_after_pierce,
    resolve_attack, resolve_counter_attack,
)
from companion.phantom.board import Board, Figure
from companion.phantom.dice import DiceError, parse_accuracy_result, parse_attack_result
from companion.phantom.dice_faces import dice_table
from companion.phantom.hexmap import HexMap, Layout
from companion.schemas.content.base import ContentError, load_files
from companion.schemas.content.campaign import FILES, load_campaign_content

DATA = Path(ROOT) / "data" / "phantom-epoch"


def fig(name, side="character", hp=10, attack=0, guard=0, conditions=()):
    return Combatant(name, side, hp, attack, guard, tuple(conditions))


def obj(label, state="intact"):
    return Combatant(f"object:{label}", object_state=state)


GRALLOK = fig("grallok", "adversary", hp=8, attack=1)
VERA = fig("vera", hp=10)


def hit(attacker=GRALLOK, target=VERA, attack=(), accuracy=(), target_range=1, **kw):
    return resolve_attack(attacker, target, Rolls(tuple(attack), tuple(accuracy)), target_range=target_range, **kw)


# -- Pierce and damage tables ------------------------------------------------------------------------------

# p.20, "Examples of Pierce effect on targets' Guard values".
PIERCE_TABLE = [(3, 2, 1), (3, "critical", 0), (1, 2, 0), (0, 2, 0), (-1, 2, -1), (-1, "critical", -1)]


@pytest.mark.parametrize("guard, pierce, new_guard", PIERCE_TABLE)
def test_pierce_table_of_page_20(guard, pierce, new_guard):
    critical = pierce == "critical"
    assert guard_after_pierce(guard, 0 if critical else pierce, critical) == new_guard
    # The same through the whole flow: a Critical Strike rolled, or a numbered roll with the Attack's Pierce.
    result = hit(target=fig("vera", guard=guard), attack=["critical" if critical else 2],
                 pierce=0 if critical else pierce)
    assert result.guard == new_guard


# p.21, step 6 "Examples": attack value, Guard value, damage.
DAMAGE_TABLE = [(3, 2, 1), (3, 4, 0), (3, -1, 4), (-1, -3, 2)]


@pytest.mark.parametrize("attack_value, guard, damage", DAMAGE_TABLE)
def test_damage_table_of_page_21(attack_value, guard, damage):
    assert damage_after_guard(attack_value, guard) == damage
    # Die 0 + the attacker's Attack attribute gives the table's attack value.
    result = hit(fig("grallok", "adversary", attack=attack_value), fig("vera", hp=10, guard=guard), attack=[0])
    assert (result.attack_value, result.guard, result.damage) == (attack_value, guard, damage)
    assert result.target_after.hp == 10 - damage


def test_attack_value_adds_die_attack_attribute_and_action_value():
    # p.21 step 3: the roll plus every Attack modifier (the attacker's Attack, the card's value).
    result = hit(fig("grallok", "adversary", attack=2), VERA, attack=[1], value=3)
    assert result.attack_value == 6 and result.damage == 6 and result.target_after.hp == 4


def test_damage_multiplier_applies_after_guard():
    # p.21: "damage x2" applies to the damage after the target's Guard: (5 - 2) x 2 = 6, not 5 x 2 - 2 = 8.
    result = hit(fig("grallok", "adversary", attack=5), fig("vera", hp=10, guard=2), attack=[0], damage_multiplier=2)
    assert result.damage == 6 and result.target_after.hp == 4


def test_defeat_at_zero_hp_never_below():
    # p.23, 26: reduced to 0 HP the figure is defeated; HP does not go negative.
    result = hit(fig("grallok", "adversary", attack=9), fig("vera", hp=3), attack=[2])
    assert result.defeated and result.target_after.hp == 0
    alive = hit(fig("grallok", "adversary", attack=1), fig("vera", hp=3), attack=[1])
    assert not alive.defeated and alive.target_after.hp == 1


# -- success and failure ------------------------------------------------------------------------------------

def test_success_needs_attack_value_greater_than_guard():
    # p.21-22: the Attack succeeds if it does not miss and the attack value is greater than the Guard.
    equal = hit(fig("grallok", "adversary", attack=1), fig("vera", guard=3), attack=[2], conditions=["Bleeding"])
    assert equal.outcome == "failed" and not equal.succeeded and equal.damage == 0
    assert "Bleeding" not in equal.target_after.conditions
    above = hit(fig("grallok", "adversary", attack=2), fig("vera", guard=3), attack=[2], conditions=["Bleeding"])
    assert above.outcome == "hit" and above.succeeded and above.target_after.conditions == ("Bleeding",)


# -- Critical Strike and Fumble -----------------------------------------------------------------------------

def test_a_critical_strike_counts_three_skips_accuracy_and_pierces_positive_guard():
    # p.20: value 3, pierces all positive Guard, Ranged Attacks reach the target without Accuracy rolls.
    result = hit(fig("grallok", "adversary", attack=1), fig("vera", hp=10, guard=4), attack=["critical"],
                 accuracy=["miss"], target_range=4, obstacles=[fig("goblin-2", "adversary")])
    assert result.outcome == "hit" and result.target == "vera"
    assert result.attack_value == 4 and result.guard == 0 and result.damage == 4
    assert [r.die for r in result.rolls_used] == ["Basic Attack die"]
    assert result.rolls_after.unused == ("rolls.accuracy[0]",)
    assert result.critical and result.critical_ability


def test_a_critical_strike_dealing_no_damage_still_enables_a_critical_ability():
    # p.20: "In the rare circumstance that rolling a Critical Strike deals 0 damage, a critical ability may
    # still be activated." 3 - 2 Attack - 2 Weakened = -1 against Guard 0.
    weak = fig("grallok", "adversary", attack=-2, conditions=["Weakened"])
    result = hit(weak, VERA, attack=["critical"], conditions=["Bleeding"])
    assert result.damage == 0 and result.outcome == "failed"
    assert result.critical_ability and result.target_after.conditions == ()


def test_a_fumble_ends_the_attack_and_the_attackers_attacks_this_turn():
    # p.20, 36: the Attack misses entirely, no further rolls; no further Attacks this turn.
    result = hit(GRALLOK, fig("vera", hp=10), attack=["fumble", 3], accuracy=["success"], target_range=3,
                 obstacles=[fig("goblin-2", "adversary")])
    assert result.outcome == "fumbled" and result.fumbled and result.no_further_attacks
    assert result.damage == 0 and result.target_after.hp == 10 and result.attack_value is None
    assert result.rolls_after.unused == ("rolls.attack[1]", "rolls.accuracy[0]")
    plain = hit(GRALLOK, VERA, attack=[1])
    assert not plain.no_further_attacks and not plain.fumbled


# -- the Accuracy chain, Figure 49 (p.61) -------------------------------------------------------------------

L = Layout()


def figure_49_board() -> Board:
    # p.61, Figure 49: the light blue Grallok Archer (1) shoots the red Human (2); every line of sight goes
    # through the destructible object next to the archer (4), the yellow Grallok Sentry (3), then the
    # destructible object (5).
    P = L.parse
    m = HexMap.build(L, L.parse_rect("A-1:H-6"), objects={P("C-4"): "destructible", P("E-4"): "destructible"})
    return Board(m, (
        Figure("archer", "adversary", P("B-4"), color="light-blue", hp=6, max_hp=6, attack=1, range=6),
        Figure("sentry", "adversary", P("D-4"), color="yellow", hp=5, max_hp=5, guard=1),
        Figure("human", "character", P("F-4"), color="red", hp=10, max_hp=10),
    ))


def figure_49_attack(attack, accuracy):
    board = figure_49_board()
    archer, human = board.figure("archer"), board.figure("human")
    # The rolls the text names, nearest first: "first ... the Grallok Sentry", then "the destructible object
    # at (5)" (sight.py's `accuracy_rolls` for this board; tests/test_sight.py checks that order).
    obstacles = [Combatant.on_board(board, name) for name in ("sentry", "object:E-4")]
    return resolve_attack(Combatant.from_figure(archer), Combatant.from_figure(human),
                          Rolls(tuple(attack), tuple(accuracy)),
                          target_range=board.map.range_between(archer.at, human.at), value=1, obstacles=obstacles)


@pytest.mark.parametrize("attack, accuracy, outcome, target, rolled_for", [
    # "A Critical Strike is rolled: the Attack successfully reaches the Human character."
    (["critical"], ["miss"], "hit", "human", []),
    # "A Fumble is rolled: the Attack fails and doesn't damage anything."
    (["fumble"], ["success"], "fumbled", "human", []),
    # "the first Accuracy die roll results in a Miss: the Attack fails and doesn't damage anything."
    ([2], ["miss", "success"], "missed", "human", ["sentry"]),
    # "the first ... results in a Block: ... as if the Grallok Sentry (3) were the target" (an ally).
    ([2], ["block", "success"], "blocked-by:sentry", "sentry", ["sentry"]),
    # "the first ... Success, but the second ... Miss: the Attack fails and doesn't damage anything."
    ([2], ["success", "miss"], "missed", "human", ["sentry", "object:E-4"]),
    # "the first ... Success, but the second ... Block: ... as if the destructible object (5) were the target"
    ([2], ["success", "block"], "blocked-by:object:E-4", "object:E-4", ["sentry", "object:E-4"]),
    # "the first and second Accuracy die rolls result in Success: the Attack successfully reaches the Human"
    ([2], ["success", "success"], "hit", "human", ["sentry", "object:E-4"]),
])
def test_figure_49_ranged_attack_through_two_objects_and_the_sentry(attack, accuracy, outcome, target, rolled_for):
    result = figure_49_attack(attack, accuracy)
    assert result.outcome == outcome and result.target == target
    # No roll is ever made for the object adjacent to the archer (4), nor for the Human itself.
    assert [r.for_whom for r in result.rolls_used if r.die == "Accuracy die"] == rolled_for
    human_hp = 10 - (result.damage if target == "human" else 0)
    if outcome in ("missed", "fumbled"):
        assert result.damage == 0 and result.target_after.hp == 10 and not result.succeeded
    if target == "human" and outcome == "hit":
        assert result.target_after.hp == human_hp < 10
    if target == "sentry":
        # Guard 1; attack 2 + Attack 1 + action 1 = 4: 3 damage to the archer's own ally.
        assert result.succeeded and result.damage == 3 and result.target_after.hp == 2
        assert result.target_after.side == "adversary"
    if target == "object:E-4":
        assert result.target_after.object_state == "damaged"
    assert result.critical == (attack == ["critical"])


def test_a_miss_stops_before_later_rolls_and_a_block_ends_the_chain():
    # p.36: Miss - "Do not proceed with any further calculations or rolls"; Block - the blocker is the target,
    # so nothing further on the line is rolled for.
    missed = figure_49_attack([2], ["miss", "block"])
    assert missed.rolls_after.unused == ("rolls.accuracy[1]",) and missed.attack_value == 4 and missed.guard is None
    blocked = figure_49_attack([2], ["block", "block"])
    assert blocked.rolls_after.unused == ("rolls.accuracy[1]",)


def test_block_by_an_indestructible_object_stops_the_attack_without_damage():
    # p.34: indestructible objects "do not take any damage when they block a Ranged Attack".
    pillar = obj("G-1", "indestructible")
    result = hit(GRALLOK, VERA, attack=[3], accuracy=["block"], target_range=3, obstacles=[pillar])
    assert result.outcome == "blocked-by:object:G-1" and result.damage == 0 and not result.succeeded
    assert result.target_after.object_state == "indestructible"


# -- conditions of the attacker and the target (p.37) ---------------------------------------------------------

def test_weakened_attacker_and_vulnerable_target():
    # p.37: Weakened -2 to all Attacks; Vulnerable -2 to Guard.
    weak = hit(fig("grallok", "adversary", attack=1, conditions=["Weakened"]), fig("vera", guard=1), attack=[2])
    assert weak.attack_value == 1 and weak.damage == 0
    exposed = hit(GRALLOK, fig("vera", guard=1, conditions=["Vulnerable"]), attack=[2])
    assert exposed.guard == -1 and exposed.damage == 4


def test_pierce_does_not_touch_a_guard_made_negative_by_vulnerable():
    # p.20: Pierce only affects Guard above 0 — so Vulnerable is counted before Pierce (step 5 sums all
    # sources of Guard first).
    result = hit(GRALLOK, fig("vera", guard=1, conditions=["Vulnerable"]), attack=[1], pierce=2)
    assert result.guard == -1 and result.damage == 3


def test_blinded_attacker_rolls_accuracy_before_the_attack_die():
    # p.37: "Before rolling any Attack ... must roll the Accuracy die, proceeding only if a Success was rolled."
    blind = fig("grallok", "adversary", attack=1, conditions=["Blinded"])
    ok = hit(blind, VERA, attack=[2], accuracy=["success"])
    assert ok.outcome == "hit" and [r.source for r in ok.rolls_used] == ["rolls.accuracy[0]", "rolls.attack[0]"]
    for result in ("block", "miss"):
        stopped = hit(blind, VERA, attack=[2], accuracy=[result])
        assert stopped.outcome == "missed" and stopped.damage == 0 and stopped.target_after.hp == 10
        assert stopped.rolls_after.unused == ("rolls.attack[0]",)
    waiting = hit(blind, VERA, attack=[2])
    assert [str(r) for r in waiting.rolls_needed] == [
        "Accuracy die for grallok, Blinded, before the attack on vera", "Basic Attack die for the attack on vera"]


def test_barrier_is_removed_instead_of_the_damage_and_the_attack_still_succeeds():
    # p.37 Barrier; p.21-22: success "even if another effect, such as barrier, mitigates the damage".
    shielded = fig("vera", hp=10, conditions=["Barrier"])
    result = hit(GRALLOK, shielded, attack=[3], conditions=["Bleeding"])
    assert result.barrier_used and result.target_after.hp == 10
    assert result.succeeded and result.outcome == "hit"
    assert result.target_after.conditions == ("Bleeding",)
    # "The next time the figure would receive damage": no damage, Barrier stays.
    held = hit(GRALLOK, fig("vera", hp=10, guard=5, conditions=["Barrier"]), attack=[1])
    assert not held.barrier_used and held.target_after.conditions == ("Barrier",)


def test_resilient_stops_the_next_new_detrimental_condition_only():
    # p.37 Resilient: the first new detrimental condition removes Resilient instead; the next one lands.
    tough = fig("vera", conditions=["Resilient"])
    result = hit(GRALLOK, tough, attack=[2], conditions=["Bleeding", "Weakened"])
    assert result.target_after.conditions == ("Weakened",)
    # A condition it already has only refreshes (p.37): it is not new, so Resilient stays.
    refreshed, _ = apply_conditions(fig("vera", conditions=["Resilient", "Bleeding"]), ["Bleeding"])
    assert refreshed == ("Resilient", "Bleeding")


def test_conditions_apply_in_order_refresh_and_burning_frozen_cancel():
    # p.21 step 7: in the order given; p.37: the same condition refreshes (no second token);
    # Frozen removes Burning instead of landing, and Burning removes Frozen.
    result = hit(GRALLOK, fig("vera", conditions=["Bleeding"]), attack=[2],
                 conditions=["Weakened", "Bleeding", "Blinded"])
    assert result.target_after.conditions == ("Bleeding", "Weakened", "Blinded")
    burning = hit(GRALLOK, fig("vera", conditions=["Burning"]), attack=[2], conditions=["Frozen"])
    assert burning.target_after.conditions == ()
    frozen = hit(GRALLOK, fig("vera", conditions=["Frozen"]), attack=[2], conditions=["Burning"])
    assert frozen.target_after.conditions == ()
    # Read as: the cancellation acts before Resilient, so Resilient is not spent (docs/rules.md).
    both = hit(GRALLOK, fig("vera", conditions=["Burning", "Resilient"]), attack=[2], conditions=["Frozen"])
    assert both.target_after.conditions == ("Resilient",)


def test_no_conditions_on_failure_on_objects_or_on_a_defeated_target():
    # p.21 step 7 (only if successful); p.34 (ignored when targeting an object); p.26 (a defeated adversary's
    # conditions are discarded).
    crate = hit(GRALLOK, obj("E-4"), attack=[2], target_range=2, conditions=["Bleeding"])
    assert crate.succeeded and crate.target_after.conditions == ()
    dead = hit(fig("grallok", "adversary", attack=5), fig("goblin", "adversary", hp=2), attack=[2],
               conditions=["Bleeding"])
    assert dead.defeated and dead.target_after.conditions == ()


# -- Vengeful (p.37) -----------------------------------------------------------------------------------------

def test_vengeful_answers_a_melee_attack_only():
    angry = fig("vera", hp=10, attack=2, conditions=["Vengeful"])
    melee = hit(GRALLOK, angry, attack=[1])
    assert melee.counter_attack == CounterAttack("vera", "grallok", -1)
    ranged = hit(GRALLOK, angry, attack=[1], target_range=2)
    assert ranged.counter_attack is None
    # p.20: an attempted Attack is complete whether it succeeds or not, so a failed Melee Attack counts too.
    failed = hit(GRALLOK, fig("vera", guard=9, conditions=["Vengeful"]), attack=[1])
    assert failed.outcome == "failed" and failed.counter_attack is not None


def test_vengeful_does_not_answer_when_the_attack_knocks_down_stuns_or_defeats():
    angry = fig("vera", hp=10, conditions=["Vengeful"])
    for condition in ("Knocked Down", "Stunned"):
        result = hit(GRALLOK, angry, attack=[1], conditions=[condition])
        assert result.counter_attack is None and condition in result.target_after.conditions
    dead = hit(fig("grallok", "adversary", attack=9), angry, attack=[2])
    assert dead.defeated and dead.counter_attack is None


def test_the_counter_attack_is_an_attack_minus_one_and_removes_vengeful():
    angry = fig("vera", hp=10, attack=2, conditions=["Vengeful"])
    first = hit(GRALLOK, angry, attack=[1, 3])
    counter = resolve_counter_attack(first.counter_attack, first.target_after, GRALLOK, first.rolls_after)
    # The next Attack die result (3) + vera's Attack 2 - 1 against the grallok's Guard 0.
    assert counter.attack_value == 4 and counter.target == "grallok" and counter.target_after.hp == 4
    assert "Vengeful" not in counter.attacker_after.conditions
    assert counter.rolls_after.unused == ()
    # Still waiting for its roll: the token stays until the Attack -1 is performed.
    waiting = resolve_counter_attack(first.counter_attack, first.target_after, GRALLOK, Rolls())
    assert waiting.outcome == "awaiting-roll" and "Vengeful" in waiting.attacker_after.conditions
    # A Fumble in retaliation does not happen on the retaliator's turn, so it ends no turn's Attacks.
    fumbled = resolve_counter_attack(first.counter_attack, first.target_after, GRALLOK, Rolls(("fumble",)))
    assert fumbled.fumbled and not fumbled.no_further_attacks


# -- destructible objects (p.33-34) ----------------------------------------------------------------------------

@pytest.mark.parametrize("before, after", [("intact", "damaged"), ("damaged", "destroyed")])
def test_a_destructible_object_loses_one_state_per_damaging_attack(before, after):
    # p.33: "its state will be lowered by one ... regardless of how much damage is done"; p.21 step 6.
    for die in (1, 5):
        result = hit(GRALLOK, obj("E-4", before), attack=[die], target_range=2)
        assert result.target_after.object_state == after and result.damage == die + 1


def test_an_object_that_takes_no_damage_keeps_its_state():
    # p.33: the state drops each time the object "takes damage"; 0 damage is no damage.
    weak = fig("grallok", "adversary", attack=-1)
    result = hit(weak, obj("E-4"), attack=[1], target_range=2)
    assert result.damage == 0 and result.target_after.object_state == "intact" and result.outcome == "failed"


def test_attacks_the_rules_forbid_are_refused():
    with pytest.raises(AttackError, match="indestructible"):  # p.34
        hit(GRALLOK, obj("G-1", "indestructible"), attack=[1], target_range=2)
    with pytest.raises(AttackError, match="destroyed"):  # p.33: terrain now
        hit(GRALLOK, obj("G-1", "destroyed"), attack=[1], target_range=2)
    with pytest.raises(AttackError, match="Knocked Down"):  # p.37
        hit(fig("grallok", "adversary", conditions=["knocked-down"]), VERA, attack=[1])
    with pytest.raises(AttackError, match="Invisible"):  # p.37
        hit(GRALLOK, fig("vera", conditions=["Invisible"]), attack=[1])
    with pytest.raises(AttackError, match="Melee Attack rolls no Accuracy die"):  # p.21
        hit(GRALLOK, VERA, attack=[1], obstacles=[fig("goblin-2", "adversary")])
    with pytest.raises(AttackError, match="'Sleepy' is not a condition"):
        hit(GRALLOK, VERA, attack=[1], conditions=["Sleepy"])


# -- rolls: given in advance, never invented --------------------------------------------------------------

def test_missing_rolls_are_listed_in_order_and_nothing_is_invented():
    obstacles = [fig("goblin-2", "adversary"), obj("E-4")]
    none = hit(GRALLOK, VERA, target_range=4, obstacles=obstacles)
    assert none.outcome == "awaiting-roll" and none.rolls_used == ()
    assert [str(r) for r in none.rolls_needed] == [
        "Basic Attack die for the attack on vera", "Accuracy die for goblin-2", "Accuracy die for object:E-4"]
    assert none.damage == 0 and none.target_after == VERA and not none.succeeded
    half = hit(GRALLOK, VERA, attack=[2], accuracy=["success"], target_range=4, obstacles=obstacles)
    assert half.outcome == "awaiting-roll" and [str(r) for r in half.rolls_needed] == ["Accuracy die for object:E-4"]
    assert [r.source for r in half.rolls_used] == ["rolls.attack[0]", "rolls.accuracy[0]"]
    assert half.target_after.hp == 10 and half.guard is None
    blitz = hit(GRALLOK, VERA, die="blitz")
    assert [str(r) for r in blitz.rolls_needed] == ["Blitz Attack die for the attack on vera"]


def test_rolls_are_consumed_in_order_across_the_turn():
    # Each list is consumed in order across the whole turn (DESIGN.md scenario `rolls`).
    rolls = Rolls.from_dict({"attack": [1, 2], "accuracy": ["success"]})
    first = resolve_attack(GRALLOK, VERA, rolls, target_range=3, obstacles=[fig("goblin-2", "adversary")])
    second = resolve_attack(GRALLOK, fig("bram"), first.rolls_after, target_range=1)
    assert first.attack_value == 2 and second.attack_value == 3
    assert [r.source for r in second.rolls_used] == ["rolls.attack[1]"] and second.rolls_after.unused == ()


@pytest.mark.parametrize("raw, message", [
    ({"attack": [2, "crit"]}, "rolls.attack[1]: 'crit' is not a number, critical or fumble"),
    ({"attack": [True]}, "rolls.attack[0]: True is not a number, critical or fumble"),
    ({"accuracy": ["success", "hit"]}, "rolls.accuracy[1]: 'hit' is not miss, block or success"),
    ({"attack": 3}, "rolls.attack: must be a list, not 3"),
    ({"damage": [1]}, "rolls: unknown field 'damage'"),
    ([1, 2], "rolls: must be an object with attack and accuracy lists"),
])
def test_bad_rolls_are_refused_naming_their_position(raw, message):
    with pytest.raises(DiceError) as caught:
        Rolls.from_dict(raw)
    assert str(caught.value).startswith(message)


def test_parse_functions_quote_the_bad_input():
    assert parse_attack_result(3) == 3 and parse_attack_result("critical") == "critical"
    assert parse_accuracy_result("block") == "block"
    with pytest.raises(ValueError, match="'Critical Strike' is not a number, critical or fumble"):
        parse_attack_result("Critical Strike")
    with pytest.raises(ValueError, match="1 is not miss, block or success"):
        parse_accuracy_result(1)


# -- the face tables are content ---------------------------------------------------------------------------

def test_the_shipped_dice_faces_load_and_are_marked_unverified():
    content, files = load_campaign_content(DATA)
    dice = content.dice
    assert len(dice.basic.faces) == len(dice.blitz.faces) == len(dice.decision.faces) == 8  # p.36
    assert not (dice.basic.verified or dice.blitz.verified or dice.accuracy.verified or dice.decision.verified)
    assert {"critical", "fumble"} <= set(dice.basic.faces) and set(dice.accuracy.faces) == {"miss", "block", "success"}


def test_a_bad_dice_file_stops_start_up_naming_the_field(tmp_path):
    folder = tmp_path / "phantom-epoch"
    shutil.copytree(DATA, folder)
    raw = json.loads((folder / "dice.json").read_text())
    raw["attack_dice"]["blitz"]["faces"][3] = "crit"
    (folder / "dice.json").write_text(json.dumps(raw))
    with pytest.raises(ContentError, match=r"dice.json: field attack_dice.blitz.faces\[3\]: 'crit' is not a number"):
        load_files(folder, FILES)
    raw["attack_dice"]["blitz"]["faces"] = [1, 2, "critical", "fumble"]
    (folder / "dice.json").write_text(json.dumps(raw))
    with pytest.raises(ContentError, match="attack_dice.blitz.faces: the die is 8-sided"):
        load_files(folder, FILES)


def test_dice_table_requires_every_icon_p36():
    raw = json.loads((DATA / "dice.json").read_text())
    raw["accuracy_die"]["faces"] = ["success", "miss"]
    with pytest.raises(DiceError, match="block is missing"):
        dice_table(raw)


def test_a_result_reads_as_json_with_reasons_citing_pages():
    result = figure_49_attack([2], ["success", "success"])
    doc = json.loads(json.dumps(result.to_dict()))
    assert doc["outcome"] == "hit" and doc["rolls_used"][1] == {
        "die": "Accuracy die", "result": "success", "for": "sentry", "from": "rolls.accuracy[0]"}
    assert all(re.search(r"\bp\.\d+", r) for r in doc["reasons"])

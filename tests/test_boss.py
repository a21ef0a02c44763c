"""Boss adversaries (p.30, 48, 58): attributes by characters embarked, initiative, nova-cell drop, and a
boss turn that converts each action it cannot perform into a Move."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom.boss import Boss, BossError, attributes, nova_cells_dropped, turn_for_card
from companion.phantom.resolution_file import resolution_to_dict
from companion.phantom.turn import resolve_turn
from companion.schemas.files.scenario import load_scenario


@pytest.fixture(scope="module")
def mutant() -> Boss:
    data = json.loads((Path(ROOT) / "data" / "phantom-epoch" / "bosses.json").read_text())
    return Boss.from_content(next(b for b in data["bosses"] if b["name"] == "Mutant Grallok"))


@pytest.mark.parametrize("characters, hp, attack", [(2, 23, 2), (3, 26, 3), (4, 32, 3)])
def test_attributes_follow_the_characters_who_embarked(mutant, characters, hp, attack):
    # p.48 D / p.58: HP 23-26-32, Attack 2-3-3 for 2, 3, 4 characters; p.30: defeated ones count.
    a = attributes(mutant, characters)
    assert (a.hp, a.attack, a.guard, a.range) == (hp, attack, 1, 1)
    assert "p.30" in a.reason


def test_a_character_count_without_a_column_is_refused(mutant):
    with pytest.raises(BossError, match="characters embarked: 5"):
        attributes(mutant, 5)


def test_figure_46_initiative_is_inherent_plus_the_drawn_action(mutant):
    # p.58, Figure 46: "Action #3": initiative 2 + 7 = 9; the inherent Move 2 first, then Regenerate.
    t = turn_for_card(mutant, [3])
    assert t.initiative == 9
    assert [a.name for a in t.actions] == ["Inherent", "Regenerate"]
    assert any("2 + 7 = 9" in r for r in t.reasons)


def test_frozen_doubles_a_bosss_initiative(mutant):
    # p.37 FROZEN: AP cost, initiative included, is doubled.
    assert turn_for_card(mutant, [1], conditions=("Frozen",)).initiative == 2 * (2 + 3)


def test_an_action_number_the_board_lacks_is_refused(mutant):
    with pytest.raises(BossError, match="action number: 4"):
        turn_for_card(mutant, [4])


def test_nova_cells_dropped_are_difficulty_plus_characters():
    # p.30: "a boss adversary on a mission that is difficulty 2 and has 3 characters present would drop 5".
    assert nova_cells_dropped(2, 3) == 5
    with pytest.raises(BossError, match="difficulty: must be a whole number 0 or more, not -1"):
        nova_cells_dropped(-1, 3)


def boss_scenario(claw_first: bool) -> dict:
    claw = {"name": "#1 Claw", "ap": 3, "actions": [{"type": "attack", "value": 0}]}
    inherent = {"name": "Inherent", "ap": 2, "actions": [{"type": "move", "value": 2}]}
    return {
        "format": "phantom-epoch-scenario/1", "spaces": ["A-1:H-6"],
        "figures": [
            {"id": "mutant", "side": "adversary", "type": "mutant-grallok", "at": "A-3", "hp": 26, "max_hp": 26,
             "attack": 3, "guard": 1, "range": 1},
            {"id": "vera", "side": "character", "color": "red", "at": "G-3", "hp": 10, "max_hp": 10},
        ],
        "decision_die": {"color": "red", "primary": "S", "secondary": "W"},
        "turn": {"adversary": "mutant", "boss": True, "cards": [claw, inherent] if claw_first else [inherent, claw]},
    }


def test_a_boss_converts_each_action_it_cannot_perform_into_a_move():
    # p.30 "Converting actions": each action it cannot perform because the target is out of range becomes
    # a Move of its AP. Vera is 6 away: the inherent Move 2, then Claw (AP 3) as Move 3.
    out = resolution_to_dict(resolve_turn(load_scenario(boss_scenario(False))))
    assert [(s["card"], s["action"], s["converted"], s["mp"]) for s in out["steps"]] == [
        ("Inherent", "move", False, 2), ("#1 Claw", "move", True, 3)]
    assert out["steps"][-1]["to"] == "F-3"  # next to Vera, 5 MP from A-3
    assert out["initiative"] == 5
    assert any("p.30" in x for x in out["explanation"])


# The Mutant Grallok board's actions as the card library keeps them (bosses.json, p.48, 58).
CRUSHING_LEAP = {"name": "#2 Crushing Leap", "ap": 5, "actions": [
    {"type": "leap", "value": 2}, {"type": "damage", "value": 3, "conditions": ["Knocked Down"]}]}
REGENERATE = {"name": "#3 Regenerate", "ap": 7, "actions": [
    {"type": "heal", "value": 2, "range": 0, "per_character": True}]}


def grallok_turn(cards, embarked=3, figures=(), at="A-3") -> dict:
    return {
        "format": "phantom-epoch-scenario/1", "spaces": ["A-1:H-6"],
        "figures": [{"id": "mutant", "side": "adversary", "type": "mutant-grallok", "at": at, "hp": 20,
                     "max_hp": 26, "attack": 3, "guard": 1, "range": 1}, *figures],
        "decision_die": {"color": "red", "primary": "S", "secondary": "W"},
        "turn": {"adversary": "mutant", "boss": True, "characters_embarked": embarked, "cards": cards},
    }


def test_crushing_leap_deals_3_damage_and_knocked_down_to_every_adjacent_figure():
    # p.48/58 #2 Crushing Leap: "Leap 2. Deal 3 damage and Knocked Down to all Adjacent Figures." Not an
    # Attack: no roll, no Guard; "Figures" takes in its own ally; Barrier stops the damage (p.37); a
    # figure at 0 HP is defeated (p.23). The boss on C-3 starts adjacent to Vera, so it leaps nowhere.
    figures = [
        {"id": "vera", "side": "character", "color": "red", "at": "D-3", "hp": 10, "max_hp": 10, "guard": 2},
        {"id": "bram", "side": "character", "color": "yellow", "at": "B-2", "hp": 2, "max_hp": 10},
        {"id": "nell", "side": "character", "color": "dark-blue", "at": "C-4", "hp": 9, "max_hp": 9,
         "conditions": ["Barrier"]},
        {"id": "sentry", "side": "adversary", "type": "grallok-sentry", "color": "red", "at": "B-3", "hp": 8,
         "max_hp": 8},
        {"id": "far", "side": "character", "color": "light-blue", "at": "E-3", "hp": 9, "max_hp": 9},
    ]
    r = resolve_turn(load_scenario(grallok_turn([CRUSHING_LEAP], figures=figures, at="C-3")))
    out = resolution_to_dict(r)
    damage = out["steps"][-1]
    assert out["steps"][0]["to"] == "C-3"
    assert damage["action"] == "damage" and damage["value"] == 3
    assert sorted(damage["figures"]) == ["bram", "nell", "sentry", "vera"]  # not "far", two spaces away
    after = {f.id: f for f in r.board.figures}
    assert (after["vera"].hp, after["vera"].conditions) == (7, ("Knocked Down",))  # Guard 2 does not count
    assert (after["sentry"].hp, after["sentry"].conditions) == (5, ("Knocked Down",))
    assert (after["nell"].hp, after["nell"].conditions) == (9, ("Knocked Down",))  # Barrier spent instead
    assert "bram" not in after  # 2 HP - 3: defeated
    assert after["far"].hp == 9
    assert any("Barrier is removed instead" in x for x in out["explanation"])


def test_regenerate_heals_2_per_character_embarked_to_itself():
    # p.48/58 #3 Regenerate: "Heal 2 per character that embarked on the mission to self"; p.30: defeated
    # characters count among those who embarked. Three embarked: Heal 6, on the boss, not its hurt ally.
    ally = [{"id": "sentry", "side": "adversary", "type": "grallok-sentry", "color": "red", "at": "A-4", "hp": 1,
             "max_hp": 8}]
    r = resolve_turn(load_scenario(grallok_turn([REGENERATE], embarked=3, figures=ally)))
    step = resolution_to_dict(r)["steps"][-1]
    assert (step["action"], step["target"], step["value"]) == ("heal", "mutant", 6)
    assert r.board.figure("mutant").hp == 26 and r.board.figure("sentry").hp == 1
    r2 = resolve_turn(load_scenario(grallok_turn([REGENERATE], embarked=2, figures=ally)))
    assert r2.board.figure("mutant").hp == 24


def test_a_per_character_action_needs_the_number_of_characters_embarked():
    doc = grallok_turn([REGENERATE])
    del doc["turn"]["characters_embarked"]
    with pytest.raises(ValueError, match="turn.characters_embarked"):
        load_scenario(doc)


def test_a_card_with_only_another_effect_leaves_the_inherent_action(mutant):
    # p.48 F: the inherent action is performed every turn "regardless of which Boss Adversary Action card is
    # drawn"; p.49 B: some cards refer to no action. Initiative is then the inherent AP alone (p.30).
    t = turn_for_card(mutant, [])
    assert [a.name for a in t.actions] == ["Inherent"] and t.initiative == 2

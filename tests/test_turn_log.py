"""The log line of an adversary's turn says what each step did (issue 38): the moves from → to, each Attack's
damage per target with its HP, a defeat, the conditions given, the hazards entered (p.21-22, p.26, p.33)."""
from __future__ import annotations

import json
from dataclasses import replace

from companion import ROOT
from companion.phantom.hazards import hazard_rules
from companion.phantom.turn import resolve_turn
from companion.phantom.turn_log import turn_summary
from companion.schemas.files.scenario import load_scenario

DIE = {"color": "red", "primary": "S", "secondary": "W"}
HAZARDS = hazard_rules(json.loads((ROOT / "data" / "phantom-epoch" / "hazards.json").read_text())["hazards"])


def room(figures, cards, rolls=None, **extra):
    doc = {"format": "phantom-epoch-scenario/1", "spaces": ["A-1:H-6"], "figures": [], "decision_die": DIE,
           "turn": {"adversary": "grunt", "cards": cards}, **extra}
    for fid, side, at, more in figures:
        item = {"id": fid, "side": side, "at": at, "hp": 8, "max_hp": 8, **more}
        if side == "adversary":
            item = {"attack": 1, "guard": 0, "range": 1, **item}
        doc["figures"].append(item)
    if rolls is not None:
        doc["rolls"] = rolls
    scenario = replace(load_scenario(doc), hazards=HAZARDS)
    return turn_summary(scenario.board, resolve_turn(scenario))


def card(name, ap, *actions):
    return {"name": name, "ap": ap, "round": False, "actions": list(actions)}


def test_a_move_then_an_attack_that_defeats_names_the_spaces_the_damage_and_the_defeat():
    # p.26: the adversary moves toward its primary target, then attacks; p.21-22: the die's 4 + its Attack 4
    # + the card's 1 against Guard 0 is 9 damage, vera's 2 HP go to 0 and she is defeated (p.23).
    said = room([("grunt", "adversary", "A-3", {"attack": 4}), ("vera", "character", "E-3", {"hp": 2})],
                [card("Charge", 2, {"type": "move", "value": 3}), card("Hit", 2, {"type": "attack", "value": 1})],
                rolls={"attack": [4]})
    assert said[0] == "Charge: grunt moves A-3 → D-3"
    assert "Hit: grunt attacks vera: hit, 9 damage to vera, HP 2 → 0" in said
    assert "vera is defeated" in said


def test_an_attack_that_gives_a_condition_says_so_and_a_failed_one_says_no_damage():
    # p.21 step 7: the Attack's condition lands on a success; p.22: a value not above Guard deals no damage.
    said = room([("grunt", "adversary", "C-3", {"attack": 2}), ("vera", "character", "D-3", {"guard": 1})],
                [card("Bite", 2, {"type": "attack", "value": 0, "conditions": ["Bleeding"]}),
                 card("Nip", 1, {"type": "attack", "value": -2})], rolls={"attack": [1, 1]})
    assert "Bite: grunt attacks vera: hit, 2 damage to vera, HP 8 → 6" in said
    assert "vera gains Bleeding" in said
    assert any(line.startswith("Nip: grunt attacks vera: no damage") for line in said), said


def test_a_hazard_entered_on_the_way_says_its_damage_and_the_defeat_there():
    # p.33 FIRE: 3 damage on entering; p.26: at 0 HP the adversary falls there and its turn ends.
    said = room([("grunt", "adversary", "B-3", {"hp": 3}), ("vera", "character", "F-3", {})],
                [card("Go", 2, {"type": "move", "value": 4}), card("Hit", 2, {"type": "attack", "value": 0})],
                rolls={"attack": [2]}, hazards={f"D-{n}": "fire" for n in range(1, 7)})
    assert said == ("Go: grunt moves B-3 → D-3", "grunt enters the fire hazard on D-3: 3 damage, HP 0",
                    "grunt is defeated by fire on D-3")

"""One adversary turn, rule by rule (p.26-30, 37; INTERPRETATIONS.md "Movement"; docs/rules.md "Phantom
Epoch — adversary turns"). Each test builds a small room in the scenario format and resolves it."""
from __future__ import annotations

import json

import pytest

from companion import cli
from companion.phantom.sight import sight
from companion.phantom.resolution_file import resolution_to_dict
from companion.phantom.turn import resolve_turn
from companion.schemas.files.scenario import dump_scenario, load_scenario

DIE = {"color": "red", "primary": "S", "secondary": "W"}


def room(figures, cards, *, spaces="A-1:H-6", die=DIE, rolls=None, **extra):
    doc = {"format": "phantom-epoch-scenario/1", "spaces": [spaces], "figures": [], "decision_die": die,
           "turn": {"adversary": "grunt", "cards": cards}, **extra}
    for f in figures:
        fid, side, at, *rest = f
        item = {"id": fid, "side": side, "at": at, "hp": 8, "max_hp": 8}
        if side == "adversary":
            item.update(attack=1, guard=0, range=1)
        if rest:
            item.update(rest[0])
        doc["figures"].append(item)
    if rolls is not None:
        doc["rolls"] = rolls
    return doc


def resolve(doc) -> dict:
    return resolution_to_dict(resolve_turn(load_scenario(doc)))


def card(name, ap, *actions, round_=False):
    return {"name": name, "ap": ap, "round": round_, "actions": list(actions)}


MOVE = lambda n: {"type": "move", "value": n}  # noqa: E731
ATTACK = {"type": "attack", "value": 0}


def said(out, *words) -> bool:
    return any(all(w in line for w in words) for line in out["explanation"])


# -- the primary target (p.27) -------------------------------------------------------------------------

def test_closest_enemy_in_range_and_sight_is_the_target():
    out = resolve(room([("grunt", "adversary", "C-3", {"range": 4}), ("far", "character", "G-3"),
                        ("near", "character", "E-3")], [card("Shoot", 2, ATTACK)]))
    assert out["primary_target"] == "near" and said(out, "closest enemy in range", "p.27")


def test_an_attack_cards_range_counts_for_in_range():
    # p.27 "Closest target": within range "of the adversary or its action". With Range 2 and an Attack +2
    # range, Vera at range 4 across a trench of gaps is in range and is the target, though no space within
    # range 2 of her can be reached; by base range alone Bram (3 MP away from range 2) would be.
    doc = room([("grunt", "adversary", "A-3", {"range": 2}), ("vera", "character", "E-3"),
                ("bram", "character", "A-8")],
               [card("Shoot", 2, {"type": "attack", "value": 0, "range": "+2"})], spaces="A-1:H-9")
    doc["terrain"] = {f"C-{n}": "gap" for n in range(1, 10)}
    out = resolve(doc)
    assert out["primary_target"] == "vera"
    assert out["steps"][0]["targets"][0]["target"] == "vera" and out["steps"][0]["targets"][0]["range"] == 4


def test_invisible_enemies_are_ignored():
    # p.37: "An adversary ignores Invisible figures when determining their primary target."
    out = resolve(room([("grunt", "adversary", "C-3"), ("ghost", "character", "D-3", {"conditions": ["Invisible"]}),
                        ("vera", "character", "G-5")], [card("Go", 3, MOVE(2))]))
    assert out["primary_target"] == "vera"


def test_no_enemy_means_no_target_and_no_move():
    # p.27: no enemies (or all Invisible): no primary target; it does not Move.
    out = resolve(room([("grunt", "adversary", "C-3"), ("ghost", "character", "F-3", {"conditions": ["Invisible"]})],
                       [card("Go", 3, MOVE(3)), card("Hit", 2, ATTACK)]))
    assert out["primary_target"] is None
    assert out["steps"][0]["to"] == "C-3" and out["steps"][0]["mp"] == 0
    assert out["steps"][1] == {"card": "Hit", "action": "attack", "targets": [], "performed": False}
    assert said(out, "no primary target", "p.27")


def test_a_mission_forced_target_is_the_target():
    # p.27 "Primary targets": mission rules may override the primary target.
    doc = room([("grunt", "adversary", "C-3"), ("near", "character", "D-3"), ("vip", "character", "H-6")],
               [card("Go", 3, MOVE(2))])
    doc["turn"]["primary_target"] = "vip"
    out = resolve(doc)
    assert out["primary_target"] == "vip" and out["steps"][0]["to"] != "C-3"
    assert said(out, "mission", "p.27")


# -- cards (p.28, 37) ----------------------------------------------------------------------------------

def test_a_card_with_a_round_effect_is_never_converted():
    # p.28 rule 2: never convert a card with a round effect, even if its Attack cannot be performed.
    out = resolve(room([("grunt", "adversary", "A-1"), ("vera", "character", "H-6")],
                       [card("Rage", 2, ATTACK, round_=True)]))
    assert out["steps"] == [{"card": "Rage", "action": "attack", "targets": [], "performed": False}]


def test_a_card_with_a_move_is_never_converted():
    out = resolve(room([("grunt", "adversary", "A-1"), ("vera", "character", "H-6")],
                       [card("Rush", 4, MOVE(1), ATTACK)]))
    assert [s["action"] for s in out["steps"]] == ["move", "attack"]
    assert out["steps"][0]["mp"] == 1 and out["steps"][1].get("performed") is False


def test_a_frozen_adversary_never_converts():
    # p.37 FROZEN: Action cards cannot be converted to movement.
    out = resolve(room([("grunt", "adversary", "A-1", {"conditions": ["Frozen"]}), ("vera", "character", "H-6")],
                       [card("Hit", 2, ATTACK)]))
    assert out["steps"] == [{"card": "Hit", "action": "attack", "targets": [], "performed": False}]


def test_knocked_down_converts_the_next_card_and_spends_one_mp():
    # p.37 KNOCKED DOWN: the next card without a round effect, Move or Leap becomes movement; 1 MP removes
    # the token. Vera is adjacent, yet the Attack card becomes Move 3 and only 2 MP remain to move.
    out = resolve(room([("grunt", "adversary", "C-3", {"conditions": ["Knocked Down"], "range": 3}),
                        ("vera", "character", "D-3")], [card("Hit", 3, ATTACK)]))
    step = out["steps"][0]
    assert (step["action"], step["converted"]) == ("move", True) and step["mp"] <= 2
    assert said(out, "Knocked Down", "p.37") and said(out, "1 MP")


def test_a_stunned_adversary_takes_no_action():
    out = resolve(room([("grunt", "adversary", "C-3", {"conditions": ["Stunned"]}), ("vera", "character", "D-3")],
                       [card("Hit", 2, ATTACK)]))
    assert out["steps"] == [] and said(out, "Stunned", "p.37")


def test_bleeding_and_burning_hurt_at_the_start_of_the_turn():
    # p.26 step 1, p.37: Bleeding 2 damage; Burning 3 damage, then removed. 5 HP: defeated before acting.
    out = resolve(room([("grunt", "adversary", "C-3", {"conditions": ["Bleeding", "Burning"], "hp": 5}),
                        ("vera", "character", "D-3")], [card("Hit", 2, ATTACK)]))
    assert out["steps"] == [] and said(out, "Bleeding", "2 damage") and said(out, "Burning", "3 damage")
    assert said(out, "defeated")


# -- movement (p.28-29) --------------------------------------------------------------------------------

def test_ranged_adversary_backs_off_to_maximum_range():
    # p.28: an enemy in range: end on a space it can be attacked from, as close as possible to maximum range.
    out = resolve(room([("grunt", "adversary", "D-3", {"range": 3}), ("vera", "character", "E-3")],
                       [card("Step", 2, MOVE(2)), card("Shoot", 2, ATTACK)]))
    move = out["steps"][0]
    assert move["mp"] == 2
    assert out["steps"][1]["targets"][0]["range"] == 3


def test_retreat_goes_to_the_furthest_range_then_fewest_mp():
    # p.29 RETREAT: the furthest range from the primary target it can get with this Retreat, then fewest MP.
    out = resolve(room([("grunt", "adversary", "D-3"), ("vera", "character", "E-3")],
                       [card("Back", 2, {"type": "retreat", "value": 2})]))
    step = out["steps"][0]
    assert step["action"] == "retreat" and step["mp"] == 2
    assert said(out, "as far from vera", "range 3", "p.29")


def test_teleport_never_lands_beyond_a_closed_door():
    # p.29 TELEPORT: any empty space, not on the other side of a closed door. The room's east half is shut
    # behind a closed door; Vera stands there, so the adversary cannot land next to her.
    doc = room([("grunt", "adversary", "A-3"), ("vera", "character", "G-3")],
               [card("Blink", 2, {"type": "teleport", "value": 0})], spaces="A-1:G-5")
    doc["spaces"] = ["A-3:G-3"]
    doc["doors"] = {"E-3": "closed"}
    out = resolve(doc)
    assert out["steps"][0]["to"] in ("A-3", "B-3", "C-3", "D-3")


# -- allies (p.28-29) ----------------------------------------------------------------------------------

def test_heal_goes_to_the_most_damaged_of_itself_and_allies_in_range():
    out = resolve(room([("grunt", "adversary", "C-3", {"hp": 7}), ("mate", "adversary", "D-3", {"hp": 3}),
                        ("far", "adversary", "H-6", {"hp": 1}), ("vera", "character", "A-6")],
                       [card("Mend", 2, {"type": "heal", "value": 3})]))
    heal = out["steps"][0]
    assert heal == {"card": "Mend", "action": "heal", "target": "mate", "value": 3}


def test_a_beneficial_condition_goes_to_itself_first_then_the_closest_ally_without_it():
    first = resolve(room([("grunt", "adversary", "C-3"), ("mate", "adversary", "D-3"), ("vera", "character", "H-6")],
                         [card("Guard", 2, {"type": "condition", "name": "Barrier", "target": "ally"})]))
    assert first["steps"][0]["target"] == "grunt"
    second = resolve(room([("grunt", "adversary", "C-3", {"conditions": ["Barrier"]}), ("mate", "adversary", "D-3"),
                           ("pal", "adversary", "F-5"), ("vera", "character", "H-6")],
                          [card("Guard", 2, {"type": "condition", "name": "Barrier", "target": "ally"})]))
    assert second["steps"][0]["target"] == "mate" and said(second, "closest ally")


# -- attacks with rolls (p.20-22) ---------------------------------------------------------------------------

def test_without_rolls_the_resolution_lists_what_to_roll():
    out = resolve(room([("grunt", "adversary", "C-3"), ("vera", "character", "D-3")], [card("Hit", 2, ATTACK)]))
    target = out["steps"][0]["targets"][0]
    assert target["to_roll"] == ["Basic Attack die"] and "outcome" not in target


def test_a_fumble_ends_the_turns_attacks():
    # p.20 FUMBLES: no further Attacks during the current turn.
    out = resolve(room([("grunt", "adversary", "C-3"), ("vera", "character", "D-3")],
                       [card("Hit", 2, ATTACK), card("Hit again", 2, ATTACK)], rolls={"attack": ["fumble", 2]}))
    assert out["steps"][0]["targets"][0]["outcome"]["result"] == "fumbled"
    assert out["steps"][1] == {"card": "Hit again", "action": "attack", "targets": [], "performed": False}


def test_a_defeated_target_is_replaced_for_the_next_attack():
    # p.27: if the primary target is defeated, select a new primary target.
    out = resolve(room([("grunt", "adversary", "C-3", {"attack": 5, "range": 2}), ("vera", "character", "D-3", {"hp": 2}),
                        ("bram", "character", "E-3")],
                       [card("Hit", 2, ATTACK), card("Hit again", 2, ATTACK)], rolls={"attack": [2, 2]}))
    first, second = out["steps"]
    assert first["targets"][0]["target"] == "vera" and first["targets"][0]["outcome"]["defeated"] is True
    assert second["targets"][0]["target"] == "bram"
    assert said(out, "new primary target", "p.27")



def test_an_attack_carries_the_line_of_sight_the_adversary_chose():
    # p.27 DETERMINING LINE OF SIGHT (1): as few objects or figures as possible. Some corner pairs from C-3 to
    # G-4 cross the ally on E-3; the resolution carries the one sight.py chose, so the map draws that segment.
    doc = room([("grunt", "adversary", "C-3", {"range": 6}), ("vera", "character", "G-4"),
                ("ally", "adversary", "E-3")], [card("Shoot", 2, ATTACK)])
    scenario = load_scenario(doc)
    board = scenario.board
    chosen = sight(board, board.figure("grunt").at, board.figure("vera").at, scenario.decision_die)
    assert {ln.through for ln in chosen.lines} == {("ally",), ()}
    resolution = resolve_turn(scenario)
    line = resolution.steps[0].targets[0].line
    assert line == chosen.lines[chosen.adversary_choice] and line.through == ()
    layout = board.map.layout
    assert line.from_vertex in layout.corners(board.figure("grunt").at)
    assert line.to_vertex in layout.corners(board.figure("vera").at)
    assert any("from the lower right of C-3 to the bottom of G-4" in r for r in resolution.explanation)
    out = resolution_to_dict(resolution)
    assert out["steps"][0]["targets"][0]["line"] == {"from_vertex": list(line.from_vertex),
                                                     "to_vertex": list(line.to_vertex)}


def test_a_melee_attack_draws_no_line_of_sight():
    # p.21: only a Ranged Attack (two or more spaces away) needs a line of sight; an adjacent target does not.
    resolution = resolve_turn(load_scenario(room([("grunt", "adversary", "C-3"), ("vera", "character", "D-3")],
                                                  [card("Hit", 2, ATTACK)])))
    assert resolution.steps[0].targets[0].line is None
    assert "line" not in resolution_to_dict(resolution)["steps"][0]["targets"][0]

# -- companion resolve -----------------------------------------------------------------------------------

def test_companion_resolve_prints_the_resolution(tmp_path, capsys):
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(room([("grunt", "adversary", "A-1"), ("vera", "character", "D-1")],
                                    [card("Go", 3, MOVE(3))])))
    assert cli.main(["resolve", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "phantom-epoch-resolution/1" and out["adversary"] == "grunt"
    assert out["steps"][0]["to"] == "C-1" and out["steps"][0]["path"] == ["A-1", "B-1", "C-1"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("turn"), "turn: required"),
    (lambda d: d["turn"].__setitem__("adversary", "vera"), "turn.adversary: 'vera' is a character"),
    (lambda d: d["turn"].__setitem__("primary_target", "grunt"), "turn.primary_target: no enemy 'grunt'"),
])
def test_companion_resolve_refuses_a_bad_file_with_exit_2(tmp_path, capsys, change, message):
    doc = room([("grunt", "adversary", "A-1"), ("vera", "character", "D-1")], [card("Go", 3, MOVE(3))])
    change(doc)
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(doc))
    assert cli.main(["resolve", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err and captured.err.count("\n") == 1


def test_a_far_hazard_on_the_only_way_is_still_taken():
    # p.28 hazards 1: the adversary enters hazards if "the path to the primary target is completely blocked
    # otherwise" — even when the hazard lies beyond this Move: in a one-space corridor with fire on E-3, it
    # sets off toward it rather than stay.
    doc = room([("grunt", "adversary", "A-3"), ("vera", "character", "H-3")], [card("Go", 3, MOVE(2))])
    doc["spaces"] = ["A-3:H-3"]
    doc["hazards"] = {"E-3": "fire"}
    out = resolve(doc)
    assert out["steps"][0]["to"] == "C-3" and out["steps"][0]["mp"] == 2
    assert said(out, "blocked unless it enters a hazard", "p.28")


def test_damage_x2_applies_after_guard_and_a_card_may_name_the_blitz_die():
    # p.21 step 6: "damage x2" applies to the damage after the target's Guard; p.21 step 2: adversaries roll
    # the Basic Attack die unless their card says otherwise. Attack 1 + die 2 + action 0 = 3 against Guard 1:
    # 2 damage, doubled to 4.
    strike = {"type": "attack", "value": 0, "damage_multiplier": 2, "die": "blitz"}
    doc = room([("grunt", "adversary", "C-3"), ("vera", "character", "D-3", {"guard": 1})], [card("Maul", 2, strike)])
    listed = resolve(doc)
    assert listed["steps"][0]["targets"][0]["to_roll"] == ["Blitz Attack die"]
    doc["rolls"] = {"attack": [2]}
    out = resolve(doc)
    assert out["steps"][0]["targets"][0]["outcome"]["damage"] == 4
    assert load_scenario(doc).turn.cards[0].actions[0].damage_multiplier == 2


def test_a_class_card_is_performed_by_the_row_of_the_adversarys_color():
    # p.47 CLASS ACTION CARDS: adversaries of the same type share a Class Action card but only perform the
    # actions corresponding to their HP tracking base's color.
    rows = {"red": {"ap": 2, "actions": [MOVE(1)]}, "yellow": {"ap": 5, "actions": [MOVE(3)]}}
    doc = room([("grunt", "adversary", "A-1", {"color": "yellow"}), ("vera", "character", "H-1")],
               [{"name": "Lunge", "rows": rows}])
    out = resolve(doc)
    assert out["steps"][0]["card"] == "Lunge" and out["steps"][0]["mp"] == 3
    assert said(out, "yellow row", "p.47")
    assert load_scenario(dump_scenario(load_scenario(doc))) == load_scenario(doc)  # written back with its rows


@pytest.mark.parametrize("change, message", [
    (lambda c: c.update(rows={"red": {"ap": 2}}), "turn.cards[0].rows: no row for 'yellow'"),
    (lambda c: c.update(ap=2), "turn.cards[0].rows: a card with rows has its AP and actions in each row"),
    (lambda c: c.pop("rows"), "turn.cards[0].ap: required"),
    (lambda c: c.update(rows={"green": {"ap": 2}}), "turn.cards[0].rows"),
])
def test_class_card_rows_are_checked(change, message):
    card_doc = {"name": "Lunge", "rows": {"yellow": {"ap": 5, "actions": [MOVE(3)]}}}
    change(card_doc)
    doc = room([("grunt", "adversary", "A-1", {"color": "yellow"}), ("vera", "character", "H-1")], [card_doc])
    with pytest.raises(ValueError) as exc:
        load_scenario(doc)
    assert str(exc.value).startswith(message), str(exc.value)


def test_this_turns_leap_counts_when_finding_the_nearest_enemy():
    # p.27 "Closest target": "If the adversary has a Leap action on the current turn, take it into account
    # when determining how many MP away targets are." A gap on G-1 cuts the corridor: by Move, Vera cannot
    # be reached and Bram (3 MP) would be the target; with this turn's Leap 2, Vera is 2 MP away.
    doc = room([("grunt", "adversary", "F-1"), ("vera", "character", "I-1"), ("bram", "character", "B-1")],
               [card("Pounce", 3, {"type": "leap", "value": 2}), card("Claw", 2, ATTACK)], spaces="A-1:L-1")
    doc["terrain"] = {"G-1": "gap"}
    out = resolve(doc)
    assert out["primary_target"] == "vera" and said(out, "with this turn's Leap")
    assert out["steps"][0]["to"] == "H-1" and out["steps"][1]["targets"][0]["target"] == "vera"
    doc["turn"]["cards"][0] = card("Dash", 3, MOVE(2))
    assert resolve(doc)["primary_target"] == "bram"


# -- the turn step by step through the spaces it enters (issue 17; INTERPRETATIONS.md "Effects of entering a
# space", "Frozen and Burning", "Invisible", "Knocked Down with a Teleport card") ---------------------------

from dataclasses import replace as _replace  # noqa: E402

from companion import ROOT  # noqa: E402
from companion.phantom.hazards import HazardRule, hazard_rules  # noqa: E402
from companion.schemas.files.scenario import ScenarioFileError  # noqa: E402

HAZARD_RULES = hazard_rules(json.loads((ROOT / "data" / "phantom-epoch" / "hazards.json").read_text())["hazards"])


def resolve_entering(doc, rules=HAZARD_RULES) -> dict:
    """As the mission table and `companion resolve` do: the hazard rules of hazards.json apply on entering."""
    return resolution_to_dict(resolve_turn(_replace(load_scenario(doc), hazards=rules)))


def fire_line(figures, cards, **extra):
    """A room with a line of fire down column D: the way from the west to the east crosses it (p.28 hazards 1)."""
    return room(figures, cards, hazards={f"D-{n}": "fire" for n in range(1, 7)}, **extra)


def test_a_hazard_entered_on_the_way_hurts_at_once_and_a_defeat_there_ends_the_turn():
    # p.33 FIRE 3 damage on entering; p.26: at 0 HP it is defeated and removed where it fell; no Attack follows.
    out = resolve_entering(fire_line([("grunt", "adversary", "B-3", {"hp": 3}), ("vera", "character", "F-3")],
                                     [card("Go", 2, MOVE(4)), card("Hit", 2, ATTACK)], rolls={"attack": [2]}))
    assert len(out["steps"]) == 1
    step = out["steps"][0]
    assert step["to"] == "D-3" and step["path"][-1] == "D-3" and step["ends_turn"] == "defeated by fire on D-3"
    assert step["hazards"] == [{"space": "D-3", "hazard": "fire", "damage": 3, "hp": 0}]
    # With more HP it walks on, takes the fire's Burning, and attacks.
    out = resolve_entering(fire_line([("grunt", "adversary", "B-3", {"hp": 8}), ("vera", "character", "F-3")],
                                     [card("Go", 2, MOVE(4)), card("Hit", 2, ATTACK)], rolls={"attack": [2]}))
    assert out["steps"][0]["hazards"][0]["gained"] == ["Burning"] and "ends_turn" not in out["steps"][0]
    assert out["steps"][1]["targets"][0]["outcome"]["result"] == "hit"


def test_a_defeated_adversary_stays_on_the_board_at_0_hp_where_it_fell():
    # The table removes it and drops its nova cells there (p.26): the resolution's board keeps it on that space.
    doc = fire_line([("grunt", "adversary", "B-3", {"hp": 3}), ("vera", "character", "F-3")], [card("Go", 2, MOVE(4))])
    result = resolve_turn(_replace(load_scenario(doc), hazards=HAZARD_RULES))
    grunt = result.board.figure("grunt")
    assert grunt.hp == 0 and result.board.map.label(grunt.at) == "D-3"


def test_burning_from_fire_thaws_frozen_so_the_next_card_may_convert():
    # p.37 FROZEN: "If the figure would be inflicted with Burning, remove the Frozen Condition token instead."
    doc = fire_line([("grunt", "adversary", "B-3", {"conditions": ["Frozen"]}), ("vera", "character", "H-3")],
                    [card("Go", 2, MOVE(3)), card("Hit", 3, ATTACK)])
    out = resolve_entering(doc)
    assert out["steps"][0]["hazards"][0]["lost"] == ["Frozen"] and "gained" not in out["steps"][0]["hazards"][0]
    assert (out["steps"][1]["action"], out["steps"][1]["converted"]) == ("move", True)
    # Without the hazard rules nothing is applied: it stays Frozen and the Attack is skipped (p.37, p.21).
    still = resolve(doc)
    assert still["steps"][1] == {"card": "Hit", "action": "attack", "targets": [], "performed": False}


def test_invisible_ends_with_its_attack_even_a_failed_one():
    # p.37 INVISIBLE: removed "upon performing an Attack action, even if the Attack fails"; from then on it no
    # longer moves through enemies, so Bram blocks its Retreat west along the corridor.
    doc = room([("grunt", "adversary", "D-3", {"conditions": ["Invisible"]}), ("vera", "character", "E-3", {"color": "red"}),
                ("bram", "character", "C-3", {"color": "yellow"})],
               [card("Hit", 2, ATTACK), card("Back", 2, {"type": "retreat", "value": 3})],
               rolls={"attack": ["fumble"]})
    doc["spaces"] = ["A-3:H-3"]
    out = resolve(doc)
    assert out["steps"][0]["targets"][0]["outcome"]["result"] == "fumbled"
    assert said(out, "Invisible is removed", "p.37") and out["steps"][1]["to"] == "D-3"
    # Invisible all turn (no Attack), the same Retreat slips through Bram.
    doc["turn"]["cards"] = [card("Back", 2, {"type": "retreat", "value": 3})]
    assert resolve(doc)["steps"][0]["to"] == "A-3"


def test_knocked_down_gained_mid_turn_stops_further_non_movement_actions():
    # p.37 KNOCKED DOWN: no Attack until 1 MP removes it. A hazard whose condition is Knocked Down (content may
    # say so) knocks the grunt down on the way; the Attack on the same card is then not performed.
    trap = (HazardRule("trap", 0, "Knocked Down"),)
    doc = room([("grunt", "adversary", "A-3"), ("vera", "character", "E-3")],
               [card("Rush", 3, MOVE(3), ATTACK)], hazards={"C-3": "trap"}, rolls={"attack": [2]})
    doc["spaces"] = ["A-3:H-3"]
    out = resolve_entering(doc, trap)
    assert out["steps"][0]["hazards"][0]["gained"] == ["Knocked Down"]
    assert out["steps"][1]["action"] == "attack" and out["steps"][1]["performed"] is False
    assert said(out, "Knocked Down and cannot Attack", "p.37")


def test_a_knocked_down_adversary_converts_a_teleport_card():
    # INTERPRETATIONS.md: the card has no Move or Leap (p.37's words) and a Knocked Down figure can take no
    # Teleport action, so it becomes a Move of its AP, whose first MP removes Knocked Down.
    out = resolve(room([("grunt", "adversary", "B-3", {"conditions": ["Knocked Down"]}), ("vera", "character", "G-3")],
                       [card("Blink", 3, {"type": "teleport"})]))
    step = out["steps"][0]
    assert (step["action"], step["converted"], step["mp"]) == ("move", True, 2) and said(out, "1 MP")


def test_an_enemy_whose_free_neighbours_are_all_hazards_is_still_a_target():
    # INTERPRETATIONS.md (revised): p.27's "unoccupied" spaces include hazard spaces.
    doc = room([("grunt", "adversary", "A-3"), ("vera", "character", "E-3")], [card("Go", 3, MOVE(3))],
               hazards={"D-3": "fire", "F-3": "fire", "E-2": "fire", "D-4": "fire"},
               objects={"D-2": "indestructible", "E-4": "indestructible"})
    out = resolve_entering(doc)
    assert out["primary_target"] == "vera" and out["steps"][0]["to"] == "D-3"


# -- condition names: the one list (data/phantom-epoch/conditions.json) ------------------------------------------

@pytest.mark.parametrize("change, where", [
    (lambda d: d["figures"][0].__setitem__("conditions", ["Sleepy"]), "figures[0].conditions[0]"),
    (lambda d: d["turn"]["cards"][0]["actions"].__setitem__(0, {"type": "attack", "conditions": ["Dazed"]}),
     "turn.cards[0].actions[0].conditions[0]"),
    (lambda d: d["turn"]["cards"][0]["actions"].__setitem__(0, {"type": "condition", "name": "Glowing"}),
     "turn.cards[0].actions[0].name"),
])
def test_an_unknown_condition_is_refused_with_the_field_and_the_known_names(tmp_path, capsys, change, where):
    doc = room([("grunt", "adversary", "A-1"), ("vera", "character", "D-1")], [card("Go", 3, MOVE(3))])
    change(doc)
    with pytest.raises(ScenarioFileError, match=r"is not a condition of p\.37 \(known: Barrier, Invisible"):
        load_scenario(doc)
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(doc))
    assert cli.main(["resolve", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{where}: is not a condition of p.37" in err and "Knocked Down" in err and "Weakened" in err


def test_a_condition_typed_another_way_is_read_by_its_rulebook_name():
    # "knocked-down" is Knocked Down, as the table's condition commands read it (conditions.condition_name).
    out = resolve(room([("grunt", "adversary", "C-3", {"conditions": ["knocked-down"], "range": 3}),
                        ("vera", "character", "D-3")], [card("Hit", 3, ATTACK)]))
    assert (out["steps"][0]["action"], out["steps"][0]["converted"]) == ("move", True)


# -- the choices the rules leave open (docs/rules.md, "Phantom Epoch — adversary targets and turns") ------------

def test_move_and_leap_choose_their_targets_separately_and_the_resolution_reports_the_first(capsys):
    # p.27, Figure 43: each chooses its target in isolation; `primary_target` is the one chosen at step 2 of
    # the turn (p.26), the Leap's shows in the explanation.
    path = ROOT / "tests" / "scenarios" / "p55-fig43-move-and-leap-choose-targets-separately.json"
    assert cli.main(["resolve", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["primary_target"] == "object:E-5"
    assert said(out, "or its Leap, chosen in isolation", "Figure 43")


def test_teleport_targets_by_walking_mp_and_lands_as_a_move_would_end():
    # p.27 counts MP, and names only a Leap as counting; a Teleport spends none. Vera beyond a trench of gaps
    # cannot be walked to, so the target is Bram, whom it can walk to; the Teleport then lands by the flow of a
    # Move toward Bram (p.29).
    doc = room([("grunt", "adversary", "B-3"), ("vera", "character", "F-3"), ("bram", "character", "A-6")],
               [card("Blink", 2, {"type": "teleport"})], terrain={f"D-{n}": "gap" for n in range(1, 7)})
    out = resolve(doc)
    assert out["primary_target"] == "bram" and out["steps"][0]["action"] == "teleport"
    assert out["steps"][0]["to"] in ("A-5", "B-5", "B-6")


def test_retreat_runs_from_the_primary_target_only_other_enemies_break_ties():
    # p.29: the furthest range from the primary target; INTERPRETATIONS.md: other enemies matter only through
    # the tiebreakers, which are a Move's (p.28: hazard-free, most other enemies in range, fewest MP, die).
    # Range 3 from Vera is B-2, B-3, B-4, C-1 or C-5, all 2 MP away; Bram on A-2 is in range of B-2 and B-3 only,
    # and the die (south) then picks B-3. With Bram far away the die alone picks C-5.
    doc = room([("grunt", "adversary", "D-3"), ("vera", "character", "E-3"), ("bram", "character", "A-2")],
               [card("Back", 2, {"type": "retreat", "value": 2})])
    out = resolve(doc)
    step = out["steps"][0]
    assert said(out, "as far from vera", "range 3", "p.29") and step["to"] == "B-3"
    assert said(out, "ost other enemies in range and line of sight (1): B-2, B-3")
    doc["figures"][2]["at"] = "A-6"
    assert resolve(doc)["steps"][0]["to"] == "C-5"


def test_an_ally_condition_reaches_allies_within_the_cards_range_and_goes_to_itself_first():
    # p.28: "the active adversary or its closest ally that does not already have the condition"; the adversary
    # counts first. A card range limits the allies; without one any ally on the map may receive it.
    give = {"type": "condition", "name": "Barrier", "target": "ally", "range": 2}
    doc = room([("grunt", "adversary", "A-1", {"conditions": ["Barrier"]}), ("mate", "adversary", "F-1"),
                ("vera", "character", "H-6")], [card("Guard", 2, give)])
    out = resolve(doc)
    assert out["steps"][0]["performed"] is False and said(out, "every ally in range already have it")
    doc["turn"]["cards"] = [card("Guard", 2, {**give, "range": None})]
    doc["turn"]["cards"][0]["actions"][0].pop("range")
    assert resolve(doc)["steps"][0]["target"] == "mate"


def test_a_multi_target_attack_stops_when_no_enemy_is_left_in_range():
    # p.21, p.60: each further target is chosen as if those already attacked were not there; once no enemy is
    # left in range the Attack has fewer targets, and the card is not converted for them.
    out = resolve(room([("grunt", "adversary", "C-3", {"range": 2}), ("vera", "character", "D-3"),
                        ("bram", "character", "H-6")],
                       [card("Volley", 2, {"type": "attack", "value": 0, "targets": 3})]))
    assert [t["target"] for t in out["steps"][0]["targets"]] == ["vera"]
    assert said(out, "o further enemy in range for target 2 of 3")


def test_an_invisible_figure_on_the_line_needs_no_accuracy_roll():
    # p.37: an Invisible figure "cannot be affected by any action performed by any figure other than itself":
    # it is on no line of sight and needs no Accuracy roll (docs/rules.md, line of sight).
    out = resolve(room([("grunt", "adversary", "A-3", {"range": 5}), ("ghost", "character", "C-3",
                                                                       {"conditions": ["Invisible"]}),
                        ("vera", "character", "E-3")], [card("Shoot", 2, ATTACK)]))
    target = out["steps"][0]["targets"][0]
    assert target["target"] == "vera" and target["through"] == [] and target["accuracy_rolls"] == []


def test_a_boss_action_with_a_round_effect_still_converts_when_out_of_range():
    # p.30, the bosses' own rule: each action it cannot perform because its target is out of range becomes a
    # Move of its AP; p.28's "never convert a card with a round effect" is about Adversary Action cards.
    doc = room([("grunt", "adversary", "A-1"), ("vera", "character", "H-6")],
               [card("Inherent", 1, MOVE(1)), card("Howl", 2, ATTACK, round_=True)])
    doc["turn"]["boss"] = True
    out = resolve(doc)
    assert (out["steps"][1]["action"], out["steps"][1]["converted"]) == ("move", True)
    assert said(out, "performs it as Move 2", "p.30")


def test_knocked_down_before_a_round_card_keeps_it_and_converts_the_card_after():
    # p.37: a card with a round effect is not converted (and its Attack is not performed while Knocked Down);
    # the adversary is still Knocked Down at the next card, which p.37 then converts to movement.
    out = resolve(room([("grunt", "adversary", "A-1", {"conditions": ["Knocked Down"]}), ("vera", "character", "H-6")],
                       [card("Rage", 2, ATTACK, round_=True), card("Hit", 3, ATTACK)]))
    assert out["steps"][0] == {"card": "Rage", "action": "attack", "targets": [], "performed": False}
    assert (out["steps"][1]["action"], out["steps"][1]["converted"], out["steps"][1]["mp"]) == ("move", True, 2)


# -- Barrier against every damage, Resilient against a hazard's condition (issue 25, p.37) ------------------

from companion.phantom.board import Figure  # noqa: E402
from companion.phantom.hazards import enter, start_of_turn  # noqa: E402
from companion.phantom.hexmap import HexMap, Layout  # noqa: E402


def test_barrier_takes_a_hazards_damage_once_and_the_hazards_condition_still_applies():
    # p.37 BARRIER: "The next time the figure would receive damage, remove this Condition token instead."
    m = HexMap.build(Layout(), [Layout().parse(x) for x in ("A-1", "B-1", "C-1")],
                     hazards={Layout().parse("B-1"): "fire", Layout().parse("C-1"): "trap"})
    vera = Figure("vera", "character", Layout().parse("A-1"), hp=4, max_hp=10, conditions=("Barrier",))
    first = enter(m, vera, Layout().parse("B-1"), HAZARD_RULES)
    assert first.barrier and first.figure.hp == 4 and first.figure.conditions == ("Burning",)
    second = enter(first.map, first.figure, Layout().parse("C-1"), HAZARD_RULES)
    assert not second.barrier and second.figure.hp == 0  # the Barrier was spent: the trap's 5 damage hits


def test_barrier_takes_bleeding_at_the_start_of_a_turn_for_characters_and_adversaries_alike():
    # p.37: Bleeding deals 2 damage at the start of a non-rest turn; Barrier is removed instead.
    for side in ("character", "adversary"):
        f = Figure("f", side, (0, 0), hp=2, max_hp=8, conditions=("Bleeding", "Barrier"))
        after, why = start_of_turn(HexMap(), f, HAZARD_RULES)
        assert (after.hp, after.conditions) == (2, ("Bleeding",)) and "Barrier is removed" in why[0]
    # Burning alone: its 3 damage removes the Barrier instead, and Burning is still removed after it (p.37).
    f = Figure("f", "adversary", (0, 0), hp=3, max_hp=8, conditions=("Burning", "Barrier"))
    after, why = start_of_turn(HexMap(), f, HAZARD_RULES)
    assert (after.hp, after.conditions) == (3, ()) and "Barrier is removed" in why[0]


def test_crushing_damage_and_a_hazard_use_the_same_barrier_rule():
    # An action that is not an Attack (p.48 Crushing Leap) and a hazard: one rule, conditions.receive_damage.
    from companion.phantom.conditions import receive_damage
    f = Figure("f", "character", (0, 0), hp=5, max_hp=8, conditions=("Barrier",))
    assert receive_damage(f, 3) == (f.without_condition("Barrier"), True)
    assert receive_damage(f, 0) == (f, False)  # no damage: the Barrier waits for the next damage
    assert receive_damage(f.without_condition("Barrier"), 3)[0].hp == 2

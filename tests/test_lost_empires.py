"""Lost Empires rules (lost-empires-rulebook.txt): every combat example of p.13, every control example,
set-up, the Order Phase, gates, casualties and Wrap Up. Pure: no app, no database."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import lost_empires as le
from companion.games.frame import Die, DieResult, Face, GameError, Player

D = DieResult
CRIT = DieResult(4, critical=True)  # INTERPRETATIONS.md: the critical face counts 4

FENG = le.Faction("Feng", "FRONTLINE", tuple(le.Card(n) for n in (
    "Eye of Gliese", "Cyber Trooper", "Ferrick Hulk", "Frontline Patroller", "Fellgrin Captain", "Hound",
    "Edgeguard", "March Orders", "Blast Fire", "War Dog", "Slew Pod")),
    ("Eye of Gliese", "Cyber Trooper", "Ferrick Hulk", "Frontline Patroller", "Fellgrin Captain", "Hound",
     "Edgeguard", "March Orders", "Blast Fire"))
TERRA = le.Faction("Terra Corps", None, tuple(le.Card(n) for n in (
    "Dust Marine", "Siraxion Veteran", "Firebird", "Dust Angel", "Basilisk", "Siraxion Specialist",
    "Machinegun Rex", "Air Strike", "Orbital Strike")),
    ("Dust Marine", "Siraxion Veteran", "Firebird", "Dust Angel", "Basilisk", "Siraxion Specialist",
     "Machinegun Rex", "Air Strike", "Orbital Strike"))
CONTENT = le.Content((FENG, TERRA), Die("result", (Face("1", 1), Face("2", 2), Face("4", 4, True))))
NAMES = ("Ann", "Bob")


def unit(uid, owner, at, control=1, offense=2, defense=2, damage=0, keywords=(), card=None, **kw):
    return le.Unit(uid, card or uid, owner, at, control, offense, defense, tuple(keywords), damage=damage, **kw)


def started(first=0) -> le.Game:
    """Ann (Feng) and Bob (Terra Corps) with the starter decks, round 1, first player `first`."""
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    g = le.roll_for_first(g, (9, 5) if first == 0 else (5, 9)).state
    order = [first, 1 - first]
    for i, faction in zip(order, ("Feng", "Terra Corps") if first == 0 else ("Terra Corps", "Feng")):
        g = le.choose_faction(g, CONTENT, i, faction).state
    for i in range(2):
        g = le.set_deck(g, CONTENT, i, le.starter_deck(CONTENT.faction(g.players[i].faction))).state
    return le.begin(g).state


def stats(control=1, offense=2, defense=2, command=1, supply=0, keywords=()):
    return le.UnitStats(control, offense, defense, command, supply, tuple(keywords))


# -- combat: the six examples of p.13 (Terra Corps attacks, Feng defends) --------------------------

def test_combat_example_1_tie_deals_1_damage():
    # p.13, example 1: Dust Marine 4 against War Dog 4: War Dog is dealt 1 damage.
    r = le.resolve_attack(2, D(2), 3, D(1))
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (4, 4, "tie", 1)


def test_combat_example_2_defender_critical_wins_regardless():
    # p.13, example 2: Machinegun Rex 7 against Slew Pod 5 with a critical: the attack fails, no damage.
    r = le.resolve_attack(5, D(2), 1, CRIT)
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (7, 5, "defender", 0)
    assert any("regardless" in s for s in r.reasons)


def test_combat_example_3_both_critical_defender_wins():
    # p.13, example 3: Machinegun Rex 7 and War Dog 6, both critical: the defending unit wins.
    r = le.resolve_attack(3, CRIT, 2, CRIT)
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (7, 6, "defender", 0)


def test_combat_example_4_attacker_wins_deals_2_damage():
    # p.13, example 4: Dust Marine 5 against War Dog 4: War Dog is dealt 2 damage.
    r = le.resolve_attack(3, D(2), 2, D(2))
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (5, 4, "attacker", 2)


def test_combat_example_5_defender_wins_no_damage():
    # p.13, example 5: Dust Marine 2 against War Dog 5: no damage.
    r = le.resolve_attack(1, D(1), 3, D(2))
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (2, 5, "defender", 0)


def test_combat_example_6_attacker_critical_on_a_tie_adds_1():
    # p.13, example 6: Dust Marine 5 with a critical against War Dog 5: 1 for the tie + 1 for the critical.
    r = le.resolve_attack(1, CRIT, 3, D(2))
    assert (r.attacker_total, r.defender_total, r.result, r.damage) == (5, 5, "tie", 2)


def test_attacker_critical_adds_nothing_when_the_attack_fails():
    # FAQ (Dust Angel) and p.9: the critical adds 1 only "if the attack deals at least 1 damage".
    r = le.resolve_attack(0, CRIT, 3, D(2))
    assert (r.result, r.damage) == ("defender", 0)


def test_attacker_critical_on_a_win_deals_3():
    assert le.resolve_attack(2, CRIT, 1, D(1)).damage == 3


def test_melee_deals_1_on_a_win_or_tie_and_2_with_a_critical():
    # p.14 MELEE: 1 damage on wins and ties; a critical can increase it to 2.
    assert le.resolve_attack(5, D(2), 1, D(1), melee=True).damage == 1
    assert le.resolve_attack(2, D(2), 3, D(1), melee=True).damage == 1
    assert le.resolve_attack(2, CRIT, 1, D(1), melee=True).damage == 2
    assert le.resolve_attack(0, D(1), 5, D(2), melee=True).damage == 0


def test_a_negative_die_is_refused():
    with pytest.raises(GameError, match="negative"):
        D(-1)


# -- control: the examples of p.10 and p.14, and the FAQ --------------------------------------------

def test_control_example_p10_feng_wins_the_contested_center():
    # p.10: Feng 3 (Eye of Gliese 1 + Fellgrin Captain 3 with a damage token, reduced to 2) against
    # Terra Corps 2 (Dust Angel 1 + Dust Marine 1): Feng wins the center, 1 artifact + 1 for the center.
    units = (unit("Eye of Gliese", 0, "center", 1), unit("Fellgrin Captain", 0, "center", 3, damage=1),
             unit("Dust Angel", 1, "center", 1), unit("Dust Marine", 1, "center", 1))
    c = le.control_of("center", units, ("Feng", "Terra Corps"))
    assert (c.totals, c.winner, c.artifacts) == ((3, 2), 0, 2)


def test_control_example_p14_scion_wins_the_center_objective():
    # p.14 CENTER OBJECTIVE: Scion Imperium 3 (Flack Repairer 1 + Paladin 2) against Neo Human
    # Republic 2 (Vanguard 1 + DR-76 1): Scion gains 1 artifact and 1 more for the center.
    units = (unit("Flack Repairer", 0, "center", 1), unit("Paladin", 0, "center", 2),
             unit("Vanguard", 1, "center", 1), unit("DR-76", 1, "center", 1))
    c = le.control_of("center", units, ("Scion Imperium", "Neo Human Republic"))
    assert (c.totals, c.winner, c.artifacts) == ((3, 2), 0, 2)


def test_control_faq_uncontested_with_control_0_still_wins():
    # FAQ: the only units there, control 0: that player still gains the artifact (p.10 uncontested).
    c = le.control_of("left", (unit("Hound", 1, "left", 0),), NAMES)
    assert (c.winner, c.artifacts) == (1, 1)


def test_outer_objective_gives_1_artifact_and_a_tie_gives_nothing():
    # p.10: a tie gives nothing; INTERPRETATIONS.md: only the center objective gives the extra artifact.
    assert le.control_of("right", (unit("a", 0, "right", 2), unit("b", 1, "right", 1)), NAMES).artifacts == 1
    tie = le.control_of("right", (unit("a", 0, "right", 2), unit("b", 1, "right", 2)), NAMES)
    assert (tie.winner, tie.artifacts) == (None, 0)


def test_hives_are_never_controlled():
    # FAQ: players can only control objectives.
    c = le.control_of("hive-1", (unit("a", 0, "hive-1", 3),), NAMES)
    assert (c.winner, c.artifacts) == (None, 0)


def test_formation_with_a_friend_keeps_its_control_when_damaged():
    # p.14 FORMATION: its control cannot be reduced due to damage when a friendly unit is there.
    with_friend = (unit("Vanguard", 0, "left", 2, damage=1, keywords=["FORMATION"]), unit("DR", 0, "left", 1),
                   unit("x", 1, "left", 3))
    alone = (unit("Vanguard", 0, "left", 2, damage=1, keywords=["FORMATION"]), unit("x", 1, "left", 1))
    assert le.control_of("left", with_friend, NAMES).totals == (3, 3)
    assert le.control_of("left", alone, NAMES).totals == (1, 1)


def test_damaged_control_never_goes_below_0():
    c = le.control_of("left", (unit("a", 0, "left", 0, damage=2), unit("b", 1, "left", 0)), NAMES)
    assert c.totals == (0, 0) and c.winner is None


def test_ruthless_prompt_when_its_side_wins_an_objective_with_an_enemy_there():
    # p.15 RUTHLESS: when a unit with RUTHLESS wins control of an objective, 1 damage to an enemy unit there.
    c = le.control_of("left", (unit("a", 0, "left", 3, keywords=["RUTHLESS"]), unit("b", 1, "left", 1)), NAMES)
    assert c.ruthless
    assert not le.control_of("left", (unit("a", 0, "left", 3, keywords=["RUTHLESS"]),), NAMES).ruthless


def test_control_is_checked_from_the_first_players_leftmost_objective():
    g = started(first=1)
    assert le.control_order(g) == ("right", "center", "left")


# -- set-up ---------------------------------------------------------------------------------------

def test_first_player_by_the_higher_sum_and_ties_roll_again():
    # p.3 step 3.
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    tie = le.roll_for_first(g, (7, 7))
    assert tie.state.first is None and "roll again" in tie.description
    assert le.roll_for_first(tie.state, (5, 8)).state.first == 1


def test_factions_are_chosen_first_player_first_and_never_twice():
    g = le.roll_for_first(le.new_game((Player("Ann", "red"), Player("Bob", "blue"))), (3, 8)).state
    with pytest.raises(GameError, match="Bob chooses first"):
        le.choose_faction(g, CONTENT, 0, "Feng")
    g = le.choose_faction(g, CONTENT, 1, "Feng").state
    with pytest.raises(GameError, match="same faction"):
        le.choose_faction(g, CONTENT, 0, "Feng")


def test_the_starter_decks_are_valid_decks():
    for f in CONTENT.factions:
        assert sum(n for _, n in le.check_deck(f, le.starter_deck(f))) == 18


def test_a_deck_of_17_cards_is_refused():
    deck = le.starter_deck(FENG)
    deck["Hound"] = 1
    with pytest.raises(GameError, match="has 17"):
        le.check_deck(FENG, deck)


def test_a_third_copy_is_refused():
    deck = le.starter_deck(FENG)
    deck["Hound"] = 3
    del deck["Edgeguard"]
    deck["Blast Fire"] = 1
    with pytest.raises(GameError, match="Hound ×3"):
        le.check_deck(FENG, deck)


def test_a_deck_of_another_factions_card_or_single_copies_is_refused():
    deck = le.starter_deck(FENG)
    deck["Dust Marine"] = deck.pop("Hound")
    with pytest.raises(GameError, match="not a Feng card"):
        le.check_deck(FENG, deck)
    deck = le.starter_deck(FENG)
    deck.pop("Hound")
    deck.update({"War Dog": 1, "Slew Pod": 1})
    with pytest.raises(GameError, match="both copies"):
        le.check_deck(FENG, deck)


def test_the_game_begins_only_when_everything_is_chosen():
    g = le.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    with pytest.raises(GameError, match="First Player"):
        le.begin(g)
    g = started()
    assert (g.stage, g.round, g.phase, g.turn) == ("play", 1, "order", 0)


# -- Order Phase ------------------------------------------------------------------------------------

def test_round_1_has_2_command_and_1_supply_then_4():
    # p.3 step 6 and INTERPRETATIONS.md.
    g = started()
    assert (le.command_left(g, 0), le.supply_left(g, 0)) == (2, 1)
    assert le.command_limit(2) == 4


def test_a_unit_costs_its_command_and_enters_ready_in_the_hive():
    g = le.play_unit(started(), "Hound", stats(command=2)).state
    u = g.units[0]
    assert (u.at, u.drained, le.command_left(g, 0)) == ("hive-0", False, 0)
    with pytest.raises(GameError, match="costs 1 command"):
        le.play_unit(g, "Edgeguard", stats(command=1))


def test_a_unit_cannot_be_activated_the_turn_it_is_played_unless_frontline():
    g = le.play_unit(started(), "Hound", stats()).state
    with pytest.raises(GameError, match="turn it is played"):
        le.activate(g, g.units[0].id, "supply")
    g = le.play_unit(started(), "Frontline Patroller", stats(offense=2, keywords=["FRONTLINE"])).state
    g = le.activate(g, g.units[0].id, "supply").state
    assert g.activation.frontline and le.attack_bonuses(g, g.units[0], g.activation)[0][1] == 1


def _two_units_each_in_center():
    """Round 2 (4 command): Ann's Hound and Bob's Dust Marine both in the center, Ann to play."""
    g = started()
    g = replace(g, round=2, turn_no=5, units=(unit("u1", 0, "center", offense=3, card="Hound"),
                                                unit("u2", 1, "center", defense=2, card="Dust Marine")),
                next_id=3)
    return g


def test_one_activation_per_turn_and_a_command_gives_2_actions():
    g = _two_units_each_in_center()
    g = replace(g, units=g.units + (unit("u3", 0, "hive-0", card="Ferrick Hulk"),))
    g = le.activate(g, "u1", "command").state
    assert g.activation.actions == 2
    with pytest.raises(GameError, match="Only 1 Activate"):
        le.activate(g, "u3", "supply")


def test_moves_go_only_to_adjacent_battlefields():
    g = le.play_unit(started(), "Hound", stats()).state
    g = le.end_turn(g).state
    g = le.pass_turn(g).state  # Bob passes; Ann takes another turn
    g = le.activate(g, "u1", "command").state
    with pytest.raises(GameError, match="not adjacent"):
        le.move(g, "u1", "center")
    g = le.move(g, "u1", "left").state
    g = le.move(g, "u1", "center").state
    u = le.unit(g, "u1")
    assert (u.at, u.drained, g.activation) == ("center", True, None)


def test_a_player_who_took_no_mandatory_order_must_pass():
    # p.8 and the FAQ: neither Play a Unit nor Activate a Unit -> must Pass.
    g = le.play_support(started(), "March Orders", 1, 0).state
    with pytest.raises(GameError, match="must Pass"):
        le.end_turn(g)


def test_the_order_phase_ends_when_both_have_passed():
    g = le.pass_turn(started()).state
    assert (g.turn, g.phase) == (1, "order")
    g = le.pass_turn(g).state
    assert g.phase == "control"


def test_an_attack_deals_its_damage_and_4_destroys_at_once_with_the_elite_artifact():
    g = _two_units_each_in_center()
    g = replace(g, units=(g.units[0], replace(g.units[1], damage=2, elite_token=True, keywords=("ELITE",))))
    g = le.activate(g, "u1", "command").state
    out = le.attack(g, "u1", "u2", D(2), D(1))
    assert "u2" not in [u.id for u in out.state.units]
    assert out.state.sides[0].artifacts == 1  # p.14 ELITE: the destroyer gains 1 artifact
    with pytest.raises(GameError, match="already attacked"):
        le.attack(out.state, "u1", "u2", D(2), D(1))


def test_an_attacks_log_line_names_both_dice_the_totals_the_damage_and_what_it_left():
    # p.9: offense + die against defense + die; the log says it in the game's words (issue 38): both dice, who
    # rolled them, the totals, who won, the damage and the defending unit after it (destroyed at 4, p.9).
    g = _two_units_each_in_center()
    first = le.activate(g, "u1", "command").state
    out = le.attack(first, "u1", "u2", D(2), D(1, critical=True))
    a, d = (u.card for u in g.units[:2])
    assert out.description.startswith(f"{a} attacked {d}: ") and "defender wins, 0 damage (p.9)" in out.description
    assert "defense die 1 (critical)" in out.description and f"{d} takes no damage" in out.description
    g = replace(g, units=(g.units[0], replace(g.units[1], damage=2)))
    out = le.attack(le.activate(g, "u1", "command").state, "u1", "u2", D(2), D(1))
    assert f"Ann's attack die 2, Bob's defense die 1; {d} destroyed and discarded" in out.description
    assert out.state.combat[0] == out.description


def test_melee_makes_two_attacks_in_one_attack_action():
    g = _two_units_each_in_center()
    g = replace(g, units=(replace(g.units[0], keywords=("MELEE",)), g.units[1]))
    g = le.activate(g, "u1", "supply").state
    g = le.attack(g, "u1", "u2", D(2), D(1)).state
    g = le.attack(g, "u1", "u2", D(2), D(1)).state
    assert le.unit(g, "u2").damage == 2 and g.activation is None


def test_formation_adds_1_offense_with_a_friend_in_the_battlefield():
    g = _two_units_each_in_center()
    g = replace(g, units=g.units + (replace(g.units[0], id="u9"),))
    g = replace(g, units=(replace(g.units[0], keywords=("FORMATION",)),) + g.units[1:])
    assert le.attack_bonuses(g, g.units[0], None) == (("FORMATION with a friendly unit in the battlefield (p.14)", 1),)


def test_an_attack_needs_an_enemy_in_the_same_battlefield():
    g = _two_units_each_in_center()
    g = replace(g, units=(g.units[0], replace(g.units[1], at="left")))
    g = le.activate(g, "u1", "command").state
    with pytest.raises(GameError, match="not in the attacker's battlefield"):
        le.attack(g, "u1", "u2", D(1), D(1))


def test_elite_in_3_4_player_games_goes_to_whoever_deals_the_3rd_damage():
    # p.14, "3-4 player and 2 vs 2".
    assert le.elite_claimant("multiplayer", 2, 3, False, by=1) == 1
    assert le.elite_claimant("two-player", 2, 3, False, by=1) is None
    assert le.elite_claimant("two-player", 2, 4, True, by=0) == 0


# -- Control, Gate, Casualty, Wrap Up through the stepper --------------------------------------------

def _at_control(g):
    return replace(g, phase="control", sides=tuple(replace(s, passed=True) for s in g.sides))


def test_the_stepper_applies_control_gates_and_casualties_once():
    g = _at_control(_two_units_each_in_center())
    g = replace(g, units=(g.units[0], replace(g.units[1], at="left", damage=3)),
                sides=(replace(g.sides[0], artifacts=2), g.sides[1]))
    g = le.next_step(g).state  # Ann: center uncontested, 2; Bob: left, 1
    assert [s.artifacts for s in g.sides] == [4, 1] and g.phase == "gate"
    g = le.back_step(g).state
    g = le.next_step(g).state  # already applied: nothing twice
    assert [s.artifacts for s in g.sides] == [4, 1]
    out = le.next_step(g)  # gate: Ann discards 4 and flips gate 1
    g = out.state
    assert [(s.artifacts, s.gates) for s in g.sides] == [(0, 1), (1, 0)] and g.phase == "casualty"
    g = le.next_step(g).state  # the 3-damage unit is destroyed
    assert [u.id for u in g.units] == ["u1"] and (g.phase, g.step) == ("wrapup", 1)


def test_gate_example_p11_keeps_the_excess_artifacts_and_flips_one_gate_a_round():
    # p.11: Terra Corps with 6 artifacts discards 4, flips the first gate, keeps 2.
    g = replace(started(), phase="gate", sides=(le.Side(artifacts=9), le.Side(artifacts=6)))
    g = le.next_step(g).state
    assert [(s.artifacts, s.gates) for s in g.sides] == [(5, 1), (2, 1)]


def test_the_fourth_gate_wins_and_tiebreakers_decide_between_two():
    g = replace(started(), phase="gate", sides=(le.Side(artifacts=5, gates=3), le.Side(artifacts=2, gates=2)))
    out = le.next_step(g)
    assert out.state.stage == "over" and out.state.verdict.winner == 0
    both = replace(started(), sides=(le.Side(artifacts=1, gates=4), le.Side(artifacts=1, gates=4)),
                   units=(unit("a", 0, "left", 2), unit("b", 1, "right", 3)))
    v = le.decide_victory(both)
    assert v.winner == 1 and "total control" in v.how[-1]
    draw = replace(both, units=())
    assert le.decide_victory(draw).winner is None


def test_wrap_up_falls_back_readies_refreshes_and_passes_the_first_player_token():
    g = replace(started(), phase="wrapup", units=(unit("u1", 0, "hive-1", drained=True),),
                sides=(le.Side(command_used=2, supply_used=True, passed=True), le.Side(passed=True)))
    with pytest.raises(GameError, match="Fall back first"):
        le.next_step(g)
    with pytest.raises(GameError, match="friendly unit"):
        le.fall_back(g, 0, "left")
    g = le.fall_back(g, 0, "hive-0").state
    g = le.next_step(le.next_step(g).state).state
    assert (g.round, g.phase, g.first, g.turn) == (2, "order", 1, 1)
    assert not g.units[0].drained and le.command_left(g, 0) == 4 and not g.sides[0].passed


def test_state_survives_a_round_trip_through_plain_json():
    import json
    g = le.play_unit(started(), "Hound", stats(keywords=["ELITE"])).state
    assert le.from_dict(json.loads(json.dumps(le.to_dict(g)))) == g


def test_an_elite_unit_destroyed_in_the_casualty_phase_gives_the_artifact_to_who_dealt_its_last_damage():
    g = replace(started(), phase="casualty", units=(
        unit("u1", 1, "left", damage=3, keywords=["ELITE"], elite_token=True, damaged_by=0),))
    g = le.next_step(g).state
    assert g.units == () and [s.artifacts for s in g.sides] == [1, 0]


def test_both_copies_in_play_refuse_a_third():
    g = started()
    g = replace(g, round=2)
    g = le.play_unit(g, "Hound", stats()).state
    g = le.play_unit(g, "Hound", stats()).state
    with pytest.raises(GameError, match="Both copies of Hound"):
        le.play_unit(g, "Hound", stats())


def test_after_a_pass_the_other_player_takes_turn_after_turn():
    g = le.pass_turn(started()).state  # Ann passes
    g = le.play_unit(g, "Dust Marine", stats()).state
    g = le.end_turn(g).state
    assert (g.turn, g.activated, g.mandatory) == (1, False, False)  # Bob again, a fresh turn


def test_a_unit_played_drained_for_no_cost():
    # FAQ, Dust Marine: "You may play Dust Marine for no cost. If you do, Dust Marine is played drained."
    g = le.play_unit(le.pass_turn(started()).state, "Dust Marine", stats(command=0), drained=True).state
    assert g.units[0].drained and le.command_left(g, 1) == 2


def _ruthless_won():
    """Ann's RUTHLESS Hound (control 3) wins the center from Bob's Dust Marine: the Control Phase just applied."""
    g = _at_control(_two_units_each_in_center())
    g = replace(g, units=(replace(g.units[0], control=3, keywords=("RUTHLESS",)), g.units[1]))
    g = le.next_step(g).state
    assert g.phase == "gate" and g.ruthless == ("center",)
    return g


def test_ruthless_deals_its_1_damage_once():
    # p.15: "may deal 1 damage": once for the objective won; a second tap is refused with the rule and page.
    g = le.ruthless_damage(_ruthless_won(), "center", "u2").state
    assert le.unit(g, "u2").damage == 1 and g.ruthless == ()
    with pytest.raises(GameError) as exc:
        le.ruthless_damage(g, "center", "u2")
    assert exc.value.field == "unit" and exc.value.page == "p.15" and "once" in exc.value.message


def test_ruthless_is_not_carried_past_the_gate_phase():
    # docs/rules.md: the prompt lasts from the Control Phase's result until the table moves on.
    g = le.next_step(_ruthless_won()).state
    assert g.phase == "casualty" and g.ruthless == ()
    with pytest.raises(GameError):
        le.ruthless_damage(g, "center", "u2")


def test_ruthless_damages_only_an_enemy_unit_at_that_objective():
    with pytest.raises(GameError) as exc:
        le.ruthless_damage(_ruthless_won(), "center", "u1")
    assert "not one" in exc.value.message


def _edgeguard_moved():
    """Ann's Edgeguard (active) has just moved to the center; her drained Hound waits in the left objective."""
    g = _two_units_each_in_center()
    edge = unit("u3", 0, "center", card="Edgeguard")
    hound = replace(g.units[0], at="left", drained=True)
    marine = replace(g.units[1], at="left")
    return replace(g, units=(hound, marine, edge), next_id=4, activation=le.Activation("u3", 1), activated=True)


def test_a_granted_move_goes_to_a_drained_unit_and_does_not_drain_or_activate_it():
    # p.10 Granted actions: "not considered an activation", "can be ready or drained", "does not drain the target".
    g = le.grant_action(_edgeguard_moved(), "u1", "move or attack", "Edgeguard").state
    g = le.granted_move(g, "u1", "center").state
    hound = le.unit(g, "u1")
    assert hound.at == "center" and hound.drained and g.grant is None
    assert g.activation == le.Activation("u3", 1)  # back to the active unit, its actions untouched


def test_a_granted_attack_uses_the_combat_calculator():
    g = le.grant_action(_edgeguard_moved(), "u1", "attack", "Edgeguard").state
    out = le.granted_attack(g, "u1", "u2", D(2), D(1))  # 3 + 2 against 2 + 1: attacker wins, 2 damage
    assert le.unit(out.state, "u2").damage == 2 and "granted" in out.description and out.state.grant is None


def test_a_granted_action_is_that_action_only_and_once():
    g = le.grant_action(_edgeguard_moved(), "u1", "attack", "Edgeguard").state
    with pytest.raises(GameError, match="that action only"):
        le.granted_move(g, "u1", "center")
    g = le.granted_attack(g, "u1", "u2", D(1), D(1)).state
    with pytest.raises(GameError, match="No granted action"):
        le.granted_attack(g, "u1", "u2", D(1), D(1))
    with pytest.raises(GameError, match="non-Edgeguard"):
        le.grant_action(replace(_edgeguard_moved(), activation=None), "u3", "move", "Edgeguard")
    with pytest.raises(GameError, match="active unit"):
        le.grant_action(_edgeguard_moved(), "u3", "move")


def test_eye_of_gliese_errata_placed_with_a_friend_activated_free_attacks_only():
    # Card FAQ: "place it in an objective where you have a friendly unit", "activate ... without paying command
    # or supply", "can only take attack actions".
    g = replace(_two_units_each_in_center(), turn=0)
    stats = le.UnitStats(1, 2, 2, command=1)
    with pytest.raises(GameError, match="friendly unit"):
        le.play_unit(g, "Eye of Gliese", stats, at="left")
    with pytest.raises(GameError, match="hive"):
        le.play_unit(g, "Hound", stats, at="center")
    g = le.play_unit(g, "Eye of Gliese", stats, at="center").state
    eye = next(u for u in g.units if u.card == "Eye of Gliese")
    assert eye.at == "center"
    g = replace(g, turn_no=g.turn_no + 1, activated=False)
    used = g.sides[0].command_used
    g = le.activate(g, eye.id, "free").state
    assert g.sides[0].command_used == used and g.activation.actions == 1
    with pytest.raises(GameError, match="only take attack actions"):
        le.move(g, eye.id, "left")
    with pytest.raises(GameError, match="Only Eye of Gliese"):
        le.activate(replace(g, activation=None, activated=False), "u1", "free")


# -- what a referee still caught (issue 29) -----------------------------------------------------------

def test_a_destroyed_copy_is_in_the_discard_pile_and_not_played_again():
    # p.4: "selecting 9 different cards, taking both copies"; p.9: a unit with 4 or more damage is destroyed,
    # "discard it from play and place it in its owner's discard pile". 2 copies: never a third in play.
    g = replace(started(), round=2)
    g = le.play_unit(g, "Hound", stats()).state
    g = le.adjust_damage(g, g.units[0].id, 4, 1).state
    assert g.units == () and g.sides[0].discard == (("Hound", 1),) and le.copies_out(g, 0, "Hound") == 1
    g = le.play_unit(g, "Hound", stats()).state  # the second copy
    with pytest.raises(GameError, match="Both copies of Hound are already in play or in Ann's discard pile") as no:
        le.play_unit(g, "Hound", stats())
    assert no.value.field == "card" and no.value.page == "p.4"


def test_a_casualty_goes_to_the_discard_pile_too():
    # p.11: "All units with 3 damage on them are immediately and simultaneously discarded from play. Move
    # those units to their owner's discard pile."
    g = replace(started(), round=2, phase="casualty", units=(unit("u1", 1, "center", damage=3, card="Dust Marine"),))
    g = le.next_step(g).state
    assert g.units == () and dict(g.sides[1].discard) == {"Dust Marine": 1}


def test_a_played_support_is_discarded_and_counts_against_its_copies():
    # p.8: "Once the ability has been resolved, place the card in its owner's discard pile."
    g = replace(started(), round=2)
    for _ in range(2):
        g = le.play_support(g, "March Orders", 1, 0).state
    assert dict(g.sides[0].discard) == {"March Orders": 2}
    with pytest.raises(GameError, match="Both copies of March Orders are already in Ann's discard pile"):
        le.play_support(g, "March Orders", 1, 0)


def test_activate_is_offered_only_for_units_that_can_activate_now():
    # p.8: only ready units, not the turn they are played (p.14: FRONTLINE may), one Activate a Unit a turn.
    g = le.play_unit(started(), "Hound", stats()).state
    assert le.activatable(g) == ()  # just played, no FRONTLINE
    g = le.play_unit(g, "Frontline Patroller", stats(command=1, supply=1, keywords=["FRONTLINE"])).state
    patroller = g.units[1].id
    assert le.activatable(g) == ()  # no command nor supply token left to pay with (round 1: 2 and 1, p.3)
    g = replace(g, sides=(replace(g.sides[0], command_used=0), g.sides[1]))
    assert le.activatable(g) == (patroller,)
    for uid in [u.id for u in g.units]:
        if uid in le.activatable(g):
            le.activate(g, uid, "command")  # offered: accepted
        else:
            with pytest.raises(GameError):
                le.activate(g, uid, "command")
    g = le.activate(g, patroller, "command").state
    assert le.activatable(g) == ()  # one activation a turn


def test_frontline_plus_1_only_when_activated_the_turn_it_is_played():
    # p.14: "A unit with FRONTLINE may be activated during the same turn that it is played. If the unit is
    # activated, for the duration of that activation, it has +1 offense." Read as that same-turn activation
    # (docs/rules.md, "FRONTLINE's +1"): a later activation has no bonus.
    g = le.play_unit(started(), "Frontline Patroller", stats(keywords=["FRONTLINE"])).state
    u = g.units[0]
    later = replace(g, turn_no=g.turn_no + 2, activated=False, sides=(replace(g.sides[0], command_used=0), g.sides[1]))
    later = le.activate(later, u.id, "command").state
    assert not later.activation.frontline and le.attack_bonuses(later, u, later.activation) == ()
    now = le.activate(replace(g, sides=(replace(g.sides[0], command_used=0), g.sides[1])), u.id, "command").state
    assert le.attack_bonuses(now, u, now.activation) == (("FRONTLINE, activated the turn it was played (p.14)", 1),)

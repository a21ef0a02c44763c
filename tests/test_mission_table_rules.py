"""The rules the mission page shows, decided by the engine (companion/phantom/play/): the round's next step with
why it may not be taken yet (p.11-14), who embarks (p.8, 43), what an Attack may target and the lines of
sight to choose between (p.19-21), and the hazards a Move passed on the way (p.33, p.24)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.phantom.campaign import Character, Equipment
from companion.phantom.decision import COLORS
from companion.phantom.play import (
    MissionError, NextStep, Seat, attack_on_turn, attack_targets, begin_round, embarking, end_round, end_turn,
    fail_mission,
    EventCard, move_by_card, next_step, one_off_id, passed_hazards, place_adversary, rest, reveal, revealed_once_chosen,
    select_cards, sight_lines, start_next_turn,
)
from helpers.mission import DIE, P, figure, new, play, start, to_turns


# -- the round's next step (p.11-14) ------------------------------------------------------------------------

def test_round_1_waits_for_every_character_on_an_entry_point_and_says_so_as_the_command_would():
    # p.11 step 12: each player places their character on an entry point; round 1 begins after (p.12 step 1).
    m = new(place=False)
    step = next_step(m)
    assert step == NextStep("begin-round", False, "Vera, Bram must be placed on an entry point first", "11",
                            ("vera", "bram"), round=1, needs="die")
    with pytest.raises(MissionError) as refused:
        begin_round(m, DIE)
    assert (refused.value.message, refused.value.page) == (step.reason, step.page)
    placed = next_step(new())
    assert placed.step == "begin-round" and placed.allowed and placed.reason == "" and placed.waiting == ()


def test_the_reveal_waits_for_each_character_to_rest_or_select_cards():
    # p.12 step 3: each character rests or selects cards; step 4: then the cards are revealed.
    m = begin_round(new(), DIE).mission
    step = next_step(m)
    assert (step.step, step.allowed, step.page, step.waiting) == ("reveal", False, "12 step 3", ("vera", "bram"))
    with pytest.raises(MissionError) as refused:
        reveal(m)
    assert refused.value.message == step.reason == "Vera, Bram must rest or select cards first"
    m = select_cards(m, "vera", [("Dash", 2)]).mission
    assert next_step(m).waiting == ("bram",)
    m = select_cards(m, "bram", [("Charge", 5)]).mission
    assert next_step(m) == NextStep("reveal", round=1)


def test_tied_characters_make_the_reveal_ask_for_the_players_order():
    # p.12 step 7: "In the case of initiative ties between two or more characters, the players decide".
    m = begin_round(new(), DIE).mission
    m = select_cards(select_cards(m, "vera", [("Dash", 3)]).mission, "bram", [("Charge", 3)]).mission
    step = next_step(m)
    assert step.step == "reveal" and step.allowed and step.needs == "order" and step.ties == ((("vera", "bram"), 3),)


def test_the_last_choice_reveals_the_cards_and_the_turn_order_with_no_further_step():
    # p.12 step 3-4: once each character has rested or selected cards, the cards are revealed; nothing is left
    # for the players to decide, so the change that completes the choices is the reveal too (issue 27).
    m = begin_round(new(), DIE).mission
    first = revealed_once_chosen(select_cards(m, "vera", [("Dash", 2)]))
    assert first.mission.round.phase == "select" and next_step(first.mission).waiting == ("bram",)
    last = revealed_once_chosen(select_cards(first.mission, "bram", [("Charge", 5)]))
    assert last.mission == reveal(select_cards(first.mission, "bram", [("Charge", 5)]).mission).mission
    assert next_step(last.mission) == NextStep("next-turn", figure="vera", round=1)
    assert last.reasons[0].startswith("Bram selects 1 card(s), AP 5")
    assert "Every character has chosen: the cards are revealed (p.12 step 4)" in last.reasons
    assert any(r.startswith("Initiative, lowest first") for r in last.reasons)


def test_a_rest_completing_the_choices_reveals_too():
    m = to_turns(new(), vera=[("Dash", 1)], bram=[("Charge", 6)])
    m = play(m)
    m = begin_round(end_round(m).mission, DIE).mission
    m = select_cards(m, "bram", [("Smash", 2)]).mission
    done = revealed_once_chosen(rest(m, "vera"))
    assert done.mission.round.phase == "turns" and done.reasons[0] == "Vera rests: initiative 1 this round (p.13)"


def test_the_reveal_still_waits_for_tied_characters_order_and_for_the_event_card_in_hand():
    # p.12 step 7: tied characters' order is the players' to give; p.12 step 2 before step 4: an adversary the
    # Event card places after the draw would take no turn this round (p.26), so the reveal waits for it.
    m = begin_round(new(), DIE).mission
    tied = revealed_once_chosen(select_cards(select_cards(m, "vera", [("Dash", 3)]).mission, "bram", [("Charge", 3)]))
    assert tied.mission.round.phase == "select" and next_step(tied.mission).needs == "order"
    places = EventCard("7", "Reinforcements", places=1, places_type="grallok-sentry")
    m = replace(m, round=replace(m.round, event=places))
    waits = revealed_once_chosen(select_cards(select_cards(m, "vera", [("Dash", 1)]).mission, "bram", [("Charge", 5)]))
    assert waits.mission.round.phase == "select" and next_step(waits.mission).allowed  # Reveal stays offered
    assert next_step(waits.mission).needs == "event"  # the bar says why the order waits
    placed = revealed_once_chosen(place_adversary(waits.mission, "grallok-sentry", "J-8", "event"))
    assert placed.mission.round.phase == "turns" and "grallok-sentry-1" in placed.mission.round.acting
    book = EventCard("8", "Echoes", event_adversary="Place the event adversary shown in the mission book.")
    m = replace(m, round=replace(m.round, event=book))
    read = revealed_once_chosen(select_cards(select_cards(m, "vera", [("Dash", 1)]).mission, "bram", [("Charge", 5)]))
    assert read.mission.round.phase == "turns"  # the book is read at the table after the die (step 2)


def test_each_turn_in_initiative_order_then_the_end_of_the_round():
    # p.12 step 7: figures take turns lowest initiative first; steps 8-9: then the round ends.
    m = to_turns(new(), vera=[("Dash", 1)], bram=[("Charge", 6)])
    assert next_step(m) == NextStep("next-turn", figure="vera", round=1)
    m = start(m)
    assert next_step(m) == NextStep("end-turn", figure="vera", round=1)
    m = play(end_turn(m).mission)
    assert next_step(m) == NextStep("end-round", round=1)
    assert next_step(end_round(m).mission).step == "begin-round"


def test_an_adversarys_turn_is_the_ais_to_play():
    # p.26: an adversary's turn follows its Adversary Action cards (the AI plans it; the table enters dice).
    m = to_turns(new(placements={"J-8": ("grallok-sentry", 1, 4)}), vera=[("Dash", 1)], bram=[("Charge", 6)])
    adversary = next(f.id for f in m.board.figures if f.side == "adversary")
    m = start(play(m, until=adversary))
    assert next_step(m) == NextStep("adversary-turn", figure=adversary, round=1)


def test_ending_a_turn_next_to_an_orb_asks_which_orbs_to_activate():
    # p.24: a character next to an active orb at the end of its turn may activate it (Vera on A-1, the orb on B-1).
    m = to_turns(new(tokens={"orbs": {"B-1": None}}), vera=[("Dash", 1)], bram=[("Charge", 6)])
    assert next_step(start(m)).needs == "orbs"


def test_nothing_comes_next_once_the_mission_is_over():
    # p.13: failing an objective that is not optional ends the mission as a failure.
    m = fail_mission(new(), "the reactor blew").mission
    assert next_step(m) == NextStep("", False, "the mission is over (failure)", "13-14")


# -- who embarks (p.8, 43) ------------------------------------------------------------------------------------

VERA = Character("c1", "Vera", "Scout", "Human", max_hp=10, max_ap=6,
                 equipment=(Equipment("e1", "Flak Vest", "body", 1, "Berkav", 3, equipped=True, guard=1),))
BRAM = Character("c2", "Bram", "Sentinel", "Grallok")
GONE = Character("c3", "Nell", "Medic", "Slink", max_hp=9, max_ap=6, active=False)


def test_a_campaign_character_embarks_with_its_sheets_numbers_or_its_species_and_its_equipments_guard():
    # p.43 A-B: maximum HP and AP from the Character Species card; p.44: equipment's Guard modifier.
    party = embarking([Seat(1, "c1"), Seat(2, "c2", ap=8)], [VERA, BRAM, GONE], {"Grallok": {"hp": 12, "ap": 7}})
    assert [(e.id, e.name, e.species, e.max_hp, e.max_ap, e.guard) for e in party] == [
        ("c1", "Vera", "Human", 10, 6, 1), ("c2", "Bram", "Grallok", 12, 8, 0)]
    assert [e.color for e in party] == [COLORS[0], COLORS[1]]  # the seat's color


def test_a_campaign_character_without_numbers_is_refused_naming_the_seats_field():
    # p.43: the numbers come from the species card, entered on the seat or once on the character sheet.
    with pytest.raises(MissionError) as refused:
        embarking([Seat(1, "c1"), Seat(2, "c2")], [VERA, BRAM])
    assert refused.value.field == "hp_2" and refused.value.page == "43"
    assert "enter Bram's maximum HP from its species card" in refused.value.message
    with pytest.raises(MissionError, match="'c3' is not an active character of this campaign") as inactive:
        embarking([Seat(3, "c3")], [VERA, BRAM, GONE])
    assert inactive.value.field == "character_3"


def test_each_character_embarks_once():
    # p.8: each player embarks with one character; a solo player creates at least two distinct ones.
    with pytest.raises(MissionError, match="'vera ' is already embarking: each character embarks once") as twice:
        embarking([Seat(1, "Vera", 10, 6), Seat(2, "vera ", 10, 6)])
    assert (twice.value.field, twice.value.page) == ("character_2", "8")
    party = embarking([Seat(1, "Vera Quinn", 10, 6), Seat(4, "!!", 9, 5)])
    assert [(e.id, e.name, e.color) for e in party] == [("vera-quinn", "Vera Quinn", COLORS[0]),
                                                        ("character-4", "!!", COLORS[3])]
    assert one_off_id("Vera Quinn") == "vera-quinn"


# -- the Attack of the turn: targets, lines of sight, dice (p.19-21) ------------------------------------------

def test_an_attack_targets_the_adversaries_and_the_destructible_objects_not_destroyed():
    # p.20 step 1: "a valid target is an enemy or a destructible object".
    m = new(placements={"E-3": ("grallok-sentry", 1, 4)},
            tokens={"objects": {"D-3": "destructible", "D-4": "damaged", "D-5": "destroyed", "D-6": "indestructible"}})
    targets = attack_targets(m)
    assert [(t.value, t.text) for t in targets.choices] == [
        ("grallok-sentry-1", "grallok-sentry-1 (8 HP)"), ("object:D-3", "Object on D-3 (destructible)"),
        ("object:D-4", "Object on D-4 (damaged)")]
    assert targets.page == "20" and "an enemy or a destructible object" in targets.reason


def test_the_lines_of_sight_to_choose_between_each_with_what_it_crosses():
    # p.19: the players choose the vertices of the line; p.21 step 4: an Accuracy roll for what it crosses.
    m = to_turns(new(placements={"E-3": ("grallok-sentry", 1, 4)}), vera=[("Dash", 1)], bram=[("Charge", 6)])
    m = start(m)
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("C-2"))))
    m = replace(m, board=m.board.with_figure(replace(figure(m, "vera"), at=P("A-3"))))
    lines = sight_lines(m, "vera", attack_targets(m))
    assert [(s.target, s.value, s.crossed) for s in lines] == [
        ("grallok-sentry-1 (8 HP)", "", ()), ("grallok-sentry-1 (8 HP)", "bram", ("bram",))]
    beside = replace(m, board=m.board.with_figure(replace(figure(m, "vera"), at=P("D-3"))))
    assert sight_lines(beside, "vera", attack_targets(beside)) == ()  # adjacent: no line to choose


def test_the_attack_of_the_turn_changes_nothing_until_every_die_is_entered():
    # p.21: the Accuracy dice for what the line crosses are rolled with the Attack die.
    m = to_turns(new(placements={"E-3": ("grallok-sentry", 1, 4)}), vera=[("Dash", 1)], bram=[("Charge", 6)])
    with pytest.raises(MissionError, match="the character whose turn it is") as nobody:
        attack_on_turn(m, "grallok-sentry-1", {"attack": [2]})
    assert nobody.value.field == "attacker"
    m = start(m)
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("C-3"))))
    m = replace(m, board=m.board.with_figure(replace(figure(m, "vera"), at=P("A-3"))))
    with pytest.raises(MissionError) as waiting:
        attack_on_turn(m, "grallok-sentry-1", {"attack": [2]}, attack_range=4)
    assert (waiting.value.field, waiting.value.page) == ("rolls", "21")
    assert "Accuracy die for bram" in waiting.value.message and "nothing changes until every die" in waiting.value.message
    hit = attack_on_turn(m, "grallok-sentry-1", {"attack": [3], "accuracy": ["success"]}, attack_range=4)
    assert hit.reasons[0] == "vera attacks grallok-sentry-1: hit" and figure(hit.mission, "grallok-sentry-1").hp == 6


# -- the hazards a Move passed (p.33) -------------------------------------------------------------------------

def test_the_hazards_offered_before_a_move_then_those_on_the_path_it_took():
    # p.33: a figure entering a hazard suffers it; the table confirms those entered before the end of a Move.
    m = new(tokens={"hazards": {"B-1": "fire", "H-8": "poison", "A-1": "fire", "A-3": "poison"}})
    m = to_turns(m, vera=[("Dash", 1)], bram=[("Charge", 6)])
    assert passed_hazards(m).spaces == ()  # no one's turn yet
    m = start(m)  # Vera, on A-1's fire; Bram on A-3's poison: moving through an ally enters its space
    before = passed_hazards(m)
    assert before.spaces == (("B-1", "fire"), ("A-3", "poison"), ("H-8", "poison")) and before.page == "33"
    moved = move_by_card(m, "vera", "C-1", 2).mission
    assert passed_hazards(moved).spaces == (("B-1", "fire"),)

"""A whole mission, round by round (companion/phantom/play/): set-up (p.9-11, 34), the round flow and
initiative ties (p.12-13), decks (p.12, 39, 47), conditions over time (p.37, 50), defeat (p.23, 26, 30)
and the result (p.13-14). Readings: docs/rules.md, "Phantom Epoch — the mission round"."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.phantom.decision import COLORS, DecisionDie
from companion.phantom.play import (
    ActionChoice, BossCard, Deck, EventCard, MissionError, add_condition, adversaries_for, adversary_scenario,
    apply_adversary_turn, begin_round, character_attack, character_ties, character_turn_start,
    discard_to_recover_from_stunned, end_round, end_turn, fail_mission, heal, initiative, meet_objective,
    mission_from_dict, mission_report, mission_to_dict, move_figure, open_door, place_adversary, place_character,
    redraw_boss_card, remove_condition, rest, reveal, select_cards, set_hp, set_primary_target, set_up, spread_colors,
    start_next_turn, turn_order,
)
from companion.phantom.scenario import Action
from companion.phantom.turn import resolve_turn
from helpers.mission import (
    ARCHER, BRAM, DIE, EARLY, L, LATE, NELL, P, SENTRY, SPECIES, VERA, cond, figure, hexmap, klass, new, play, said,
    species, stack, start, to_turns, with_discard,
)


# -- set-up (p.9-11, 34) ------------------------------------------------------------------------------------

def test_adversaries_are_placed_by_the_character_count_on_their_icon():
    # p.10-11 step 7: "if an adversary's character count says 3-4 and there are only 2 characters in the
    # mission, then do not place that adversary"; p.34: the count on the icon decides.
    placements = {"E-2": ("grallok-archer", 1, 4), "E-4": ("grallok-sentry", 3, 4)}
    two = new(placements)
    assert [f.id for f in two.board.figures if f.side == "adversary"] == ["grallok-archer-1"]
    three = new(placements, characters=(VERA, BRAM, NELL))
    assert {f.id for f in three.board.figures if f.side == "adversary"} == {"grallok-archer-1", "grallok-sentry-1"}
    placed, reasons = adversaries_for(hexmap(placements), 2, (ARCHER, SENTRY))
    assert placed == ((P("E-2"), "grallok-archer"),) and said(reasons, "no grallok-sentry on E-4", "3-4", "2 embarked")


def test_a_boss_is_placed_whatever_the_character_count():
    # p.11: "Boss adversary standees are placed on the map regardless of number of characters present";
    # p.30: its attributes are the column for the characters embarked (2: HP 23).
    m = new({"F-5": ("mutant-grallok", 3, 4)})
    boss = figure(m, "mutant-grallok-1")
    assert boss is not None and (boss.hp, boss.attack, boss.guard) == (23, 2, 1)


def test_adversaries_of_a_type_take_different_colors_then_spread_duplicates_evenly():
    # p.11: 4 Slink Archers: 4 different colors; 6: "2 each of 2 colors, and 1 each of the other 2 colors".
    six = {f"{c}-2": ("grallok-archer", 1, 4) for c in "BCDEFG"}
    m = new(six)
    colors = [f.color for f in m.board.figures if f.side == "adversary"]
    assert sorted(colors.count(c) for c in COLORS) == [1, 1, 2, 2]
    assert len(set(spread_colors(4))) == 4 and len(set(spread_colors(3))) == 3


def test_colors_the_table_used_must_be_spread_evenly():
    # p.11: a different color for each while possible; duplicates spread evenly.
    three = {"B-2": ("grallok-archer", 1, 4), "C-2": ("grallok-archer", 1, 4), "D-2": ("grallok-archer", 1, 4)}
    with pytest.raises(MissionError, match="grallok-archer: red, red, yellow is not spread evenly"):
        new(three, colors={"B-2": "red", "C-2": "red", "D-2": "yellow"})
    m = new(three, colors={"B-2": "yellow", "C-2": "red", "D-2": "dark-blue"})
    assert figure(m, "grallok-archer-1").color == "yellow"


def test_a_new_adversary_takes_a_color_with_the_fewest_of_its_type():
    # p.26: "select the HP tracking base color for the new adversary that currently has the fewest of that
    # adversary type associated with it (in the case of a tie, players can choose the color)".
    five = {f"{c}-2": ("grallok-archer", 1, 4) for c in "BCDEF"}  # dark blue twice, the others once
    m = new(five)
    with pytest.raises(MissionError, match="'dark-blue' is not among the colors with the fewest grallok-archer"):
        place_adversary(m, "grallok-archer", "H-6", color="dark-blue")
    chosen = place_adversary(m, "grallok-archer", "H-6", color="red").mission
    assert figure(chosen, "grallok-archer-6").color == "red"
    default = place_adversary(m, "grallok-archer", "H-6")
    assert figure(default.mission, "grallok-archer-6").color == "light-blue"
    assert said(default.reasons, "players may choose")
    # One of each of the four colors and a fifth: red had the fewest... now every color but one has two.
    assert figure(place_adversary(chosen, "grallok-archer", "H-7").mission, "grallok-archer-7").color == "light-blue"


def test_no_new_adversary_when_every_standee_of_its_type_is_in_play():
    # p.26: "If ... all the adversary standees for that adversary type are already in play, then do not place".
    m = new({"B-2": ("grallok-archer", 1, 4)}, kinds=(replace(ARCHER, standees=1),))
    out = place_adversary(m, "grallok-archer", "H-6")
    assert out.mission == m and said(out.reasons, "standee", "not placed")


def test_characters_start_on_different_entry_points():
    # p.11 step 12: "place each of their character miniatures on a different entry point".
    m = new(place=False)
    with pytest.raises(MissionError, match="at: 'B-1' is not an entry point"):
        place_character(m, "vera", "B-1")
    m = place_character(m, "vera", "A-1").mission
    with pytest.raises(MissionError, match="at: 'A-1' already holds vera"):
        place_character(m, "bram", "A-1")
    with pytest.raises(MissionError, match="Bram must be placed on an entry point first"):
        begin_round(m, DIE)
    m = place_character(m, "vera", "A-5").mission  # changed her mind before round 1
    assert L.label(figure(m, "vera").at) == "A-5" and figure(m, "vera").hp == 10
    m = begin_round(place_character(m, "bram", "A-1").mission, DIE).mission
    with pytest.raises(MissionError, match="before round 1"):
        place_character(m, "bram", "A-3")


def test_the_event_deck_is_five_round_1_5_events_on_the_shuffled_round_6_plus_deck():
    # p.10 step 8: shuffle both, "draw 5 random events from the Round 1-5 Event deck and place them face down
    # on top of the Round 6+ Event deck"; the leftovers are set aside.
    m = new()
    deck = m.events.cards
    assert len(deck) == 5 + len(LATE)
    assert all(e in EARLY for e in deck[:5]) and sorted(deck[5:], key=lambda e: e.number) == list(LATE)
    assert new(seed=7).events == m.events  # the injected random.Random decides
    assert {new(seed=s).events.cards[:5] for s in range(6)} != {deck[:5]}  # and it does shuffle
    with pytest.raises(MissionError, match="events_1_5: 4 Round 1-5 event cards given"):
        set_up("x", hexmap(), 1, (VERA,), (), species_decks={}, class_decks={}, events_1_5=EARLY[:4],
               events_6_plus=LATE)


def test_campaign_orbs_and_treasures_taken_before_are_not_placed():
    # p.9 step 3: campaign orbs (numbered) not yet activated and campaign treasure not yet retrieved are
    # placed; mission orbs and treasure (no number) always are.
    m = new(tokens={"orbs": {"E-1": 7, "F-1": None}, "treasures": {"E-8": 3, "F-8": None}}, orbs_taken=(7,),
            treasures_taken=(3,))
    assert m.map.orbs == ((P("F-1"), None),) and m.map.treasures == ((P("F-8"), None),)


# -- the round flow (p.12-13) --------------------------------------------------------------------------------

def test_a_round_begins_with_the_decision_die_then_the_event():
    # p.12 steps 1-2: the die is used for the whole round; an Event card is drawn and performed.
    m = new()
    top = m.events.cards[0]
    out = begin_round(m, DIE)
    assert out.mission.round.die == DIE and out.mission.round.event == top
    assert out.mission.events.cards == m.events.cards[1:]
    assert said(out.reasons, "decision die", "p.12") and said(out.reasons, top.name)
    with pytest.raises(MissionError, match="round 1 is not over yet"):
        begin_round(out.mission, DIE)


def test_a_resting_character_has_initiative_1_whatever_its_modifiers():
    # p.13: "A character's initiative will be considered as 1 for the round"; p.44: initiative modifiers
    # apply only if another effect (such as resting) doesn't set it to 1.
    m = begin_round(with_discard(new(), "vera", "Slash"), DIE).mission
    assert initiative(rest(m, "vera", modifier=2).mission, "vera")[0] == 1
    assert initiative(rest(cond(m, "vera", "Frozen"), "vera").mission, "vera")[0] == 1  # no card AP to double
    m2 = begin_round(new(), DIE).mission
    m2 = select_cards(m2, "vera", [("Slash", 2)], modifier=2).mission
    assert initiative(m2, "vera")[0] == 4


def test_no_rest_without_discarded_cards():
    # p.13 RESTING 1: "Characters may not rest if they do not have any discarded Character Action cards."
    m = begin_round(new(), DIE).mission
    with pytest.raises(MissionError, match="rest: Vera has no discarded Character Action cards"):
        rest(m, "vera")


def test_no_rest_two_turns_in_a_row():
    # p.13 RESTING 2: "Characters may not rest two turns in a row."
    m = play(to_turns(with_discard(new(), "vera", "Slash"), vera=None, bram=[("Charge", 3)]))
    m = end_round(m).mission
    m = begin_round(with_discard(m, "vera", "Parry"), DIE).mission
    with pytest.raises(MissionError, match="Vera rested in round 1 and may not rest two turns in a row"):
        rest(m, "vera")
    m = play(reveal(select_cards(select_cards(m, "vera", [("Dash", 1)]).mission, "bram", [("Smash", 3)]).mission)
             .mission)
    m = begin_round(end_round(m).mission, DIE).mission
    assert rest(m, "vera").mission.round.choice("vera").rest  # round 3: allowed again


def test_selected_cards_ap_is_the_initiative_and_at_most_the_species_max_ap():
    # p.13: "one or more Character Action cards, but the sum of AP ... must be less than or equal to the
    # character's maximum AP value on their Character Species card"; p.12 step 6: initiative = total AP.
    m = begin_round(new(), DIE).mission
    assert initiative(select_cards(m, "vera", [("Slash", 2), ("Dash", 3)]).mission, "vera")[0] == 5
    with pytest.raises(MissionError, match="cards: AP 7 is above Vera's maximum AP of 6"):
        select_cards(m, "vera", [("Slash", 4), ("Dash", 3)])
    with pytest.raises(MissionError, match="must choose one or more Character Action cards"):
        select_cards(m, "vera", [])
    with pytest.raises(MissionError, match=r"cards\[0\]: 'Old' is not in Vera's hand"):
        select_cards(with_discard(m, "vera", "Old"), "vera", [("Old", 1)])


def test_frozen_doubles_the_ap_of_the_cards_selected():
    # p.37 FROZEN: "AP cost (including when calculating initiative) of all Action cards is doubled"; p.50:
    # Frozen during card selection "affects how many cards they can select due to the doubled AP values".
    m = begin_round(new(), DIE).mission
    m = cond(m, "vera", "Frozen")
    with pytest.raises(MissionError, match=r"AP 8 \(doubled: Frozen, p.37\) is above Vera's maximum AP of 6"):
        select_cards(m, "vera", [("Slash", 2), ("Dash", 2)])
    assert initiative(select_cards(m, "vera", [("Slash", 3)]).mission, "vera")[0] == 6


def test_each_adversary_type_draws_its_species_and_class_card():
    # p.12 step 5, p.10 step 6 (Figure 1): a Grallok Sentry and Grallok Archers draw one Grallok species card
    # each, one Sentry and one Archer class card.
    m = new({"E-2": ("grallok-archer", 1, 4), "E-4": ("grallok-archer", 1, 4), "E-6": ("grallok-sentry", 1, 4)})
    before = {k: len(d.cards) for k, d in m.decks}
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    after = {k: len(d.cards) for k, d in m.decks}
    assert before["species:Grallok"] - after["species:Grallok"] == 2
    assert before["class:Archer"] - after["class:Archer"] == 1 and before["class:Sentry"] - after["class:Sentry"] == 1
    assert before["class:Scout"] == after["class:Scout"]  # no Slink Scout on the map
    archer, sentry = m.round.drawn_for("grallok-archer"), m.round.drawn_for("grallok-sentry")
    assert archer.species != sentry.species and archer.class_card.name.startswith("Archer")


def test_an_empty_deck_shuffles_its_discards_into_a_new_deck():
    # p.12 step 5: "If all Adversary Action cards for a species, class, or boss adversary have already been
    # discarded, shuffle the discarded cards to form a new deck and continue drawing".
    m = new({"E-2": ("grallok-archer", 1, 4), "E-6": ("grallok-sentry", 1, 4)})
    grallok = m.deck("species:Grallok")
    m = replace(m, decks=tuple((k, Deck(grallok.cards[:1], grallok.cards[1:]) if k == "species:Grallok" else d)
                               for k, d in m.decks))
    out = reveal(select_cards(select_cards(begin_round(m, DIE).mission, "vera", [("Slash", 2)]).mission, "bram",
                              [("Charge", 3)]).mission)
    drawn = {out.mission.round.drawn_for(t).species for t in ("grallok-archer", "grallok-sentry")}
    assert grallok.cards[0] in drawn and len(drawn) == 2
    assert len(out.mission.deck("species:Grallok").cards) == len(grallok.cards) - 2
    assert not out.mission.deck("species:Grallok").discard and said(out.reasons, "shuffled to form a new deck")


def test_adversary_initiative_is_its_species_card_plus_its_colors_class_row():
    # p.12 step 6: "their Species Action card AP is added to the AP on the Class Action card that corresponds
    # to their color".
    m = new({"E-2": ("grallok-archer", 1, 4), "E-4": ("grallok-archer", 1, 4)})  # dark blue, light blue
    m = stack(stack(m, "species:Grallok", species("Aim", 2)), "class:Archer", klass("Volley", (1, 5, 6, 7)))
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    assert initiative(m, "grallok-archer-1")[0] == 3 and initiative(m, "grallok-archer-2")[0] == 7


def test_a_boss_draws_a_boss_card_and_its_initiative_is_inherent_plus_the_actions():
    # p.12 step 5: bosses draw a Boss Adversary Action card instead; p.30, Figure 46: initiative is the sum of
    # the inherent action's AP and the actions to perform (2 + 7 = 9).
    m = stack(new({"F-5": ("mutant-grallok", 1, 4)}), "boss:mutant-grallok", BossCard("Regenerate", (3,)))
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    assert m.round.drawn_for("mutant-grallok").boss.name == "Regenerate"
    assert initiative(m, "mutant-grallok-1")[0] == 9


def test_a_boss_card_that_says_to_draw_another_is_kept_beside_the_board():
    # p.58, Figure 46: a persistent card placed beside the board, then "Draw another Boss card for the Boss to
    # use this round"; p.49: persistent cards stay until the boss is defeated or the mission ends.
    odd = BossCard("Adapt", (3,), persistent=True, text="Remove all detrimental conditions ...")
    m = stack(new({"F-5": ("mutant-grallok", 1, 4)}), "boss:mutant-grallok", odd, BossCard("Claw", (1,)))
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    assert initiative(m, "mutant-grallok-1")[0] == 9
    out = redraw_boss_card(m, "mutant-grallok", keep_persistent=True)
    assert out.mission.persistent == (("mutant-grallok", odd),)
    assert out.mission.round.drawn_for("mutant-grallok").boss.name == "Claw"
    assert initiative(out.mission, "mutant-grallok-1")[0] == 2 + 3
    discarded = redraw_boss_card(m, "mutant-grallok", keep_persistent=False).mission
    assert discarded.persistent == () and discarded.deck("boss:mutant-grallok").discard == (odd,)
    defeated = set_hp(out.mission, "mutant-grallok-1", 0).mission  # p.49: "until the boss ... is defeated"
    assert defeated.persistent == () and odd in defeated.deck("boss:mutant-grallok").discard


def test_a_boss_card_is_not_redrawn_once_the_boss_has_taken_its_turn():
    # p.58: "Draw another Boss card for the Boss to use this round" - only before the boss has used one.
    m = stack(new({"F-5": ("mutant-grallok", 1, 4)}), "boss:mutant-grallok", BossCard("Claw", (1,)))
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    m = replace(m, round=replace(m.round, done=m.round.done + ("mutant-grallok-1",)))
    with pytest.raises(MissionError, match="'mutant-grallok' has already played this round"):
        redraw_boss_card(m, "mutant-grallok", keep_persistent=False)


def test_an_event_naming_the_mission_event_points_to_the_mission_book():
    # p.12 step 2: "If an Event card refers to 'mission event' or 'event adversary,' follow the corresponding
    # instructions found in the Mission book" (p.59).
    m = new()
    m = replace(m, events=Deck((EventCard("X3", "Reinforcements", "Place the event adversary."),)))
    assert said(begin_round(m, DIE).reasons, "event adversary", "Mission book")


def test_an_empty_event_deck_shuffles_the_discarded_events():
    # Reading (docs/rules.md): the rules do not say; the Event deck does what p.12 step 5 says of Action decks.
    m = new()
    m = replace(m, events=Deck((), (EventCard("B1", "Late 1"), EventCard("B2", "Late 2"))))
    out = begin_round(m, DIE)
    assert out.mission.round.event in m.events.discard and len(out.mission.events.cards) == 1
    assert said(out.reasons, "shuffled to form a new deck")


def test_characters_go_before_adversaries_on_an_initiative_tie():
    # p.12 step 7: "In the case of initiative ties between a character and an adversary, characters go first."
    m = stack(stack(new({"E-2": ("grallok-archer", 1, 4)}), "species:Grallok", species("Aim", 2)),
              "class:Archer", klass("Volley", (1, 1, 1, 1)))
    m = to_turns(m, vera=[("Slash", 3)], bram=[("Charge", 5)])
    order = turn_order(m)
    assert [f for f, _ in order.upcoming] == ["vera", "grallok-archer-1", "bram"]
    assert said(order.reasons, "characters go first")


def test_tied_characters_go_in_the_order_the_players_choose():
    # p.12 step 7: "In the case of initiative ties between two or more characters, the players decide".
    m = begin_round(new(), DIE).mission
    m = select_cards(select_cards(m, "vera", [("Slash", 3)]).mission, "bram", [("Charge", 3)]).mission
    assert character_ties(m) == (("vera", "bram"),)
    with pytest.raises(MissionError, match="character_order: Vera, Bram tie at initiative 3: the players decide"):
        reveal(m)
    bram_first = reveal(m, ["bram", "vera"]).mission
    assert [f for f, _ in turn_order(bram_first).upcoming] == ["bram", "vera"]
    assert [f for f, _ in turn_order(reveal(m, ["vera", "bram"]).mission).upcoming] == ["vera", "bram"]


def test_tied_adversaries_of_one_type_go_in_the_color_order_of_their_class_card():
    # p.12 step 7: "ties between adversaries of the same type ... proceeds in the order their colors are shown on
    # their Class Action card"; p.47 B: from the top color to the bottom. The die's red does not decide here.
    m = new({"B-6": ("grallok-archer", 1, 4), "C-6": ("grallok-archer", 1, 4), "D-6": ("grallok-archer", 1, 4)},
            colors={"B-6": "red", "C-6": "yellow", "D-6": "dark-blue"})
    printed = ("yellow", "red", "light-blue", "dark-blue")
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Archer", klass("Volley", (2, 2, 3, 4), printed))
    m = to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 1)], order=["vera", "bram"])
    archers = [f for f, _ in turn_order(m).upcoming if f.startswith("grallok")]
    assert archers == ["grallok-archer-2", "grallok-archer-1", "grallok-archer-3"]  # yellow, red (both 3), dark blue 5
    assert said(turn_order(m).reasons, "order of the colors on their class card")


def test_tied_adversaries_of_one_type_and_color_go_by_the_decision_die():
    # p.12 step 7: "If two or more adversaries of the same type share a color, the Decision die is used".
    five = {"B-6": ("grallok-archer", 1, 4), "C-6": ("grallok-archer", 1, 4), "D-6": ("grallok-archer", 1, 4),
            "E-6": ("grallok-archer", 1, 4), "F-2": ("grallok-archer", 1, 4)}
    m = new(five)  # map order: F-2 dark blue, then B-6 light blue, C-6 red, D-6 yellow, E-6 dark blue
    assert figure(m, "grallok-archer-1").at == P("F-2") and figure(m, "grallok-archer-5").color == "dark-blue"
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Archer", klass("Volley", (1, 1, 1, 1)))
    north = to_turns(m, die=DecisionDie("red", "S", "W"), vera=[("Slash", 1)], bram=[("Charge", 1)],
                     order=["vera", "bram"])
    dark = [f for f, _ in turn_order(north).upcoming if figure(north, f).color == "dark-blue"]
    assert dark == ["grallok-archer-5", "grallok-archer-1"]  # south first: E-6 before F-2
    south = to_turns(m, die=DecisionDie("red", "N", "W"), vera=[("Slash", 1)], bram=[("Charge", 1)],
                     order=["vera", "bram"])
    assert [f for f, _ in turn_order(south).upcoming if figure(south, f).color == "dark-blue"] == [
        "grallok-archer-1", "grallok-archer-5"]


def test_tied_adversaries_of_different_types_go_by_the_decision_die():
    # p.12 step 7: "ties between adversaries of a different type, the Decision die is used"; p.36: its color
    # first (if it matches an option), then its directions.
    m = new({"B-6": ("grallok-archer", 1, 4), "H-2": ("slink-scout", 1, 4)})  # both dark blue
    m = stack(stack(m, "species:Grallok", species("Aim", 2)), "class:Archer", klass("Volley", (1, 1, 1, 1)))
    m = stack(stack(m, "species:Slink", species("Sneak", 1)), "class:Scout", klass("Stab", (2, 2, 2, 2)))
    m = replace(m, board=m.board.with_figure(replace(figure(m, "slink-scout-1"), color="red")))
    def first(die):
        mm = to_turns(m, die=die, vera=[("Slash", 1)], bram=[("Charge", 1)], order=["vera", "bram"])
        return [f for f, _ in turn_order(mm).upcoming if f.startswith(("grallok", "slink"))], turn_order(mm).reasons
    by_color, reasons = first(DecisionDie("red", "S", "W"))
    assert by_color == ["slink-scout-1", "grallok-archer-1"] and said(reasons, "different types", "decision die")
    assert first(DecisionDie("yellow", "S", "E"))[0] == ["grallok-archer-1", "slink-scout-1"]  # B-6 is south
    assert first(DecisionDie("yellow", "N", "W"))[0] == ["slink-scout-1", "grallok-archer-1"]  # H-2 is north


def test_turns_go_lowest_initiative_first_and_then_the_round_ends():
    # p.12 step 7: "Starting from the lowest initiative to the highest, each character and adversary plays".
    m = stack(stack(new({"E-2": ("grallok-archer", 1, 4)}), "species:Grallok", species("Aim", 2)),
              "class:Archer", klass("Volley", (2, 2, 2, 2)))
    m = to_turns(m, vera=[("Slash", 5)], bram=[("Charge", 1)])
    seen = []
    while turn_order(m).next:
        m = start(m)
        seen.append(m.round.current)
        with pytest.raises(MissionError, match=f"it is still {m.round.current}'s turn"):
            start_next_turn(m)
        if seen == ["bram"]:
            with pytest.raises(MissionError, match="has not taken its turn yet"):
                end_round(m)
        m = end_turn(m).mission
    assert seen == ["bram", "grallok-archer-1", "vera"] and turn_order(m).end_of_round
    with pytest.raises(MissionError, match="every figure has taken its turn in round 1: end the round"):
        start_next_turn(m)
    assert end_round(m).mission.round.phase == "over"


def test_adversary_cards_drawn_for_the_round_are_discarded_at_its_end():
    # p.12 step 8: "All Adversary Action cards that were drawn for the round are discarded."
    m = play(to_turns(new({"E-2": ("grallok-archer", 1, 4)}), vera=[("Slash", 2)], bram=[("Charge", 3)]))
    drawn = m.round.drawn_for("grallok-archer")
    m = end_round(m).mission
    assert m.deck("species:Grallok").discard == (drawn.species,) and m.deck("class:Archer").discard == (drawn.class_card,)
    assert m.events.discard == (m.round.event,)


def test_an_adversary_placed_after_the_cards_are_drawn_takes_no_turn_this_round():
    # p.26: "If Adversary Action cards have already been drawn for the round, newly placed adversaries do not
    # get a turn during the round. In the next round, draw Action cards for the recently placed adversaries".
    m = to_turns(new({"E-2": ("grallok-archer", 1, 4)}), vera=[("Slash", 2)], bram=[("Charge", 3)])
    out = place_adversary(m, "grallok-sentry", "H-4", source="mission")
    assert said(out.reasons, "takes no turn until the next round")
    m = play(out.mission)
    assert "grallok-sentry-1" not in m.round.done and turn_order(m).end_of_round
    m = to_turns(end_round(m).mission, vera=[("Dash", 2)], bram=[("Smash", 3)])
    assert m.round.drawn_for("grallok-sentry") is not None
    assert "grallok-sentry-1" in [f for f, _ in turn_order(m).upcoming]
    # Placed while the characters still choose (before step 5): it draws and plays this round.
    early = begin_round(new(), DIE).mission
    early = place_adversary(early, "grallok-sentry", "H-4").mission
    early = reveal(select_cards(select_cards(early, "vera", [("Slash", 2)]).mission, "bram", [("C", 3)]).mission).mission
    assert "grallok-sentry-1" in [f for f, _ in turn_order(early).upcoming]


def test_an_occupied_space_sends_a_new_adversary_to_the_closest_empty_one():
    # p.26: "If the indicated space already has a figure in it, place the adversary in an empty space as close
    # as possible"; the decision die between equally close spaces (placing.py).
    m = begin_round(new({"E-4": ("grallok-archer", 1, 4)}), DecisionDie("red", "N", "E")).mission
    out = place_adversary(m, "grallok-sentry", "E-4")
    assert figure(out.mission, "grallok-sentry-1").at != P("E-4")
    assert out.mission.map.range_between(P("E-4"), figure(out.mission, "grallok-sentry-1").at) == 1


# -- conditions over time (p.37, 50) ------------------------------------------------------------------------

def test_bleeding_and_burning_hurt_a_character_at_the_start_of_its_turn():
    # p.23 step 2, p.37: Bleeding 2 damage at the start of non-rest turns; Burning 3, then removed.
    m = to_turns(new(), vera=[("Slash", 1)], bram=[("Charge", 3)])
    m = cond(cond(m, "vera", "Bleeding"), "vera", "Burning")
    out = start_next_turn(m)
    vera = figure(out.mission, "vera")
    assert vera.hp == 10 - 2 - 3 and vera.conditions == ("Bleeding",)
    assert said(out.reasons, "Bleeding", "2 damage") and said(out.reasons, "Burning", "3 damage")
    hurt, reasons = character_turn_start(replace(vera, conditions=("Bleeding",)), resting=False)
    assert hurt.hp == vera.hp - 2 and said(reasons, "p.37")


def test_a_rest_turn_removes_detrimental_conditions_first_and_recovers_the_discards():
    # p.13: recover all discarded cards; "may remove any detrimental conditions at the start of their rest
    # turn, prior to any effects taking place. (For example, Bleeding does not cause 2 damage on a rest turn.)"
    m = with_discard(new(), "vera", "Slash", "Dash")
    m = to_turns(m, vera=None, bram=[("Charge", 3)])
    m = cond(cond(cond(m, "vera", "Bleeding"), "vera", "Weakened"), "vera", "Barrier")
    out = start_next_turn(m)
    vera = figure(out.mission, "vera")
    assert vera.hp == 10 and vera.conditions == ("Barrier",)  # beneficial ones stay
    assert out.mission.character("vera").discard == () and said(out.reasons, "recovers 2 discarded card")
    kept = start_next_turn(m, keep=["Weakened"]).mission
    assert figure(kept, "vera").conditions == ("Weakened", "Barrier") and figure(kept, "vera").hp == 10


def _three_in_a_row():
    """Vera 2, the archer 3 (species 1 + dark-blue row 2), Bram 4."""
    m = stack(stack(new({"E-2": ("grallok-archer", 1, 4)}), "species:Grallok", species("Aim", 1), species("Aim", 1)),
              "class:Archer", klass("Volley", (2, 2, 2, 2)), klass("Volley", (2, 2, 2, 2)))
    return to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 4)])


def test_frozen_before_its_turn_delays_the_turn_and_ends_after_it():
    # p.50, first case: Frozen during a round before their turn: "their already selected Action cards are
    # doubled for initiative, causing their turn during the round to come much later than expected. When it
    # does come, Frozen is removed at the end of it."
    m = start(_three_in_a_row())
    m = end_turn(cond(m, "grallok-archer-1", "Frozen")).mission  # Vera freezes the archer on her turn
    assert [f for f, _ in turn_order(m).upcoming] == ["bram", "grallok-archer-1"]  # 3 doubled: 6 > 4
    m = end_turn(start(m)).mission
    m = start(m)
    assert m.round.current == "grallok-archer-1" and m.round.at_start == ("Frozen",)
    assert "Frozen" not in figure(end_turn(m).mission, "grallok-archer-1").conditions


def test_frozen_after_its_turn_lasts_into_the_next_round():
    # p.50, second case: "they remain Frozen during card selection on the next round ... it affects all figures
    # initiative. When their turn comes, Frozen is removed."
    m = end_turn(start(_three_in_a_row())).mission
    m = end_turn(start(m)).mission  # the archer has played
    m = cond(start(m), "grallok-archer-1", "Frozen")  # Bram freezes it
    m = end_round(end_turn(m).mission).mission
    assert "Frozen" in figure(m, "grallok-archer-1").conditions
    m = to_turns(m, vera=[("Dash", 2)], bram=[("Smash", 4)])  # the second Aim 1 + Volley 2, doubled
    assert initiative(m, "grallok-archer-1")[0] == 6
    m = play(m, until="grallok-archer-1")
    assert "Frozen" not in figure(end_turn(start(m)).mission, "grallok-archer-1").conditions


def test_frozen_during_its_own_turn_lasts_until_the_end_of_its_next_turn():
    # p.50, third case: "There is no immediate effect ... Frozen is not removed at the end of the current turn
    # since it had no effect (and is not a full turn). The next round their turn will be fully affected by it,
    # and then it will be removed."
    m = cond(start(_three_in_a_row()), "vera", "Frozen")
    out = end_turn(m)
    assert "Frozen" in figure(out.mission, "vera").conditions and said(out.reasons, "lasts until the end of its next")
    m = end_round(play(out.mission)).mission
    m = begin_round(m, DIE).mission
    with pytest.raises(MissionError, match="AP 8"):
        select_cards(m, "vera", [("Dash", 4)])
    m = reveal(select_cards(select_cards(m, "vera", [("Dash", 2)]).mission, "bram", [("Smash", 4)]).mission,
               ["bram", "vera"]).mission
    assert initiative(m, "vera")[0] == 4
    m = play(m, until="vera")
    assert "Frozen" not in figure(end_turn(start(m)).mission, "vera").conditions


def test_invisible_ends_after_the_next_full_turn_or_with_an_attack():
    # p.37 INVISIBLE: "Remove this condition at the end of the figure's next full turn after receiving the
    # condition, or upon performing an Attack action, even if the Attack fails."
    m = cond(start(_three_in_a_row()), "vera", "Invisible")  # received during her own turn
    m = end_turn(m).mission
    assert figure(m, "vera").invisible
    m = end_round(play(m)).mission
    m = play(to_turns(m, vera=[("Dash", 2)], bram=[("Smash", 4)]), until="vera")
    assert not figure(end_turn(start(m)).mission, "vera").invisible
    # An Attack ends it at once, even a failed one.
    m = cond(start(_three_in_a_row()), "vera", "Invisible")
    m = move_figure(m, "vera", "D-2").mission
    out = character_attack(m, "vera", "grallok-archer-1", {"attack": ["fumble"]})
    assert out.outcome == "fumbled" and not figure(out.mission, "vera").invisible


def test_a_stunned_character_discards_a_selected_card_to_act_again():
    # p.37 STUNNED: characters "cannot take any kind of action ... until resting or discarding a selected
    # Character Action card".
    m = cond(start(_three_in_a_row()), "vera", "Stunned")
    m = move_figure(m, "vera", "D-2").mission
    with pytest.raises(MissionError, match="is Stunned and cannot Attack"):
        character_attack(m, "vera", "grallok-archer-1", {"attack": [2]})
    out = discard_to_recover_from_stunned(m, "vera", "Slash")
    assert "Stunned" not in figure(out.mission, "vera").conditions
    assert out.mission.character("vera").discard == (ActionChoice("Slash", 2),)
    assert out.mission.round.choice("vera").cards == ()


def test_burning_and_frozen_cancel_and_resilient_stops_a_new_detrimental_condition():
    # p.37: "If the figure would be inflicted with Burning, remove the Frozen Condition token instead"; RESILIENT.
    m = begin_round(new(), DIE).mission
    m = cond(cond(m, "vera", "Frozen"), "vera", "Burning")
    assert figure(m, "vera").conditions == ()
    m = cond(cond(m, "vera", "Resilient"), "vera", "Bleeding")
    assert figure(m, "vera").conditions == ()
    with pytest.raises(MissionError, match="condition: 'Sleepy' is not a condition of p.37"):
        add_condition(m, "vera", "Sleepy")


# -- defeat (p.23, 26, 30) ---------------------------------------------------------------------------------

def test_a_defeated_character_leaves_the_mission_but_keeps_its_nova_cells():
    # p.23 DEFEAT: removed from the map, conditions removed, temporary and persistent effects discarded, HP
    # restored, discarded cards recovered; no longer part of the mission; retains its nova cells.
    m = with_discard(_three_in_a_row(), "bram", "Old")
    chars = tuple(replace(c, nova_cells=4, lasting=((ActionChoice("Aura", 2), "persistent"),)) if c.id == "bram"
                  else c for c in m.characters)
    m = replace(m, characters=chars)
    out = set_hp(cond(m, "bram", "Bleeding"), "bram", 0)
    bram = out.mission.character("bram")
    assert figure(out.mission, "bram") is None and bram.defeated and bram.nova_cells == 4
    assert bram.discard == () and bram.lasting == () and said(out.reasons, "HP restored to 12")
    assert [f for f, _ in turn_order(out.mission).upcoming] == ["vera", "grallok-archer-1"]  # no turn for Bram
    with pytest.raises(MissionError, match="Bram was defeated"):
        rest(begin_round(end_round(play(out.mission)).mission, DIE).mission, "bram")


def test_a_defeated_adversary_drops_nova_cells_equal_to_its_difficulty():
    # p.26: "Place a number of nova cells on the map equal to the adversary's difficulty rating in the space
    # where the adversary was defeated"; p.10 step 4: the adversary's difficulty, even if it differs.
    m = _three_in_a_row()
    at = figure(m, "grallok-archer-1").at
    out = set_hp(m, "grallok-archer-1", 0)
    assert figure(out.mission, "grallok-archer-1") is None and out.mission.nova_cells == ((at, 2),)
    assert out.mission.adversary("grallok-archer-1").defeated and said(out.reasons, "difficulty rating")


def test_event_adversaries_and_mission_event_adversaries_drop_no_nova_cells():
    # p.26: "unless the adversary was placed on the board as the result of an Event card. Event adversaries and
    # adversaries placed by mission events never drop nova cells."
    m = begin_round(new(), DIE).mission
    for source in ("event", "mission-event"):
        placed = place_adversary(m, "grallok-sentry", "H-4", source=source).mission
        assert set_hp(placed, "grallok-sentry-1", 0).mission.nova_cells == ()
    placed = place_adversary(m, "grallok-sentry", "H-4", source="mission").mission
    assert set_hp(placed, "grallok-sentry-1", 0).mission.nova_cells == ((P("H-4"), 1),)


def test_a_defeated_boss_drops_difficulty_plus_characters_embarked():
    # p.30: "drop a number of nova cells equal to the mission difficulty plus the number of characters that
    # are taking part in the mission; this count includes characters who have been defeated".
    m = begin_round(new({"F-5": ("mutant-grallok", 1, 4)}, characters=(VERA, BRAM, NELL)), DIE).mission
    m = set_hp(m, "nell", 0).mission
    out = set_hp(m, "mutant-grallok-1", 0)
    assert out.mission.nova_cells == ((P("F-5"), 2 + 3),) and said(out.reasons, "defeated ones included")
    by_event = place_adversary(begin_round(new(), DIE).mission, "mutant-grallok", "H-4", source="event").mission
    assert set_hp(by_event, "mutant-grallok-1", 0).mission.nova_cells == ()  # p.26: event adversaries never drop


def test_the_last_adversary_of_a_type_discards_its_action_cards():
    # p.26: "If it was the last remaining adversary of its type on the map, also discard its Adversary Action
    # cards; otherwise, leave its Adversary Action cards as reference for the other adversaries".
    m = to_turns(new({"E-2": ("grallok-archer", 1, 4), "E-4": ("grallok-archer", 1, 4)}), vera=[("Slash", 2)],
                 bram=[("Charge", 3)])
    drawn = m.round.drawn_for("grallok-archer")
    m = set_hp(m, "grallok-archer-1", 0).mission
    assert m.round.drawn_for("grallok-archer") == drawn and m.deck("class:Archer").discard == ()
    out = set_hp(m, "grallok-archer-2", 0)
    assert out.mission.round.drawn_for("grallok-archer") is None
    assert out.mission.deck("class:Archer").discard == (drawn.class_card,)
    assert said(out.reasons, "last grallok-archer", "discarded")


# -- a character's turn ---------------------------------------------------------------------------------------

def test_a_character_retrieves_nova_cells_and_treasure_and_activates_orbs_as_its_turn_ends():
    # p.25: nova cells and treasure "by ending a character's turn adjacent to or on the same space"; p.24: an
    # orb "may be activated if a character ends their turn on a space adjacent to the orb's space".
    m = new(tokens={"orbs": {"C-4": 5, "H-8": None}, "treasures": {"B-4": 2}})
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    m = replace(m, nova_cells=((P("C-5"), 2), (P("G-8"), 3)))
    m = move_figure(start(m), "vera", "C-5").mission
    with pytest.raises(MissionError, match=r"activate_orbs\[0\]: Vera does not end the turn next to the orb on 'H-8'"):
        end_turn(m, activate_orbs=["H-8"])
    out = end_turn(m, activate_orbs=["C-4"])
    after = out.mission
    assert after.character("vera").nova_cells == 2 and after.nova_cells == ((P("G-8"), 3),)
    assert after.map.treasures == () and after.treasures_taken == (2,) and after.orbs_taken == (5,)
    assert said(out.reasons, "read #2 in the Extras book") and said(out.reasons, "orb on C-4")


def test_selected_cards_are_discarded_and_temporary_ones_at_the_start_of_the_next_turn():
    # p.23 steps 3-4: played cards go to the discard pile unless temporary or persistent; unplayed ones are
    # discarded; step 1: temporary effects end at the start of the next turn, to the discard pile.
    m = to_turns(new(), vera=[("Slash", 2), ("Ward", 1), ("Aura", 1)], bram=[("Charge", 5)])
    m = end_turn(start(m), temporary=["Ward"], persistent=["Aura"]).mission
    vera = m.character("vera")
    assert vera.discard == (ActionChoice("Slash", 2),)
    assert vera.lasting == ((ActionChoice("Ward", 1), "temporary"), (ActionChoice("Aura", 1), "persistent"))
    m = to_turns(end_round(play(m)).mission, vera=[("Dash", 2)], bram=[("Smash", 5)])
    vera = start(m).character("vera")
    assert ActionChoice("Ward", 1) in vera.discard and vera.lasting == ((ActionChoice("Aura", 1), "persistent"),)


def test_a_move_must_end_on_an_empty_space_or_a_hazard():
    # p.24: "Movement must always end on an empty space or a hazard space"; p.34: objects, closed doors.
    m = new({"E-2": ("grallok-archer", 1, 4)}, tokens={"objects": {"C-3": "indestructible"}})
    with pytest.raises(MissionError, match="to: 'C-3' is not an empty space or a hazard"):
        move_figure(m, "vera", "C-3")
    with pytest.raises(MissionError, match="to: 'E-2' already holds grallok-archer-1"):
        move_figure(m, "vera", "E-2")
    fire = new(tokens={"hazards": {"B-2": "fire"}})
    assert said(move_figure(fire, "vera", "B-2").reasons, "fire hazard", "p.33")


def test_a_door_opened_by_a_character_becomes_an_empty_space():
    # p.34: doors are opened by Moving or Leaping through them; p.38: then "treated the same as any other
    # empty space".
    m = new(tokens={"doors": {"C-3": "closed"}})
    with pytest.raises(MissionError, match="to: 'C-3' is not an empty space or a hazard"):
        move_figure(m, "vera", "C-3")
    m = open_door(m, "C-3").mission
    assert m.map.door_states[P("C-3")] == "open" and figure(move_figure(m, "vera", "C-3").mission, "vera").at == P("C-3")
    with pytest.raises(MissionError, match="at: 'C-3' is not a closed door"):
        open_door(m, "C-3")


def test_knocked_down_is_removed_by_spending_1_mp():
    # p.37 KNOCKED DOWN: "until spending 1 MP to remove this Condition token".
    m = cond(begin_round(new(), DIE).mission, "vera", "knocked-down")
    out = remove_condition(m, "vera", "Knocked Down")
    assert figure(out.mission, "vera").conditions == () and said(out.reasons, "1 MP", "p.37")
    with pytest.raises(MissionError, match="condition: vera has no Stunned token"):
        remove_condition(m, "vera", "Stunned")


def test_a_mission_rule_can_make_one_character_every_adversarys_primary_target():
    # p.27 PRIMARY TARGETS: "Sometimes mission rules ... will override the primary target" (p.50, Figure 36).
    m = new({"E-3": ("grallok-archer", 1, 4)})
    with pytest.raises(MissionError, match="figure: 'grallok-archer-1' is not a character"):
        set_primary_target(m, "grallok-archer-1")
    m = set_primary_target(m, "bram").mission
    m = play(to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 5)]), until="grallok-archer-1")
    assert adversary_scenario(start(m)).turn.primary_target == "bram"


def test_the_attack_helper_applies_damage_and_waits_for_every_roll():
    # p.21-22: attack value = die + Attack + action; minus Guard; damage applied; p.36: an Accuracy roll for
    # each figure on the line that is not adjacent; nothing changes until the rolls are in.
    m = start(_three_in_a_row())
    m = move_figure(m, "vera", "B-2").mission  # the archer on E-2, range 3; Bram moved to D-2 in the way
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("D-2"))))
    waiting = character_attack(m, "vera", "grallok-archer-1", {"attack": [2]}, attack_range=4)
    assert waiting.outcome == "awaiting-roll" and waiting.mission == m
    assert waiting.accuracy_rolls == ("bram",) and waiting.rolls_needed[0].startswith("Accuracy die for bram")
    out = character_attack(m, "vera", "grallok-archer-1", {"attack": [2], "accuracy": ["success"]}, value=1,
                           attack_range=4)
    assert out.outcome == "hit" and figure(out.mission, "grallok-archer-1").hp == 6 - 3
    with pytest.raises(MissionError, match="target: grallok-archer-1 is out of range: range 3, the Attack reaches 1"):
        character_attack(m, "vera", "grallok-archer-1", {"attack": [2]})
    killed = character_attack(m, "vera", "grallok-archer-1", {"attack": ["critical"]}, value=5, attack_range=4)
    assert killed.mission.figure("grallok-archer-1") is None and killed.mission.nova_cells == ((P("E-2"), 2),)


def test_heal_gives_a_bandage_token_until_the_slots_are_full():
    # p.25 HEAL 2: a Bandage token each time HP is restored, none at full HP; "A Heal action only affects a
    # character if they have an empty bandage slot"; p.38.
    m = set_hp(begin_round(new(), DIE).mission, "bram", 5).mission
    m = heal(m, "bram", 2).mission
    assert figure(m, "bram").hp == 7 and m.character("bram").bandages == 1
    m = heal(m, "bram", 20).mission
    assert figure(m, "bram").hp == 12 and m.character("bram").bandages == 2
    m = set_hp(m, "bram", 3).mission
    # issue 26: a Heal that would not affect the character is refused citing p.38, nothing changed
    with pytest.raises(MissionError, match="bandage slots are full") as full:
        heal(m, "bram", 2)
    assert full.value.page == "38" and figure(m, "bram").hp == 3 and m.character("bram").bandages == 2
    with pytest.raises(MissionError, match="at full HP") as at_full:  # at full HP: no token
        heal(m, "vera", 2)
    assert at_full.value.page == "38" and m.character("vera").bandages == 0


# -- an adversary turn through turn.py ------------------------------------------------------------------------

def test_an_adversary_turn_is_resolved_by_turn_py_and_written_back():
    # p.26 TURNS: species card, then the class card row of its color; the app applies the dice entered.
    m = new({"E-3": ("grallok-archer", 1, 4)})
    shoot = klass("Volley", (2, 2, 2, 2), COLORS, Action("attack", 0))
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Archer", shoot)
    m = to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 5)])
    m = end_turn(start(m)).mission
    m = start(m)
    scenario = adversary_scenario(m)
    assert scenario.turn.adversary == "grallok-archer-1" and scenario.turn.cards[1] == shoot
    with pytest.raises(MissionError, match="rolls: the turn still waits for the dice"):
        apply_adversary_turn(m, resolve_turn(scenario))
    resolution = resolve_turn(adversary_scenario(m, {"attack": [2]}))
    target = resolution.primary_target
    out = apply_adversary_turn(m, resolution)
    hit = figure(out.mission, target)
    assert hit.hp == hit.max_hp - 3 and out.mission.round.current is None
    assert "grallok-archer-1" in out.mission.round.done


def test_an_adversary_that_attacks_loses_invisible_at_once():
    # p.37 INVISIBLE: removed "upon performing an Attack action, even if the Attack fails" — here Invisible was
    # received during this very turn, so only the Attack ends it.
    m = new({"E-3": ("grallok-archer", 1, 4)})
    m = stack(stack(m, "species:Grallok", species("Vanish", 1, Action("condition", name="Invisible"))),
              "class:Archer", klass("Volley", (2, 2, 2, 2), COLORS, Action("attack", 0)))
    m = play(to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 5)]), until="grallok-archer-1")
    m = start(m)
    out = apply_adversary_turn(m, resolve_turn(adversary_scenario(m, {"attack": ["fumble"]})))
    assert not figure(out.mission, "grallok-archer-1").invisible and said(out.reasons, "Invisible is removed")


def test_a_character_defeated_on_an_adversary_turn_leaves_the_mission():
    # p.23: a character reduced to 0 HP is defeated; the resolution removed it from the map.
    m = new({"B-1": ("grallok-sentry", 1, 4)})
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Sentry",
              klass("Smash", (2, 2, 2, 2), COLORS, Action("attack", 0)))
    m = to_turns(m, vera=[("Slash", 5)], bram=[("Charge", 5)], order=["vera", "bram"])
    m = set_hp(m, "vera", 1).mission  # Vera on A-1 next to the sentry on B-1
    m = start(m)
    out = apply_adversary_turn(m, resolve_turn(adversary_scenario(m, {"attack": [2]})))
    assert out.mission.character("vera").defeated and figure(out.mission, "vera") is None


# -- the mission result (p.13-14) ------------------------------------------------------------------------------

def test_the_mission_succeeds_at_the_end_of_the_round_in_which_the_objective_is_met():
    # p.14: "A successful mission concludes at the end of the round in which the final mission objective is
    # met. ... any characters or adversaries who have not yet taken a turn in the round will take their final
    # turns before the end of the round or mission."
    m = start(_three_in_a_row())
    m = meet_objective(m).mission
    m = end_turn(m).mission
    assert m.result is None and turn_order(m).next == "grallok-archer-1"
    m = play(m)
    out = end_round(m)
    assert out.mission.result.success and out.mission.result.round == 1 and said(out.reasons, "p.14")
    with pytest.raises(MissionError, match="the mission is over"):
        begin_round(out.mission, DIE)


def test_every_character_defeated_is_a_failure_even_after_the_objective():
    # p.13: "if all characters have been defeated, the mission is considered a failure".
    m = meet_objective(start(_three_in_a_row())).mission
    m = set_hp(m, "vera", 0).mission
    assert m.result is None
    out = set_hp(m, "bram", 0)
    assert out.mission.result is not None and not out.mission.result.success
    assert said(out.reasons, "Every character has been defeated", "failure")


def test_failing_an_objective_that_is_not_optional_fails_the_mission():
    # p.13: "If characters fail to complete a mission objective that is not optional ... a failure".
    out = fail_mission(begin_round(new(), DIE).mission, "The reactor exploded")
    assert not out.mission.result.success and said(out.reasons, "not optional")
    with pytest.raises(MissionError, match="reason: say which objective"):
        fail_mission(new(), " ")


def test_the_mission_report_gives_the_campaign_what_the_mission_knows():
    # p.13-14: defeated characters are rewarded on success (p.23); nova cells, campaign orbs and treasure are
    # kept even on failure; the ✓ when every campaign orb and treasure was taken (p.14 step 5a).
    m = new(tokens={"orbs": {"C-4": 5}, "treasures": {"B-4": 2, "H-8": 9}})
    m = to_turns(m, vera=[("Slash", 2)], bram=[("Charge", 3)])
    m = replace(m, nova_cells=((P("C-5"), 2),))
    m = end_turn(move_figure(start(m), "vera", "C-5").mission, activate_orbs=["C-4"]).mission
    m = set_hp(m, "bram", 0).mission
    with pytest.raises(MissionError, match="result: the mission is not over"):
        mission_report(m)
    report = mission_report(fail_mission(m, "Out of time").mission)
    assert (report.mission_id, report.success, report.party) == ("berkav-1", False, ("vera", "bram"))
    assert report.nova_cells == {"vera": 2} and report.orbs == (5,) and report.treasures == (2,)
    assert report.all_taken is False  # treasure #9 is still on H-8


# -- state that survives a restart, and replays -----------------------------------------------------------------

def test_a_mission_survives_a_json_round_trip_mid_round():
    m = new({"E-2": ("grallok-archer", 1, 4), "F-5": ("mutant-grallok", 1, 4)},
            tokens={"orbs": {"C-4": 5}, "objects": {"G-3": "damaged"}, "doors": {"H-3": "closed"}})
    m = to_turns(with_discard(m, "vera", "Old"), vera=None, bram=[("Charge", 3)])
    m = cond(start(m), "vera", "Invisible")
    m = replace(m, nova_cells=((P("C-5"), 2),))
    saved = json.loads(json.dumps(mission_to_dict(m)))
    back = mission_from_dict(saved)
    assert back == m
    assert mission_to_dict(end_round(play(end_turn(back).mission)).mission) == mission_to_dict(
        end_round(play(end_turn(m).mission)).mission)
    with pytest.raises(MissionError, match="format: not a saved mission"):
        mission_from_dict({"format": "something else"})


def test_replaying_the_same_commands_gives_the_same_decks():
    # Undo replays the log from the set-up: a reshuffle must come out the same way every time.
    def replay():
        m = new({"E-2": ("grallok-archer", 1, 4)}, seed=3)
        for n in range(6):  # more rounds than the Archer deck has cards: its discards are reshuffled
            m = end_round(play(to_turns(m, vera=[(f"Slash {n}", 2)], bram=[(f"Charge {n}", 3)]))).mission
        return m
    first, second = replay(), replay()
    assert first == second and first.shuffles > new(seed=3).shuffles


def test_bad_input_is_refused_naming_the_field():
    m = begin_round(new(), DIE).mission
    with pytest.raises(MissionError, match="character: no character 'zed' embarked"):
        select_cards(m, "zed", [("Slash", 1)])
    with pytest.raises(MissionError, match=r"cards\[0\].ap: must be a whole number 0 or more, not -1"):
        select_cards(m, "vera", [("Slash", -1)])
    with pytest.raises(MissionError, match="to: 'Z-99' is not a space of this map"):
        move_figure(m, "vera", "Z-99")
    with pytest.raises(MissionError, match="hp: vera's HP is 0 to 10, not 11"):
        set_hp(m, "vera", 11)
    with pytest.raises(MissionError, match="difficulty: a mission's difficulty is 1 to 4, not 5"):
        set_up("x", hexmap(), 5, (VERA,), (), species_decks={}, class_decks={}, events_1_5=EARLY, events_6_plus=LATE)
    with pytest.raises(MissionError, match=r"characters\[1\].color: 'red' is vera's"):
        set_up("x", hexmap(), 1, (VERA, replace(BRAM, color="red")), (), species_decks={}, class_decks={},
               events_1_5=EARLY, events_6_plus=LATE)
    with pytest.raises(MissionError, match="placements: E-2: 'goblin' is not one of the adversary types given"):
        new({"E-2": ("goblin", 1, 4)})
    with pytest.raises(MissionError, match="round: this is done while the turns are played"):
        start_next_turn(m)
    with pytest.raises(MissionError, match=r"class_decks.Archer\[0\]: Archer 0 has rows for red, yellow"):
        set_up("x", hexmap(), 1, (VERA,), (ARCHER,), species_decks=SPECIES,
               class_decks={"Archer": [klass("Archer 0", (1, 2), ("red", "yellow"))]}, events_1_5=EARLY,
               events_6_plus=LATE)

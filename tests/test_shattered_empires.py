"""Shattered Empires rules (shattered-empires-rules.txt v2.0.0; no page numbers, so the comments cite the
section headings): deck check, set-up, each step of the turn, projects, personnel, combat, promotion.
Pure: no app, no database."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games import shattered_empires as se
from companion.games.frame import GameError, Player

C = se.Card
CARDS = (
    C("Autofactory", "construction", unit="station", cost=2, hp=3, yields=1),
    C("Ore Refinery", "resource", yields=1),
    C("Command Relay", "research", cost=2, command=1, alternate="Or scrap two cards."),
    C("Interceptor", "construction", unit="fighter", cost=2, hp=2, evasion=4, weapons=(1,), intercept=True),
    C("Frigate", "construction", unit="capital", cost=3, hp=5, shields=2, hit=1, weapons=(2, 1)),
    C("Tender", "construction", unit="capital", cost=3, hp=4, repair=2, weapons=(1,)),
    C("Platform", "construction", unit="defense-station", cost=3, hp=4, weapons=(2,)),
    C("Plating", "construction", requires="capital", cost=2, hp=2),
    C("Ace", "personnel", designation="pilot", cost=1),
    C("Second Ace", "personnel", designation="pilot", cost=1),
    C("Captain", "personnel", designation="captain", cost=2),
    C("Engineer", "personnel", designation="engineer", cost=1),
    C("Drone", "construction", unit="fighter", cost=1, hp=1, unlimited=True),
    C("Destroyer", "construction", faction="Empire", unit="capital", cost=5, hp=8, shields=3, weapons=(3, 2),
      auto_repair=1, unique=True),
    C("Academy", "research", faction="Empire", cost=0, command=1, sideboard=True),
    C("Raider", "construction", faction="Alliance", unit="fighter", cost=2, hp=3, weapons=(2,)),
    C("Salvo", "projectile", cost=1),
)
BASES = (se.Base("Imperial Command Hub", "Empire", 20, 2, 3, 3), se.Base("Haven", "Alliance", 18, 3, 3, 2))
DECK = {n: 4 for n in ("Autofactory", "Ore Refinery", "Command Relay", "Interceptor", "Frigate", "Tender",
                       "Platform", "Plating", "Ace", "Captain")}
CONTENT = se.Content(CARDS, BASES, (("Empire", tuple(DECK.items())),))


def started(players=2) -> se.Game:
    names = [("Ann", "red"), ("Bob", "blue"), ("Cy", "green")][:players]
    g = se.new_game(tuple(Player(n, c) for n, c in names))
    for i in range(players):
        g = se.choose_base(g, CONTENT, i, BASES[i % 2].name).state
        deck = dict(DECK, Destroyer=2) if i % 2 == 0 else dict(DECK, Raider=4)
        g = se.set_deck(g, CONTENT, i, deck, ("Academy",) if i % 2 == 0 else ()).state
    return se.begin(g).state


def to(g: se.Game, step: str) -> se.Game:
    while g.step != step:
        g = se.next_step(g).state
    return g


def unit(uid, owner, card="Frigate", **kw) -> se.Unit:
    stats = se._unit_of(CONTENT.card(card), uid, owner)
    return replace(stats, testing=False, **kw)


def with_units(g: se.Game, *units) -> se.Game:
    return replace(g, units=g.units + tuple(units))


# -- Deck Construction ---------------------------------------------------------------------------------------

def test_a_deck_of_40_cards_with_4_copies_each_is_accepted():
    deck, _ = se.check_deck(CONTENT, "Empire", DECK)
    assert sum(n for _, n in deck) == 40


def test_a_deck_must_be_at_least_40_cards():
    # Deck Construction: "Decks must be at least 40 cards, though there is no upper limit."
    with pytest.raises(GameError, match="at least 40 cards.*this one has 39") as e:
        se.check_deck(CONTENT, "Empire", {**DECK, "Ace": 3})
    assert e.value.field == "deck"
    deck, _ = se.check_deck(CONTENT, "Empire", {**DECK, "Drone": 30})
    assert sum(n for _, n in deck) == 70


def test_a_fifth_copy_is_refused_unless_the_card_is_unlimited():
    # Deck Construction: no more than four copies of a single card, unless Unlimited.
    with pytest.raises(GameError, match=r"No more than 4 copies.*Frigate ×5 \(Deck Construction\)"):
        se.check_deck(CONTENT, "Empire", {**DECK, "Frigate": 5})
    se.check_deck(CONTENT, "Empire", {**DECK, "Drone": 9})


def test_a_deck_holds_neutral_and_its_own_faction_cards_only():
    # Each player chooses a deck of neutral cards and cards from the chosen faction.
    with pytest.raises(GameError, match="Raider is a Alliance card"):
        se.check_deck(CONTENT, "Empire", {**DECK, "Raider": 1})


def test_sideboard_cards_stay_out_of_the_deck_and_are_declared_before_the_game():
    # Sideboard: cannot be placed into a normal deck; all declared before the game starts.
    with pytest.raises(GameError, match="sideboard card"):
        se.check_deck(CONTENT, "Empire", {**DECK, "Academy": 1})
    with pytest.raises(GameError, match="not a sideboard card") as e:
        se.check_deck(CONTENT, "Empire", DECK, ("Frigate",))
    assert e.value.field == "sideboard"
    g = started()
    with pytest.raises(GameError, match="declared before the game starts"):
        se.set_deck(g, CONTENT, 0, DECK, ("Academy",))


# -- set-up: Bases, opening hand ------------------------------------------------------------------------------

def test_two_or_more_players_each_with_a_base():
    with pytest.raises(GameError, match="2 or more players"):
        se.new_game((Player("Ann", "red"),))
    g = started(players=3)
    assert [s.base for s in g.sides] == ["Imperial Command Hub", "Haven", "Imperial Command Hub"]
    s = g.sides[0]
    assert (s.base_hp, s.base_queue, s.base_yield, s.base_command) == (20, 2, 3, 3)


def test_the_opening_hand_is_the_maximum_hand_size_7():
    # Turn Order: draw up to your maximum hand size, the default being 7 cards.
    g = started()
    assert (g.sides[0].hand, g.sides[0].deck_left) == (7, 35)
    assert (g.sides[1].hand, g.sides[1].deck_left) == (7, 37)


def test_the_game_does_not_begin_without_decks():
    g = se.new_game((Player("Ann", "red"), Player("Bob", "blue")))
    g = se.choose_base(g, CONTENT, 0, "Haven").state
    with pytest.raises(GameError, match="at least 40 cards"):
        se.begin(g)


def test_command_points_and_yield_begin_at_zero_and_come_from_the_base_and_cards():
    # Yield / Command Points: you begin with zero; Base, units, research and resources increase them.
    g = started()
    assert g.sides[0].cp == 0
    g = to(g, "allocation")
    assert (g.sides[0].cp, se.yield_total(g, 0)) == (3, 3)
    g = replace(g, assets=(se.Asset("a9", "Ore Refinery", 0, "resource", yields=1),))
    assert se.yield_total(g, 0) == 4


# -- the turn's steps ----------------------------------------------------------------------------------------

def test_the_steps_of_a_turn_in_order_then_the_next_player():
    g = started()
    seen = [g.step]
    for _ in range(7):
        g = se.next_step(g).state
        seen.append(g.step)
    assert seen == list(se.STEP_KEYS)
    g = se.next_step(g).state
    assert (g.turn, g.step, g.round) == (1, "begin", 1)
    assert se.current_step(g).step == "Bob's turn"


def test_beginning_and_end_triggers_are_reminder_lists_the_player_keeps():
    # Beginning of the Turn / End of the Turn: trigger effects that state "At the beginning/end of your turn".
    g = se.set_triggers(started(), 0, ("Hub: draw 1 more",), ("Scrap a drone",)).state
    end = se.next_step(to(g, "repair"))
    assert "Trigger: Scrap a drone (End of the Turn)." in end.reasons
    g = to(se.next_step(end.state).state, "end")  # Bob's turn
    begin = se.next_step(g)
    assert begin.state.turn == 0 and "Trigger: Hub: draw 1 more (Beginning of the Turn)." in begin.reasons


def test_draw_two_in_the_draw_phase():
    g = se.next_step(started()).state
    assert (g.step, g.sides[0].hand, g.sides[0].deck_left) == ("draw", 9, 33)


def test_back_then_next_does_not_draw_twice():
    g = se.next_step(started()).state
    g = se.next_step(se.back_step(g).state).state
    assert g.sides[0].hand == 9


def test_an_empty_deck_becomes_the_shuffled_scrapyard():
    # Drawing Cards: no cards in your Deck: shuffle your Scrapyard; it becomes your Deck.
    g = started()
    g = se.with_side(g, 0, deck_left=1, scrapyard=("Frigate", "Ace", "Tender"))
    out = se.next_step(g)
    assert (out.state.sides[0].hand, out.state.sides[0].deck_left, out.state.sides[0].scrapyard) == (9, 2, ())
    assert any("Drawing Cards" in r for r in out.reasons)


def test_the_queue_holds_no_more_construction_projects_than_the_queue_value():
    # Queue: you may not have more Construction Projects in play than your Queue value.
    g = to(started(), "queue")
    g = se.play_construction(g, CONTENT, "Frigate").state
    g = se.play_construction(g, CONTENT, "Autofactory").state
    assert g.sides[0].hand == 7  # 9 after the draw, two played
    with pytest.raises(GameError, match="Queue is full: 2 of 2"):
        se.play_construction(g, CONTENT, "Tender")


def test_construction_projects_are_played_only_in_the_queue_step():
    with pytest.raises(GameError, match=r"\(Re\)Fill Queue"):
        se.play_construction(to(started(), "allocation"), CONTENT, "Frigate")


def test_allocation_resets_command_points_to_maximum_whatever_was_left():
    # Command Points: use them or lose them; reset to the maximum during Allocation.
    g = se.with_side(to(started(), "queue"), 0, cp=1)
    g = se.next_step(g).state
    assert g.sides[0].cp == 3


def test_yield_over_two_turns_completes_a_project_at_the_end_of_allocation_into_testing():
    # Construction Project: complete when Yield allocated >= cost; it goes into Testing.
    g = to(started(), "queue")
    g = se.play_construction(g, CONTENT, "Frigate").state
    g = to(g, "allocation")
    pid = g.projects[0].id
    g = se.allocate(g, pid, 2).state
    assert g.projects[0].allocated == 2
    g = se.next_step(g).state  # to acquisition: not finished
    assert g.units == () and g.projects[0].allocated == 2
    g = to(se.next_step(to(g, "end")).state, "begin")  # Bob's turn
    g = to(se.next_step(to(g, "end")).state, "allocation")  # Ann's second turn
    g = se.allocate(g, pid, 1).state
    out = se.next_step(g)
    assert [u.card for u in out.state.units] == ["Frigate"] and out.state.units[0].testing
    assert out.state.projects == ()
    assert any("Testing" in r for r in out.reasons)


def test_assigning_more_yield_than_the_player_has_is_refused():
    g = se.play_construction(to(started(), "queue"), CONTENT, "Frigate").state
    g = to(g, "allocation")
    with pytest.raises(GameError, match="has 3 Yield left to assign of 3; 4 is more") as e:
        se.allocate(g, g.projects[0].id, 4)
    assert e.value.field == "amount"
    g = se.allocate(g, g.projects[0].id, 2).state
    with pytest.raises(GameError, match="1 Yield left"):
        se.allocate(g, g.projects[0].id, 2)


def test_testing_ends_at_the_beginning_of_its_owners_next_turn_not_before():
    # Construction Project: testing ends at the beginning of your turn after the unit has been constructed.
    g = se.play_construction(to(started(), "queue"), CONTENT, "Interceptor").state
    g = se.allocate(to(g, "allocation"), g.projects[0].id, 2).state
    g = to(se.next_step(g).state, "combat")
    with pytest.raises(GameError, match="in Testing") as e:
        se.declare(g, g.units[0].id, ((0, "base-1"),))
    assert e.value.field == "attacker"
    g = se.next_step(to(g, "end")).state  # Bob's turn begins: still testing
    assert g.units[0].testing
    g = se.next_step(to(g, "end")).state  # Ann's turn begins
    assert not g.units[0].testing


def test_a_finished_modification_completes_onto_a_unit_of_the_required_type_or_stays_queued():
    # Modification: no unit of the required type: it cannot be completed and remains in the Queue.
    g = se.play_construction(to(started(), "queue"), CONTENT, "Plating").state
    g = to(g, "allocation")
    g = se.allocate(g, g.projects[0].id, 2).state
    out = se.next_step(g)
    assert len(out.state.projects) == 1 and "remains in the Queue" in " ".join(out.reasons)
    g = with_units(g, unit("u50", 0, "Frigate"))
    with pytest.raises(GameError, match="modifies capital units"):
        se.allocate(with_units(g, unit("u51", 0, "Interceptor")), g.projects[0].id, 1, "u51")
    # its Yield is all allocated (2 of 2): the unit is named without more Yield (issue 29: no Yield past the cost)
    g = se.choose_modified(g, g.projects[0].id, "u50").state
    g = se.next_step(g).state
    assert se.unit(g, "u50").mods == (se.Mod("Plating", 2),)


def test_a_finished_modification_left_in_the_queue_gets_its_unit_without_more_yield():
    # Modification: "If there are no units of the required type available, the Modification cannot be
    # completed and must remain in the Queue" — once a unit exists, naming it needs no further Yield.
    g = se.play_construction(to(started(), "queue"), CONTENT, "Plating").state
    pid = g.projects[0].id
    g = se.next_step(se.allocate(to(g, "allocation"), pid, 2).state).state
    g = to(se.next_step(to(g, "end")).state, "end")  # Bob's turn
    g = with_units(se.next_step(g).state, unit("u50", 0, "Frigate"), unit("u51", 0, "Interceptor"))
    g = to(g, "allocation")
    with pytest.raises(GameError, match="modifies capital units") as e:
        se.choose_modified(g, pid, "u51")
    assert e.value.field == "target"
    with pytest.raises(GameError, match="Frigate is not one of Ann's"):
        se.choose_modified(with_units(g, unit("b1", 1)), pid, "b1")
    g = se.choose_modified(g, pid, "u50").state
    assert g.sides[0].yield_used == 0
    g = se.next_step(g).state
    assert se.unit(g, "u50").mods == (se.Mod("Plating", 2),) and g.projects == ()
    with pytest.raises(GameError, match="only in the"):
        se.choose_modified(g, pid, "u50")  # the Acquisition Phase: too late this turn


def test_research_costs_1_command_point_and_takes_effect_when_completed():
    # Research Projects: 1 CP to play; Yield to complete; no effect until completed; alternate cost noted.
    g = to(started(), "acquisition")
    out = se.play_research(g, CONTENT, "Command Relay")
    g = out.state
    assert g.sides[0].cp == 2 and g.projects[0].alternate == "Or scrap two cards."
    assert "Alternate cost" in " ".join(out.reasons)
    assert se.command_max(g, 0) == 3
    g = to(se.next_step(to(g, "end")).state, "begin")
    g = to(se.next_step(to(g, "end")).state, "allocation")
    g = se.allocate(g, g.projects[0].id, 2).state
    g = se.next_step(g).state
    assert se.command_max(g, 0) == 4 and g.assets[0].card == "Command Relay"


def test_research_without_a_command_point_is_refused():
    g = se.with_side(to(started(), "acquisition"), 0, cp=0)
    with pytest.raises(GameError, match="Research Projects cost one Command Point"):
        se.play_research(g, CONTENT, "Command Relay")


def test_a_sideboard_card_is_put_into_play_from_the_sideboard_not_the_hand():
    g = to(started(), "acquisition")
    g2 = se.play_research(g, CONTENT, "Academy").state
    assert g2.sides[0].hand == g.sides[0].hand


def test_only_one_resource_per_turn():
    # Acquisition Phase: play up to one Resource from your hand.
    g = se.play_resource(to(started(), "acquisition"), CONTENT, "Ore Refinery").state
    assert se.yield_total(g, 0) == 4
    with pytest.raises(GameError, match="up to one Resource"):
        se.play_resource(g, CONTENT, "Ore Refinery")


def test_a_unique_card_cannot_have_a_second_copy_in_play():
    # Unique: only one copy in play under each player's control.
    g = with_units(to(started(), "queue"), unit("u50", 0, "Destroyer"))
    with pytest.raises(GameError, match="Unique"):
        se.play_construction(g, CONTENT, "Destroyer")


def test_no_more_copies_in_play_than_the_deck_holds():
    # Deck Construction: a player has one deck; its four Frigates are all there is. Copies in play or in the
    # Scrapyard cannot be in the hand, whatever the hand count says.
    g = to(started(), "queue")
    three = with_units(g, *(unit(f"f{k}", 0) for k in range(3)))
    assert se.play_construction(three, CONTENT, "Frigate").state.projects[-1].card == "Frigate"
    full = se.with_side(three, 0, scrapyard=("Frigate",))
    with pytest.raises(GameError, match="hold 4 Frigate; 4 already in play or in the Scrapyard") as e:
        se.play_construction(full, CONTENT, "Frigate")
    assert e.value.field == "card"
    plated = with_units(g, *(unit(f"f{k}", 0, mods=(se.Mod("Plating", 2),)) for k in range(4)))
    with pytest.raises(GameError, match="hold 4 Plating"):  # modifications on units count too
        se.play_construction(plated, CONTENT, "Plating")
    assert se.play_construction(with_units(g, *(unit(f"b{k}", 1) for k in range(4))), CONTENT, "Frigate").state
    # Sideboard: the one declared Academy, once in play, is not there to play again.
    g = to(started(), "acquisition")
    g = se.play_research(g, CONTENT, "Academy").state
    with pytest.raises(GameError, match="hold 1 Academy"):
        se.play_research(g, CONTENT, "Academy")


# -- personnel -------------------------------------------------------------------------------------------------

def test_hiring_pays_the_command_point_cost_and_starts_unassigned_at_the_base():
    g = se.hire(to(started(), "acquisition"), CONTENT, "Captain").state
    assert g.sides[0].cp == 1 and g.staff[0].on is None


def test_hiring_without_the_command_points_is_refused():
    g = se.with_side(to(started(), "acquisition"), 0, cp=1)
    with pytest.raises(GameError, match="costs 2 Command Points; Ann has 1"):
        se.hire(g, CONTENT, "Captain")


def test_assigning_pays_the_cost_again_and_follows_the_designations_per_unit_type():
    # Personnel: fighters a pilot; capital ships a captain and an engineer; bases ambassadors and engineers.
    g = with_units(to(started(), "acquisition"), unit("f", 0, "Interceptor"), unit("c", 0, "Frigate"))
    g = se.with_side(g, 0, cp=9, deck=g.sides[0].deck + (("Engineer", 1), ("Second Ace", 1)))
    for name in ("Ace", "Second Ace", "Captain", "Engineer"):
        g = se.hire(g, CONTENT, name).state
    ace, ace2, cap, eng = (s.id for s in g.staff)
    g = se.assign(g, ace, "f").state
    assert g.sides[0].cp == 9 - 5 - 1
    with pytest.raises(GameError, match="already has a pilot"):
        se.assign(g, ace2, "f")
    with pytest.raises(GameError, match="may only have pilots"):
        se.assign(g, cap, "f")
    with pytest.raises(GameError, match="may only have captains and engineers"):
        se.assign(g, ace2, "c")
    g = se.assign(se.assign(g, cap, "c").state, eng, "base").state
    assert {s.card: s.on for s in g.staff} == {"Ace": "f", "Second Ace": None, "Captain": "c", "Engineer": "base"}
    with pytest.raises(GameError, match="ambassadors and engineers"):
        se.assign(g, ace2, "base")


def test_stations_take_administrators_and_engineers():
    assert se.ALLOWED["station"] == ("administrator", "engineer")


# -- combat ------------------------------------------------------------------------------------------------------

def combat(*units) -> se.Game:
    return with_units(to(started(), "combat"), *units)


def test_evasion_is_a_d6_plus_hit_at_least_the_evasion():
    # Evasion / Hit, INTERPRETATIONS.md: d6 + attacker's Hit >= Evasion is a hit.
    assert se.evasion_hits(3, 1, 4) and not se.evasion_hits(2, 1, 4) and se.evasion_hits(4, 0, 4)


def test_damage_goes_to_shields_first_then_the_hull():
    # Assigning Damage.
    assert se.damage_split(3, 2) == (2, 1) and se.damage_split(1, 2) == (1, 0) and se.damage_split(2, 0) == (0, 2)


def test_an_attack_with_shields_and_an_evasion_roll_and_return_fire():
    g = combat(unit("a", 0, "Frigate"), unit("d", 1, "Frigate"), unit("i", 1, "Interceptor"))
    g = se.declare(g, "a", ((0, "d"), (1, "i"))).state
    out = se.resolve(g, back=(("d", 0),), rolls={"a:1": 3})
    g = out.state
    d, a = se.unit(g, "d"), se.unit(g, "a")
    assert (d.shields, d.damage) == (0, 0)  # 2 damage all on the shields
    assert se.unit(g, "i").damage == 1  # 3 + Hit 1 = 4 against Evasion 4: a hit
    assert (a.shields, a.damage) == (0, 0) and a.fired == (0, 1)  # 2 back, on the shields
    assert se.unit(g, "d").fired == (0,)
    assert any("rolled 3 + Hit 1 = 4 against Evasion 4: a hit" in r for r in out.reasons)


def test_an_attacks_log_line_names_each_shot_its_d6_the_damage_the_return_fire_and_the_destroyed():
    # The log says what the combat did in the game's words (issue 38): each weapon's shot with its d6 against
    # Evasion and the damage to shields and hull (Assigning Damage), the return fire, and the units destroyed.
    g = combat(unit("a", 0, "Frigate"), unit("d", 1, "Frigate"), unit("i", 1, "Interceptor"))
    out = se.resolve(se.declare(g, "a", ((0, "d"), (1, "i"))).state, back=(("d", 0),), rolls={"a:1": 3})
    line = out.description
    assert line.startswith("Frigate attacked: 2 of 2 weapons hit (Combat Phase): ")
    assert "rolled 3 + Hit 1 = 4 against Evasion 4: a hit" in line and "to shields and" in line
    assert line.count("Frigate weapon 1 at") == 2  # the attack's and the return fire
    g = combat(unit("a", 0), replace(unit("d", 1, "Interceptor"), evasion=0))
    line = se.resolve(se.declare(g, "a", ((0, "d"),)).state).description
    assert "destroyed, to the Scrapyard" in line


def test_a_missed_evasion_roll_deals_no_damage():
    g = se.declare(combat(unit("a", 0, "Frigate"), unit("i", 1, "Interceptor")), "a", ((1, "i"),)).state
    out = se.resolve(g, rolls={"a:1": 2})
    assert se.unit(out.state, "i").damage == 0 and "a miss, no damage" in out.reasons[0]


def test_a_bad_die_is_refused_naming_the_roll():
    g = se.declare(combat(unit("a", 0, "Frigate"), unit("i", 1, "Interceptor")), "a", ((1, "i"),)).state
    with pytest.raises(GameError, match="1 to 6") as e:
        se.resolve(g, rolls={"a:1": 7})
    assert e.value.field == "roll_a:1"


def test_each_weapon_fires_once_per_turn():
    # Combat Phase: each weapon on a unit may only be fired once per turn.
    g = combat(unit("a", 0, "Frigate"), unit("d", 1, "Tender"))
    g = se.resolve(se.declare(g, "a", ((0, "d"),)).state).state
    with pytest.raises(GameError, match="already fired this turn") as e:
        se.declare(g, "a", ((0, "d"),))
    assert e.value.field == "targets"
    with pytest.raises(GameError, match="already fired"):
        se.declare(g, "a", ((1, "d"), (1, "d")))
    g = se.resolve(se.declare(g, "a", ((1, "d"),)).state).state  # the other weapon is still free
    assert se.unit(g, "d").damage == 3


def test_weapons_are_ready_again_next_turn():
    g = combat(unit("a", 0, "Frigate"), unit("d", 1, "Tender"))
    g = se.resolve(se.declare(g, "a", ((0, "d"),)).state).state
    g = se.next_step(to(g, "end")).state
    assert se.unit(g, "a").fired == ()


def test_only_targeted_units_fire_back():
    g = se.declare(combat(unit("a", 0), unit("d", 1), unit("x", 1)), "a", ((0, "d"),)).state
    with pytest.raises(GameError, match="not targeted"):
        se.resolve(g, back=(("x", 0),))


def test_units_in_testing_may_still_defend_themselves():
    g = combat(unit("a", 0), replace(unit("d", 1), testing=True))
    out = se.resolve(se.declare(g, "a", ((0, "d"),)).state, back=(("d", 0),))
    assert se.unit(out.state, "a").shields == 0


def test_a_modification_targeted_directly_bypasses_shields():
    # Destroying a Modification: shields do not mitigate damage assigned to Modifications.
    d = replace(unit("d", 1), mods=(se.Mod("Plating", 2),))
    g = se.declare(combat(unit("a", 0), d), "a", ((0, "d/0"),)).state
    g = se.resolve(g).state
    d = se.unit(g, "d")
    assert d.shields == 2 and d.damage == 0 and d.mods == ()
    assert g.sides[1].scrapyard == ("Plating",)


def test_defense_stations_never_attack():
    g = combat(unit("s", 0, "Platform"))
    with pytest.raises(GameError, match="Defense Stations may not initiate attacks"):
        se.declare(g, "s", ((0, "base-1"),))


def test_defense_stations_must_be_attacked_before_the_base():
    g = combat(unit("a", 0), unit("s", 1, "Platform"))
    with pytest.raises(GameError, match="must be attacked first"):
        se.declare(g, "a", ((0, "base-1"),))


def test_an_attacker_who_ignores_a_defense_station_is_fired_on_first():
    g = combat(replace(unit("a", 0), shields=0, damage=3), unit("s", 1, "Platform"))
    g = se.declare(g, "a", ((0, "base-1"),), ignore_stations=True).state
    out = se.resolve(g)
    assert "a" not in {u.id for u in out.state.units}  # 2 more damage: 5 of 5 before it fires
    assert out.state.sides[1].base_damage == 0
    assert "fires first" in out.reasons[0]


def test_intercept_fires_at_the_attacker_before_the_attack_resolves():
    g = combat(replace(unit("a", 0), shields=0, damage=4), unit("i", 1, "Interceptor"))
    g = se.declare(g, "a", ((0, "base-1"),)).state
    out = se.resolve(g, intercept=(("i", 0),))
    assert out.state.sides[1].base_damage == 0 and "Intercept" in out.reasons[0]
    with pytest.raises(GameError, match="no Intercept"):
        se.resolve(se.declare(combat(unit("a", 0), unit("d", 1)), "a", ((0, "base-1"),)).state,
                   intercept=(("d", 0),))


def test_an_interceptor_may_become_the_target_of_the_attack_at_effective_evasion_0():
    # Intercept: "Alternatively, the unit with Intercept may choose to become the target of the attack. When
    # becoming the target of the attack, effective evasion is 0." No roll, although the Interceptor has Evasion 4.
    g = combat(unit("a", 0), unit("i", 1, "Interceptor"), unit("d", 1, "Tender"))
    g = se.declare(g, "a", ((0, "base-1"), (1, "d"))).state
    out = se.resolve(g, back=(("i", 0),), cover="i", rolls={"a:0": 1, "a:1": 1})
    assert out.state.sides[1].base_damage == 0 and se.unit(out.state, "d").damage == 0
    assert "i" not in {u.id for u in out.state.units}  # 2 + 1 damage against 2 hit points
    assert any("effective evasion is 0 (Intercept)" in r for r in out.reasons)
    assert se.unit(out.state, "a").shields == 1  # the new target is targeted: it may fire back
    with pytest.raises(GameError, match="not targeted"):
        se.resolve(g, back=(("d", 0),), cover="i")  # the first target is no longer targeted
    with pytest.raises(GameError, match="Alternatively") as e:
        se.resolve(g, intercept=(("i", 0),), cover="i")
    assert e.value.field == "cover"
    with pytest.raises(GameError, match="only a unit with Intercept"):
        se.resolve(g, cover="d")


def test_destroyed_units_and_their_personnel_go_to_the_scrapyard():
    g = combat(unit("a", 0), replace(unit("d", 1, "Interceptor"), evasion=0))
    g = replace(g, staff=(se.Staff("s1", "Ace", 1, "pilot", 1, "d"),))
    g = se.resolve(se.declare(g, "a", ((0, "d"),)).state).state
    assert g.units == (se.unit(g, "a"),) and g.staff == ()
    assert g.sides[1].scrapyard == ("Interceptor", "Ace")


def test_a_base_destroyed_at_damage_equal_to_hp_ends_the_game():
    # The Rules: damage equal to or exceeding its hit points destroys the base.
    g = se.with_side(combat(unit("a", 0)), 1, base_damage=14)
    g = se.resolve(se.declare(g, "a", ((0, "base-1"), (1, "base-1"))).state).state
    assert g.sides[1].base_damage == 17 and g.stage == "play"
    g = se.next_step(to(g, "end")).state
    g = to(se.next_step(to(g, "end")).state, "combat")
    g = se.resolve(se.declare(g, "a", ((1, "base-1"),)).state).state
    assert g.stage == "over" and g.verdict.winner == 0 and g.sides[1].out


def test_with_three_players_the_game_ends_when_one_base_stands():
    g = combat_three = to(started(players=3), "combat")
    g = with_units(combat_three, unit("a", 0))
    g = se.with_side(se.with_side(g, 1, base_damage=19), 2, out=True)
    g = se.resolve(se.declare(g, "a", ((1, "base-1"),)).state).state
    assert g.verdict.winner == 0


# -- repair and replenish ------------------------------------------------------------------------------------------

def test_shields_replenish_and_auto_repair_in_the_repair_phase():
    g = combat(replace(unit("d", 0, "Destroyer"), shields=0, damage=3))
    g = se.next_step(g).state
    d = se.unit(g, "d")
    assert (d.shields, d.damage) == (3, 2)


def test_repair_up_to_the_number_on_a_friendly_unit_once():
    g = to(with_units(started(), unit("t", 0, "Tender"), unit("f", 0, damage=3)), "repair")
    with pytest.raises(GameError, match="repairs up to 2"):
        se.repair(g, "t", "f", 3)
    g = se.repair(g, "t", "f", 2).state
    assert se.unit(g, "f").damage == 1
    with pytest.raises(GameError, match="already repaired"):
        se.repair(g, "t", "f", 1)


# -- end of the turn ------------------------------------------------------------------------------------------------

def test_scrapping_a_queued_project_costs_1_command_point():
    g = se.play_construction(to(started(), "queue"), CONTENT, "Frigate").state
    g = to(g, "end")
    cp = g.sides[0].cp
    g = se.scrap(g, g.projects[0].id).state
    assert g.projects == () and g.sides[0].cp == cp - 1 and g.sides[0].scrapyard == ("Frigate",)
    g = se.play_construction(to(se.next_step(to(se.next_step(g).state, "end")).state, "queue"), CONTENT,
                             "Frigate").state
    g = se.with_side(to(g, "end"), 0, cp=0)
    with pytest.raises(GameError, match="1 command point for each project scrapped"):
        se.scrap(g, g.projects[0].id)


def test_discard_down_to_the_maximum_hand_size_at_the_end_of_the_turn():
    g = to(started(), "end")
    assert g.sides[0].hand == 9
    out = se.next_step(g)
    assert out.state.sides[0].hand == 7 and "discards 2" in out.reasons[0]


# -- promotion -------------------------------------------------------------------------------------------------------

def test_promotion_keeps_damage_modifications_and_personnel():
    # Promotion: the original to the Scrap Yard; modifications, personnel and damage onto the new unit.
    old = replace(unit("u", 0, "Frigate"), damage=2, mods=(se.Mod("Plating", 2, 1),))
    g = replace(with_units(started(), old), staff=(se.Staff("s1", "Captain", 0, "captain", 2, "u"),))
    g = se.promote(g, CONTENT, "u", "Destroyer").state
    new = se.unit(g, "u")
    assert (new.card, new.damage, new.mods, new.hp) == ("Destroyer", 2, (se.Mod("Plating", 2, 1),), 8)
    assert g.staff[0].on == "u" and g.sides[0].scrapyard == ("Frigate",)


def test_a_promoted_unit_keeps_only_what_the_text_lists_not_testing_or_fired_weapons():
    # Promotion: "all modifications, personnel and damage are placed onto the new unit" — nothing else;
    # Construction Project: Testing follows completing a Construction Project, which a promotion is not.
    old = replace(unit("u", 0, "Frigate"), testing=True, fired=(0, 1))
    out = se.promote(with_units(started(), old), CONTENT, "u", "Destroyer")
    new = se.unit(out.state, "u")
    assert not new.testing and new.fired == () and new.shields == 3
    assert any("not in Testing" in r for r in out.reasons)


def test_promotion_into_a_unique_card_already_in_play_is_refused():
    # Unique: "If a card or ability would make a copy of unique card, that copy does not come into play."
    g = with_units(started(), unit("d", 0, "Destroyer"), unit("u", 0, "Frigate"))
    with pytest.raises(GameError, match="Unique") as e:
        se.promote(g, CONTENT, "u", "Destroyer")
    assert e.value.field == "card"
    assert se.promote(with_units(started(), unit("d", 1, "Destroyer"), unit("u", 0)), CONTENT, "u",
                      "Destroyer").state.units[1].card == "Destroyer"  # one per player's control


def test_a_state_survives_its_dict_round_trip():
    g = se.play_construction(to(started(), "queue"), CONTENT, "Plating").state
    g = with_units(g, replace(unit("u", 0), mods=(se.Mod("Plating", 2),)))
    g = se.declare(to(g, "combat"), "u", ((0, "base-1"),)).state
    import json
    assert se.from_dict(json.loads(json.dumps(se.to_dict(g)))) == g


def test_damage_from_a_command_card_is_recorded_and_can_destroy_the_base():
    # Command Card: its text is resolved at the table; an attack is also "playing an Attack Command".
    # The Rules: a base is destroyed once damage equal to or exceeding its hit points is assigned to it.
    g = se.command_damage(started(), "base-1", 17).state
    assert g.sides[1].base_damage == 17 and g.stage == "play"
    for target, damage, field in (("base-1", 0, "damage"), ("base-7", 2, "target"), ("nope", 2, "target")):
        with pytest.raises(GameError) as e:
            se.command_damage(g, target, damage)
        assert e.value.field == field
    g = se.command_damage(g, "base-1", 1).state
    assert g.stage == "over" and g.verdict.winner == 0
    with pytest.raises(GameError, match="The game is over"):
        se.command_damage(g, "base-1", 1)


def test_command_damage_to_a_unit_goes_to_shields_first_or_to_a_modification():
    # Assigning Damage: shields first, then the unit. Destroying a Modification: "When using a command that
    # deals damage to a unit, that damage may be redirected to a Modification on that unit", unmitigated.
    g = combat(unit("d", 1, mods=(se.Mod("Plating", 2),)))
    out = se.command_damage(g, "d", 3)
    assert (se.unit(out.state, "d").shields, se.unit(out.state, "d").damage) == (0, 1)
    assert "2 to shields first, 1 to the unit (Assigning Damage)" in out.reasons[0]
    out = se.command_damage(g, "d/0", 2)
    assert se.unit(out.state, "d").mods == () and se.unit(out.state, "d").shields == 2
    assert out.state.sides[1].scrapyard == ("Plating",)


def _ignored_station_at_an_evasive_attacker():
    g = combat(replace(unit("a", 0), shields=0, evasion=5), unit("s", 1, "Platform"))
    return se.declare(g, "a", ((0, "base-1"),), ignore_stations=True).state


def test_an_ignored_stations_shot_at_an_evasive_attacker_asks_for_its_die():
    # No hidden roll (issue 20): the station's d6 against Evasion is the table's, or rolled when asked.
    g = _ignored_station_at_an_evasive_attacker()
    with pytest.raises(GameError) as exc:
        se.resolve(g)
    assert exc.value.field == "rolls" and "tap the face" in exc.value.message and exc.value.page == "Defense Stations"
    out = se.resolve(g, rolls={"s:0": 1})  # 1 + Hit against Evasion 5: a miss
    assert "a miss" in out.reasons[0] and "fires first" in out.reasons[0]
    assert "rolled" in se.resolve(g, roll_for_me=True).reasons[0]


def test_a_base_never_shows_more_damage_than_its_hit_points():
    g = combat(unit("a", 0))
    g = replace(g, sides=(g.sides[0], replace(g.sides[1], base_hp=18, base_damage=17)))
    g = se.resolve(se.declare(g, "a", ((0, "base-1"),)).state).state
    assert g.sides[1].base_damage == 18


def test_a_launcher_moves_projectiles_only_when_the_table_says_the_deck_held_them():
    # Launcher: "search your deck for N Projectiles": only the table knows the deck; nothing moves unasked.
    g = to(started(), "allocation")
    launcher = replace(unit("l", 0), launcher=2)
    g = replace(g, projects=(se.Project("p1", "Frigate", 0, "construction", 1, 1, unit=launcher),))
    before = g.sides[0]
    g = se.next_step(g).state
    assert (g.sides[0].hand, g.sides[0].deck_left) == (before.hand, before.deck_left) and g.launches == ("l",)
    with pytest.raises(GameError, match="0 to 2"):
        se.launcher_search(g, "l", 3)
    g = se.launcher_search(g, "l", 0).state  # the deck held none
    assert (g.sides[0].hand, g.sides[0].deck_left) == (before.hand, before.deck_left) and g.launches == ()
    with pytest.raises(GameError, match="once"):
        se.launcher_search(g, "l", 1)


# -- what a referee still caught (issue 29) -----------------------------------------------------------

def test_an_evasion_d6_is_never_rolled_unasked_and_the_log_says_who_rolled():
    # Evasion: "roll a d6 for each weapon assigned against a unit with Evasion" — the table's d6. A missing
    # roll is refused naming the field, as the Defense Station path does; Roll for me is the table's choice.
    g = se.declare(combat(unit("a", 0, "Frigate"), unit("i", 1, "Interceptor")), "a", ((1, "i"),)).state
    with pytest.raises(GameError) as refused:
        se.resolve(g)
    assert refused.value.field == "rolls" and refused.value.page == "Evasion"
    assert "Frigate's weapon 2 fires at Interceptor" in refused.value.message and "Evasion 4" in refused.value.message
    assert "the app's d6" not in se.resolve(g, rolls={"a:1": 3}).reasons[0]
    asked = se.resolve(g, roll_for_me=True, rng=random.Random(1)).reasons[0]
    assert "(the app's d6: Roll for me)" in asked and "against Evasion 4" in asked


def test_return_fire_at_an_evasive_attacker_asks_for_its_die_too():
    g = combat(unit("a", 0, "Interceptor"), unit("d", 1, "Frigate"))
    g = se.declare(g, "a", ((0, "d"),)).state
    with pytest.raises(GameError, match="Frigate's weapon 1 fires at Interceptor"):
        se.resolve(g, back=(("d", 0),))
    out = se.resolve(g, back=(("d", 0),), rolls={"d:0": 6})  # 6 against Evasion 4: 2 damage, its 2 hit points
    assert "a" not in {u.id for u in out.state.units} and "rolled 6 + Hit 1" in " ".join(out.reasons)


def test_yield_is_not_allocated_past_a_projects_cost():
    # Construction Project: completed "when you have Yield allocated … equal to or greater than the total
    # cost": Yield beyond the cost is refused, not swallowed ("3 of 2").
    g = se.play_construction(to(started(), "queue"), CONTENT, "Autofactory").state
    g = to(g, "allocation")
    pid = g.projects[0].id
    assert se.yield_left(g, 0) >= 3 and se.allocatable(g, pid) == 2
    with pytest.raises(GameError, match=r"Autofactory needs 2 more Yield \(0 of 2\); 3 is more") as refused:
        se.allocate(g, pid, 3)
    assert refused.value.field == "amount"
    g = se.allocate(g, pid, 2).state
    assert se.allocatable(g, pid) == 0
    with pytest.raises(GameError, match="needs 0 more Yield"):
        se.allocate(g, pid, 1)


def test_a_defense_station_and_a_unit_without_weapons_cannot_attack_nor_are_offered():
    # Defense Stations: "Defense Stations may not initiate attacks"; the Autofactory has no weapon to assign.
    g = combat(unit("f", 0, "Frigate"), unit("s", 0, "Platform"), unit("af", 0, "Autofactory"),
               unit("x", 1, "Frigate"))
    assert [u.id for u in se.attackers(g)] == ["f"]
    with pytest.raises(GameError, match="Defense Stations may not initiate attacks"):
        se.declare(g, "s", ((0, "x"),))
    with pytest.raises(GameError, match="Autofactory has no weapon") as refused:
        se.declare(g, "af", ((0, "x"),))
    assert refused.value.field == "attacker"
    g = se.resolve(se.declare(g, "f", ((0, "x"), (1, "x"))).state).state
    assert se.attackers(g) == ()  # every weapon has fired this turn


def test_ore_refinery_is_offered_once_a_turn_as_the_rules_allow():
    # Acquisition Phase: "Play up to one Resource from your hand."
    g = to(started(), "acquisition")
    assert se.may_play_resource(g)
    g = se.play_resource(g, CONTENT, "Ore Refinery").state
    assert not se.may_play_resource(g)
    with pytest.raises(GameError, match="up to one Resource"):
        se.play_resource(g, CONTENT, "Ore Refinery")

"""Suriya 162 rules (suriya-162-rulebook.txt, cited by section: it has no page numbers): the combat example
(Tyra attacks David on the Lagoon), every income row, set-up by seat, the terrain draft, the turn's phases,
command tokens, squads, bases and the victory race. Pure: no app, no database."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import suriya_162 as su
from companion.games.frame import GameError, Player

S = su.Symbols
# Locations: the five named locations and their combat effects, as the text gives them.
HQ = su.Terrain("Headquarter", 1, 1)
DESERT = su.Terrain("Desert", 1, 1, min_units=5, tiles=4)
FOREST = su.Terrain("Forest", 1, 1, discard_to_enter=1, tiles=4)
LAGOON = su.Terrain("Lagoon", defend_zero=True, discard_to_enter=1, tiles=3)
PLATEAU = su.Terrain("Plateau", 1, 2, ignores_target_bonuses=True, discard_to_enter=2, highest_tray=True, tiles=2)
MINE = su.Terrain("Mine", tiles=3)
DIE = su.SymbolDie("basic", (S(1, 0, 0), S(0, 1, 0)))
CONTENT = su.Content((HQ, DESERT, FOREST, LAGOON, PLATEAU, MINE), tuple(replace(DIE, name=n) for n in
                     ("basic", "elite", "general", "attacker")), (("BU", 1), ("EU", 2), ("GU", None)),
                     ("Noah's Ark", "Scarab", "Third", "Fourth"))
BU, EU = su.Unit("BU", 1), su.Unit("EU", 2)


def game(n=2) -> su.Game:
    return su.new_game(tuple(Player(name, color) for name, color in
                             list(zip(("Tyra", "David", "Lucy", "Mo"), ("red", "blue", "green", "yellow")))[:n]))


def drafted(first=0) -> su.Game:
    """A two-player game through the draft: Forest, Lagoon (high), Desert, Plateau (high) in round 1."""
    g = su.choose_first(game(), first).state
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    rounds = ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"), (("Forest", False), ("Lagoon", True),
                                                                    ("Desert", False), ("Plateau", True))),
              (("Mine", "Mine", "Forest", "Desert", "Plateau"), (("Mine", False), ("Mine", False), ("Forest", False),
                                                                 ("Desert", False))))
    for shown, picks in rounds:
        g = su.show_tiles(g, CONTENT, shown).state
        for t, high in picks:
            g = su.place_tile(g, CONTENT, t, high).state
    return g


def playing() -> su.Game:
    return su.next_step(drafted()).state


def sid(g, name) -> str:
    return next(s.id for s in g.spaces if s.name == name)


def action(g) -> su.Game:
    return su.next_step(g).state if g.phase == "upkeep" else g


def step(g) -> su.Game:
    """Next, as a table presses it: an Income Phase's card gained first (3.2 is mandatory, docs/rules.md)."""
    if g.stage == "play" and g.phase == "income" and g.applied and not g.gained:
        g = su.gain_card(g, "central").state
    return su.next_step(g).state


# -- the combat example (Game Phases: Combat) --------------------------------------------------------

def example_fighters():
    # Tyra's 5 Basic Dice and Attack Die: the text gives no symbols; 6 Damage plus the Forest's +1 is the
    # 7 that leaves David's squad 2 Damage after its 5 V. David rolled 2 V, 1 [T], on a Higher Space.
    tyra = su.Fighter(S(6, 0, 0), FOREST, units=5)
    david = su.Fighter(S(0, 2, 1), LAGOON, units=2, high=True,
                       tactic=(su.TacticCard("V+3", defend=3, ignore_terrain=True),))
    return tyra, david


def test_combat_example_tyra_attacks_david_on_the_lagoon():
    # Combat steps 1-5: David's tactic card gives V+3 and ignores the Lagoon: 5 V; 2 Damage to David, none to Tyra.
    r = su.resolve_combat(*example_fighters())
    assert r.defend[1] == 5
    assert r.dealt == (0, 2)
    assert any("rolled no [T]" in x and "attacker" in x for x in r.reasons)  # Tyra plays no Tactic card
    assert any("Forest" in x and "+1 Attack" in x for x in r.reasons)


def test_combat_example_the_two_damage_destroy_davids_elite_unit():
    # Combat 6.5: David allocates the 2 Damage to his Elite Unit first: it is destroyed (the example), the BU stays.
    units, base, reasons = su.assign_damage((BU, EU), 0, 2, order=("EU", "BU", "GU"))
    assert units == (BU,)
    assert "EU (2 HP) destroyed" in reasons[0] and "Player Tray" in reasons[0]


def test_damage_goes_to_basic_then_elite_then_general_then_the_base():
    # Combat 6.1-6.4: BU first, then EU, then GU, leftover to the Base; as much as possible to each.
    gu = su.Unit("GU", 3, "Rex")
    units, base, reasons = su.assign_damage((gu, EU, BU, BU), 3, 8)
    assert units == () and base == 2
    assert [r.split(" (")[0] for r in reasons[:4]] == ["BU", "BU", "EU", "Rex"]
    units, base, _ = su.assign_damage((gu, EU, BU), 3, 2)
    assert units == (EU, gu) and base == 3  # 1 left on a 2-HP EU does not destroy it and never reaches the Base


def test_a_converted_unit_gets_no_tray_bonus():
    # Combat 7 note: bonuses are ignored if the unit has been changed or converted.
    _, _, reasons = su.assign_damage((su.Unit("BU", 1, converted=True),), 0, 1)
    assert "no tray bonus" in reasons[0]


def test_without_the_tactic_card_the_lagoon_sets_davids_defend_to_zero():
    tyra, david = example_fighters()
    r = su.resolve_combat(tyra, replace(david, tactic=()))
    assert r.defend[1] == 0 and r.dealt[1] == 7


def test_tactic_cards_are_limited_by_the_tactic_symbols():
    tyra, david = example_fighters()
    with pytest.raises(GameError) as e:
        su.resolve_combat(replace(tyra, tactic=(su.TacticCard(damage=2),)), david)
    assert e.value.field == "attacker_tactic_cards" and "Combat 2" in e.value.message


def test_tactic_cards_are_individual_each_within_the_tactic_symbols_attackers_first():
    # Combat 2-4: each side plays Tactic cards face-down, one per [T] rolled; the attacker's are resolved
    # first, then the defender's.
    tyra = su.Fighter(S(3, 0, 2), FOREST, units=5,
                      tactic=(su.TacticCard("Ambush", damage=2), su.TacticCard("Shield Wall", defend=1)))
    david = su.Fighter(S(0, 2, 1), LAGOON, units=2, tactic=(su.TacticCard("V+3", defend=3, ignore_terrain=True),))
    r = su.resolve_combat(tyra, david)
    cards = [x for x in r.reasons if "Tactic card" in x]
    assert [c.split(",")[1].split(":")[0].strip() for c in cards] == ["Ambush", "Shield Wall", "V+3"]
    assert "Combat 4: the attacker first" in cards[0] and "after the attacker" in cards[2]
    assert "its Lagoon effect ignored" in cards[2]
    # Tyra: 3 + 2 (Ambush) + 1 (Forest) = 6 Damage, 0 + 1 + 1 = 2 V; David: 2 + 3 = 5 V, the Lagoon ignored.
    assert r.damage == (6, 0) and r.defend == (2, 5) and r.dealt == (0, 1)
    with pytest.raises(GameError) as e:
        su.resolve_combat(replace(tyra, tactic=tyra.tactic + (su.TacticCard("Third"),)), david)
    assert e.value.field == "attacker_tactic_cards" and "3 entered" in e.value.message


def test_a_reroll_only_on_a_higher_terrain_tray():
    tyra, david = example_fighters()
    with pytest.raises(GameError) as e:
        su.resolve_combat(replace(tyra, reroll=(S(1, 0, 0), S(2, 0, 0))), david)
    assert e.value.field == "attacker_reroll" and "Higher Terrain Tray" in e.value.message
    r = su.resolve_combat(tyra, replace(david, reroll=(S(0, 0, 1), S(0, 1, 0)), tactic=()))
    assert r.defend[1] == 0  # re-rolled a [T] into a V, but the Lagoon still sets Defend to 0


def test_terrain_modifiers():
    # Locations: Headquarter +1/+1; Desert +1/+1 only with 5+ units; Plateau +2 V +1 and ignores the target's bonus.
    hq = su.resolve_combat(su.Fighter(S(2, 0, 0), MINE, 1), su.Fighter(S(0, 1, 0), HQ, 1))
    assert hq.damage[1] == 1 and hq.defend[1] == 2 and hq.dealt[1] == 0
    small = su.resolve_combat(su.Fighter(S(3, 0, 0), DESERT, 4), su.Fighter(S(0, 0, 0), MINE, 1))
    big = su.resolve_combat(su.Fighter(S(3, 0, 0), DESERT, 5), su.Fighter(S(0, 0, 0), MINE, 1))
    assert (small.dealt[1], big.dealt[1]) == (3, 4)
    plateau = su.resolve_combat(su.Fighter(S(3, 0, 0), PLATEAU, 1), su.Fighter(S(1, 1, 0), FOREST, 1))
    assert plateau.damage == (4, 1) and plateau.defend == (2, 1)
    assert any("Forest bonus is ignored" in x for x in plateau.reasons)


def test_final_damage_is_never_below_zero():
    r = su.resolve_combat(su.Fighter(S(1, 0, 0), MINE, 1), su.Fighter(S(0, 4, 0), MINE, 1))
    assert r.dealt == (0, 0) and any("never below 0" in x for x in r.reasons)


# -- income (Game Phases: 3. Income) -------------------------------------------------------------------

@pytest.mark.parametrize("n, minerals, cards", [(1, 2, 3), (2, 3, 3), (3, 3, 4), (4, 4, 4)])
def test_income_by_bases(n, minerals, cards):
    # 3.3: 1 / 2 / 3 / 4 Bases: 2 / 3 / 3 / 4 Minerals and 3 / 3 / 4 / 4 cards.
    assert su.income_for(n) == (minerals, cards)


def test_income_example_david_with_three_bases():
    # 3.3 example: 3 Bases (the Headquarter and 2 Bases) give 3 Minerals (and draw cards by the table).
    g = action(playing())
    for name in ("Forest 1", "Desert 1"):
        g = su.summon(g, CONTENT, sid(g, name), "BU").state
        g = su.build_base(g, sid(g, name)).state
    g = su.with_side(g, 0, hand=0)
    before = g.sides[0].minerals
    g = su.next_step(g).state
    assert su.bases(g, 0) == 3
    assert g.sides[0].minerals == before + 3 and g.sides[0].hand == 4


def test_income_restores_command_tokens_before_exhaust_and_keeps_the_hand_limit():
    # 3.1 and Exhaust Tokens: Command Tokens removed first, the Exhaust Token stays; hand limit 6.
    g = action(playing())
    f = sid(g, "Forest 1")
    g = su.summon(g, CONTENT, f, "BU").state
    g = su.extract(g, f).state
    g = su.exhaust(g, f).state
    g = su.next_step(g).state
    s = su.space(g, f)
    assert not s.command and s.exhaust == 1
    assert g.sides[0].hand == 6  # 3 + 3 drawn
    out = su.next_step(replace(su.with_side(g, 0, hand=5), phase="action", applied=False))
    assert out.state.sides[0].hand == 6 and any("discard down to 6" in r for r in out.reasons)


# -- set-up (Game Setup) -------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_starting_cards_and_minerals_by_seat(n):
    # A9: two players 3 cards/2 minerals and 5/4; three or four: 3/1, 4/2, 5/3, 6/4, in turn order.
    g = su.choose_first(game(n), 1).state
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    g = replace(g, draft=su.Draft(done=True))
    g = su.begin(g).state
    got = [(g.sides[i].hand, g.sides[i].minerals) for i in su.seat_order(g)]
    assert got == list(su.START[n])
    assert su.seat_order(g)[0] == 1 and g.turn == 1


def test_first_player_by_the_attacker_die_ties_reroll_among_the_tied():
    # A1: most Damage symbols; tied players re-roll.
    g = game(3)
    g = su.roll_for_first(g, {0: 2, 1: 2, 2: 1}).state
    assert g.first is None and su.tied_for_first(g) == (0, 1)
    g = su.roll_for_first(g, {0: 0, 1: 1}).state
    assert g.first == 1 and su.seat_order(g) == (1, 2, 0)


def test_factions_start_with_the_first_player_and_are_never_shared():
    g = su.choose_first(game(), 1).state
    with pytest.raises(GameError, match="chooses before"):
        su.choose_faction(g, CONTENT, 0, "Scarab")
    g = su.choose_faction(g, CONTENT, 1, "Scarab").state
    with pytest.raises(GameError, match="taken"):
        su.choose_faction(g, CONTENT, 0, "Scarab")


def test_two_player_terrain_draft_picks_1_2_1_then_swapped():
    # B3-B4: first 1, second 2, first 1, the fifth returned; round 2 with the first player swapped.
    g = su.choose_first(game(), 0).state
    for i in (0, 1):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    assert su.draft_order(g) == (0, 1, 1, 0)
    g = su.show_tiles(g, CONTENT, ("Forest", "Lagoon", "Desert", "Mine", "Mine")).state
    with pytest.raises(GameError, match="not among the tiles shown"):
        su.place_tile(g, CONTENT, "Plateau", True)
    for t in ("Forest", "Lagoon", "Desert"):
        g = su.place_tile(g, CONTENT, t, False).state
    out = su.place_tile(g, CONTENT, "Mine", False)
    assert any("returned to the box" in r for r in out.reasons)
    g = out.state
    assert g.draft.round == 2 and su.draft_order(g) == (1, 0, 0, 1)
    g = su.show_tiles(g, CONTENT, ("Plateau", "Lagoon", "Desert", "Mine", "Forest")).state
    with pytest.raises(GameError) as e:
        su.place_tile(g, CONTENT, "Plateau", False)
    assert e.value.field == "high" and "highest Terrain Tray" in e.value.message
    assert len(g.spaces) == 2 + 4


def test_three_players_place_three_rounds_then_one_random_tile():
    # C2-C5: a tile each per round, 3 rounds, then 1 random tile for three players.
    g = su.choose_first(game(3), 0).state
    for i in range(3):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    g = su.draw_hands(g, CONTENT, {0: ("Mine", "Mine", "Mine"), 1: ("Desert",) * 3, 2: ("Forest",) * 3}).state
    for _ in range(9):
        g = su.place_tile(g, CONTENT, g.draft.hands[su.placer(g)][0], False).state
    assert not g.draft.done and su.placer(g) is None
    g = su.place_tile(g, CONTENT, "Forest", False).state
    assert g.draft.done and len(g.spaces) == 3 + 10


def test_three_or_four_players_place_from_the_three_tiles_drawn_then_pass_left():
    # C2: each player draws 3 Terrain Tiles; C3: each places 1 of theirs, then passes the rest to the left
    # (the next player clockwise, A1); C4: repeat until all are placed.
    g = su.choose_first(game(3), 1).state  # David first: David, Lucy, Tyra
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    with pytest.raises(GameError, match="draws 3 Terrain Tiles first"):
        su.place_tile(g, CONTENT, "Mine", False)
    with pytest.raises(GameError) as e:
        su.draw_hands(g, CONTENT, {0: ("Mine", "Mine"), 1: ("Desert",) * 3, 2: ("Forest",) * 3})
    assert e.value.field == "hand_1" and "C2" in e.value.message
    with pytest.raises(GameError, match="has 3"):  # the test mix holds 3 Lagoons
        su.draw_hands(g, CONTENT, {0: ("Lagoon",) * 3, 1: ("Lagoon", "Mine", "Mine"), 2: ("Forest",) * 3})
    g = su.draw_hands(g, CONTENT, {0: ("Mine", "Desert", "Forest"), 1: ("Lagoon", "Desert", "Mine"),
                                   2: ("Forest", "Lagoon", "Mine")}).state
    assert su.placer(g) == 1
    with pytest.raises(GameError, match="not among them") as e:
        su.place_tile(g, CONTENT, "Forest", False)
    assert "C3" in e.value.message
    g = su.place_tile(g, CONTENT, "Lagoon", False).state  # David
    g = su.place_tile(g, CONTENT, "Mine", False).state  # Lucy
    out = su.place_tile(g, CONTENT, "Forest", False)  # Tyra; the round ends, hands go left
    assert any("C3-C4" in r for r in out.reasons)
    g = out.state
    # David's Desert, Mine went to Lucy; Lucy's Forest, Lagoon to Tyra; Tyra's Mine, Desert to David.
    assert g.draft.hands == (("Forest", "Lagoon"), ("Mine", "Desert"), ("Desert", "Mine"))
    assert g.draft.round == 2 and len(g.spaces) == 3 + 3


# -- the turn ------------------------------------------------------------------------------------------

def test_the_income_phase_gains_one_card_to_the_discard_pile():
    # 3.2: gain 1 card from the Faction Technology or the Central Cards, optionally resetting the Faction
    # Technology; Deck-Building Rules 1: gained cards go to the discard pile, so the hand is unchanged.
    g = action(playing())
    with pytest.raises(GameError, match="Income Phase"):
        su.gain_card(g, "central")
    g = su.next_step(g).state
    assert "gain 1 card" in su.current_step(g).instruction
    hand = g.sides[0].hand
    out = su.gain_card(g, "faction", reset=True, card="Hawk Brigade")
    assert out.state.gained == "faction" and out.state.sides[0].hand == hand
    assert "discard pile" in out.reasons[0] and "reset" not in out.reasons[0] and "A5" in out.reasons[1]
    assert "card gained from the Faction Technology" in su.current_step(out.state).instruction
    with pytest.raises(GameError, match="1 card") as e:
        su.gain_card(out.state, "central")
    assert e.value.field == "source"
    g = su.next_step(out.state).state  # David's turn: a new card to gain
    assert g.gained == "" and g.turn == 1


def test_the_turn_does_not_end_until_the_income_phases_card_is_gained():
    # 3.2 "Gain: Gain 1 Card from your Faction Technology or the Central Cards." is imperative, where the reset
    # beside it says "You may also choose"; the example: "David gains 1 card" (docs/rules.md). Was: the turn
    # ended without it and the log noted it.
    g = su.next_step(action(playing())).state  # Tyra's Income Phase, applied
    with pytest.raises(GameError, match="gains 1 card from the Faction Technology or the Central Cards") as e:
        su.next_step(g)
    assert e.value.field == "gain" and "3.2" in e.value.message
    assert su.can_advance(g) == (False, e.value.message)  # the stepper's Next shown disabled with the reason
    assert "gain the card, then Next ends the turn" in su.current_step(g).instruction
    g = su.gain_card(g, "central", card="Hawk Brigade").state
    assert su.can_advance(g) == (True, "")
    assert "Next ends the turn" in su.current_step(g).instruction
    out = su.next_step(g)
    assert out.state.turn == 1 and not any("without recording" in r for r in out.reasons)


def test_upkeep_pays_or_discards_continue_cards():
    # 1. Upkeep example: David may pay 1 Mineral to keep the card, or discard it without paying.
    g = action(playing())
    g = su.play_card(g, "Drill", 1, continue_cost=1).state
    for _ in range(2):  # to Tyra's next turn
        g = step(step(action(g)))
    with pytest.raises(GameError, match="Pay or discard Drill"):
        su.next_step(g)
    kept = su.upkeep(g, "Drill", True).state
    assert kept.sides[0].minerals == g.sides[0].minerals - 1 and not su.undecided(kept, 0)
    dropped = su.upkeep(g, "Drill", False).state
    assert dropped.sides[0].continuing == () and dropped.sides[0].minerals == g.sides[0].minerals


def test_paying_minerals_a_player_does_not_have_is_refused():
    g = action(playing())
    with pytest.raises(GameError) as e:
        su.play_card(g, "Reinforcement", g.sides[0].minerals + 1)
    assert e.value.field == "cost" and "cannot pay Minerals" in e.value.message and "Tyra has 2" in e.value.message


def test_discard_a_card_for_a_mineral():
    g = action(playing())
    g2 = su.discard_for_mineral(g).state
    assert (g2.sides[0].hand, g2.sides[0].minerals) == (g.sides[0].hand - 1, g.sides[0].minerals + 1)


def test_one_command_token_per_space_and_none_for_an_exhausted_squad():
    g = action(playing())
    f = sid(g, "Forest 1")
    g = su.summon(g, CONTENT, f, "BU", 2).state
    g2 = su.extract(g, f).state
    with pytest.raises(GameError, match="only one Command Token"):
        su.extract(g2, f)
    g3 = su.exhaust(g, f).state
    with pytest.raises(GameError, match="Exhaust Token cannot receive"):
        su.extract(g3, f)


def test_two_command_tokens_to_start_and_one_more_per_base():
    g = action(playing())
    spaces = [sid(g, n) for n in ("Forest 1", "Desert 1", "Mine 1")]
    for s in spaces:
        g = su.summon(g, CONTENT, s, "BU").state
    g = su.extract(su.extract(g, spaces[0]).state, spaces[1]).state
    with pytest.raises(GameError, match="no Command Token left"):
        su.extract(g, spaces[2])
    g = su.build_base(g, spaces[2]).state
    assert su.command_tokens(g, 0) == 1


def test_a_seventh_unit_and_a_second_faction_are_refused():
    g = action(playing())
    f = sid(g, "Forest 1")
    g = su.summon(g, CONTENT, f, "BU", 6).state
    with pytest.raises(GameError, match="at most 6 units"):
        su.summon(g, CONTENT, f, "EU")
    g = step(step(g))  # David's turn
    g = action(g)
    with pytest.raises(GameError, match="single faction"):
        su.summon(g, CONTENT, f, "BU")


def test_moving_into_forest_or_lagoon_costs_a_discarded_card_and_splits_leave_the_token():
    # C1 and Locations: Forest/Lagoon 1 card, Plateau 2; Command Tokens 3-4.
    g = action(playing())
    m, f, lagoon = sid(g, "Mine 1"), sid(g, "Forest 1"), sid(g, "Lagoon 1")
    g = su.summon(g, CONTENT, m, "BU", 3).state
    with pytest.raises(GameError) as e:
        su.move(g, CONTENT, m, f, {"BU": 1})
    assert e.value.field == "discard" and "Forest" in e.value.message
    g2 = su.move(g, CONTENT, m, f, {"BU": 1}, discard=1).state
    assert su.space(g2, m).command and not su.space(g2, f).command and len(su.space(g2, f).units) == 1
    assert g2.sides[0].hand == g.sides[0].hand - 1
    g3 = su.move(g, CONTENT, m, lagoon, None, discard=1).state
    assert su.space(g3, lagoon).command and su.space(g3, m).owner is None


def test_an_attack_destroys_units_then_damages_the_base():
    g = action(playing())
    m = sid(g, "Mine 1")
    g = su.summon(g, CONTENT, m, "BU", 2).state
    hq = sid(g, "David's Headquarter")
    out = su.attack(g, CONTENT, m, hq, su.Fighter(S(4, 0, 0), MINE, 0), su.Fighter(S(0, 1, 0), MINE, 0))
    # David's Headquarter: +1 V, so 4 − 2 = 2 Damage to the Headquarter's 3 HP.
    assert su.space(out.state, hq).base == 1 and out.state.verdict is None


def test_destroying_the_main_base_wins_a_two_player_game():
    # Objective: two players — destroying the opponent's main Base wins.
    g = action(playing())
    m = sid(g, "Mine 1")
    g = su.summon(g, CONTENT, m, "BU", 2).state
    out = su.attack(g, CONTENT, m, sid(g, "David's Headquarter"), su.Fighter(S(5, 0, 0), MINE, 0),
                    su.Fighter(S(0, 0, 0), MINE, 0))
    assert out.state.stage == "over" and out.state.verdict.winner == 0
    assert su.space(out.state, sid(g, "David's Headquarter")).owner is None


def test_four_bases_at_the_start_of_a_turn_win():
    g = action(playing())
    for n in ("Forest 1", "Desert 1", "Mine 1"):
        g = su.summon(g, CONTENT, sid(g, n), "BU").state
        g = su.build_base(g, sid(g, n)).state
    assert su.score(g)[0].still_needs == 0 and g.verdict is None  # not yet: at the start of a turn
    g = step(step(g))  # David's turn: no win for him
    assert g.stage == "play"
    g = step(step(action(g)))
    assert g.verdict.winner == 0 and "begins the turn with 4 Bases" in g.verdict.how[0]


def test_each_enemy_headquarter_destroyed_lowers_the_bases_needed():
    # Objective, 3-4 players: the requirement drops by 1 per enemy Headquarter destroyed; may win at once.
    g = su.choose_first(game(3), 0).state
    for i in range(3):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    g = replace(g, draft=su.Draft(done=True), spaces=g.spaces + (su.Space("s9", "Mine 1", "Mine"),))
    g = action(su.begin(g).state)
    g = su.summon(g, CONTENT, "s9", "BU", 2).state
    g = su.build_base(g, "s9").state
    g = replace(g, sides=tuple(replace(s, headquarters_destroyed=1) if i == 0 else s for i, s in enumerate(g.sides)))
    assert su.bases_needed(g, 0) == 3
    out = su.attack(g, CONTENT, "s9", sid(g, "David's Headquarter"), su.Fighter(S(5, 0, 0), MINE, 0),
                    su.Fighter(S(0, 0, 0), MINE, 0))
    assert out.state.sides[0].headquarters_destroyed == 2
    assert out.state.verdict.winner == 0 and "wins immediately" in out.state.verdict.how[0]


def test_state_round_trips_through_plain_json():
    import json
    g = action(playing())
    g = su.summon(g, CONTENT, sid(g, "Mine 1"), "GU", hp=3, name="Rex").state
    g = su.play_card(g, "Drill", 0, continue_cost=1).state
    assert su.from_dict(json.loads(json.dumps(su.to_dict(g)))) == g


# -- the Player Tray: running out, slot bonuses, burning, the Headquarter -----------------------------
# Test trays: 3 BU slots (a Mineral under the leftmost, Burn under the middle), 2 EU slots (Draw and Discard).
TRAY = replace(CONTENT, tray=(("BU", ("mineral", "burn", None)), ("EU", ("draw_discard", None))))


def test_summoning_when_units_run_out_moves_one_from_another_space():
    # Summoning Units 2: when Units run out, the player may move a Unit of the same type from another Space.
    g = action(playing())
    m, f = sid(g, "Mine 1"), sid(g, "Forest 1")
    g = su.summon(g, TRAY, m, "BU", 3).state
    assert su.in_tray(g, TRAY, 0, "BU") == 0
    with pytest.raises(GameError, match="Summoning Units 2") as e:
        su.summon(g, TRAY, f, "BU")
    assert e.value.field == "units"
    out = su.summon(g, TRAY, f, "BU", take_from=m)
    assert [u.kind for u in su.space(out.state, f).units] == ["BU"]
    assert len(su.space(out.state, m).units) == 2 and su.in_tray(out.state, TRAY, 0, "BU") == 0
    assert any("moved from Mine 1" in r for r in out.reasons)
    with pytest.raises(GameError, match="Summoning Units 2") as e:
        su.summon(g, TRAY, f, "BU", take_from=f)  # not from the Space being summoned to
    assert e.value.field == "take_from"


def test_generals_are_never_moved_to_replace_missing_units():
    # Summoning Units 2: "a Unit of the same type (except General Units)".
    g = action(playing())
    with pytest.raises(GameError, match="except|never") as e:
        su.summon(g, TRAY, sid(g, "Mine 1"), "GU", hp=3, take_from=sid(g, "Forest 1"))
    assert e.value.field == "take_from"


def test_destroyed_units_return_to_their_tray_slots_and_a_mineral_slot_pays():
    # Combat 7: destroyed units go back to the Player Tray; a slot's bonus is received (Mineral: gain 1),
    # but not for a converted unit. Summoning took the leftmost units, so the two destroyed fill the burn
    # and mineral slots they left.
    g = action(playing())
    m, hq = sid(g, "Mine 1"), sid(g, "David's Headquarter")
    g = su.summon(g, TRAY, m, "BU", 2).state
    g = su.summon(g, TRAY, m, "BU", 1, converted=True).state
    before = g.sides[0].minerals
    out = su.attack(g, TRAY, m, hq, su.Fighter(S(0, 0, 0), MINE, 0), su.Fighter(S(2, 0, 0), HQ, 0))
    # David deals 2 + 1 (Headquarter) = 3: all three of Tyra's BU destroyed, one of them converted.
    assert su.space(out.state, m).owner is None
    assert out.state.sides[0].minerals == before + 1
    assert any("Burn 1 card" in r for r in out.reasons) and any("converted" in r for r in out.reasons)
    assert su.in_tray(out.state, TRAY, 0, "BU") == 3


def test_burn_a_card_from_the_hand_or_the_discard_pile():
    # Combat 7, Bonuses by Type: Burn 1 card (from your hand or discard pile); Limitations 4: where it goes.
    g = playing()
    hand = g.sides[0].hand
    out = su.burn(g, 0, "hand")
    assert out.state.sides[0].hand == hand - 1 and "Limitations 4" in out.reasons[0]
    assert su.burn(g, 0, "discard").state.sides[0].hand == hand
    empty = replace(g, sides=(replace(g.sides[0], hand=0), g.sides[1]))
    with pytest.raises(GameError, match="no card in hand"):
        su.burn(empty, 0, "hand")


def test_a_destroyed_headquarter_is_not_rebuilt():
    # Building a Base 1 and 4: Base Tokens return to the tray and can be built again; nothing returns the
    # Headquarter (A8, Locations), so a Base later built on its Space is an ordinary Base.
    g = su.choose_first(game(3), 0).state
    for i in range(3):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    g = replace(g, draft=su.Draft(done=True), spaces=g.spaces + (su.Space("s9", "Mine 1", "Mine"),))
    g = action(su.begin(g).state)
    g = su.summon(g, CONTENT, "s9", "BU", 3).state
    hq = sid(g, "David's Headquarter")
    out = su.attack(g, CONTENT, "s9", hq, su.Fighter(S(5, 0, 0), MINE, 0), su.Fighter(S(0, 0, 0), MINE, 0))
    assert any("not rebuilt" in r for r in out.reasons)
    after = su.space(out.state, hq)
    assert after.terrain == "Headquarter" and not after.headquarter and after.base == 0
    assert su.bases(out.state, 1) == 0


# -- issue 20: the map's adjacency, damage outside combat, the squad limit, the Income order, rounds ------------

def mapped() -> su.Game:
    """The same draft, every tile laid on the drawn map at the first open hex the page offers."""
    g = su.choose_first(game(), 0).state
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    for shown, picks in ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"), ("Forest", "Lagoon", "Desert", "Plateau")),
                         (("Mine", "Mine", "Forest", "Desert", "Plateau"), ("Mine", "Mine", "Forest", "Desert"))):
        g = su.show_tiles(g, CONTENT, shown).state
        for t in picks:
            g = su.place_tile(g, CONTENT, t, t == "Plateau", su.open_spots(g, su.placer(g))[0]).state
    return action(su.next_step(g).state)


def test_tiles_go_next_to_the_tiles_down_and_spaces_touch_as_hexes():
    g = mapped()
    assert all(s.at is not None for s in g.spaces)
    forest, tyra_hq, david_hq = sid(g, "Forest 1"), sid(g, "Tyra's Headquarter"), sid(g, "David's Headquarter")
    assert {tyra_hq, david_hq} <= set(su.adjacent(g, forest))
    assert tyra_hq not in su.adjacent(g, david_hq)
    for s in g.spaces:  # adjacency is symmetric
        assert all(s.id in su.adjacent(g, n) for n in su.adjacent(g, s.id))
    g2 = su.show_tiles(su.choose_faction(su.choose_faction(su.choose_first(game(), 0).state, CONTENT, 0, "Scarab").state,
                                         CONTENT, 1, "Noah's Ark").state, CONTENT, ("Forest",) * 5).state
    with pytest.raises(GameError, match="next to a tile already on the map") as e:
        su.place_tile(g2, CONTENT, "Forest", False, (5, 5))
    assert e.value.field == "at"


def test_moves_and_attacks_go_to_adjacent_spaces_only():
    # C1: "Move all or part of the Squad to an adjacent Space"; C2: "Attack opponents in an adjacent Space".
    g = mapped()
    tyra_hq, david_hq = sid(g, "Tyra's Headquarter"), sid(g, "David's Headquarter")
    far = next(s.id for s in g.spaces if s.id not in su.adjacent(g, tyra_hq) and s.id != tyra_hq and s.owner is None)
    g = su.summon(g, CONTENT, tyra_hq, "BU", 2).state
    with pytest.raises(GameError, match="not adjacent.*C1. Move") as e:
        su.move(g, CONTENT, tyra_hq, far, None, discard=2)
    assert e.value.field == "to"
    with pytest.raises(GameError, match="not adjacent.*C2. Attack") as e:
        su.attack(g, CONTENT, tyra_hq, david_hq, *example_fighters())
    assert e.value.field == "target"


def test_plasma_shower_deals_true_damage_that_no_defend_reduces():
    # Plasma Shower (Exhaust Tokens example): True Damage (unblockable) to a Squad, by 2 Elite dice rolled.
    g = action(playing())
    m = sid(g, "Mine 1")
    g = su.summon(g, CONTENT, m, "BU", 2).state
    g = su.summon(g, CONTENT, m, "EU", 1).state
    out = su.true_damage(g, CONTENT, m, 3, "Plasma Shower")
    s = su.space(out.state, m)
    assert [u.kind for u in s.units] == ["EU"]  # 2 BU destroyed (1 HP each); 1 Damage left on the EU (2 HP)
    assert "Plasma Shower: 3 True Damage" in out.description and "unblockable" in out.reasons[0]
    out = su.true_damage(out.state, CONTENT, m, 2, "General's ability")
    assert su.space(out.state, m).units == () and su.space(out.state, m).owner is None


def test_true_damage_never_hits_bases_nor_squads_in_the_forest():
    # Building a Base: a Base "does not take damage from True Damage effects"; Locations, Forest: Hidden Space.
    g = action(playing())
    hq, f = sid(g, "Tyra's Headquarter"), sid(g, "Forest 1")
    g = su.summon(g, CONTENT, hq, "BU", 1).state
    out = su.true_damage(g, CONTENT, hq, 5)
    assert su.space(out.state, hq).base == su.BASE_HP and su.space(out.state, hq).units == ()
    assert any("Bases do not take damage from True Damage" in r for r in out.reasons)
    with pytest.raises(GameError, match="no Squad"):
        su.true_damage(out.state, CONTENT, hq, 1)
    hidden = replace(CONTENT, terrains=tuple(replace(t, hidden=True) if t.name == "Forest" else t
                                             for t in CONTENT.terrains))
    g = su.summon(g, CONTENT, f, "BU", 1).state
    with pytest.raises(GameError, match="Forest cannot take damage from effects outside of combat"):
        su.true_damage(g, hidden, f, 1)


def test_a_card_removes_units_back_to_the_tray_without_a_bonus():
    g = action(playing())
    m = sid(g, "Mine 1")
    g = su.summon(g, CONTENT, m, "BU", 3).state
    out = su.remove_units(g, m, {"BU": 2}, "Purge")
    assert [u.kind for u in su.space(out.state, m).units] == ["BU"] and "Purge removed 2 BU" in out.description
    with pytest.raises(GameError, match="has 1 BU"):
        su.remove_units(out.state, m, {"BU": 2})


def test_a_squad_over_6_returns_the_excess_to_the_tray():
    # Limitations 2: "If the number of units exceeds this limit, remove the excess units and return them to the
    # Player Tray. Bonuses from the Player Tray are not gained in this situation."
    g = action(playing())
    m, d = sid(g, "Mine 1"), sid(g, "Desert 1")
    g = su.summon(g, CONTENT, m, "BU", 5).state
    out = su.summon(g, CONTENT, m, "EU", 2, excess=True)
    assert len(su.space(out.state, m).units) == 6 and "1 over 6 stay on the Player Tray" in out.description
    g = su.summon(out.state, CONTENT, d, "BU", 2).state
    before = g.sides[0].minerals
    out = su.move(g, CONTENT, d, m, None, excess=True)
    assert len(su.space(out.state, m).units) == 6 and su.space(out.state, d).units == ()
    assert any("2 BU returned to the Player Tray, with no tray bonus (Limitations 2)" in r for r in out.reasons)
    assert out.state.sides[0].minerals == before


def test_the_income_phase_reads_restore_gain_income_in_the_rulebooks_order():
    g = action(playing())
    out = su.next_step(g)
    text = " ".join(out.reasons)
    assert text.index("3.2 Gain") < text.index("3.3 Income")
    step = su.current_step(out.state).instruction
    assert step.index("3.1 Restore") < step.index("3.2") < step.index("3.3 Income")


def test_round_counts_rounds_not_turns():
    g = playing()
    assert su.current_step(g).round == 1
    for _ in range(3):
        g = step(g)  # Tyra: Action, Income, end of turn
    assert g.turn == 1 and su.current_step(g).round == 1  # David's turn: still round 1
    for _ in range(3):
        g = step(g)
    assert g.turn == 0 and su.current_step(g).round == 2


def test_the_tiles_offered_are_the_ones_the_placer_may_place_and_a_plateau_goes_high():
    # Issue 29 (only legal choices offered): B3, the 5 shown less those placed; C3, the placer's own hand; C5, any
    # tile of the mix for the last random one. B4: a Plateau always on the highest Terrain Tray.
    g = su.choose_first(game(), 0).state
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    assert su.tile_choices(g, CONTENT) == ()  # nothing shown yet (B2)
    g = su.show_tiles(g, CONTENT, ("Forest", "Mine", "Mine", "Plateau", "Lagoon")).state
    assert su.tile_choices(g, CONTENT) == ("Forest", "Mine", "Plateau", "Lagoon")
    g = su.place_tile(g, CONTENT, "Forest", False).state
    assert su.tile_choices(g, CONTENT) == ("Mine", "Plateau", "Lagoon")
    assert su.must_be_high(CONTENT, "Plateau") and not su.must_be_high(CONTENT, "Mine")
    for t in su.tile_choices(g, CONTENT):  # each offered tile is placed, high where it must be
        su.place_tile(g, CONTENT, t, su.must_be_high(CONTENT, t))

    g = su.choose_first(game(3), 0).state
    for i in su.seat_order(g):
        g = su.choose_faction(g, CONTENT, i, CONTENT.factions[i]).state
    g = su.draw_hands(g, CONTENT, {0: ("Forest", "Forest", "Mine"), 1: ("Lagoon", "Desert", "Mine"),
                                   2: ("Desert", "Plateau", "Mine")}).state
    assert su.tile_choices(g, CONTENT) == ("Forest", "Mine")  # Tyra's own tiles (C3)
    while su.placer(g) is not None:
        g = su.place_tile(g, CONTENT, su.tile_choices(g, CONTENT)[0], True).state
    assert set(su.tile_choices(g, CONTENT)) == set(CONTENT.tiles())  # C5: the random last tile, any of the mix


def test_a_base_is_offered_only_where_one_may_be_built():
    # Building a Base 1: on a Space with the player's units, one Base a Space, 3 Base Tokens (A3).
    g = action(playing())
    forest, mine = sid(g, "Forest 1"), sid(g, "Mine 1")
    g = su.summon(g, CONTENT, forest, "BU", 1).state
    g = su.summon(g, CONTENT, mine, "BU", 1).state
    assert [s.id for s in su.base_choices(g)] == [x.id for x in g.spaces if x.id in (forest, mine)]
    g = su.build_base(g, forest).state
    assert [s.id for s in su.base_choices(g)] == [mine]


# -- a card typed once (issue 34): remembered as typed, then played by name -----------------------------------

def test_a_card_played_twice_in_a_game_is_typed_once():
    g = action(playing())  # Tyra: 3 cards, 2 Minerals (A9)
    out = su.play_card(g, "  Drill ", 1, continue_cost=1)
    g = out.state
    assert g.known_cards == (su.KnownCard("Drill", 1, 1),)
    for _ in range(2):  # Tyra's Income, David's Upkeep
        g = step(g)
    g = action(g)  # David's Action Phase: 5 cards, 4 Minerals
    again = su.play_known(g, "drill")  # by name alone, spelt as it comes
    s = again.state.sides[1]
    assert (s.hand, s.minerals) == (4, 3) and s.continuing == (su.ContinueCard("Drill", 1, g.turn_no),)
    assert again.description == "David played Drill for 1 Mineral"
    assert "Continue card" in again.reasons[0] and again.reasons[-1] == "Its costs as typed before: 1 Mineral, Continue 1."
    assert again.state.known_cards == g.known_cards  # nothing typed, nothing changed
    plain = su.play_known(su.play_card(g, "Reinforcement", 2).state, "Reinforcement").state
    assert plain.sides[1].minerals == 0 and plain.sides[1].continuing == ()
    assert [c.name for c in plain.known_cards] == ["Drill", "Reinforcement"]  # in the order first typed


def test_the_latest_typing_of_a_card_wins_and_a_card_without_a_name_is_not_kept():
    g = action(playing())
    g = su.adjust(g, 0, "minerals", 5).state
    g = su.play_card(g, "Drill", 1, continue_cost=1).state
    retyped = su.play_card(g, "drill", 2)
    assert retyped.state.known_cards == (su.KnownCard("drill", 2, None),)
    assert "drill's costs as typed now replace those typed before (1 Mineral, Continue 1)." in retyped.reasons
    same = su.play_card(g, "Drill", 1, continue_cost=1)
    assert same.state.known_cards == g.known_cards and len(same.reasons) == 1
    assert su.play_card(g, "   ", 0).state.known_cards == g.known_cards


def test_playing_a_card_by_name_is_refused_as_playing_it_typed_would_be():
    g = action(playing())
    with pytest.raises(GameError) as e:
        su.play_known(g, "Drill")
    assert e.value.field == "card" and "has not been played in this game" in e.value.message
    g = su.play_card(g, "First Base", 2).state  # Tyra has no Mineral left
    with pytest.raises(GameError) as e:
        su.play_known(g, "First Base")
    assert e.value.field == "card" and "cannot pay Minerals" in e.value.message and "Tyra has 0" in e.value.message
    g = su.adjust(su.adjust(g, 0, "hand", -2).state, 0, "minerals", 2).state
    with pytest.raises(GameError, match="no card in hand"):
        su.play_known(g, "First Base")
    with pytest.raises(GameError) as e:
        su.play_known(su.next_step(g).state, "First Base")  # the Income Phase
    assert e.value.field == "phase"


def test_the_cards_played_are_stored_with_the_game_and_older_games_load_without_them():
    g = su.play_card(action(playing()), "Drill", 1, continue_cost=1).state
    doc = su.to_dict(g)
    assert doc["known_cards"] == [{"name": "Drill", "cost": 1, "continue_cost": 1}]
    assert su.from_dict(doc) == g
    del doc["known_cards"]  # a game stored before cards were remembered
    assert su.from_dict(doc).known_cards == ()
    assert "known_cards" not in su.to_dict(action(playing()))  # written only once a card was played


# -- issue 38: a roll entered as counts after a re-roll, what is typed once offered again, the combat's log line ----

def _four_against_three():
    """Tyra's 3 BU in the Mine attack David's 3 BU in the Lagoon, on a Higher Terrain Tray: 4 dice against 3."""
    g = action(playing())
    m, l = sid(g, "Mine 1"), sid(g, "Lagoon 1")
    g = su.summon(g, CONTENT, m, "BU", 3).state
    g = action(step(step(g)))
    g = su.summon(g, CONTENT, l, "BU", 3).state
    return action(step(step(g))), m, l


def test_a_roll_entered_after_the_one_re_roll_of_a_higher_tray():
    # Combat 1: "Any faction participating in the combat on a Higher Terrain Tray can reroll a die once." A roll
    # entered as counts is the one after the re-roll; only the side on a higher tray may say it re-rolled.
    g, m, l = _four_against_three()
    assert su.combat_dice(g, m, True) == ("basic",) * 3 + ("attacker",) and len(su.combat_dice(g, l, False)) == 3
    out = su.attack(g, CONTENT, m, l, su.Fighter(S(3, 1, 0), MINE, 0), su.Fighter(S(1, 2, 0), LAGOON, 0, rerolled=True))
    assert any("re-rolled one die: the roll entered is the one after it (Combat 1)" in r for r in out.reasons)
    with pytest.raises(GameError) as e:
        su.attack(g, CONTENT, m, l, su.Fighter(S(3, 1, 0), MINE, 0, rerolled=True), su.Fighter(S(1, 2, 0), LAGOON, 0))
    assert e.value.field == "attacker_reroll" and "Higher Terrain Tray" in e.value.message and "Combat 1" in e.value.message


def test_the_combats_log_line_names_the_dice_the_rolls_the_damage_and_the_losses_of_each_side():
    # The log says what the combat did in the game's words (issue 38): each side's dice (Combat 1), its roll, its
    # Tactic cards (Combat 2-4), the Damage it takes less its V (Combat 5) and the units destroyed (Combat 6-7).
    g, m, l = _four_against_three()
    out = su.attack(g, CONTENT, m, l, su.Fighter(S(3, 1, 1), MINE, 0, tactic=(su.TacticCard("Ambush", 1),)),
                    su.Fighter(S(1, 2, 0), LAGOON, 0, rerolled=True))
    line = out.description
    assert line.startswith("Tyra attacked Lagoon 1 from Mine 1 (Combat 1-7): ")
    assert "the attacker (Tyra, Mine 1) rolled 3 Basic Dice and the Attack Die: 3 Damage, 1 V, 1 T, Tactic card Ambush" in line
    assert "the defender (David, Lagoon 1) rolled 3 Basic Dice: 1 Damage, 2 V, 0 T, one die re-rolled" in line
    # the Lagoon sets David's V to 0 (Locations: Lagoon): 4 Damage destroy his 3 BU; Tyra takes 1 − 1 = 0
    assert "the attacker takes 1 Damage − 1 V = 0: no unit destroyed" in line
    assert "the defender takes 4 Damage − 0 V = 4: 3 BU destroyed" in line
    assert out.state.combat[0] == line


def test_a_tactic_card_typed_once_is_offered_again_with_its_effect():
    # Combat 2-4: each Tactic card is entered with its name and effect; played once in a game, it is kept as typed
    # (the latest typing wins) and found again by its name, any case and spacing (issue 38).
    g, m, l = _four_against_three()
    assert g.known_tactics == ()
    out = su.attack(g, CONTENT, m, l, su.Fighter(S(3, 0, 2), MINE, 0, tactic=(
        su.TacticCard("Ambush", 2), su.TacticCard("Tactic card 2", 1))), su.Fighter(S(0, 1, 1), LAGOON, 0, tactic=(
            su.TacticCard("Brace", defend=3, ignore_terrain=True),)))
    assert out.state.known_tactics == (su.TacticCard("Ambush", 2), su.TacticCard("Brace", 0, 3, True))  # unnamed: not kept
    assert su.known_tactic(out.state, "  brace ") == su.TacticCard("Brace", 0, 3, True)
    with pytest.raises(GameError) as e:
        su.known_tactic(out.state, "Feint", "defender_card1_known")
    assert e.value.field == "defender_card1_known" and "Combat 2-4" in e.value.message


def test_a_general_typed_once_is_summoned_again_by_name_with_its_hp():
    # Limitations 3: a General's HP is on its GU card; typed with its name once in a game, the name alone brings
    # the HP back (issue 38); typing it again corrects it.
    g = action(playing())
    f = sid(g, "Forest 1")
    g = su.summon(g, CONTENT, f, "GU", hp=4, name=" Kael   Voss ").state
    assert g.known_generals == (su.Unit("GU", 4, "Kael Voss"),)
    g = su.remove_units(g, f, {"GU": 1}).state
    out = su.summon(g, CONTENT, f, "GU", name="kael voss")
    assert su.space(out.state, f).units == (su.Unit("GU", 4, "Kael Voss"),)
    assert any("Kael Voss's HP as typed before: 4" in r for r in out.reasons)
    g = su.summon(su.remove_units(out.state, f, {"GU": 1}).state, CONTENT, f, "GU", hp=5, name="Kael Voss").state
    assert g.known_generals == (su.Unit("GU", 5, "Kael Voss"),)
    with pytest.raises(GameError, match="General's HP") as e:
        su.summon(g, CONTENT, f, "GU", name="Nobody")
    assert e.value.field == "hp"

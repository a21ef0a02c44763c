"""Aldarra Reborn rules (aldarra-reborn-rulebook.txt): the Blue vs Red combat example (p.10), the end of the
game (p.13-14), turn order (p.8), set-up, crystals, orders, the Management Phase. Pure: no app, no database."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games import aldarra as al
from companion.games.frame import Die, Face, GameError, Player


def stats(dice, armor, coins=2, crystals=0):
    return al.Stats(tuple(dice.items()), armor, coins, crystals)


# The example of p.10 fixes a Frigate's armor at 1 and the Destroyer's and Engineers' at 2; the Light Step has
# Frigates (1 green die each) and the Destroyer (1 pink die); Engineers roll 1 green die in the Heavy Step.
CARDS = (
    al.UnitCard("Frigate", "light", stats({"green": 1}, 1), stats({"green": 1}, 2)),
    al.UnitCard("Destroyer", "light", stats({"pink": 1}, 2, 4), stats({"pink": 2}, 2, 4)),
    al.UnitCard("Engineer", "heavy", stats({"green": 1}, 2), stats({"green": 1}, 3)),
    al.UnitCard("Cruiser", "heavy", stats({"blue": 2}, 3, 6), stats({"blue": 2}, 3, 6)),
    al.UnitCard("Dreadnought", "heavy", stats({"blue": 3}, 5, 10, 1), stats({"blue": 3}, 5, 10, 1)),
    al.UnitCard("Fortress", "building", stats({"blue": 2}, 4, 8), stats({"blue": 2}, 4, 8)),
    al.UnitCard("Outpost", "building", stats({"green": 1}, 2, 4), stats({"green": 1}, 2, 4)),
)


def die(name, faces):
    return Die(name, tuple(Face(f"{v}{'*' if x else ''}", v, x) for v, x in faces))


DICE = (die("green", [(0, 0)] * 4 + [(1, 0)] * 3 + [(1, 1)]),
        die("pink", [(0, 0), (0, 0), (1, 0), (1, 0), (1, 0), (2, 0), (2, 0), (1, 1)]),
        die("blue", [(0, 0), (1, 0), (1, 0), (2, 0), (2, 0), (3, 0), (2, 1), (3, 1)]))
CONTENT = al.Content(CARDS, DICE, (al.BuyOption("coins", 10, 1), al.BuyOption("crystals", 3, 1),
                                   al.BuyOption("crystals", 5, 3)), ())
ANN, BOB, CY, DI = 0, 1, 2, 3


def picks_made(g: al.Game) -> al.Game:
    """The mandatory picks of the step the game is at (p.13): each player draws 1 Secondary Objective, or
    takes a Discovery (one new to them: the pick is mandatory), in turn order; other steps unchanged."""
    for who in g.turn_order:
        if g.step == 3 and al.may_draw(g, who):
            g = al.draw_objectives(g, who, 0).state
        elif g.step == 4 and al.discoverer(g) == who:
            g = al.take_discovery(g, CONTENT, who, f"Discovery {g.round}.{who}", None).state
    return g


def board(kinds: dict[str, str] | None = None, n=39) -> tuple[al.Tile, ...]:
    kinds = kinds or {}
    ids = [f"{chr(65 + i // al.WIDTH)}{i % al.WIDTH + 1}" for i in range(n)]
    return tuple(al.Tile(i, kinds.get(i, "Copper Deposit")) for i in ids)


def game(phase="expansion", step=0, factions=("Odarian Empire", "Cin'dar Empire", "Mining Corp Coalition"),
         units=(), kinds=None, strongholds=None, **kw) -> al.Game:
    ps = tuple(Player(n, c, f) for n, c, f in zip(("Ann", "Bob", "Cy", "Di"), ("blue", "red", "green", "yellow"),
                                                  factions))
    tiles = board(kinds, 39 if len(ps) == 3 else 49)
    for seat, at in (strongholds or {}).items():
        tiles = tuple(replace(t, stronghold=seat) if t.id == at else t for t in tiles)
    g = al.Game(players=ps, sides=tuple(al.Side() for _ in ps), tiles=tiles, stage="play", round=1, phase=phase,
                step=step, turn_order=tuple(range(len(ps))), units=tuple(al.Units(*u) for u in units))
    return replace(g, **kw)


# -- the combat example (p.10): Blue attacks Red --------------------------------------------------------

def test_rulebook_combat_example_blue_against_red_in_two_steps():
    # p.10: Blue (2 Frigates and a heavy unit rolling 2 blue dice) attacks Red (1 Destroyer, 2 Engineers).
    g = game(units=(("D4", ANN, "Frigate", 2), ("D4", ANN, "Cruiser", 1),
                    ("D4", BOB, "Destroyer", 1), ("D4", BOB, "Engineer", 2)), order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    # Light Step: Blue rolls 2 green dice (one per Frigate), Red 1 pink die (its Destroyer); 1 hit each.
    assert al.dice_pool(g, CONTENT, g.combat, ANN) == {"green": 2}
    assert al.dice_pool(g, CONTENT, g.combat, BOB) == {"pink": 1}
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((1,), (0,))}, BOB: {"pink": ((1,),)}}).state
    assert g.combat.pending == ((ANN, 1), (BOB, 1))
    # Blue's 1 damage on the Destroyer does not meet its armor: no effect, it repairs.
    g = al.assign(g, CONTENT, BOB, "Destroyer").state
    assert al.count(g, "D4", BOB, "Destroyer") == 1
    # Red's hit destroys a Frigate and Blue collects 1 coin.
    g = al.assign(g, CONTENT, ANN, "Frigate").state
    assert al.count(g, "D4", ANN, "Frigate") == 1 and g.sides[ANN].coins == 1
    assert g.combat.step == "heavy"
    # Heavy and Buildings Step: Blue's 2 blue dice, one explodes and is re-rolled: 6 hits; Red 1 hit on 2 green.
    assert al.dice_pool(g, CONTENT, g.combat, BOB) == {"green": 2}
    out = al.combat_roll(g, CONTENT, {ANN: {"blue": ((2, 1), (3,))}, BOB: {"green": ((1,), (0,))}})
    g = out.state
    assert g.combat.pending == ((ANN, 6), (BOB, 1))
    assert "blue 2*+1 3 = 6" in out.description
    for kind in ("Destroyer", "Engineer", "Engineer"):
        g = al.assign(g, CONTENT, BOB, kind).state
    assert al.units_at(g, "D4", BOB) == ()
    assert g.sides[BOB].coins == 3  # Red collects 3 coins for its 3 airships
    g = al.assign(g, CONTENT, ANN, "Frigate").state
    assert g.sides[ANN].coins == 2  # Blue 1 more for its second Frigate
    # Only Blue remains: the combat is over and the Attacker earns 1 VP (p.11).
    assert g.combat is None and g.sides[ANN].vp == 1
    assert any("earns 1 VP" in line for line in g.last_combat)


def test_an_exploding_die_must_be_rolled_again_and_faces_must_exist():
    # p.10-11: a * face adds its number and the die is rolled again.
    green = CONTENT.die("green")
    assert al.chain_hits(green, (1, 1, 0)) == 2
    with pytest.raises(GameError, match=r"no face 0\*"):
        al.chain_hits(green, (0, 1))  # only a * face is rolled again
    with pytest.raises(GameError, match=r"no face 3"):
        al.chain_hits(green, (3,))


def combat_ann_bob(**kw):
    g = game(units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Frigate", 1)), order=al.Order(ANN, "D4"), **kw)
    return al.start_combat(g, "D4").state


def test_each_combat_log_line_names_its_dice_hits_damage_and_retreats_with_the_page():
    # The log says what each step of a combat did in the game's words (issue 38): each player's dice and hits
    # (p.10-11), each unit's damage against its armor (p.10), and each retreat or stay (p.11).
    g = combat_ann_bob()
    out = al.combat_roll(g, CONTENT, {ANN: {"green": ((1,),)}, BOB: {"green": ((0,),)}})
    assert out.description.startswith("Light Step (round 1): ") and out.description.endswith("(p.10-11)")
    assert "green 1 = 1 → 1 hit" in out.description and "no dice" not in out.description
    out = al.assign(out.state, CONTENT, BOB, "Frigate")
    assert out.description.endswith("(p.10)") and "Bob's Frigate (armor" in out.description
    g = combat_ann_bob()
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)}}).state
    g = al.combat_roll(g, CONTENT, {}).state
    out = al.retreat(g, ANN, None)
    assert out.description == "Ann stays (p.11)"
    assert out.state.last_combat[-1] == "Ann stays (p.11)"


def test_a_round_without_losses_adds_a_green_escalation_die_rolled_from_round_2():
    g = combat_ann_bob()
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)}}).state
    g = al.combat_roll(g, CONTENT, {}).state  # nobody has heavy units: no dice, no hits
    assert g.combat.step == "retreat"
    g = al.retreat(g, ANN, None).state
    out = al.retreat(g, BOB, None)
    g = out.state
    # p.11: no unit destroyed this round: a Green Die joins the Escalation Dice Pool.
    assert (g.combat.round, g.combat.escalation) == (2, 1)
    with pytest.raises(GameError) as e:
        al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)}})
    assert e.value.field == "escalation"
    # p.10: the escalation hits are added to each player's sum.
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)}}, ((1,),)).state
    assert g.combat.pending == ((ANN, 1), (BOB, 1))


def test_the_attacker_retreats_first_to_an_adjacent_territory_without_enemies():
    g = combat_ann_bob()
    g = replace(g, units=g.units + (al.Units("D5", BOB, "Frigate", 1),))
    for _ in range(2):
        g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)}} if _ == 0 else {}).state
    with pytest.raises(GameError, match="Attacker chooses first"):
        al.retreat(g, BOB, None)
    with pytest.raises(GameError, match="does not contain enemy Units"):
        al.retreat(g, ANN, "D5")
    out = al.retreat(g, ANN, "D3")
    # Bob alone holds D4: the combat is over and the Defender earns no VP (p.14).
    assert out.state.combat is None and out.state.sides[BOB].vp == 0 and out.state.sides[ANN].vp == 0
    assert al.count(out.state, "D3", ANN, "Frigate") == 1


def test_buildings_do_not_retreat_and_delayed_light_units_attack_in_the_heavy_step():
    g = game(units=(("D4", ANN, "Frigate", 2), ("D4", BOB, "Outpost", 1), ("D4", BOB, "Frigate", 1)),
             order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    g = al.delay_light(g, BOB).state
    assert al.dice_pool(g, CONTENT, g.combat, BOB) == {}
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,), (0,))}}).state
    assert al.dice_pool(g, CONTENT, g.combat, BOB) == {"green": 2}  # Outpost + the delayed Frigate (p.10)
    g = al.combat_roll(g, CONTENT, {BOB: {"green": ((0,), (0,))}}).state
    g = al.retreat(g, ANN, None).state
    g = al.retreat(g, BOB, "D5").state
    assert al.count(g, "D4", BOB, "Outpost") == 1 and g.combat.round == 2


def test_three_players_roll_together_and_assign_in_turn_order():
    # p.11: more than 2 players roll simultaneously in each step and assign damage in turn order.
    g = game(units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Frigate", 1), ("D4", CY, "Frigate", 1)),
             order=al.Order(CY, "D4"), turn_order=(CY, ANN, BOB))
    g = al.start_combat(g, "D4").state
    assert g.combat.seats == (CY, ANN, BOB)
    g = al.combat_roll(g, CONTENT, {s: {"green": ((1,),)} for s in (ANN, BOB, CY)}).state
    assert [d for d, _ in g.combat.pending] == [CY, ANN, BOB]
    with pytest.raises(GameError, match="no Frigate"):
        al.assign(g, CONTENT, CY, "Frigate")  # Cy assigns first, and not to itself
    g = al.assign(g, CONTENT, ANN, "Frigate").state
    g = al.assign(g, CONTENT, CY, "Frigate").state  # Ann's Frigate rolled before it was destroyed
    # Bob has nobody left to hit and holds the territory alone: the combat is over.
    assert g.combat is None and g.sides[CY].vp == 0


def test_a_fortress_fires_into_an_adjacent_combat_and_its_owner_rolls_and_assigns_in_turn_order():
    # p.11, Combats with more than 2 players: "Combat with more than 2 players can occur in a few ways, including
    # Destroyers joining a combat or Fortresses firing into an adjacent combat. If this happens, all players roll
    # simultaneously during each Combat Step. Assign damage in turn order."
    g = game(units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Engineer", 1), ("D5", CY, "Fortress", 1),
                    ("A1", CY, "Fortress", 1)), order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    assert al.fortress_fire_options(g) == ((CY, "D5"),)  # A1 is not next door
    with pytest.raises(GameError, match="no Fortress on A1 next to the combat"):
        al.fortress_fire(g, CY, "A1")
    g = al.fortress_fire(g, CY, "D5").state
    assert g.combat.seats == (ANN, BOB, CY) and "Fortress on D5 fires" in g.last_combat[-1]
    assert al.dice_pool(g, CONTENT, g.combat, CY) == {}  # a Building attacks in the Heavy and Buildings Step
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}}).state
    assert al.dice_pool(g, CONTENT, g.combat, CY) == {"blue": 2}  # the Fortress card's dice
    with pytest.raises(GameError, match="before the Light Step of a round is rolled"):
        al.fortress_fire(g, CY, "D5")
    g = al.combat_roll(g, CONTENT, {BOB: {"green": ((0,),)}, CY: {"blue": ((1,), (1,))}}).state
    assert [d for d, _ in g.combat.pending] == [CY]
    assert {(u.owner, u.kind) for u in al.targets(g, CY)} == {(ANN, "Frigate"), (BOB, "Engineer")}
    g = al.assign(g, CONTENT, BOB, "Engineer").state  # Cy's 2 hits destroy Bob's Engineer (armor 2)
    assert g.combat is None and g.sides[ANN].vp == 1 and al.count(g, "D5", CY, "Fortress") == 1


def test_destroyers_join_a_combat_from_next_door_before_the_light_step():
    # p.11: "Destroyers joining a combat" makes a combat of more than 2 players: all roll together.
    g = game(units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Frigate", 1), ("C4", CY, "Destroyer", 2),
                    ("D4", CY, "Frigate", 4), ("A1", CY, "Destroyer", 1)), order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    assert al.destroyer_join_options(g) == ((CY, "C4", 2),)
    with pytest.raises(GameError, match="not next to the combat"):
        al.destroyer_join(g, CY, "A1", 1)
    with pytest.raises(GameError, match="Stacking Limit"):
        al.destroyer_join(g, CY, "C4", 2)  # 4 Frigates + 2 = 6 airships
    g = al.destroyer_join(g, CY, "C4", 1).state
    assert al.count(g, "D4", CY, "Destroyer") == 1 and al.count(g, "C4", CY, "Destroyer") == 1
    assert al.dice_pool(g, CONTENT, g.combat, CY) == {"green": 4, "pink": 1}
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,),)}, BOB: {"green": ((0,),)},
                                    CY: {"green": ((0,),) * 4, "pink": ((0,),)}}).state
    with pytest.raises(GameError, match="before the Light Step of a round is rolled"):
        al.destroyer_join(g, CY, "C4", 1)


def test_the_syndicate_takes_hostages_in_a_combat_it_started_and_owners_still_collect_coins():
    g = game(factions=("Arrodan Syndicate", "Cin'dar Empire", "Odarian Empire"),
             units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Frigate", 1)), order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((1,),)}, BOB: {"green": ((0,),)}}).state
    g = al.assign(g, CONTENT, BOB, "Frigate").state
    assert g.sides[ANN].hostages == ((BOB, "Frigate", 1),) and g.sides[BOB].coins == 1
    assert al.in_supply(g, BOB, "Frigate") == al.PIECES["Frigate"] - 1  # held, not back in the supply
    g = replace(g, phase="management", step=5, combat=None, order=None, sides=tuple(
        replace(s, coins=5) for s in g.sides))
    g = al.ransom(g, BOB).state
    assert g.sides[BOB].coins == 1 and g.sides[ANN].coins == 9 and g.sides[ANN].hostages == ()


# -- end of game (p.13-14) -----------------------------------------------------------------------------

def at_check_win(vps, turn_order=(0, 1, 2)):
    g = game("management", 2, turn_order=turn_order)
    return replace(g, sides=tuple(replace(s, vp=v) for s, v in zip(g.sides, vps)))


def test_the_game_ends_at_check_win_when_anyone_has_20_and_most_vp_wins():
    # p.14: the game ends if any player has 20+ VP during the Check step; the most VP wins.
    out = al.next_step(at_check_win((20, 22, 5)))
    assert out.state.stage == "over" and out.state.verdict.winner == BOB


def test_a_tie_at_the_end_goes_to_the_tied_player_earliest_in_turn_order():
    # p.14: if there is a tie, the tied player earliest in the turn order wins.
    out = al.next_step(at_check_win((21, 21, 3), turn_order=(2, 1, 0)))
    assert out.state.verdict.winner == BOB
    assert any("earliest in the turn order" in line for line in out.state.verdict.how)


def test_19_vp_at_check_win_does_not_end_the_game():
    out = al.next_step(at_check_win((19, 18, 0)))
    assert out.state.stage == "play" and out.state.step == 3


def test_20_vp_reached_outside_check_win_waits_for_the_next_management_phase():
    # p.13: reaching 20 during the Secondary Objectives step does not end the game until the next Check Win.
    g = replace(at_check_win((18, 0, 0)), step=3)
    g = al.claim_objective(g, ANN, 3).state
    assert g.sides[ANN].vp == 21 and g.stage == "play"
    for _ in range(2):
        g = al.next_step(picks_made(g)).state  # Discovery, Build
    g = replace(g, chooser=3)
    g = al.next_step(g).state  # the next round
    assert g.stage == "play" and g.phase == "preparation" and g.round == 2
    # p.14: Victory Points can be earned during all phases, but 20 is only checked in the Management Phase.
    g = replace(g, phase="management", step=2)
    assert al.next_step(g).state.verdict.winner == ANN


def test_victory_points_are_never_lost():
    with pytest.raises(GameError, match="permanent"):
        al.adjust(game(), ANN, "vp", -1)


# -- turn order (p.8) -----------------------------------------------------------------------------------

def test_turn_order_is_chosen_from_fewest_vp_and_ties_go_to_the_earlier_player():
    g = game("preparation", 0, round=2, turn_order=(2, 0, 1), new_order=(-1, -1, -1))
    g = replace(g, sides=(replace(g.sides[0], vp=3), replace(g.sides[1], vp=1), replace(g.sides[2], vp=3)))
    # Bob has fewest; Cy and Ann tie at 3 and Cy was earlier in the turn order.
    assert al.choosing_order(g) == (BOB, CY, ANN)
    with pytest.raises(GameError, match="Bob's turn"):
        al.choose_position(g, ANN, 0)
    g = al.choose_position(g, BOB, 0).state
    with pytest.raises(GameError, match="taken"):
        al.choose_position(g, CY, 0)
    g = al.choose_position(g, CY, 2).state
    g = al.choose_position(g, ANN, 1).state
    assert g.turn_order == (BOB, ANN, CY)


def test_the_turn_order_is_not_chosen_in_the_first_round():
    g = game("preparation", 0, round=1, new_order=(-1, -1, -1))
    with pytest.raises(GameError, match="first round"):
        al.choose_position(g, ANN, 0)
    assert al.next_step(g).state.step == 1


# -- set-up and the Arrival (p.5-8) ------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4])
def test_set_up_deals_the_tile_table_random_dashboards_and_2_objectives(n):
    ps = tuple(Player(f"P{i}", c) for i, c in zip(range(n), ("red", "blue", "green", "yellow")))
    g = al.new_game(ps, random.Random(n))
    assert len(g.tiles) == sum(al.TILES[n].values())
    assert {t.kind: sum(1 for x in g.tiles if x.kind == t.kind) for t in g.tiles} == al.TILES[n]
    assert len({p.faction for p in g.players}) == n and all(p.faction in al.FACTIONS for p in g.players)
    assert all(s.objectives == 2 for s in g.sides)
    assert sorted(g.turn_order) == list(range(n))


@pytest.mark.parametrize("n", [2, 5])
def test_only_3_or_4_players(n):
    with pytest.raises(GameError, match="3 or 4 players"):
        al.new_game(tuple(Player(f"P{i}", "red") for i in range(n)))


def test_strongholds_keep_2_tiles_apart_and_off_crystal_deposits():
    g = game("arrival", 0, kinds={"A1": "Crystal Deposit"}, units=())
    with pytest.raises(GameError, match="Crystal Deposit"):
        al.place_stronghold(g, ANN, "A1")
    g = al.place_stronghold(g, ANN, "C3").state
    assert al.count(g, "C3", ANN, "Frigate") == 2 and al.count(g, "C3", ANN, "Engineer") == 1
    with pytest.raises(GameError, match="within 2 tiles"):
        al.place_stronghold(g, BOB, "C5")
    g = al.place_stronghold(g, BOB, "C6").state
    g = al.place_stronghold(g, CY, "F3").state
    # Outposts in reverse turn order (p.8): Cy first.
    with pytest.raises(GameError, match="Cy's turn"):
        al.place_outpost(g, ANN, "A3")
    with pytest.raises(GameError, match="unoccupied"):
        al.place_outpost(g, CY, "C3")


# -- crystals (p.8) ---------------------------------------------------------------------------------------

def spawning():
    g = game("preparation", 1, kinds={"A1": "Crystal Deposit"}, strongholds={ANN: "C3", BOB: "C7", CY: "F3"})
    return al.spawn_roll(g, CONTENT, 2).state


def test_crystals_spawn_on_each_deposit_then_the_blue_dice_hits():
    g = spawning()
    assert al.tile(g, "A1").crystal and g.crystals_left == 2


def test_a_crystal_next_to_its_owners_stronghold_is_refused():
    g = spawning()
    with pytest.raises(GameError, match="adjacent to YOUR Stronghold"):
        al.place_crystal(g, ANN, "C4")
    with pytest.raises(GameError, match="on a Stronghold"):
        al.place_crystal(g, ANN, "C7")
    g = al.place_crystal(g, ANN, "E5").state
    with pytest.raises(GameError, match="already a Crystal"):
        al.place_crystal(g, BOB, "E5")


# -- Expansion (p.9, 12) -------------------------------------------------------------------------------------

def test_a_stack_of_6_airships_is_refused():
    g = game(units=(("D4", ANN, "Frigate", 5), ("D5", ANN, "Frigate", 1)), order=al.Order(ANN, "D4"))
    with pytest.raises(GameError, match="Stacking Limit is 5"):
        al.move(g, CONTENT, "D5", "D4", "Frigate", 1)


def test_the_cindar_have_no_stacking_limit_on_their_stronghold():
    g = game(units=(("D4", BOB, "Frigate", 5), ("D5", BOB, "Frigate", 1)), order=al.Order(BOB, "D4"),
             strongholds={BOB: "D4"}, chooser=1)
    assert al.count(al.move(g, CONTENT, "D5", "D4", "Frigate", 1).state, "D4", BOB, "Frigate") == 6


def test_moves_stop_at_enemy_units_and_mountains_and_keep_their_speed():
    # p.9: never through enemy units (enter and stop), halt on a Mountain; heavy 2, light 3.
    g = game(units=(("A1", ANN, "Frigate", 1), ("A2", BOB, "Frigate", 1), ("B1", BOB, "Frigate", 1)),
             order=al.Order(ANN, "A1"))
    with pytest.raises(GameError, match="cannot reach"):
        al.move(g, CONTENT, "A1", "A3", "Frigate", 1)
    assert al.contested(al.move(g, CONTENT, "A1", "A2", "Frigate", 1).state) == ("A2",)
    g = game(units=(("A1", ANN, "Frigate", 1), ("D4", ANN, "Engineer", 1)), kinds={"A2": "Mountain", "B1": "Mountain"},
             order=al.Order(ANN, "A1"))
    with pytest.raises(GameError, match="cannot reach"):
        al.move(g, CONTENT, "A1", "A3", "Frigate", 1)
    assert al.count(al.move(g, CONTENT, "A1", "A2", "Frigate", 1).state, "A2", ANN, "Frigate") == 1
    g = replace(g, order=al.Order(ANN, "D4"))
    with pytest.raises(GameError, match="heavy airships move up to 2"):
        al.move(g, CONTENT, "D4", "D7", "Engineer", 1)
    assert al.count(al.move(g, CONTENT, "D4", "D6", "Engineer", 1).state, "D6", ANN, "Engineer") == 1


def test_an_explored_territory_is_not_explored_again_and_once_per_order():
    g = game(units=(("D4", ANN, "Frigate", 1), ("D5", ANN, "Frigate", 1)), order=al.Order(ANN, "D4"))
    g = al.explore(g, "D4").state
    with pytest.raises(GameError, match="once per Order"):
        al.explore(g, "D5")
    g = replace(g, order=al.Order(ANN, "D5"))
    with pytest.raises(GameError, match="only be explored once per game"):
        al.explore(g, "D4")


def test_a_sixth_explore_card_in_hand_is_refused():
    g = game(sides=(al.Side(explore_hand=5), al.Side(), al.Side()))
    with pytest.raises(GameError, match="maximum of 5"):
        al.hold_card(g, ANN, 1)


def test_orders_go_round_in_turn_order_until_all_tokens_are_out():
    g = game()
    for who in (ANN, BOB, CY) * 3:
        g = al.place_order(g, who, "A1").state
        g = al.end_order(g).state
    assert all(s.orders == 0 for s in g.sides)
    assert al.next_step(g).state.phase == "management"


# -- Management (p.13, 16) -------------------------------------------------------------------------------

def test_mine_counts_the_stronghold_controlled_territories_and_crystals():
    kinds = {"A1": "Gold Deposit", "A2": "Silver Deposit", "A3": "Forest", "A4": "Mountain", "A5": "Gold Deposit"}
    g = game("management", 0, kinds=kinds, strongholds={ANN: "F1"},
             units=(("A1", ANN, "Frigate", 3), ("A2", ANN, "Frigate", 1), ("A3", ANN, "Outpost", 1),
                    ("A4", ANN, "Frigate", 1), ("A5", ANN, "Frigate", 1), ("A5", BOB, "Frigate", 1)))
    g = replace(g, tiles=tuple(replace(t, crystal=t.id in ("A4", "A6")) for t in g.tiles))
    m = al.mine_report(g, ANN)
    # 10 + gold 3 (units count no matter) + silver 2 + forest 1; A5 is shared, so not controlled.
    assert (m.coins, m.crystals) == (16, 1)
    g = al.next_step(g).state
    assert (g.sides[ANN].coins, g.sides[ANN].crystals) == (16, 1) and not al.tile(g, "A4").crystal
    assert al.back_step(g).state.step == 0
    assert al.next_step(al.back_step(g).state).state.sides[ANN].coins == 16  # never mined twice


def test_buying_vp_twice_in_a_round_is_refused():
    g = game("management", 1, sides=(al.Side(coins=25, crystals=6), al.Side(), al.Side()))
    g = al.buy_vp(g, CONTENT, ANN, 2).state
    assert (g.sides[ANN].vp, g.sides[ANN].crystals) == (3, 1)
    with pytest.raises(GameError, match="already bought"):
        al.buy_vp(g, CONTENT, ANN, 0)


def test_a_unit_type_the_faction_has_run_out_of_is_refused():
    g = game("management", 5, strongholds={ANN: "A1"}, units=(("A1", ANN, "Dreadnought", 3),),
             sides=(al.Side(coins=99, crystals=9), al.Side(), al.Side()))
    with pytest.raises(GameError, match="0 Dreadnought left"):
        al.build_unit(g, CONTENT, ANN, "A1", "Dreadnought")


def test_build_in_turn_order_pays_the_card_and_outposts_cost_less_per_forest():
    g = game("management", 5, kinds={"B1": "Forest", "B2": "Forest"}, strongholds={ANN: "A1"},
             units=(("B1", ANN, "Frigate", 1), ("B2", ANN, "Engineer", 1)),
             sides=(al.Side(coins=20), al.Side(coins=20), al.Side()))
    with pytest.raises(GameError, match="Ann's turn"):
        al.build_unit(g, CONTENT, BOB, "A1", "Frigate")
    assert al.build_cost(g, CONTENT, ANN, "Outpost") == (2, 0)  # 4 - 2 Forests
    g = al.build_unit(g, CONTENT, ANN, "B2", "Outpost").state
    g = al.build_unit(g, CONTENT, ANN, "A1", "Frigate", 5).state
    assert g.sides[ANN].coins == 20 - 2 - 10
    with pytest.raises(GameError, match="up to 5"):
        al.build_unit(g, CONTENT, ANN, "A1", "Frigate", 1)


def test_no_units_at_a_new_outpost_and_only_1_at_an_outpost_being_upgraded_to_a_fortress():
    # p.13, Build: "You cannot build Units at new Outposts and can only build 1 at an Outpost that is being
    # upgraded to a Fortress"; a Fortress at an older one builds 2.
    g = game("management", 5, units=(("B1", ANN, "Engineer", 1), ("B2", ANN, "Outpost", 1), ("B2", ANN, "Engineer", 1),
                                      ("B4", ANN, "Fortress", 1)),
             sides=(al.Side(coins=99), al.Side(), al.Side()))
    g = al.build_unit(g, CONTENT, ANN, "B1", "Outpost").state
    for kind in ("Engineer", "Frigate", "Fortress"):
        with pytest.raises(GameError, match="cannot build Units at new Outposts"):
            al.build_unit(g, CONTENT, ANN, "B1", kind)
    g = al.build_unit(g, CONTENT, ANN, "B2", "Fortress").state
    with pytest.raises(GameError, match="up to 1 this step"):
        al.build_unit(g, CONTENT, ANN, "B2", "Frigate", 2)
    g = al.build_unit(g, CONTENT, ANN, "B2", "Frigate", 1).state
    with pytest.raises(GameError, match="up to 1 this step"):
        al.build_unit(g, CONTENT, ANN, "B2", "Frigate", 1)
    assert al.count(al.build_unit(g, CONTENT, ANN, "B4", "Frigate", 2).state, "B4", ANN, "Frigate") == 2
    # The next Build step, B1's Outpost is no longer new (it builds Engineers) and B2's Fortress builds 2.
    g = replace(al.finish_building(g, ANN).state, chooser=0)
    assert al.count(al.build_unit(g, CONTENT, ANN, "B1", "Engineer", 2).state, "B1", ANN, "Engineer") == 3
    assert al.count(al.build_unit(g, CONTENT, ANN, "B2", "Frigate", 2).state, "B2", ANN, "Frigate") == 3


def test_the_coalition_converts_4_coins_to_a_crystal_and_gets_free_outposts():
    g = game("management", 5, units=(("B2", CY, "Engineer", 1),), chooser=2,
             sides=(al.Side(), al.Side(), al.Side(coins=9)))
    with pytest.raises(GameError, match="Only the Mining Corp Coalition"):
        al.exchange(g, ANN, 1)
    g = al.exchange(g, CY, 2).state
    assert (g.sides[CY].coins, g.sides[CY].crystals) == (1, 2)
    g = al.finish_building(g, CY).state
    assert al.count(g, "B2", CY, "Outpost") == 1


def test_round_stepper_runs_through_the_management_steps_to_the_next_round():
    g = game("management", 0)
    names = []
    for _ in range(5):
        g = al.next_step(picks_made(g)).state
        names.append(al.current_step(g).step)
    assert names == ["Buy Victory Points", "Check Win", "Secondary Objectives", "Discovery", "Build"]
    for who in (ANN, BOB, CY):
        g = al.finish_building(g, who).state
    g = al.next_step(g).state
    assert (g.round, g.phase, al.current_step(g).step) == (2, "preparation", "Turn order")


def test_back_crosses_phases_while_nothing_was_done_and_never_mines_twice():
    # The round's phases (p.8-13): Preparation, Expansion, Management, and the next round's Preparation.
    g = game("management", 5, chooser=3, round=1, applied=("mine",), sides=(al.Side(coins=12), al.Side(), al.Side()))
    g = al.next_step(g).state
    assert (g.round, g.phase, g.step) == (2, "preparation", 0)
    back = al.back_step(g).state
    assert (back.round, back.phase, back.step, back.chooser) == (1, "management", 5, 3)
    for _ in range(5):
        back = al.back_step(back).state
    assert (back.phase, back.step) == ("management", 0)
    back = al.back_step(back).state
    assert (back.phase, back.step) == ("expansion", 0)
    back = al.back_step(back).state
    assert (back.phase, back.step) == ("preparation", 1)
    assert al.back_step(back).state.step == 0
    # Forward again from the Mine step: the Mine of round 1 is not collected twice.
    again = replace(back, phase="management", step=0)
    assert al.next_step(again).state.sides[ANN].coins == 12
    # Once something was done in a phase, Back refuses and Undo takes it back.
    with pytest.raises(GameError, match="Orders were placed"):
        al.back_step(game("expansion", 0, order=al.Order(ANN, "A1")))
    with pytest.raises(GameError, match="Crystals were spawned"):
        al.back_step(game("preparation", 1, spawn_rolled=True))
    with pytest.raises(GameError, match="turn order were chosen"):
        al.back_step(game("preparation", 0, round=2, chooser=1))
    assert al.back_step(game("preparation", 0, round=1)).state.phase == "arrival"


def test_state_round_trips_through_plain_json():
    g = al.new_game((Player("A", "red"), Player("B", "blue"), Player("C", "green")), random.Random(1))
    assert al.from_dict(al.to_dict(g)) == g


def rows_of_hexes_neighbours(tile_id: str, ids: set[str]) -> set[str]:
    """The board as docs/rules.md draws it, worked out on its own: rows of hexes, odd rows shifted right."""
    r, c = ord(tile_id[0]) - 65, int(tile_id[1:]) - 1
    shift = r % 2
    near = [(r, c - 1), (r, c + 1), (r - 1, c - 1 + shift), (r - 1, c + shift), (r + 1, c - 1 + shift),
            (r + 1, c + shift)]
    return {f"{chr(65 + a)}{b + 1}" for a, b in near if a >= 0 and b >= 0} & ids


@pytest.mark.parametrize("n", [3, 4])
def test_the_board_uses_the_shared_hex_grid_for_neighbours_and_distance(n):
    """Neighbours and distance come from companion/hexgrid (the map engine's geometry): they agree with the
    rows-of-hexes picture, and the distance is the fewest steps between tiles over the dealt board."""
    g = al.new_game(tuple(Player(f"P{i}", c) for i, c in enumerate(["red", "blue", "green", "yellow"][:n])),
                    random.Random(3))
    ids = {t.id for t in g.tiles}
    for a in ids:
        assert set(al.neighbours(g, a)) == rows_of_hexes_neighbours(a, ids)
        steps, frontier, seen = 0, {a}, {a}
        while frontier:
            for b in frontier:
                assert al.distance(g, a, b) == steps, (a, b)
            frontier = {x for t in frontier for x in rows_of_hexes_neighbours(t, ids)} - seen
            seen |= frontier
            steps += 1
        assert seen == ids


# -- once-only actions and bounds (issue 20) ------------------------------------------------------------------

WITH_START = replace(CONTENT, factions=(al.FactionInfo("Cin'dar Empire", (), "Targeting Focus", True),))


def test_secondary_objectives_are_drawn_once_per_player_in_the_step():
    # p.13: "Each player either draws 1, or discards any number and draws that many" - once.
    g = game("management", 3)
    g = al.draw_objectives(g, ANN, 0).state
    assert g.sides[ANN].objectives == 3 and not al.may_draw(g, ANN) and al.may_draw(g, BOB)
    with pytest.raises(GameError, match=r"drawn Secondary Objectives this round.*\(p\.13\)"):
        al.draw_objectives(g, ANN, 0)
    with pytest.raises(GameError, match="once"):
        al.draw_objectives(g, ANN, 1)
    # a new round clears the once-a-round marks: its step draws again
    assert al.may_draw(al.next_step(replace(g, step=5, chooser=3)).state, ANN)


def test_discoveries_are_taken_in_turn_order_once_each():
    # p.13: "In turn order, each player must select one Discovery".
    g = game("management", 4, turn_order=(BOB, CY, ANN))
    assert al.discoverer(g) == BOB
    with pytest.raises(GameError, match=r"Bob's turn to select a Discovery"):
        al.take_discovery(g, CONTENT, ANN, "Heavy Plating", None)
    g = al.take_discovery(g, CONTENT, BOB, "Heavy Plating", None).state
    assert al.discoverer(g) == CY
    with pytest.raises(GameError, match="Cy's turn"):
        al.take_discovery(g, CONTENT, BOB, "Swift Hulls", None)
    g = al.take_discovery(g, CONTENT, CY, "Heavy Plating", None).state
    g = al.take_discovery(g, CONTENT, ANN, "Swift Hulls", None).state
    assert al.discoverer(g) is None
    with pytest.raises(GameError, match="Everyone has taken a Discovery"):
        al.take_discovery(g, CONTENT, ANN, "Other", None)
    assert g.sides[BOB].discoveries == ("Heavy Plating",) and g.sides[CY].discoveries == ("Heavy Plating",)


def test_the_discovery_pick_cannot_be_skipped():
    # p.13: "select one Discovery"; a player who has every flipped card reveals more "until you reveal one you
    # do not have": there is always one to take, so no "takes none". Refused naming the field, nothing changed.
    g = game("management", 4, turn_order=(BOB, CY, ANN))
    for name in ("", "   "):
        with pytest.raises(GameError, match=r"pick is mandatory.*\(p\.13\)") as refusal:
            al.take_discovery(g, CONTENT, BOB, name, None)
        assert refusal.value.field == "name"
    assert al.discoverer(g) == BOB


def test_the_starting_discovery_is_one_you_already_have():
    # p.13: "You may never gain a Discovery that you already have"; the dashboard's starting one counts (p.7).
    g = game("management", 4, turn_order=(BOB, ANN, CY))  # Bob plays the Cin'dar Empire
    assert al.discoveries(g, WITH_START, BOB) == ("Targeting Focus",)
    with pytest.raises(GameError, match=r"already has Targeting Focus.*starting one included \(p\.13\)"):
        al.take_discovery(g, WITH_START, BOB, "targeting  focus", None)
    g = al.take_discovery(g, WITH_START, BOB, "Swift Hulls", None).state
    assert al.discoveries(g, WITH_START, BOB) == ("Targeting Focus", "Swift Hulls")


def test_no_move_after_exploring_in_the_same_order():
    # p.9: an order is move, then combat, then explore (p.12): exploring ends its moves.
    g = game(units=(("D4", ANN, "Frigate", 2),), order=al.Order(ANN, "D4"))
    g = al.explore(g, "D4").state
    with pytest.raises(GameError, match=r"move, then combat, then explore.*\(p\.9, 12\)"):
        al.move(g, CONTENT, "D4", "D5", "Frigate", 1)


def test_the_spawn_dice_bound_the_hits():
    # 2 Blue Dice; outside combat no die explodes (p.11): at most twice the blue die's highest face.
    g = game("preparation", 1, strongholds={ANN: "C3", BOB: "C7", CY: "F3"})
    assert al.spawn_most(CONTENT) == 6
    with pytest.raises(GameError, match=r"0 to 6 hits, not 99"):
        al.spawn_roll(g, CONTENT, 99)
    with pytest.raises(GameError, match="0 to 6"):
        al.spawn_roll(g, CONTENT, 7)
    assert al.spawn_roll(g, CONTENT, 6).state.crystals_left == 6


def test_crystals_never_exceed_the_box():
    # p.3: the box holds 25 Crystals; those held by players and on the board are not in it.
    g = game("preparation", 1, kinds={"A1": "Crystal Deposit"}, strongholds={ANN: "C3", BOB: "C7", CY: "F3"},
             sides=(al.Side(crystals=20), al.Side(crystals=2), al.Side()))
    assert al.crystals_in_box(g) == 3
    out = al.spawn_roll(g, CONTENT, 6)
    assert al.tile(out.state, "A1").crystal and out.state.crystals_left == 2
    assert al.crystals_in_box(out.state) == 2 and any("only 2 spawn" in r for r in out.reasons)


def test_crystals_with_no_legal_territory_stay_in_the_box():
    # docs/rules.md: when no player may place one (p.8's rules leave nowhere), the rest stay in the box.
    g = game("preparation", 1, strongholds={ANN: "C3", BOB: "C7", CY: "F3"}, spawn_rolled=True, crystals_left=3)
    g = replace(g, tiles=tuple(replace(t, crystal=t.id != "E5") for t in g.tiles))
    assert al.crystal_choices(g, ANN) == ("E5",)
    after = al.place_crystal(g, ANN, "E5")
    assert after.state.crystals_left == 0 and any("stay in the box" in r for r in after.reasons)
    assert al.next_step(after.state).state.phase == "expansion"


# -- what a referee still caught (issue 29) -----------------------------------------------------------

def test_an_airship_that_entered_combat_moves_no_further_in_that_order():
    # p.9: "If you enter a territory containing enemy Units, you must stop on it." A Frigate moved C3→C5 into
    # Bob's Frigate ("— combat!") then escaped to A3 before any fight; now it stays for the combat.
    g = game(units=(("C3", ANN, "Frigate", 1), ("C5", BOB, "Frigate", 1)), order=al.Order(ANN, "C5"))
    out = al.move(g, CONTENT, "C3", "C5", "Frigate", 1)
    assert "combat!" in out.description
    with pytest.raises(GameError, match="FROM the activated territory .A. or TO it .B., not both") as refused:
        al.move(out.state, CONTENT, "C5", "A3", "Frigate", 1)
    assert refused.value.field == "to"
    assert not [m for m in al.legal_moves(out.state, CONTENT) if m[0] == "C5"]


def test_an_airship_that_entered_a_mountain_halts_there_for_the_order():
    # p.9: "If you enter a Mountain territory, halt on the Mountain." Moved to the activated Mountain, it does
    # not move on from it in the same order.
    g = game(units=(("C2", ANN, "Frigate", 1),), kinds={"C4": "Mountain"}, order=al.Order(ANN, "C4"))
    out = al.move(g, CONTENT, "C2", "C4", "Frigate", 1)
    assert "halts on the Mountain" in out.description
    with pytest.raises(GameError, match="not both"):
        al.move(out.state, CONTENT, "C4", "C6", "Frigate", 1)
    assert al.legal_moves(out.state, CONTENT) == ()


def test_one_order_moves_airships_from_its_territory_or_to_it_not_both():
    # p.9, rules A and B: "Move any number of Airships FROM the chosen territory …" or "Move any number of
    # Airships from anywhere TO the activated territory".
    g = game(units=(("C3", ANN, "Frigate", 2), ("E3", ANN, "Frigate", 1)), order=al.Order(ANN, "C3"))
    g = al.move(g, CONTENT, "C3", "C5", "Frigate", 1).state  # A: from C3
    g = al.move(g, CONTENT, "C3", "B3", "Frigate", 1).state  # A again: to any number of territories
    with pytest.raises(GameError, match="not both"):
        al.move(g, CONTENT, "E3", "C3", "Frigate", 1)
    assert not [m for m in al.legal_moves(g, CONTENT) if m[1] == "C3"]
    g = game(units=(("C3", ANN, "Frigate", 1), ("E3", ANN, "Frigate", 1)), order=al.Order(ANN, "C3"))
    g = al.move(g, CONTENT, "E3", "C3", "Frigate", 1).state  # B: to C3
    with pytest.raises(GameError, match="not both"):
        al.move(g, CONTENT, "C3", "C5", "Frigate", 1)


def test_survivors_of_the_orders_combat_are_not_offered_more_moves():
    # p.9: an order is move, then combat, then explore: once its combat has begun the movement is over.
    g = game(units=(("C3", ANN, "Frigate", 2), ("C5", BOB, "Frigate", 1), ("E5", ANN, "Frigate", 1)),
             order=al.Order(ANN, "C3"))
    g = al.move(g, CONTENT, "C3", "C5", "Frigate", 1).state
    g = al.start_combat(g, "C5").state
    won = replace(g, combat=None, units=tuple(u for u in g.units if u.owner == ANN))  # Bob's Frigate destroyed
    assert al.legal_moves(won, CONTENT) == ()
    with pytest.raises(GameError, match="combat of Ann's order has begun"):
        al.move(won, CONTENT, "C3", "B3", "Frigate", 1)
    assert al.explore_choices(won)  # exploring is still the order's last step (p.12)


def test_a_stronghold_replaces_its_jetstream_tile_and_its_bonus():
    # p.8: "remove the tile in the chosen location and replace it with your Faction Stronghold Tile"; the
    # Jetstream's +1 (p.5) is the tile's, so a Frigate leaving a Stronghold on A1 moves 3, not 4.
    kinds = {"A1": "Jetstream Entry Point", "A2": "Jetstream Entry Point"}
    g = game(units=(("A1", ANN, "Frigate", 1), ("A2", ANN, "Frigate", 1)), kinds=kinds, strongholds={ANN: "A1"},
             order=al.Order(ANN, "A1"))
    assert al.terrain(al.tile(g, "A1")) == "Stronghold" and al.terrain(al.tile(g, "A2")) == "Jetstream Entry Point"
    assert al.reachable(g, "A1", "A4", ANN, 3) and not al.reachable(g, "A1", "A5", ANN, 3)
    assert al.reachable(g, "A2", "A6", ANN, 3)  # a Jetstream still gives its +1
    with pytest.raises(GameError, match="cannot reach"):
        al.move(g, CONTENT, "A1", "A5", "Frigate", 1)


def test_the_board_draws_a_stronghold_not_the_tile_it_replaced():
    from companion.kits.aldarra.board import board as drawn
    g = game(kinds={"A1": "Jetstream Entry Point"}, strongholds={ANN: "A1"})
    a1 = next(t for t in drawn(g).territories if t.id == "A1")
    assert a1.kind == "Stronghold" and "jetstream" not in a1.css and a1.stronghold == "blue"


def test_next_waits_for_every_secondary_objective_and_discovery_pick():
    # p.13: "Each player chooses: Draw 1 … OR Discard … and draw that many"; Discovery: "In turn order …
    # select one Discovery". Both are picks every player makes: Next is refused, and says so, until made.
    g = game("management", 3)
    assert al.can_advance(g) == (False, "Ann has not drawn: each player draws 1 Secondary Objective, or discards "
                                        "any number and draws as many (p.13).")
    with pytest.raises(GameError, match="Ann has not drawn"):
        al.next_step(g)
    g = al.draw_objectives(al.draw_objectives(g, ANN, 0).state, BOB, 1).state
    with pytest.raises(GameError, match="Cy has not drawn"):
        al.next_step(g)
    g = al.next_step(al.draw_objectives(g, CY, 0).state).state
    assert al.current_step(g).step == "Discovery"
    with pytest.raises(GameError, match="Ann selects a Discovery first"):
        al.next_step(g)
    g = al.take_discovery(g, CONTENT, ANN, "Swift Hulls", None).state
    g = al.take_discovery(al.take_discovery(g, CONTENT, BOB, "Heavy Plating", None).state, CONTENT, CY,
                          "Heavy Plating", None).state
    assert al.can_advance(g) == (True, "")
    assert al.current_step(al.next_step(g).state).step == "Build"


def test_damage_to_several_units_of_a_kind_is_one_choice_with_its_count():
    # Issue 29 (p.10): the rulebook's Heavy Step, 6 hits on Red's Destroyer and 2 Engineers, assigned
    # as "×n" on a kind instead of one tap per unit; the result is the same as the taps one by one.
    g = game(units=(("D4", ANN, "Frigate", 2), ("D4", ANN, "Cruiser", 1),
                    ("D4", BOB, "Destroyer", 1), ("D4", BOB, "Engineer", 2)), order=al.Order(ANN, "D4"))
    g = al.start_combat(g, "D4").state
    g = al.combat_roll(g, CONTENT, {ANN: {"green": ((0,), (0,))}, BOB: {"pink": ((0,),)}}).state
    out = al.combat_roll(g, CONTENT, {ANN: {"blue": ((2, 1), (3,))}, BOB: {"green": ((0,), (0,))}})
    g = out.state
    options = {(u.kind, most) for u, _, most in al.assign_options(g, CONTENT)}
    assert ("Engineer", 2) in options  # 6 hits reach both Engineers
    one_by_one = al.assign(al.assign(g, CONTENT, BOB, "Engineer").state, CONTENT, BOB, "Engineer").state
    at_once = al.assign(g, CONTENT, BOB, "Engineer", 2).state
    assert at_once.units == one_by_one.units and at_once.sides == one_by_one.sides
    assert at_once.combat.pending == one_by_one.combat.pending
    with pytest.raises(GameError) as e:
        al.assign(g, CONTENT, BOB, "Engineer", 3)  # only 2 Engineers there
    assert e.value.field == "count" and "(p.10)" in e.value.message


def test_a_light_step_nobody_rolls_in_needs_no_record():
    # Issue 29 (p.10): two Cruisers (heavy) meet: the Light Step has no dice, so the combat opens on the Heavy Step.
    g = game(units=(("D4", ANN, "Cruiser", 1), ("D4", BOB, "Cruiser", 1)), order=al.Order(ANN, "D4"))
    out = al.no_empty_light_step(al.start_combat(g, "D4"), CONTENT)
    assert out.state.combat.step == "heavy" and "Light Step rolls no dice" in out.description
    assert any("(p.10)" in r for r in out.reasons)
    # with a Frigate in it, the Light Step is rolled as before
    g = game(units=(("D4", ANN, "Frigate", 1), ("D4", BOB, "Cruiser", 1)), order=al.Order(ANN, "D4"))
    started = al.no_empty_light_step(al.start_combat(g, "D4"), CONTENT).state
    assert started.combat.step == "light"
    # Ann delays her only Light unit to the Heavy Step (p.10): nobody is left to roll the Light Step
    delayed = al.no_empty_light_step(al.delay_light(started, ANN), CONTENT)
    assert delayed.state.combat.step == "heavy" and "Light Step rolls no dice" in delayed.description


# -- issue 38: every offered control legal now --------------------------------------------------------------

def test_the_build_list_holds_only_territories_where_a_unit_can_be_built_now():
    # p.13: airships at your Buildings (5 at the Stronghold, 2 at a Fortress), Engineers at an Outpost,
    # Outposts wherever you have an Engineer, one Building per territory. A lone Frigate's territory (D4),
    # where nothing can be built, is not offered; nor is another player's (F2).
    g = game("management", 5, strongholds={ANN: "A1"}, turn_order=(ANN, BOB, CY),
             units=(("A1", ANN, "Frigate", 1), ("D4", ANN, "Frigate", 2), ("B3", ANN, "Outpost", 1),
                    ("E5", ANN, "Engineer", 1), ("F2", BOB, "Outpost", 1)),
             sides=(al.Side(coins=30), al.Side(coins=30), al.Side(coins=30)))
    assert al.build_spots(g, CONTENT, ANN) == ("A1", "B3", "E5")
    with pytest.raises(GameError):
        al.build_unit(g, CONTENT, ANN, "D4", "Frigate", 1)
    # with no coins at all nothing can be built anywhere: the list is empty, not a list of refusals
    broke = replace(g, sides=(al.Side(coins=0),) + g.sides[1:])
    assert al.build_spots(broke, CONTENT, ANN) == ()


def test_the_syndicate_draws_2_secondary_objectives_and_keeps_1():
    # p.16, Arrodan Syndicate: "When drawing Secondary Objective cards during the management phase, you may
    # draw 2 and choose 1 to keep." Its hand grows by 1, as a draw of 1 does; no other faction may.
    g = game("management", 3, factions=(al.SYNDICATE, al.CINDAR, al.COALITION))
    out = al.draw_objectives(g, ANN, 0, True)
    assert out.state.sides[ANN].objectives == al.OBJECTIVES_DEALT + 1 and not al.may_draw(out.state, ANN)
    assert "drew 2 Secondary Objective cards and kept 1" in out.description
    with pytest.raises(GameError, match=r"Only the Arrodan Syndicate.*\(p\.16\)") as refusal:
        al.draw_objectives(g, BOB, 0, True)
    assert refusal.value.field == "choose"


def test_a_ransom_short_of_its_4_coins_is_refused():
    # p.16: "each other player may choose to pay you 4 coins": with 3 coins Bob cannot.
    g = game("management", 5, factions=(al.SYNDICATE, al.CINDAR, al.COALITION),
             sides=(al.Side(hostages=((BOB, "Frigate", 1),)), al.Side(coins=3), al.Side()))
    with pytest.raises(GameError, match="costs 4 coins; Bob has 3"):
        al.ransom(g, BOB)

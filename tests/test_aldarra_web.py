"""Aldarra Reborn through the test client: a 3-player game from the home page, the Arrival, the stepper,
orders, a combat, the Management Phase; and the issue's bad input, each refused with the rule named (422),
the database unchanged."""
from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import pytest

from companion import create_app
from companion import db as dbmod
from companion.store import games as store
from companion.games import aldarra as al
from helpers.games import Game, refused


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 8})


@pytest.fixture
def new_game(app, table):
    resp = table.post("/games/new", {"game": "aldarra-reborn", "name": "Saturday", "name_1": "Ann", "color_1": "blue",
                                     "name_2": "Bob", "color_2": "red", "name_3": "Cy", "color_3": "green",
                                     "name_4": "", "color_4": "yellow"})
    assert resp.status_code == 204, resp.get_data(as_text=True)[:2000]
    return Game(app, table, resp.headers["HX-Redirect"])


def stronghold_spot(g: al.Game) -> str:
    taken = [t.id for t in g.tiles if t.stronghold is not None]
    return next(t.id for t in g.tiles if t.kind != "Crystal Deposit" and all(al.distance(g, t.id, s) > 2 for s in taken))


def arrive(game: Game) -> None:
    game.do("next")
    for _ in range(3):
        s = game.row.state
        game.do("stronghold", {"player": str(al.arrival_order(s)[s.chooser]), "at": stronghold_spot(s)})
    for _ in range(3):
        s = game.row.state
        spot = next(t.id for t in s.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                    and not al.units_at(s, t.id))
        game.do("outpost", {"player": str(al.arrival_order(s)[s.chooser]), "at": spot}, form="arrival")


@pytest.fixture
def arrived(new_game):
    arrive(new_game)
    return new_game


@pytest.fixture
def expanding(arrived):
    g = arrived  # the Arrival's end and round 1's turn order passed by themselves: Spawn Crystals waits
    g.do("spawn", {"hits": "0"})  # no Crystal to place: the Expansion Phase begins by itself
    return g


def test_a_3_player_game_deals_dashboards_tiles_and_objectives(new_game, table):
    page = table.get(new_game.url).get_data(as_text=True)
    s = new_game.row.state
    assert len(s.players) == 3 and {p.faction for p in s.players} <= set(al.FACTIONS)
    assert "Territory tiles for 3 players" in page and "Copper Deposit" in page
    assert "2 Secondary Objective cards dealt" in page and "first player for the Arrival" in page
    assert len(s.tiles) == 39


def test_the_arrival_places_strongholds_then_outposts_in_reverse(arrived):
    s = arrived.row.state
    assert all(al.stronghold_of(s, i) for i in range(3))
    assert sum(u.count for u in s.units if u.kind == "Outpost") == 3
    # the last Outpost ends the Arrival, and round 1 keeps its turn order (p.8): both pass by themselves
    assert (s.round, s.phase, al.STEPS[s.phase][s.step]) == (1, "preparation", "Spawn crystals")


def order_at_home(g: Game) -> tuple[al.Game, int, str]:
    """The player to act places an order on their own Stronghold."""
    s = g.row.state
    me = al.current_player(s)
    home = al.stronghold_of(s, me).id
    g.do("order", {"player": str(me), "at": home})
    return s, me, home


def test_an_order_a_move_and_an_explore_through_the_client(expanding, app):
    g = expanding
    s, me, home = order_at_home(g)
    to = next(n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None and not al.units_at(s, n))
    resp = g.do("move", {"frm": home, "to": to, "kind": "Frigate", "count": "1"})
    assert "moved 1 Frigate" in resp.get_data(as_text=True)
    g.do("explore", {"at": to})
    assert al.tile(g.row.state, to).explored
    g.do("end-order", {})
    assert g.row.state.order is None


def edit(app, g: Game, change) -> None:
    """Set up a position through the store (one logged change), as a table would after many turns."""
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, g.row.id, lambda st: al.Outcome(change(st), "test set-up"))
    finally:
        db.conn.close()


def put_enemy_next_to(g: Game, app) -> tuple[int, str, str]:
    """An enemy Frigate next to the current player's Stronghold."""
    s = g.row.state
    me = al.current_player(s)
    home = al.stronghold_of(s, me).id
    spot = next(n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None and not al.units_at(s, n))
    enemy = next(i for i in s.turn_order if i != me)
    edit(app, g, lambda st: replace(st, units=st.units + (al.Units(spot, enemy, "Frigate", 1),)))
    return me, home, spot


def fight_next_door(g: Game, app) -> int:
    """The current player orders on the enemy Frigate next door, moves a Frigate in and starts the combat."""
    me, home, spot = put_enemy_next_to(g, app)
    g.do("order", {"player": str(me), "at": spot})
    g.do("move", {"frm": home, "to": spot, "kind": "Frigate", "count": "1"})
    g.do("combat", {"at": spot}, form=f"combat-{spot}")
    return me


def test_a_combat_roll_and_damage_assignment_are_logged(expanding, app, table):
    g = expanding
    me = fight_next_door(g, app)
    s = g.row.state
    data = {f"dice_{i}_green": "1" for i in s.combat.seats}
    g.do("roll", data)
    enemy = next(i for i in s.combat.seats if i != me)
    g.do("assign", {"owner": str(enemy), "kind": "Frigate"})
    log = table.get(f"{g.url}/log").get_data(as_text=True)
    assert "Light Step (round 1)" in log and "green 1 = 1" in log and "destroyed" in log


def test_combat_dice_are_tapped_as_big_face_buttons_per_die_and_explosions_re_rolled(expanding, app, table):
    # p.10-11: "If any dice roll a number with a *, add that number to your total, roll that die again, and
    # add the new roll to the total as well." The physical roll is tapped face by face (issue 7's promise);
    # an exploding face opens its re-roll row; dice left untapped are rolled by the app.
    g = expanding
    me = fight_next_door(g, app)
    s = g.row.state
    enemy = next(i for i in s.combat.seats if i != me)
    page = table.get(g.url).get_data(as_text=True)
    for i in s.combat.seats:
        assert f'name="face_{i}_green_0"' in page and f'name="face_{i}_green_0_1"' in page  # die and re-roll
    assert 'class="face green critical"' in page and 'value="1*"' in page
    # My die explodes (1*) and its re-roll shows 1: 2 hits; the enemy's die is left for the app to roll.
    g.do("roll", {f"face_{me}_green_0": "1*", f"face_{me}_green_0_1": "1", "roll": "1"})
    s = g.row.state
    assert s.combat.rolled
    log = table.get(f"{g.url}/log").get_data(as_text=True)
    assert "green 1*+1 = 2" in log
    assert f"{s.players[enemy].name}: green " in log  # rolled for them, one die


def test_a_die_that_explodes_twice_is_tapped_face_by_face(expanding, app, table):
    # p.10-11: a * face adds its number and the die is rolled again, as often as it explodes. The form offers
    # a third row (1*, re-roll 1*, re-roll 0); it was refused as "'1*+1*'" (issue 29).
    g = expanding
    me = fight_next_door(g, app)
    page = table.get(g.url).get_data(as_text=True)
    assert f'name="face_{me}_green_0_1_2"' in page  # the second re-roll's row
    g.do("roll", {f"face_{me}_green_0": "1*", f"face_{me}_green_0_1": "1*", f"face_{me}_green_0_1_2": "0",
                  "roll": "1"})
    assert g.row.state.combat.rolled
    assert "green 1*+1*+0 = 2" in table.get(f"{g.url}/log").get_data(as_text=True)


def test_an_exploding_face_tapped_without_its_re_roll_is_refused(expanding, app):
    g = expanding
    refused(app, g, "roll", {"face_0_green_0": "1*"}, "Ann's green dice", "explodes")


def test_the_objectives_step_offers_draw_1_or_discard_and_draw_as_many(arrived, app, table):
    # p.13, Draw Secondary Objectives: "Draw 1 Secondary Objective card from the deck. OR Discard any number of
    # Secondary Objective cards from your hand and draw that many new ones from the deck."
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=3))
    page = table.get(g.url).get_data(as_text=True)
    held = g.row.state.sides[0].objectives
    assert held == 2 and "Draw 1" in page
    assert 'name="discard" value="2">Discard 2, draw 2' in page and "Discard 3" not in page
    g.do("draw", {"player": "0", "discard": "2"}, form="draw-0")
    assert g.row.state.sides[0].objectives == 2  # swapped, not grown
    g.do("draw", {"player": "1"}, form="draw-1")
    assert g.row.state.sides[1].objectives == 3
    log = table.get(f"{g.url}/log").get_data(as_text=True)
    assert "discarded and drew 2 Secondary Objective cards" in log


def test_a_fortress_next_door_fires_in_and_destroyers_next_door_join_from_the_combat_panel(expanding, app, table):
    # p.11: "Destroyers joining a combat or Fortresses firing into an adjacent combat"; then all roll together.
    g = expanding
    me, home, spot = put_enemy_next_to(g, app)
    s = g.row.state
    third = next(i for i in s.turn_order if i != me and i not in al.owners_at(s, spot))
    free = [n for n in al.neighbours(s, spot) if al.tile(s, n).stronghold is None and not al.units_at(s, n)]
    edit(app, g, lambda st: replace(st, units=st.units + (al.Units(free[0], third, "Fortress", 1),
                                                         al.Units(free[1], third, "Destroyer", 2))))
    g.do("order", {"player": str(me), "at": spot})
    g.do("move", {"frm": home, "to": spot, "kind": "Frigate", "count": "1"})
    g.do("combat", {"at": spot}, form=f"combat-{spot}")
    page = table.get(g.url).get_data(as_text=True)
    name = g.row.state.players[third].name
    assert f"{name}'s Fortress on {free[0]} fires in" in page and f"{name}'s 2 Destroyers from {free[1]} join" in page
    g.do("fortress-fire", {"player": str(third), "at": free[0]}, form=f"fire-{free[0]}")
    g.do("join", {"player": str(third), "frm": free[1], "count": "2"}, form=f"join-{free[1]}-{third}")
    s = g.row.state
    assert third in s.combat.seats and al.count(s, spot, third, "Destroyer") == 2
    assert s.combat.firing == ((third, free[0]),)
    assert f'name="face_{third}_pink_1"' in table.get(g.url).get_data(as_text=True)  # the Destroyers' dice


# -- bad input (issue 8): refused with the rule named, nothing changed ------------------------------------

def test_a_stack_of_6_airships_is_refused(expanding, app):
    g = expanding
    s = g.row.state
    me = al.current_player(s)
    home = al.stronghold_of(s, me).id
    spot = next(n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None and not al.units_at(s, n))
    edit(app, g, lambda st: replace(st, units=st.units + (al.Units(spot, me, "Frigate", 5),)))
    g.do("order", {"player": str(me), "at": spot})
    refused(app, g, "move", {"frm": home, "to": spot, "kind": "Frigate", "count": "1"}, "To",
            "Stacking Limit is 5", "(p.9)", form="move")


def test_a_unit_type_the_faction_has_run_out_of_is_refused(arrived, app):
    g = arrived
    s = g.row.state
    me = s.turn_order[0]
    home = al.stronghold_of(s, me).id
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=5, chooser=0,
                                    units=st.units + (al.Units(home, me, "Dreadnought", 3),),
                                    sides=tuple(replace(x, coins=50, crystals=5) for x in st.sides)))
    refused(app, g, "build", {"player": str(me), "at": home, "kind": "Dreadnought", "count": "1"}, "Unit",
            "0 Dreadnought left", "(p.13)", form="build")


def test_buying_vp_twice_in_a_round_is_refused(arrived, app):
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=1,
                                    sides=tuple(replace(x, coins=30) for x in st.sides)))
    g.do("buy", {"player": "0", "option": "0"}, form="buy-0")
    assert g.row.state.sides[0].vp == 1
    refused(app, g, "buy", {"player": "0", "option": "0"}, "Buy", "already bought", "(p.13)", form="buy-0")


def test_a_crystal_next_to_its_owners_stronghold_is_refused(arrived, app):
    g = arrived
    g.do("spawn", {"hits": "2"})
    s = g.row.state
    me = al.crystal_placer(s)
    near = next(n for n in al.neighbours(s, al.stronghold_of(s, me).id)
                if al.tile(s, n).stronghold is None and not al.units_at(s, n) and not al.tile(s, n).crystal)
    refused(app, g, "crystal", {"player": str(me), "at": near}, "Territory", "adjacent to YOUR Stronghold", "(p.8)",
            form="crystal")


def test_an_explored_territory_explored_again_is_refused(expanding, app):
    g = expanding
    s, me, home = order_at_home(g)
    g.do("explore", {"at": home})
    g.do("end-order", {})
    for _ in range(2):
        s = g.row.state
        i = al.current_player(s)
        g.do("order", {"player": str(i), "at": al.stronghold_of(s, i).id})
        g.do("end-order", {})
    g.do("order", {"player": str(me), "at": home})
    refused(app, g, "explore", {"at": home}, "Territory", "only be explored once per game", "(p.12)",
            form="explore")


def test_a_hand_of_6_explore_cards_is_refused(expanding, app):
    g = expanding
    for _ in range(5):
        g.do("hold", {"player": "1", "delta": "1"}, form="hold-1")
    refused(app, g, "hold", {"player": "1", "delta": "1"}, "Change", "maximum of 5", "(p.12)", form="hold-1")


@pytest.mark.parametrize("data, label, words", [
    ({"dice_0_green": "1*"}, "Ann's green dice", ["explodes"]),
    ({"dice_0_green": "x"}, "Ann's green dice", ["is not a die"]),
])
def test_a_bad_dice_entry_names_the_field(expanding, app, data, label, words):
    g = expanding
    refused(app, g, "roll", data, label, *words)


def test_a_fifth_player_seat_is_refused(expanding, app):
    refused(app, expanding, "hold", {"player": "3", "delta": "1"}, "Player", "3 players", form="hold-3")


# -- issue 20: once-only actions not offered again, bounded dice, the board drawn ---------------------------

def test_a_drawn_objective_is_not_offered_again_and_its_repeat_is_refused(arrived, app, table):
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=3))
    g.do("draw", {"player": "1"}, form="draw-1")
    page = table.get(g.url).get_data(as_text=True)
    assert 'value="draw-1"' not in page and 'value="draw-0"' in page
    assert "Bob</span> has drawn this round" in page
    refused(app, g, "draw", {"player": "1"}, "Discard", "drawn Secondary Objectives this round", "(p.13)",
            form="draw-1")


def test_discoveries_are_offered_in_turn_order_and_the_starting_one_is_refused(arrived, app, table):
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=4))
    s = g.row.state
    first, second = s.turn_order[0], s.turn_order[1]
    page = table.get(g.url).get_data(as_text=True)
    assert f'value="discovery-{first}"' in page and f'value="discovery-{second}"' not in page
    refused(app, g, "discovery", {"player": str(second), "name": "Swift Hulls"}, "Player", "turn to select a Discovery",
            form=f"discovery-{second}")
    g.do("discovery", {"player": str(first), "name": "Swift Hulls"}, form=f"discovery-{first}")
    page = table.get(g.url).get_data(as_text=True)
    assert f'value="discovery-{first}"' not in page and f'value="discovery-{second}"' in page
    cindar = next((i for i, p in enumerate(s.players) if p.faction == al.CINDAR), None)
    if cindar is not None:  # its dashboard's starting Discovery (p.7) counts as one it has (p.13)
        edit(app, g, lambda st: replace(st, applied=tuple(f"discovery:{i}" for i in st.turn_order if i != cindar)))
        refused(app, g, "discovery", {"player": str(cindar), "name": "Targeting Focus"}, "Discovery",
                "already has Targeting Focus", "(p.13)", form=f"discovery-{cindar}")


def test_the_discovery_pick_offers_no_none_and_a_blank_pick_is_refused(arrived, app, table):
    # p.13: "In turn order ... select one Discovery"; with none new, reveal "until you reveal one you do not
    # have": the pick is mandatory. The form offered "<name> takes none", accepted and logged (issue 38).
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=4))
    first = g.row.state.turn_order[0]
    page = table.get(g.url).get_data(as_text=True)
    assert "takes none" not in page and f'value="discovery-pass-{first}"' not in page
    refused(app, g, "discovery", {"player": str(first), "name": ""}, "Discovery", "mandatory", "(p.13)",
            form=f"discovery-{first}")
    assert al.discoverer(g.row.state) == first


def test_the_spawn_asks_for_the_blue_dice_faces_and_refuses_more_hits_than_they_show(arrived, app, table):
    g = arrived
    page = table.get(g.url).get_data(as_text=True)
    assert 'name="spawn_0"' in page and 'name="spawn_1"' in page and 'name="spawn_0_1"' not in page  # no re-roll
    assert "Roll 2 blue dice for me" in page
    refused(app, g, "spawn", {"hits": "99"}, "Blue dice hits", "not 99", "(p.8")
    g.do("spawn", {"spawn_0": "1", "spawn_1": "2*"})  # a * face adds its number only: no explosion (p.11)
    log = table.get(f"{g.url}/log").get_data(as_text=True)
    assert "show 3 hits" in log


def test_no_move_is_offered_after_exploring(expanding, app, table):
    g = expanding
    s, me, home = order_at_home(g)
    assert 'id="move-form"' in table.get(g.url).get_data(as_text=True)
    g.do("explore", {"at": home})
    page = table.get(g.url).get_data(as_text=True)
    assert 'id="move-form"' not in page and "the order's moves are over" in page
    to = next(n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None and not al.units_at(s, n))
    refused(app, g, "move", {"frm": home, "to": to, "kind": "Frigate", "count": "1"}, "To", "then explore", "(p.9, 12)")


def test_the_board_is_drawn_with_every_territory_tappable_and_the_legal_stronghold_spots_outlined(new_game, table):
    g = new_game
    g.do("next")
    s = g.row.state
    page = table.get(g.url).get_data(as_text=True)
    assert page.count('class="terr ') == len(s.tiles) == 39
    for t in s.tiles:
        assert f'data-tile="{t.id}"' in page
    legal = al.stronghold_spots(s)
    assert page.count(" legal\"") == len(legal) < len(s.tiles)  # Crystal Deposits are not offered
    deposit = next(t.id for t in s.tiles if t.kind == "Crystal Deposit")
    assert f'<option value="{deposit}"' not in page and f'<option value="{legal[0]}"' in page


def outlined(page: str) -> set[str]:
    return set(re.findall(r'class="terr[^"]*\blegal\b[^"]*" data-tile="([A-Z][0-9])"', page))


def board_moves(page: str) -> set[tuple[str, str, str, int]]:
    found = re.search(r"id=\"move-form\" data-moves='([^']*)'", page)
    moves = json.loads(html.unescape(found.group(1)))
    return {(key.split(" ")[0], to, key.split(" ")[1], v["_max"]["count"]) for key, tos in moves.items()
            for to, v in tos.items()}


def test_legal_moves_and_retreats_are_outlined_on_the_board(expanding, app, table):
    g = expanding
    s, me, home = order_at_home(g)
    s = g.row.state
    page = table.get(g.url).get_data(as_text=True)
    moves = al.legal_moves(s, app.extensions["game_content"]["aldarra-reborn"])
    targets = {to for _, to, _, _ in moves}
    # the territories a move may start from are outlined; a tap on one lights where it may go (issue 29):
    # the board's move form carries exactly the engine's legal moves, each destination with the most that may go
    assert targets and {frm for frm, _, _, _ in moves} <= outlined(page)
    assert board_moves(page) == {(frm, to, kind, most) for frm, to, kind, most in moves}
    # retreat: the choices of the player to choose are outlined, each a button the board's tap picks
    spot = next(n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None and not al.units_at(s, n))
    enemy = next(i for i in s.turn_order if i != me)
    edit(app, g, lambda st: replace(st, order=al.Order(me, spot), units=st.units + (
        al.Units(spot, enemy, "Outpost", 1), al.Units(spot, me, "Frigate", 1)), combat=al.Combat(
        spot, me, tuple(i for i in st.turn_order if i in (me, enemy)), step="retreat")))
    st = g.row.state
    page = table.get(g.url).get_data(as_text=True)
    choices = al.retreat_choices(st, me)
    assert choices and set(choices) == outlined(page)
    assert all(f'data-tile-pick="{t}"' in page for t in choices)


def test_the_management_offers_only_what_the_rules_take_now(arrived, app, table):
    # Issue 38: a ransom (4 coins, p.16) was offered to a player with 3; the Build list offered territories
    # where nothing can be built (p.13); the Arrodan Syndicate's "draw 2 and choose 1 to keep" (p.16) was
    # not offered at all.
    g = arrived
    s = g.row.state
    syn, other = s.turn_order[0], s.turn_order[1]
    players = tuple(replace(p, faction=al.SYNDICATE if i == syn else al.CINDAR if i == other else al.COALITION)
                    for i, p in enumerate(s.players))
    edit(app, g, lambda st: replace(st, players=players, round=1, phase="management", step=3))
    page = table.get(g.url).get_data(as_text=True)
    assert page.count('name="choose" value="1"') == 1
    g.do("draw", {"player": str(syn), "choose": "1"}, form=f"draw-{syn}")
    assert g.row.state.sides[syn].objectives == al.OBJECTIVES_DEALT + 1
    assert "drew 2 Secondary Objective cards and kept 1" in table.get(f"{g.url}/log").get_data(as_text=True)
    refused(app, g, "draw", {"player": str(other), "choose": "1"}, "Draw 2, keep 1", "Only the Arrodan Syndicate",
            form=f"draw-{other}")
    # the Build step: Bob's ransom short of a coin; the builder (the Syndicate) has a lone Frigate somewhere
    lone = next(t.id for t in s.tiles if t.stronghold is None and not al.units_at(s, t.id))

    def build_step(st):
        sides = tuple(replace(sd, coins=50, hostages=((other, "Frigate", 1),)) if i == syn else
                      replace(sd, coins=3 if i == other else 50) for i, sd in enumerate(st.sides))
        return replace(st, step=5, chooser=0, sides=sides, units=st.units + (al.Units(lone, syn, "Frigate", 1),))
    edit(app, g, build_step)
    st = g.row.state
    assert al.builder(st) == syn
    page = table.get(g.url).get_data(as_text=True)
    ransom = re.search(r'<button class="btn" disabled>[^<]*pays 4 coins[^<]*</button><small class="why">([^<]*)', page)
    assert ransom and "has 3" in html.unescape(ransom.group(1))
    build = re.search(r'id="build-form".*?</form>', page, re.S).group(0)
    offered = set(re.findall(r'<option value="([A-Z][0-9]+)"', build))
    assert lone not in offered and al.stronghold_of(st, syn).id in offered
    refused(app, g, "build", {"player": str(syn), "at": lone, "kind": "Frigate"}, "Territory", "(p.13)")


def test_the_end_of_a_round_waits_only_for_the_players_choices(arrived, app, table):
    # Issue 38: Buying Victory Points is each player's choice (p.13): one Next when nobody buys. Check Win (p.14)
    # and each step whose draws, picks or builds are all done pass by themselves, so the rest of the round's end
    # is the players' own mandatory choices (a draw, a Discovery, a build each, p.13) and no Next at all.
    g = arrived
    edit(app, g, lambda st: replace(st, round=1, phase="management", step=1))
    order = g.row.state.turn_order
    g.do("next")  # nobody buys; nobody has 20 VP: Check Win passes by itself
    assert al.STEPS["management"][g.row.state.step] == "Secondary Objectives"
    for i in order:
        g.do("draw", {"player": str(i)}, form=f"draw-{i}")
    assert al.STEPS["management"][g.row.state.step] == "Discovery"
    for i in order:
        g.do("discovery", {"player": str(i), "name": f"Relic {i}"}, form=f"discovery-{i}")
    assert al.STEPS["management"][g.row.state.step] == "Build"
    for i in order:
        g.do("finish-build", {"player": str(i)})
    s = g.row.state  # Build done: round 2 begins, and its turn order waits for the fewest VP's choice (p.8)
    assert (s.round, s.phase, s.step) == (2, "preparation", 0)
    assert "Build: nothing to decide (p.13) — passed" in table.get(f"{g.url}/log").get_data(as_text=True)
    table.post(f"{g.url}/undo", {"version": str(g.row.version)})  # one Undo: the last build and the step with it
    s = g.row.state
    assert (s.round, s.phase, s.step, s.chooser) == (1, "management", 5, len(order) - 1)

"""The Suriya 162 pages through the test client: a 2-player game from the home page, the terrain draft,
turns through the stepper, a combat with terrain and a tactic card, income, victory, and a 4-player set-up."""
from __future__ import annotations

import html

import pytest

from companion.games import suriya_162 as su
from helpers.games import su_next, Game, set_up, space_id


@pytest.fixture
def su_started(su_game):
    return set_up(su_game)


def test_set_up_gives_starting_cards_and_minerals_by_seat(su_started):
    st = su_started.row.state
    assert st.stage == "play" and st.turn == 0
    assert [(s.hand, s.minerals) for s in st.sides] == [(3, 2), (5, 4)]  # A9, two players
    page = su_started.table.get(su_started.url).get_data(as_text=True)
    assert "Tyra: Upkeep" in page and "Plateau 1" in page


def test_a_turn_with_a_combat_income_and_undo(su_started):
    g = su_started  # Tyra's Upkeep has no Continue card to pay: it passed by itself, her Action Phase waits
    mine, lagoon = space_id(g, "Mine 1"), space_id(g, "Lagoon 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "3"})
    su_next(g)
    su_next(g)  # the card gained: David's Action Phase (his Upkeep passed by itself)
    g.do("summon", {"space": lagoon, "kind": "EU", "units": "1"})
    su_next(g)
    su_next(g)  # Tyra again
    resp = g.do("attack", {"space": mine, "target": lagoon, "attacker_damage": "3",
                           "defender_defend": "2", "defender_tactic": "1", "defender_card1_name": "Brace",
                           "defender_card1_defend": "1"})
    text = resp.get_data(as_text=True)
    assert "Lagoon" in text and "Defend value is 0" in text and "Tactic card 1 of 1, Brace: +0 Damage, +1 V" in text
    st = g.row.state
    assert not any(s.units for s in st.spaces if s.id == lagoon)  # 3 Damage − 0 V destroys the EU
    assert next(s for s in st.spaces if s.id == mine).command
    g.table.post(f"{g.url}/undo", {"version": str(g.row.version)})
    assert any(s.units for s in g.row.state.spaces if s.id == lagoon)


def test_a_four_player_game_places_terrain_in_rounds(app, table):
    resp = table.post("/games/new", {"game": "suriya-162", "name": "Big", **{
        f"{k}_{i}": v for i, (n, c) in enumerate((("A", "red"), ("B", "blue"), ("C", "green"), ("D", "yellow")), 1)
        for k, v in (("name", n), ("color", c))}})
    assert resp.status_code == 204
    g = Game(app, table, resp.headers["HX-Redirect"])
    g.do("roll", {"random": "1"})
    for i in su.seat_order(g.row.state):
        g.do("faction", {"player": str(i), "faction": ("Noah's Ark", "Scarab", "Third faction", "Fourth faction")[i]})
    g.do("hands", {"draw": "1"})  # C2: 3 tiles each from the mix in data/
    assert all(len(h) == 3 for h in g.row.state.draft.hands)
    for _ in range(12):
        st = g.row.state
        g.do("place", {"terrain": st.draft.hands[su.placer(st)][0], "high": "1"})
    su_next(g)
    st = g.row.state
    assert sorted((s.hand, s.minerals) for s in st.sides) == [(3, 1), (4, 2), (5, 3), (6, 4)]


def test_the_income_panel_records_the_card_gained_and_burn_takes_one_from_the_hand(su_started):
    # 3.2 Gain (to the discard pile, Deck-Building Rules 1); Combat 7 Burn from the hand.
    g = su_started
    hand = g.row.state.sides[0].hand
    page = g.do("burn", {"player": "0", "source": "hand"}).get_data(as_text=True)
    assert "Limitations 4" in page and g.row.state.sides[0].hand == hand - 1
    page = g.do("next").get_data(as_text=True)  # the Income Phase
    assert 'id="gain-form"' in page
    page = g.do("gain", {"card": "Hawk Brigade", "source": "central"}).get_data(as_text=True)
    assert "Hawk Brigade from the Central Cards goes to the discard pile" in page
    # with the card gained the Income Phase has nothing left to decide (3.1, 3.3 are applied): Tyra's turn ends by
    # itself, and David's Upkeep (nothing to pay) with it, in the gain's own log entry
    st = g.row.state
    assert (st.turn, st.phase, st.gained) == (1, "action", "")
    log = g.table.get(f"{g.url}/log").get_data(as_text=True)
    assert "Tyra gained Hawk Brigade from the Central Cards; Tyra: Income" in log and "David: Upkeep: nothing to do" in log


# -- issue 20: the map drawn and tapped, adjacency, damage outside combat, the squad limit ------------------

def mapped_set_up(g):
    """The helpers' set-up, each tile placed on the open hex the place form offers first."""
    g.do("roll", {"damage_1": "2", "damage_2": "1"})
    g.do("faction", {"player": "0", "faction": "Noah's Ark"})
    g.do("faction", {"player": "1", "faction": "Scarab"})
    for shown, picks in ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"), ("Forest", "Lagoon", "Desert", "Plateau")),
                         (("Mine", "Mine", "Forest", "Desert", "Plateau"), ("Mine", "Mine", "Forest", "Desert"))):
        g.do("tiles", {f"tile_{i + 1}": t for i, t in enumerate(shown)})
        for t in picks:
            page = g.table.get(g.url).get_data(as_text=True)
            st = g.row.state
            q, r = su.open_spots(st, su.placer(st))[0]
            assert f'<option value="{q},{r}" selected' in page  # the form offers it first
            g.do("place", {"terrain": t, "at": f"{q},{r}", **({"high": "1"} if t == "Plateau" else {})})
    su_next(g)
    return g


def test_the_map_is_drawn_with_its_spaces_and_adjacency_and_open_hexes_to_tap(su_game):
    g = su_game
    g.do("roll", {"damage_1": "2", "damage_2": "1"})
    g.do("faction", {"player": "0", "faction": "Noah's Ark"})
    g.do("faction", {"player": "1", "faction": "Scarab"})
    g.do("tiles", {f"tile_{i + 1}": t for i, t in enumerate(("Forest", "Lagoon", "Desert", "Plateau", "Mine"))})
    page = g.table.get(g.url).get_data(as_text=True)
    assert 'class="smap aboard"' in page and page.count('class="terr open legal"') == len(su.open_spots(g.row.state, 0))
    g.do("place", {"terrain": "Forest", "at": "0,0"})
    st = g.row.state
    assert su.space(st, space_id(g, "Forest 1")).at == (0, 0)
    page = g.table.get(g.url).get_data(as_text=True)
    assert page.count("<line ") == 2  # the Forest touches both Headquarters
    assert f'data-tile="{space_id(g, "Forest 1")}"' in page


def test_a_move_or_attack_to_a_space_not_adjacent_is_refused(su_game, app):
    from helpers.games import refused
    g = mapped_set_up(su_game)
    st = g.row.state
    hq = space_id(g, "Tyra's Headquarter")
    far = next(s.id for s in st.spaces if s.id not in su.adjacent(st, hq) and s.id != hq and s.owner is None
               and s.terrain not in ("Forest", "Lagoon", "Plateau"))
    g.do("summon", {"space": hq, "kind": "BU", "units": "2"})
    refused(app, g, "move", {"space": hq, "to": far}, "Move to", "not adjacent", "C1")
    refused(app, g, "attack", {"space": hq, "target": space_id(g, "David's Headquarter"), "attacker_damage": "2"},
            "Target", "not adjacent", "C2")


def test_a_true_damage_card_removes_units_and_a_card_removes_them_too(su_started, table):
    g = su_started
    mine = space_id(g, "Mine 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "3"})
    page = table.get(g.url).get_data(as_text=True)
    assert 'id="true-damage-form"' in page and 'id="remove-form"' in page
    page = g.do("true-damage", {"space": mine, "damage": "2", "source": "Plasma Shower"}).get_data(as_text=True)
    assert "Plasma Shower: 2 True Damage" in page
    assert len(su.space(g.row.state, mine).units) == 1
    g.do("remove", {"space": mine, "bu": "1", "source": "Purge"})
    assert su.space(g.row.state, mine).units == () and su.space(g.row.state, mine).owner is None


def test_a_seventh_unit_returns_to_the_tray_when_the_table_says_so(su_started):
    g = su_started
    mine = space_id(g, "Mine 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "6"})
    page = g.do("summon", {"space": mine, "kind": "EU", "units": "1", "excess": "on"}).get_data(as_text=True)
    assert "stay on the Player Tray" in page and len(su.space(g.row.state, mine).units) == 6


def test_the_stepper_counts_rounds(su_started, table):
    g = su_started
    for _ in range(2):  # to the Income Phase, then its card gained: the turn ends (David's Upkeep passes by itself)
        su_next(g)  # Tyra's turn ends
    assert su.current_step(g.row.state).round == 1 and g.row.state.turn == 1


def test_combat_dice_are_tapped_faces_and_the_app_rolls_only_when_asked(su_started, app):
    # Issue 29: an attack is chosen with one tap; both sides' dice are face buttons, one die per unit and the
    # Attack Die (Combat 1); a die not tapped is refused unless "Roll for me" was pressed for it.
    from helpers.games import refused
    g = su_started
    mine = space_id(g, "Mine 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    hq = space_id(g, "David's Headquarter")
    assert (mine, hq) in su.attack_choices(g.row.state)
    assert su.combat_dice(g.row.state, mine, True) == ("basic", "basic", "attacker")
    page = g.table.get(f"{g.url}?space={mine}&target={hq}").get_data(as_text=True)
    assert 'name="attacker_face_2"' in page and 'name="attacker_face_3"' not in page
    assert "No Squad: no dice" in page  # David's Headquarter defends with its Base alone
    refused(app, g, "attack", {"space": mine, "target": hq, "attacker_face_0": "1,0,0", "attacker_face_1": "1,0,0"},
            "Attacker's dice", "attacker's die 3 (attacker)", "1 of 3 not tapped", "Roll for me")
    resp = g.do("attack", {"space": mine, "target": hq, "attacker_face_0": "1,0,0", "attacker_face_1": "0,1,0",
                           "attacker_face_2": "2,0,0"})
    assert "The attacker rolled 3 Damage, 1 V, 0 T" in resp.get_data(as_text=True)
    g.table.post(f"{g.url}/undo", {"version": str(g.row.version)})
    resp = g.do("attack", {"space": mine, "target": hq, "attacker_face_0": "1,0,0", "attacker_face_1": "1,0,0",
                           "roll": "1"})  # the Attack Die, not tapped, rolled by the app: asked for
    assert resp.status_code == 200 and g.row.state.combat


def test_the_terrain_hands_are_tapped_not_picked_from_lists(app, table):
    # Issue 29: C2's hands of 3 players were 9 dropdowns; each tile is now one tap on its terrain's button.
    resp = table.post("/games/new", {"game": "suriya-162", "name": "Three", **{
        f"{k}_{i}": v for i, (n, c) in enumerate((("A", "red"), ("B", "blue"), ("C", "green"), ("", "yellow")), 1)
        for k, v in (("name", n), ("color", c))}})
    g = Game(app, table, resp.headers["HX-Redirect"])
    g.do("roll", {"random": "1"})
    for i in su.seat_order(g.row.state):
        g.do("faction", {"player": str(i), "faction": ("Noah's Ark", "Scarab", "Third faction")[i]})
    page = table.get(g.url).get_data(as_text=True)
    form = page[page.index('id="hands-form"'):page.index("</form>", page.index('id="hands-form"'))]
    assert "<select" not in form
    assert form.count('type="radio" name="hand_1_1"') == form.count('type="radio" name="hand_3_3"') >= 4
    g.do("hands", {f"hand_{i}_{k}": t for i in (1, 2, 3) for k, t in zip((1, 2, 3), ("Forest", "Desert", "Mine"))})
    assert g.row.state.draft.hands[0] == ("Forest", "Desert", "Mine")


def test_the_one_re_roll_of_a_higher_tray_is_tapped_under_its_die(su_started, app):
    # Combat 1: a Squad on a Higher Terrain Tray re-rolls one die once; the re-roll's face replaces the die's.
    from dataclasses import replace

    from helpers.games import refused, rewrite
    g = su_started
    mine, hq = space_id(g, "Mine 1"), space_id(g, "David's Headquarter")
    g.do("summon", {"space": mine, "kind": "BU", "units": "1"})
    rewrite(app, lambda st: replace(st, spaces=tuple(replace(s, high=True) if s.id == mine else s for s in st.spaces)))
    page = g.table.get(f"{g.url}?space={mine}&target={hq}").get_data(as_text=True)
    assert 'name="attacker_reroll_0"' in page and "Re-roll" in page
    faces = {"space": mine, "target": hq, "attacker_face_0": "0,0,0", "attacker_face_1": "0,0,1"}
    refused(app, g, "attack", {**faces, "attacker_reroll_0": "1,0,0", "attacker_reroll_1": "1,0,0"},
            "Attacker's re-roll", "Only one die")
    resp = g.do("attack", {**faces, "attacker_reroll_0": "1,0,0"})
    text = resp.get_data(as_text=True)
    assert "re-rolled one die" in text and "The attacker rolled 1 Damage, 0 V, 1 T" in text


def test_the_first_player_roll_is_the_attacker_dies_faces_tapped(su_game):
    # A1 and issue 29: each player's Attacker Die as face buttons; a tapped face gives its Damage symbols.
    page = su_game.table.get(su_game.url).get_data(as_text=True)
    form = page[page.index('id="roll-form"'):page.index("</form>", page.index('id="roll-form"'))]
    assert 'type="radio" name="face_1" value="2"' in form and 'type="radio" name="face_2" value="2"' in form
    su_game.do("roll", {"face_1": "1", "face_2": "2"})
    assert su_game.row.state.first == 1


# -- issue 29: the common actions as taps, only legal ones offered -------------------------------------------

def _form(page: str, form_id: str) -> str:
    start = page.index(f'id="{form_id}"')
    return page[start:page.index("</form>", start)]


def test_the_draft_is_tapped_and_a_tile_is_placed_by_a_tap_on_its_open_hex(su_game):
    # B2: the 5 tiles shown were 5 dropdowns, now a row of terrain buttons each; B3: the tile placed is a tap on
    # one of the shown terrains, then one on an open hex, which sends it (data-moves), a Plateau high (B4).
    import json
    import re
    g = su_game
    g.do("roll", {"damage_1": "2", "damage_2": "1"})
    g.do("faction", {"player": "0", "faction": "Noah's Ark"})
    g.do("faction", {"player": "1", "faction": "Scarab"})
    tiles = _form(g.table.get(g.url).get_data(as_text=True), "tiles-form")
    assert "<select" not in tiles
    for n in range(1, 6):
        assert tiles.count(f'type="radio" name="tile_{n}"') == 5  # Desert, Forest, Lagoon, Plateau, Mine
    g.do("tiles", {f"tile_{i + 1}": t for i, t in enumerate(("Forest", "Plateau", "Desert", "Desert", "Mine"))})
    place = _form(g.table.get(g.url).get_data(as_text=True), "place-form")
    offered = re.findall(r'type="radio" name="terrain" value="([^"]+)"', place)
    assert offered == ["Forest", "Plateau", "Desert", "Mine"]  # the shown tiles, no Lagoon
    moves = json.loads(html.unescape(re.search(r"data-moves='([^']*)'", place).group(1)))
    spots = [f"{q},{r}" for q, r in su.open_spots(g.row.state, su.placer(g.row.state))]
    assert sorted(moves) == ["open Desert", "open Forest", "open Mine", "open Plateau"]
    assert sorted(moves["open Forest"]) == sorted(spots) and moves["open Forest"][spots[0]] == {}
    assert moves["open Plateau"][spots[0]] == {"high": "on"}
    g.do("place", {"terrain": "Plateau", "at": spots[0], **moves["open Plateau"][spots[0]]})  # what the taps send
    assert su.space(g.row.state, space_id(g, "Plateau 1")).high


def test_an_attack_is_chosen_on_the_map_among_the_engines_attacks(su_started):
    # Issue 29: the attacks were a row of links; the map's attack form carries the engine's attacks (a tap on
    # the Squad's Space, then the lit target's, sends ?space=&target=) and the page then offers the dice.
    import json
    import re
    g = su_started
    mine, hq = space_id(g, "Mine 1"), space_id(g, "David's Headquarter")
    g.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    page = g.table.get(g.url).get_data(as_text=True)
    pick = _form(page, "attack-pick")
    moves = json.loads(html.unescape(re.search(r"data-moves='([^']*)'", pick).group(1)))
    assert moves == {frm: {to: {} for f, to in su.attack_choices(g.row.state) if f == frm}
                     for frm, _ in su.attack_choices(g.row.state)} and moves[mine] == {hq: {}}
    assert 'method="get"' in page[page.index('id="attack-pick"') - 200:page.index('id="attack-pick"')]
    assert '<a class="btn' not in page[page.index('id="combat"'):page.index("</section>", page.index('id="combat"'))]
    page = g.table.get(f"{g.url}?space={mine}&target={hq}").get_data(as_text=True)
    assert 'id="attack-form"' in page and "Mine 1 attacks David&#39;s Headquarter" in page
    page = g.table.get(f"{g.url}?space={hq}&target={mine}").get_data(as_text=True)  # not one of the engine's
    assert 'id="attack-form"' not in page


def test_a_command_action_is_offered_only_while_a_squad_may_take_a_command_token(su_started, app):
    # Command Tokens 2, A6: Extract was offered for any own Squad and then refused; a Base only where one may go.
    from dataclasses import replace

    from helpers.games import rewrite
    g = su_started
    mine, forest = space_id(g, "Mine 1"), space_id(g, "Forest 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "1"})
    g.do("summon", {"space": forest, "kind": "BU", "units": "1"})
    g.do("build-base", {"space": forest})
    page = g.table.get(g.url).get_data(as_text=True)
    base = _form(page, "base-form")
    assert f'value="{mine}"' in base and f'value="{forest}"' not in base  # Forest 1 holds a Base already
    assert f'value="{forest}"' in _form(page, "extract-form")
    rewrite(app, lambda st: replace(st, spaces=tuple(replace(s, command=True) if s.owner == 0 and s.units else s
                                                     for s in st.spaces)))
    page = g.table.get(g.url).get_data(as_text=True)
    assert 'id="extract-form"' not in page and 'id="no-command"' in page
    assert "only one Command Token can be placed" in html.unescape(page)  # the engine's reason, cited


def test_a_tactic_cards_bonus_is_a_tap(su_started):
    # Combat 2-4: each Tactic card's +Damage and +V were typed; they are a row of buttons each, 0 to 9.
    g = su_started
    mine, hq = space_id(g, "Mine 1"), space_id(g, "David's Headquarter")
    g.do("summon", {"space": mine, "kind": "BU", "units": "1"})
    form = _form(g.table.get(f"{g.url}?space={mine}&target={hq}").get_data(as_text=True), "attack-form")
    for side in su.SIDES:
        for k in (1, 2, 3):
            for what in ("damage", "defend"):
                assert form.count(f'type="radio" name="{side}_card{k}_{what}"') == 10
                assert f'type="number" name="{side}_card{k}_{what}"' not in form
    resp = g.do("attack", {"space": mine, "target": hq, "attacker_face_0": "0,0,1", "attacker_face_1": "2,0,0",
                           "attacker_card1_name": "Charge", "attacker_card1_damage": "2"})
    assert "Tactic card 1 of 1, Charge: +2 Damage" in resp.get_data(as_text=True)


def test_only_the_player_choosing_a_faction_is_offered_the_factions_left(su_game):
    # A2: from the first player, clockwise, one tray per faction; the page offered every faction to every player.
    import re
    g = su_game
    g.do("roll", {"damage_1": "1", "damage_2": "2"})  # David goes first
    page = g.table.get(g.url).get_data(as_text=True)
    assert 'id="faction-1"' in page and 'id="faction-0"' not in page and "chooses after David" in page
    g.do("faction", {"player": "1", "faction": "Scarab"})
    form = _form(g.table.get(g.url).get_data(as_text=True), "faction-0")
    options = [html.unescape(o) for o in re.findall(r'<option value="([^"]*)"', form)]
    assert "Noah's Ark" in options and "Scarab" not in options  # taken by David


def test_discard_play_and_summon_are_offered_only_where_the_engine_takes_them(su_started, app):
    # 2. Action, A-B: no card in hand, no Play nor Discard (their reasons instead), a cost up to the Minerals held;
    # Limitations 1: a Space held by another player is not offered to summon onto.
    from helpers.games import rewrite
    g = su_started
    page = g.table.get(g.url).get_data(as_text=True)
    hq = space_id(g, "David's Headquarter")
    assert 'id="discard-form"' in page and f'value="{hq}"' not in _form(page, "summon-form")
    minerals = g.row.state.sides[0].minerals  # The Cards: a player cannot pay Minerals they do not have
    assert 'name="cost"' in _form(page, "play-form") and f'max="{minerals}"' in _form(page, "play-form")
    rewrite(app, lambda st: su.with_side(st, 0, hand=0))
    page = g.table.get(g.url).get_data(as_text=True)
    assert 'id="discard-form"' not in page and "Tyra has no card in hand to discard." in page
    assert 'id="play-form"' not in page and "Tyra has no card in hand to play." in page


# -- issue 38: the attack's roll as counts, one tap for the re-roll, what was typed once offered again -------------

def _four_against_three(g):
    """Tyra's 3 BU in the Mine and David's 3 BU in the Lagoon (a Higher Terrain Tray), Tyra's Action Phase."""
    mine, lagoon = space_id(g, "Mine 1"), space_id(g, "Lagoon 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "3"})
    su_next(g), su_next(g)  # David's Action Phase (his Upkeep, nothing to pay, passes by itself)
    g.do("summon", {"space": lagoon, "kind": "BU", "units": "3"})
    su_next(g), su_next(g)  # Tyra's Action Phase (her Upkeep passes by itself)
    return mine, lagoon


def test_an_attack_of_4_dice_against_3_with_a_re_roll_is_a_tap_per_count(su_started):
    # Combat 1: 3 Basic Dice and the Attack Die against 3 Basic Dice, the defender on a Higher Terrain Tray. The
    # form offers each side's roll as one row of counts (Damage, V, T: a tap each, 0 up to what its dice can show)
    # and the re-roll as one tap; rows not tapped count 0.
    g = su_started
    mine, lagoon = _four_against_three(g)
    page = html.unescape(g.table.get(f"{g.url}?space={mine}&target={lagoon}").get_data(as_text=True))
    assert "Attacker: Mine 1 — 3 Basic Dice and the Attack Die" in page and "Defender: Lagoon 1 — 3 Basic Dice" in page
    assert 'aria-label="Attacker\'s Damage: 8"' in page and 'aria-label="Attacker\'s Damage: 9"' not in page  # 2 a die
    assert 'aria-label="Defender\'s V: 6"' in page and 'aria-label="Defender\'s V: 7"' not in page
    assert 'name="defender_rerolled"' in page and 'name="attacker_rerolled"' not in page  # the Mine is not high
    text = html.unescape(g.do("attack", {"space": mine, "target": lagoon, "attacker_damage": "3", "attacker_defend": "1",
                                         "defender_defend": "2", "defender_rerolled": "on"}).get_data(as_text=True))
    assert "re-rolled one die: the roll entered is the one after it (Combat 1)" in text
    log = g.table.get(f"{g.url}/log").get_data(as_text=True)
    line = html.unescape(log)
    assert "the defender (David, Lagoon 1) rolled 3 Basic Dice: 0 Damage, 2 V, 0 T, one die re-rolled" in line
    assert "the defender takes 3 Damage − 0 V = 3: 3 BU destroyed" in line  # the Lagoon's V is 0
    assert su.space(g.row.state, lagoon).units == ()


def test_an_attack_with_no_roll_or_a_re_roll_off_a_higher_tray_is_refused(su_started, app):
    from helpers.games import refused
    g = su_started
    mine, lagoon = _four_against_three(g)
    refused(app, g, "attack", {"space": mine, "target": lagoon, "attacker_damage": "3"}, "Defender's dice",
            "Tap the defender's roll", "Combat 1")
    refused(app, g, "attack", {"space": mine, "target": lagoon, "attacker_damage": "3", "attacker_rerolled": "on",
                               "defender_defend": "1"}, "Attacker's re-roll", "not on a Higher Terrain Tray", "Combat 1")


def test_tactic_cards_and_generals_typed_once_are_offered_again(su_started, app):
    # Issue 38: "what a Suriya player types once in a game is offered again": a Tactic card's name and effect, a
    # General's name and HP (Limitations 3), each one tap the next time; a name never typed is refused.
    from helpers.games import refused
    g = su_started
    mine, lagoon = _four_against_three(g)
    g.do("summon", {"space": mine, "kind": "GU", "hp": "4", "name": "Kael Voss"})
    g.do("attack", {"space": mine, "target": lagoon, "attacker_damage": "1", "attacker_tactic": "1",
                    "attacker_card1_name": "Ambush", "attacker_card1_damage": "2", "defender_defend": "0"})
    su_next(g), su_next(g)  # David's Action Phase (his Upkeep, nothing to pay, passes by itself)
    page = html.unescape(g.table.get(g.url).get_data(as_text=True))
    assert 'aria-label="General Kael Voss, 4 HP"' in page
    # and as the name boxes are filled: the General's name, the card names typed (a card gained, a card's damage)
    assert '<datalist id="typed-generals"><option value="Kael Voss">' in page
    assert '<datalist id="typed-cards"><option value="Ambush">' in page and 'list="typed-cards"' in page
    refused(app, g, "summon", {"space": lagoon, "kind": "BU", "general": "Nobody"}, "General summoned before",
            "No General 'Nobody'")
    g.do("summon", {"space": lagoon, "kind": "BU", "general": "Kael Voss"})  # David's own Kael Voss, by name
    assert su.space(g.row.state, lagoon).units[-1] == su.Unit("GU", 4, "Kael Voss")
    su_next(g), su_next(g)  # Tyra's Action Phase (her Upkeep passes by itself)
    page = html.unescape(g.table.get(f"{g.url}?space={mine}&target={lagoon}").get_data(as_text=True))
    assert 'aria-label="Card 1, played before: Ambush"' in page and "+2 Dmg" in page
    refused(app, g, "attack", {"space": mine, "target": lagoon, "attacker_damage": "1", "attacker_tactic": "1",
                               "attacker_card1_known": "Feint", "defender_defend": "0"},
            "Attacker's Tactic card 1, played before", "No Tactic card 'Feint'", "Combat 2-4")
    text = html.unescape(g.do("attack", {"space": mine, "target": lagoon, "attacker_damage": "1", "attacker_tactic": "1",
                                         "attacker_card1_known": "Ambush", "defender_defend": "0"}).get_data(as_text=True))
    assert "Tactic card 1 of 1, Ambush: +2 Damage, +0 V" in text

"""The Suriya 162 pages through the test client: a 2-player game from the home page, the terrain draft,
turns through the stepper, a combat with terrain and a tactic card, income, victory, and a 4-player set-up."""
from __future__ import annotations

import pytest

from companion.games import suriya_162 as su
from helpers.games import Game, set_up, space_id


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
    g = su_started
    g.do("next")  # Tyra's Action Phase
    mine, lagoon = space_id(g, "Mine 1"), space_id(g, "Lagoon 1")
    g.do("summon", {"space": mine, "kind": "BU", "units": "3"})
    g.do("next")
    g.do("next")  # David
    g.do("next")
    g.do("summon", {"space": lagoon, "kind": "EU", "units": "1"})
    g.do("next")
    g.do("next")  # Tyra again
    g.do("next")
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
    g.do("next")
    st = g.row.state
    assert sorted((s.hand, s.minerals) for s in st.sides) == [(3, 1), (4, 2), (5, 3), (6, 4)]


def test_the_income_panel_records_the_card_gained_and_burn_takes_one_from_the_hand(su_started):
    # 3.2 Gain (to the discard pile, Deck-Building Rules 1); Combat 7 Burn from the hand.
    g = su_started
    hand = g.row.state.sides[0].hand
    page = g.do("burn", {"player": "0", "source": "hand"}).get_data(as_text=True)
    assert "Limitations 4" in page and g.row.state.sides[0].hand == hand - 1
    g.do("next")
    page = g.do("next").get_data(as_text=True)  # the Income Phase
    assert 'id="gain-form"' in page
    page = g.do("gain", {"card": "Hawk Brigade", "source": "central"}).get_data(as_text=True)
    assert "Hawk Brigade from the Central Cards goes to the discard pile" in page
    assert g.row.state.gained == "central"

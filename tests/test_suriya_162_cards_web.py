"""A Suriya 162 card typed once (issue 34): after its first play the page offers it by name with its costs, one
tap through the same command path (a form, then the rules' play_known); undo takes it back with the play that
typed it; an unknown name is refused 422 naming the field; the export carries the cards."""
from __future__ import annotations

import io

import pytest

from companion.games import suriya_162 as su
from helpers.games import su_next, game_state, refused, set_up
from helpers.page_player import parse_page


@pytest.fixture
def acting(su_game):
    g = set_up(su_game)  # Tyra's Upkeep has nothing to pay: her Action Phase, 3 cards, 2 Minerals (A9)
    return g


def _page(g):
    return parse_page("http://localhost" + g.url, 200, g.table.get(g.url).get_data(as_text=True))


def _known(page):
    """The one-tap offers to play a card again, by the card they play."""
    return {dict((c.name, c.value) for c in o.controls)["card"]: o for o in page.offers
            if o.path.endswith("/do/play-known")}


def _tap(g, offer):
    assert all(c.kind == "hidden" for c in offer.controls), "one tap: the page fixed every value"
    values = [(c.name, c.value) for c in offer.controls if c.name != "version"] + [("version", str(g.row.version))]
    resp = g.table.post(offer.path, dict(values))
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]
    return resp


def _to_davids_action(g):
    for _ in range(2):  # Tyra's Income, her card gained: David's Action (his Upkeep, nothing to pay, passes)
        su_next(g)


def test_a_card_played_twice_in_a_game_is_typed_once_on_the_page(acting):
    g = acting
    assert _known(_page(g)) == {} and "known-cards" not in g.table.get(g.url).get_data(as_text=True)
    answer = g.do("play", {"card": "Drill", "cost": "1", "continue_cost": "1"}).get_data(as_text=True)
    assert 'aria-label="Play Drill again"' in answer  # the htmx answer to the play already offers it
    body = g.table.get(g.url).get_data(as_text=True)
    assert "Play again, as typed before" in body and 'aria-label="Play Drill again"' in body
    assert "Drill <small>1 Mineral · Continue 1</small>" in body
    _to_davids_action(g)
    (offer,) = _known(_page(g)).values()
    assert offer.text.split() == ["Drill", "1", "Mineral", "·", "Continue", "1"]
    _tap(g, offer)
    st = g.row.state
    assert (st.sides[1].hand, st.sides[1].minerals) == (4, 3)  # David's 5 cards and 4 Minerals, less Drill
    assert [(c.name, c.cost) for c in st.sides[1].continuing] == [("Drill", 1)]
    assert st.known_cards == (su.KnownCard("Drill", 1, 1),)  # typed once, played twice
    assert "David played Drill for 1 Mineral" in g.table.get(g.url).get_data(as_text=True)


def test_undoing_the_play_that_typed_a_card_forgets_it_and_redo_brings_it_back(acting):
    g = acting
    g.do("play", {"card": "Drill", "cost": "1", "continue_cost": "1"})
    g.table.post(f"{g.url}/undo", {"version": str(g.row.version)})
    assert g.row.state.known_cards == () and g.row.state.sides[0].minerals == 2
    assert _known(_page(g)) == {}
    g.do("play-known", {"card": "Drill"}, status=422)
    g.table.post(f"{g.url}/redo", {"version": str(g.row.version)})
    assert g.row.state.known_cards == (su.KnownCard("Drill", 1, 1),)
    assert list(_known(_page(g))) == ["Drill"]
    # a retyping undone brings back the costs typed before
    g.do("play", {"card": "Drill", "cost": "0"})
    assert g.row.state.known_cards == (su.KnownCard("Drill", 0, None),)
    g.table.post(f"{g.url}/undo", {"version": str(g.row.version)})
    assert g.row.state.known_cards == (su.KnownCard("Drill", 1, 1),)


def test_a_card_the_rules_would_refuse_is_shown_disabled_with_the_reason(acting):
    g = acting
    g.do("play", {"card": "First Base", "cost": "2"})  # Tyra has no Mineral left
    page = _page(g)
    assert _known(page) == {}  # not offered as a press
    body = page.html
    assert 'aria-label="Play First Base again" disabled' in body and "cannot pay Minerals" in body
    assert 'class="note known-refused">First Base costs 2 Minerals; Tyra has 0.' in body


def test_an_unknown_card_name_is_refused_naming_the_field(app, acting):
    refused(app, acting, "play-known", {"card": "Drill"}, "Card", "has not been played in this game")
    refused(app, acting, "play-known", {}, "Card", "Required")
    acting.do("play", {"card": "Drill", "cost": "1"})
    refused(app, acting, "play-known", {"card": "Dril"}, "Card", "'Dril' has not been played")


def test_the_cards_played_travel_with_the_exported_game(app, table, acting):
    acting.do("play", {"card": "Drill", "cost": "1", "continue_cost": "1"})
    exported = table.get(f"{acting.url}/export").get_data()
    resp = table.post("/games/import", {"game_file": (io.BytesIO(exported), "g.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code in (204, 303)
    assert game_state(app, 2).state.known_cards == (su.KnownCard("Drill", 1, 1),)


def test_the_tactic_cards_and_generals_typed_travel_with_the_exported_game(app, table, acting):
    # Issue 38: what a game remembers as typed (a General's name and HP, a Tactic card's name and effect) is part
    # of the game, so it leaves with the exported file and comes back with the import.
    from dataclasses import replace

    from helpers.games import rewrite
    rewrite(app, lambda st: replace(st, known_tactics=(su.TacticCard("Ambush", 2),),
                                    known_generals=(su.Unit("GU", 4, "Kael Voss"),)))
    exported = table.get(f"{acting.url}/export").get_data()
    resp = table.post("/games/import", {"game_file": (io.BytesIO(exported), "g.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code in (204, 303)
    st = game_state(app, 2).state
    assert st.known_tactics == (su.TacticCard("Ambush", 2),) and st.known_generals == (su.Unit("GU", 4, "Kael Voss"),)

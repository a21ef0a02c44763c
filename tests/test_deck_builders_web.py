"""Deck builders after a refused deck (issue 20): every count the player sent stays, the offending line is marked."""
from __future__ import annotations

import re

from helpers.games import game_state


def _selected(body: str, card: str) -> str:
    m = re.search(rf'<option value="{re.escape(card)}×(\d+)" selected', body)
    return m.group(1) if m else "0"


def test_shattered_empires_keeps_every_count_after_a_refused_deck(app, new_se):
    g = new_se
    g.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    cards = ["Autofactory×4", "Ore Refinery×3", "Ace Pilot×5", "Frigate×2"]
    resp = g.do("deck", {"player": "0", "cards": cards}, form="deck-0", status=422)
    body = resp.get_data(as_text=True)
    assert "Ace Pilot ×5" in body
    assert [_selected(body, c) for c in ("Autofactory", "Ore Refinery", "Ace Pilot", "Frigate")] == ["4", "3", "5", "2"]
    marked = re.findall(r'<label class="field offending" aria-invalid=true><span>([^<(]+)', body)
    assert [m.strip() for m in marked] == ["Ace Pilot"]
    assert game_state(app).state.sides[0].deck == ()


def test_lost_empires_keeps_every_tick_after_a_refused_deck(app, new_game):
    g = new_game
    g.do("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"})
    g.do("faction", {"player": "0", "faction": "Feng"})
    feng = [c.name for f in app.extensions["game_content"]["lost-empires"].factions if f.name == "Feng" for c in f.cards][:3]
    resp = g.do("deck", {"player": "0", "cards": [f"{n}×2" for n in feng]}, form="deck-0", status=422)
    body = resp.get_data(as_text=True)
    ticked = re.findall(r'value="([^"]+)×2" checked', body)
    assert ticked == feng


def test_lost_empires_use_this_deck_with_nothing_ticked_is_refused_not_a_500(app, new_game):
    # Found by the seeded page player (issue 29's run): no card ticked sent no "cards" at all.
    g = new_game
    g.do("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"})
    g.do("faction", {"player": "0", "faction": "Feng"})
    resp = g.do("deck", {"player": "0"}, form="deck-0", status=422)
    assert "A deck is 18 cards" in resp.get_data(as_text=True) and game_state(app).state.sides[0].deck == ()


def test_shattered_empires_use_this_deck_with_no_card_is_refused_not_a_500(app, new_se):
    g = new_se
    g.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    resp = g.do("deck", {"player": "0"}, form="deck-0", status=422)
    assert "at least 40 cards" in resp.get_data(as_text=True) and game_state(app).state.sides[0].deck == ()

"""Bad input to a game: HTTP 422, one message naming the field (and for a rule, the rule and its page),
and the database exactly as it was."""
from __future__ import annotations

import html
import io
import json

import pytest

from helpers.bad_input import shown_errors
from helpers.games import play, refused, snapshot


def deck_data(player, cards):
    return {"player": player, "cards": [f"{name}×{n}" for name, n in cards.items()]}


FENG = ["Eye of Gliese", "Cyber Trooper", "Ferrick Hulk", "Frontline Patroller", "Fellgrin Captain", "Hound",
        "Edgeguard", "March Orders", "Blast Fire"]


@pytest.fixture
def choosing(new_game):
    g = new_game
    g.do("roll", {"die_1a": "3", "die_1b": "3", "die_2a": "1", "die_2b": "1"})
    g.do("faction", {"player": "0", "faction": "Feng"})
    return g


def test_a_deck_of_17_cards_is_refused(app, choosing):
    cards = {name: 2 for name in FENG}
    cards["Hound"] = 1
    refused(app, choosing, "deck", deck_data("0", cards), "Deck", "this one has 17", "(p.4)", form="deck-0")


def test_a_third_copy_is_refused(app, choosing):
    cards = {name: 2 for name in FENG[:8]}
    cards["Hound"] = 3
    cards["Blast Fire"] = 1
    refused(app, choosing, "deck", deck_data("0", cards), "Deck", "At most 2 copies", "Hound ×3", form="deck-0")


def test_a_faction_taken_by_the_other_player_is_refused(app, choosing):
    refused(app, choosing, "faction", {"player": "1", "faction": "Feng"}, "Faction", "same faction",
            form="faction-1")


def test_a_unit_moved_to_a_non_adjacent_battlefield_is_refused(app, started):
    play(started, "Frontline Patroller", keywords="FRONTLINE")
    started.do("activate", {"unit": "u1", "token": "command"})
    refused(app, started, "move", {"unit": "u1", "to": "center"}, "Battlefield", "not adjacent", "(p.9)")


def test_a_second_activation_in_a_turn_is_refused(app, started):
    play(started, "Frontline Patroller", keywords="FRONTLINE")
    play(started, "Hound", command="0", supply="1", keywords="FRONTLINE")
    started.do("activate", {"unit": "u1", "token": "command"})
    refused(app, started, "activate", {"unit": "u2", "token": "command"}, "Unit", "Only 1 Activate a Unit order per turn",
            "(p.8)")


def test_a_negative_die_is_refused(app, started):
    play(started, "Frontline Patroller", keywords="FRONTLINE")
    started.do("activate", {"unit": "u1", "token": "command"})
    refused(app, started, "attack", {"attacker": "u1", "defender": "u1", "attack_die": "-1", "defense_die": "2"},
            "Attacker's die", "is not a face")


@pytest.mark.parametrize("data, label, words", [
    ({"card": "Hound", "control": "1", "offense": "2", "defense": "2", "command": "5"}, "Command", ["from 0 to 4"]),
    ({"card": "Hound", "control": "1", "offense": "2", "defense": "2", "command": "2", "supply": "0"},
     "Cost", ["round 1: only 2 command"]),  # 2 command are fine; see the next row for 3 in total
    ({"card": "Hound", "offense": "2", "defense": "2", "command": "1"}, "Control", ["Required."]),
    ({"card": "Hound", "control": "-1", "offense": "2", "defense": "2", "command": "1"}, "Control", ["from 0 to 9"]),
    ({"card": "Dust Marine", "control": "1", "offense": "2", "defense": "2", "command": "1"}, "Card",
     ["not in Ann's deck"]),
    ({"card": "Hound", "control": "1", "offense": "2", "defense": "2", "command": "1", "keywords": "FLYING"},
     "Keywords", ["Choose one of the keywords."]),
])
def test_a_unit_played_against_the_rules_or_with_bad_values(app, started, data, label, words):
    if label == "Cost":
        play(started, "Hound", command="1")  # 1 of the round's 2 command spent: 2 more is too much
    refused(app, started, "play-unit", data, label, *words, form="play")


def test_ending_a_turn_without_a_mandatory_order_is_refused(app, started):
    refused(app, started, "end-turn", {}, "Turn", "must Pass (p.8)", form="turn")


def test_the_stepper_refuses_to_begin_without_decks(app, choosing):
    refused(app, choosing, "next", {}, "Round 1", "(p.3)", form="step")


@pytest.mark.parametrize("data, label, words", [
    ({"name_1": ""}, "Player 1", ["Required."]),
    ({"name_2": "ann"}, "Player 2", ["Two players are called"]),
    ({"color_2": "red"}, "Color 2", ["Two players have the color red"]),
    ({"color_1": "pink"}, "Color 1", ["Choose one of the options."]),
    ({"game": "chess"}, "Game", ["Choose one of the options."]),
    ({"name": "x" * 200}, "Name", ["At most 80 characters."]),
])
def test_a_new_game_with_bad_fields_is_refused(app, table, data, label, words):
    before = snapshot(app)
    form = {"_form": "new-game", "game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
            "name_2": "Bob", "color_2": "blue", **data}
    resp = table.post("/games/new", form)
    assert resp.status_code == 422
    errors = {html.unescape(k): html.unescape(v) for k, v in shown_errors(resp).items()}
    assert label in errors and all(w in errors[label] for w in words), errors
    assert snapshot(app) == before


def test_a_bad_game_file_is_not_imported(app, table, started):
    doc = json.loads(table.client.get(f"{started.url}/export").get_data(as_text=True))
    doc["state"]["sides"][0]["artifacts"] = -3
    before = snapshot(app)
    resp = table.post("/games/import", {"_form": "import-game", "game_file": (io.BytesIO(json.dumps(doc).encode()), "x.json")})
    assert resp.status_code == 422
    assert "state.sides.0.artifacts" in shown_errors(resp)["Game file"]
    assert snapshot(app) == before

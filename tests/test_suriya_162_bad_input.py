"""Bad input to a Suriya 162 game: HTTP 422, one message naming the field and the rule broken (with its
rulebook section), and the database exactly as it was."""
from __future__ import annotations

import pytest

from helpers.games import su_next, refused, set_up, space_id


@pytest.fixture
def acting(su_game):
    g = set_up(su_game)  # Tyra's Upkeep has nothing to pay: it passed by itself, her Action Phase waits
    return g


def test_a_seventh_unit_in_a_squad(app, acting):
    mine = space_id(acting, "Mine 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "6"})
    refused(app, acting, "summon", {"space": mine, "kind": "EU", "units": "1"}, "Space", "at most 6 units",
            "Limitations 2")


def test_a_seventh_unit_moving_into_a_full_squad(app, acting):
    mine, desert = space_id(acting, "Mine 1"), space_id(acting, "Desert 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "6"})
    acting.do("summon", {"space": desert, "kind": "BU", "units": "1"})
    refused(app, acting, "move", {"space": desert, "to": mine}, "Move to", "at most 6 units", "Limitations 2")


def test_a_second_command_token_on_one_space(app, acting):
    mine = space_id(acting, "Mine 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    acting.do("extract", {"space": mine})
    refused(app, acting, "extract", {"space": mine}, "Space", "only one Command Token", "Command Tokens 2")


def test_a_command_to_an_exhausted_squad(app, acting):
    mine = space_id(acting, "Mine 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    acting.do("exhaust", {"space": mine})
    refused(app, acting, "move", {"space": mine, "to": space_id(acting, "Desert 1")}, "Space",
            "cannot receive new Command Tokens", "Exhaust Tokens")


def test_a_second_faction_entering_an_occupied_space(app, acting):
    mine, desert = space_id(acting, "Mine 1"), space_id(acting, "Desert 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    for _ in range(2):  # David's Upkeep has nothing to pay: it passes by itself
        su_next(acting)  # Tyra's Income, then her card gained: David's Action
    acting.do("summon", {"space": desert, "kind": "BU", "units": "1"})
    refused(app, acting, "summon", {"space": mine, "kind": "BU"}, "Space", "single faction", "Limitations 1")
    refused(app, acting, "move", {"space": desert, "to": mine}, "Move to", "single faction", "Limitations 1")


def test_paying_minerals_a_player_does_not_have(app, acting):
    refused(app, acting, "play", {"card": "First Base", "cost": "4"}, "Mineral cost", "Tyra has 2",
            "cannot pay Minerals")


def test_keeping_a_continue_card_without_the_minerals(app, acting):
    acting.do("play", {"card": "Drill", "cost": "2", "continue_cost": "3"})
    for _ in range(4):  # David's Upkeep has nothing to pay and passes by itself; Tyra's waits on Drill
        su_next(acting)  # Tyra's Income (+2: 2 Minerals), David's turn, Tyra's next Upkeep
    refused(app, acting, "upkeep", {"card": "Drill", "keep": "keep"}, "Card", "cannot pay Minerals")
    refused(app, acting, "next", {}, "Next step", "Pay or discard Drill", form="step")


def test_more_tactic_cards_than_tactic_symbols(app, acting):
    mine = space_id(acting, "Mine 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    refused(app, acting, "attack", {"space": mine, "target": space_id(acting, "David's Headquarter"),
                                    "attacker_damage": "2", "attacker_card1_name": "Ambush"},
            "Attacker's Tactic cards", "at most 0 Tactic cards", "Combat 2")


def test_moving_into_the_forest_without_the_discard(app, acting):
    mine = space_id(acting, "Mine 1")
    acting.do("summon", {"space": mine, "kind": "BU", "units": "2"})
    refused(app, acting, "move", {"space": mine, "to": space_id(acting, "Forest 1")}, "Cards discarded",
            "Locations: Forest")


def test_a_plateau_off_the_highest_tray(app, su_game):
    su_game.do("roll", {"damage_1": "2", "damage_2": "1"})
    su_game.do("faction", {"player": "0", "faction": "Noah's Ark"})
    su_game.do("faction", {"player": "1", "faction": "Scarab"})
    su_game.do("tiles", {f"tile_{i}": "Plateau" for i in range(1, 6)})
    refused(app, su_game, "place", {"terrain": "Plateau"}, "Higher Terrain Tray", "highest Terrain Tray", "B4")


def test_not_a_number(app, acting):
    refused(app, acting, "play", {"card": "Drill", "cost": "two"}, "Mineral cost", "whole number")


def test_summoning_when_the_tray_has_run_out(app, acting):
    # Summoning Units 2: with no unit of the type left on the Player Tray, the form asks which Space to move
    # the missing one from; with that Space given the summon goes through.
    mine, desert, forest = (space_id(acting, n) for n in ("Mine 1", "Desert 1", "Forest 1"))
    acting.do("summon", {"space": mine, "kind": "BU", "units": "6"})
    acting.do("summon", {"space": desert, "kind": "BU", "units": "2"})  # the 8 BU slots in data/ are empty
    refused(app, acting, "summon", {"space": forest, "kind": "BU"}, "Units", "run out", "Summoning Units 2")
    page = acting.do("summon", {"space": forest, "kind": "BU", "take_from": mine}).get_data(as_text=True)
    assert "moved from Mine 1" in page
    spaces = {s.name: len(s.units) for s in acting.row.state.spaces}
    assert (spaces["Mine 1"], spaces["Forest 1"]) == (5, 1)


def test_ending_the_turn_without_the_income_phases_card(app, acting):
    # 3.2 Gain is mandatory (docs/rules.md): Next at the end of the Income Phase is refused, naming the card to
    # gain, and the page shows Next disabled with that reason until it is gained.
    su_next(acting)  # Tyra's Income Phase, applied
    refused(app, acting, "next", {}, "Card gained (3.2)", "Tyra gains 1 card from the Faction Technology", "3.2",
            form="step")
    page = acting.table.get(acting.url).get_data(as_text=True)
    assert 'disabled aria-describedby="next-why">Next' in page and "gains 1 card from the Faction Technology" in page
    # the card gained, the Income Phase has nothing left to decide: the turn ends by itself (issue 38), and David's
    # Upkeep with nothing to pay with it
    acting.do("gain", {"source": "faction", "card": "Hawk Brigade"})
    page = acting.table.get(acting.url).get_data(as_text=True)
    assert 'disabled aria-describedby="next-why">Next' not in page
    assert (acting.row.state.turn, acting.row.state.phase) == (1, "action")

"""Bad input to a Shattered Empires game: HTTP 422, one message naming the field and the rule, and the
database exactly as it was (the issue's list: a fifth copy, more yield than the player has, personnel without
the command points, a second pilot on a fighter, a weapon fired twice, an attack by a unit in testing)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion import db as dbmod
from companion.games import shattered_empires as se
from companion.games.frame import Outcome
from companion.store import games as store
from helpers.games import refused, until


def put(app, change):
    """Arrange a position directly in the store (the pages are tested elsewhere). A Combat Phase is written with its
    units: with none to fire it would pass by itself on the way (issue 38), so it is not walked to."""
    db = dbmod.connect(app.config["DATABASE"])
    try:

        store.JOURNAL.change(db, 1, lambda s: Outcome(change(s), "arranged"))
    finally:
        db.conn.close()


def unit(uid, owner, card, content, **kw):
    return replace(se._unit_of(content.card(card), uid, owner), **{"testing": False, **kw})


@pytest.fixture
def content(app):
    return app.extensions["game_content"][se.KEY]


DECK = ["Autofactory", "Ore Refinery", "Command Relay", "Interceptor", "Frigate", "Repair Tender", "Defense Platform",
        "Armor Plating", "Ace Pilot", "Fleet Captain"]


def test_a_fifth_copy_in_a_deck_is_refused(app, new_se):
    new_se.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    cards = [f"{n}×{5 if n == 'Frigate' else 4}" for n in DECK]
    refused(app, new_se, "deck", {"player": "0", "cards": cards}, "Deck", "No more than 4 copies", "Frigate ×5",
            "(Deck Construction)", form="deck-0")


def test_a_deck_of_39_cards_is_refused(app, new_se):
    new_se.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    cards = [f"{n}×{3 if n == 'Frigate' else 4}" for n in DECK]
    refused(app, new_se, "deck", {"player": "0", "cards": cards}, "Deck", "at least 40 cards", form="deck-0")


def test_assigning_more_yield_than_the_player_has_is_refused(app, se_started):
    until(se_started, "queue")
    se_started.do("play", {"card": "Frigate"}, form="queue")
    until(se_started, "allocation")
    pid = se_started.row.state.projects[0].id
    refused(app, se_started, "allocate", {"project": pid, "amount": "4"}, "Yield", "has 3 Yield left", "(Yield)",
            form=f"allocate-{pid}")


def test_hiring_personnel_without_the_command_points_is_refused(app, se_started):
    until(se_started, "acquisition")
    put(app, lambda s: se.with_side(s, 0, cp=0))
    refused(app, se_started, "play", {"card": "Chief Engineer"}, "Card", "costs 1 Command Point", "has 0",
            "(Personnel", form="acquire")


def test_a_second_pilot_on_a_fighter_is_refused(app, se_started, content):
    until(se_started, "acquisition")
    put(app, lambda s: replace(s, units=(unit("u90", 0, "Interceptor", content),),
                               staff=(se.Staff("s1", "Ace Pilot", 0, "pilot", 1, "u90"),
                                      se.Staff("s2", "Ace Pilot", 0, "pilot", 1, None))))
    refused(app, se_started, "assign", {"personnel": "s2", "to": "u90"}, "Assign to", "already has a pilot",
            "(Personnel)", form="assign-s2")


def test_firing_a_weapon_twice_is_refused(app, se_started, content):
    put(app, lambda s: replace(s, step="combat", units=(unit("u90", 0, "Frigate", content, fired=(0,)),
                                         unit("u91", 1, "Frigate", content))))
    refused(app, se_started, "declare", {"attacker": "u90", "weapon_1": "u91"}, "Targets",
            "already fired this turn", "(Combat Phase)", form="declare")


def test_attacking_with_a_unit_in_testing_is_refused(app, se_started, content):
    put(app, lambda s: replace(s, step="combat", units=(unit("u90", 0, "Frigate", content, testing=True),
                                         unit("u91", 1, "Frigate", content))))
    refused(app, se_started, "declare", {"attacker": "u90", "weapon_1": "u91"}, "Attacking unit", "in Testing",
            "(Construction Project)", form="declare")


@pytest.mark.parametrize("data, label, words", [
    ({"rolls": "u90:0=7"}, "Evasion rolls", ["1 to 6"]),
    ({"back": "u90"}, "Return fire", ["not a weapon"]),
    ({"back": "u92:0"}, "Return fire", ["not targeted"]),
])
def test_bad_resolve_input_is_refused(app, se_started, content, data, label, words):
    put(app, lambda s: replace(s, step="combat", units=(unit("u90", 0, "Frigate", content), unit("u91", 1, "Interceptor", content),
                                         unit("u92", 1, "Frigate", content)),
                               attack=se.Attack("u90", ((0, "u91"),))))
    refused(app, se_started, "resolve", data, label, *words, form="resolve")


def test_a_bad_seat_and_a_bad_amount_are_refused(app, new_se):
    refused(app, new_se, "base", {"player": "2", "base": "Alliance Haven"}, "Player", "no player 3", form="base-2")
    refused(app, new_se, "base", {"player": "0", "base": "Moon"}, "Base", "no Base 'Moon'", form="base-0")

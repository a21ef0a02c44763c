"""A character's turn on the mission page (issue 18), driven only through the forms the rendered page holds:
each post sends the form's own hidden fields and a value among its own options (tests/helpers/page_forms.py),
so a form the server cannot read (a hidden field rendered as text) fails here. A move checked against the
card's MP (p.24), a placement anyway, a ranged attack at range 4 that needs an Accuracy roll (p.18-21), a Heal
on an ally (p.25) and a rest (p.13)."""
from __future__ import annotations

import re

import pytest

from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, step, text, to_first_turn
from helpers.page_forms import find_form, move_reach

URL = "/table/1"


@pytest.fixture
def mission(table):
    """First steps (sample map): Vera on B-6, Bram on C-6, the Grallok Sentry on H-3; Vera plays first."""
    assert start_first_steps(table) == URL
    return text(to_first_turn(table))


def send(table, form, tapped=None, **chosen):
    """Post what `form` holds; `tapped` is the space a tap on the map writes into its tap field."""
    data = form.fill(**chosen)
    if tapped is not None:
        assert form.tap, f"{form.action} takes no tap"
        data[form.tap] = tapped
    return table.post(form.action, data)


def test_a_move_within_the_cards_mp_is_taken_and_one_beyond_is_refused_with_the_mp(table, mission):
    page = mission
    move = find_form(page, "/do/move")
    # issue 38: the card's MP is a face tapped, 1 up to the farthest space's MP, and another one typed
    assert move.hidden["figure"] == "vera" and "mp_typed" in move.numbers and move.options["mode"] == ["move", "leap"]
    assert move.options["mp"] == [str(n) for n in range(1, max(move_reach(page).values()) + 1)]
    # The reachable spaces and their MP ride on the form, for a tap on the figure to light (missiontable.js).
    reach = move_reach(page)
    assert reach["F-3"] == 5 and reach["J-2"] == 10 and "B-6" not in reach and "C-6" not in reach
    refused = send(table, move, "J-2", mp="5", mode="move")
    assert refused.status_code == 422 and "J-2 needs 10 MP" in text(refused) and "which has 5 (p.24)" in text(refused)
    assert "Vera · B-6" in text(refused)  # nothing changed
    resp = send(table, find_form(text(refused), "/do/move"), "F-3", mp="5", mode="move")
    assert resp.status_code == 200 and "Vera: Move 5 — 5 MP by B-6" in text(resp)
    assert "Vera · F-3" in text(resp)


def test_place_anyway_is_offered_and_logged(table, mission):
    form = find_form(mission, "/do/place-anyway")
    resp = send(table, form, "J-2")
    assert resp.status_code == 200 and "Vera is placed on J-2 anyway" in text(resp)
    assert "Vera · J-2" in text(resp)


def test_a_ranged_attack_at_range_4_asks_the_accuracy_roll_for_the_figure_on_the_line(table, mission):
    # p.18: the Attack's range; p.21 step 4: an Accuracy roll for each figure on the line not adjacent to the
    # attacker. Vera stands on F-3, between Bram on D-4 and the Sentry on H-3 (range 4).
    page = text(send(table, find_form(mission, "/do/move"), "F-3", mp="5", mode="move"))
    page = text(step(table, "end-turn"))
    page = text(step(table, "next"))
    assert send(table, find_form(page, "/do/move"), "D-4", mp="2", mode="move").status_code == 200
    # a move's answer leaves the attack helper folded (fetched when opened): its form as the page draws it
    attack = find_form(text(table.get(URL)), "/do/attack")
    assert "Grallok Sentry-1" in attack.options["target"] and "object:D-2" in attack.options["target"]
    short = send(table, attack, target="Grallok Sentry-1", die="basic", roll_1="attack:3")
    assert short.status_code == 422 and "the Attack reaches 1" in text(short)  # no range: the base range 1
    attack = find_form(text(short), "/do/attack")
    # The fewest rolls would be the clear line along the row boundary that only grazes the free end of the
    # wall E-4|F-4 (INTERPRETATIONS.md, issue 38); Bram draws one across Vera instead (p.19: the attacker draws).
    across = re.findall(r'name="line" value="([^"]+)" data-rolls="1"', text(short))
    assert across and re.search(r'name="line" value="[^"]*" data-rolls="0"', text(short))
    waiting = send(table, attack, target="Grallok Sentry-1", die="basic", roll_1="attack:3", range="4", line=across[0])
    assert waiting.status_code == 422 and "Accuracy die for Vera" in text(waiting)  # the name as typed
    attack = find_form(text(waiting), "/do/attack")
    assert "Bleeding" in attack.options["inflict_1"]
    hit = send(table, attack, target="Grallok Sentry-1", die="basic", roll_1="attack:3", roll_2="accuracy:success",
               range="4", inflict_1="Bleeding", line=across[0])
    assert hit.status_code == 200 and "Bram attacks Grallok Sentry-1: hit" in text(hit)
    assert re.search(r"Grallok Sentry-1 · H-3 · HP 5/8 · Bleeding", text(hit))  # p.21 step 7


def test_a_heal_on_an_ally_in_range(table, mission):
    step(table, "hp", figure="bram", delta="-4")
    form = find_form(text(table.get(URL)), "/do/heal", button="Heal the ally")
    assert form.options["target"] == ["vera", "bram"]
    resp = send(table, form, target="bram", value="2")  # next to Vera: the range 1 of a Heal without one
    assert resp.status_code == 200 and "Bram receives a Bandage token" in text(resp)
    assert "Bram · C-6 · HP 10/12" in text(resp)


def test_a_rest_posted_as_the_page_holds_it(table, mission):
    # p.13: a character with discarded cards may rest; its initiative is 1.
    step(table, "move", figure="vera", space="G-3")
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    step(table, "next")
    step(table, "adversary", roll_1="attack:2")
    step(table, "end-round")
    page = text(step(table, "die", color="red", primary="N", secondary="W"))
    rest = find_form(page, "/do/rest", character="vera")
    resp = send(table, rest)
    assert resp.status_code == 200 and "Vera rests: initiative 1 this round (p.13)" in text(resp)
    assert find_form(text(resp), "/do/rest", character="bram")


def test_a_campaign_characters_id_is_named_even_capitalized_at_a_sentence_start():
    # issue 18: "C3 loses 6 HP", "'c3' is Knocked Down" — an explanation's sentence starts capitalized.
    import random

    from companion.phantom.play import Embarking, set_up
    from companion.schemas.content.mission_setup import set_up_content
    from companion.store.cards import samples
    from companion.web.mission_page import namer
    from helpers.mission_table import DATA, first_steps

    hexmap = first_steps().map
    m = set_up("sample-1", hexmap, 2, [Embarking("c3", "Sylvestia", "Slink", max_ap=6, max_hp=9, color="red"),
                                       Embarking("c1", "Vincent", "Grallok", max_ap=7, max_hp=12, color="yellow")],
               rng=random.Random(3), **set_up_content(samples(DATA), hexmap, 2)).mission
    said = namer(m, 1)
    assert said("C3 loses 6 HP; 'c3' is Knocked Down; c1 next") == \
        "Sylvestia loses 6 HP; 'Sylvestia' is Knocked Down; Vincent next"
    assert namer(m, None)("c3") == "c3"  # a one-off mission's ids are the names typed


def test_a_rest_without_discarded_cards_is_refused_with_the_rule(table):
    # p.13: "Characters may not rest if they do not have any discarded Character Action cards."
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                          "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"}, htmx=False)
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    page = text(step(table, "die", color="red", primary="N", secondary="W"))
    resp = send(table, find_form(page, "/do/rest", character="vera"))
    assert resp.status_code == 422
    assert "Vera has no discarded Character Action cards, so may not rest (p.13)" in text(resp)

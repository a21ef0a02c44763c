"""A boss in a mission at the table (issue 6, p.30, 48-49, 58): a map placing the Mutant Grallok sets up
from the sample cards; the round draws its Boss card and shows it, initiative is the inherent AP plus the
drawn actions'; the plan (inherent action first) is applied from the dice; a card that says to draw
another is reachable; bad input is 422 and changes nothing; a board with only printed text is refused."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.store.cards import samples
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import step, text, version

DATA = Path(__file__).resolve().parent.parent / "data" / "phantom-epoch"


def set_up(table):
    return table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)


@pytest.fixture
def mission(table):
    """The Mutant Grallok's lair (sample map) with Vera and Bram: the boss on G-3, no Sentry for two."""
    assert table.post("/cards/samples", htmx=False).status_code == 303
    assert table.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False).status_code == 303
    resp = set_up(table)
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/table/1"), text(resp)[:2000]
    return "/table/1"


def to_reveal(table):
    step(table, "place", character="vera", space="A-5")
    step(table, "place", character="bram", space="A-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap="3")
    step(table, "select", character="bram", ap="4")
    return step(table, "reveal")


def to_boss_turn(table):
    to_reveal(table)
    step(table, "next")
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    return step(table, "next")


def test_a_map_placing_the_mutant_grallok_sets_up_with_the_column_for_two_characters(table, mission):
    # p.11: a boss is placed whatever the character count; p.30, 48: HP 23-26-32 -> 23 for 2 embarked.
    page = text(table.get(mission))
    assert "<title>Mutant Grallok-1</title>" in page
    step(table, "place", character="vera", space="A-5")
    step(table, "place", character="bram", space="A-6")
    page = text(step(table, "die", color="red", primary="N", secondary="W"))
    assert "Mutant Grallok-1 · G-3 · HP 23/23" in page
    assert "<title>Grallok Sentry-1</title>" not in page  # F-5's icon is for 3-4 characters


def test_a_boss_round_draws_its_card_and_its_initiative_is_inherent_plus_the_actions(table, mission):
    # p.12 step 5: the boss draws a Boss card; p.30: initiative = inherent AP + the drawn actions' AP.
    page = text(to_reveal(table))
    card = re.search(r"Boss card: <strong>(.*?)</strong>", page).group(1)
    assert card == "Rampage (sample)"  # actions #1 and #2 (sample-cards.json)
    assert "#1 Claw: Attack" in page and "#2 Crushing Leap: Leap 2. Deal 3 damage" in page
    assert "initiative 2 + 3 + 5 = 10 (p.30)" in page
    assert '<li>Mutant Grallok-1 <b class="initiative" title="Initiative">10</b></li>' in page  # last, after Vera (3) and Bram (4)
    assert "Critical ability, for the table to apply on a Critical Strike (p.48 I): Immediately perform an Attack -1" in page


def test_the_bosss_turn_shows_the_plan_inherent_first_and_applies_it(table, mission):
    # p.30, 58: the inherent Move 2 first, then the card's actions; Claw, out of range, becomes Move 3
    # (p.30); Crushing Leap deals 3 damage and Knocked Down to every adjacent figure (p.48).
    page = text(to_boss_turn(table))
    assert "Mutant Grallok-1's turn — the plan" in page
    steps = re.findall(r"<li>(.*?)</li>", page.split('id="plan-steps"')[1].split("</ol>")[0])
    assert steps[0].startswith("Inherent: move")
    assert steps[1].startswith("#1 Claw: move (converted to movement)")
    assert steps[-1] == "#2 Crushing Leap: damage 3 → Vera, Bram"
    plan = page.split('id="map-plan"')[1].split("</svg>")[0]
    assert plan.count('class="target"') == 2  # Vera and Bram ringed on the map
    assert "the boss performs it as Move 3 (p.30)" in page
    resp = step(table, "adversary")
    assert resp.status_code == 200
    page = text(resp)
    assert "as the AI planned it" in page
    assert "Vera · A-5 · HP 7/10 · Knocked Down" in page and "Bram · A-6 · HP 9/12 · Knocked Down" in page
    assert "End round 1" in page
    undone = text(table.post(f"{mission}/undo", {"version": version(table)}))
    assert "Vera · A-5 · HP 10/10" in undone and "Mutant Grallok-1's turn — the plan" in undone


def test_a_boss_card_that_says_to_draw_another_is_redrawn_with_a_tap_and_undone(table, mission):
    # p.58, Figure 46: "Draw another Boss card for the Boss to use this round".
    to_reveal(table)
    resp = step(table, "redraw-boss", type="Mutant Grallok", keep="no")
    assert resp.status_code == 200
    page = text(resp)
    assert "Rampage (sample) is discarded (p.58)" in page
    card = re.search(r"Boss card: <strong>(.*?)</strong>", page).group(1)
    assert card != "Rampage (sample)"
    undone = text(table.post(f"{mission}/undo", {"version": version(table)}))
    assert re.search(r"Boss card: <strong>(.*?)</strong>", undone).group(1) == "Rampage (sample)"


@pytest.mark.parametrize("data, field", [
    ({"type": "Nobody", "keep": "no"}, "Type"),
    ({"type": "Mutant Grallok", "keep": "maybe"}, "Keep"),
])
def test_a_bad_redraw_is_422_naming_the_field_and_changes_nothing(table, mission, data, field):
    to_reveal(table)
    before = version(table)
    resp = step(table, "redraw-boss", **data)
    assert resp.status_code == 422
    assert f"<strong>{field}</strong>" in text(resp)
    assert version(table) == before


def test_a_boss_card_is_not_redrawn_after_the_bosss_turn(table, mission):
    to_boss_turn(table)
    step(table, "adversary")
    before = version(table)
    resp = step(table, "redraw-boss", type="Mutant Grallok", keep="no")
    assert resp.status_code == 422 and "has already played this round" in text(resp)
    assert version(table) == before


def test_the_defeated_boss_drops_difficulty_plus_characters_embarked_in_nova_cells(table, mission):
    # p.30: "mission difficulty plus the number of characters embarked": 2 + 2 = 4 on its space.
    to_reveal(table)
    resp = step(table, "hp", figure="Mutant Grallok-1", delta="-23")
    page = text(resp)
    assert "the boss drops 4 nova cells: mission difficulty 2 + 2 characters embarked" in page
    assert "<title>Mutant Grallok-1</title>" not in page


def test_a_board_with_only_printed_text_is_refused_at_set_up_naming_the_action(table):
    # An older card file: the Mutant Grallok's #2 has its printed text but not the actions the AI plays, imported
    # into a library without the shipped board (an import never replaces a board: it would keep both).
    import io
    import json
    doc = samples(DATA)
    del doc["bosses"]["Mutant Grallok"]["actions"][1]["actions"]
    resp = table.post("/cards/import", {"file": (io.BytesIO(json.dumps(doc).encode()), "old.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code == 200  # it still loads: the text stays
    assert "printed text only for Crushing Leap" in text(table.get("/cards"))
    table.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)
    resp = set_up(table)
    assert resp.status_code == 422
    message = re.search(r"<strong>Map</strong>: (.*?)</li>", text(resp)).group(1)
    assert "Mutant Grallok boss board&#39;s Action #2 (Crushing Leap) has only its printed text" in message
    assert "Cards page" in message
    assert table.get("/table/1").status_code == 404


def test_figure_46s_persistent_card_goes_beside_the_board_when_another_is_drawn(table):
    # p.58, Figure 46: a persistent card (Action #3 and an effect) whose text says "Draw another Boss card for
    # the Boss to use this round"; p.49: it stays beside the board until the boss is defeated.
    import io
    import json
    doc = samples(DATA)  # the shipped cards with this deck, imported into an empty library
    adapt = {"name": "Adapt", "actions": [3], "persistent": True,
             "text": "Remove all detrimental conditions from the Boss. Draw another Boss card for the Boss to use "
                     "this round."}
    doc["boss_decks"]["Mutant Grallok"]["cards"] = [adapt, {"name": "Maul", "actions": [1]}]
    table.post("/cards/import", {"file": (io.BytesIO(json.dumps(doc).encode()), "fig46.json")}, htmx=False,
               content_type="multipart/form-data")
    table.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)
    assert set_up(table).status_code == 303
    page = text(to_reveal(table))
    if "Boss card: <strong>Maul</strong>" in page:  # the shuffle put Maul on top: have Adapt drawn
        page = text(step(table, "redraw-boss", type="Mutant Grallok", keep="no"))
    assert "Boss card: <strong>Adapt</strong> ∞ persistent — Remove all detrimental conditions" in page
    assert "Keep Adapt beside the board, draw another" in page
    page = text(step(table, "redraw-boss", type="Mutant Grallok", keep="yes"))
    assert "Adapt stays beside the board until the boss is defeated or the mission ends (p.49)" in page
    assert "Boss card: <strong>Maul</strong>" in page
    assert "Beside the board (p.49): <strong>Adapt</strong>" in page
    assert "initiative 2 + 3 = 5 (p.30)" in page  # the redrawn card's actions count, not Adapt's

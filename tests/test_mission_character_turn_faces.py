"""The character's turn at the mission table (issue 38): the card's MP as one tap each instead of typed (p.24),
and End turn saying what it ends when no move was made, so a refused move is not ended without a word."""
from __future__ import annotations

import html
import re

import pytest

from companion.phantom import play as rules
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, text, to_first_turn
from helpers.page_forms import find_form

URL = "/table/1"


@pytest.fixture
def mission(table):
    """First steps (sample map): Vera on B-6, Bram on C-6, the Grallok Sentry on H-3; Vera plays first."""
    assert start_first_steps(table) == URL
    return html.unescape(text(to_first_turn(table)))


def faces(page: str) -> list[int]:
    box = re.search(r'<fieldset class="faces" id="mp-faces">(.*?)</fieldset>', page, re.S)
    return [int(n) for n in re.findall(r'data-mp="(\d+)"', box.group(1))] if box else []


def test_the_move_form_offers_the_cards_mp_as_faces_and_keeps_a_box_for_another(table, mission):
    move = find_form(mission, "/do/move")
    assert faces(mission) == [1, 2, 3, 4, 5, 6]  # Vera reaches spaces 6 MP away and more (J-2 needs 10)
    assert "mp" in move.numbers and "Another MP" in mission  # any other value is still typed
    assert "Move or Leap on the card played" in mission


def test_the_engine_offers_no_face_beyond_the_farthest_reach_and_none_when_nothing_is_reachable():
    from test_mission_character_turn import mission as small, vera_turn, walled
    assert rules.move_faces(vera_turn(small()), "vera").values == (1, 2, 3, 4, 5, 6)
    # Vera on A-3 in a pocket of alone: one space 1 MP away, so Move 1 is every face there is
    pocket = walled("A-3", "A-2") + walled("A-2", "A-3")
    assert rules.move_faces(vera_turn(small(walls=pocket)), "vera").values == (1,)
    assert rules.move_faces(vera_turn(small(walls=walled("A-3"))), "vera") == rules.MoveFaces()


def test_end_turn_says_whose_turn_it_ends_and_that_no_move_was_made(table, mission):
    bar = mission.split('id="actionbar"')[1].split("</div>")[0]  # beside the End turn button
    assert "End turn now: End Vera's turn — no move made." in bar and "End turn</button>" in bar
    refused = table.post(find_form(mission, "/do/move").action,
                         {**find_form(mission, "/do/move").fill(mp="5", mode="move"), "space": "J-2"})
    assert refused.status_code == 422 and "End Vera's turn — no move made" in html.unescape(text(refused))
    moved = table.post(find_form(mission, "/do/move").action,
                       {**find_form(text(refused), "/do/move").fill(mp="5", mode="move"), "space": "F-3"})
    assert moved.status_code == 200
    assert "End turn</button>" in text(moved) and "no move made" not in text(moved)


def test_the_engine_says_a_turn_ends_with_no_move_until_a_checked_move_is_made():
    from test_mission_character_turn import mission as small, vera_turn
    m = vera_turn(small())
    assert rules.end_turn_says(m) == rules.EndTurnSays("Vera", moved=False)
    assert rules.end_turn_says(m).said == "End Vera's turn — no move made"
    moved = rules.move_by_card(m, "vera", "B-3", 2).mission
    assert rules.end_turn_says(moved).said == "End Vera's turn"

"""Issue 38 on the mission page, through the forms it draws (tests/helpers/page_forms.py): the card's MP as one
tap each with another value still typed (p.24), End turn saying what it ends, and the attack helper showing
each target the rules do not allow now disabled with the engine's reason (p.18-21), asked again as the card's
range is typed."""
from __future__ import annotations

import re

import pytest

from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, step, text, to_first_turn
from helpers.page_forms import find_form, move_reach

URL = "/table/1"


@pytest.fixture
def mission(table):
    """First steps (sample map): Vera on B-6, Bram on C-6, the Grallok Sentry on H-3 (range 7); Vera plays first,
    base range 1 (no class board)."""
    assert start_first_steps(table) == URL
    return text(to_first_turn(table))


def send(table, form, tapped=None, **chosen):
    data = form.fill(**chosen)
    if tapped is not None:
        data[form.tap] = tapped
    return table.post(form.action, data)


def end_turn_label(html: str) -> str:
    return re.search(r'id="end-turn">([^<]*)</button>', html).group(1)


def test_a_move_is_a_face_tapped_then_a_space(table, mission):
    move = find_form(mission, "/do/move")
    reach = move_reach(mission)
    assert move.options["mp"] == [str(n) for n in range(1, max(reach.values()) + 1)]  # 1 up to the farthest
    assert "mp" not in move.checked  # more than one face: none preselected
    resp = send(table, move, "F-3", mp="5", mode="move")
    assert resp.status_code == 200 and "Vera: Move 5 — 5 MP by B-6" in text(resp)


def test_another_mp_typed_is_the_one_taken(table, mission):
    # a card the app does not know: its MP typed in "Another MP", which wins over a face left ticked
    move = find_form(mission, "/do/move")
    refused = send(table, move, "F-3", mp="5", mp_typed="4", mode="move")
    assert refused.status_code == 422 and "F-3 needs 5 MP" in text(refused) and "which has 4 (p.24)" in text(refused)
    data = {**move.fill(mode="move"), "space": "F-3", "mp_typed": "-1"}  # typed past the box's own min
    bad = table.post(move.action, data)
    assert bad.status_code == 422 and "<strong>Another MP</strong>" in text(bad)  # the field named
    assert "Vera · B-6" in text(bad)  # nothing changed


def test_end_turn_says_whose_turn_it_ends_and_that_no_move_was_made(table, mission):
    assert end_turn_label(mission) == "End Vera&#39;s turn without moving"
    refused = send(table, find_form(mission, "/do/move"), "J-2", mp="5", mode="move")
    assert refused.status_code == 422
    assert end_turn_label(text(refused)) == "End Vera&#39;s turn without moving"  # a refused move is no move
    moved = text(send(table, find_form(text(refused), "/do/move"), "F-3", mp="5", mode="move"))
    assert end_turn_label(moved) == "End Vera&#39;s turn"


def _targets(html: str) -> dict[str, bool]:
    """Each target radio of the attack helper: its value and whether it is offered (not disabled)."""
    block = html.split('id="attack-targets"')[1].split("</fieldset>")[0]
    return {m.group(1): "disabled" not in m.group(0)
            for m in re.finditer(r'<input type="radio" name="target" value="([^"]+)"[^>]*>', block)}


def test_the_attack_helper_shows_a_target_out_of_range_disabled_with_the_range_counted(table, mission):
    page = table.get(URL).get_data(as_text=True)
    assert _targets(page) == {"Grallok Sentry-1": False, "object:D-2": False}
    said = text(table.get(URL))
    assert "Grallok Sentry-1 is out of range: range 7, the Attack reaches 1 (base range 1) (p.18, p.21)" in said
    assert "the object on D-2 is out of range: range 4" in said and "object:D-2 is" not in said


def test_the_cards_range_typed_asks_the_targets_again_and_keeps_the_one_chosen(table, mission):
    # p.21: an explicit range on the card replaces the base range; the helper asks the engine with it
    helper = table.get(f"{URL}/attack?range=4&target=object:D-2").get_data(as_text=True)
    assert _targets(helper) == {"Grallok Sentry-1": False, "object:D-2": True}
    assert re.search(r'value="object:D-2"[^>]*checked', helper)
    assert "range 7, the Attack reaches 4 (the card&#39;s explicit range)" in helper
    wide = table.get(f"{URL}/attack?range_modifier=6").get_data(as_text=True)
    assert _targets(wide) == {"Grallok Sentry-1": True, "object:D-2": True}
    assert table.get(f"{URL}/attack?range=99").status_code == 422  # bad input: refused, names the field


def test_a_target_offered_is_taken_by_the_attack(table, mission):
    # the target the helper allows with the card's range is not refused for its range or sight on Resolve
    resp = send(table, find_form(text(table.get(URL)), "/do/attack"), target="object:D-2", die="basic",
                roll_1="attack:3", range="4")
    assert resp.status_code == 200 and re.search(r"attacks object:D-2: \w+", text(resp)), text(resp)[:600]

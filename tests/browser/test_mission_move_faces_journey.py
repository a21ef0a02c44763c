"""The character's Move at the mission table on a 1024x768 tablet (issue 38): the card's MP is one tap on a face
button instead of a box typed into every turn (counted before and after), and a refused move stays beside the
move form through the table's other taps until it is corrected or dismissed, with the action bar saying that
End turn ends the turn with no move made."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import assert_touch_target, count_taps, press, settled, tap_space, to_veras_turn


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("move-faces-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def face(page: Page, mp: str):
    button = page.locator(f'#mp-faces button[data-mp="{mp}"]')
    assert_touch_target(button)
    return button


def test_the_cards_mp_is_a_tap_and_a_refused_move_stays_in_view_until_corrected(tablet: Page, live_server):
    page = tablet
    to_veras_turn(page)
    mp = page.locator('#move-form input[name="mp"]')

    # Before: the MP typed into the box (a tap on it, a key, then the space) — still there for another value.
    taps = count_taps(page)
    mp.tap()
    page.keyboard.type("5")
    keys = 1
    tap_space(page, "J-2")
    typed = taps() + keys
    refused = page.locator("#move-form + [data-kept-refusal]")
    expect(refused).to_contain_text("J-2 needs 10 MP for Vera's Move, which has 5 (p.24)")
    expect(page.locator("#actionbar")).to_contain_text("End turn now: End Vera's turn — no move made.")

    # Another tap of the table (Bram's sheet opened) leaves the refused move in view beside the move form.
    tap_space(page, "C-6")
    expect(page.locator("#sheet")).to_be_visible()
    expect(refused).to_be_visible()
    press(page, "− HP")  # a step sent and answered: the turn's panel drawn again, the refused move still beside it
    expect(page.locator("#turn-self")).to_contain_text("HP ")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text("J-2 needs 10 MP")
    refused.locator('button[data-dismiss="move-refusal"]').tap()
    expect(refused).to_have_count(0)

    # After: one tap on the card's face, one on the space.
    taps = count_taps(page)
    face(page, "5").tap()
    expect(mp).to_have_value("5")
    expect(face(page, "5")).to_have_attribute("aria-pressed", "true")
    tap_space(page, "F-3")
    settled(page)
    expect(page.locator("#result")).to_contain_text("Vera: Move 5 — 5 MP by B-6")
    assert taps() == 2 < typed == 3, (taps(), typed)
    expect(refused).to_have_count(0)
    expect(page.locator("#actionbar")).not_to_contain_text("no move made")

"""A character's Move by its card on a 1024x768 touch tablet (issue 18): the card's MP entered, a tap on the
figure shows the spaces it reaches, a space out of reach is refused with the MP it needs, one within reach is
taken; and a placement anyway for an effect the app does not model."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import mp_face, tap_space, to_veras_turn


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("character-turn-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def test_a_move_by_the_cards_mp_shows_its_reach_and_refuses_what_is_beyond(tablet: Page, live_server):
    page = tablet
    to_veras_turn(page)

    # Move 5 on the card: a tap on Vera shows where it reaches, with the MP; J-2 (10 MP) is not among them.
    mp_face(page, 5)
    lit = page.locator("#map-grid .cells polygon.reach")
    expect(lit).to_have_count(0)
    tap_space(page, "B-6")
    expect(page.locator('#map-grid .cells polygon.reach[data-label="F-3"]')).to_have_attribute("data-cost", "5")
    expect(page.locator('#map-grid .cells polygon.reach[data-label="J-2"]')).to_have_count(0)
    assert lit.count() > 5

    tap_space(page, "J-2")
    expect(page.locator("#refusal")).to_contain_text("J-2 needs 10 MP for Vera's Move, which has 5 (p.24)")
    # the answer settled (the refusal moved beside its form, the form's values put back) before typing again
    expect(page.locator("#refusal")).to_have_class(re.compile("refusal-beside"))
    mp_face(page, 5)
    tap_space(page, "F-3")
    expect(page.locator("#result")).to_contain_text("Vera: Move 5 — 5 MP by B-6")

    # An effect the app does not model: placed anyway, and the log says so.
    page.locator("#place-anyway summary").tap()
    tap_space(page, "J-2")
    expect(page.locator("#result")).to_contain_text("Vera is placed on J-2 anyway")

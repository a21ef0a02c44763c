"""A Phantom Epoch mission at the table on a 1024x768 touch tablet (issue 6, "Done when", in part).

One story on its own server: the sample cards and a sample map, a mission set up with two characters, their
entry points tapped on the map, round 1 played — the decision die by its face buttons, AP selected, the
turn order revealed, a character moved by tapping the map, the adversary's plan drawn on the map with its
reasons and its attack die entered by a face button, applied — one undo, and a second page that follows
the changes by itself.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import END_TURN, decision_die, face, press, select_ap, set_up_first_steps, tap_space, turn_order_shown


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This story's own server (the other stories count what the home page lists); GAME_SEED for repeatable
    decks."""
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("mission-table-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def test_a_round_of_a_mission_with_the_ai_on_the_map(tablet: Page, browser, live_server):
    page = tablet
    # Set-up: two characters; the Grallok Sentry's icon is for 2-4 characters, the Archer's for 3-4.
    url = set_up_first_steps(page)
    expect(page.locator('#map-plan [data-figure="Grallok Sentry-1"]')).to_have_count(1)
    expect(page.locator('#map-plan [data-figure^="Grallok Archer"]')).to_have_count(0)

    # The map zooms (and the figures and plan drawn over it follow), then fits again.
    fitted = page.locator("#map-grid").get_attribute("viewBox")
    page.get_by_role("button", name="Zoom in").tap()
    expect(page.locator("#map-grid")).not_to_have_attribute("viewBox", fitted)
    assert page.locator("#map-plan").get_attribute("viewBox") == page.locator("#map-grid").get_attribute("viewBox")
    page.get_by_role("button", name="Fit").tap()
    expect(page.locator("#map-grid")).to_have_attribute("viewBox", fitted)

    # Entry points by tapping (p.11).
    tap_space(page, "B-6")
    expect(page.locator("#lastlog")).to_contain_text("Vera starts on entry point B-6")
    tap_space(page, "C-6")
    expect(page.locator("#lastlog")).to_contain_text("Bram starts on entry point C-6")

    # A second device follows by itself.
    other = browser.new_context(base_url=live_server.url, viewport={"width": 1024, "height": 768}, has_touch=True)
    second = other.new_page()
    second.goto(url)
    expect(second.locator("#die h2")).to_have_text("Round 1: the decision die")

    # The decision die by its faces, then each character's AP, then the turn order.
    decision_die(page, 1, "red", "N", "W")
    expect(page.locator("#die-shown")).to_contain_text("red N/W")
    expect(second.locator("#die-shown")).to_contain_text("red N/W", timeout=2_000)
    for who, ap in (("vera", "3"), ("bram", "5")):
        row = page.locator(f"#choice-{who}")
        select_ap(row, ap)
    turn_order_shown(page)
    expect(page.locator("#turn-order li")).to_have_text([re.compile("Vera"), re.compile("Bram"),
                                                         re.compile("Grallok Sentry-1")])

    # Vera's turn: she went next to the sentry (tap where she went).
    press(page, "Next turn: Vera")
    tap_space(page, "G-3")
    expect(page.locator("#lastlog")).to_contain_text("Vera moves B-6 -> G-3")
    press(page, END_TURN)
    press(page, "Next turn: Bram")
    press(page, END_TURN)

    # The adversary's turn: its plan on the map and in words, the die it asks for, applied.
    press(page, "Next turn: Grallok Sentry-1")
    expect(page.locator("#turn h2")).to_have_text("Grallok Sentry-1's turn — the plan")
    # Vera is next to it: a Melee Attack needs no line of sight (p.21), only the target ring is drawn.
    expect(page.locator("#map-plan line.sight")).to_have_count(0)
    expect(page.locator("#map-plan circle.target")).to_have_count(1)
    page.locator("#why summary").tap()
    expect(page.locator("#why li").first).to_be_visible()
    face(page, "Basic Attack die", "2")
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text("as the AI planned it")
    expect(page.get_by_role("button", name="End round 1")).to_be_visible()

    # One undo: the adversary's turn is back, its plan shown again; the second device follows.
    press(page, "↶ Undo")
    expect(page.locator("#result")).to_contain_text("Undid: Grallok Sentry-1's turn")
    expect(page.locator("#turn h2")).to_have_text("Grallok Sentry-1's turn — the plan")
    expect(second.locator("#turn h2")).to_have_text("Grallok Sentry-1's turn — the plan", timeout=2_000)
    face(page, "Basic Attack die", "2")
    press(page, "Apply the turn")
    press(page, "End round 1")
    expect(page.locator("#die h2")).to_have_text("Round 2: the decision die")
    expect(second.locator("#die h2")).to_have_text("Round 2: the decision die", timeout=2_000)
    other.close()

"""The preview on a 1024x768 touch tablet (issue 28): during Augustus's turn the Preview control shows the
Grallok Sentry's plan as a ghost, targeting Vera; holding a space says who could attack Augustus there and that
the Sentry would switch to him; once he moves closer the ghost targets him and the danger layer marks his new
space; and when the Sentry's turn comes, the real plan is the one the preview showed."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import mp_face, END_TURN, assert_touch_target, first_turn, press, set_up_first_steps, tap_space

SENTRY = "Grallok Sentry-1"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("preview-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def to_augustus_turn(page: Page) -> None:
    """First steps with Vera on C-6 and Augustus on B-6, the die red N/W, Augustus 2 AP and Vera 5: his turn."""
    set_up_first_steps(page, (("Vera", "10", "6"), ("Augustus", "10", "6")))
    for _ in range(100):  # a script htmx brings with #main runs when it has loaded, not in page order
        if page.evaluate("() => window.missionPreview === true"):
            break
        page.wait_for_timeout(50)
    first_turn(page, ("C-6", "B-6"), {"vera": "5", "augustus": "2"}, "Augustus")


def hold(page: Page, label: str) -> None:
    """A long press on a space of the map (preview.js: held still for over half a second)."""
    box = page.locator(f'#map-grid polygon[data-label="{label}"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(800)
    page.mouse.up()


def test_the_preview_shows_the_sentrys_plan_and_follows_augustus_move(tablet: Page, live_server):
    page = tablet
    to_augustus_turn(page)
    version = page.locator("#poll").get_attribute("data-version")

    # Holding the Sentry shows its plan alone, its "Why?" open, the Preview still off.
    hold(page, "H-3")
    expect(page.locator("#preview-panel")).to_have_attribute("data-held", SENTRY)
    expect(page.locator(f'#preview-panel li[data-adversary="{SENTRY}"] .why')).to_have_attribute("open", "")
    expect(page.locator(f'#map-preview .ghost[data-adversary="{SENTRY}"]')).to_be_attached()

    toggle = page.locator("#preview-toggle")
    assert_touch_target(toggle)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    ghost = page.locator(f'#map-preview .ghost[data-adversary="{SENTRY}"]')
    expect(ghost).to_have_attribute("data-target", "vera")
    expect(ghost.locator(".ghost-path")).to_have_count(1)
    panel = page.locator("#preview-panel")
    expect(panel.locator(f'li[data-adversary="{SENTRY}"]')).to_contain_text(f"{SENTRY} → Vera")
    expect(panel).to_have_attribute("data-held", "")
    panel.locator(f'li[data-adversary="{SENTRY}"] .why summary').tap()
    expect(panel.locator(f'li[data-adversary="{SENTRY}"] .why')).to_contain_text("the target is the enemy needing "
                                                                                 "the fewest MP to be attacked: Vera")
    expect(page.locator(f'#map-preview .danger[data-adversary="{SENTRY}"] polygon')).not_to_have_count(0)

    # Holding a space: who could attack Augustus there, and the Sentry would switch to him. Nothing is saved.
    hold(page, "E-4")
    expect(page.locator("#preview-destination")).to_contain_text("Augustus on E-4")
    expect(page.locator("#preview-destination")).to_contain_text(f"{SENTRY} could attack it there this round")
    expect(page.locator("#preview-destination")).to_contain_text(f"{SENTRY} would switch to Augustus (p.27)")
    expect(page.locator("#poll")).to_have_attribute("data-version", version)
    expect(page.locator(f'#map-grid polygon[data-label="B-6"]')).to_be_visible()

    # Augustus moves closer: the ghost now targets him, and the danger layer marks his new space.
    mp_face(page, 5)
    tap_space(page, "E-4")
    expect(page.locator("#result")).to_contain_text("Augustus")
    expect(ghost).to_have_attribute("data-target", "augustus")
    expect(page.locator(f'#map-preview .danger[data-adversary="{SENTRY}"] polygon[data-space="E-4"]')).to_have_count(1)
    expect(panel.locator(f'li[data-adversary="{SENTRY}"]')).to_contain_text(f"{SENTRY} → Augustus")
    end = ghost.get_attribute("data-end")
    steps = panel.locator(f'li[data-adversary="{SENTRY}"] small').inner_text()

    # The turns pass to the Sentry (Vera does not move): its real plan is the one the preview showed.
    press(page, END_TURN)
    press(page, "Next turn: Vera")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    press(page, END_TURN)
    press(page, f"Next turn: {SENTRY}")
    expect(page.locator("#preview-toggle")).to_have_count(0)
    expect(page.locator("#map-preview")).to_be_hidden()
    plan = page.locator("#plan-steps")
    expect(plan).to_contain_text(f"to {end}")
    expect(page.locator("#why")).to_contain_text("Augustus")
    if "attack" in steps:
        expect(plan).to_contain_text("→ Augustus")

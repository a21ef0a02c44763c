"""A character's turn at the mission table on a touch tablet, in landscape (1024x768) and portrait (768x1024),
issue 38: the card's MP by a face (one tap) then the space (the second), the reach lit on Vera following the
face chosen (p.24); a refused move kept in view, its space marked, with End turn saying the move is discarded,
until it is dismissed or corrected; and the attack helper showing the Grallok Sentry out of range disabled with
the range counted (p.18, p.21), offered once the card's range modifier is typed."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import mp_face, settled, tap_space, to_veras_turn

VIEWPORTS = ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("turn-choices-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def shot(page: Page, tmp_path: Path, name: str) -> None:
    """The screen as the table sees it, kept where MISSION_SCREENSHOTS says (else beside the test's files)."""
    size = page.viewport_size
    where = Path(os.environ.get("MISSION_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(where / f"{name}-{size['width']}x{size['height']}.png"))


def end_turn(page: Page):
    return page.locator("#actionbar #end-turn")


def wholly_in_view(page: Page, locator, inside: str = "#rail") -> None:
    """Inside the part it is drawn in (the panel: never under the action bar) and inside the screen."""
    box, rail, view = locator.bounding_box(), page.locator(inside).bounding_box(), page.viewport_size
    assert box and box["y"] >= rail["y"] and box["y"] + box["height"] <= rail["y"] + rail["height"], (box, rail)
    assert box["y"] + box["height"] <= view["height"], (box, view)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v['width']}x{v['height']}")
def test_a_move_by_a_face_a_refused_move_kept_and_a_target_out_of_range_disabled(tablet: Page, live_server,
                                                                                 viewport, tmp_path):
    page = tablet
    page.set_viewport_size(viewport)
    to_veras_turn(page)
    expect(end_turn(page)).to_have_text("End Vera's turn without moving")

    # The card says Move 5: one tap on the face 5; a tap on Vera lights the spaces within it, and a tap on the
    # face 3 makes the reach follow.
    mp_face(page, 5)
    tap_space(page, "B-6")
    expect(page.locator('#map-grid .cells polygon.reach[data-label="F-3"]')).to_have_attribute("data-cost", "5")
    expect(page.locator('#map-grid .cells polygon.reach[data-label="J-2"]')).to_have_count(0)
    mp_face(page, 3)
    expect(page.locator('#map-grid .cells polygon.reach[data-label="F-3"]')).to_have_count(0)
    assert page.locator("#map-grid .cells polygon.reach").count() > 3
    mp_face(page, 5)
    shot(page, tmp_path, "turn-faces")

    # J-2 needs 10 MP: refused, and the refusal and the space stay in view; End turn says it drops the move.
    tap_space(page, "J-2")
    kept = page.locator("[data-kept-refusal]")
    expect(kept).to_contain_text("J-2 needs 10 MP for Vera's Move, which has 5 (p.24)")
    expect(page.locator('#map-grid .cells polygon.refused-at[data-label="J-2"]')).to_have_count(1)
    expect(end_turn(page)).to_have_text("End Vera's turn without the refused move to J-2")
    wholly_in_view(page, kept)
    wholly_in_view(page, end_turn(page), "#actionbar")
    bar = page.locator("#bottombar").bounding_box()  # and never under the bottom bar, "not saved" wrapped in it
    assert end_turn(page).bounding_box()["y"] + end_turn(page).bounding_box()["height"] <= bar["y"] + 1
    shot(page, tmp_path, "turn-refused-move")
    # another tap of the table's (− HP on Vera: a change sent and answered) leaves it where it is
    page.get_by_role("button", name="− HP", exact=True).tap()
    settled(page)
    expect(page.locator("#turn-self")).to_contain_text("HP 9/10")
    expect(kept).to_contain_text("J-2 needs 10 MP")
    expect(end_turn(page)).to_have_text("End Vera's turn without the refused move to J-2")
    kept.get_by_role("button", name="Dismiss").tap()
    expect(kept).to_have_count(0)
    expect(page.locator("#map-grid .cells polygon.refused-at")).to_have_count(0)
    expect(end_turn(page)).to_have_text("End Vera's turn without moving")

    # Refused again, then corrected: the move to F-3 with the face 5 (2 taps) takes the refusal away.
    tap_space(page, "J-2")
    expect(kept).to_have_count(1)
    mp_face(page, 5)
    tap_space(page, "F-3")
    expect(page.locator("#result")).to_contain_text("Vera: Move 5 — 5 MP by B-6")
    expect(kept).to_have_count(0)
    expect(end_turn(page)).to_have_text("End Vera's turn")

    # The attack helper: the Sentry on H-3, 2 spaces away, beyond Vera's base range 1, is shown disabled with
    # the range counted; the card's range modifier +1 typed offers it.
    page.locator("#attack summary").tap()
    sentry = page.locator('#attack-targets input[name="target"][value="Grallok Sentry-1"]')
    expect(sentry).to_be_disabled()
    why = page.locator("#attack-targets .why", has_text="Grallok Sentry-1")
    expect(why).to_contain_text("Grallok Sentry-1 is out of range: range 2, the Attack reaches 1 (base range 1)")
    expect(why).to_be_visible()
    page.locator("#attack-targets").scroll_into_view_if_needed()
    shot(page, tmp_path, "turn-target-out-of-range")
    page.locator('#attack-form input[name="range_modifier"]').fill("1")
    expect(sentry).to_be_enabled()
    page.locator("#attack-targets label.face", has=page.locator('input[value="Grallok Sentry-1"]')).tap()
    expect(sentry).to_be_checked()
    expect(page.locator("#resolve")).to_be_enabled()

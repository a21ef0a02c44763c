"""Issue 34, item 4, on a 1024x768 touch tablet: an empty app's home page is the first-run path with its next step
a button; on the set-up page, ticking a deck the table draws itself changes that deck's line in "What this mission
needs" without a reload."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import assert_touch_target, samples_and_map


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("first-run-instance"))})).start()
    yield server
    server.stop()


def test_the_first_run_path_and_the_set_up_pages_needs(tablet: Page):
    page = tablet
    page.goto("/")
    path = page.locator("#first-run")
    expect(path.locator('[aria-current="step"]')).to_contain_text("Campaign and party")
    start = path.get_by_role("link", name="Start a campaign ›")
    assert_touch_target(start)
    expect(path.locator(".step-state")).to_have_text(["Next", "Later", "Later", "Later"])

    samples_and_map(page, "First steps (sample)")
    page.goto("/")
    expect(page.locator("#first-run .step-state")).to_have_text(["Next", "Done", "Done", "Later"])  # cards, map

    page.goto("/table/new")
    page.wait_for_function("() => window.htmx !== undefined")
    needs = page.locator("#setup-needs")
    species = needs.locator('[data-deck="species:Grallok"]')
    expect(species.locator(".need-state")).to_have_text("Ready")
    page.evaluate("() => { window.notReloaded = true; }")
    species.get_by_label("We draw it ourselves").check()
    expect(page.locator('#setup-needs [data-deck="species:Grallok"] .need-state')).to_have_text("You draw it")
    expect(page.locator('#setup-needs [data-deck="species:Grallok"]')).to_contain_text(
        "you draw it yourself: cards are typed when they come up")
    assert page.evaluate("() => window.notReloaded === true")  # the panel alone was swapped
    page.locator('#setup-needs [data-deck="species:Grallok"]').get_by_label("We draw it ourselves").uncheck()
    expect(page.locator('#setup-needs [data-deck="species:Grallok"] .need-state')).to_have_text("Ready")

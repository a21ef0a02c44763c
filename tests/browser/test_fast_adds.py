"""Nothing lost when taps come fast (issue 35, item 7), in chromium on a slow network: a second add pressed while
the first is on its way (its form's request id spent, its button busy) is kept and sent once the first is
answered, from the form that answer drew; the same press twice is sent once; the table is told in words."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import TABLET, TIMEOUT_MS, LiveServer

LATENCY_MS = 300  # each request's way there and back: a tablet's Wi-Fi at a busy table


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("fast-adds-instance"))})).start()
    yield server
    server.stop()


@pytest.fixture
def tablet(browser, live_server):
    context = browser.new_context(base_url=live_server.url, **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": LATENCY_MS,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    yield page
    context.close()


def stored(live_server, sql: str, *args):
    conn = sqlite3.connect(live_server.app.config["DATABASE"])
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def characters(live_server, campaign_id: int) -> list[str]:
    state = json.loads(stored(live_server, "SELECT state FROM campaigns WHERE id = ?", campaign_id)[0][0])
    return [ch["name"] for ch in state["characters"]]


def new_campaign(page: Page, name: str) -> int:
    page.goto("/")
    page.get_by_label("Campaign name").fill(name)
    page.get_by_role("button", name="New campaign", exact=True).click()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    page.wait_for_load_state("load")
    return int(page.url.rsplit("/", 1)[1])


def add(page: Page, name: str, class_name: str, species: str) -> None:
    """Typed and sent with Enter at once, without waiting for any answer."""
    form = page.locator("#new-character")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Class").select_option(class_name)
    form.get_by_label("Species").select_option(species)
    form.get_by_label("Name").press("Enter")


def sheet(page: Page):
    return page.locator("#characters li.character .title")


def test_two_characters_added_at_once_both_land(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Fast adds")
    add(page, "Ann", "Healer", "Human")
    expect(page.locator("#new-character button")).to_be_disabled()  # the first is on its way
    add(page, "Bob", "Warrior", "Grallok")  # pressed before the first answer came
    expect(sheet(page)).to_have_text(["Ann", "Bob"])
    assert characters(live_server, cid) == ["Ann", "Bob"]
    expect(page.locator("#save-note")).to_contain_text("your next Add character is kept and sent right after")
    expect(page.locator("#savestate")).to_have_text("● saved")
    expect(page.locator("#new-character").get_by_label("Name")).to_have_value("")


def test_the_same_add_pressed_twice_is_sent_once_and_said(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Double tap")
    add(page, "Cyd", "Ranger", "Human")
    page.locator("#new-character").get_by_label("Name").press("Enter")  # a double press, nothing changed
    expect(page.locator("#save-note")).to_contain_text("Wait: Add character is still being saved")
    expect(sheet(page)).to_have_text(["Cyd"])
    page.wait_for_timeout(3 * LATENCY_MS)
    assert characters(live_server, cid) == ["Cyd"]


def test_two_maps_drawn_at_once_both_land(tablet, live_server):
    """A new map's answer sends the tablet to its editor: it waits while the second is sent, then goes on."""
    page = tablet
    page.goto("/maps")
    page.wait_for_load_state("load")
    before = stored(live_server, "SELECT COUNT(*) FROM maps")[0][0]
    name = page.locator("#new-map").get_by_label("Map name")
    name.fill("Cellar")
    name.press("Enter")
    expect(page.locator("#new-map button")).to_be_disabled()
    name.fill("Attic")
    name.press("Enter")
    expect(page).to_have_url(re.compile(r"/maps/\d+$"))
    expect(page.locator("h1")).to_contain_text("Attic")
    assert [r[0] for r in stored(live_server, "SELECT name FROM maps ORDER BY id")][before:] == ["Cellar", "Attic"]


def test_a_second_add_after_a_refused_first_is_said_not_sent(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Refused first")
    form = page.locator("#new-character")
    form.get_by_label("Name").fill("Dee")  # no class chosen: the companion refuses it (422)
    form.get_by_label("Name").press("Enter")
    expect(form.locator("button")).to_be_disabled()
    add(page, "Eli", "Warrior", "Grallok")
    expect(page.locator("#save-note")).to_contain_text("Your next Add character was not sent: Add character was not saved. Tap it again.")
    expect(page.locator("#new-character .errors")).to_be_visible()
    page.wait_for_timeout(3 * LATENCY_MS)
    assert characters(live_server, cid) == []

"""A tap is never lost nor applied twice on flaky Wi-Fi (issue 24), on the campaign sheet and the mission table.

Playwright's request routing plays the network: a lost answer (the request reaches the companion, its answer is
dropped), a lost request (dropped before), a slow answer (held, then let through), the companion offline for a
while (every request dropped; shortened from the issue's 20 s to a few polls), and a second tablet. Each case
checks the change was applied exactly once and that the tablet says which. An outage also ends the tablets'
streams (the feed drops them, as a laptop leaving the Wi-Fi does): routing cannot cut a connection already open."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import TABLET, TIMEOUT_MS, LiveServer
from .helpers import END_TURN, to_veras_turn, vera_hp

OFFLINE_POLLS_MS = 3_000  # the outage: long enough for several polls to fail


def fame_stored(live_server, campaign_id: int, planet: str) -> int:
    conn = sqlite3.connect(live_server.app.config["DATABASE"])
    try:
        return json.loads(conn.execute("SELECT state FROM campaigns WHERE id = ?", [campaign_id]).fetchone()[0])["fame"][planet]
    finally:
        conn.close()


def new_campaign(page: Page, name: str) -> int:
    page.goto("/")
    page.get_by_label("Campaign name").fill(name)
    with page.expect_response(lambda r: r.url.endswith("/stream") and r.status == 200):  # it follows by its stream
        page.get_by_role("button", name="New campaign", exact=True).click()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    page.wait_for_load_state("load")  # its scripts (deferred) listen before the first tap
    return int(page.url.rsplit("/", 1)[1])


def berkav(page: Page):
    return page.locator("output[aria-label='Berkav']")


def lose_answer(route):
    route.fetch()  # the companion gets it and applies it...
    route.abort("connectionreset")  # ...and the answer never reaches the tablet


# The part of a control a person sees: its box less what the panels it scrolls in clip off (a control scrolled
# above the side panel's top is drawn nowhere, though its box reaches up beside the top bar).
SHOWN = """e => {
  const r = e.getBoundingClientRect();
  let x0 = r.left, y0 = r.top, x1 = r.right, y1 = r.bottom;
  for (let p = e.parentElement; p && p !== document.documentElement; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!/(auto|scroll|hidden|clip)/.test(s.overflowX + " " + s.overflowY)) { continue; }
    const b = p.getBoundingClientRect();
    x0 = Math.max(x0, b.left); y0 = Math.max(y0, b.top); x1 = Math.min(x1, b.right); y1 = Math.min(y1, b.bottom);
  }
  return x1 > x0 && y1 > y0 ? {x: x0, y: y0, width: x1 - x0, height: y1 - y0} : null;
}"""


def clear_of_controls(page: Page, banner_id: str) -> None:
    """The banner floats over the page without covering any control but its own, as drawn (`SHOWN`)."""
    box = page.locator(f"#{banner_id}").bounding_box()
    assert box
    for control in page.locator("main button, main a, main input:not([type=hidden]), main select, footer button").all():
        if not control.is_visible():
            continue
        c = control.evaluate(SHOWN)
        overlap = c and not (c["x"] >= box["x"] + box["width"] or c["x"] + c["width"] <= box["x"]
                             or c["y"] >= box["y"] + box["height"] or c["y"] + c["height"] <= box["y"])
        assert not overlap, f"#{banner_id} covers {control}"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("flaky-wifi-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


@pytest.fixture
def tablet(browser, live_server):
    context = browser.new_context(base_url=live_server.url, **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_a_lost_answer_is_said_saved_and_applied_once(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Lost answer")
    page.route("**/fame", lose_answer)
    page.get_by_role("button", name="Berkav plus one").click()
    expect(page.locator("#save-note")).to_contain_text("Berkav plus one was saved")
    expect(page.locator("#save-banner")).to_be_hidden()
    expect(berkav(page)).to_have_text("1")  # the sheet catches up by itself: nothing to tap again
    page.unroute("**/fame")
    assert fame_stored(live_server, cid, "Berkav") == 1
    page.get_by_role("button", name="Berkav plus one").click()
    expect(berkav(page)).to_have_text("2")
    assert fame_stored(live_server, cid, "Berkav") == 2


def test_a_lost_request_is_said_not_saved_and_sent_again_once(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Lost request")
    page.route("**/fame", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Berkav plus one").click()
    banner = page.locator("#save-banner")
    expect(banner).to_contain_text("NOT SAVED")
    expect(banner).to_contain_text("Berkav plus one did not reach the companion")
    clear_of_controls(page, "save-banner")
    page.unroute("**/fame")
    assert fame_stored(live_server, cid, "Berkav") == 0
    page.get_by_role("button", name="Send again").click()
    expect(berkav(page)).to_have_text("1")
    expect(banner).to_be_hidden()
    expect(page.locator("#savestate")).to_have_text("● saved")
    assert fame_stored(live_server, cid, "Berkav") == 1


def offline(page: Page, live_server) -> None:
    page.route("**/*", lambda route: route.abort("internetdisconnected"))
    live_server.app.extensions["feed"].drop()


def test_a_slow_answer_shows_the_control_busy_and_sends_the_next_tap_after_it(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Slow answer")
    held, sent = [], []

    def first_held(route):  # the first tap's answer held; any later one goes through
        sent.append(route)
        if len(sent) == 1:
            held.append(route)
        else:
            route.continue_()

    page.route("**/fame", first_held)
    plus = page.get_by_role("button", name="Berkav plus one")
    plus.click()
    page.wait_for_timeout(300)
    assert held, "the tap was sent"
    expect(plus).to_be_disabled()
    expect(plus).to_have_attribute("aria-busy", "true")
    expect(page.locator("#savestate")).to_have_text("saving…")
    page.get_by_role("button", name="Orbos plus one").click()  # a second tap while the first is on its way
    expect(page.locator("#save-note")).to_contain_text("Orbos plus one is kept and sent right after")
    expect(page.locator("#savestate")).to_have_text("saving… (1 waiting)")
    assert len(sent) == 1  # kept on the tablet until the first is answered
    held[0].continue_()
    expect(page.locator("output[aria-label='Orbos']")).to_have_text("1")  # then sent
    expect(berkav(page)).to_have_text("1")
    expect(page.locator("#savestate")).to_have_text("● saved")
    page.unroute("**/fame")
    assert len(sent) == 2  # once
    assert (fame_stored(live_server, cid, "Berkav"), fame_stored(live_server, cid, "Orbos")) == (1, 1)


def test_offline_then_back_says_reconnecting_then_what_became_of_the_tap(tablet, live_server):
    page = tablet
    cid = new_campaign(page, "Offline")
    offline(page, live_server)
    conn = page.locator("#conn-banner")
    expect(conn).to_be_visible()
    expect(conn).to_contain_text("Offline — reconnecting")
    expect(page.locator("#save-banner")).to_be_hidden()  # a failed poll is no unsaved change
    clear_of_controls(page, "conn-banner")
    page.get_by_role("button", name="Berkav plus one").click()  # tapped while offline
    page.wait_for_timeout(OFFLINE_POLLS_MS)
    page.unroute("**/*")
    expect(conn).to_be_hidden()  # the first good poll clears it
    banner = page.locator("#save-banner")
    expect(banner).to_contain_text("Berkav plus one did not reach the companion")
    assert fame_stored(live_server, cid, "Berkav") == 0
    page.get_by_role("button", name="Send again").click()
    expect(berkav(page)).to_have_text("1")
    assert fame_stored(live_server, cid, "Berkav") == 1


def test_another_tablets_change_never_marks_a_lost_tap_saved(tablet, browser, live_server):
    page = tablet
    cid = new_campaign(page, "Two tablets")
    other = browser.new_context(base_url=live_server.url, **TABLET).new_page()
    try:
        other.goto(f"/campaigns/{cid}")
        page.route("**/fame", lambda route: route.abort("internetdisconnected"))
        page.get_by_role("button", name="Berkav plus one").click()
        expect(page.locator("#save-banner")).to_contain_text("Berkav plus one did not reach the companion")
        page.unroute("**/fame")
        other.get_by_role("button", name="Orbos plus one").click()
        expect(other.locator("output[aria-label='Orbos']")).to_have_text("1")
        expect(page.locator("output[aria-label='Orbos']")).to_have_text("1")  # the sheet follows the other tablet
        expect(page.locator("#save-banner")).to_be_visible()  # and still says its own tap was not saved
        expect(page.locator("#savestate")).to_have_text("NOT SAVED — retry")
        page.get_by_role("button", name="Send again").click()
        expect(berkav(page)).to_have_text("1")
        expect(other.locator("output[aria-label='Berkav']")).to_have_text("1")
        assert (fame_stored(live_server, cid, "Berkav"), fame_stored(live_server, cid, "Orbos")) == (1, 1)
    finally:
        other.context.close()


def test_on_the_mission_table_a_lost_answer_takes_one_hp_and_two_quick_taps_never_conflict(tablet, live_server):
    page = tablet
    mission_id = int(to_veras_turn(page).rsplit("/", 1)[1])
    before = vera_hp(live_server, mission_id)

    page.route("**/do/hp", lose_answer)
    page.get_by_role("button", name="− HP", exact=True).click()
    expect(page.locator("#save-note")).to_contain_text("− HP was saved")
    expect(page.locator("#figures")).to_contain_text(f"HP {before - 1}/")  # the page caught up by itself
    page.unroute("**/do/hp")
    expect(page.locator("#save-banner")).to_be_hidden()
    assert vera_hp(live_server, mission_id) == before - 1

    # A slow − HP, then End turn tapped at once: the second is sent after the first, never a 409 from itself.
    held = []
    page.route("**/do/hp", lambda route: held.append(route))
    page.get_by_role("button", name="− HP", exact=True).click()
    page.wait_for_timeout(300)
    page.get_by_role("button", name=END_TURN).click()
    expect(page.locator("#save-note")).to_contain_text("End Vera's turn without moving is kept and sent right after")
    held[0].continue_()
    expect(page.locator("#lastlog")).to_contain_text("Vera's discard pile")  # End turn, after − HP
    expect(page.locator("#savestate")).to_have_text("● saved")
    page.unroute("**/do/hp")
    assert vera_hp(live_server, mission_id) == before - 2
    expect(page.locator("#conflict")).to_have_count(0)
    expect(page.locator("#save-banner")).to_be_hidden()

    # Offline: the connection banner floats over the page; no control moves nor is covered.
    button = page.locator("#bottombar").get_by_role("button").first
    where = button.bounding_box()
    offline(page, live_server)
    expect(page.locator("#conn-banner")).to_be_visible()
    assert button.bounding_box() == where
    clear_of_controls(page, "conn-banner")
    page.unroute("**/*")
    expect(page.locator("#conn-banner")).to_be_hidden()


def test_the_map_editor_and_the_card_library_follow_another_tablet_and_never_write_over_it(tablet, browser,
                                                                                            live_server):
    page = tablet
    page.goto("/maps")
    page.get_by_label("Map name").fill("Shared map")
    page.get_by_role("button", name="Draw the map").click()
    expect(page).to_have_url(re.compile(r"/maps/\d+$"))
    other = browser.new_context(base_url=live_server.url, **TABLET).new_page()
    try:
        other.goto(page.url)
        other.wait_for_load_state("load")
        other.get_by_label("Adversary type").fill("Grallok Sentry")  # typed on the other tablet, not yet used
        other.locator("label.tool", has_text=re.compile(r"^\s*adversary placement icons\s*$")).click()
        page.wait_for_load_state("load")
        page.locator("label.tool", has_text=re.compile(r"^\s*fire hazards\s*$")).click()
        page.locator('#map-grid polygon[data-label="C-3"]').click()
        expect(page.locator("#lastlog")).to_contain_text("fire hazards")
        # the other tablet's map follows within its poll, and its typed box is kept (only the map is redrawn)
        expect(other.locator("#lastlog")).to_contain_text("fire hazards")
        expect(other.get_by_label("Adversary type")).to_have_value("Grallok Sentry")
        other.locator('#map-grid polygon[data-label="E-2"]').click()  # sent with the version it was given
        expect(other.locator("#lastlog")).to_contain_text("Grallok Sentry")
        expect(other.locator("#savestate")).to_have_text("● saved")
        expect(page.locator("#lastlog")).to_contain_text("Grallok Sentry")  # and the first tablet follows it

        page.goto("/cards")
        other.goto("/cards")
        other.wait_for_load_state("load")
        page.wait_for_load_state("load")
        page.locator("summary", has_text="Species action card").click()
        species = page.locator("form#species-card")
        species.get_by_label("Species deck").fill("Grallok")
        species.get_by_label("Card name").fill("Stomp")
        species.get_by_label("AP", exact=True).fill("3")
        species.get_by_role("button", name="Add the card").click()
        expect(page.locator("#result")).to_contain_text("Stomp")
        expect(other.locator("#library")).to_contain_text("Stomp")  # the other tablet's library follows
    finally:
        other.context.close()


def test_a_form_sent_before_htmx_took_it_over_still_saves(tablet, live_server):
    """An htmx answer's forms carry no CSRF field (the header does). A tap landing between a swap and htmx's
    processing of the new form sends it as a plain post: the page gives it its token, so it saves, never a
    "security token" error page."""
    page = tablet
    cid = new_campaign(page, "Plain post")
    planet = page.evaluate("""() => {
        const live = document.querySelector('form[hx-post$="/fame"]');
        const plain = document.createElement('form');
        plain.method = 'post';
        plain.action = live.getAttribute('hx-post');
        for (const el of live.querySelectorAll('input[type=hidden]')) {
            if (el.name !== 'csrf_token') { plain.appendChild(el.cloneNode()); }
        }
        const delta = document.createElement('input');
        delta.type = 'hidden'; delta.name = 'delta'; delta.value = '1';
        plain.appendChild(delta);
        document.body.appendChild(plain);
        plain.requestSubmit();
        return live.querySelector('input[name="planet"]').value;
    }""")
    page.wait_for_load_state("load")
    expect(page.locator("body")).not_to_contain_text("security token")
    expect(page.locator(f"output[aria-label='{planet}']")).to_have_text("1")
    assert fame_stored(live_server, cid, planet) == 1

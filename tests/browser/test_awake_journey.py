"""The screen stays awake at a real table (issue 36, item 1): the tablet opens the laptop at a LAN name over plain
http (table.lan, not a secure context: no Screen Wake Lock API there), and one tap on the mission page or a game
page holds the screen awake with the muted looping inline video (static/js/awake.js, NoSleep.js); the bottom
bar says so, the table can switch it off, the tablet remembers that across a reload, and a finished game holds
nothing.

No autoplay flag: chromium runs with its usual autoplay policy (a muted video may start by itself), and the
tests tap as a player would. A browser that lets no video start without a tap (iOS in Low Power Mode) is played
by a tablet whose video refuses to start outside a tap (its play() wrapped before the page loads): there the bar
says "tap to start" and the first tap anywhere holds the screen.
"""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.games import aldarra as al
from companion.games.frame import Player
from companion.store import games as game_store
from companion.store import mission_table as mission_store
from helpers.mission_table import first_steps

from .conftest import CHROMIUM, CHROMIUM_ARGS, TABLET, TIMEOUT_MS, LiveServer

VIDEO = "document.querySelector('video.awake-video')"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("awake-instance")),
                                    "TRUSTED_HOSTS": ["localhost", "127.0.0.1", "::1", "table.lan"]})).start()
    db = dbmod.connect(server.app.config["DATABASE"])
    try:
        server.mission = mission_store.JOURNAL.create(db, {"name": "First steps"}, first_steps(), "Set up")
        players = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))
        game = al.next_step(al.new_game(players, random.Random(8))).state
        server.game = game_store.JOURNAL.create(db, {"kind": "aldarra-reborn", "name": "Night game"}, game, "Set up")
    finally:
        db.conn.close()
    yield server
    server.stop()


def lan_tablet(browser, live_server):
    """A tablet that reaches the laptop as table.lan over http (chromium's resolver maps the name here): its
    page, with the console errors it logs in `page.errors`, and a function that closes it."""
    lan = browser.browser_type.launch(executable_path=CHROMIUM,
                                      args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP table.lan 127.0.0.1"])
    context = lan.new_context(base_url=f"http://table.lan:{live_server.server.effective_port}", **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
    return page, lambda: (context.close(), lan.close())


@pytest.fixture(scope="module")
def tablet(browser, live_server):
    page, close = lan_tablet(browser, live_server)
    yield page
    close()


def held(page: Page) -> bool:
    return page.evaluate(f"!!{VIDEO} && !{VIDEO}.paused")


def awake_after_a_tap(page: Page, url: str, somewhere: str) -> None:
    page.goto(url)
    assert page.evaluate("window.isSecureContext") is False  # plain http from a LAN name
    assert page.evaluate("'wakeLock' in navigator") is False  # so no Screen Wake Lock API
    page.locator(somewhere).first.tap()
    switch = page.locator("#awake-toggle")
    expect(switch).to_have_text("Keep awake: on")
    page.wait_for_function(f"!!{VIDEO} && !{VIDEO}.paused")
    assert page.evaluate(f"{VIDEO}.muted && {VIDEO}.loop && {VIDEO}.hasAttribute('playsinline')")
    page.wait_for_timeout(600)
    assert held(page), "the video stopped: the screen would sleep"


def test_one_tap_on_the_mission_page_keeps_the_screen_awake_and_off_is_remembered(tablet: Page, live_server):
    url = f"/table/{live_server.mission}"
    awake_after_a_tap(tablet, url, "h2")
    switch = tablet.locator("#awake-toggle")
    box = switch.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert switch.evaluate("el => !!el.closest('#bottombar')")  # in the fixed bar, always in view

    switch.tap()  # the table switches it off
    expect(switch).to_have_text("Keep awake: off")
    assert not held(tablet)

    tablet.reload()  # this tablet remembers: a tap no longer holds the screen
    tablet.locator("h2").first.tap()
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: off")
    tablet.wait_for_timeout(400)
    assert not held(tablet)

    tablet.locator("#awake-toggle").tap()  # on again, and remembered as on
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: on")
    tablet.wait_for_function(f"!!{VIDEO} && !{VIDEO}.paused")
    tablet.reload()
    tablet.locator("h2").first.tap()
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: on")
    tablet.wait_for_function(f"!!{VIDEO} && !{VIDEO}.paused")
    assert tablet.errors == []  # no Content-Security-Policy refusal of the video, no script error


def test_the_screen_is_let_go_while_the_page_is_hidden_and_held_again_on_return(tablet: Page, live_server):
    awake_after_a_tap(tablet, f"/table/{live_server.mission}", "h2")
    # The tablet switches to another app: the page is hidden (as the browser says it), then shown again.
    for state in ("hidden", "visible"):
        tablet.evaluate("s => { Object.defineProperty(document, 'visibilityState', {value: s, configurable: true});"
                        " document.dispatchEvent(new Event('visibilitychange')); }", state)
        if state == "hidden":
            tablet.wait_for_function(f"{VIDEO}.paused")
    tablet.wait_for_function(f"!{VIDEO}.paused")
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: on")


def test_the_screen_stays_held_across_a_tap_whose_answer_redraws_the_bar(tablet: Page, live_server):
    awake_after_a_tap(tablet, f"/table/{live_server.mission}", "h2")
    tablet.get_by_role("button", name="Place everyone on the next free entry points").tap()
    expect(tablet.locator("#lastlog")).to_contain_text("starts on entry point")  # the answer's new bar
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: on")
    assert held(tablet)


def test_one_tap_on_a_game_page_keeps_the_screen_awake_until_the_game_is_finished(tablet: Page, live_server):
    url = f"/games/{live_server.game}"
    awake_after_a_tap(tablet, url, "h1")
    tablet.locator("#awake-toggle").tap()
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: off")
    assert not held(tablet)
    tablet.reload()
    expect(tablet.locator("#awake-toggle")).to_have_text("Keep awake: off")
    tablet.locator("#awake-toggle").tap()
    tablet.wait_for_function(f"!!{VIDEO} && !{VIDEO}.paused")

    db = dbmod.connect(live_server.app.config["DATABASE"])
    try:
        game_store.set_status(db, live_server.game, True)  # the table finished the game (its results page)
    finally:
        db.conn.close()
    tablet.goto(url)
    tablet.locator("h1").first.tap()
    tablet.wait_for_timeout(400)
    expect(tablet.locator("#awake-toggle")).to_have_count(0)  # no longer in play: nothing to hold
    assert not held(tablet)
    assert tablet.errors == []


STRICT_AUTOPLAY = """
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  return navigator.userActivation.isActive ? play.call(this)
    : Promise.reject(new DOMException("play() needs a tap", "NotAllowedError"));
};
"""


def test_where_no_video_may_start_by_itself_the_first_tap_starts_it(browser, live_server):
    page, close = lan_tablet(browser, live_server)
    page.add_init_script(STRICT_AUTOPLAY)
    try:
        page.goto(f"/table/{live_server.mission}")
        expect(page.locator("#awake-toggle")).to_have_text("Keep awake: tap to start")
        page.wait_for_timeout(400)
        assert not held(page)  # refused without a tap: the bar says so, the screen is not held yet
        page.locator("h2").first.tap()  # the first tap, anywhere on the page
        expect(page.locator("#awake-toggle")).to_have_text("Keep awake: on")
        page.wait_for_function(f"!!{VIDEO} && !{VIDEO}.paused")
        assert page.errors == []
    finally:
        close()

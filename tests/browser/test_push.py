"""Two tablets on one mission follow each other by the mission's stream, not by polling (issue 36, item 2),
and a tap made during a slow save is sent after it, in order (item 3).

Each tablet counts the requests it sends to the mission's poll: while the stream is up an idle tablet sends
none, and a change made elsewhere costs it one (the page fetched with the version it shows). With its stream
refused (Playwright aborts the stream's requests) the tablet polls every second and still catches up."""
from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import TABLET, TIMEOUT_MS, LiveServer
from .helpers import END_TURN, to_veras_turn, vera_hp

IDLE_MS = 3_000  # three of the old polls' seconds


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("push-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


@pytest.fixture
def tablets(browser, live_server):
    """Two tablets, each its own browser context; the first has set up a mission and it is Vera's turn."""
    contexts = [browser.new_context(base_url=live_server.url, **TABLET) for _ in range(2)]
    for c in contexts:
        c.set_default_timeout(TIMEOUT_MS)
    first, second = (c.new_page() for c in contexts)
    to_veras_turn(first)
    yield first, second
    for c in contexts:
        c.close()


def polls_of(page: Page) -> list[str]:
    """The address of every poll the page sends from now on."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if re.search(r"/table/\d+/poll", r.url) else None)
    return sent


def opened(page: Page, url: str) -> None:
    """The mission page loaded, its scripts listening, and its stream open."""
    with page.expect_response(lambda r: r.url.endswith("/stream") and r.status == 200):
        page.goto(url)
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")


def vera(page: Page):
    return page.locator("#figures")


def mission_entries(live_server, mission_id: int) -> list[str]:
    conn = sqlite3.connect(live_server.app.config["DATABASE"])
    try:
        return [r[0] for r in conn.execute("SELECT description FROM mission_events WHERE mission_id = ? ORDER BY id",
                                           [mission_id])]
    finally:
        conn.close()


def test_a_tap_on_one_tablet_shows_on_the_other_without_polling(tablets, live_server):
    first, second = tablets
    url = first.url
    mission_id = int(url.rsplit("/", 1)[1])
    hp = vera_hp(live_server, mission_id)
    opened(second, url)
    polls = polls_of(second)
    second.wait_for_timeout(IDLE_MS)
    assert polls == [], "an idle tablet with its stream open sends no poll"
    first.get_by_role("button", name="− HP", exact=True).click()
    expect(vera(second)).to_contain_text(f"HP {hp - 1}/")
    # the change cost the second tablet one request: its page, asked with the version it showed
    assert len(polls) == 1 and re.search(r"seen=\d+", polls[0])
    first.get_by_role("button", name="+ HP", exact=True).click()
    expect(vera(second)).to_contain_text(f"HP {hp}/")
    assert len(polls) == 2
    # and the second tablet's own tap reaches the first the same way
    second.get_by_role("button", name="− HP", exact=True).click()
    expect(vera(first)).to_contain_text(f"HP {hp - 1}/")
    expect(second.locator("#savestate")).to_have_text("● saved")


def test_with_its_stream_down_a_tablet_polls_and_catches_up(tablets, live_server):
    first, second = tablets
    url = first.url
    hp = vera_hp(live_server, int(url.rsplit("/", 1)[1]))
    second.route("**/stream", lambda route: route.abort("connectionreset"))
    polls = polls_of(second)
    second.goto(url)
    second.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")
    second.wait_for_timeout(3_500)
    assert len(polls) >= 2, "with no stream the tablet asks every second"
    first.get_by_role("button", name="− HP", exact=True).click()
    expect(vera(second)).to_contain_text(f"HP {hp - 1}/")
    expect(second.locator("#conn-banner")).to_be_hidden()  # polls answered: the tablet is not offline
    # the stream back: the tablet follows by it again and stops polling
    with second.expect_response(lambda r: r.url.endswith("/stream") and r.status == 200, timeout=70_000):
        second.unroute("**/stream")  # the extension tries again, each time a little later (up to a minute)
    second.wait_for_timeout(1_500)
    settled = len(polls)
    second.wait_for_timeout(IDLE_MS)
    assert len(polls) == settled, "once the stream is up again, no more polls"


def test_a_tap_during_a_slow_save_is_sent_after_it_in_order(tablets, live_server):
    page, _ = tablets
    mission_id = int(page.url.rsplit("/", 1)[1])
    hp = vera_hp(live_server, mission_id)
    sent: list[dict] = []
    page.on("request", lambda r: sent.append({"url": r.url, "form": r.post_data or ""}) if r.method == "POST" else None)
    held = []
    page.route("**/do/hp", lambda route: held.append(route))  # − HP answered 3 s late
    page.get_by_role("button", name="− HP", exact=True).click()
    page.wait_for_timeout(600)
    page.get_by_role("button", name=END_TURN).click()
    expect(page.locator("#savestate")).to_have_text("saving… (1 waiting)")
    assert len(held) == 1 and len(sent) == 1, "End turn waits for − HP's answer"
    page.wait_for_timeout(2_400)
    held[0].continue_()
    expect(page.locator("#savestate")).to_have_text("● saved")
    expect(page.locator("#save-banner")).to_be_hidden()
    expect(page.locator("#conflict")).to_have_count(0)
    page.unroute("**/do/hp")
    assert vera_hp(live_server, mission_id) == hp - 1
    entries = mission_entries(live_server, mission_id)
    # − HP, then End turn (Vera's cards to her discard pile, p.23), applied in the order they were tapped
    assert re.fullmatch(r"vera: HP \d+ -> \d+", entries[-2]) and "Vera's discard pile" in entries[-1], entries[-3:]
    ids = [re.search(r"request_id=(\w+)", s["form"]).group(1) for s in sent]
    assert len(ids) == 2 and ids[0] != ids[1], "each tap under a request id of its own"
    versions = [int(re.search(r"version=(\d+)", s["form"]).group(1)) for s in sent]
    assert versions[1] == versions[0] + 1, "End turn sent with the version − HP's answer drew"


def test_a_tap_kept_behind_a_refused_save_is_not_sent_and_the_page_says_so(tablets, live_server):
    page, other = tablets
    mission_id = int(page.url.rsplit("/", 1)[1])
    opened(other, page.url)
    held = []
    page.route("**/do/hp", lambda route: held.append(route))
    page.get_by_role("button", name="− HP", exact=True).click()
    page.wait_for_timeout(300)
    page.get_by_role("button", name=END_TURN).click()
    expect(page.locator("#savestate")).to_have_text("saving… (1 waiting)")
    other.get_by_role("button", name="− HP", exact=True).click()  # the other tablet changes the mission first
    expect(other.locator("#savestate")).to_have_text("● saved")
    before = mission_entries(live_server, mission_id)
    held[0].continue_()  # − HP now arrives stale: refused
    expect(page.locator("#save-note")).to_have_text("Your next End Vera's turn without moving was not sent: − HP was not saved. Tap it again.")
    page.unroute("**/do/hp")
    page.wait_for_timeout(500)
    assert mission_entries(live_server, mission_id) == before, "neither − HP nor End turn was applied"


def test_a_tap_kept_behind_a_lost_answer_waits_until_that_change_is_known_saved(tablets, live_server):
    page, _ = tablets
    mission_id = int(page.url.rsplit("/", 1)[1])
    hp = vera_hp(live_server, mission_id)
    asked = []
    page.route("**/requests/*", lambda route: asked.append(route))  # "was it saved?" held a moment

    def lose_answer(route):
        route.fetch()  # the companion applies it...
        route.abort("connectionreset")  # ...and the answer never reaches the tablet

    page.route("**/do/hp", lose_answer)
    page.get_by_role("button", name="− HP", exact=True).click()
    expect(page.locator("#savestate")).to_contain_text("checking whether − HP was saved")
    page.get_by_role("button", name=END_TURN).click()
    expect(page.locator("#savestate")).to_have_text("checking whether − HP was saved… (1 waiting)")
    page.unroute("**/do/hp")
    assert asked, "the tablet asks whether − HP was saved"
    asked[0].continue_()
    page.unroute("**/requests/*")
    expect(page.locator("#save-note")).to_contain_text("− HP was saved")
    expect(page.locator("#lastlog")).to_contain_text("Vera's discard pile")  # then End turn, from the page caught up
    expect(page.locator("#savestate")).to_have_text("● saved")
    expect(page.locator("#conflict")).to_have_count(0)
    assert vera_hp(live_server, mission_id) == hp - 1  # − HP applied once
    entries = mission_entries(live_server, mission_id)
    assert re.fullmatch(r"vera: HP \d+ -> \d+", entries[-2]) and "Vera's discard pile" in entries[-1], entries[-3:]

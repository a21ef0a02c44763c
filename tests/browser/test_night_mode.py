"""Night mode (issue 36, item 6): a tablet set to dark shows a dark page, the top bar's switch (Auto / Day / Night)
overrides the device and is remembered on it, and in both schemes the text is legible: at least 4.5:1 against
what is drawn under it, from the browser's computed colours, for the page's text, its buttons, the map's HP
labels and space names, the decision die's faces, the Preview's danger layer and panel, and a game board's
territory labels; and no console error (the scheme's script within the Content-Security-Policy). In light the cream page stays.
"""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.games import aldarra as al
from companion.games.frame import Player
from companion.phantom import play as rules
from companion.phantom.decision import DecisionDie
from companion.store import games as game_store
from companion.store import mission_table as mission_store
from helpers.mission_table import first_steps

from .conftest import TABLET, TIMEOUT_MS, LiveServer

CREAM = "rgb(245, 243, 238)"

# WCAG 2 contrast of two computed colours; a background is the first opaque one up the tree.
CONTRAST_JS = """
(() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
                     return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const under = el => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                        if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
                        getComputedStyle(el).visibility !== "hidden" && !el.closest("[hidden], [disabled], .btn:disabled"); };
  const ownText = el => Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  window.contrast = {rgb, lum, ratio, under, shown, ownText};
})()
"""


def install(page: Page) -> None:
    page.evaluate(CONTRAST_JS)


def lowest_text(page: Page, selector: str) -> list:
    """Each shown element under `selector` with text of its own (an HTML one, not the map's): its contrast
    against its background, the lowest first."""
    return page.evaluate("""sel => Array.from(document.querySelectorAll(sel)).filter(el =>
        !(el instanceof SVGElement) && contrast.shown(el) && contrast.ownText(el)).map(el => {
          const s = getComputedStyle(el);
          return [contrast.ratio(contrast.rgb(s.color), contrast.under(el)), el.tagName + "." + el.className + ": "
                  + el.textContent.trim().slice(0, 40)];
        }).sort((a, b) => a[0] - b[0])""", selector)


def svg_pairs(page: Page, text_selector: str, under_js: str) -> list:
    """Each SVG text of `text_selector`: its fill's contrast against the fill `under_js(text)` finds."""
    return page.evaluate(f"""() => Array.from(document.querySelectorAll({text_selector!r})).map(t => {{
        const under = ({under_js})(t);
        return [contrast.ratio(contrast.rgb(getComputedStyle(t).fill), contrast.rgb(getComputedStyle(under).fill)),
                t.textContent.trim()];
      }}).sort((a, b) => a[0] - b[0])""")


def legible(found: list, what: str) -> None:
    assert found, f"no {what} on the page"
    low = [f for f in found if f[0] < 4.5]
    assert not low, f"{what} under 4.5:1: {low[:5]}"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("night-instance"))})).start()
    m = first_steps()
    for cid, entry in (("vera", "B-6"), ("bram", "C-6")):
        m = rules.place_character(m, cid, entry).mission
    # Vera's turn, both adversaries still to act: what the Preview shows
    turn = rules.select_cards(rules.begin_round(m, DecisionDie("red", "N", "W")).mission, "vera", [("Cards", 5)]).mission
    turn = rules.start_next_turn(rules.reveal(rules.select_cards(turn, "bram", [("Cards", 2)]).mission).mission).mission
    players = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))
    game = al.next_step(al.new_game(players, random.Random(8))).state
    db = dbmod.connect(server.app.config["DATABASE"])
    try:
        server.mission = mission_store.JOURNAL.create(db, {"name": "First steps"}, m, "Set up")
        server.preview = mission_store.JOURNAL.create(db, {"name": "Preview"}, turn, "Set up")
        server.game = game_store.JOURNAL.create(db, {"kind": "aldarra-reborn", "name": "Night game"}, game, "Set up")
    finally:
        db.conn.close()
    yield server
    server.stop()


def device(browser, live_server, scheme: str):
    context = browser.new_context(base_url=live_server.url, color_scheme=scheme, **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
    return context, page


def background(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def dark(page: Page) -> bool:
    install(page)
    return page.evaluate("contrast.lum(contrast.rgb(getComputedStyle(document.body).backgroundColor)) < 0.03")


def every_text_legible(page: Page, live_server) -> None:
    """The mission page and the game page, in the scheme the page shows now."""
    page.goto(f"/table/{live_server.mission}")
    expect(page.locator("#map-plan .notes .hp").first).to_be_attached()
    expect(page.locator("#die-faces .die-face").first).to_be_visible()  # the decision die's faces, one tap each
    page.locator("#die-other summary").tap()  # and each face part by part
    expect(page.locator("#die-form .face").first).to_be_visible()
    install(page)
    legible(lowest_text(page, "body, body *:not(.btn):not(.btn *)"), "text")
    legible(lowest_text(page, ".btn, .btn *"), "button text")
    # HP on each figure's base (drawn in the figures' layer, under the notes layer)
    legible(svg_pairs(page, "#map-plan .notes .hp",
                      "t => document.querySelector(`#map-plan .fig[data-figure='${t.closest('.note').dataset.for}'] .base`)"),
            "map HP label")
    legible(svg_pairs(page, "#map-touch .coords text", "t => document.querySelector('.hexmap .spaces polygon')"),
            "space name")

    page.goto(f"/table/{live_server.preview}")
    page.locator("#preview-toggle").tap()
    expect(page.locator("#map-preview .danger polygon").first).to_be_attached()
    install(page)
    legible(lowest_text(page, "#preview-panel *"), "Preview panel text")

    page.goto(f"/games/{live_server.game}")
    expect(page.locator(".aboard .terr").first).to_be_visible()
    install(page)
    legible(lowest_text(page, "body, body *:not(.btn):not(.btn *)"), "text")
    legible(lowest_text(page, ".btn, .btn *"), "button text")
    legible(svg_pairs(page, ".aboard .terr .tid, .aboard .terr .tmark", "t => t.closest('.terr').querySelector('polygon')"),
            "board label")
    assert page.errors == []  # not even the condition toggles' inline style (issue 36, item 7: classes now)


def test_a_tablet_set_to_dark_shows_a_dark_page_every_text_legible(browser, live_server):
    context, page = device(browser, live_server, "dark")
    try:
        every_text_legible(page, live_server)
        assert dark(page)
        page.goto(f"/table/{live_server.mission}")
        assert dark(page)
        expect(page.locator("#scheme-toggle")).to_have_text("◐ Auto")
    finally:
        context.close()


def test_in_light_the_cream_page_stays_every_text_legible(browser, live_server):
    context, page = device(browser, live_server, "light")
    try:
        every_text_legible(page, live_server)
        assert background(page) == CREAM
    finally:
        context.close()


def test_the_switch_sets_day_or_night_whatever_the_device_and_the_tablet_remembers(browser, live_server):
    context, page = device(browser, live_server, "light")
    try:
        page.goto(f"/table/{live_server.mission}")
        switch = page.locator("#scheme-toggle")
        box = switch.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
        switch.tap()
        expect(switch).to_contain_text("Day")
        assert background(page) == CREAM
        switch.tap()
        expect(switch).to_contain_text("Night")
        assert dark(page)
        every_text_legible(page, live_server)  # Night chosen on a light device: legible too, and remembered
        assert dark(page)
        page.locator("#scheme-toggle").tap()
        expect(page.locator("#scheme-toggle")).to_contain_text("Auto")  # back to the device's setting: light
        assert background(page) == CREAM
    finally:
        context.close()
    context, page = device(browser, live_server, "dark")
    try:
        page.goto(f"/games/{live_server.game}")
        assert dark(page)
        page.locator("#scheme-toggle").tap()  # Day on a dark device
        expect(page.locator("#scheme-toggle")).to_contain_text("Day")
        page.reload()
        expect(page.locator("#scheme-toggle")).to_contain_text("Day")
        assert background(page) == CREAM
    finally:
        context.close()

"""Issue 36 item 7, every page type at 1024x768 and 768x1024 (touch): axe-core finds no serious or critical
violation, the page comes compressed (the browser asks for it), it logs no console error (a Content-Security-
Policy refusal is one, and is also caught as a `securitypolicyviolation` event), and every visible control is a
44x44 px tap target. The data is built through the app's own forms (a second device: the test client), as the
other stories set up theirs.

axe-core is the vendored tests/browser/vendor/ file (its version and licence in the README there). The page's
CSP allows scripts from its own origin only, so the test serves the file at an address of that origin (a
Playwright route: the app itself never serves it) instead of injecting it inline, which the CSP would refuse:
the page is checked with its real policy in force.

Tap targets (WCAG 2.5.8, at the 44 px UX.md asks for): every visible a, button, [role=button] (a game board's
territories), input, select, textarea and summary. A checkbox or radio inside its label is tapped through the
label, so the label is measured. One exemption, WCAG 2.5.8's "inline": a link or citation inside running text
(inline, and its block holds words of its own outside any control), whose size the sentence's line sets. The
rules page's keyword links sit between "·" only, so they are measured. The map editor's spaces are measured as
well (SVG polygons, not controls).
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion.games.registry import RULES
from helpers.games import Table
from helpers.mission_table import start_first_steps, step, to_first_turn

from .conftest import TABLET, TIMEOUT_MS, LiveServer
from .helpers import MIN_TOUCH_PX, tap_at

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
AXE_URL = "/__tests__/axe.min.js"  # same origin as the page (see the module's docstring); routed, never served
VIEWPORTS = ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})
BLOCKING = ("serious", "critical")
AXE_OPTIONS = {"resultTypes": ["violations"]}
# Reported whatever their impact, as the issue named them: a name without its visible text (on every citation),
# an empty table header.
NAMED = ("label-content-name-mismatch", "empty-table-header")

# Every securitypolicyviolation the page sees, kept for the test (an init script runs outside the page's CSP).
CSP_LISTENER = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
}, true);
"""

SMALL_TARGETS = """min => {
  const controls = 'a[href], button, [role=button], input:not([type=hidden]), select, textarea, summary';
  const inControl = n => n.parentElement && n.parentElement.closest(controls + ', label');
  // WCAG 2.5.8 "inline": in a sentence whose line sets its size (the module's docstring)
  const inRunningText = el => {
    if (!getComputedStyle(el).display.startsWith('inline')) return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    if (!block) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!el.contains(n) && !inControl(n) && /[A-Za-z0-9]/.test(n.textContent)) return true;
    }
    return false;
  };
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    let target = el;
    if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) target = el.closest('label');
    if (!target.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.width + 0.01 >= min && r.height + 0.01 >= min) continue;  // a float's rounding, no more
    if (target.tagName === 'A' || target.classList.contains('cite')) { if (inRunningText(target)) continue; }
    const name = (target.getAttribute('aria-label') || target.textContent || target.name || target.id || '').trim();
    const cls = target.getAttribute('class'), classes = cls ? '.' + cls.trim().split(/\\s+/).join('.') : '';
    small.push(`${target.tagName.toLowerCase()}${target.id ? '#' + target.id : ''}${classes} "${name.slice(0, 40)}" `
               + `${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return small;
}"""

SMALL_SPACES = """min => Array.from(document.querySelectorAll('#map-grid .cells polygon')).map(p => {
  const r = p.getBoundingClientRect();
  return [p.dataset.label, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
}).filter(([, w, h]) => w + 0.01 < min || h + 0.01 < min)"""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This module's own server: the other stories count what the home page lists."""
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("a11y-instance")),
                                    "GAME_SEED": 3})).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory):
    """An app with nothing in it yet: the home page is the first-run path, the libraries are empty."""
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("a11y-empty"))})).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def pages(live_server, empty_server) -> list[tuple[str, str, str | None]]:
    """Every page type, as (name, address, the figure's space to tap once it is open: its sheet opens, then the
    attack helper): a campaign with a character and its history, a mission mid-round (Vera's turn done, Bram's
    under way), another on the Grallok Sentry's turn, each game new, the 30x24 sample map in the editor, a
    damaged campaign; and, on an app with nothing in it, the first-run home page and the empty libraries."""
    app = live_server.app
    table = Table(app.test_client())
    campaign = table.post("/campaigns", {"name": "The Historians"}, htmx=False).headers["Location"]
    assert table.post(f"{campaign}/characters", {"name": "Vincent", "class_name": "Warrior",
                                                 "species": "Grallok"}).status_code == 200
    from conftest import character_ids
    vincent = character_ids(app)["Vincent"]

    mission = start_first_steps(table)
    to_first_turn(table)
    assert step(table, "end-turn", mission).status_code == 200  # Vera's turn done: a finished turn-order entry
    assert step(table, "next", mission).status_code == 200
    adversary = _to_the_sentrys_turn(table)

    scenes = [("home", "/", None), ("campaign", campaign, None), ("aboard", f"{campaign}/aboard", None),
              ("character", f"{campaign}/characters/{vincent}", None), ("history", f"{campaign}/history", None),
              ("mission result", f"{campaign}/missions", None), ("backups", "/backups", None),
              ("cards", "/cards", None), ("maps", "/maps", None), ("map editor", "/maps/1", None),
              ("mission set-up", "/table/new", None),
              ("mission table, a sheet and the attack helper open", mission, "B-6"),
              ("mission table, an adversary's plan and its dice", adversary, None),
              ("mission log", f"{mission}/log", None), ("rules", "/rules", None),
              ("rule summary", "/rules/phantom-epoch/27", None), ("pin", "/pin", None)]
    scenes += [(f"rules: {book}", f"/rules/{book}", None) for book in ("phantom-epoch", *RULES)]
    # the largest sample map in the editor: too big to fit at 44 px a space, it opens at that size
    resp = table.post("/maps/samples", {"sample": "great-hall-30x24.json"}, htmx=False)
    assert resp.status_code == 303
    scenes.append(("map editor, 30x24", resp.headers["Location"], None))
    for n, game in enumerate(RULES, 1):
        seats = {"name_1": "Ann", "color_1": "red", "name_2": "Bob", "color_2": "blue"}
        if game == "aldarra-reborn":  # played by 3 or more
            seats |= {"name_3": "Cy", "color_3": "green"}
        resp = table.post("/games/new", {"game": game, "name": f"Night {n}", **seats})
        assert resp.status_code == 204, resp.get_data(as_text=True)[:300]
        url = resp.headers["HX-Redirect"]
        scenes += [(f"game: {game}", url, None), (f"game log: {game}", f"{url}/log", None)]
    scenes.append(("game results", f"{url}/results", None))

    damaged = table.post("/campaigns", {"name": "Damaged"}, htmx=False).headers["Location"]
    conn = sqlite3.connect(app.config["DATABASE"])
    try:  # one byte of its stored text changed, as companion/bench/start_up.py damages one
        conn.execute("UPDATE campaigns SET state = '[' || substr(state, 2) WHERE id = ?",
                     [int(damaged.rsplit("/", 1)[1])])
        conn.commit()
    finally:
        conn.close()
    scenes += [("damaged campaign", damaged, None), ("not found", "/no-such-page", None)]
    first_run = [(f"{name}, nothing yet", f"{empty_server.url}{url}", None)
                 for name, url in (("home: first run", "/"), ("cards", "/cards"), ("maps", "/maps"),
                                   ("mission set-up", "/table/new"), ("backups", "/backups"))]
    return first_run + scenes


def _to_the_sentrys_turn(table) -> str:
    """A second mission on First steps, Vera's and Bram's turns played (the last card chosen shows the turn
    order by itself): the Grallok Sentry's, its plan asking for the dice; its address."""
    resp = table.post("/table", {"mission": "sample-2", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    url = resp.headers["Location"]
    for action, data in (("place", {"character": "vera", "space": "B-6"}),
                         ("place", {"character": "bram", "space": "C-6"}),
                         ("die", {"color": "red", "primary": "N", "secondary": "W"}),
                         ("select", {"character": "vera", "ap": "3"}), ("select", {"character": "bram", "ap": "5"}),
                         ("next", {}), ("end-turn", {}), ("next", {}), ("end-turn", {}), ("next", {})):
        assert step(table, action, url, **data).status_code == 200, action
    assert 'id="adversary-form"' in table.get(url).get_data(as_text=True)
    return url


def _serve_axe(route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body=AXE.read_text())


def _check(page: Page, name: str, url: str, tap: str | None, errors: list) -> list[str]:
    """What is wrong with one page: its axe violations, console errors, CSP refusals and small tap targets."""
    errors.clear()
    resp = page.goto(url)
    assert resp is not None
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.readyState === 'complete'")
    if tap:
        page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")
        tap_at(page, f'#map-grid polygon[data-label="{tap}"]')
        expect(page.locator("#sheet")).to_be_visible()
        expect(page.locator("#savestate")).not_to_have_text("saving…")
        page.locator("#attack summary").tap()  # the attack helper opened too: its form is fetched
        expect(page.locator("#attack-form")).to_be_visible()
    page.wait_for_timeout(200)  # a late script's refusal or a swap's console error has time to show
    page.add_script_tag(url=AXE_URL)
    found = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
    problems = []
    for v in found["violations"]:
        if v["impact"] in BLOCKING or v["id"] in NAMED:
            targets = ", ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            problems.append(f"axe {v['id']} ({v['impact']}, {len(v['nodes'])}): {targets}")
    own_status = resp.status >= 400
    # chromium asks 127.0.0.1 (a secure context) for zstd and br as well as gzip; a LAN address, for gzip only
    if resp.status == 200 and resp.header_value("content-encoding") not in ("gzip", "br", "zstd"):
        problems.append(f"sent uncompressed ({resp.header_value('content-encoding')}) though the browser asked for "
                        f"{resp.request.header_value('accept-encoding')}")
    for text, at in errors:
        # an error or damaged page's own status is logged by Chromium ("Failed to load resource"): the test asked for it
        if own_status and at.split("#")[0] == page.url.split("#")[0] and "Failed to load resource" in text:
            continue
        problems.append(f"console: {text} ({at})")
    problems += [f"CSP: {v}" for v in page.evaluate("() => window.__csp || []")]
    problems += [f"tap target: {t}" for t in page.evaluate(SMALL_TARGETS, MIN_TOUCH_PX)]
    problems += [f"map space: {s}" for s in page.evaluate(SMALL_SPACES, MIN_TOUCH_PX)]
    return [f"{name} ({url}): {p}" for p in problems]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v['width']}x{v['height']}")
def test_every_page_type_is_accessible_and_clean(browser, live_server, pages, viewport):
    context = browser.new_context(base_url=live_server.url, **{**TABLET, "viewport": viewport})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(CSP_LISTENER)
    context.route(f"**{AXE_URL}", _serve_axe)
    page = context.new_page()
    errors: list = []
    page.on("console", lambda m: m.type == "error" and errors.append((m.text, m.location.get("url", ""))))
    page.on("pageerror", lambda exc: errors.append((f"uncaught {exc}", page.url)))
    try:
        problems = [p for name, url, tap in pages for p in _check(page, name, url, tap, errors)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)

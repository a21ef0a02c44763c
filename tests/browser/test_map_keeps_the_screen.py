"""A screen that keeps its map, and labels that never collide (issue 36, items 4 and 5), measured in chromium
with getBoundingClientRect at 1024x768 and 768x1024 on every sample map, Vera's turn with every panel open: the
Preview, the attack helper and Bram's sheet.

- the map's drawing covers at least half the viewport, each of its spaces is drawn 44 px across or more, and
  the map opens with every space in view or its strip says which columns and rows are off-screen;
- no panel (the side panel, the Preview's, the message, the action bar, the bottom bar) intersects the map or
  another panel, and no control is under anything;
- Vera stands beside an adversary and Bram beside both, Vera Knocked Down and with a Barrier, the adversary
  Bleeding: no label or token of one figure (its disc, its HP, its badges) intersects another's, each lies in
  its own space, and HP reads 20 px or more, as does each initiative of the turn order, at 1024x768;
- a refusal shows beside its control and in view, and the bar's "not saved — see the message" brings it back
  into view when the panel was scrolled away from it.
"""
from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion.errors import RuleError
from companion.phantom import play as rules
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import neighbours
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store.cards import samples

from .conftest import TABLET, TIMEOUT_MS, LiveServer
from .helpers import mp_face, settled, tap_at

SIZES = ((1024, 768), (768, 1024))
MAPS = ("crossfire", "doors-and-hazards", "first-steps", "great-hall-30x24", "mutant-grallok-lair")


def crowded_turn(app, name: str) -> int:
    """A mission on the sample map `name` at Vera's turn in round 1: Vera beside the first adversary, Bram
    beside both; Vera Knocked Down and with a Barrier, the adversary Bleeding. Its id."""
    from companion.db import connect
    from companion.store import mission_table as store

    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads((data / "maps" / f"{name}.json").read_text(encoding="utf-8"))).board.map
    party = [rules.Embarking(n.lower(), n, "Human", max_ap=6, max_hp=10, color=c)
             for n, c in (("Vera", "red"), ("Bram", "dark-blue"))]
    m = rules.set_up("crowd", hexmap, 2, party, rng=random.Random(19), **set_up_content(samples(data), hexmap, 2)).mission
    for c, at in zip(party, sorted(hexmap.entry_points, key=hexmap.label)):
        m = rules.place_character(m, c.id, hexmap.label(at)).mission
    adversary = next(f for f in m.board.figures if f.side == "adversary")
    placed = []
    for c in party:
        for h in neighbours(adversary.at):
            if placed and h not in neighbours(placed[-1]):
                continue
            try:
                m = rules.correct_space(m, c.id, hexmap.label(h)).mission
            except RuleError:  # not a space, or one holding a figure, an object, a door...
                continue
            placed.append(h)
            break
    assert len(placed) == 2, name
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    for i, c in enumerate(party):
        m = rules.select_cards(m, c.id, [("Cards", 1 + i)]).mission
    m = rules.reveal(m).mission
    for condition in ("Knocked Down", "Barrier"):
        m = rules.add_condition(m, "vera", condition).mission
    m = rules.start_next_turn(rules.add_condition(m, adversary.id, "Bleeding").mission).mission
    assert m.round.current == "vera", name
    db = connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.create(db, {"name": f"Crowd on {name}"}, m, "Set up the test mission")
    finally:
        db.conn.close()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    app = create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("map-screen-instance")), "GAME_SEED": 1})
    server = LiveServer(app).start()
    server.missions = {name: crowded_turn(app, name) for name in MAPS}
    yield server
    server.stop()


@pytest.fixture(scope="module", params=SIZES, ids=["landscape", "portrait"])
def tablet(request, browser, live_server):
    width, height = request.param
    context = browser.new_context(base_url=live_server.url, **{**TABLET, "viewport": {"width": width, "height": height}})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def every_panel_open(page: Page, mission_id: int) -> None:
    """The page at Vera's turn, the Preview and the attack helper opened, then Bram's sheet by a tap on him (the
    side panel scrolls to it: the attack helper stays open above or below, in the panel's own scroll)."""
    page.evaluate("() => { try { sessionStorage.removeItem('mission-preview'); } catch (e) {} }")  # left on by the last page
    page.goto(f"/table/{mission_id}")
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")
    page.locator("#preview-toggle").tap()
    expect(page.locator("#preview-panel")).to_be_visible()
    page.locator("#attack summary").tap()
    expect(page.locator("#attack-form")).to_be_attached()
    tap_at(page, '#map-grid polygon[data-label="' + page.locator('#map-plan .fig[data-figure="bram"]').get_attribute("data-at") + '"]')
    expect(page.locator("#sheet")).to_contain_text("Bram")
    expect(page.locator("#sheet")).to_be_in_viewport()
    expect(page.locator("#attack")).to_have_attribute("open", "")
    page.wait_for_timeout(200)  # the view settled


# Rectangles of what the page shows, in CSS pixels; a panel scrolled inside the side panel is clipped by it.
MEASURE = """() => {
  const r = el => { const b = el.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
  const view = {x: 0, y: 0, w: innerWidth, h: innerHeight};
  const clip = (a, b) => { const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    return {x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y)}; };
  const shown = id => { const el = document.getElementById(id); return el && el.getClientRects().length ? r(el) : null; };
  const map = clip(r(document.getElementById('map-grid')), view), rail = shown('rail');
  const panels = {stage: shown('stage'), rail, preview: shown('preview-panel'), messages: shown('messages'),
                  actionbar: shown('actionbar'), bottombar: shown('bottombar')};
  for (const id of ['sheet', 'attack']) { const p = shown(id); if (p && rail) panels[id] = clip(p, rail); }
  const spaces = new Set(Array.from(document.querySelectorAll('#map-paint .spaces polygon')).map(p => p.getAttribute('points')));
  const cells = Array.from(document.querySelectorAll('#map-grid .cells polygon')).filter(p => spaces.has(p.getAttribute('points')))
    .map(p => { const b = p.getBoundingClientRect(); return {label: p.dataset.label, x: b.left, y: b.top, w: b.width, h: b.height}; });
  return {view, map, panels, cells, offscreen: document.getElementById('offscreen').textContent};
}"""


def intersect(a, b) -> bool:
    return a["x"] + 1 < b["x"] + b["w"] and b["x"] + 1 < a["x"] + a["w"] and a["y"] + 1 < b["y"] + b["h"] and b["y"] + 1 < a["y"] + a["h"]


# Every control of the panels, the bars and the map's strip is the topmost element at its centre.
COVERED = """() => Array.from(document.querySelectorAll(
    '#rail button, #rail summary, #rail a.btn, #rail label.face, #actionbar button, #actionbar label.face, ' +
    '#preview-panel button, #preview-panel summary, .map-strip button, #bottombar button, #bottombar a')).filter(el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || el.closest('details:not([open]) > :not(summary)')) return false;
  const box = el.closest('#rail, #preview-panel, #actionbar');
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (box) { const b = box.getBoundingClientRect(); if (y < b.top || y > b.bottom) return false; }  // scrolled away
  const top = document.elementFromPoint(x, y);
  return !(top && (el === top || el.contains(top) || top.closest('label') === el));
}).map(el => el.textContent.trim().slice(0, 40))"""


@pytest.mark.parametrize("name", MAPS)
def test_the_map_keeps_half_the_screen_with_every_panel_open(tablet: Page, live_server, name):
    page = tablet
    every_panel_open(page, live_server.missions[name])
    got = page.evaluate(MEASURE)
    view = got["view"]
    assert got["map"]["w"] * got["map"]["h"] >= 0.5 * view["w"] * view["h"], (name, got["map"], view)
    assert min(c["w"] for c in got["cells"]) >= 44, name
    panels = {k: v for k, v in got["panels"].items() if v and v["w"] and v["h"]}
    assert {"stage", "rail", "preview", "actionbar", "bottombar", "sheet"} <= set(panels), set(panels)
    inside_rail = {"sheet", "attack"}
    clashes = [(a, b) for a in panels for b in panels if a < b and not ({a, b} & inside_rail and "rail" in {a, b})
               and not {a, b} <= inside_rail and intersect(panels[a], panels[b])]
    assert clashes == [], (name, clashes, panels)
    assert page.evaluate(COVERED) == [], name

    # Every space in view, or the strip names the columns and rows it leaves off-screen (and only those).
    frame = got["map"]
    out = [c["label"].split("-") for c in got["cells"] if c["x"] < frame["x"] - 1 or c["y"] < frame["y"] - 1
           or c["x"] + c["w"] > frame["x"] + frame["w"] + 1 or c["y"] + c["h"] > frame["y"] + frame["h"] + 1]
    touch = page.locator("#map-touch")
    columns, rows = (touch.get_attribute(f"data-{k}").split()[::3] for k in ("columns", "rows"))
    named_columns, named_rows = said_off_screen(got["offscreen"], columns, rows)
    assert (got["offscreen"] == "") == (out == []), (name, got["offscreen"], out[:5])
    assert all(c in named_columns or r in named_rows for c, r in out), (name, got["offscreen"], out)
    assert named_columns <= {c for c, _ in out} and named_rows <= {r for _, r in out}, (name, got["offscreen"])
    page.get_by_role("button", name="Fit").tap()
    expect(page.locator("#offscreen")).to_have_text("")


def said_off_screen(note: str, columns: list[str], rows: list[str]) -> tuple[set, set]:
    """The columns and rows the strip's note names ("Columns A-B, N and rows 9-10 are off-screen: Fit")."""
    found = re.fullmatch(r"(?:Columns? (?P<c>.+?))?(?: and )?(?:[Rr]ows? (?P<r>.+?))? (?:is|are) off-screen: Fit", note)
    if not note:
        return set(), set()
    assert found, note
    out = []
    for runs, order in ((found["c"], columns), (found["r"], rows)):
        names = set()
        for run in (runs or "").split(", ") if runs else ():
            first, _, last = run.partition("-")
            names |= set(order[order.index(first):order.index(last or first) + 1])
        out.append(names)
    return out[0], out[1]


# Each figure's drawn parts in map units (getBBox of its disc, HP and notes) and the polygon of its own space.
PARTS = """() => Array.from(document.querySelectorAll('#map-plan .fig')).map(fig => {
  const note = document.querySelector('#map-plan .note[data-for="' + CSS.escape(fig.dataset.figure) + '"]');
  const parts = [fig.querySelector('circle:not(.halo)'), ...note.querySelectorAll('.hp, rect, text')];
  const cell = document.querySelector('#map-grid .cells polygon[data-label="' + fig.dataset.at + '"]');
  return {id: fig.dataset.figure, at: fig.dataset.at,
          hex: Array.from(cell.points).map(p => [p.x, p.y]),
          boxes: parts.map(p => { const b = p.getBBox(); return [b.x, b.y, b.width, b.height, p.textContent || p.tagName]; })};
})"""


def inside_hex(hexagon, x, y) -> bool:
    """A point inside a convex polygon (its corners in order): on the same side of every edge."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(hexagon, hexagon[1:] + hexagon[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


@pytest.mark.parametrize("name", MAPS)
def test_no_two_figures_labels_touch_and_each_is_in_its_own_space(tablet: Page, live_server, name):
    page = tablet
    every_panel_open(page, live_server.missions[name])
    figures = page.evaluate(PARTS)
    assert len(figures) >= 3 and page.locator('#map-plan .note[data-for="vera"] .badge').count() == 2, name
    touching = []
    for i, f in enumerate(figures):
        for x, y, w, h, what in f["boxes"]:
            if what == "circle":  # the disc: eight points of its rim
                r, cx, cy = w / 2 - .5, x + w / 2, y + h / 2
                corners = [(cx + r * math.cos(a * math.pi / 4), cy + r * math.sin(a * math.pi / 4)) for a in range(8)]
            else:
                corners = ((x + .5, y + .5), (x + w - .5, y + .5), (x + .5, y + h - .5), (x + w - .5, y + h - .5))
            assert all(inside_hex(f["hex"], *c) for c in corners), (name, f["id"], what, (x, y, w, h))
        for g in figures[i + 1:]:
            touching += [(f["id"], a[4], g["id"], b[4]) for a in f["boxes"] for b in g["boxes"]
                         if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]]
    assert touching == [], (name, touching)
    if page.viewport_size["width"] == 1024:
        # read across the table: HP on the map and each initiative of the turn order, 20 px or more
        hp = page.locator("#map-plan .notes .hp").evaluate_all(
            "els => els.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)")
        assert hp and min(hp) >= 20, (name, hp)
        initiative = page.locator("#turn-order .initiative").evaluate_all(
            "els => els.map(t => parseFloat(getComputedStyle(t).fontSize))")
        assert initiative and min(initiative) >= 20, (name, initiative)


def test_a_refusal_is_in_view_and_the_bar_brings_it_back(tablet: Page, live_server):
    page = tablet
    every_panel_open(page, live_server.missions["doors-and-hazards"])
    mp_face(page, 1)  # a face, or typed as Another MP when no face shows it
    far = page.evaluate("""() => { const vera = document.querySelector('#map-plan .fig[data-figure="vera"] circle').getBoundingClientRect(),
        map = document.getElementById('map-grid').getBoundingClientRect();
      return Array.from(document.querySelectorAll('#map-grid .cells polygon')).map(p => [p.dataset.label, p.getBoundingClientRect()])
        .filter(([l, b]) => b.left > map.left && b.right < map.right && b.top > map.top && b.bottom < map.bottom
                && Math.hypot(b.left - vera.left, b.top - vera.top) > 150).map(([l]) => l)[0]; }""")
    with page.expect_response(lambda r: r.request.method == "POST" and "/table/" in r.url):
        tap_at(page, f'#map-grid polygon[data-label="{far}"]')
    settled(page)
    refusal = page.locator("#refusal")
    expect(refusal).to_contain_text("Vera")  # why the move is refused (its MP, or walls in the way)
    expect(page.locator("#move-form + #refusal")).to_have_count(1)  # beside its control
    expect(page.locator("#savestate")).to_contain_text("not saved")

    def in_view():
        box, rail = refusal.bounding_box(), page.locator("#rail").bounding_box()
        return (box and rail and box["y"] >= rail["y"] - 1 and box["y"] + box["height"] <= rail["y"] + rail["height"] + 1
                and box["y"] + box["height"] <= page.viewport_size["height"])

    assert in_view()
    page.locator("#rail").evaluate("el => { el.scrollTop = el.scrollHeight; }")  # the table scrolled on
    assert not in_view()
    page.locator("#savestate").tap()
    assert in_view()

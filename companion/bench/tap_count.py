"""Taps a round takes, the tap-count section of `companion bench` (issue 27): a scripted round of a
four-character mission on the Crossfire sample map played in chromium through the mission page's own
controls, every tap counted by what it was for.

The characters start on the map's entry points (set-up is not the round). The round: the decision die's
face; each character's AP, the last of which reveals the turn order (a tap more only for tied characters'
order, or an Event card's adversaries not yet placed); then each turn as the page offers it:
"Next turn", for a character a tap on a space its move reaches (the first the page's reach lists) and "End
turn", for an adversary each die face its plan asks for (the first face) and Apply; "End round". Beside the
round, one correction: a condition put on a figure from its sheet (a tap on the figure, a tap on the
condition). A dismissal is a tap only to close a message (a ✕ the page shows); the target is none.

Beside it, `games`: the four games' common actions (the end of a round or a turn with nothing more to do, a
combat) by taps, from companion/bench/game_taps.py (issue 38).

Reported, never asserted. Without Playwright or chromium the mission's part is a note saying so.
"""
from __future__ import annotations

import json
import random
import re
import tempfile
from collections import Counter
from pathlib import Path

from ..db import connect
from ..phantom import play as rules
from ..schemas.content.mission_setup import set_up_content
from ..schemas.files.scenario import load_scenario
from ..store import mission_table as store
from ..store.cards import samples
from . import game_taps
from .mission_browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, _chromium_missing, _serve, in_own_thread
from .timing import scratch_app

MAP = "crossfire.json"
END_TURN = re.compile(r"^End .+'s turn")  # a character's End turn names whose turn it ends (issue 38)
TARGET_ROUND_TAPS = 40
PARTY = (("Vera", "dark-blue"), ("Bram", "light-blue"), ("Mira", "red"), ("Quill", "yellow"))
TAP_SPACE = """(label) => document.querySelector('#map-grid polygon[data-label="' + label + '"]')
                 .dispatchEvent(new MouseEvent('click', {bubbles: true}))"""


def crossfire_mission(data: Path):
    """Four characters on Crossfire's entry points, nothing else done: round 1 waits for its die."""
    hexmap = load_scenario(json.loads((data / "maps" / MAP).read_text(encoding="utf-8"))).board.map
    party = [rules.Embarking(name.lower(), name, "Human", max_ap=6, max_hp=10, color=color) for name, color in PARTY]
    m = rules.set_up("tap-count", hexmap, 2, party, rng=random.Random(27),
                     **set_up_content(samples(data), hexmap, 2)).mission
    for c, at in zip(party, sorted(hexmap.entry_points)):
        m = rules.place_character(m, c.id, m.map.label(at)).mission
    return m


def run() -> dict:
    """The mission round in chromium (a note without it), and beside it the four games' common actions
    (`game_taps`, played through their pages' routes: no browser needed)."""
    missing = _chromium_missing()
    mission = {"skipped": missing} if missing else in_own_thread(_count)
    return {**mission, "games": game_taps.run()}


class _Taps:
    """The page and a tally of taps by what they were for; each tap waits for the page to settle."""

    def __init__(self, page):
        self.page, self.counts, self.turns, self.dismissals = page, Counter(), Counter(), 0

    def settle(self):
        self.page.wait_for_function("() => !document.querySelector('[aria-busy=true], .htmx-request')")
        self.page.wait_for_timeout(50)
        # a message that must be closed before the table goes on: one more tap each
        close = self.page.locator("[data-dismiss]:visible")
        while close.count():
            close.first.click()
            self.dismissals += 1

    def tap(self, what: str, locator=None, space: str | None = None, turn: str | None = None):
        if space is not None:
            self.page.evaluate(TAP_SPACE, space)
        else:
            locator.click()
        self.counts[what] += 1
        if turn:
            self.turns[turn] += 1
        self.settle()


def _count() -> dict:
    from playwright.sync_api import sync_playwright  # only when chromium is there (_chromium_missing)

    with tempfile.TemporaryDirectory(prefix="companion-bench-taps-") as tmp:
        app = scratch_app(tmp)
        db = connect(app.config["DATABASE"])
        try:
            mid = store.JOURNAL.create(db, {"name": "Crossfire (bench)"},
                                       crossfire_mission(Path(app.config["DATA_DIR"]) / "phantom-epoch"), "Set up")
        finally:
            db.conn.close()
        server, thread, url = _serve(app)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport=VIEWPORT, has_touch=True)
                page.set_default_timeout(15_000)
                page.goto(f"{url}/table/{mid}")
                page.wait_for_function("window.missionTable === true && window.htmx !== undefined")
                taps = _round(_Taps(page))
                browser.close()
        finally:
            server.close()
            server.task_dispatcher.shutdown()
            thread.join(timeout=5)
    return taps


def _round(t: _Taps) -> dict:
    page = t.page
    t.tap("round start", page.locator("#die-faces button:not([disabled]):not(.cite)").first)
    for n, row in enumerate(page.locator("#choices .choice").all()):
        t.tap("round start", row.locator("button.ap:not([disabled])").nth(n + 1))  # AP 2, 3, 4, 5: no tie
    # the last choice reveals the turn order by itself; a tap only for tied characters' order, or for the
    # reveal when the Event card still has adversaries to place
    held = page.locator("#tie-orders button:not([disabled]):not(.cite)").or_(
        page.locator("#actionbar").get_by_role("button", name="Reveal: turn order"))
    if held.count():
        t.tap("round start", held.first)
    adversary_turns = character_turns = 0
    while True:
        nxt = page.locator("#actionbar button", has_text="Next turn:")
        if not nxt.count():
            break
        who = nxt.inner_text().split(":", 1)[1].strip()
        side = "adversary" if page.locator(f'#map-plan .fig-adversary[data-figure="{who}"]').count() else "character"
        t.tap(side, nxt, turn=who)
        if side == "adversary":
            adversary_turns += 1
            for fieldset in page.locator("#adversary-form fieldset").all():
                t.tap(side, fieldset.locator("label.face").first, turn=who)
            page.wait_for_function("() => { const a = document.getElementById('apply'); return a && !a.disabled; }")
            t.tap(side, page.locator("#apply"), turn=who)
            continue
        character_turns += 1
        if character_turns == 1:  # the correction, once: a condition on another character, from its sheet
            other = page.locator("#map-plan .fig-character:not([data-active])").first.get_attribute("data-at")
            t.tap("correction", space=other)
            t.tap("correction", page.locator("#sheet").get_by_role("button", name="Knocked Down", exact=True))
        spaces, cost = [], 0  # data-reach: each MP cost, then the spaces it reaches, fewest first
        for word in (page.locator("#move-form").get_attribute("data-reach") or "").split():
            if word.isdigit():
                cost = int(word)
            elif cost > 0:
                spaces.append(word)
        if spaces:
            t.tap(side, space=spaces[0], turn=who)
        t.tap(side, page.locator("#actionbar button", has_text=END_TURN).first, turn=who)
    t.tap("round end", page.locator("#actionbar").get_by_role("button", name="End round 1"))
    total = sum(t.counts.values()) - t.counts["correction"] + t.dismissals
    return {"map": MAP, "characters": len(PARTY), "taps_per_round": total, "target_round_taps": TARGET_ROUND_TAPS,
            "round_start": t.counts["round start"],
            "per_adversary_turn": round(t.counts["adversary"] / max(1, adversary_turns), 1),
            "per_character_turn": round(t.counts["character"] / max(1, character_turns), 1),
            "per_correction": t.counts["correction"], "dismissals": t.dismissals,
            "adversary_turns": adversary_turns, "character_turns": character_turns,
            "within_target": total <= TARGET_ROUND_TAPS and t.dismissals == 0}

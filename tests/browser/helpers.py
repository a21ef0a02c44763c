"""What the browser stories share: a touch target's size, a tap that waits for its answer, die faces,
the map's spaces, the sample cards and a sample map."""
from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

MIN_TOUCH_PX = 44  # UX.md / DESIGN.md: touch targets of 44 px or more
# A character's End turn says whose turn it ends, and "without moving" when no Move was recorded (issue 38)
END_TURN = re.compile(r"^End \S.*'s turn( without moving)?$")


def assert_touch_target(control: Locator) -> None:
    expect(control).to_be_visible()
    box = control.bounding_box()
    assert box is not None and box["height"] >= MIN_TOUCH_PX, (
        f"{control} is {box and box['height']:.0f} px high; touch targets need {MIN_TOUCH_PX} px")


def tap_face(scope: Locator, label: str) -> None:
    """A die face button: the radio is inside a big label; the table taps the label."""
    radio = scope.get_by_role("radio", name=label, exact=True)
    scope.locator("label.face").filter(has=scope.page.get_by_role("radio", name=label, exact=True)).tap()
    expect(radio).to_be_checked()


def count_taps(page: Page):
    """From now on, count the table's taps on this page (touchstart events; an htmx swap keeps the count, a new
    page starts again): the stories assert how many taps a common action takes. Returns the reader."""
    page.evaluate("() => { window.__taps = 0; if (!window.__tapCounter) { window.__tapCounter = true;"
                  " document.addEventListener('touchstart', () => { window.__taps += 1; }, true); } }")
    return lambda: page.evaluate("() => window.__taps")


def step_name(page: Page) -> Locator:
    return page.locator("#step-name")


def settled(page: Page) -> None:
    """The tap's request has come back and its answer is on the page (htmx says "saving…" until then)."""
    expect(page.locator("#savestate")).not_to_have_text("saving…")


def tap(page: Page, name: str) -> None:
    button = page.get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    settled(page)


def tap_at(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def press(page: Page, name: str, scope=None) -> None:
    button = (scope or page).get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    settled(page)


def face(page: Page, legend: str, value: str) -> None:
    label = page.locator("fieldset", has=page.locator("legend", has_text=legend)).locator("label.face",
                                                                                           has_text=value).first
    assert_touch_target(label.locator("span"))
    label.tap()


def mp_face(page: Page, mp: int | str) -> None:
    """The card's MP for the move: its face tapped (through its label: the radio inside is hidden), or, for a
    value no face shows, typed in "Another MP" (issue 38)."""
    label = page.locator("#mp-faces label.face", has=page.locator(f'input[name="mp"][value="{mp}"]'))
    if label.count():
        assert_touch_target(label.locator("span"))
        label.tap()
        expect(label.locator("input")).to_be_checked()
    else:
        page.locator('#move-form input[name="mp_typed"]').fill(str(mp))


def decision_die(page: Page, number: int, color: str, primary: str, secondary: str) -> None:
    """Round `number` begun with the decision die: one tap on its face as printed (dice.json), or, for a face
    the table's die shows that the printed faces lack, "Another face" and its color and directions."""
    name = f"{color.replace('-', ' ')} {primary}/{secondary}"
    printed = page.locator("#die-faces").get_by_role("button", name=name, exact=True)
    if printed.count():
        press(page, name, page.locator("#die-faces"))
        return
    page.locator("#die-other summary").tap()
    face(page, "Color", color.replace("-", " "))
    face(page, "Primary", primary)
    face(page, "Secondary", secondary)
    press(page, f"Begin round {number}", page.locator("#die-other"))


def select_ap(row: Locator, ap: str, guard: str | None = None) -> None:
    """A character's cards chosen: the Guard they give (when not 0, under "Guard from the cards"), then one tap
    on their AP."""
    if guard not in (None, "0", "+0"):
        row.locator("details.guard summary").tap()
        row.locator("label.face", has_text=re.compile(rf"^\+?{re.escape(guard.lstrip('+'))}$")).tap()
    press(row.page, f"AP {ap}", row)


def revealed(page: Page) -> None:
    """The last character's choice revealed the cards and the turn order by itself (p.12 step 4): no tap."""
    expect(page.locator("#turn-order")).to_be_visible()
    expect(page.locator("#choices")).to_have_count(0)
    expect(page.locator("#actionbar").get_by_role("button", name="Reveal: turn order")).to_have_count(0)


def turn_order_shown(page: Page) -> None:
    """After the last character's choice: the turn order, by itself (p.12 step 4), or, while the round's Event
    card still has an adversary to place (the stories that leave it out), by the Reveal tap the bar offers
    beside the hint saying why it waits."""
    reveal = page.locator("#actionbar").get_by_role("button", name="Reveal: turn order")
    expect(page.locator("#turn-order").or_(reveal)).to_be_visible()
    if reveal.count():
        expect(page.locator("#next-hint")).to_contain_text("once its adversaries are placed")
        press(page, "Reveal: turn order")
    revealed(page)


def tap_space(page: Page, label: str) -> None:
    tap_at(page, f'#map-grid polygon[data-label="{label}"]')
    settled(page)


def samples_and_map(page: Page, map_name: str) -> None:
    """The sample cards added on the Cards page, then a sample map opened from the Maps page."""
    page.goto("/cards")
    page.get_by_role("button", name="Add the Mutant Grallok and the sample cards").tap()
    expect(page.get_by_text("Grallok Sentry (sample)").first).to_be_visible()
    page.goto("/maps")
    page.get_by_role("button", name=map_name).tap()
    expect(page).to_have_url(re.compile(r"/maps/\d+$"))


def draw_ourselves(page: Page, deck: str) -> None:
    """On the set-up page, a deck ticked "We draw it ourselves" on its line of "What this mission needs", once
    the panel drawn again for it says so (the next tick waits for it: a panel swapped late would drop it)."""
    page.wait_for_function("() => window.htmx !== undefined")
    line = page.locator("#setup-needs li.need", has=page.locator("strong", has_text=deck))
    line.get_by_label("We draw it ourselves").check()
    expect(page.locator("#setup-needs li.need", has=page.locator("strong", has_text=deck))
           .locator(".need-state")).to_have_text("You draw it")


def set_up_first_steps(page: Page, party=(("Vera", "10", "6"), ("Bram", "12", "7")),
                       own_decks: tuple[str, ...] = ()) -> str:
    """The sample cards and "First steps (sample)" added, then a one-off mission set up from the home page's
    New mission link with the party's (name, HP, AP): by default Vera (10 HP, 6 AP) and Bram (12 HP, 7 AP), the
    table drawing the cards of `own_decks` (their labels); the mission page's address, once its scripts listen
    (a tap sent before they load gets no answer: the flake the journeys saw under load)."""
    samples_and_map(page, "First steps (sample)")
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.get_by_label("Mission", exact=True).fill("sample-1")
    for label in own_decks:
        draw_ourselves(page, label)
    for n, (name, hp, ap) in enumerate(party, 1):
        page.get_by_label(f"Character {n}", exact=True).fill(name)
        page.locator(f'input[name="hp_{n}"]').fill(hp)
        page.locator(f'input[name="ap_{n}"]').fill(ap)
    page.get_by_role("button", name="Set up the mission").tap()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    # a function, not an expression: polling an expression evals it, which the page's CSP refuses
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")  # taps are heard
    return page.url


def first_turn(page: Page, spaces, ap: dict, first: str) -> None:
    """Each character placed on `spaces` in the set-up's order, the die red N/W entered, the cards chosen (`ap`
    by character id) and the order shown (turn_order_shown): `first`'s turn begun."""
    for label in spaces:
        tap_space(page, label)
    decision_die(page, 1, "red", "N", "W")
    for who, value in ap.items():
        select_ap(page.locator(f"#choice-{who}"), value)
    turn_order_shown(page)
    press(page, f"Next turn: {first}")


def to_veras_turn(page: Page) -> str:
    """First steps set up (set_up_first_steps), Vera on B-6 and Bram on C-6, the die entered, their cards chosen
    (Vera 3 AP, Bram 5) and the order revealed: Vera's turn; the mission page's address."""
    url = set_up_first_steps(page)
    first_turn(page, ("B-6", "C-6"), {"vera": "3", "bram": "5"}, "Vera")
    return url


def labels_fit(page: Page, svg: str) -> None:
    """Every label drawn in a hex of a game's board (`svg`: "svg.aboard", "svg.smap") stays inside its hexagon
    (issue 29: "1OUT 1Fr 1E" and the Headquarters' names spilled over their neighbours)."""
    spill = page.evaluate("""svg => Array.from(document.querySelectorAll(svg + ' g.terr')).flatMap(g => {
        const hex = g.querySelector('polygon').getBBox();
        return Array.from(g.querySelectorAll('text')).filter(t => {
            const b = t.getBBox();
            return b.x < hex.x - 0.5 || b.x + b.width > hex.x + hex.width + 0.5;
        }).map(t => g.dataset.tile + ': ' + t.textContent);
    })""", svg)
    assert not spill, spill


def shoot(page: Page, name: str, anchor: str) -> None:
    """A game's board as the table sees it (the element `anchor` at the top), saved where GAME_SCREENSHOTS
    says (docs/ for the README), in landscape (`name`, "...-1024x768.png") and in portrait (its 768x1024 twin)."""
    if not os.environ.get("GAME_SCREENSHOTS"):
        return
    size = page.viewport_size
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("anchor => document.getElementById(anchor).scrollIntoView({block: 'start'})", anchor)
        page.screenshot(path=str(Path(os.environ["GAME_SCREENSHOTS"]) / name.replace("1024x768", f"{width}x{height}")))
    page.set_viewport_size(size)


def vera_hp(live_server, mission_id: int) -> int:
    """Vera's HP as stored (not as a page shows it): what a tap really did."""
    conn = sqlite3.connect(live_server.app.config["DATABASE"])
    try:
        state = json.loads(conn.execute("SELECT state FROM missions WHERE id = ?", [mission_id]).fetchone()[0])
    finally:
        conn.close()
    return next(f["hp"] for f in state["figures"] if f["id"] == "vera")

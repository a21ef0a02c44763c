"""What the browser stories share: a touch target's size, a tap that waits for its answer, die faces,
the map's spaces, the sample cards and a sample map."""
from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

MIN_TOUCH_PX = 44  # UX.md / DESIGN.md: touch targets of 44 px or more


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


def set_up_first_steps(page: Page) -> str:
    """The sample cards and "First steps (sample)" added, then a one-off mission set up from the home page's
    New mission link with Vera (10 HP, 6 AP) and Bram (12 HP, 7 AP); the mission page's address, once its
    scripts listen (a tap sent before they load gets no answer: the flake the journeys saw under load)."""
    samples_and_map(page, "First steps (sample)")
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.get_by_label("Mission", exact=True).fill("sample-1")
    for n, (name, hp, ap) in enumerate((("Vera", "10", "6"), ("Bram", "12", "7")), 1):
        page.get_by_label(f"Character {n}", exact=True).fill(name)
        page.locator(f'input[name="hp_{n}"]').fill(hp)
        page.locator(f'input[name="ap_{n}"]').fill(ap)
    page.get_by_role("button", name="Set up the mission").tap()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    page.wait_for_function("window.missionTable === true && window.htmx !== undefined")  # taps are heard
    return page.url


def to_veras_turn(page: Page) -> str:
    """First steps set up (set_up_first_steps), Vera on B-6 and Bram on C-6, the die entered, their cards chosen
    (Vera 3 AP, Bram 5) and the order revealed: Vera's turn; the mission page's address."""
    url = set_up_first_steps(page)
    tap_space(page, "B-6")
    tap_space(page, "C-6")
    face(page, "Color", "red")
    face(page, "Primary", "N")
    face(page, "Secondary", "W")
    press(page, "Begin round 1")
    for who, ap in (("vera", "3"), ("bram", "5")):
        row = page.locator(f"#choice-{who}")
        row.locator('input[name="ap"]').fill(ap)
        press(page, "Select", row)
    press(page, "Reveal: turn order")
    press(page, "Next turn: Vera")
    return url

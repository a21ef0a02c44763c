"""The mission screen read from across the table and driven without scrolling (issue 19, "Done when").

A round on the "First steps (sample)" map at 1024x768: after every step the action bar's button is inside
the viewport; every tap is answered with the parts that changed, swapped in out of band, never the map
drawing; figures say who they are (a character's disc, an adversary's standee), their HP, whose turn it is
and the AI's target; a refusal stays in view beside its control until the next tap, and no message covers the
action bar or a control of the panel after any step (nothing needs closing). Then the 30x24 sample map in portrait
(768x1024): the map on top, the panel under it, the action bar at the bottom, figures at least 24 px wide at
the zoom the page opens with, and "Fit" shows the whole map.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import TABLET, TIMEOUT_MS, LiveServer
from .helpers import END_TURN, face, mp_face, press, samples_and_map, select_ap, settled, tap_at, tap_space, to_veras_turn

HP_BASE_COLORS = {"rgb(201, 42, 42)", "rgb(252, 196, 25)", "rgb(28, 61, 140)", "rgb(116, 192, 252)"}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("mission-screen-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def next_step_in_view(page: Page, name: str | re.Pattern) -> None:
    """The step the table takes next is a button of the fixed action bar, wholly inside the viewport."""
    button = page.locator("#actionbar").get_by_role("button", name=name)
    expect(button).to_be_visible()
    box, view = button.bounding_box(), page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (name, box, view)
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (name, box, view)


# The element at each control's centre is the control (or inside it): no message, panel or bar lies over it.
# Checked for every button and die face of the action bar and every one of the panel shown inside it.
COVERED_JS = """() => {
  const out = [];
  const rail = document.getElementById('rail').getBoundingClientRect();
  const controls = document.querySelectorAll('#actionbar button, #actionbar label.face, #rail button, #rail label.face, #rail a.btn, #rail summary');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('details:not([open]) > :not(summary)')) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (el.closest('#rail') && (y < rail.top || y > rail.bottom)) continue;  // scrolled out of the panel's view
    if (y > innerHeight || x > innerWidth) { out.push('off-screen: ' + el.textContent.trim().slice(0, 40)); continue; }
    const top = document.elementFromPoint(x, y);
    if (!top || !(el === top || el.contains(top) || top.closest('label') === el))
      out.push(el.textContent.trim().slice(0, 40) + ' under ' + (top ? top.outerHTML.slice(0, 80) : 'nothing'));
  }
  return out;
}"""


def nothing_covers_a_control(page: Page) -> None:
    covered = page.evaluate(COVERED_JS)
    assert not covered, covered


def partial(page: Page, tap) -> str:
    """Do `tap` and return its answer, checked to be parts swapped out of band and not the map drawing; then
    nothing covers a control of the action bar or the panel."""
    with page.expect_response(lambda r: r.request.method == "POST" and "/table/" in r.url) as answer:
        tap()
    body = answer.value.text()
    settled(page)
    nothing_covers_a_control(page)
    assert 'id="map-paint"' not in body and 'id="map-grid"' not in body, "the map drawing was sent again"
    for part in ("map-plan", "rail", "actionbar", "bottombar", "poll"):
        assert re.search(rf'id="{part}"[^>]*hx-swap-oob="true"', body), part
    assert "<main" not in body and len(body.encode()) <= 40 * 1024, len(body.encode())
    return body


def set_up(page: Page, map_name: str, party) -> str:
    samples_and_map(page, map_name)
    map_id = page.url.rsplit("/", 1)[1]
    page.goto("/table/new")
    page.get_by_label("Mission", exact=True).fill("sample-1")
    page.locator('select[name="map"]').select_option(map_id)
    for n, name in enumerate(party, 1):
        page.get_by_label(f"Character {n}", exact=True).fill(name)
        page.locator(f'input[name="hp_{n}"]').fill("10")
        page.locator(f'input[name="ap_{n}"]').fill("6")
    page.get_by_role("button", name="Set up the mission").tap()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")  # taps are heard
    return page.url


def test_a_round_with_the_next_step_in_view_and_every_tap_a_partial_answer(tablet: Page):
    page = tablet
    url = set_up(page, "First steps (sample)", ("Vera", "Bram"))
    partial(page, lambda: tap_space(page, "B-6"))
    partial(page, lambda: tap_space(page, "C-6"))

    # The round begins with one tap on the decision die's face, in view with the bar's hint.
    expect(page.locator("#next-hint")).to_contain_text("tap the face the decision die shows")
    die_face = page.locator("#die-faces").get_by_role("button", name="red N/W", exact=True)
    expect(die_face).to_be_in_viewport()
    partial(page, lambda: press(page, "red N/W", page.locator("#die-faces")))
    for who in ("vera", "bram"):
        row = page.locator(f"#choice-{who}")
        partial(page, lambda: select_ap(row, "3" if who == "vera" else "5"))
    next_step_in_view(page, "Reveal: turn order")  # Reinforcements' adversary, left out here, holds it back
    expect(page.locator("#next-hint")).to_contain_text("once its adversaries are placed")
    partial(page, lambda: press(page, "Reveal: turn order"))

    # Figures: characters are discs, adversaries standees; HP on each; nobody's turn yet.
    figures = page.locator("#map-plan g.fig")
    expect(page.locator("#map-plan g.fig-character")).to_have_count(2)
    expect(page.locator("#map-plan .notes .hp")).to_have_count(figures.count())
    expect(page.locator("#map-plan .notes .hp").first).to_have_text(re.compile(r"^\d+/\d+$"))
    assert page.locator("#map-plan g.fig-adversary rect.base").count() == page.locator("#map-plan g.fig-adversary").count()
    assert page.locator("#map-plan g.fig-character rect.base").count() == 2
    expect(page.locator("#map-plan .fig[data-active]")).to_have_count(0)

    next_step_in_view(page, "Next turn: Vera")
    partial(page, lambda: press(page, "Next turn: Vera"))
    active = page.locator("#map-plan .fig[data-active]")
    expect(active).to_have_attribute("data-figure", "vera")
    expect(active.locator(".halo")).to_have_count(1)
    partial(page, lambda: tap_space(page, "G-3"))
    next_step_in_view(page, END_TURN)

    # A refusal is said in view beside what was refused (the move form) and stays (a poll does not take it
    # away); a refused move stays until it is corrected, dismissed or the turn ended, which End turn says
    # (issue 38).
    mp_face(page, 2)
    partial(page, lambda: tap_space(page, "H-6"))  # out of the card's 2 MP
    message = page.locator("#refusal")
    expect(message).to_be_visible()
    expect(message).to_contain_text("MP")
    expect(page.locator("#move-form + #refusal")).to_have_count(1)
    box = message.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
    page.wait_for_timeout(1_500)  # a poll or more
    expect(message).to_be_visible()
    nothing_covers_a_control(page)

    partial(page, lambda: press(page, "End Vera's turn without the refused move to H-6"))
    expect(message).to_have_count(0)  # the turn it was refused in is over
    next_step_in_view(page, "Next turn: Bram")
    partial(page, lambda: press(page, "Next turn: Bram"))
    next_step_in_view(page, END_TURN)
    partial(page, lambda: press(page, END_TURN))
    next_step_in_view(page, "Next turn: Grallok Sentry-1")
    partial(page, lambda: press(page, "Next turn: Grallok Sentry-1"))

    # The adversary's turn: its dice and Apply in the action bar; the target marked in no HP-base color.
    target = page.locator("#map-plan circle.target")
    expect(target).to_have_count(1)
    assert target.evaluate("el => getComputedStyle(el).stroke") not in HP_BASE_COLORS
    faces = page.locator("#actionbar #adversary-form label.face").first
    expect(faces).to_be_visible()
    face(page, "Basic Attack die", "2")
    next_step_in_view(page, "Apply the turn")
    partial(page, lambda: press(page, "Apply the turn"))
    expect(page.locator("#result")).to_contain_text("as the AI planned it")
    next_step_in_view(page, "End round 1")

    # Undo is a partial answer too, its bottom bar saying the state after the undo (not the turn undone); a
    # reload draws the whole page again, the same state.
    expect(page.locator("#lastlog")).to_contain_text("as the AI planned it")
    partial(page, lambda: page.locator("#undo").tap())
    next_step_in_view(page, "Apply the turn")
    expect(page.locator("#lastlog")).not_to_contain_text("as the AI planned it")
    expect(page.locator("#lastlog")).to_contain_text("Grallok Sentry-1")  # its turn began: the state now
    page.goto(url)
    expect(page.locator("#map-paint")).to_have_count(1)
    expect(page.locator("#map-plan .fig[data-active]")).to_have_attribute("data-figure", "Grallok Sentry-1")
    next_step_in_view(page, "Apply the turn")


def test_a_condition_is_two_taps_from_the_map(tablet: Page):
    """One figure, one sheet: a tap on Bram opens his sheet beside the map, a tap on a condition puts its token
    on him (and on the map); nothing to scroll to, nothing to close."""
    page = tablet
    to_veras_turn(page)
    tap_at(page, '#map-grid polygon[data-label="C-6"]')  # tap 1: Bram's space
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("Bram")
    expect(sheet).to_contain_text("HP 12/12")
    toggle = sheet.get_by_role("button", name="Knocked Down", exact=True)
    expect(toggle).to_be_in_viewport()
    partial(page, lambda: toggle.tap())  # tap 2
    expect(page.locator('#map-plan .note[data-for="bram"] .badge')).to_contain_text("KD")
    expect(sheet.get_by_role("button", name="✓ Knocked Down", exact=True)).to_be_visible()  # tap again: off
    partial(page, lambda: sheet.get_by_role("button", name="−", exact=True).tap())  # HP in one tap
    expect(sheet).to_contain_text("HP 11/12")


def test_the_attack_helper_keeps_its_choices_after_a_refusal(tablet: Page):
    """A refused attack (the Attack die's face not yet tapped) leaves the helper open with its target, its die
    and the card's range as tapped, the refusal beside it: the table fixes what was wrong, not everything
    again. (Issue 38: a target out of Vera's reach is no longer offered, so the range is typed first.)"""
    page = tablet
    to_veras_turn(page)
    page.locator("#attack summary").tap()
    attack = page.locator("#attack-form")
    target = attack.locator('input[name="target"]').first
    value = target.get_attribute("value")
    expect(target).to_be_disabled()  # beyond the base range 1 (p.18, p.21)
    attack.locator("input[name=range]").fill("9")
    expect(target).to_be_enabled()  # the card's explicit range asked the targets again
    attack.locator("label.face", has=page.locator(f'input[name="target"][value="{value}"]')).tap()
    attack.locator("label.face", has=page.locator("input[value='blitz']")).tap()
    expect(attack.locator("fieldset[data-accuracy]:visible")).to_have_count(0)  # a line crossing nothing
    partial(page, lambda: page.locator("#actionbar #resolve").tap())
    expect(page.locator("#refusal")).to_contain_text("roll Blitz Attack die for the attack on")
    expect(page.locator("#attack")).to_have_attribute("open", "")
    expect(attack.locator(f'input[name="target"][value="{value}"]')).to_be_checked()
    expect(attack.locator("input[value='blitz']")).to_be_checked()
    expect(attack.locator("input[name=range]")).to_have_value("9")


SAMPLE_MAPS = ("Crossfire (sample)", "Doors and hazards (sample)", "First steps (sample)", "Great hall 30x24 (sample)",
               "Mutant grallok lair (sample)")
# Each text's size on screen: its font size in map units times the map's scale on screen (its em in pixels), and
# the height of its box (getBoundingClientRect), for the texts of `selector` drawn (the scale is the same for
# every one of a layer, in view or not: the figures of the 30x24 map are away from its entry points).
RENDERED = """(selector) => {
    return Array.from(document.querySelectorAll(selector)).filter(t => t.getBoundingClientRect().width > 0).map(t => ({em: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
                 box: t.getBoundingClientRect().height, text: t.textContent}));
}"""


@pytest.mark.parametrize("map_name", SAMPLE_MAPS)
def test_space_labels_and_hp_are_legible_at_the_default_zoom(tablet: Page, map_name):
    """Issue 27 at 1024x768: at the zoom the page opens at, a space's label reads at least 12 px and a figure's
    HP at least 18 px, on every sample map."""
    page = tablet
    set_up(page, map_name, ("Vera", "Bram"))
    labels, hp = page.evaluate(RENDERED, "#map-grid .coords text"), page.evaluate(RENDERED, "#map-plan .notes .hp")
    assert labels and hp, (map_name, len(labels), len(hp))
    assert min(t["em"] for t in labels) >= 12 and min(t["box"] for t in labels) >= 12, min(labels, key=lambda t: t["em"])
    assert min(t["em"] for t in hp) >= 18 and min(t["box"] for t in hp) >= 18, min(hp, key=lambda t: t["em"])


def test_portrait_puts_the_map_on_top_with_figures_big_enough(browser, live_server):
    context = browser.new_context(base_url=live_server.url,
                                  **{**TABLET, "viewport": {"width": 768, "height": 1024}})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        set_up(page, "Great hall 30x24 (sample)", ("Vera", "Bram"))
        page.get_by_role("button", name="Fit").tap()
        entries = page.locator("#map-paint .tok-entry").evaluate_all("els => els.map(e => e.dataset.at)")
        for at in entries[:2]:
            tap_space(page, at)
        expect(page.locator("#map-plan g.fig-character")).to_have_count(2)
        page.reload()

        stage, rail, bar = (page.locator(s).bounding_box() for s in ("#stage", "#rail", "#actionbar"))
        assert stage["y"] + stage["height"] <= rail["y"] + 1 and rail["y"] + rail["height"] <= bar["y"] + 1
        assert bar["y"] + bar["height"] <= 1024 and stage["width"] >= 760
        widths = page.locator("#map-plan g.fig > circle:first-of-type").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().width)")
        assert widths and min(widths) >= 24, widths
        # the zoom buttons cover no space of the map (issue 27: they hid N-10): no space drawn under them
        covered = page.evaluate("""() => {
            const z = document.querySelector('.zoom-buttons').getBoundingClientRect(),
                  shown = document.getElementById('map-grid').getBoundingClientRect();
            return Array.from(document.querySelectorAll('#map-grid .cells polygon')).filter(p => {
                const r = p.getBoundingClientRect(), x0 = Math.max(r.left, shown.left, z.left),
                      x1 = Math.min(r.right, shown.right, z.right), y0 = Math.max(r.top, shown.top, z.top),
                      y1 = Math.min(r.bottom, shown.bottom, z.bottom);
                return x1 - x0 > 1 && y1 - y0 > 1;
            }).map(p => p.dataset.label); }""")
        assert covered == [], covered

        page.get_by_role("button", name="Fit").tap()
        full = [float(v) for v in page.locator("#map-touch").get_attribute("data-full").split()]
        shown = [float(v) for v in page.locator("#map-grid").get_attribute("viewBox").split()]
        assert shown[0] <= full[0] + 0.5 and shown[1] <= full[1] + 0.5
        assert shown[0] + shown[2] >= full[0] + full[2] - 0.5 and shown[1] + shown[3] >= full[1] + full[3] - 0.5
    finally:
        context.close()


def test_abandoning_a_mission_keeps_the_table_on_screen(tablet: Page):
    """Abandon answers with parts swapped out of band like every step: the map and the panel stay, now saying
    the mission failed (before, the answer replaced the whole page with nothing)."""
    page = tablet
    set_up(page, "First steps (sample)", ("Vera", "Bram"))
    page.locator("#give-up summary").tap()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#abandon").tap()
    settled(page)
    expect(page.locator("#main")).to_be_visible()
    expect(page.locator("#stage svg").first).to_be_visible()
    expect(page.locator("#rail")).to_contain_text("Mission failed")

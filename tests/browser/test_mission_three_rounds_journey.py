"""Issue 6's "Done when", as a new table would play it on a 1024x768 touch tablet.

One story on its own server (GAME_SEED 1, so every deck comes out the same): a campaign with two
characters made on the campaign pages, the sample cards, the "Crossfire (sample)" map opened from the Maps
page, and its mission set up from the campaign against exactly three adversaries (two Grallok Sentries and a
Grallok Archer, their icons for 2-4 characters). Three full rounds are played by taps, every character turn
and every adversary turn, the adversaries' from the AI's plan with the dice entered by face buttons:

- round 1: Vincent steps up to the one opening in the wall; Augustus's move is mis-tapped and undone; the
  Sentries rush through the opening; the Archer moves and shoots at Vincent through the opening, its line
  of sight crossing Sentry-1 (drawn on the map, with Sentry-1's space marked and an Accuracy roll for it);
- round 2: the Sentries' Shield Bashes defeat Vincent (p.23): he leaves the map and the choices;
- round 3: Augustus alone; the Archer moves and shoots again across Sentry-1; the objective is met, and at
  the end of the round the mission succeeds (p.14) and is recorded, so the campaign sheet shows it.

A phone on the same mission follows by itself, each change seen within 2 s: the round's die, the undo, the
defeat and the end of the mission.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import (
    END_TURN,
    assert_touch_target, decision_die, face, press, samples_and_map, select_ap, tap_space, turn_order_shown,
)

SEEN_WITHIN_MS = 2_000  # issue 6: a second device shows a change within 2 seconds
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("three-rounds-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def tap(page: Page, name: str) -> None:
    """A button that loads a whole page (no "saved" mark to wait for)."""
    button = page.get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    page.wait_for_load_state()


def figure(page: Page, fid: str):
    """A figure's line in the Figures panel: "id · space · HP n/max"."""
    return page.locator("#figures li", has_text=re.compile(rf"^{re.escape(fid)} ·"))


def disc(page: Page, name: str):
    """A figure drawn on the map, by the name it shows."""
    return page.locator("#map-plan g.fig", has=page.locator("title", has_text=re.compile(rf"^{re.escape(name)}$")))


def cell_points(page: Page, label: str) -> str:
    return page.locator(f'#map-grid polygon[data-label="{label}"]').get_attribute("points")


def cell_corner(page: Page, label: str, k: int) -> list[str]:
    """Corner k of a space as drawn (0 top, 1 upper right, 2 lower right, ... clockwise, pointy hexes)."""
    return cell_points(page, label).split()[k].split(",")


def begin_round(page: Page, number: int, die: tuple[str, str, str], aps: dict[str, str]) -> None:
    """The decision die by its faces, each living character's AP, then the turn order (p.12 steps 1-6)."""
    expect(page.locator("#die h2")).to_have_text(f"Round {number}: the decision die")
    color, primary, secondary = die
    decision_die(page, number, color, primary, secondary)
    expect(page.locator("#die-shown")).to_contain_text(f"{color.replace('-', ' ')} {primary}/{secondary}")
    expect(page.locator("#choices .choice")).to_have_count(len(aps))
    for n, (who, ap) in enumerate(aps.items()):
        row = page.locator("#choices .choice", has=page.locator("strong", has_text=who))
        select_ap(row, ap)
        # the last choice may reveal the turn order at once (p.12 step 4), its row gone: the result says it
        expect(page.locator("#result") if n == len(aps) - 1 else row).to_contain_text(f"AP {ap}")
    turn_order_shown(page)


def character_turn(page: Page, who: str, to: str | None = None) -> None:
    press(page, f"Next turn: {who}")
    expect(page.locator("#turn h2")).to_have_text(f"{who}'s turn")
    if to is not None:
        tap_space(page, to)
        expect(figure(page, who)).to_contain_text(f"{who} · {to} ·")
    press(page, END_TURN)


def adversary_turn(page: Page, who: str, plan: list[str], dice: list[tuple[str, str]] = ()) -> None:
    """One tap shows the AI's plan; the dice it asks for by their faces; Apply."""
    press(page, f"Next turn: {who}")
    expect(page.locator("#turn h2")).to_have_text(f"{who}'s turn — the plan")
    expect(page.locator("#plan-steps li")).to_have_text(plan)
    expect(page.locator("#adversary-form fieldset")).to_have_count(len(dice))
    for legend, value in dice:
        face(page, legend, value)
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text(f"{who}'s turn, as the AI planned it")


def test_three_rounds_two_characters_three_adversaries_to_the_campaign_book(tablet: Page, browser, live_server):
    page = tablet
    # Issue 36: no console error over the played rounds (a blocked inline style, a script error, a failed load).
    # htmx reports a read the browser aborted as it left the page (a poll or the stream, cut by a navigation) as
    # an error too: those are counted apart, each matched by such an aborted read.
    console, aborted = [], []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    page.on("requestfailed", lambda r: aborted.append(r.url) if r.method == "GET" and "ERR_ABORTED" in (r.failure or "")
            and re.search(r"/(poll|stream)\b", r.url) else None)

    # The campaign and its two characters, on the campaign pages.
    page.goto("/")
    page.get_by_label("Campaign name").fill("The Cartographers")
    tap(page, "New campaign")
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    sheet = page.url
    form = page.locator("#new-character")
    for name, class_name, species in (("Vincent", "Warrior", "Grallok"), ("Augustus", "Ranger", "Human")):
        form.get_by_label("Name", exact=True).fill(name)
        form.get_by_label("Class").select_option(class_name)
        form.get_by_label("Species").select_option(species)
        press(page, "Add character", form)
        expect(page.get_by_role("link", name=re.compile(rf"^{name}\b"))).to_contain_text(f"{species} {class_name}")

    # The sample cards, and a sample map opened from the Maps page.
    samples_and_map(page, "Crossfire (sample)")

    # The mission from the campaign: Awakening on Crossfire, Vincent and Augustus (HP and AP typed from their
    # species cards); the three icons for 2-4 characters place three adversaries (p.9-11, 34).
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.locator('select[name="campaign"]').select_option(label="The Cartographers")
    tap(page, "Use this campaign")
    page.locator('select[name="mission"]').select_option("awakening")
    page.locator('select[name="map"]').select_option(label="Crossfire (sample) (11×7)")
    for n, name in ((1, "Vincent"), (2, "Augustus")):
        select = page.locator(f'select[name="character_{n}"]')
        select.select_option(select.locator("option", has_text=name).get_attribute("value"))
        page.locator(f'input[name="hp_{n}"]').fill("10")
        page.locator(f'input[name="ap_{n}"]').fill("6")
    tap(page, "Set up the mission")
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    adversaries = page.locator("#map-plan g.fig-adversary")
    expect(adversaries).to_have_count(3)
    expect(adversaries.locator("title")).to_have_text(["Grallok Sentry-1", "Grallok Sentry-2", "Grallok Archer-1"])
    # Each disc reads its own short name: the type's initial and number, inside its HP base colour ring (p.26).
    expect(adversaries.locator("text")).to_have_text(["S1", "S2", "A1"])

    # Entry points by tapping (p.11): the seat order picks who goes where.
    tap_space(page, "A-3")
    expect(page.locator("#lastlog")).to_contain_text("Vincent starts on entry point A-3")
    tap_space(page, "A-5")
    expect(page.locator("#lastlog")).to_contain_text("Augustus starts on entry point A-5")
    expect(disc(page, "Vincent").locator("text")).to_have_text("V")  # the characters' initials
    expect(disc(page, "Augustus").locator("text")).to_have_text("A")

    # A phone opens the same mission and follows by itself.
    phone_context = browser.new_context(base_url=live_server.url, **PHONE)
    phone = phone_context.new_page()
    phone.goto(page.url)
    expect(phone.locator("#die h2")).to_have_text("Round 1: the decision die")

    # -- Round 1 ------------------------------------------------------------------------------------------
    begin_round(page, 1, ("red", "N", "W"), {"Vincent": "3", "Augustus": "4"})
    expect(phone.locator("#die-shown")).to_contain_text("red N/W", timeout=SEEN_WITHIN_MS)
    expect(page.locator("#turn-order li")).to_have_text([
        re.compile("^Vincent"), re.compile("^Augustus"), re.compile("^Grallok Sentry-1"), re.compile("^Grallok Sentry-2"),
        re.compile("^Grallok Archer-1")])
    character_turn(page, "Vincent", to="D-4")  # Vincent: next to the opening in the wall (E-4|F-4)

    # Augustus's move is tapped one space wrong, and undone: he is back on his entry point.
    press(page, "Next turn: Augustus")
    tap_space(page, "B-4")
    expect(figure(page, "Augustus")).to_contain_text("Augustus · B-4 ·")
    press(page, "↶ Undo")
    expect(page.locator("#result")).to_contain_text("Undid: Augustus moves A-5 -> B-4")
    expect(figure(page, "Augustus")).to_contain_text("Augustus · A-5 ·")
    expect(page.locator("#turn h2")).to_have_text("Augustus's turn")
    expect(figure(phone, "Augustus")).to_contain_text("Augustus · A-5 ·", timeout=SEEN_WITHIN_MS)
    tap_space(page, "B-5")
    expect(figure(page, "Augustus")).to_contain_text("Augustus · B-5 ·")
    press(page, END_TURN)

    adversary_turn(page, "Grallok Sentry-1", ["Rush (sample): move to E-4",
                                              "Hold the Line (sample): attack → Vincent (range 1)"],
                   [("Basic Attack die", "2")])
    expect(figure(page, "Vincent")).to_contain_text("HP 7/10")
    # Sentry-2 cannot reach anyone to attack: its class card becomes movement (p.28); no die to roll.
    adversary_turn(page, "Grallok Sentry-2", ["Rush (sample): move to F-4",
                                              "Hold the Line (sample): move (converted to movement) to E-3"])

    # The Archer moves, then shoots at Vincent through the opening, across Sentry-1 standing in it.
    press(page, "Next turn: Grallok Archer-1")
    expect(page.locator("#plan-steps li")).to_have_text(["Lumbering Advance (sample): move to I-4",
                                                         "Volley (sample): attack → Vincent (range 5)"])
    expect(page.locator("#map-plan polyline.path")).to_have_count(1)
    expect(page.locator("#map-plan circle.target")).to_have_count(1)
    # The line is the one the AI chose, corner to corner as its reasons say (p.27), for the table to copy.
    sight = page.locator("#map-plan line.sight")
    expect(sight).to_have_count(1)
    expect(page.locator("#why li", has_text="Line of sight to Vincent")).to_contain_text(
        "from the top of I-4 to the lower right of D-4")
    top, lower_right = cell_corner(page, "I-4", 0), cell_corner(page, "D-4", 2)
    assert [sight.get_attribute(a) for a in ("x1", "y1", "x2", "y2")] == [*top, *lower_right]
    crossed = page.locator("#map-plan polygon.crossed")
    expect(crossed).to_have_count(1)
    expect(crossed).to_have_attribute("points", cell_points(page, "E-4"))  # Sentry-1's space
    expect(figure(page, "Grallok Sentry-1")).to_contain_text("Grallok Sentry-1 · E-4 ·")
    page.locator("#why summary").tap()
    expect(page.locator("#why li", has_text="Line of sight to Vincent")).to_contain_text(
        "Accuracy rolls for Grallok Sentry-1")
    expect(page.locator("#adversary-form legend")).to_have_text([
        "Basic Attack die — attack on Vincent",
        "Accuracy die for Grallok Sentry-1 — attack on Vincent (only if the results call for it)"])
    face(page, "Basic Attack die", "2")
    face(page, "Accuracy die for Grallok Sentry-1", "success")
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text("Grallok Archer-1's turn, as the AI planned it")
    expect(figure(page, "Vincent")).to_contain_text("Vincent · D-4 · HP 5/10")
    expect(figure(page, "Grallok Archer-1")).to_contain_text("Grallok Archer-1 · I-4 ·")
    press(page, "End round 1")
    expect(phone.locator("#die h2")).to_have_text("Round 2: the decision die", timeout=SEEN_WITHIN_MS)

    # -- Round 2: Vincent is defeated -------------------------------------------------------------------
    begin_round(page, 2, ("yellow", "S", "E"), {"Vincent": "3", "Augustus": "5"})
    character_turn(page, "Vincent")  # Vincent holds the opening
    character_turn(page, "Augustus", to="C-6")
    adversary_turn(page, "Grallok Archer-1", ["Thick Hide (sample): condition → Grallok Archer-1",
                                              "Take Aim (sample): move to I-4"])
    adversary_turn(page, "Grallok Sentry-1", ["Lumbering Advance (sample): move to D-5",
                                              "Shield Bash (sample): attack → Vincent (range 1)"],
                   [("Basic Attack die", "2")])
    expect(figure(page, "Vincent")).to_contain_text("HP 1/10")
    adversary_turn(page, "Grallok Sentry-2", ["Lumbering Advance (sample): move to E-3",
                                              "Shield Bash (sample): attack → Vincent (range 1)"],
                   [("Basic Attack die", "2")])
    expect(page.locator("#result")).to_contain_text("Vincent is defeated (p.23)")
    expect(figure(page, "Vincent")).to_have_count(0)
    expect(disc(page, "Vincent")).to_have_count(0)
    expect(disc(phone, "Vincent")).to_have_count(0, timeout=SEEN_WITHIN_MS)
    press(page, "End round 2")

    # -- Round 3: Augustus alone; the objective is met -------------------------------------------------
    begin_round(page, 3, ("dark-blue", "N", "E"), {"Augustus": "4"})
    expect(page.locator("#turn-order li")).to_have_text([
        re.compile("^Augustus"), re.compile("^Grallok Archer-1"), re.compile("^Grallok Sentry-1"),
        re.compile("^Grallok Sentry-2")])
    press(page, "Next turn: Augustus")
    tap_space(page, "B-6")
    press(page, "Objective met")
    expect(page.get_by_role("button", name="Objective met")).to_have_count(0)
    press(page, END_TURN)
    press(page, "Next turn: Grallok Archer-1")
    expect(page.locator("#plan-steps li")).to_have_text(["Rush (sample): move to F-4",
                                                         "Volley (sample): attack → Augustus (range 5)"])
    expect(page.locator("#map-plan polygon.crossed")).to_have_attribute("points", cell_points(page, "D-5"))
    face(page, "Basic Attack die", "2")
    face(page, "Accuracy die for Grallok Sentry-1", "success")
    press(page, "Apply the turn")
    expect(figure(page, "Augustus")).to_contain_text("Augustus · B-6 · HP 8/10")
    adversary_turn(page, "Grallok Sentry-1", ["Lumbering Advance (sample): move to C-5",
                                              "Hold the Line (sample): attack → Augustus (range 1)"],
                   [("Basic Attack die", "2")])
    adversary_turn(page, "Grallok Sentry-2", ["Lumbering Advance (sample): move to D-5",
                                              "Hold the Line (sample): move (converted to movement) to C-6"])
    expect(figure(page, "Augustus")).to_contain_text("HP 5/10")
    press(page, "End round 3")
    expect(page.locator("#mission-over h2")).to_have_text("Mission succeeded in round 3")
    expect(phone.locator("#mission-over h2")).to_have_text("Mission succeeded in round 3", timeout=SEEN_WITHIN_MS)
    phone_context.close()

    # Recorded in the campaign book with the Mission book's SP reward: the campaign sheet shows Awakening
    # completed and the SP gained by both characters, the defeated one too (p.14, p.23).
    page.locator('#record-form input[name="sp"]').fill("2")
    press(page, "Record in the campaign book")
    expect(page).to_have_url(re.compile(r"/campaigns/\d+/missions$"))
    expect(page.locator("#lastlog")).to_contain_text("Awakening completed (Vincent, Augustus)")
    page.goto(sheet)
    expect(page.locator('[data-mission="awakening"]')).to_have_class(re.compile(r"\bcompleted\b"))
    for name in ("Vincent", "Augustus"):
        expect(page.locator("#characters li", has_text=name).locator(".stats")).to_contain_text("2 SP")
    htmx_reads = [m for m in console if m.startswith(("htmx:afterRequest,", "htmx:sendAbort,"))]
    assert [m for m in console if m not in htmx_reads] == []
    assert len(htmx_reads) <= 2 * len(aborted), (htmx_reads, aborted)

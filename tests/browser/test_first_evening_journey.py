"""Issue 34, the first evening: a group with the physical box and an empty app, on a 1024x768 touch tablet that
opens the laptop at a LAN name (table.lan, as over the Wi-Fi), reaches round 1 with only what the pages
offer: the home page's first steps, a campaign with four characters of different classes (their HP and AP
from the species numbers typed once, their class boards' starting attachments equipped), the First steps
map, set-up with every deck the table's own (the two description cards typed where set-up says they are
missing), then round 1, in which the Event card, the Grallok species cards and the class cards come up and
are typed in one line each; the AI plans the Sentry's turn from the class card typed; the next mission
offers those cards by name.

With DOCS_SCREENSHOTS set to a folder, it saves the first-run home page and a card typed at the table there
(docs/first-run-home-1024x768.png, docs/card-typed-at-the-table-1024x768.png)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import CHROMIUM, CHROMIUM_ARGS, TABLET, TIMEOUT_MS, LiveServer
from .helpers import assert_touch_target, decision_die, press, select_ap, settled

PARTY = (("Vera", "Healer", "Human"), ("Bram", "Warrior", "Grallok"), ("Mira", "Ranger", "Slink"),
         ("Quill", "Rogue", "Human"))
SENTRY_CLASS = "r2:A1|y3:A1 r+1|lb4:M1,A1|db5:M2,A2"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    # served as `companion serve --lan` serves it: to the laptop's names on the Wi-Fi too (cli.py)
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("first-evening")),
                                    "GAME_SEED": 34,
                                    "TRUSTED_HOSTS": ["localhost", "127.0.0.1", "::1", "table.lan"]})).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def tablet(browser, live_server):
    """A tablet that reaches the laptop by a LAN name: a chromium of the session's Playwright that resolves
    table.lan to this machine."""
    port = live_server.url.rsplit(":", 1)[1]
    lan = browser.browser_type.launch(executable_path=CHROMIUM,
                                      args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP table.lan 127.0.0.1"])
    context = lan.new_context(base_url=f"http://table.lan:{port}", **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    lan.close()


def shot(page: Page, name: str, anchor: str | None = None) -> None:
    """The page as the table sees it, in landscape (`name`) and in portrait (its 768x1024 twin), the element
    `anchor` (a selector) scrolled into view in each."""
    folder = os.environ.get("DOCS_SCREENSHOTS")
    if not folder:
        return
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        if anchor:
            page.locator(anchor).evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(Path(folder) / name.replace("1024x768", f"{width}x{height}")),
                        animations="disabled", caret="hide")
    page.set_viewport_size(TABLET["viewport"])


def mission_ready(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")


def type_at_table(page: Page, deck: str, name: str, line: str, reads: str) -> None:
    """The card that came up, new to the app: its name and its line, read back before it is added."""
    box = page.locator(f'#deck-prompt .deck-prompt:has(input[name="deck"][value="{deck}"])')
    details = box.locator("details.typed")
    if not details.evaluate("d => d.open"):
        details.locator("summary").tap()
    box.get_by_label("Card name").fill(name)
    box.get_by_label("The card in one line").fill(line)
    expect(box.locator(".readout")).to_contain_text(reads)
    add = box.get_by_role("button", name="It came up: add it")
    assert_touch_target(add)
    add.tap()
    settled(page)


def test_a_new_group_reaches_round_one_typing_each_card_once_as_it_comes_up(tablet: Page):
    page = tablet
    page.goto("/")
    path = page.locator("#first-run")
    expect(path.locator('[aria-current="step"]')).to_contain_text("Campaign and party")
    expect(path).to_contain_text("Have a card file from another group?")
    shot(page, "first-run-home-1024x768.png")

    # Step 1: the campaign and its party, in one form.
    path.get_by_role("link", name="Start a campaign ›").tap()
    form = page.locator("#new-campaign form")
    form.get_by_label("Campaign name").fill("The Historians")
    for n, (name, cls, species) in enumerate(PARTY, 1):
        form.get_by_label(f"Character {n}", exact=True).fill(name)
        form.get_by_role("radiogroup", name=f"Class of character {n}").locator("label", has_text=cls).tap()
        form.get_by_role("radiogroup", name=f"Species of character {n}").locator("label", has_text=species).tap()
    form.get_by_role("button", name="New campaign").tap()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    for name, cls, _ in PARTY:
        expect(page.locator("#characters")).to_contain_text(name)

    # Each species' HP and AP, typed once for every campaign (the Cards page's species card).
    page.goto("/cards")
    for species, hp, ap in (("Human", "10", "6"), ("Grallok", "12", "5"), ("Slink", "9", "7")):
        page.locator("#species").evaluate("f => f.closest('details').open = true")
        page.locator("#species select[name=name]").select_option(species)
        page.locator("#species").get_by_label("HP", exact=True).fill(hp)
        page.locator("#species").get_by_label("AP", exact=True).fill(ap)
        page.locator("#species").get_by_role("button").last.tap()
        expect(page.locator("#result")).to_contain_text(species)

    # The map, from the home page's next step.
    page.goto("/")
    page.locator("#first-run").get_by_role("link", name=re.compile("Open a sample map")).tap()
    page.get_by_role("button", name="First steps (sample)").tap()
    expect(page).to_have_url(re.compile(r"/maps/\d+$"))

    # Set-up: it says what is missing before anything is filled in, and takes the two description cards there.
    page.goto("/")
    page.locator("#first-run").get_by_role("link", name=re.compile("Set up the mission")).tap()
    needs = page.locator("#setup-needs")
    for type_, line in (("Grallok Sentry", "6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | critical Knocked Down"),
                        ("Grallok Archer", "4/0/0/4 5/0/0/5 6/1/0/5 8/1/0/6 | critical +1 damage")):
        card = needs.locator(f"form.need-card:has(input[name=name][value='{type_}'])")
        card.get_by_label("Its description card in one line").fill(line)
        expect(card.locator(".readout")).to_contain_text("4★ HP")
        card.get_by_role("button", name=f"Save {type_}'s card").tap()
        expect(page).to_have_url(re.compile(r"/table/new"))
    shot(page, "set-up-needs-1024x768.png", "#setup-needs")
    for deck in ("Grallok species deck", "Sentry class deck", "Archer class deck", "Event deck"):
        line = page.locator("#setup-needs li.need", has=page.locator("strong", has_text=deck))
        expect(line.locator(".need-state")).to_have_text("You draw it")  # no card yet: the table's own
    expect(page.locator('input[name="hp_1"]')).to_have_attribute("placeholder", "10")  # from the species
    page.get_by_role("button", name="Set up the mission").tap()
    mission_ready(page)

    press(page, "Place everyone on the next free entry points")

    # Round 1: the die, then the Event card comes up, new to the app: typed in one line (p.12 steps 1-2).
    decision_die(page, 1, "red", "N", "W")
    type_at_table(page, "events", "Dust Storm", "Dust everywhere | Range -1", "Range -1")
    for name, ap in zip(("Vera", "Bram", "Mira", "Quill"), ("2", "3", "4", "5")):
        select_ap(page.locator("#choices .choice", has_text=name), ap)
    type_at_table(page, "species:Grallok|Grallok Archer", "Rush", "2: M3", "move 3")
    type_at_table(page, "species:Grallok|Grallok Sentry", "Hide", "3 round: Barrier", "Barrier on itself")
    box = page.locator('#deck-prompt .deck-prompt:has(input[name="deck"][value="class:Sentry"])')
    box.get_by_label("Card name").fill("Hold the Line")
    box.get_by_label("The card in one line").fill(SENTRY_CLASS)
    expect(box.locator(".readout")).to_contain_text("red 2 AP: attack 1")
    box.evaluate("b => b.scrollIntoView({block: 'start'})")
    add = box.get_by_role("button", name="It came up: add it")
    expect(add).to_be_in_viewport()  # the next step is in view with the card read
    shot(page, "card-typed-at-the-table-1024x768.png", '#deck-prompt .deck-prompt:has(input[value="class:Sentry"])')
    box.get_by_role("button", name="It came up: add it").tap()
    settled(page)
    type_at_table(page, "class:Archer", "Volley", "r2:A0|y3:A0 t2|lb4:R2,A1|db5:A1", "yellow 3 AP")
    expect(page.locator("#turn-order")).to_be_visible()  # the last card named revealed the order

    # The first adversary's turn is planned from the cards typed at the table for its type.
    steps = page.locator("#plan-steps")
    for _ in range(12):
        if steps.count():
            break
        go_on = page.locator("#actionbar").get_by_role("button", name=re.compile(r"^(Next turn|End .+'s turn)"))
        if go_on.count() and go_on.first.is_enabled():  # a character's turn: the table plays it, then on
            go_on.first.tap()
            settled(page)
    expect(steps).to_be_visible()
    heading = steps.locator("xpath=..").locator("h2").inner_text()
    typed = {"Grallok Sentry": ("Hide", "Hold the Line"), "Grallok Archer": ("Rush", "Volley")}
    kind = next(k for k in typed if k in heading)
    for card in typed[kind]:
        expect(steps).to_contain_text(card)

    # The next mission: the cards typed once are offered by name.
    page.goto("/table/new?campaign=1")
    page.get_by_role("button", name="Set up the mission").tap()
    mission_ready(page)
    press(page, "Place everyone on the next free entry points")
    decision_die(page, 1, "red", "N", "W")  # the die first, then the Event card (p.12 steps 1-2)
    expect(page.locator("#deck-prompt")).to_contain_text("Dust Storm")

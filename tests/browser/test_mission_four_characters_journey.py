"""Issue 18's "Done when", as a new group would play it on a 1024x768 touch tablet.

One story on its own server (GAME_SEED 1, so every deck comes out the same; with it the sample event deck
draws Reinforcements, Stale Air, then Dust Storm in round 3): a campaign of four characters made on the
campaign pages (Healer, Ranger, Rogue, Warrior), each sheet given its max HP and AP, the Warrior's Grallok
Plate entered as an attachment with Guard +1 and equipped; the sample cards, the "First steps (sample)" map,
and its mission set up from the campaign, the sheets carried in. Played by taps:

- round 1: Vincent moves by his card's MP; Sable (Ranger) moves and shoots the Archer at range 4 across
  Vincent, the Accuracy roll asked for him; Quill's move is mis-tapped and undone; the Sentry's attack on
  Vincent explains his Guard from the plate and from his card;
- round 2: Mira rests (initiative 1); the table corrects the Sentry's HP by hand;
- round 3: the Dust Storm event gives the adversaries Range −1, and the Archer's plan cites it; the
  objective is met, and the mission succeeds at the end of the round; recorded with the Mission book's SP,
  the campaign sheet shows Awakening completed.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import (
    mp_face,
    END_TURN,
    assert_touch_target, decision_die, face, press, samples_and_map, select_ap, settled, tap_space,
    turn_order_shown,
)

PARTY = (("Mira", "Healer", "Human", "9", "6"), ("Sable", "Ranger", "Human", "10", "6"),
         ("Quill", "Rogue", "Human", "9", "7"), ("Vincent", "Warrior", "Grallok", "12", "5"))


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("four-characters-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def load(page: Page, name: str) -> None:
    """A button that loads a whole page."""
    button = page.get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    page.wait_for_load_state()


def pick(scope, label: str) -> None:
    """A face button (a radio inside a big label), by the text it shows."""
    radio = scope.locator("label.face", has=scope.page.locator("span", has_text=re.compile(rf"^{re.escape(label)}$")))
    radio.first.tap()
    expect(radio.first.locator("input")).to_be_checked()


def figure(page: Page, name: str):
    return page.locator("#figures li", has_text=re.compile(rf"^{re.escape(name)} ·"))


def begin_round(page: Page, number: int) -> None:
    expect(page.locator("#die h2")).to_have_text(f"Round {number}: the decision die")
    decision_die(page, number, "red", "N", "W")
    expect(page.locator("#die-shown")).to_contain_text("red N/W")


def choose(page: Page, choices: dict) -> None:
    """Each character rests (None) or selects cards: their AP and the Guard the cards give this round."""
    for n, (who, chosen) in enumerate(choices.items()):
        row = page.locator("#choices .choice", has=page.locator("strong", has_text=who))
        # the last choice may reveal the turn order at once (p.12 step 4), its row gone: the result says it
        said = page.locator("#result") if n == len(choices) - 1 else row
        if chosen is None:
            press(page, "Rest", row)
            expect(said).to_contain_text("rests")
            continue
        ap, guard = chosen
        select_ap(row, ap, guard)
        expect(said).to_contain_text(f"AP {ap}")
        if guard != "0":
            expect(said).to_contain_text(f"Guard +{guard} from")
    turn_order_shown(page)


def roll_and_apply(page: Page, who: str) -> None:
    """The dice the plan asks for, by their faces (an Attack die 2, every Accuracy die a success); Apply."""
    for legend in page.locator("#adversary-form legend").all_inner_texts():
        die = legend.split(" — ")[0]
        face(page, die, "2" if die.startswith("Basic") or die.startswith("Blitz") else "success")
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text(f"{who}'s turn, as the AI planned it")


def play_on(page: Page, until: str | None = None) -> None:
    """The turns the story does not look into: a character ends its turn, an adversary plays its plan; up to
    the turn of `until`, or to the end of the round."""
    for _ in range(20):
        nxt = page.get_by_role("button", name=re.compile("^Next turn: "))
        if not nxt.count():
            return
        who = nxt.inner_text().removeprefix("Next turn: ")
        if who == until:
            return
        press(page, f"Next turn: {who}")
        if page.locator("#plan-steps").count():
            roll_and_apply(page, who)
        else:
            expect(page.locator("#turn h2")).to_have_text(f"{who}'s turn")
            press(page, END_TURN)
    raise AssertionError("the round did not end")


def test_four_characters_play_a_mission_to_the_campaign_book(tablet: Page, live_server):
    page = tablet

    # The campaign and its four characters, on the campaign pages.
    page.goto("/")
    page.get_by_label("Campaign name").fill("The Wayfinders")
    load(page, "New campaign")
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    campaign = page.url
    form = page.locator("#new-character")
    for name, class_name, species, _, _ in PARTY:
        form.get_by_label("Name", exact=True).fill(name)
        form.get_by_label("Class").select_option(class_name)
        form.get_by_label("Species").select_option(species)
        press(page, "Add character", form)
        expect(page.get_by_role("link", name=re.compile(rf"^{name}\b"))).to_contain_text(f"{species} {class_name}")

    # Each sheet: max HP and AP copied from the species card; the Warrior's Grallok Plate, Guard +1, equipped.
    for name, _, _, hp, ap in PARTY:
        page.goto(campaign)
        page.get_by_role("link", name=re.compile(rf"^{name}\b")).tap()
        page.wait_for_load_state()
        numbers = page.locator("#counters")
        numbers.get_by_label("Max HP (species card)").fill(hp)
        numbers.get_by_label("Max AP (species card)").fill(ap)
        numbers.get_by_role("button", name="Save HP and AP").tap()
        expect(page.get_by_label("Max HP (species card)")).to_have_value(hp)
        expect(page.get_by_label("Max AP (species card)")).to_have_value(ap)
    attachments = page.locator("#attachments")
    attachments.locator("summary").tap()
    attachments.get_by_label("Name").fill("Grallok Plate")
    attachments.get_by_role("button", name="Add attachment").tap()
    plate = attachments.locator("tr", has_text="Grallok Plate")
    plate.get_by_role("button", name="One more Guard").tap()
    expect(plate.locator("b")).to_have_text("+1")
    plate.get_by_role("button", name="Equip").tap()
    expect(plate.get_by_role("button", name="Unequip")).to_be_visible()
    expect(page.locator("#counters")).to_contain_text("Guard from equipped cards: +1 (Grallok Plate +1)")

    # The sample cards and map; the mission set up from the campaign, the sheets carried in (p.9-11).
    samples_and_map(page, "First steps (sample)")
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.locator('select[name="campaign"]').select_option(label="The Wayfinders")
    load(page, "Use this campaign")
    page.locator('select[name="mission"]').select_option("awakening")
    maps = page.locator('select[name="map"]')
    maps.select_option(maps.locator("option", has_text="First steps (sample)").get_attribute("value"))
    sheets = page.locator("ul.sheets")
    expect(sheets).to_contain_text("Vincent (Warrior, Grallok): HP 12, AP 5 from its sheet")
    expect(sheets).to_contain_text("Guard +1 from Grallok Plate +1")
    for n, (name, *_) in enumerate(PARTY, 1):
        select = page.locator(f'select[name="character_{n}"]')
        select.select_option(select.locator("option", has_text=name).get_attribute("value"))
    load(page, "Set up the mission")
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    for (name, *_), space in zip(PARTY, ("B-6", "C-6", "B-7", "C-7")):
        tap_space(page, space)
        expect(page.locator("#lastlog")).to_contain_text(f"{name} starts on entry point {space}")

    # -- Round 1 ------------------------------------------------------------------------------------------
    begin_round(page, 1)
    for name, hp in (("Mira", "9/9"), ("Sable", "10/10"), ("Quill", "9/9"), ("Vincent", "12/12"),
                     ("Grallok Sentry-1", "8/8"), ("Grallok Archer-1", "5/5")):
        expect(figure(page, name)).to_contain_text(f"HP {hp}")  # the sheets' HP carried in
    expect(page.locator("#event")).to_contain_text("Reinforcements (sample)")
    choose(page, {"Mira": ("3", "0"), "Vincent": ("1", "1"), "Sable": ("2", "0"), "Quill": ("4", "0")})
    expect(page.locator("#turn-order li")).to_have_text([
        re.compile("^Vincent"), re.compile("^Sable"), re.compile("^Mira"), re.compile("^Quill"),
        re.compile("^Grallok Sentry-1"), re.compile("^Grallok Archer-1")])

    press(page, "Next turn: Vincent")
    mp_face(page, 4)
    tap_space(page, "F-6")
    expect(page.locator("#result")).to_contain_text("Vincent: Move 4 — 4 MP by C-7 → C-6 → D-6 → E-6 → F-6")
    expect(figure(page, "Vincent")).to_contain_text("Vincent · F-6 ·")
    press(page, END_TURN)

    # Sable's Ranged Attack, Range 4 on the card, at the Archer across Vincent: his Accuracy die (p.21).
    press(page, "Next turn: Sable")
    mp_face(page, 2)
    tap_space(page, "D-6")
    expect(figure(page, "Sable")).to_contain_text("Sable · D-6 ·")
    page.locator("#attack summary").tap()
    attack = page.locator("#attack-form")
    pick(attack, "Grallok Archer-1 (5 HP)")
    pick(attack.locator("fieldset", has_text="Attack die shows"), "3")
    attack.get_by_label("Explicit range").fill("4")
    pick(attack, "Grallok Archer-1 (5 HP): across Vincent")  # the line chosen: the one Accuracy die it needs
    pick(attack.locator("fieldset", has_text="Accuracy die 1"), "success")
    page.locator("#actionbar").get_by_role("button", name="Resolve the attack").tap()  # in the bar, in view
    settled(page)
    result = page.locator("#result")
    expect(result).to_contain_text("Sable makes a Ranged Attack (range 4) on Grallok Archer-1 (p.21)")
    expect(result).to_contain_text("Accuracy die for Vincent: Success. The Attack passes it and goes on (p.36)")
    expect(result).to_contain_text("Grallok Archer-1 loses 3 HP: 5 -> 2 (p.21)")
    expect(figure(page, "Grallok Archer-1")).to_contain_text("HP 2/5")
    press(page, END_TURN)

    press(page, "Next turn: Mira")
    press(page, END_TURN)

    # Quill's move is tapped one space wrong, and undone.
    press(page, "Next turn: Quill")
    tap_space(page, "D-7")
    expect(figure(page, "Quill")).to_contain_text("Quill · D-7 ·")
    press(page, "↶ Undo")
    expect(page.locator("#result")).to_contain_text("Undid: Quill moves B-7 -> D-7")
    expect(figure(page, "Quill")).to_contain_text("Quill · B-7 ·")
    mp_face(page, 3)
    tap_space(page, "E-7")
    expect(figure(page, "Quill")).to_contain_text("Quill · E-7 ·")
    press(page, END_TURN)

    # The Sentry attacks Vincent: his Guard from the plate and from the card he chose (p.21 step 5).
    press(page, "Next turn: Grallok Sentry-1")
    expect(page.locator("#plan-steps li")).to_have_text(["Rush (sample): move to G-5",
                                                         "Hold the Line (sample): attack → Vincent (range 1)"])
    expect(page.locator("#defenders")).to_contain_text(
        "Vincent's Guard this round: +1 from equipment and attachments, +1 from this round's cards = 2")
    face(page, "Basic Attack die", "3")
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text("Guard (step 5, p.21): Vincent's 2")
    expect(figure(page, "Vincent")).to_contain_text("HP 10/12")
    press(page, "Next turn: Grallok Archer-1")
    expect(page.locator("#plan-steps li")).to_have_text(["Lumbering Advance (sample): move to I-3",
                                                         "Volley (sample): attack → Vincent (range 4)"])
    roll_and_apply(page, "Grallok Archer-1")
    press(page, "End round 1")

    # -- Round 2: Mira rests; the table corrects the Sentry's HP ------------------------------------------
    begin_round(page, 2)
    page.locator("#figures summary").tap()
    figure(page, "Grallok Sentry-1").locator("a").tap()  # its sheet
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("HP 8/8")
    press(page, "−", sheet)
    expect(page.locator("#result")).to_contain_text("Correction by the table: Grallok Sentry-1's HP 8 -> 7")
    press(page, "−", sheet)
    expect(page.locator("#result")).to_contain_text("Correction by the table: Grallok Sentry-1's HP 7 -> 6")
    expect(figure(page, "Grallok Sentry-1")).to_contain_text("HP 6/8")
    choose(page, {"Mira": None, "Vincent": ("2", "1"), "Sable": ("3", "0"), "Quill": ("4", "0")})
    expect(page.locator("#turn-order li").first).to_have_text(re.compile("^Mira"))  # a rest is initiative 1
    play_on(page)
    expect(figure(page, "Grallok Sentry-1")).to_contain_text("HP 6/8")  # the AI played from the correction
    press(page, "End round 2")

    # -- Round 3: the Dust Storm; the objective met ------------------------------------------------------
    begin_round(page, 3)
    expect(page.locator("#event")).to_contain_text(
        "Dust Storm (sample): Sample: every adversary's Range is reduced by 1 this round.")
    choose(page, {"Mira": ("5", "0"), "Vincent": ("2", "1"), "Sable": ("3", "0"), "Quill": ("4", "0")})
    press(page, "Next turn: Vincent")
    press(page, "Objective met")
    expect(page.locator("#result")).to_contain_text("Objective met: the mission succeeds at the end of round 3")
    press(page, END_TURN)
    play_on(page, until="Grallok Archer-1")
    press(page, "Next turn: Grallok Archer-1")
    # The Archer's Volley reaches 5 (round 1: "as close as it can get to its range 5"); this round the event
    # takes 1 off and the plan cites it: 5 spaces from Vincent, it closes in to range 4 before it shoots.
    expect(page.locator("#defenders")).to_contain_text(
        "Event #1 Dust Storm (sample): Range -1 for every adversary this round (p.12 step 2); the AI plans with it")
    expect(page.locator("#plan-steps li")).to_have_text(["Rush (sample): move to F-2",
                                                         "Volley (sample): attack → Vincent (range 4)"])
    why = page.locator("#why li")
    expect(why.filter(has_text="Targets Vincent")).to_contain_text("range 5")
    expect(why.filter(has_text="Rush (sample): Move 3")).to_contain_text(
        "ends where it can attack Vincent at its maximum range")
    expect(why.filter(has_text="Moves ")).to_have_text("Moves I-2 → H-2 → G-2 → F-2 (3 MP)")
    roll_and_apply(page, "Grallok Archer-1")
    play_on(page)
    press(page, "End round 3")
    expect(page.locator("#mission-over h2")).to_have_text("Mission succeeded in round 3")
    expect(page.locator("#mission-over")).to_contain_text("Party: Mira, Sable, Quill, Vincent.")

    # Recorded with the Mission book's SP: the campaign sheet shows Awakening completed (p.14).
    page.locator('#record-form input[name="sp"]').fill("2")
    load(page, "Record in the campaign book")
    expect(page).to_have_url(re.compile(r"/campaigns/\d+/missions$"))
    expect(page.locator("#lastlog")).to_contain_text("Awakening completed (Mira, Sable, Quill, Vincent)")
    page.goto(campaign)
    expect(page.locator('[data-mission="awakening"]')).to_have_class(re.compile(r"\bcompleted\b"))
    for name, *_ in PARTY:
        expect(page.locator("#characters li", has_text=name).locator(".stats")).to_contain_text("2 SP")

"""Issue 18's "Done when", as a new group would play it on a 1024x768 touch tablet (scratch)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import assert_touch_target, face, press, samples_and_map, settled, tap_space

PARTY = (("Mira", "Healer", "Human"), ("Sable", "Ranger", "Human"), ("Quill", "Rogue", "Human"),
         ("Vincent", "Warrior", "Grallok"))


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("four-characters-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def load(page: Page, name: str) -> None:
    button = page.get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    page.wait_for_load_state()


def test_four_characters_play_a_mission_to_the_campaign_book(tablet: Page, live_server):
    page = tablet
    page.goto("/")
    page.get_by_label("Campaign name").fill("The Wayfinders")
    load(page, "New campaign")
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    sheet = page.url
    form = page.locator("#new-character")
    for name, class_name, species in PARTY:
        form.get_by_label("Name", exact=True).fill(name)
        form.get_by_label("Class").select_option(class_name)
        form.get_by_label("Species").select_option(species)
        press(page, "Add character", form)
        expect(page.get_by_role("link", name=re.compile(rf"^{name}\b"))).to_contain_text(f"{species} {class_name}")
    # Each character's sheet: max HP and AP from the species card; the Warrior's plate with its Guard.
    for name, hp, ap in (("Mira", "9", "6"), ("Sable", "10", "6"), ("Quill", "9", "7"), ("Vincent", "12", "5")):
        page.goto(sheet)
        page.get_by_role("link", name=re.compile(rf"^{name}\b")).tap()
        page.wait_for_load_state()
        numbers = page.locator("#counters")
        numbers.get_by_label("Max HP (species card)").fill(hp)
        numbers.get_by_label("Max AP (species card)").fill(ap)
        numbers.get_by_role("button", name="Save HP and AP").tap()
        expect(page.get_by_label("Max HP (species card)")).to_have_value(hp)
    attachments = page.locator("#attachments")
    attachments.locator("summary").tap()
    attachments.get_by_label("Name").fill("Grallok Plate")
    attachments.get_by_role("button", name="Add attachment").tap()
    row = attachments.locator("tr", has_text="Grallok Plate")
    expect(row).to_be_visible()
    row.get_by_role("button", name="One more Guard").tap()
    expect(row.locator("b")).to_have_text("+1")
    row.get_by_role("button", name="Equip").tap()
    expect(row.get_by_role("button", name="Unequip")).to_be_visible()
    expect(page.locator("#counters")).to_contain_text("Guard from equipped cards: +1 (Grallok Plate +1)")
    page.screenshot(path="/tmp/ts/sheet.png", full_page=True)

    samples_and_map(page, "First steps (sample)")
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.locator('select[name="campaign"]').select_option(label="The Wayfinders")
    load(page, "Use this campaign")
    page.locator('select[name="mission"]').select_option("awakening")
    maps = page.locator('select[name="map"]')
    maps.select_option(maps.locator("option", has_text="First steps (sample)").get_attribute("value"))
    for n, (name, _, _) in enumerate(PARTY, 1):
        select = page.locator(f'select[name="character_{n}"]')
        select.select_option(select.locator("option", has_text=name).get_attribute("value"))
    print(page.locator("ul.sheets").inner_text())
    load(page, "Set up the mission")
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    for space in ("B-6", "C-6", "B-7", "C-7"):
        tap_space(page, space)
    face(page, "Color", "red")
    face(page, "Primary", "N")
    face(page, "Secondary", "W")
    press(page, "Begin round 1")
    expect(page.locator("#event")).to_contain_text("Reinforcements (sample)")
    choose(page, {"Mira": ("3", "0"), "Vincent": ("1", "1"), "Sable": ("2", "0"), "Quill": ("4", "0")})
    press(page, "Reveal: turn order")
    print(page.locator("#turn-order").inner_text())
    press(page, "Next turn: Vincent")
    page.locator('#move-form input[name="mp"]').fill("4")
    tap_space(page, "F-6")
    print(page.locator("#messages").inner_text())
    press(page, "End turn")
    press(page, "Next turn: Sable")
    page.locator('#move-form input[name="mp"]').fill("2")
    tap_space(page, "D-6")
    print(page.locator("#messages").inner_text())
    page.locator("#attack summary").tap()
    attack = page.locator("#attack-form")
    pick(attack, "Grallok Archer-1 (5 HP)")
    pick(attack.locator("fieldset", has_text="Attack die shows"), "3")
    pick(attack.locator("fieldset", has_text="Accuracy die 1"), "success")
    attack.get_by_label("Range on the card (blank: base range)").fill("4")
    pick(attack, "Grallok Archer-1 (5 HP): across Vincent")
    attack.get_by_role("button", name="Resolve the attack").tap()
    settled(page)
    print(page.locator("#messages").inner_text())
    press(page, "End turn")
    press(page, "Next turn: Mira")
    press(page, "End turn")
    press(page, "Next turn: Quill")
    tap_space(page, "D-7")
    print(page.locator("#messages").inner_text())
    press(page, "↶ Undo")
    print(page.locator("#messages").inner_text())
    page.locator('#move-form input[name="mp"]').fill("3")
    tap_space(page, "E-7")
    print(page.locator("#messages").inner_text())
    press(page, "End turn")
    press(page, "Next turn: Grallok Sentry-1")
    face(page, "Basic Attack die", "3")
    press(page, "Apply the turn")
    print(page.locator("#messages").inner_text())
    press(page, "Next turn: Grallok Archer-1")
    print(page.locator("#turn").inner_text())
    print(page.locator("#actionbar").inner_text())
    roll_all(page)
    press(page, "Apply the turn")
    print(page.locator("#messages").inner_text())
    press(page, "End round 1")
    for n in (2, 3, 4, 5):
        face(page, "Color", "red")
        face(page, "Primary", "N")
        face(page, "Secondary", "W")
        press(page, f"Begin round {n}")
        print(n, page.locator("#round").inner_text())
        if n == 2:
            page.locator("#correct-hp summary").tap()
            row = page.locator("#correct-hp form", has_text="Grallok Sentry-1 HP")
            row.locator('input[name="hp"]').fill("6")
            press(page, "Set HP", row)
            print(page.locator("#messages").inner_text())
            choose(page, {"Mira": None, "Vincent": ("2", "1"), "Sable": ("3", "0"), "Quill": ("4", "0")})
        else:
            choose(page, {"Mira": ("5", "0"), "Vincent": ("2", "1"), "Sable": ("3", "0"), "Quill": ("4", "0")})
        dust = "Dust Storm" in page.locator("#round").inner_text()
        if dust:
            press(page, "Objective met")
        play_round(page, n, dust)
        if dust:
            break
    print(page.locator("#mission-over").inner_text())
    page.screenshot(path="/tmp/ts/r1.png", full_page=False)
    assert False


def play_round(page, n, dust):
    if page.get_by_role("button", name="Reveal: turn order").count():
        press(page, "Reveal: turn order")
    for _ in range(30):
        if page.get_by_role("button", name=f"End round {n}").count():
            press(page, f"End round {n}")
            return
        nxt = page.get_by_role("button", name=re.compile("^Next turn: "))
        if nxt.count():
            press(page, nxt.inner_text())
            if dust and page.locator("#plan-steps").count():
                print(page.locator("#turn").inner_text())
            continue
        if page.get_by_role("button", name="Apply the turn").count():
            roll_all(page)
            press(page, "Apply the turn")
            continue
        press(page, "End turn")


def pick(scope, label: str) -> None:
    """A face button (a radio inside a big label), found by the text it shows."""
    scope.locator("label.face", has=scope.page.locator("span", has_text=re.compile(rf"^{re.escape(label)}$"))).first.tap()


def roll_all(page: Page) -> None:
    for legend in page.locator("#adversary-form legend").all_inner_texts():
        face(page, legend.split(" — ")[0], "2" if "Attack" in legend.split(" — ")[0] else "success")


def choose(page: Page, choices: dict) -> None:
    """Each character rests (None) or selects cards: their AP and the Guard the cards give this round."""
    for who, chosen in choices.items():
        row = page.locator("#choices .choice", has=page.locator("strong", has_text=who))
        if chosen is None:
            press(page, "Rest", row)
            expect(row).to_contain_text("rests")
            continue
        ap, guard = chosen
        row.locator('input[name="ap"]').fill(ap)
        row.locator('input[name="guard"]').fill(guard)
        press(page, "Select", row)
        expect(row).to_contain_text(f"AP {ap}")

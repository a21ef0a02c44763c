"""A new table's first evening, on a 1024x768 touch tablet.

One story, step by step: create "The Historians", add three characters, record
Berkav-1, spend fame and nova cells, undo a purchase, export the campaign and
import it back. Every step taps a visible control and checks what the table sees.
"""
from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page, expect

from .helpers import assert_touch_target

PARTY = [("Sylvestia", "Healer", "Slink"), ("Vincent", "Warrior", "Grallok"), ("Augustus", "Ranger", "Human")]


def result_panel(page: Page) -> Locator:
    """The green "what just happened" panel under the tabs (its <ul> lists the reasons)."""
    return page.locator("#result")


def big_number(page: Page, label: str) -> Locator:
    """The big <output> between a counter's − and + (role status, named by its label)."""
    return page.get_by_role("status", name=label, exact=True)


def fame(page: Page, planet: str) -> Locator:
    return big_number(page, planet)


def test_first_evening_of_the_historians(tablet: Page, tmp_path):
    page = tablet

    # a. Home page -> a new campaign -> its campaign sheet.
    page.goto("/")
    expect(page.get_by_role("heading", name="Campaigns and games")).to_be_visible()
    expect(page.get_by_text("No campaign yet.")).to_be_visible()
    new_campaign = page.get_by_role("button", name="New campaign", exact=True)
    assert_touch_target(new_campaign)
    page.get_by_label("Campaign name").fill("The Historians")
    new_campaign.tap()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    expect(page.get_by_role("heading", name="The Historians", level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Campaign sheet")).to_have_attribute("aria-current", "page")
    expect(page.get_by_text("No character yet.")).to_be_visible()
    for tab in ("Campaign sheet", "Mission result", "Aboard the Phantom Epoch", "History"):
        assert_touch_target(page.get_by_role("link", name=tab))
    sheet_url = page.url

    # b. Three characters, one form each time; each appears in the list before the next is typed.
    form = page.locator("#new-character")
    assert_touch_target(form.get_by_role("button", name="Add character"))
    for name, class_name, species in PARTY:
        form.get_by_label("Name", exact=True).fill(name)
        form.get_by_label("Class").select_option(class_name)
        form.get_by_label("Species").select_option(species)
        form.get_by_role("button", name="Add character").tap()
        expect(page.get_by_role("link", name=re.compile(rf"^{name}\b"))).to_contain_text(f"{species} {class_name}")
    characters = page.locator("#characters li.character")
    expect(characters).to_have_count(3)
    expect(characters.locator(".title")).to_have_text(["Sylvestia", "Vincent", "Augustus"])
    expect(page.locator("#lastlog")).to_contain_text("Augustus")
    expect(page.locator("#savestate")).to_have_text("● saved")

    # c. Mission result: Berkav-1, success, difficulty 2, the three of them.
    page.get_by_role("link", name="Mission result").tap()
    expect(page.get_by_role("heading", name="Record a mission result")).to_be_visible()
    result_form = page.locator("#mission-result")
    result_form.get_by_label(re.compile(r"^Mission\b")).select_option(label="Berkav-1")
    # choosing the mission fills its Mission book rewards in: nobody has typed them yet at this table
    expect(result_form.locator("#book-rewards")).to_have_attribute("data-mission", "berkav-1")
    expect(result_form.locator("#book-offered")).to_contain_text("Nobody has typed this mission's rewards yet")
    result_form.get_by_label(re.compile(r"^Result\b")).select_option(label="Success")
    result_form.get_by_label("Difficulty (for attachment rewards)").select_option("2")
    for name, _, _ in PARTY:
        box = result_form.get_by_role("checkbox", name=re.compile(rf"^{name}\b"))
        box.tap()
        expect(box).to_be_checked()
    result_form.get_by_label("SP for each character").fill("3")
    result_form.get_by_label("Fame on Berkav").fill("5")
    result_form.get_by_text("Missions it unlocks").tap()
    unlock = result_form.get_by_role("checkbox", name="Berkav-2", exact=True)
    unlock.tap()
    expect(unlock).to_be_checked()
    result_form.locator(".partyrow").filter(has_text="Sylvestia").get_by_label("Nova cells gained").fill("12")
    record = result_form.get_by_role("button", name="Record the result")
    assert_touch_target(record)
    record.tap()

    done = result_panel(page)
    expect(done).to_contain_text("Berkav-1 completed (Sylvestia, Vincent, Augustus)")
    # SP rewards: each character gains them, once per character per mission (p.14).
    for name, _, _ in PARTY:
        expect(done).to_contain_text(f"{name} gained 3 SP")
    expect(done).to_contain_text("Sylvestia gained 12 nova cell(s)")
    expect(done).to_contain_text("Fame on Berkav +5 (now 5)")
    expect(done).to_contain_text("Berkav-2 is now available")
    # Difficulty 2: draw 4 cards from each of the Tier 1 and Tier 2 attachment decks, each picks one (p.14).
    rewards = page.locator("#rewards")
    expect(rewards.get_by_role("heading", name="Attachment rewards")).to_be_visible()
    expect(rewards).to_contain_text("Tier 1, Tier 2 decks (8 cards)")
    pick = rewards.locator("form").filter(has_text="Sylvestia")
    pick.get_by_label("Attachment picked").fill("Hemorrhage Inducer")
    pick.get_by_label(re.compile(r"^Tier\b")).select_option("1")
    take_it = pick.get_by_role("button", name="Take it")
    assert_touch_target(take_it)
    take_it.tap()
    expect(result_panel(page)).to_contain_text("Hemorrhage Inducer")
    expect(result_panel(page)).to_contain_text("as a mission reward (p.14)")
    expect(rewards.locator("strong.who")).to_have_text(["Vincent", "Augustus"])  # Sylvestia has picked

    # A replay of Berkav-1 is offered the rewards typed once, to confirm in one tap (p.14 step 4).
    result_form.get_by_label(re.compile(r"^Mission\b")).select_option(label="Berkav-1 (replay)")
    expect(result_form.locator("#book-offered")).to_contain_text("Filled in from this mission's Mission book rewards")
    expect(result_form.get_by_label("SP for each character")).to_have_value("3")
    expect(result_form.get_by_label("Fame on Berkav")).to_have_value("5")
    expect(result_form.get_by_label("Difficulty (for attachment rewards)")).to_have_value("2")

    # d. Campaign sheet: fame 5 on Berkav opens the tier 2 shop (p.16); one more fame from the + button.
    page.get_by_role("link", name="Campaign sheet").tap()
    expect(page.get_by_role("heading", name="Campaign sheet")).to_be_visible()
    berkav = page.locator(".counter").filter(has=fame(page, "Berkav"))
    expect(fame(page, "Berkav")).to_have_text("5")
    expect(berkav.locator(".sublabel")).to_have_text("shop tier 2 · tier 3 at 10")
    expect(fame(page, "Thespara")).to_have_text("0")
    expect(page.locator(".counter").filter(has=fame(page, "Thespara")).locator(".sublabel")).to_have_text(
        "shop tier 1 · tier 2 at 5")
    plus = page.get_by_role("button", name="Berkav plus one")
    assert_touch_target(plus)
    plus.tap()
    expect(fame(page, "Berkav")).to_have_text("6")
    expect(berkav.locator(".sublabel")).to_have_text("shop tier 2 · tier 3 at 10")
    expect(page.locator("#lastlog")).to_contain_text("Berkav")
    missions = page.locator("#missions")
    expect(missions.locator("[data-mission='berkav-1']")).to_have_class(re.compile(r"\bcompleted\b"))
    expect(missions.locator("[data-mission='berkav-2']")).to_have_class(re.compile(r"\bavailable\b"))
    expect(missions.locator("[data-mission='berkav-3']")).to_have_class(re.compile(r"\blocked\b"))
    sylvestia = page.get_by_role("link", name=re.compile(r"^Sylvestia\b"))
    expect(sylvestia).to_contain_text("12 nova · 3 SP")

    # e. Aboard the Phantom Epoch: the shop is on Berkav, the planet of the last mission (p.16).
    page.get_by_role("link", name="Aboard the Phantom Epoch").tap()
    shop = page.locator("#shop")
    expect(shop.get_by_role("heading", name="Shop — Berkav")).to_be_visible()
    # The tier on sale comes from the team's fame on that planet: 6 fame -> tier 2 (p.16).
    expect(shop).to_contain_text("On sale on Berkav: equipment up to tier 2 (fame 6).")
    buyer = shop.get_by_label("Buyer")
    expect(buyer.locator("option:checked")).to_have_text("Sylvestia (12 nova cells)")
    buyer.select_option(label="Sylvestia (12 nova cells)")
    shop.get_by_label("Equipment card").fill("Impervium Helm")
    shop.get_by_label(re.compile(r"^Slot\b")).select_option("head")
    shop.get_by_label(re.compile(r"^Tier\b")).select_option("2")
    shop.get_by_label("Cost (nova cells)").fill("6")
    buy = shop.get_by_role("button", name="Buy")
    assert_touch_target(buy)
    buy.tap()
    expect(result_panel(page)).to_contain_text(
        "Sylvestia bought Impervium Helm (tier 2 head, Berkav) for 6 nova cells")
    expect(shop.get_by_label("Buyer").locator("option").first).to_have_text("Sylvestia (6 nova cells)")
    expect(shop.get_by_text("Sylvestia: Impervium Helm")).to_be_visible()

    # f. One tap on Undo puts the nova cells back and takes the helm away.
    undo = page.get_by_role("button", name="Undo")
    assert_touch_target(undo)
    undo.tap()
    expect(result_panel(page)).to_contain_text("Undid: Sylvestia bought Impervium Helm")
    expect(shop.get_by_label("Buyer").locator("option").first).to_have_text("Sylvestia (12 nova cells)")
    expect(shop.get_by_text("No equipment to sell.")).to_be_visible()
    page.get_by_role("link", name="Campaign sheet").tap()
    page.get_by_role("link", name=re.compile(r"^Sylvestia\b")).tap()
    expect(page.get_by_role("heading", name=re.compile(r"^Sylvestia"))).to_contain_text("Slink Healer")
    expect(big_number(page, "Nova cells")).to_have_text("12")
    expect(big_number(page, "Available SP")).to_have_text("3")
    expect(page.locator("#equipment")).to_contain_text("No equipment.")
    expect(page.locator("#equipment")).not_to_contain_text("Impervium Helm")
    expect(page.locator("#attachments").get_by_role("cell", name="Hemorrhage Inducer")).to_be_visible()
    expect(page.get_by_text("Completed missions:")).to_contain_text("Berkav-1")

    # g. Export the campaign, then import the file from the home page as a copy.
    page.get_by_role("link", name="‹ The Historians").tap()
    expect(page).to_have_url(sheet_url)
    export = page.get_by_role("link", name="Export")
    assert_touch_target(export)
    with page.expect_download() as download_info:
        export.tap()
    download = download_info.value
    assert download.suggested_filename == "the-historians.phantom-epoch.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert exported["campaign"]["name"] == "The Historians"
    assert exported["campaign"]["fame"]["Berkav"] == 6

    page.get_by_role("link", name="Table Companion").tap()
    expect(page.get_by_role("heading", name="Campaigns and games")).to_be_visible()
    page.get_by_label("Campaign file (.json)").set_input_files(saved)
    page.get_by_role("button", name="Import as a new campaign").tap()
    expect(page.get_by_role("heading", name="The Historians (copy)", level=1)).to_be_visible()
    copy_url = page.url
    assert copy_url != sheet_url
    expect(page.locator("#characters li.character .title")).to_have_text(["Sylvestia", "Vincent", "Augustus"])
    expect(page.get_by_role("link", name=re.compile(r"^Sylvestia\b"))).to_contain_text("12 nova · 3 SP")
    expect(fame(page, "Berkav")).to_have_text("6")
    expect(page.locator("#missions [data-mission='berkav-2']")).to_have_class(re.compile(r"\bavailable\b"))

    page.get_by_role("link", name="Table Companion").tap()
    cards = page.locator(".cards .title")
    expect(cards).to_have_count(2)
    for title in ("The Historians", "The Historians (copy)"):
        expect(cards.get_by_text(title, exact=True)).to_be_visible()
    page.get_by_role("link", name=re.compile(r"The Historians \(copy\)")).tap()
    expect(page).to_have_url(copy_url)

"""Issue 5, "Done when", on a 1024x768 touch tablet: draw a 12x8 map by touch with walls, a door, a hazard
and two objects, entry points and two adversary placement icons; save, export, import back as a copy;
enter an adversary description card and its two decks; the map shows book coordinates."""
from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from .helpers import assert_touch_target, tap_at



def choose(page: Page, tool: str) -> None:
    label = page.locator("label.tool", has_text=re.compile(rf"^\s*{tool}\s*$"))
    assert_touch_target(label)
    label.tap()


def paint(page: Page, tool: str, *spaces: str, log: str) -> None:
    choose(page, tool)
    for s in spaces:
        tap_at(page, f'#map-grid polygon[data-label="{s}"]')
        expect(page.locator("#lastlog")).to_contain_text(f"{s}")
    expect(page.locator("#lastlog")).to_contain_text(log)


def wall(page: Page, a: str, b: str) -> None:
    tap_at(page, f'#map-grid polygon[data-edge="{a}|{b}"], #map-grid polygon[data-edge="{b}|{a}"]')
    expect(page.locator("#lastlog")).to_contain_text(re.compile(rf"Walled 1 edge \(({a}\|{b}|{b}\|{a})\)"))


def test_draw_a_map_by_touch_export_import_and_enter_cards(tablet: Page, tmp_path):
    page = tablet
    page.goto("/")
    page.get_by_role("link", name="Maps", exact=True).tap()
    expect(page.get_by_role("heading", name="Mission maps")).to_be_visible()
    page.get_by_label("Map name").fill("Tablet Test")
    expect(page.get_by_role("spinbutton", name="Columns")).to_have_value("12")
    expect(page.get_by_role("spinbutton", name="Rows")).to_have_value("8")
    page.get_by_role("button", name="Draw the map").tap()
    expect(page).to_have_url(re.compile(r"/maps/\d+$"))
    map_url = page.url

    # the map renders with the books' coordinates
    expect(page.locator("#map-grid .coords text")).to_have_count(96)
    expect(page.locator("#map-grid .coords text", has_text="L-8")).to_have_count(1)

    choose(page, "wall")
    wall(page, "E-3", "F-3")
    wall(page, "E-4", "F-4")
    paint(page, "closed doors", "E-5", log="closed doors")
    paint(page, "fire hazards", "C-6", log="fire hazards")
    paint(page, "destructible objects", "H-3", log="destructible objects")
    paint(page, "indestructible objects", "H-6", log="indestructible objects")
    paint(page, "entry points", "A-7", "B-8", log="entry points")
    page.get_by_label("Adversary type").fill("Grallok Sentry")
    paint(page, "adversary placement icons", "K-2", log="Grallok Sentry, 2-4 characters")
    page.get_by_label("Adversary type").fill("Grallok Archer")
    page.get_by_label("From characters").fill("3")
    paint(page, "adversary placement icons", "K-6", log="Grallok Archer, 3-4 characters")
    expect(page.locator("#savestate")).to_have_text("● saved")
    # the border of a 12x8 map (6 * 96 - 2 * 249 interior edges = 78) and the two walls drawn
    expect(page.locator("#map-paint .walls line")).to_have_count(78 + 2)

    with page.expect_download() as download:
        page.get_by_role("link", name="Export").tap()
    path = tmp_path / "Tablet-Test.json"
    download.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["format"] == "phantom-epoch-scenario/1" and len(doc["spaces"]) == 96
    assert sorted(map(sorted, doc["walls"])) == [["E-3", "F-3"], ["E-4", "F-4"]]
    assert doc["doors"] == {"E-5": "closed"} and doc["hazards"] == {"C-6": "fire"}
    assert doc["objects"] == {"H-3": "destructible", "H-6": "indestructible"}
    assert sorted(doc["entry_points"]) == ["A-7", "B-8"]
    assert doc["placements"] == {"K-2": {"type": "Grallok Sentry", "min_characters": 2, "max_characters": 4},
                                 "K-6": {"type": "Grallok Archer", "min_characters": 3, "max_characters": 4}}

    page.get_by_role("link", name="Maps", exact=True).tap()
    page.locator('input[name="file"]').set_input_files(str(path))
    page.get_by_role("button", name="Import as a new map").tap()
    expect(page.get_by_role("heading", name=re.compile("Tablet Test \\(copy\\)"))).to_be_visible()
    assert page.url != map_url
    expect(page.locator("#map-paint .tok-placement")).to_have_count(2)
    expect(page.locator("#map-paint .tok-entry")).to_have_count(2)
    expect(page.locator("#map-grid .coords text", has_text="K-6")).to_have_count(1)

    # the adversary description card and its two decks
    page.get_by_role("link", name="Cards", exact=True).tap()
    page.locator("summary").get_by_text("Adversary description card", exact=True).tap()
    form = page.locator("#adversary")
    form.get_by_label("Adversary (species and class)").fill("Grallok Brute")
    form.get_by_label("Species", exact=True).fill("Grallok")
    form.get_by_label("Class", exact=True).fill("Brute")
    for d in range(1, 5):
        for stat, value in (("hp", 6 + 2 * d), ("attack", d // 2), ("guard", d // 3), ("range", 1)):
            form.locator(f'input[name="difficulties.{d}.{stat}"]').fill(str(value))
    form.get_by_role("button", name="Save the adversary card").tap()
    expect(page.locator("#result")).to_contain_text("Entered the adversary description card Grallok Brute")

    page.locator("summary").get_by_text("Species action card", exact=True).tap()
    form = page.locator("#species-card")
    form.get_by_label("Species deck").fill("Grallok")
    form.get_by_label("Card name").fill("Stomp")
    form.get_by_label("AP", exact=True).fill("4")
    form.locator('select[name="actions.0.type"]').select_option("move")
    form.locator('input[name="actions.0.value"]').fill("2")
    form.locator('select[name="actions.1.type"]').select_option("attack")
    form.locator('input[name="actions.1.value"]').fill("1")
    form.get_by_role("button", name="Add the card").tap()
    expect(page.locator("#result")).to_contain_text("Added 'Stomp' in the species deck Grallok")

    page.locator("summary").get_by_text("Class action card (one row per color)", exact=True).tap()
    form = page.locator("#class-card")
    form.get_by_label("Class deck").fill("Brute")
    form.get_by_label("Card name").fill("Smash")
    for i, color in enumerate(("dark-blue", "light-blue", "red", "yellow")):
        form.locator(f'input[name="rows.{color}.ap"]').fill(str(2 + i))
        form.locator(f'select[name="rows.{color}.actions.0.type"]').select_option("attack")
        form.locator(f'input[name="rows.{color}.actions.0.value"]').fill(str(i // 2))
    form.get_by_role("button", name="Add the card").tap()
    expect(page.locator("#result")).to_contain_text("Added 'Smash' in the class deck Brute")
    library = page.locator("#library")
    expect(library).to_contain_text("Grallok Brute")
    expect(library).to_contain_text("Stomp · 4 AP — move 2, attack 1")
    expect(library).to_contain_text("Smash — dark-blue 2 AP, light-blue 3 AP, red 4 AP, yellow 5 AP")

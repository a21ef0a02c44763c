"""A character's Move through a closed door on a 1024x768 touch tablet (issue 38, p.34: "Doors are opened by
Moving or Leaping through them … Only characters can open doors"): on "Doors and hazards (sample)" the only way
through the wall between columns G and H is the door on G-5; Vera, put on E-7, lights H-5 beyond it, the move
opens the door on the map and in the log, and one Undo takes back the move and the door together."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import mp_face, first_turn, press, samples_and_map, tap_space


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("door-move-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def test_a_move_through_the_closed_door_opens_it_and_one_undo_shuts_it_again(tablet: Page, live_server):
    page = tablet
    samples_and_map(page, "Doors and hazards (sample)")
    page.goto("/")
    page.get_by_role("link", name="New mission").tap()
    page.get_by_label("Mission", exact=True).fill("sample-1")
    for n, (name, hp, ap) in enumerate((("Vera", "10", "6"), ("Bram", "12", "7")), 1):
        page.get_by_label(f"Character {n}", exact=True).fill(name)
        page.locator(f'input[name="hp_{n}"]').fill(hp)
        page.locator(f'input[name="ap_{n}"]').fill(ap)
    page.get_by_role("button", name="Set up the mission").tap()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    page.wait_for_function("() => window.missionTable === true && window.htmx !== undefined")
    first_turn(page, ("A-9", "B-10"), {"vera": "1", "bram": "5"}, "Vera")

    page.locator("#place-anyway summary").tap()
    tap_space(page, "E-7")
    expect(page.locator("#result")).to_contain_text("Vera is placed on E-7 anyway")
    expect(page.locator('#map-paint .tok-door-closed[data-at="G-5"]')).to_have_count(1)

    # Move 4 on the card: the reach goes through the door, H-5 at 4 MP (E-7 → F-6 → F-5 → G-5 → H-5).
    mp_face(page, 4)
    tap_space(page, "E-7")
    expect(page.locator('#map-grid .cells polygon.reach[data-label="H-5"]')).to_have_attribute("data-cost", "4")
    tap_space(page, "H-5")
    expect(page.locator("#result")).to_contain_text("Vera opens the door on G-5 by going through it (p.34)")
    expect(page.locator('#map-paint .tok-door-open[data-at="G-5"]')).to_have_count(1)
    expect(page.locator('#map-paint .tok-door-closed[data-at="G-5"]')).to_have_count(0)

    press(page, "↶ Undo")
    expect(page.locator("#result")).to_contain_text("Undid")
    expect(page.locator('#map-paint .tok-door-closed[data-at="G-5"]')).to_have_count(1)

"""A tap on the mission table is answered with the parts that changed, swapped in out of band (issue 19): the
figures and the plan, the panel, the action bar, the bottom bar, the poll, the message; the map drawing only
when the page shows another one (a door opened). The whole page after a reload."""
from __future__ import annotations

import re

from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, step, text, to_doors_and_hazards_turn

PARTS = ("map-plan", "rail", "actionbar", "bottombar", "poll", "messages")


def drawing(page: str) -> str:
    return re.search(r'id="map-static" data-drawing="([0-9a-f]+)"', page).group(1)


def swapped(page: str) -> set[str]:
    return set(re.findall(r'id="([a-z-]+)"[^>]*hx-swap-oob="true"', page))


def test_a_tap_answers_the_parts_that_changed_and_the_map_only_when_it_changed(table):
    to_doors_and_hazards_turn(table)
    whole = text(table.get("/table/1"))
    assert 'id="map-paint"' in whole and "<main" in whole and "hx-swap-oob" not in whole
    key = drawing(whole)
    shown = {"X-Map-Drawing": key}

    moved = text(table.post("/table/1/do/hp", {"version": re.search(r'data-version="(\d+)"', whole).group(1),
                                              "figure": "vera", "delta": "-1"}, headers=shown))
    assert swapped(moved) == set(PARTS) and 'id="map-paint"' not in moved and "<main" not in moved
    assert 'data-hp="9/10"' in moved and len(moved.encode()) < 40 * 1024

    door = re.search(r"Open door ([A-Z]+-\d+)", whole).group(1)
    opened = text(table.post("/table/1/do/door", {"version": re.search(r'data-version="(\d+)"', moved).group(1),
                                                 "space": door}, headers=shown))
    assert swapped(opened) == set(PARTS) | {"map-static", "map-touch"}  # the drawing changed: sent again
    assert drawing(opened) != key and f"{door}: open door" in opened

    polled = table.client.get(f"/table/1/poll?seen=0", headers={"HX-Request": "true", "X-Map-Drawing": drawing(opened)})
    assert swapped(text(polled)) == set(PARTS) - {"messages"}  # a poll leaves the message on screen


def test_the_action_bar_holds_the_next_step(table):
    page = to_doors_and_hazards_turn(table)
    bar = page.split('id="actionbar"')[1].split("</div>")[0]
    assert "End turn" in bar and "Vera: tap the space it went to." in bar
    page = text(step(table, "end-turn"))
    bar = page.split('id="actionbar"')[1].split("</div>")[0]
    assert re.search(r"Next turn: (bram|Grallok)", bar)


def test_the_action_bar_says_why_the_rounds_next_step_waits_with_the_page(table):
    # The engine's next step (phantom/play/next_step.py) drawn as it is: what to tap, and the rule's reason.
    start_first_steps(table)
    step(table, "place", character="bram", space="C-6")
    bar = text(table.get("/table/1")).split('id="actionbar"')[1].split("</div>")[0]
    assert "Tap an entry point (E) on the map for Vera." in bar
    assert "Vera must be placed on an entry point first (p.11)" in bar and "Begin round" not in bar
    step(table, "place", character="vera", space="B-6")
    page = text(step(table, "die", color="red", primary="N", secondary="W"))
    bar = page.split('id="actionbar"')[1].split("</div>")[0]
    assert "Vera: enter the AP of the cards chosen, or rest." in bar
    assert "Vera, Bram must rest or select cards first (p.12 step 3)" in bar and "Reveal" not in bar

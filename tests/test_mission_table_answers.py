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
    assert 'data-hp="9/10"' in moved and len(moved.encode()) < 30 * 1024

    door = re.search(r"Open door ([A-Z]+-\d+)", whole).group(1)
    opened = text(table.post("/table/1/do/door", {"version": re.search(r'data-version="(\d+)"', moved).group(1),
                                                 "space": door}, headers=shown))
    assert swapped(opened) == set(PARTS) | {"map-static", "map-touch"}  # the drawing changed: sent again
    assert drawing(opened) != key and f"{door}: open door" in opened

    polled = table.client.get(f"/table/1/poll?seen=0", headers={"HX-Request": "true", "X-Map-Drawing": drawing(opened)})
    assert swapped(text(polled)) == set(PARTS) - {"messages"}  # a poll leaves the message on screen


def parts_held(page: str) -> str:
    """The X-Parts header missiontable.js sends: each side-panel part the page holds, by its key."""
    return " ".join(f"{ident}:{key}" for ident, key in re.findall(r'id="([a-z-]+)" data-key="([0-9a-f]+)"', page))


def kept(answer: str) -> set[str]:
    return set(re.findall(r'id="([a-z-]+)" data-key="[0-9a-f]+" data-kept="\d+"', answer))


def test_a_move_re_sends_the_panels_it_changed_and_keeps_the_characters_own(table):
    # issue 27: a tap re-sends only the parts it changed. A move changes the turn (its reach) and the figures'
    # list; the character's HP, bandages and conditions, the round and the turn order stay as the page has them.
    to_doors_and_hazards_turn(table)
    whole = text(table.get("/table/1"))
    headers = {"X-Map-Drawing": drawing(whole), "X-Parts": parts_held(whole)}
    assert {"turn", "turn-self", "figures", "turn-order"} <= set(re.findall(r'id="([a-z-]+)" data-key=', whole))
    version = re.search(r'data-version="(\d+)"', whole).group(1)
    moved = text(table.post("/table/1/do/move", {"version": version, "figure": "vera", "space": "B-9"},
                            headers=headers))
    assert "<li>Vera moves A-9 -&gt; B-9</li>" in moved
    assert {"turn-self", "turn-order", "round"} <= kept(moved) and not {"turn", "figures"} & kept(moved)
    assert 'data-from="B-9"' in moved and "Vera · B-9" in moved
    assert '<section class="panel turn-self" id="turn-self"' in moved  # its place, filled back by the page

    headers["X-Parts"] = parts_held(whole)
    hurt = text(table.post("/table/1/do/hp", {"version": re.search(r'data-version="(\d+)"', moved).group(1),
                                              "figure": "vera", "delta": "-1"}, headers=headers))
    assert "turn-self" not in kept(hurt) and "HP 9/10" in hurt.split('id="turn-self"')[1]


def test_the_action_bar_holds_the_next_step(table):
    page = to_doors_and_hazards_turn(table)
    bar = page.split('id="actionbar"')[1].split("</div>")[0]
    assert "End Vera&#39;s turn without moving" in bar and "Vera: tap the space it went to." in bar  # issue 38: says what it ends
    page = text(step(table, "end-turn"))
    bar = page.split('id="actionbar"')[1].split("</div>")[0]
    assert re.search(r"Next turn: (Bram|Grallok)", bar)


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

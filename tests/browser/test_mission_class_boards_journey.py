"""Issue 26 at the table, on a 1024x768 tablet: a Ranger's ranged attack at its class board's base range with
nothing typed (p.21), a Heal refused at full bandages (p.38), the Grallok Sentry's Critical Strike Knocking
Down its target (p.20), Reinforcements placed by a tap on its placement icon (p.26, p.59), a rest turn that
offers no Move (p.13), and the mission ending on the last adversary with the round finished (p.13-14).

The mission is set up by the engine (its positions chosen, the Reinforcements event on top of the deck) and
then played by taps only.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.phantom import play as rules
from companion.phantom.campaign import Character
from companion.phantom.decision import DecisionDie
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store import mission_table as store
from companion.store.cards import samples

from .conftest import LiveServer
from .helpers import END_TURN, decision_die, face, press, revealed, select_ap, tap_space


def _mission(app) -> rules.Mission:
    """First steps: the Ranger (Augustus) on E-2, the Sentry in its base range 4; the Healer (Sylvestia) beside
    the Sentry, her bandage slots full; Reinforcements on top of the event deck."""
    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads((data / "maps" / "first-steps.json").read_text(encoding="utf-8"))).board.map
    party = rules.embarking([rules.Seat(1, "augustus"), rules.Seat(2, "sylvestia")],
                            [Character("augustus", "Augustus", "Ranger", "Human", max_hp=10, max_ap=6),
                             Character("sylvestia", "Sylvestia", "Healer", "Slink", max_hp=9, max_ap=6)],
                            {}, app.extensions["phantom_content"].boards())
    m = rules.set_up("sample", hexmap, 2, party, rng=random.Random(26),
                     **set_up_content(samples(data), hexmap, 2)).mission
    for cid, entry, at in (("augustus", "B-6", "E-2"), ("sylvestia", "C-6", "G-3")):
        m = rules.correct_space(rules.place_character(m, cid, entry).mission, cid, at).mission
    healer = m.character("sylvestia")
    m = rules.state.with_character(m, replace(healer, bandages=healer.bandage_slots))
    m = rules.correct_hp(m, "sylvestia", 8).mission
    cards = m.events.cards
    reinforcements = next(e for e in cards if e.places)
    return replace(m, events=replace(m.events, cards=(reinforcements,) + tuple(e for e in cards if e is not
                                                                                  reinforcements)))


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("class-boards-instance")),
                                    "GAME_SEED": 26})).start()
    db = dbmod.connect(server.app.config["DATABASE"])
    try:
        store.JOURNAL.create(db, {"name": "Class boards"}, _mission(server.app), "Set up the class boards story")
    finally:
        db.conn.close()
    yield server
    server.stop()


def _turns_until(page: Page, wanted) -> None:
    """Tap Next turn / End turn (an adversary's turn: its dice entered as misses, then Apply) until `wanted()`."""
    for _ in range(10):
        if wanted():
            return
        nxt = page.get_by_role("button", name=re.compile("^Next turn: "))
        if nxt.count():
            press(page, nxt.inner_text())
        elif page.get_by_role("button", name="Apply the turn").count():
            for kind, value in (("attack", "attack:0"), ("accuracy", "accuracy:miss")):
                for fieldset in page.locator(f"#adversary-form fieldset.roll-{kind}").all():
                    fieldset.locator("label.face", has=page.locator(f"input[value='{value}']")).tap()
            press(page, "Apply the turn")
        else:
            press(page, page.get_by_role("button", name=re.compile("^End .+'s turn")).inner_text())
    assert wanted()


def _turn_of(page: Page, name: str):
    return lambda: page.locator("#turn h2", has_text=re.compile(name, re.IGNORECASE)).count() > 0


def test_a_ranger_a_healer_a_critical_reinforcements_a_rest_and_the_last_adversary(tablet: Page, live_server):
    page = tablet
    page.goto("/table/1")
    page.wait_for_function("window.missionTable === true && window.htmx !== undefined")
    decision_die(page, 1, "red", "N", "W")
    for n, ap in ((0, "1"), (1, "2")):  # both before the Sentry
        row = page.locator(".choice").nth(n)
        select_ap(row, ap)

    # Reinforcements: the Archer's placement icon, offered first, placed by a tap (p.26, p.59). Every
    # character has chosen, so the reveal waits for it (step 2 comes first, p.12) and comes with it.
    expect(page.locator("#event-task")).to_contain_text("Reinforcements")
    expect(page.locator("#next-hint")).to_contain_text("once its adversaries are placed, the turn order shows by itself")
    press(page, "Grallok Archer on H-5")
    revealed(page)
    expect(page.locator("#result")).to_contain_text("Grallok Archer-1")
    expect(page.locator("#result")).to_contain_text("drop no nova cells")
    expect(page.locator("#result")).to_contain_text("Every character has chosen: the cards are revealed")
    expect(page.locator("#result")).not_to_contain_text("takes no turn")
    expect(page.locator("#turn-order")).to_contain_text("Grallok Archer-1")  # placed before the draw: it acts
    page.locator("#event-note-form input[name=note]").fill("Placed the event adversary on H-5")
    press(page, "Record", page.locator("#event-note-form"))
    expect(page.locator("#event-task")).to_contain_text("Done: Placed the event adversary on H-5")
    _turns_until(page, _turn_of(page, "augustus"))

    # The Ranger's ranged attack at the class board's base range 4: target and die face tapped, nothing typed.
    page.locator("#attack summary").tap()
    expect(page.locator("#attack-form")).to_contain_text("Range modifier on the card (base range 4)")
    expect(page.locator("#attack-form input[name=range_modifier]")).to_have_value("0")
    expect(page.locator("#attack-form input[name=range]")).to_have_value("")
    page.locator("#attack-form label.face", has=page.locator("input[value='Grallok Sentry-1']")).tap()
    page.locator("#attack-form label.face", has=page.locator("input[value='attack:2']")).tap()
    press(page, "Resolve the attack")
    expect(page.locator("#result")).to_contain_text("attacks Grallok Sentry-1: hit")
    press(page, END_TURN)

    # The Healer's bandage slots are full: a Heal is not offered, the reason and its page said beside it (p.38).
    _turns_until(page, _turn_of(page, "sylvestia"))
    expect(page.get_by_role("button", name="Heal 1", exact=True)).to_be_disabled()
    expect(page.locator("#heal .why")).to_contain_text("bandage slots are full")
    expect(page.locator("#heal .why")).to_contain_text("p.38")
    press(page, END_TURN)

    # The Sentry's Critical Strike: its card's critical ability Knocks Down its target (p.20).
    _turns_until(page, _turn_of(page, "Grallok Sentry-1"))
    expect(page.locator("#adversary-critical")).to_contain_text("Knocked Down")
    page.locator("#adversary-form label.face", has=page.locator("input[value='attack:critical']")).first.tap()
    press(page, "Apply the turn")
    expect(page.locator("#result")).to_contain_text("activates a critical ability")
    expect(page.locator('#map-plan .note[data-for="sylvestia"] .badge', has_text="KD")).to_have_count(1)
    _turns_until(page, lambda: page.get_by_role("button", name="End round 1").count() > 0)
    press(page, "End round 1")

    # Round 2: Augustus rests; his rest turn offers no Move and no Attack (p.13).
    decision_die(page, 2, "red", "N", "W")
    press(page, "Rest", page.locator("#choice-augustus"))
    select_ap(page.locator("#choice-sylvestia"), "2")
    revealed(page)
    _turns_until(page, lambda: page.locator("#rest-turn").count() > 0)
    expect(page.locator("#rest-turn")).to_contain_text("no Move, Leap or Attack")
    expect(page.locator("#move-form")).to_have_count(0)
    expect(page.locator("#attack-form")).to_have_count(0)
    expect(page.locator("#next-hint")).to_contain_text("p.13")
    tap_space(page, "D-3")  # no form takes the tap: Augustus stays
    expect(page.locator("#figures li", has_text="augustus · E-2")).to_have_count(1)
    press(page, END_TURN)

    # The Healer defeats both adversaries; the mission's end is offered and recorded after the round (p.13-14).
    _turns_until(page, _turn_of(page, "sylvestia"))
    page.locator("#turn-self details", has=page.locator("summary", has_text="Conditions")).locator("summary").tap()
    press(page, "✓ Knocked Down")  # 1 MP removes it (p.37): a Knocked Down figure cannot Attack
    for target in ("Grallok Sentry-1", "Grallok Archer-1"):
        for _ in range(3):  # a Barrier takes the first hit instead (p.37)
            page.locator("#attack summary").tap()
            page.locator("#attack-form label.face", has=page.locator(f"input[value='{target}']")).tap()
            page.locator("#attack-form label.face", has=page.locator("input[value='attack:6']")).tap()
            page.locator("#attack-form input[name=value]").fill("9")
            page.locator("#attack-form input[name=range]").fill("9")
            press(page, "Resolve the attack")
            if page.locator("#result", has_text=f"{target} is defeated").count():
                break
        expect(page.locator("#result")).to_contain_text(f"{target} is defeated")
    expect(page.locator('#map-plan .nova')).to_have_count(1)  # the Sentry's nova cells where it fell (p.26)
    press(page, "All adversaries defeated: objective met")
    expect(page.locator("#result")).to_contain_text("succeeds at the end of round 2")
    press(page, re.compile(r"^End .+'s turn( without moving)?: retrieve 2 nova cells$"))  # beside them (p.25)
    expect(page.locator("#result")).to_contain_text("retrieves them")
    _turns_until(page, lambda: page.get_by_role("button", name="End round 2").count() > 0)
    press(page, "End round 2")
    expect(page.locator("#mission-over h2")).to_have_text("Mission succeeded in round 2")
    expect(page.locator("#mission-over")).to_contain_text("Nova cells: sylvestia 2")

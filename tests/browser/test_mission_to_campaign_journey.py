"""A campaign's mission played at the table to its end and recorded in the campaign book (issue 6).

One story on its own server: a campaign with two characters, the mission set up from it, a character
defeated by the HP buttons (p.23), the objective met, every remaining turn played (the adversary's from
the AI's plan), the round ended — the mission succeeds (p.14) — and the result recorded, so the campaign
book shows the mission completed.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.phantom.campaign import new_campaign
from companion.phantom.characters import add_character
from companion.store import campaigns as campaign_store

from .conftest import LiveServer
from .helpers import END_TURN, decision_die, face, press, samples_and_map, select_ap, tap_space, turn_order_shown


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("mission-campaign-instance")),
                                    "GAME_SEED": 2})).start()
    content = server.app.extensions["phantom_content"]
    c = new_campaign("The Surveyors", content)
    c = add_character(c, content, "Vincent", "Warrior", "Grallok").campaign
    c = add_character(c, content, "Augustus", "Ranger", "Human").campaign
    db = dbmod.connect(server.app.config["DATABASE"])
    try:
        campaign_store.JOURNAL.create(db, {}, c, "Started The Surveyors")
    finally:
        db.conn.close()
    yield server
    server.stop()


def test_a_mission_played_to_its_end_is_recorded_in_the_campaign(tablet: Page, live_server):
    page = tablet
    samples_and_map(page, "First steps (sample)")

    page.goto("/table/new")
    page.locator('select[name="campaign"]').select_option(label="The Surveyors")
    page.get_by_role("button", name="Use this campaign").tap()
    page.locator('select[name="mission"]').select_option("awakening")
    for n, name in ((1, "Vincent"), (2, "Augustus")):
        select = page.locator(f'select[name="character_{n}"]')
        value = select.locator("option", has_text=name).get_attribute("value")
        select.select_option(value)
    for n, (hp, ap) in enumerate((("2", "7"), ("10", "6")), 1):
        page.locator(f'input[name="hp_{n}"]').fill(hp)
        page.locator(f'input[name="ap_{n}"]').fill(ap)
    page.get_by_role("button", name="Set up the mission").tap()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    tap_space(page, "B-6")
    tap_space(page, "C-6")
    decision_die(page, 1, "yellow", "S", "E")
    for n, ap in ((0, "3"), (1, "5")):
        row = page.locator(".choice").nth(n)
        select_ap(row, ap)
    turn_order_shown(page)

    # Vincent (2 HP) goes first and is defeated by the HP buttons: he leaves the map (p.23).
    press(page, "Next turn: " + page.locator("#turn-order li").first.inner_text().split(" ")[0])
    press(page, "− HP")
    press(page, "− HP")
    expect(page.locator("#result")).to_contain_text("defeated")
    expect(page.locator("#figures li", has_text="HP 0/")).to_have_count(0)

    press(page, "Objective met")
    # Every remaining turn is played; the adversary's from its plan.
    for _ in range(8):
        if page.get_by_role("button", name="End round 1").count():
            break
        nxt = page.get_by_role("button", name=re.compile("^Next turn: "))
        if nxt.count():
            nxt.tap()
            page.wait_for_load_state()
            expect(page.locator("#savestate")).not_to_have_text("saving…")
            continue
        if page.get_by_role("button", name="Apply the turn").count():
            for legend in page.locator("#adversary-form legend").all_inner_texts():
                face(page, legend.split(" — ")[0], "2" if "Attack" in legend else "success")
                break
            press(page, "Apply the turn")
            continue
        press(page, END_TURN)
    press(page, "End round 1")
    expect(page.locator("#mission-over h2")).to_have_text("Mission succeeded in round 1")
    # Nobody has typed Awakening's Mission book rewards: the form asks, the rating offered is the set-up's (p.9).
    record_form = page.locator("#record-form")
    expect(record_form.locator("#book-offered")).to_contain_text("Nobody has typed this mission's rewards yet")
    expect(record_form.get_by_label("Mission difficulty rating (attachment rewards)")).to_have_value("2")
    record_form.get_by_label("SP for each character").fill("2")
    page.get_by_role("button", name="Record in the campaign book").tap()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+/missions$"))
    expect(page.locator("#lastlog")).to_contain_text("completed")
    # p.14 step 6 next: the draw is prompted for each character who embarked, Vincent defeated too (p.23).
    rewards = page.locator("#rewards")
    expect(rewards).to_contain_text("Tier 1, Tier 2 decks (8 cards)")
    expect(rewards.locator("strong.who")).to_have_text(["Vincent", "Augustus"])
    # Awakening's rewards are now offered on the campaign's own result form.
    result_form = page.locator("#mission-result")
    result_form.get_by_label(re.compile(r"^Mission\b")).select_option(label="Awakening (replay)")
    expect(result_form.get_by_label("SP for each character")).to_have_value("2")
    expect(result_form.get_by_label("Difficulty (for attachment rewards)")).to_have_value("2")

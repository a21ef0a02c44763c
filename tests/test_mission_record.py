"""A finished campaign mission goes into the campaign book once, with the rewards printed in the Mission book
(issue 6: "Mission success ... feeds the campaign tracker's mission result"; p.13-14)."""
from __future__ import annotations

import re

from conftest import campaign_state
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_campaign_mission, step, text, version


def succeed(app, table) -> str:
    """The objective met in round 1, every turn of the round played, the round ended: the page."""
    ids = start_campaign_mission(app, table)
    step(table, "objective")
    step(table, "select", character=ids["Vincent"], ap="3")
    step(table, "select", character=ids["Augustus"], ap="4")
    page = text(step(table, "reveal"))
    for _ in range(12):
        if "Mission succeeded" in page:
            return page
        if "Tap the space it went to" in page:  # a character's turn: it stays
            page = text(step(table, "end-turn"))
        elif "the plan" in page:  # an adversary's: a miss if it attacks
            page = text(step(table, "adversary", **({"roll_1": "attack:0"} if 'name="roll_1"' in page else {})))
        elif re.search(r"End round \d", page):
            page = text(step(table, "end-round"))
        else:
            page = text(step(table, "next"))
    raise AssertionError(page)


def test_a_success_is_recorded_with_the_mission_books_rewards(app, table, campaign):
    page = succeed(app, table)
    assert 'name="sp"' in page and 'name="fame_Berkav"' in page and 'name="unlocks"' in page
    resp = table.post("/table/1/record", {"_form": "record", "sp": "3", "vanished_tech": "1", "fame_Berkav": "2",
                                          "unlocks": "berkav-2"}, htmx=False)
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/campaigns/1/missions")
    c = campaign_state(app)
    assert c.missions["awakening"].completed and c.missions["berkav-2"].available
    assert c.fame["Berkav"] == 2 and c.vanished_tech == 1
    assert {ch.name: ch.sp for ch in c.characters if ch.name in ("Vincent", "Augustus")} == {"Vincent": 3, "Augustus": 3}
    page = text(table.get("/table/1"))
    assert "Recorded in the campaign book" in page and 'id="record"' not in page


def test_a_second_record_changes_nothing(app, table, campaign):
    succeed(app, table)
    assert table.post("/table/1/record", {"_form": "record", "sp": "3"}, htmx=False).status_code == 303
    before = campaign_state(app)
    resp = table.post("/table/1/record", {"_form": "record", "sp": "3"}, htmx=False)  # a second tap, or a retry
    assert resp.status_code == 409 and "already in its campaign book" in text(resp)
    assert campaign_state(app) == before


def test_bad_rewards_are_refused_naming_the_field_and_record_nothing(app, table, campaign):
    succeed(app, table)
    before, seen = campaign_state(app), version(table)
    resp = table.post("/table/1/record", {"_form": "record", "sp": "-1"}, htmx=False)
    assert resp.status_code == 422 and "<strong>SP reward</strong>" in text(resp)
    resp = table.post("/table/1/record", {"_form": "record", "fame_Berkav": "200"}, htmx=False)
    assert resp.status_code == 422 and "<strong>Fame change</strong>" in text(resp)
    assert campaign_state(app) == before and version(table) == seen
    assert 'id="record"' in text(table.get("/table/1"))


def test_a_failure_asks_for_no_rewards(app, table, campaign):
    start_campaign_mission(app, table)
    page = text(step(table, "fail", reason="The relay was destroyed"))
    assert 'id="record"' in page and 'name="sp"' not in page
    assert table.post("/table/1/record", {"_form": "record"}, htmx=False).status_code == 303
    assert not campaign_state(app).missions["awakening"].completed  # p.13


def keep_book(app, mission_id: str, **entry) -> None:
    """The table's entry of a mission's Mission book rewards, as a result recorded earlier would have kept it."""
    from companion import db as dbmod
    from companion.store import cards as card_store

    db = dbmod.connect(app.config["DATABASE"])
    try:
        with dbmod.immediate(db):
            card_store.keep_mission_rewards(db, mission_id, {"difficulty": None, "sp": 0, "vanished_tech": 0,
                                                             "fame": {}, "unlocks": [], "verified": False, **entry})
    finally:
        db.conn.close()


def test_the_books_rewards_are_offered_and_its_rating_sets_the_attachment_draw(app, table, campaign):
    # p.9: the attachment rewards follow the mission's difficulty rating, not the adversaries' (set up at 2).
    from helpers.card_library import library
    from helpers.page_forms import as_sent

    keep_book(app, "awakening", difficulty=3, sp=2, fame={"Berkav": 1}, unlocks=["berkav-2"])
    page = succeed(app, table)
    assert "Filled in from this mission" in page
    raw = table.get("/table/1").get_data(as_text=True)
    sent = as_sent(raw, "/table/1/record")
    assert (sent["difficulty"], sent["sp"], sent["fame_Berkav"], sent["unlocks"]) == (["3"], ["2"], ["1"], ["berkav-2"])
    assert table.post("/table/1/record", sent, htmx=False).status_code == 303  # one tap
    c = campaign_state(app)
    assert c.reward_max_tier == 3 and c.fame["Berkav"] == 1 and c.missions["berkav-2"].available
    assert library(table)["mission_rewards"]["awakening"]["difficulty"] == 3


def test_with_nothing_typed_the_set_ups_difficulty_is_offered_and_what_is_recorded_kept(app, table, campaign):
    from helpers.card_library import library
    from helpers.page_forms import as_sent

    page = succeed(app, table)
    assert "Nobody has typed this mission" in page
    sent = as_sent(table.get("/table/1").get_data(as_text=True), "/table/1/record", sp=4)
    assert sent["difficulty"] == ["2"]  # the set-up's, to confirm or correct
    assert table.post("/table/1/record", sent, htmx=False).status_code == 303
    assert campaign_state(app).reward_max_tier == 2
    assert library(table)["mission_rewards"]["awakening"] == {"difficulty": 2, "sp": 4, "vanished_tech": 0, "fame": {},
                                                             "unlocks": [], "verified": False}

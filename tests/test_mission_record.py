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

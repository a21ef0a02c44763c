"""A mission that can't get stuck (issue 18): a lost mission's page still renders and its defeat can be
recorded or undone; set-up refuses a party the map can't seat or a party of one (p.8, 11); a mission can be
abandoned (a failure in its campaign, or deleted for a one-off)."""
from __future__ import annotations

import pytest

from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_campaign_mission, step, text


@pytest.fixture
def mission(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.status_code == 303
    return "/table/1"


def to_adversary_turn(table):
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap="3")
    step(table, "select", character="bram", ap="5")
    step(table, "reveal")
    step(table, "next")
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    return step(table, "next")


def test_a_mission_lost_during_an_adversary_turn_still_renders_and_can_be_undone(table, mission):
    assert "Grallok Sentry-1's turn" in text(to_adversary_turn(table))
    step(table, "hp", figure="vera", delta="-10")
    resp = step(table, "hp", figure="bram", delta="-12")
    assert resp.status_code == 200 and "Mission failed in round 1" in text(resp)
    page = table.get(mission)
    assert page.status_code == 200 and "Mission failed in round 1" in text(page)
    assert table.post(f"{mission}/undo", {}).status_code in (200, 303)
    page = table.get(mission)
    assert page.status_code == 200 and "Mission failed in round 1" not in text(page)

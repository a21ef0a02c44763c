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


def set_up(table, sample, names):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": sample}, htmx=False)
    data = {"mission": "sample-1", "map": "1", "difficulty": "2"}
    for n, name in enumerate(names, start=1):
        data.update({f"character_{n}": name, f"hp_{n}": "10", f"ap_{n}": "6"})
    return table.post("/table", data, htmx=False)


def test_a_party_of_one_is_refused_with_the_rule(table):
    resp = set_up(table, "first-steps.json", ["Vera"])
    assert resp.status_code == 422 and "at least two characters" in text(resp) and "p.8" in text(resp)
    assert table.get("/table/1").status_code == 404


def test_more_characters_than_entry_points_are_refused_with_the_rule(table):
    from companion.phantom.hexmap import HexMap
    from companion.phantom.play import MissionError, check_seats

    two = HexMap(spaces=frozenset(), entry_points=frozenset({(0, 0), (1, 0)}))
    with pytest.raises(MissionError) as refused:
        check_seats(two, ["character_1", "character_2", "character_3"])
    assert refused.value.field == "character_3" and "p.11" in str(refused.value)
    check_seats(two, ["character_1", "character_2"])


@pytest.mark.parametrize("sample", ["crossfire.json", "doors-and-hazards.json", "first-steps.json",
                                    "great-hall-30x24.json", "mutant-grallok-lair.json"])
def test_every_sample_map_seats_four_characters(app, table, sample):
    resp = set_up(table, sample, ["Vera", "Bram", "Tess", "Oda"])
    assert resp.status_code == 303, text(resp)
    for name, space in zip(["vera", "bram", "tess", "oda"], entry_points(app)):
        assert step(table, "place", character=name, space=space).status_code == 200
    assert "Choose a character, then tap an entry point" not in text(table.get("/table/1"))


def entry_points(app) -> list[str]:
    from companion.store import mission_table as store
    from companion.web.database import get_db

    with app.test_request_context("/"):
        m = store.get(get_db(), 1).mission
        return sorted(m.map.label(h) for h in m.map.entry_points)

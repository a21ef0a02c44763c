"""The mission table as its tests drive it: an app with seeded decks, a step posted with the version the page
shows, the starts of a mission several test modules share."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion import create_app
from companion.phantom.play import Embarking, set_up
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store.cards import samples

from helpers.reading import as_read


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def version(table, url="/table/1"):
    return int(re.search(r'data-version="(\d+)"', table.get(url).get_data(as_text=True)).group(1))


def step(table, action, url="/table/1", **data):
    return table.post(f"{url}/do/{action}", {"version": version(table, url), **data})


def text(resp):
    return as_read(resp.get_data(as_text=True))


def start_campaign_mission(app, table) -> dict:
    """Vincent and Augustus of The Historians on the first-steps sample, placed, the die entered: their ids."""
    from conftest import character_ids

    ids = character_ids(app)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Vincent"], "hp_1": "12", "ap_1": "7",
                                 "character_2": ids["Augustus"], "hp_2": "10", "ap_2": "6"}, htmx=False)
    assert resp.status_code == 303
    step(table, "place", character=ids["Vincent"], space="B-6")
    step(table, "place", character=ids["Augustus"], space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    return ids


def start_first_steps(table) -> str:
    """A one-off mission on First steps (sample map) with Vera and Bram against the Grallok Sentry its icon
    places for two, set up through the set-up form; the mission page's address."""
    assert table.post("/cards/samples", htmx=False).status_code == 303
    assert table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False).status_code == 303
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.headers["Location"].endswith("/table/1")
    return "/table/1"


def to_first_turn(table, vera_ap: str = "3"):
    """Vera on B-6, Bram on C-6, the die entered, their cards chosen, the order revealed: the first turn's answer."""
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap=vera_ap)
    step(table, "select", character="bram", ap="5")
    step(table, "reveal")
    return step(table, "next")


def to_doors_and_hazards_turn(table) -> str:
    """A mission on the doors-and-hazards sample map, Vera on A-9 and Bram on B-10: Vera's turn (its page)."""
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "doors-and-hazards.json"}, htmx=False)
    table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                          "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"}, htmx=False)
    step(table, "place", character="vera", space="A-9")
    step(table, "place", character="bram", space="B-10")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap="1")
    step(table, "select", character="bram", ap="5")
    step(table, "reveal")
    return text(step(table, "next"))


DATA = Path(__file__).resolve().parents[2] / "data" / "phantom-epoch"

VERA = Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red")

BRAM = Embarking("bram", "Bram", "Grallok", max_ap=7, max_hp=12, color="yellow")


def first_steps():
    hexmap = load_scenario(json.loads((DATA / "maps" / "first-steps.json").read_text())).board.map
    return set_up("sample-1", hexmap, 2, [VERA, BRAM], rng=random.Random(3),
                  **set_up_content(samples(DATA), hexmap, 2)).mission

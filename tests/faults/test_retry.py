"""(c) A retried request is applied once, for every kind of document: the same request id sent twice, one
after the other and both at once (the one journal keeps the ids of every kind, store/journal.py)."""
from __future__ import annotations

import re
import threading

import pytest

from companion import create_app
from conftest import Table
from helpers.database import one



@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def page_version(table, url, pattern=r'data-version="(\d+)"'):
    return int(re.search(pattern, table.get(url).get_data(as_text=True)).group(1))


# Each kind: set_up(table) once; send(table, request_id) -> the form to post (url, data), drawn from the page
# as a tablet would; count(app) -> what the change adds to (one more per applied request).

def mission_set_up(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    assert table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12",
                                 "ap_2": "7"}, htmx=False).status_code == 303


def mission_form(table):
    return "/table/1/do/hp", {"version": page_version(table, "/table/1"), "figure": "Grallok Sentry-1", "delta": -1}


def game_set_up(table):
    assert table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"}).status_code == 204


def game_form(table):
    return "/games/1/do/roll", {"_form": "roll", "version": page_version(table, "/games/1", r'name="version" value="(\d+)"'), "die_1a": "3",
                                "die_1b": "4c", "die_2a": "1", "die_2b": "2"}


def campaign_set_up(table):
    assert table.post("/campaigns", {"name": "Retry"}, htmx=False).status_code == 303


def campaign_form(table):
    return "/campaigns/1/fame", {"planet": "Berkav", "delta": 1}


def map_set_up(table):
    assert table.post("/maps", {"name": "Retry", "orientation": "pointy", "shifted": "even", "columns": "5",
                                "rows": "4"}, htmx=False).status_code == 303


def map_form(table):
    return "/maps/1/paint", {"version": page_version(table, "/maps/1", r'name="version" value="(\d+)"'), "tool": "fire", "spaces": ["B-2"]}


def cards_set_up(table):
    table.get("/cards")


def cards_form(table):
    board = {"_form": "boss", "version": page_version(table, "/cards", r'name="version" value="(\d+)"'), "name": "Retry boss", "inherent.ap": 1, "inherent.text": "Move 1",
             "inherent.actions.0.type": "move", "inherent.actions.0.value": 1,
             "actions.0.name": "Swipe", "actions.0.ap": 3, "actions.0.text": "Attack +1",
             "actions.0.actions.0.type": "attack", "actions.0.actions.0.value": 1}
    for n in (2, 3, 4):
        board.update({f"attributes.{n}.{s}": v for s, v in (("hp", 10 * n), ("attack", 1), ("guard", 0), ("range", 1))})
    return "/cards/boss", board


KINDS = {
    "mission": (mission_set_up, mission_form, "SELECT count(*) FROM mission_events WHERE status = 'done'"),
    "game": (game_set_up, game_form, "SELECT count(*) FROM game_events WHERE status = 'done'"),
    "campaign": (campaign_set_up, campaign_form, "SELECT count(*) FROM history WHERE status = 'done'"),
    "map": (map_set_up, map_form, "SELECT count(*) FROM map_history WHERE status = 'done'"),
    "cards": (cards_set_up, cards_form, "SELECT count(*) FROM card_history WHERE status = 'done'"),
}
CASES = list(KINDS)


@pytest.mark.parametrize("kind", CASES)
def test_the_same_request_twice_in_a_row_is_applied_once(app, table, kind):
    set_up, form, count = KINDS[kind]
    set_up(table)
    url, data = form(table)
    data["request_id"] = "d" * 32
    before = one(app, count)
    first = table.post(url, data)
    assert first.status_code == 200, first.get_data(as_text=True)[:500]
    assert one(app, count) == before + 1
    again = table.post(url, data)
    assert again.status_code == 200
    assert one(app, count) == before + 1


@pytest.mark.parametrize("kind", CASES)
def test_the_same_request_twice_at_once_is_applied_once(app, table, kind):
    set_up, form, count = KINDS[kind]
    set_up(table)
    url, data = form(table)
    data["request_id"] = "e" * 32
    before = one(app, count)
    tablets = []
    for _ in range(2):
        t = Table(app.test_client())
        t.get("/")
        tablets.append(t)
    start = threading.Barrier(2)
    answers = []

    def send(t):
        start.wait()
        answers.append(t.post(url, data).status_code)

    threads = [threading.Thread(target=send, args=(t,)) for t in tablets]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(answers) == [200, 200]
    assert one(app, count) == before + 1

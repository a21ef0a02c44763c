"""Fixtures in the flaskr manner: an app on a fresh instance folder, its client, a campaign."""
from __future__ import annotations

import re

import pytest

from companion import create_app
from companion import db as dbmod
from helpers.games import Game, Table


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True})


@pytest.fixture
def db(tmp_path):
    """A migrated scratch database, for the store's tests."""
    database = dbmod.connect(tmp_path / "t.sqlite3")
    dbmod.migrate(database)
    yield database
    database.conn.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def table(client):
    return Table(client)


@pytest.fixture
def campaign(table):
    """'The Historians' with Sylvestia (Healer), Vincent (Warrior) and Augustus (Ranger); returns its URL."""
    resp = table.post("/campaigns", {"name": "The Historians"}, htmx=False)
    url = resp.headers["Location"]
    for name, cls, species in [("Sylvestia", "Healer", "Slink"), ("Vincent", "Warrior", "Grallok"),
                               ("Augustus", "Ranger", "Human")]:
        assert table.post(f"{url}/characters", {"name": name, "class_name": cls, "species": species}).status_code == 200
    return url


def campaign_state(app, campaign_id: int = 1):
    from companion import db as dbmod
    from companion.store import campaigns as store

    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, campaign_id).campaign
    finally:
        db.conn.close()


def character_ids(app, campaign_id: int = 1) -> dict:
    return {ch.name: ch.id for ch in campaign_state(app, campaign_id).characters}


# Games several test modules start from: a Lost Empires game new and set up, a Suriya 162 and a Shattered
# Empires game new, and the Shattered Empires one set up.

@pytest.fixture
def new_game(app, table):
    resp = table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"})
    assert resp.status_code == 204
    return Game(app, table, resp.headers["HX-Redirect"])


@pytest.fixture
def started(new_game):
    g = new_game
    g.do("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"})
    g.do("faction", {"player": "0", "faction": "Feng"})
    g.do("faction", {"player": "1", "faction": "Terra Corps"})
    g.do("deck", {"player": "0", "starter": "1"})
    g.do("deck", {"player": "1", "starter": "1"})
    g.do("next")
    return g


@pytest.fixture
def su_game(app, table):
    resp = table.post("/games/new", {"game": "suriya-162", "name": "Sunday", "name_1": "Tyra", "color_1": "red",
                                     "name_2": "David", "color_2": "blue"})
    assert resp.status_code == 204
    return Game(app, table, resp.headers["HX-Redirect"])


@pytest.fixture
def new_se(app, table):
    resp = table.post("/games/new", {"game": "shattered-empires", "name": "Night", "name_1": "Ann",
                                     "color_1": "red", "name_2": "Bob", "color_2": "blue"})
    assert resp.status_code == 204
    return Game(app, table, resp.headers["HX-Redirect"])


@pytest.fixture
def se_started(new_se):
    g = new_se
    g.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    g.do("base", {"player": "1", "base": "Alliance Haven"}, form="base-1")
    g.do("deck", {"player": "0", "starter": "1"}, form="deck-0")
    g.do("deck", {"player": "1", "starter": "1"}, form="deck-1")
    g.do("next")
    return g

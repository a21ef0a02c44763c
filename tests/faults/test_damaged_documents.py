"""A stored document damaged inside its JSON (SQLite's integrity check still passes): every request for it answers
the app's words (HTTP 409, web/damage.py: which document, what is wrong, the backups), never a 5xx; every other
document still opens, and the home page lists the damaged one (found at start-up, or by a request since)."""
from __future__ import annotations

import json
import random
import re
import sqlite3

import pytest

from companion import create_app
from companion import db as dbmod
from helpers.games import Table
from helpers.mission_table import start_first_steps

DAMAGED = 409


def flip_bytes(text: str) -> str:
    """A few bytes flipped in the middle of the stored text: JSON no longer."""
    at = len(text) // 2
    return text[:at] + "\x07}{\x00" + text[at + 4:]


def bad_shape(text: str) -> str:
    """Valid JSON, but not the document's fields."""
    doc = json.loads(text)
    return json.dumps({"title": doc.get("name", "x"), "players": "none"})


def bad_campaign_value(text: str) -> str:
    """Valid JSON with the campaign's fields, one value its codec cannot read (a number where a list is)."""
    return json.dumps({**json.loads(text), "characters": [7]})


def damage(app, table: str, doc_id: int, how=flip_bytes, column: str = "state") -> None:
    conn = sqlite3.connect(app.config["DATABASE"])
    with conn:
        text = conn.execute(f"SELECT [{column}] FROM [{table}] WHERE id = ?", [doc_id]).fetchone()[0]
        conn.execute(f"UPDATE [{table}] SET [{column}] = ? WHERE id = ?", [how(text), doc_id])
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def version_of(app, table: str, doc_id: int) -> int:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(f"SELECT version FROM [{table}] WHERE id = ?", [doc_id]).fetchone()[0]
    finally:
        conn.close()


def restarted(app):
    """The same instance started again: its start-up check reads every document back."""
    return create_app({"INSTANCE_PATH": app.instance_path, "TESTING": True, "GAME_SEED": 1})


def says_damaged(resp, name: str) -> str:
    body = resp.get_data(as_text=True)
    assert resp.status_code == DAMAGED, (resp.status_code, body[:400])
    assert "cannot be read back" in body and name in body
    assert "What is wrong:" in body
    assert "/backups" in body
    return body


@pytest.fixture
def tables(tmp_path):
    """Two campaigns (The Historians, Second Watch), a Lost Empires game and a one-off mission, and a backup
    taken by hand while every one of them still read back."""
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})
    table = Table(app.test_client())
    assert table.post("/campaigns", {"name": "The Historians"}, htmx=False).headers["Location"] == "/campaigns/1"
    assert table.post("/campaigns/1/characters", {"name": "Vincent", "class_name": "Warrior",
                                                  "species": "Grallok"}).status_code == 200
    assert table.post("/campaigns", {"name": "Second Watch"}, htmx=False).headers["Location"] == "/campaigns/2"
    resp = table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"})
    game_url = resp.headers["HX-Redirect"]
    mission_url = start_first_steps(table)
    assert table.post("/backups/take").status_code == 200
    return app, table, game_url, mission_url


def test_a_campaign_with_flipped_bytes_is_named_on_every_page_and_the_rest_still_opens(tables):
    app, _, game_url, mission_url = tables
    damage(app, "campaigns", 1)
    app = restarted(app)
    table = Table(app.test_client())
    home = table.get("/")
    assert home.status_code == 200
    page = home.get_data(as_text=True)
    assert re.search(r'id="damaged".*The campaign “The Historians”</a>: its stored text is not valid JSON', page, re.S)
    assert "Phantom Epoch · damaged" in page and "Second Watch" in page

    sheet = says_damaged(table.get("/campaigns/1"), "The Historians")
    assert 'href="/backups#backup-companion-' in sheet  # the backup taken by hand still reads it back
    for url in ("/campaigns/1/history", "/campaigns/1/poll?seen=0", "/campaigns/1/export", "/campaigns/1/aboard",
                "/campaigns/1/missions"):
        says_damaged(table.get(url), "The Historians")
    htmx_poll = table.get("/campaigns/1/poll?seen=0", headers={"HX-Request": "true"})
    says_damaged(htmx_poll, "The Historians")
    assert htmx_poll.headers["HX-Retarget"] == "#main"
    version = version_of(app, "campaigns", 1)
    for step in ("undo", "redo"):
        says_damaged(table.post(f"/campaigns/1/{step}", {"version": version}), "The Historians")
        says_damaged(table.post(f"/campaigns/1/{step}", {"version": version}, htmx=False), "The Historians")
    says_damaged(table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": "1"}), "The Historians")
    says_damaged(table.post("/campaigns/1/fame", {"planet": "", "delta": "x"}), "The Historians")  # a bad form too
    assert version_of(app, "campaigns", 1) == version  # nothing written

    for url in ("/campaigns/2", "/campaigns/2/history", game_url, mission_url, "/cards", "/backups"):
        assert table.get(url).status_code == 200, url


@pytest.mark.parametrize("how", [bad_shape, bad_campaign_value], ids=["bad shape", "bad codec value"])
def test_a_campaign_that_is_json_but_not_a_campaign_is_named_too(tables, how):
    app, table, game_url, _ = tables
    damage(app, "campaigns", 1, how)
    for url in ("/campaigns/1", "/campaigns/1/history", "/campaigns/1/poll?seen=0", "/campaigns/1/export"):
        body = says_damaged(table.get(url), "The Historians")
    assert "a stored value does not read back" in body or "missing" in body
    says_damaged(table.post("/campaigns/1/undo", {"version": version_of(app, "campaigns", 1)}), "The Historians")
    home = table.get("/")  # found by the requests above, not only at start-up
    assert home.status_code == 200 and "The campaign “The Historians”</a>" in home.get_data(as_text=True)
    for url in ("/campaigns/2", game_url):
        assert table.get(url).status_code == 200


@pytest.mark.parametrize("how", [flip_bytes, bad_shape], ids=["flipped bytes", "bad shape"])
def test_a_damaged_game_is_named_and_the_campaigns_still_open(tables, how):
    app, _, game_url, mission_url = tables
    game_id = int(game_url.rsplit("/", 1)[1])
    damage(app, "games", game_id, how)
    app = restarted(app)
    table = Table(app.test_client())
    home = table.get("/")
    assert home.status_code == 200 and "The game “Friday”</a>" in home.get_data(as_text=True)
    for url in (game_url, f"{game_url}/log", f"{game_url}/poll?seen=0", f"{game_url}/export",
                f"{game_url}/results"):
        says_damaged(table.get(url), "Friday")
    version = version_of(app, "games", game_id)
    says_damaged(table.post(f"{game_url}/undo", {"version": version}), "Friday")
    says_damaged(table.post(f"{game_url}/next", {"version": version}), "Friday")
    assert version_of(app, "games", game_id) == version
    for url in ("/campaigns/1", "/campaigns/2", mission_url):
        assert table.get(url).status_code == 200


@pytest.mark.parametrize("how", [flip_bytes, bad_shape], ids=["flipped bytes", "bad shape"])
def test_a_damaged_mission_table_document_is_named_and_the_rest_still_opens(tables, how):
    app, _, game_url, mission_url = tables
    mission_id = int(mission_url.rsplit("/", 1)[1])
    damage(app, "missions", mission_id, how)
    app = restarted(app)
    table = Table(app.test_client())
    home = table.get("/")
    assert home.status_code == 200
    assert re.search(r"The mission “[^”]+”</a>", home.get_data(as_text=True))
    name = sqlite3.connect(app.config["DATABASE"]).execute("SELECT name FROM missions WHERE id = ?",
                                                            [mission_id]).fetchone()[0]
    for url in (mission_url, f"{mission_url}/log", f"{mission_url}/poll?seen=0"):
        says_damaged(table.get(url), name)
    version = version_of(app, "missions", mission_id)
    says_damaged(table.post(f"{mission_url}/undo", {"version": version}), name)
    assert version_of(app, "missions", mission_id) == version
    for url in ("/campaigns/1", "/campaigns/2", game_url):
        assert table.get(url).status_code == 200


def test_the_start_up_check_finds_every_damaged_document_and_only_those(tables):
    app, *_ = tables
    damage(app, "campaigns", 2, bad_campaign_value)
    damage(app, "games", 1, flip_bytes)
    app = restarted(app)
    assert set(app.extensions.get("damaged", ())) == {("campaign", 2), ("game", 1)}
    assert {(d.name, d.kind) for d in app.extensions["damaged"].values()} == {("Second Watch", "campaign"),
                                                                             ("Friday", "game")}
    db = dbmod.connect(app.config["DATABASE"])  # the others read back: the start-up check named only these
    try:
        assert [r["name"] for r in db.query("SELECT name FROM campaigns ORDER BY id")] == ["The Historians",
                                                                                          "Second Watch"]
    finally:
        db.conn.close()


def test_a_restore_of_the_clean_backup_takes_it_off_the_home_page(tables):
    app, *_ = tables
    damage(app, "campaigns", 1)
    app = restarted(app)
    table = Table(app.test_client())
    sheet = says_damaged(table.get("/campaigns/1"), "The Historians")
    name = re.search(r'/backups#backup-(companion-[^"]+)"', sheet).group(1)
    assert table.post(f"/backups/{name}/restore", {"confirm": "restore"}).status_code == 200
    assert table.get("/campaigns/1").status_code == 200
    assert 'id="damaged"' not in table.get("/").get_data(as_text=True)


def test_a_damaged_map_and_card_library_are_named_and_the_mission_still_opens(tables):
    app, table, _, mission_url = tables
    damage(app, "maps", 1, flip_bytes, column="doc")
    for url in ("/maps/1", "/maps/1/export", "/maps/1/poll?seen=0", "/cards/export"):
        says_damaged(table.get(url), "First steps")
    says_damaged(table.post("/maps/1/undo", {"version": version_of(app, "maps", 1)}), "First steps")
    damage(app, "card_libraries", 1, flip_bytes, column="doc")
    says_damaged(table.get("/cards"), "Card library")
    home = table.get("/")
    assert home.status_code == 200
    assert "The card library “Card library”</a>" in home.get_data(as_text=True)
    for url in ("/campaigns/1", "/games/1"):
        assert table.get(url).status_code == 200


def test_companion_export_says_the_damage_and_exits_2(tables, capsys):
    from companion import cli

    app, *_ = tables
    damage(app, "campaigns", 1)
    assert cli.main(["--instance", app.instance_path, "export", "The Historians"]) == 2
    err = capsys.readouterr().err
    assert "'The Historians' cannot be read back: its stored text is not valid JSON" in err
    assert "companion restore --list" in err


def _scalars(doc, path=()):
    """Every stored scalar of `doc` with its path."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _scalars(value, path + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _scalars(value, path + (i,))
    else:
        yield path, doc


WRONG_KIND = ("zz", None, 2.5, True, [1], {"x": 1})  # the value of another kind a few flipped bytes leave


@pytest.mark.parametrize("table_name,pages", [
    ("campaigns", lambda game, mission: ["/campaigns/1", "/campaigns/1/history", "/campaigns/1/missions"]),
    ("games", lambda game, mission: [game, f"{game}/log"]),
    ("missions", lambda game, mission: [mission]),
], ids=["campaign", "game", "mission"])
def test_any_stored_value_of_the_wrong_kind_is_named_never_a_500(tables, table_name, pages):
    """Each scalar of the document in turn replaced by a value of another kind (one of WRONG_KIND, seeded):
    every page of it answers 200 (a value the document takes) or the app's damage page, never a 5xx."""
    app, _, game_url, mission_url = tables
    doc_id = 1 if table_name != "games" else int(game_url.rsplit("/", 1)[1])
    conn = sqlite3.connect(app.config["DATABASE"])
    text = conn.execute(f"SELECT state FROM {table_name} WHERE id = ?", [doc_id]).fetchone()[0]
    doc = json.loads(text)
    rng = random.Random(35)
    found = list(_scalars(doc))
    tried = rng.sample(found, min(len(found), 120))
    client = app.test_client()
    try:
        for path, value in tried:
            wrong = rng.choice([w for w in WRONG_KIND if type(w) is not type(value)])
            damaged = json.loads(text)
            at = damaged
            for key in path[:-1]:
                at = at[key]
            at[path[-1]] = wrong
            with conn:
                conn.execute(f"UPDATE {table_name} SET state = ? WHERE id = ?", [json.dumps(damaged), doc_id])
            for url in pages(game_url, mission_url):
                resp = client.get(url)
                assert resp.status_code in (200, DAMAGED), (path, wrong, url, resp.status_code)
    finally:
        with conn:
            conn.execute(f"UPDATE {table_name} SET state = ? WHERE id = ?", [text, doc_id])
        conn.close()

"""Input that once reached a 500 or a traceback: names in any script in a download, lone surrogates and
numbers past any range in imported JSON, request ids with a tail, names made of invisible characters, a
retried import. Each is refused naming the field (422; exit 2 for the CLI) or served, and nothing changes."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion import cli
from companion import db as dbmod
from companion.schemas.files import json_text

NAMES = ["Ωmega", "日本語", "Карта", "Crash Camp"]


def count(app, table: str) -> int:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        db.conn.close()


def saved_as(resp) -> str:
    """The file name a browser saves under: filename* when given (RFC 5987), else filename."""
    disposition = resp.headers["Content-Disposition"]
    disposition.encode("latin-1")  # what waitress can send
    if "filename*=UTF-8''" in disposition:
        return unquote(disposition.split("filename*=UTF-8''", 1)[1])
    return disposition.split('filename="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("name", NAMES)
def test_a_campaign_game_and_map_named_in_any_script_download_under_that_name(table, name):
    resp = table.post("/campaigns", {"name": name}, htmx=False)
    url = resp.headers["Location"]
    got = table.get(f"{url}/export")
    assert got.status_code == 200 and saved_as(got) == f"{name.lower().replace(' ', '-')}.phantom-epoch.json"
    resp = table.post("/games/new", {"game": "lost-empires", "name": name, "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue"})
    got = table.get(f"{resp.headers['HX-Redirect']}/export")
    assert got.status_code == 200 and saved_as(got) == f"{name.lower().replace(' ', '-')}.lost-empires.json"
    resp = table.post("/maps", {"name": name, "orientation": "flat", "shifted": "even", "columns": "5", "rows": "4"})
    got = table.get(f"{resp.headers['HX-Redirect']}/export")
    assert got.status_code == 200 and saved_as(got) == f"{name.replace(' ', '-')}.json"


HOSTILE = {
    "a lone surrogate": '"A\\ud800B"',
    "a 5,000-digit integer": "1" * 5000,
    "4,300 nines": "9" * 4300,
    "a number past 64 bits": "99999999999999999999999",
}


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_hostile_json_in_a_campaign_file_is_refused_with_its_place(app, table, campaign, what):
    doc = json.loads(table.get(f"{campaign}/export").get_data(as_text=True))
    text = json.dumps(doc)
    text = (text.replace('"The Historians"', HOSTILE[what], 1) if what == "a lone surrogate"
            else text.replace('"Berkav": 0', '"Berkav": ' + HOSTILE[what], 1))
    assert text != json.dumps(doc)
    before = count(app, "campaigns")
    resp = table.post("/campaigns/import", {"_form": "import", "file": (io.BytesIO(text.encode()), "bad.json")})
    assert resp.status_code == 422, resp.get_data(as_text=True)[:500]
    assert "Nothing was imported" in resp.get_data(as_text=True)
    assert count(app, "campaigns") == before


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_hostile_json_in_a_map_a_card_or_a_game_file_is_refused(app, table, what):
    text = '{"format": "phantom-epoch-scenario/1", "layout": {"orientation": "flat", "columns": ' + HOSTILE[what] + "}}"
    for url, field in (("/maps/import", "file"), ("/cards/import", "file"), ("/games/import", "game_file")):
        resp = table.post(url, {field: (io.BytesIO(text.encode()), "bad.json")})
        assert resp.status_code == 422, (url, resp.get_data(as_text=True)[:500])
    assert count(app, "maps") == 0 and count(app, "games") == 0


@pytest.mark.parametrize("what", sorted(HOSTILE))
def test_hostile_json_makes_the_command_line_exit_2_without_a_traceback(app, tmp_path, what):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "phantom-epoch-scenario/1", "name": ' + HOSTILE[what] + "}", encoding="utf-8")
    for args in (["import", str(bad)], ["resolve", str(bad)], ["sight", str(bad), "A-1", "A-2"]):
        done = subprocess.run([sys.executable, "-m", "companion.cli", "--instance", app.instance_path, *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (args, done.stderr[-800:])
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_json_reader_names_where_the_broken_character_stands():
    with pytest.raises(json_text.JsonTextError) as got:
        json_text.loads('{"characters": [{"name": "ok"}, {"name": "A\\ud800"}]}')
    assert got.value.where == "characters.1.name"
    assert json_text.loads('{"fame": {"Berkav": 999999999999999}}') == {"fame": {"Berkav": 999999999999999}}


def test_a_request_id_with_a_tail_is_refused_and_changes_nothing(app, table, campaign):
    before = count(app, "history")
    resp = table.post(f"{campaign}/fame", {"planet": "Berkav", "delta": "1",
                                           "request_id": "ab" * 16 + "x" * 100_000})
    assert resp.status_code == 422
    assert count(app, "history") == before


@pytest.mark.parametrize("name", ["\u200b\u200b", "\u202e\u2066", " \u200d "])
def test_a_name_of_only_invisible_characters_is_refused_as_blank(app, table, name):
    resp = table.post("/campaigns", {"_form": "new-campaign", "name": name})
    assert resp.status_code == 422 and "Required" in resp.get_data(as_text=True)
    assert count(app, "campaigns") == 0


def test_a_name_differing_only_by_an_invisible_character_is_the_same_name(app, table):
    # Two players "Ann" and "Ann" + a zero-width space: the table can't tell them apart, so they are refused.
    resp = table.post("/games/new", {"_form": "new-game", "game": "lost-empires", "name": "Friday",
                                     "name_1": "Ann", "color_1": "red", "name_2": "Ann\u200b", "color_2": "blue"})
    assert resp.status_code == 422 and "Two players are called" in resp.get_data(as_text=True)
    assert count(app, "games") == 0
    # A campaign named with a zero-width space is kept as it is seen.
    table.post("/campaigns", {"_form": "new-campaign", "name": "Crash Camp\u200b"}, htmx=False)
    assert [row[0] for row in dbmod.connect(app.config["DATABASE"]).execute("SELECT name FROM campaigns")] \
        == ["Crash Camp"]


def test_a_retried_import_makes_one_campaign_and_one_game(app, table, campaign, new_game):
    body = table.get(f"{campaign}/export").get_data()
    rid = "0123456789abcdef" * 2
    for _ in range(2):
        resp = table.post("/campaigns/import", {"file": (io.BytesIO(body), "c.json"), "request_id": rid})
        assert resp.status_code in (204, 303), resp.get_data(as_text=True)[:500]
    assert count(app, "campaigns") == 2
    game = table.get(f"{new_game.url}/export").get_data()
    rid = "fedcba9876543210" * 2
    for _ in range(2):
        resp = table.post("/games/import", {"game_file": (io.BytesIO(game), "g.json"), "request_id": rid})
        assert resp.status_code in (204, 303), resp.get_data(as_text=True)[:500]
    assert count(app, "games") == 2

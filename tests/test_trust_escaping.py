"""Every page, with markup in every string a user can enter (names, types, notes, card, map and boss names,
player names), shows it as text: nothing a user typed or a shared file carried becomes markup on a page."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from companion import create_app
from companion.store import cards as cards_store
from conftest import Table

MARK = '<b>x</b>"><script>1</script>'
RAW = ("<b>x</b>", "<script>1</script>", '"><script')
SHOWN = "&lt;b&gt;x&lt;/b&gt;"
DATA = Path(__file__).resolve().parent.parent / "data" / "phantom-epoch"


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def marked(value, old: str, new: str):
    """A document with `old` replaced by `new` in every key and string: a card or map file shared by someone."""
    if isinstance(value, dict):
        return {marked(k, old, new): marked(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [marked(v, old, new) for v in value]
    return value.replace(old, new) if isinstance(value, str) else value


def upload(table, url, name, doc, form="import", field="file"):
    return table.post(url, {"_form": form, field: (io.BytesIO(json.dumps(doc).encode()), name)}, htmx=False,
                      content_type="multipart/form-data")


def version(table, url):
    return int(re.search(r'data-version="(\d+)"', table.get(url).get_data(as_text=True)).group(1))


def step(table, url, action, **data):
    return table.post(f"{url}/do/{action}", {"version": version(table, url), **data})


def fill(table) -> dict:
    """Markup everywhere a user can put text; returns the ids the pages are reached by."""
    table.get("/")
    assert table.post("/campaigns", {"name": MARK}, htmx=False).status_code == 303
    camp = "/campaigns/1"
    shown = re.search(r'action="/campaigns/1/notes".*?name="version" value="(\d+)"', table.get(camp).get_data(as_text=True),
                      re.S).group(1)  # the version the notes form was drawn with
    assert table.post(f"{camp}/notes", {"notes": MARK, "version": shown}).status_code == 200
    assert table.post(f"{camp}/custom", {"kind": "class", "name": "C" + MARK}).status_code == 200
    assert table.post(f"{camp}/custom", {"kind": "species", "name": "S" + MARK}).status_code == 200
    assert table.post(f"{camp}/characters", {"name": "Vera" + MARK, "class_name": "Healer",
                                             "species": "Slink"}).status_code == 200
    page = table.get(camp).get_data(as_text=True)
    character = re.search(r'/campaigns/1/characters/([^/"]+)', page).group(1)
    table.post(f"{camp}/characters/{character}/attachments", {"name": "A" + MARK, "type": "weapon", "tier": "1"})
    assert table.post("/games/new", {"game": "lost-empires", "name": MARK, "name_1": "Ann" + MARK,
                                     "color_1": "red", "name_2": "Bob" + MARK, "color_2": "blue"}).status_code == 204
    assert table.post("/maps", {"name": "Map" + MARK, "orientation": "pointy", "shifted": "even", "columns": "5",
                                "rows": "4"}, htmx=False).status_code == 303
    # A boss and its cards from a shared card file, and a lair placing it from a shared map file.
    cards = marked(cards_store.samples(DATA), "Mutant Grallok", "Mutant " + MARK)
    assert upload(table, "/cards/import", "cards.json", cards).status_code == 200
    lair = marked(json.loads((DATA / "maps" / "mutant-grallok-lair.json").read_text()), "Mutant Grallok",
                  "Mutant " + MARK)
    resp = upload(table, "/maps/import", "Lair" + MARK + ".json", lair)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:500]
    map_id = resp.headers["Location"].rsplit("/", 1)[1]
    resp = table.post("/table", {"mission": "sample-1", "map": map_id, "difficulty": "2",
                                 "character_1": "Vera" + MARK, "hp_1": "10", "ap_1": "6",
                                 "character_2": "Bram" + MARK, "hp_2": "12", "ap_2": "7"}, htmx=False)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    mission = resp.headers["Location"]
    return {"campaign_id": 1, "character_id": character, "game_id": 1, "map_id": int(map_id),
            "mission_id": int(mission.rsplit("/", 1)[1]), "mission": mission}


def every_get_url(app, ids: dict) -> list[str]:
    urls = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" not in rule.methods or rule.endpoint == "static":
                continue
            if not set(rule.arguments) <= set(ids):
                continue
            urls.append(rule.build({a: ids[a] for a in rule.arguments}, append_unknown=False)[1])
    return sorted(set(urls))


def test_markup_typed_anywhere_is_shown_as_text_on_every_page(app, table):
    ids = fill(table)
    mission = ids["mission"]
    pages = {}
    other = Table(app.test_client())
    for url in every_get_url(app, ids):
        resp = other.get(url)
        assert resp.status_code < 500, url
        if resp.mimetype == "text/html":
            pages[url] = resp.get_data(as_text=True)
    # and the mission through its round: characters placed, the boss's card drawn and redrawable (p.58)
    page = table.get(mission).get_data(as_text=True)
    vera, bram = re.findall(r'name="character" value="([^"]+)"', page)[:2]
    step(table, mission, "place", character=vera, space="A-5")
    step(table, mission, "place", character=bram, space="A-6")
    step(table, mission, "die", color="red", primary="N", secondary="W")
    step(table, mission, "select", character=vera, ap="3")
    step(table, mission, "select", character=bram, ap="4")
    pages["mission round"] = step(table, mission, "reveal").get_data(as_text=True)
    assert 'id="boss-redraw"' in pages["mission round"]
    assert step(table, mission, "redraw-boss", type="Mutant " + MARK, keep="no").status_code == 200
    for url, body in pages.items():
        for raw in RAW:
            assert raw not in body, f"{url} shows {raw!r} as markup"
    shown = [url for url, body in pages.items() if SHOWN in body]
    for must in ("/", "/campaigns/1", "/maps", "/cards", mission, f"/games/{ids['game_id']}", "mission round"):
        assert must in shown, f"{must} does not show the typed markup as text"
    assert "Mutant &lt;b&gt;" in pages["mission round"]  # the boss's name from the shared files

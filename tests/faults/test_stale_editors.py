"""Issue 24: the map editor and the card library are shared by every tablet like a mission or a game. Each of
their edits carries the version its page was drawn at, so a tablet one step behind never overwrites another's
newer change (409, what it typed kept), and each page follows the other tablets' changes by its poll."""
from __future__ import annotations

import json
import re

import pytest

from companion import create_app
from helpers.database import one
from helpers.games import Table
from helpers.history import seen

VERSION_FOR = re.compile(r'name="version" form="paint-form" id="paint-form-version" value="(\d+)"')


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True})


@pytest.fixture
def tablets(app):
    """Two tablets at one table, each with its own session."""
    return Table(app.test_client()), Table(app.test_client())


def text(resp) -> str:
    return resp.get_data(as_text=True)


def new_map(table) -> str:
    return table.post("/maps", {"name": "Crossing", "layout": "pointy even", "columns": 6, "rows": 5},
                      htmx=False).headers["Location"]


def map_doc(app) -> dict:
    return json.loads(one(app, "SELECT doc FROM maps WHERE id = 1"))


def library(app) -> dict:
    return json.loads(one(app, "SELECT doc FROM card_libraries"))


HTMX = {"HX-Request": "true"}


# -- the map editor ---------------------------------------------------------------------------------------------

def test_a_paint_from_a_tablet_one_step_behind_is_refused_and_changes_nothing(app, tablets):
    first, second = tablets
    url = new_map(first)
    behind = seen(second, url)  # the second tablet drew the editor, then the first painted
    assert first.post(f"{url}/paint", {"version": seen(first, url), "tool": "fire", "spaces": ["C-3"]},
                      headers=HTMX).status_code == 200
    before = map_doc(app)
    stale = second.post(f"{url}/paint", {"version": behind, "tool": "void", "spaces": ["C-3"]}, headers=HTMX)
    assert stale.status_code == 409 and "changed on another device" in text(stale)
    assert map_doc(app) == before
    # its answer is the map as it now stands, with the version the next paint will carry
    assert 'class="tok tok-fire" data-at="C-3"' in text(stale) and VERSION_FOR.search(text(stale)).group(1) == str(seen(first, url))


@pytest.mark.parametrize("path, form", [
    ("paint", {"tool": "fire", "spaces": ["C-3"]}),
    ("walls", {"wall": "wall", "edges": ["C-3|D-3"]}),
    ("resize", {"columns": 7, "rows": 5}),
    ("layout", {"layout": "flat odd"}),
    ("rename", {"name": "Elsewhere"}),
])
def test_every_map_edit_needs_the_version_its_page_showed(app, tablets, path, form):
    first, _ = tablets
    url = new_map(first)
    before = map_doc(app)
    missing = first.post(f"{url}/{path}", form, headers=HTMX)
    assert missing.status_code == 422 and "reload the page" in text(missing)
    assert map_doc(app) == before
    assert first.post(f"{url}/{path}", {**form, "version": seen(first, url)}).status_code < 400


def test_the_map_editor_follows_another_tablet(app, tablets):
    first, second = tablets
    url = new_map(first)
    shown = seen(second, url)
    assert second.get(f"{url}/poll?seen={shown}", headers=HTMX).status_code == 204  # nothing new: nothing sent
    first.post(f"{url}/paint", {"version": shown, "tool": "fire", "spaces": ["C-3"]}, headers=HTMX)
    first.post(f"{url}/rename", {"version": seen(first, url), "name": "Crossing Ruins"}, htmx=False)
    followed = second.get(f"{url}/poll?seen={shown}", headers=HTMX)
    body = text(followed)
    assert followed.status_code == 200 and body.lstrip().startswith('<svg id="map-paint"')
    assert re.search(r'id="map-name"[^>]*>Crossing Ruins <small>', body)  # the rail's title follows too
    now = seen(first, url)
    assert VERSION_FOR.search(body).group(1) == str(now)
    assert f"seen={now}" in body  # the poll asks from the version it now shows
    # and the second tablet's next paint, carrying what it was sent, is applied
    assert second.post(f"{url}/paint", {"version": now, "tool": "void", "spaces": ["A-1"]},
                       headers=HTMX).status_code == 200


# -- the card library ---------------------------------------------------------------------------------------

CARD = {"_form": "species-card", "deck": "Grallok", "name": "Stomp", "ap": "3"}


def test_a_card_from_a_tablet_one_step_behind_is_refused_and_keeps_what_was_typed(app, tablets):
    first, second = tablets
    behind = seen(second, "/cards")
    assert first.post("/cards/species-card", {**CARD, "version": seen(first, "/cards")}).status_code == 200
    before = library(app)
    stale = second.post("/cards/species-card", {**CARD, "name": "Roar", "version": behind})
    assert stale.status_code == 409 and "changed on another device" in text(stale)
    assert library(app) == before
    body = text(stale)
    assert 'value="Roar"' in body  # the form sent keeps what was typed, to send again in one tap
    assert f'name="version" value="{seen(first, "/cards")}"' in body  # now drawn at the current version
    again = second.post("/cards/species-card", {**CARD, "name": "Roar", "version": seen(second, "/cards")})
    assert again.status_code == 200
    assert [c["name"] for c in library(app)["species_decks"]["Grallok"]["cards"]] == ["Stomp", "Roar"]


def test_a_card_edit_or_removal_without_the_version_is_refused(app, tablets):
    first, _ = tablets
    first.post("/cards/samples", htmx=False)
    before = library(app)
    assert first.post("/cards/species-card", CARD).status_code == 422
    removal = first.post("/cards/remove", {"_form": "remove", "part": "event_decks", "key": "Sample events"})
    assert removal.status_code == 422 and "reload the page" in text(removal)
    assert library(app) == before


def test_a_removal_from_a_stale_page_is_refused(app, tablets):
    first, second = tablets
    first.post("/cards/samples", htmx=False)
    behind = seen(second, "/cards")
    first.post("/cards/species-card", {**CARD, "version": seen(first, "/cards")})
    before = library(app)
    stale = second.post("/cards/remove", {"_form": "remove", "part": "event_decks", "key": "Sample events",
                                          "version": behind})
    assert stale.status_code == 409 and "changed on another device" in text(stale) and library(app) == before


def test_the_card_library_follows_another_tablet(app, tablets):
    first, second = tablets
    shown = seen(second, "/cards")
    assert second.get(f"/cards/poll?seen={shown}", headers=HTMX).status_code == 204
    first.post("/cards/species-card", {**CARD, "version": shown})
    followed = second.get(f"/cards/poll?seen={shown}", headers=HTMX)
    assert followed.status_code == 200 and "<li>Stomp · 3 AP" in text(followed)  # the list, not only the bar
    assert f"seen={seen(first, '/cards')}" in text(followed)


def test_adding_the_sample_cards_twice_with_one_request_id_adds_them_once(app, tablets):
    first, _ = tablets
    form = {"request_id": "c" * 32}
    before = one(app, "SELECT count(*) FROM card_history WHERE status = 'done'")
    first.post("/cards/samples", form, htmx=False)
    entries = one(app, "SELECT count(*) FROM card_history WHERE status = 'done'")
    assert entries > before  # the first post recorded what it added
    assert first.post("/cards/samples", form, htmx=False).status_code in (200, 303)
    assert one(app, "SELECT count(*) FROM card_history WHERE status = 'done'") == entries

"""Other tablets told of each committed change (web/stream.py, issue 36 item 2): the journal tells the feed once
a write has committed, never for one refused or rolled back; a stream opens with the document's version and
sends each new one; a stream past the number of tablets served is refused at once, so that tablet polls."""
from __future__ import annotations

import re

import pytest

from companion import create_app
from companion import db as dbmod
from helpers.games import Table


def feed_version(app, kind: str, doc_id: int, shown: int) -> int:
    feed = app.extensions["feed"]
    return feed.wait((kind, doc_id), shown, 0, feed.round)


def test_a_saved_change_reaches_the_feed_and_a_refused_one_does_not(app, table, campaign):
    cid = int(campaign.rsplit("/", 1)[1])
    page = table.get(campaign).get_data(as_text=True)
    assert f'data-stream="/campaigns/{cid}/stream"' in page  # the page names its stream
    version = int(re.search(r"poll\?seen=(\d+)", page).group(1))
    assert table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"}).status_code == 200
    told = feed_version(app, "campaign", cid, -1)
    assert told > version
    refused = table.post(f"{campaign}/fame", {"planet": "Berkav", "delta": "-1"})  # below 0 (p.16)
    assert refused.status_code == 422
    assert feed_version(app, "campaign", cid, -1) == told


def test_what_waits_for_a_commit_runs_after_it_and_never_after_a_rollback(db):
    ran = []
    with dbmod.immediate(db):
        dbmod.after_commit(lambda: ran.append(db.conn.in_transaction))
        assert ran == []
    assert ran == [False]  # after COMMIT: what another tablet then reads is stored
    with pytest.raises(RuntimeError):
        with dbmod.immediate(db):
            dbmod.after_commit(lambda: ran.append("rolled back"))
            raise RuntimeError
    assert ran == [False]


def events(resp, n: int) -> list[str]:
    """The next `n` events' data lines of a streamed answer."""
    out = []
    for chunk in resp.response:
        out += re.findall(r"^data: (\d+)$", chunk.decode() if isinstance(chunk, bytes) else chunk, re.M)
        if len(out) >= n:
            return out
    return out


def test_the_stream_opens_with_the_version_and_sends_each_change(app, table, campaign):
    resp = table.client.get(f"{campaign}/stream", buffered=False)
    try:
        assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
        assert resp.headers["Cache-Control"] == "no-store"
        [first] = events(resp, 1)
        assert table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"}).status_code == 200
        assert events(resp, 1) == [str(int(first) + 1)]
    finally:
        resp.close()


def test_a_stream_past_the_tablets_served_is_refused_at_once_and_its_place_given_back(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "TABLETS": 1})
    table = Table(app.test_client())
    url = table.post("/campaigns", {"name": "One tablet"}, htmx=False).headers["Location"]
    held = table.client.get(f"{url}/stream", buffered=False)
    assert held.status_code == 200
    second = table.client.get(f"{url}/stream", buffered=False)
    assert second.status_code == 503 and second.headers["Retry-After"]
    second.close()
    held.close()  # the tablet left the page
    again = table.client.get(f"{url}/stream", buffered=False)
    assert again.status_code == 200
    again.close()


def test_a_stream_of_a_document_that_is_not_there_is_not_found(table):
    assert table.client.get("/campaigns/99/stream").status_code == 404


def streamed(table, page_url: str) -> str:
    """The stream a page names, checked to answer as one: every page that follows other tablets has one."""
    page = table.get(page_url).get_data(as_text=True)
    found = re.search(r'<div id="poll"[^>]*data-stream="([^"]+)"[^>]*hx-trigger="poll"', page)
    assert found, f"{page_url} names no stream"
    resp = table.client.get(found.group(1), buffered=False)
    try:
        assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    finally:
        resp.close()
    return found.group(1)


def test_every_page_that_follows_other_tablets_does_so_by_its_documents_stream(table, campaign, new_game):
    assert streamed(table, campaign) == f"{campaign}/stream"
    assert streamed(table, f"{campaign}/history").endswith("/stream")  # every campaign page, by its bar
    assert streamed(table, new_game.url) == f"{new_game.url}/stream"
    assert streamed(table, "/cards") == "/cards/stream"
    map_url = table.post("/maps", {"name": "Ruins", "layout": "pointy even", "columns": 6, "rows": 4},
                         htmx=False).headers["Location"]
    assert streamed(table, map_url) == f"{map_url}/stream"

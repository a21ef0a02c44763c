"""Tablets following a mission by its stream while another saves, through `companion serve` (issue 36, item 2).

Each held stream takes one of waitress's threads, so `companion serve --tablets N` keeps N for streams and
more for everything else. Eight tablets open the mission's stream, a slow client sends half a request and
stalls, and one tablet saves twenty times: every save is answered, every held stream is told the last
version, and a tablet past the number served is answered at once (503) and polls instead, its polls answered.
"""
from __future__ import annotations

import http.client
import re
import socket

import pytest

from . import load
from .server import Client, Server

FOLLOWERS = 8
SAVES = 20


class Follower:
    """A tablet's EventSource, by hand: the stream opened, its events read as they come."""

    def __init__(self, port: int, path: str, cookie: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream", "Cookie": cookie})
        self.resp = self.conn.getresponse()
        self.status = self.resp.status
        self.versions: list[int] = []

    def read_until(self, version: int) -> bool:
        """Events read until one says `version` (False when the stream ends first)."""
        while not self.versions or self.versions[-1] != version:
            line = self.resp.readline()
            if not line:
                return False
            found = re.match(rb"data: (\d+)", line)
            if found:
                self.versions.append(int(found.group(1)))
        return True

    def close(self) -> None:
        self.resp.close()
        self.conn.close()


def mission_version(client: Client, mission: int) -> int:
    status, page = client.get(f"/table/{mission}")
    assert status == 200
    return int(re.search(r'data-version="(\d+)"', page).group(1))


@pytest.mark.parametrize("tablets", [FOLLOWERS, 6], ids=["served-for-8", "served-for-6"])
def test_tablets_following_by_their_streams_never_keep_a_tablet_from_saving(tmp_path, tablets):
    server = Server(tmp_path / "instance", args=("--tablets", str(tablets))).start()
    followers: list[Follower] = []
    slow = None
    try:
        _, mission = load.set_up(server)
        saver = Client(server.port, timeout=10)
        first = mission_version(saver, mission)
        followers = [Follower(server.port, f"/table/{mission}/stream", saver.cookie) for _ in range(FOLLOWERS)]
        held = [f for f in followers if f.status == 200]
        refused = [f for f in followers if f.status != 200]
        assert len(held) == min(tablets, FOLLOWERS)
        # a tablet past the number served is told at once, and asks every second instead (static/js/app.js)
        assert [f.status for f in refused] == [503] * (FOLLOWERS - len(held))
        for f in held:
            assert f.read_until(first)  # each stream opens with the version now
        # a slow client: half a request, then nothing (waitress reads it without a thread)
        slow = socket.create_connection(("127.0.0.1", server.port))
        slow.sendall(b"GET /table/%d HTTP/1.1\r\nHost: 127.0.0.1\r\n" % mission)

        answers = []
        for n in range(SAVES):
            version = mission_version(saver, mission)
            status, _, _ = saver.post(f"/table/{mission}/do/hp", {"version": version, "figure": load.FIGURE,
                                                                  "delta": -1 if n % 2 == 0 else 1})
            answers.append(status)
        assert answers == [200] * SAVES
        last = mission_version(saver, mission)
        assert last == first + SAVES
        for f in held:
            assert f.read_until(last), "every held stream is told of the last save"
        for f in refused:  # its poll, asked with the version it shows, answers with the page
            status, _ = Client(server.port, timeout=10).get(f"/table/{mission}/poll?seen={first}")
            assert status == 200
    finally:
        for f in followers:
            f.close()
        if slow:
            slow.close()
        server.stop()

"""Other tablets told of a change as it is committed: one Server-Sent Events stream per document page.

The journal tells `Feed.publish` (kind, id, version) after every committed write (store/journal.py `listen`),
whatever the view; each stream waits on the feed and sends `event: changed` with the document's version, the
first one as soon as it opens. The tablet compares it with the version it shows and, only when they differ,
fetches the page by its poll (`?seen=`): a tablet that missed events catches up with one request. Every
HEARTBEAT_S without a change the version is sent again: a write to a tablet gone ends its stream at the latest
then, and the page, which never sees an SSE comment, knows by it that its stream is alive (static/js/app.js
reopens one silent for longer, polling meanwhile) and catches up on anything it missed.

Each held stream takes one of waitress's threads for as long as the tablet stays on the page, so the server
is sized for a number of tablets (`serving`): as many threads as tablets, plus WORKERS for everything else
(saves, pages, polls). A stream past that number is answered 503 at once, and that tablet polls instead
(static/js/app.js): a stream never keeps a tablet from saving. A waiting stream holds no database connection
nor lock: the version it starts from is read, and the connection closed, before the response begins.
"""
from __future__ import annotations

import threading
import time

from flask import Flask, Response, current_app, has_app_context, request

from ..store import journal

TABLETS = 8  # tablets served by `companion serve` unless --tablets says otherwise (README)
WORKERS = 4  # threads kept for every request that is not a stream, however many streams are held
HEARTBEAT_S = 15.0
LOOK_S = 1.0  # how often a waiting stream checks that its tablet is still there (waitress tells, see `serving`)
RETRY_MS = 2000  # the browser's own reconnection delay after a stream drops (EventSource `retry:`)


class Feed:
    """The newest version of every document changed since start-up, and the streams waiting for one to move."""

    def __init__(self, streams: int):
        self.streams = streams  # at most this many held at once
        self.held = 0
        self._versions: dict[tuple[str, int], int] = {}
        self._changed = threading.Condition()
        self.round = 0  # `drop` ends the streams of every earlier round

    def publish(self, kind: str, doc_id: int, version: int) -> None:
        with self._changed:
            self._versions[(kind, doc_id)] = version
            self._changed.notify_all()

    def wait(self, key: tuple[str, int], shown: int, timeout: float, round_: int) -> int | None:
        """The document's version once it differs from `shown`, `shown` after `timeout` seconds, or None once the
        streams of `round_` were dropped."""
        with self._changed:
            self._changed.wait_for(lambda: self._versions.get(key, shown) != shown or self.round != round_, timeout)
            return None if self.round != round_ else self._versions.get(key, shown)

    def drop(self) -> None:
        """End every stream open now, as a server going away does (each tablet polls, then opens another):
        before the server stops, so that no thread waits on a stream."""
        with self._changed:
            self.round += 1
            self._changed.notify_all()

    def hold(self) -> bool:
        with self._changed:
            if self.held >= self.streams:
                return False
            self.held += 1
            return True

    def let_go(self) -> None:
        with self._changed:
            self.held -= 1


class Stream:
    """The events of one held stream; `close` (called by the server however the stream ends, the tablet gone or
    the server stopping) gives its place back."""

    def __init__(self, feed: Feed, key: tuple[str, int], version: int, gone):
        self.feed, self.key, self.version, self.gone = feed, key, version, gone
        self.round = feed.round  # as the request came: a drop after it ends this stream too
        self.closed = False

    def __iter__(self):
        yield f"retry: {RETRY_MS}\nevent: changed\ndata: {self.version}\n\n"
        said = time.monotonic()
        while not (self.gone and self.gone()):
            now = self.feed.wait(self.key, self.version, LOOK_S, self.round)
            if now is None:
                return
            if now != self.version or time.monotonic() - said >= HEARTBEAT_S:
                self.version = now
                said = time.monotonic()
                yield f"event: changed\ndata: {now}\n\n"  # to a tablet gone, waitress raises: the stream ends

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.feed.let_go()


def respond(kind: str, doc_id, version: int) -> Response:
    """The stream of one document from `version` on, or 503 when the server holds all the streams it is sized for."""
    feed: Feed = current_app.extensions["feed"]
    if not feed.hold():
        refused = Response("Every stream is taken: this tablet asks every second instead.\n", status=503,
                           mimetype="text/plain")
        refused.headers["Retry-After"] = "30"
        return refused
    # waitress says whether the tablet closed the connection (channel_request_lookahead, see `serving`)
    events = Stream(feed, (kind, doc_id), version, request.environ.get("waitress.client_disconnected"))
    resp = Response(events, mimetype="text/event-stream")
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp


def _told(kind: str, doc_id: int, version: int) -> None:
    # a write outside a request (the command line, the bench) has no tablets to tell
    if has_app_context():
        feed = current_app.extensions.get("feed")
        if feed is not None:
            feed.publish(kind, doc_id, version)


def init_app(app: Flask) -> None:
    app.config.setdefault("TABLETS", TABLETS)
    app.extensions["feed"] = Feed(app.config["TABLETS"])
    journal.listen(_told)


def serving(app: Flask) -> dict:
    """waitress's options for this app: a thread per tablet's stream plus WORKERS, and a channel that stays
    readable while its request runs, so that a stream learns within LOOK_S that its tablet went away."""
    return {"threads": app.config["TABLETS"] + WORKERS, "channel_request_lookahead": 1}

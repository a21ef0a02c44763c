"""A game driven as the tablet drives it, a refusal checked, and the steps several game tests start from."""
from __future__ import annotations

import html
import re

from companion import db as dbmod
from companion.store import games as store
from helpers.bad_input import SCRIPT, shown_errors


class Table:
    """A test client that behaves like the tablet: CSRF token from the page, htmx headers."""

    def __init__(self, client):
        self.client = client
        self.token = None

    def get(self, url, **kw):
        resp = self.client.get(url, **kw)
        if resp.mimetype == "text/event-stream":  # a page's push stream holds its answer open: not read to its end
            resp.close()
            return resp
        m = re.search(r'name="csrf-token" content="([^"]+)"', resp.get_data(as_text=True))
        if m:
            self.token = m.group(1)
        return resp

    def post(self, url, data=None, htmx=True, **kw):
        if self.token is None:
            self.get("/")
        headers = {"X-CSRFToken": self.token, **({"HX-Request": "true"} if htmx else {}), **kw.pop("headers", {})}
        return self.client.post(url, data=data or {}, headers=headers, **kw)


def rewrite(app, change, game_id=1):
    """Put the game in the position a test needs (as a long play would reach it), recorded like any change."""
    from companion.games.frame import Outcome
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, game_id, lambda g: Outcome(change(g), "test position"))
    finally:
        db.conn.close()


def game_state(app, game_id=1):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, game_id)
    finally:
        db.conn.close()


class Game:
    """A Lost Empires game driven like the tablet does: every form carries the version it saw."""

    def __init__(self, app, table, url):
        self.app, self.table, self.url = app, table, url

    @property
    def row(self):
        return game_state(self.app, int(self.url.rsplit("/", 1)[1]))

    def do(self, action, data=None, status=200, form=None, **kw):
        path = f"{self.url}/{action}" if action in ("next", "back") else f"{self.url}/do/{action}"
        form = form or ("step" if action in ("next", "back") else action)
        resp = self.table.post(path, {"_form": form, "version": str(self.row.version), **(data or {})}, **kw)
        assert resp.status_code == status, resp.get_data(as_text=True)[:3000]
        return resp


def play(g, card, control=1, offense=2, defense=2, command=1, **extra):
    return g.do("play-unit", {"card": card, "control": str(control), "offense": str(offense),
                              "defense": str(defense), "command": str(command), **extra}, form="play")


def snapshot(app) -> tuple:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return (db.execute("SELECT id, kind, name, state, status, version, updated_at FROM games ORDER BY id").fetchall(),
                db.execute("SELECT id, game_id, description, diff, status FROM game_events ORDER BY id").fetchall())
    finally:
        db.conn.close()


def refused(app, g, action, data, label, *words, form=None):
    before = snapshot(app)
    path = f"{g.url}/{action}" if action in ("next", "back") else f"{g.url}/do/{action}"
    resp = g.table.post(path, {"_form": form or action, "version": str(g.row.version), **data})
    assert resp.status_code == 422, resp.get_data(as_text=True)[:2000]
    errors = {html.unescape(k): html.unescape(v) for k, v in shown_errors(resp).items()}
    assert label in errors, f"no message for {label!r}; shown: {errors}"
    for word in words:
        assert word in errors[label], f"{word!r} not in {errors[label]!r}"
    assert SCRIPT not in resp.get_data(as_text=True)
    assert snapshot(app) == before, "a refused request changed the database"


# Shattered Empires
def until(g, step, most=20):
    """Next until the game stands at `step`; a step that passed by itself (issue 38) is never reached: fail."""
    for _ in range(most):
        if g.row.state.step == step:
            return
        g.do("next")
    raise AssertionError(f"{most} Nexts and still not at {step!r}: at {g.row.state.step!r}")


# Suriya 162
def su_next(g, **kw):
    """Next in a Suriya 162 game as a table presses it: in an applied Income Phase the card gained (3.2 is
    mandatory, docs/rules.md), which ends the turn by itself (nothing is left to decide, issue 38); else Next."""
    st = g.row.state
    if st.stage == "play" and st.phase == "income" and st.applied and not st.gained:
        return g.do("gain", {"source": "central"}, **kw)
    return g.do("next", **kw)


def space_id(g, name):
    return next(s.id for s in g.row.state.spaces if s.name == name)


def set_up(g):
    g.do("roll", {"damage_1": "2", "damage_2": "1"})
    g.do("faction", {"player": "0", "faction": "Noah's Ark"})
    g.do("faction", {"player": "1", "faction": "Scarab"})
    for shown, picks in ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"),
                          (("Forest", ""), ("Lagoon", "1"), ("Desert", ""), ("Plateau", "1"))),
                         (("Mine", "Mine", "Forest", "Desert", "Plateau"),
                          (("Mine", ""), ("Mine", ""), ("Forest", ""), ("Desert", "")))):
        g.do("tiles", {f"tile_{i + 1}": t for i, t in enumerate(shown)})
        for t, high in picks:
            g.do("place", {"terrain": t, **({"high": high} if high else {})})
    g.do("next")
    return g

"""A stored document that cannot be read back, said in the app's words: its page (HTTP 409), its mark on the home
page, and the newest backup that still holds it readable.

store.journal.DamagedDocument is raised by every read of the document (its page, its History, a poll, an undo or
redo, an export); `answer` is its one handler (web/answers.py registers it). The documents found damaged (by the
start-up check, web/database.py, or by a request since) are kept in `app.extensions["damaged"]`, each read again
when the home page lists it, so a restore or a repair takes it off the list.

Why 409 Conflict and not a 5xx: the request was sound and the server is working; the one document's stored state
conflicts with what this app can read back, as a stale version conflicts with the page a tablet holds. A 5xx would
tell the tablet the companion broke (app.js says "the server refused the change (500)" and htmx swaps nothing),
while 409 is swapped like every other conflict (base.html's htmx-config), so a poll, an undo or a tap on that
document's page shows these words in place, and nothing else of the table is affected.
"""
from __future__ import annotations

from pathlib import Path

from flask import current_app, url_for

from ..store import readback
from ..store.journal import DamagedDocument
from .database import get_db
from .render import is_htmx, respond

DAMAGED = 409  # see the module's docstring
WORDS = {"campaign": "campaign", "game": "game", "mission": "mission", "map": "map", "cards": "card library"}


def kept() -> dict:
    return current_app.extensions.setdefault("damaged", {})


def url(exc: DamagedDocument) -> str:
    """The document's own page, which answers these words while it stays damaged."""
    endpoint = {"campaign": ("campaigns.show", "campaign_id"), "game": ("games.show", "game_id"),
                "mission": ("mission_table.show", "mission_id"), "map": ("maps.show", "map_id")}.get(exc.kind)
    return url_for(endpoint[0], **{endpoint[1]: exc.doc_id}) if endpoint else url_for("cards.index")


def listed() -> list[DamagedDocument]:
    """The documents known to be damaged, each as it stands now (one read each: there are none, or a few)."""
    found = []
    for key, exc in list(kept().items()):
        now = readback.still_damaged(get_db(), exc)
        if now is None:
            kept().pop(key, None)
        else:
            kept()[key] = now
            found.append(now)
    return sorted(found, key=lambda e: (list(WORDS).index(e.kind) if e.kind in WORDS else 99, e.doc_id))


def answer(exc: DamagedDocument):
    """The damaged document's page: which one, what is wrong, and the backups (the newest holding it readable)."""
    kept()[(exc.kind, exc.doc_id)] = exc
    clean = readback.last_readable(Path(current_app.config["DATABASE"]), exc.kind, exc.doc_id)
    resp = respond("damaged.html", {"exc": exc, "kind": WORDS.get(exc.kind, exc.kind), "clean": clean}, DAMAGED)
    if is_htmx():  # a poll or a tap of that page's: the whole page becomes the words, whatever it targeted
        resp.headers["HX-Retarget"] = "#main"
        resp.headers["HX-Reswap"] = "outerHTML"
    return resp

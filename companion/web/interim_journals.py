"""Until store/journal.py lands: each store seen through the journal's interface (change, undo, redo, history,
version), so the one command path (commands.py) can call every area the same way. Goes when the stores'
JOURNAL objects arrive."""
from __future__ import annotations

from types import SimpleNamespace

from ..store import campaigns, games, maps, mission_table
from ..store import cards as card_store
from ..store.documents import CARDS, MAPS

CAMPAIGNS = SimpleNamespace(
    change=lambda db, doc_id, command, seen_version=None, request_id=None: campaigns.change(db, doc_id, command),
    undo=lambda db, doc_id, request_id=None: campaigns.undo(db, doc_id),
    redo=lambda db, doc_id, request_id=None: campaigns.redo(db, doc_id),
    history=lambda db, doc_id, page=1: campaigns.history(db, doc_id, page=page),
)


def _logged(store):
    return SimpleNamespace(
        change=lambda db, doc_id, command, seen_version=None, request_id=None: store.change(
            db, doc_id, seen_version, command, request_id=request_id),
        undo=store.undo, redo=store.redo, version=store.version,
        history=lambda db, doc_id, page=1: store.events(db, doc_id, page=page))


GAMES = _logged(games)
MISSIONS = _logged(mission_table)

MAPS_JOURNAL = SimpleNamespace(
    change=lambda db, doc_id, command, seen_version=None, request_id=None: maps.edit(db, doc_id, command),
    undo=lambda db, doc_id, request_id=None: MAPS.undo(db, doc_id),
    redo=lambda db, doc_id, request_id=None: MAPS.redo(db, doc_id),
)

CARDS_JOURNAL = SimpleNamespace(
    undo=lambda db, doc_id, request_id=None: CARDS.undo(db, card_store.library_id(db)),
    redo=lambda db, doc_id, request_id=None: CARDS.redo(db, card_store.library_id(db)),
)

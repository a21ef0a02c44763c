"""The base of every undoable document's page context: what its bottom bar shows, read from its journal."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..store.journal import Entry, Journal
from .database import get_db
from .render import form_state


@dataclass(frozen=True, kw_only=True)
class DocumentPage:
    """What templates/_bottom_bar.html reads: undo, redo and the last change (the document's `Journal.status`),
    whether the last tap was saved (`form_errors`, `conflict`) and a refused form's state. Every undoable
    document's page context extends it: CampaignFrame, GameFrame, MissionPage, MapEditorPage, CardsPage."""

    can_undo: bool
    can_redo: bool
    last_change: Entry | None
    seen_version: int | None = None  # the document's version as drawn: undo and redo carry it (stale: 409)
    conflict: str | None = None
    active_form: str | None = None
    form_errors: dict = field(default_factory=dict)
    form_values: dict = field(default_factory=dict)


def document_state(journal: Journal, doc_id: int, errors: dict | None = None, conflict: str | None = None) -> dict:
    """A DocumentPage's fields by name: `Page(**document_state(JOURNAL, id, errors, conflict), own fields)`."""
    status = journal.status(get_db(), doc_id)
    return {"can_undo": status.can_undo, "can_redo": status.can_redo, "last_change": status.last_change,
            "seen_version": status.version, "conflict": conflict, **form_state(errors)}

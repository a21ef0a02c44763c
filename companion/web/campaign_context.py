"""What every page inside a campaign shows: the campaign, undo/redo, the last change."""
from __future__ import annotations

from flask import abort

from ..store import campaigns as store
from .database import get_db
from .render import content, form_state


def base_context(campaign_id: int, back: str, errors=None, result=None, conflict=None) -> dict:
    db = get_db()
    try:
        row = store.get(db, campaign_id)
    except store.NotFound:
        abort(404)
    can_undo, can_redo = store.can_undo_redo(db, campaign_id)
    last, _ = store.history(db, campaign_id, page=1, size=1)
    return {
        "campaign_id": campaign_id, "row": row, "c": row.campaign, "content": content(),
        "can_undo": can_undo, "can_redo": can_redo, "last_change": last[0] if last else None,
        "result": result, "conflict": conflict, "back": back, **form_state(errors),
    }

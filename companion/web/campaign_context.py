"""What every page inside a campaign shows: the campaign, undo/redo, the last change."""
from __future__ import annotations

from flask import abort

from ..store import campaigns as store
from .database import get_db
from .render import content, form_state, respond


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


def page_renderer(template: str, builder):
    """`page(*ids)(status=200, **kw)`: `template` rendered from `builder(*ids, **kw)`.

    One context builder feeds the full page and its htmx fragment alike.
    """
    def page(*ids):
        def render(status: int = 200, **kw):
            return respond(template, builder(*ids, **kw), status)
        return render
    return page

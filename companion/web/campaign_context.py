"""What every page inside a campaign shows (the campaign, undo/redo, the last change), and the campaign as an
area of the one command path (commands.Area): its journal, its sheet, and the page an undo was pressed on."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import url_for

from ..store import campaigns as store
from .commands import Area
from .database import get_db
from .render import content, form_state, respond


@dataclass(frozen=True, kw_only=True)
class CampaignFrame:
    """What every page inside a campaign shows; each page's context is a subclass adding its own fields."""

    campaign_id: int
    row: store.CampaignRow
    c: Any  # the Campaign
    content: Any  # the campaign content (planets, missions, classes)
    can_undo: bool
    can_redo: bool
    last_change: Any
    result: Any = None
    conflict: str | None = None
    back: str  # the page's name, sent with undo/redo so the answer is this page again
    active_form: str | None = None
    form_errors: dict = field(default_factory=dict)
    form_values: dict = field(default_factory=dict)


def base_context(campaign_id: int, back: str, errors=None, result=None, conflict=None) -> dict:
    """A CampaignFrame's fields by name: `Page(**base_context(...), page's own fields)`."""
    db = get_db()
    row = store.get(db, campaign_id)  # store.NotFound: answered 404 by web/answers.py
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


def page_for(campaign_id: int, back: str):
    """The renderer of the campaign page an undo/redo button was pressed on (the bar's `back` field)."""
    from . import aboard, campaigns, characters, missions

    if back.startswith("character:"):
        return characters.page(campaign_id, back.split(":", 1)[1])
    pages = {"missions": missions.page, "aboard": aboard.page, "history": campaigns.history_page}
    return pages.get(back, campaigns.page)(campaign_id)


def _sheet(campaign_id: int, status: int = 200, **kw):
    from .campaigns import page

    return page(campaign_id)(status, **kw)


CAMPAIGN = Area("campaign", store.JOURNAL, page=_sheet,
                url=lambda campaign_id: url_for("campaigns.show", campaign_id=campaign_id),
                versioned=False,  # its forms carry the campaign's or the character's own version: the rules check it
                page_for=page_for)

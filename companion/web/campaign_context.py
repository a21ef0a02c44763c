"""What every page inside a campaign shows (the campaign, undo/redo, the last change), and the campaign as an
area of the one command path (commands.Area): its journal, its sheet, and the page an undo was pressed on.

Each campaign page's module registers its page here at import (`register_page`), so an undo answers with the
page it was pressed on without this module importing any of them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask import url_for

from ..store import campaigns as store
from .commands import Area
from .database import get_db
from .pages import DocumentPage, document_state
from .render import content, respond

SHEET = "campaign"  # the campaign sheet's page name: the answer when the bar names no page known here


@dataclass(frozen=True, kw_only=True)
class CampaignFrame(DocumentPage):
    """What every page inside a campaign shows; each page's context is a subclass adding its own fields."""

    campaign_id: int
    row: store.CampaignRow
    c: Any  # the Campaign
    content: Any  # the campaign content (planets, missions, classes)
    result: Any = None
    back: str  # the page's name, sent with undo/redo so the answer is this page again


def base_context(campaign_id: int, back: str, errors=None, result=None, conflict=None) -> dict:
    """A CampaignFrame's fields by name: `Page(**base_context(...), page's own fields)`."""
    row = store.JOURNAL.get(get_db(), campaign_id)  # store.NotFound: answered 404 by web/answers.py
    return {"campaign_id": campaign_id, "row": row, "c": row.campaign, "content": content(), "result": result,
            "back": back, **document_state(store.JOURNAL, campaign_id, errors, conflict)}


def page_renderer(template: str, builder):
    """`page(*ids)(status=200, **kw)`: `template` rendered from `builder(*ids, **kw)`.

    One context builder feeds the full page and its htmx fragment alike.
    """
    def page(*ids):
        def render(status: int = 200, **kw):
            return respond(template, builder(*ids, **kw), status)
        return render
    return page


@dataclass(frozen=True)
class Registered:
    page: Callable[..., Any]  # page(campaign_id[, key]) -> renderer
    keyed: bool  # its name in the bar is "name:<key>" (a character's sheet: "character:<character id>")


PAGES: dict[str, Registered] = {}


def register_page(name: str, page, keyed: bool = False) -> None:
    """Called by each campaign page's module at import: `name` is the `back` its bar sends with undo/redo."""
    PAGES[name] = Registered(page, keyed)


def page_for(campaign_id: int, back: str):
    """The renderer of the campaign page an undo/redo button was pressed on (the bar's `back` field)."""
    name, colon, key = back.partition(":")
    found = PAGES.get(name)
    if found is None or found.keyed != bool(colon):
        return PAGES[SHEET].page(campaign_id)
    return found.page(campaign_id, key) if found.keyed else found.page(campaign_id)


def _sheet(campaign_id: int, status: int = 200, **kw):
    return page_for(campaign_id, SHEET)(status, **kw)


CAMPAIGN = Area("campaign", store.JOURNAL, page=_sheet,
                url=lambda campaign_id: url_for("campaigns.show", campaign_id=campaign_id),
                versioned=False,  # its forms carry the campaign's or the character's own version: the rules check it
                page_for=page_for)

"""One command path for every undoable document the web shows (campaigns, games, missions, maps, cards).

A view names its area, the form and the engine command; `run` parses the form, changes the document through
the area's journal in one transaction, and answers with the page (or, for htmx, its fragment). Nothing here
catches a refusal: a bad form, a rule's refusal, a stale version, a retried request or a missing document
propagates to the error handlers registered once (web/answers.py), which answer with the page named by
`answer_with` for this request. Undo, redo, poll, the stream that tells other tablets of a change (web/stream.py)
and the log are routes every area gets from `history_routes`.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from flask import Blueprint, g, request
from marshmallow import ValidationError

from ..schemas.fields import REQUEST_ID, text
from ..schemas.fields import version as version_field
from ..db import immediate
from ..schemas.forms.base import FormSchema
from ..store.journal import applied
from .bounds import whole
from . import stream
from .database import close_db, get_db
from .render import as_dict, go, is_htmx, parse, poll_response, respond

Page = Callable[..., Any]  # page(status=200, errors=None, result=None, conflict=None) -> response


@dataclass(frozen=True)
class Notice:
    """What the table is told after an undo, a redo or a retried request: one sentence, shaped like the engines'
    results (`description`, `reasons`) so every page's result panel shows it."""

    description: str
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True)
class Area:
    """One kind of document as the web shows it.

    `journal` keeps it (store/journal.py: change, undo, redo, history, status, version); `page(doc_id, status=200,
    **kw)` renders its page; `url(doc_id)` is that page's address, where a plain (non-htmx) post is sent back;
    `field(exc)` names a refusal's field the way this page's forms do; `versioned` says whether its forms carry
    the version the device saw (the campaigns' forms carry their document's own, which the rules check)."""

    name: str
    journal: Any
    page: Callable[..., Any]
    url: Callable[[Any], str]
    field: Callable[[Exception], str] = lambda exc: getattr(exc, "field", "")
    versioned: bool = True
    page_for: Callable[[Any, str], Page] | None = None  # the page an undo/redo was pressed on (the "back" field)

    def bound(self, doc_id) -> Page:
        return partial(self.page, doc_id)


@dataclass(frozen=True)
class Answering:
    """The page that answers this request when a handler must (a refusal, a conflict, a retry)."""

    page: Page
    url: str | None = None
    field: Callable[[Exception], str] = lambda exc: getattr(exc, "field", "")


def answer_with(page: Page, url: str | None = None, field=None) -> None:
    """Name the page the error handlers re-render for this request (with the field names it uses)."""
    g.answering = Answering(page, url, field or Answering.field)


def answering() -> Answering | None:
    return g.get("answering")


UNSIGNED = {"csrf_token", "request_id"}  # what a send again may carry differently from the first
RELOAD = "The form is damaged or old; reload the page."


def fingerprint() -> str:
    """What this request asks, whatever its request id: the path, the form's fields (sorted) and its files. The journal keeps
    it with the id, so the same id sent with another body is refused (journal.ReusedRequest), not "already saved"."""
    fields = sorted((k, v) for k, values in request.form.lists() if k not in UNSIGNED for v in values)
    files = []
    for name, upload in request.files.items(multi=True):  # an import: the file's content, read and put back
        files.append((name, upload.filename, hashlib.sha256(upload.read()).hexdigest()))
        upload.seek(0)
    return hashlib.sha256(repr((request.path, fields, sorted(files))).encode("utf-8", "surrogatepass")).hexdigest()


def seen_version(form) -> int:
    """The version the device saw: every change and every undo or redo carries it, so a stale page never
    overwrites or steps back another tablet's newer change. A form without one was not drawn by this app."""
    version = getattr(form, "version", None)
    if version is None:
        raise ValidationError({"version": RELOAD})
    return version


def run(area: Area, doc_id, schema, command, *, page: Page | None = None, url: str | None = None, after=None,
        also=None):
    """Parse `schema`, run `command(document, form)` through the area's journal, answer with the page.

    A refusal raised anywhere on the way reaches the error handlers, which re-render `page` (the area's page
    by default) with the message; `also(form, result)` writes what goes with the change (another journal's
    entry) in the same transaction, after it and only if it went through (a retried request goes no further
    than the journal's check); `after(result)` runs once the change is saved (a backup)."""
    page = page or area.bound(doc_id)
    url = url or area.url(doc_id)
    answer_with(page, url, area.field)
    form = parse(schema)
    db = get_db()
    with immediate(db):
        result = area.journal.change_within(db, doc_id, lambda doc: command(doc, form),
                                            seen_version=seen_version(form) if area.versioned else None,
                                            request_id=getattr(form, "request_id", None), fingerprint=fingerprint())
        if also:
            also(form, result)
    if after:
        after(result)
    if not is_htmx():
        return go(url)
    return page(result=result)


class RequestForm(FormSchema):
    """Only the request id a form was drawn with (FormSchema's): for a form whose fields another parser reads."""


class StepForm(RequestForm):
    """Undo or redo: the request id it was drawn with, the version the device saw (templates/_bottom_bar.html)
    and (campaigns) the page it was pressed on."""

    back = text(max_len=80, required=False)  # an unknown page name answers with the area's page
    version = version_field()


def back_here() -> str | None:
    """The page a plain (non-htmx) undo was pressed on, to send the tablet back to: only one of this app's."""
    here = request.referrer
    return here if here and here.startswith(request.host_url) else None


JOURNALS: dict[str, Any] = {}  # kind -> journal, of every area history_routes registered


def request_status(request_id: str):
    """Whether the request `request_id` was applied, and what it did: asked by a tablet that sent it and got no
    answer (static/js/app.js), so it can say "saved" or offer to send it again, never guess."""
    if not REQUEST_ID.fullmatch(request_id):
        return {"applied": False, "what": ""}, 404
    done = applied(get_db(), request_id)
    if done is None:
        return {"applied": False, "what": ""}
    journal = JOURNALS.get(done["kind"])
    return {"applied": True, "what": journal.said(get_db(), done) if journal else ""}


def with_log_page(area: Area, doc_id, ctx) -> dict:
    """`ctx` with one page of the document's log (?page=, newest first) and whether an older page exists."""
    ctx = dict(as_dict(ctx))
    ctx["page_no"] = max(1, request.args.get("page", 1, type=whole))
    ctx["entries"], ctx["older"] = area.journal.history(get_db(), doc_id, page=ctx["page_no"])
    return ctx


def history_routes(bp: Blueprint, area: Area, prefix: str = "", *, log: str | None = "/log",
                   log_template: str | None = None, log_context=None, poll: bool = False,
                   doc_id: Callable[[], Any] | None = None) -> None:
    """Register undo, redo (and poll, and the log page) on `bp` for `area`, once for all its documents.

    `prefix` is the document's part of the path ("/<int:game_id>"); `doc_id()` finds the document when the path
    carries no id (the table's one card library); the log page is `log_template` drawn from
    `log_context(doc_id)` plus the page's entries; a poll answers 204 while the version the device shows is
    the current one, and is asked only when the stream (`poll` gives one too) says the version moved, or while
    the stream is down."""

    JOURNALS[area.journal.kind] = area.journal

    def doc_id_of(kw):
        return doc_id() if doc_id else next(iter(kw.values()), None)

    def step(which: str, **kw):
        doc_id = doc_id_of(kw)
        back = request.form.get("back") or ""
        page = area.page_for(doc_id, back) if area.page_for else area.bound(doc_id)
        url = back_here() or area.url(doc_id)
        answer_with(page, url, area.field)
        form = parse(StepForm)
        description = getattr(area.journal, which)(get_db(), doc_id, seen_version=seen_version(form),
                                                   request_id=form.request_id, fingerprint=fingerprint())
        if not is_htmx():
            return go(url)
        verb = "Undid" if which == "undo" else "Redid"
        if not description:
            return page(result=Notice(f"Nothing to {which}."))
        # the state now, said beside what was stepped: after undoing a win the table reads where the game is
        now = area.journal.status(get_db(), doc_id).last_change if which == "undo" else None
        return page(result=Notice(f"{verb}: {description}" + (f" — now in effect: {now.description}" if now else "")))

    def undo(**kw):
        return step("undo", **kw)

    def redo(**kw):
        return step("redo", **kw)

    bp.add_url_rule(f"{prefix}/undo", "undo", undo, methods=["POST"])
    bp.add_url_rule(f"{prefix}/redo", "redo", redo, methods=["POST"])

    if poll:
        def poll_view(**kw):
            """A second device asks every second; only a changed document sends the page again."""
            doc_id = doc_id_of(kw)
            back = request.args.get("back") or ""  # a campaign page polls as itself (its bar's `back`)
            page = area.page_for(doc_id, back) if area.page_for else area.bound(doc_id)
            return poll_response(area.journal.version(get_db(), doc_id), page)

        bp.add_url_rule(f"{prefix}/poll", "poll", poll_view)

        def stream_view(**kw):
            """The document's version now and on every change, for as long as the tablet stays on its page."""
            doc_id = doc_id_of(kw)
            version = area.journal.version(get_db(), doc_id)
            close_db()  # a held stream keeps no connection open
            return stream.respond(area.journal.kind, doc_id, version)

        bp.add_url_rule(f"{prefix}/stream", "stream", stream_view)

    if log and log_template:
        def log_view(**kw):
            doc_id = doc_id_of(kw)
            return respond(log_template, with_log_page(area, doc_id, log_context(doc_id)))

        bp.add_url_rule(f"{prefix}{log}", log.strip("/"), log_view)

"""What the table is told when a command does not go through: the error handlers, registered once.

Views do not catch these; the page that answers is the one the view named (commands.answer_with):
- a bad form (marshmallow's ValidationError) or a rule's refusal (errors.RuleError, the base of every engine's
  error): 422, the page re-rendered with the message under the field it names (and the rulebook page, if set);
- a stale version (another device saved first): 409, the page with the current state and the conflict said;
- a request already applied (a retry whose answer was lost): 200, the current state and a note; its id sent
  with another body or for another document (a stale or damaged page): 409, reload;
- a document that is not there: 404;
- a stored document that cannot be read back (store.journal.DamagedDocument: flipped bytes in its JSON, a bad
  shape, a value its codec refuses): 409, the app's page naming it, what is wrong and the backups
  (web/damage.py, which says why 409 and never a 5xx), whatever the request was (its page, a poll, an undo, an
  export);
- a full disk (SQLite's SQLITE_FULL, the system's ENOSPC): 507, the page as it is with the app's own message;
  reads go on being served.
"""
from __future__ import annotations

import sqlite3

from flask import Flask, current_app, render_template
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.exceptions import NotFound as HttpNotFound

from ..db import disk_full
from ..errors import RuleError
from ..phantom.campaign import StaleVersion
from ..store.journal import AlreadyApplied, DamagedDocument, NotFound, ReusedRequest, Stale
from ..store.mission_table import AlreadyRecorded
from . import damage
from .commands import Notice, answering
from .render import flat_errors, go, is_htmx


def said(exc: RuleError) -> str:
    """The refusal's message, with the rulebook page that decides it when the engine named one."""
    if not exc.page or f"p.{exc.page}" in exc.message or exc.page in exc.message:
        return exc.message
    return f"{exc.message} (p.{exc.page})" if str(exc.page)[:1].isdigit() else f"{exc.message} ({exc.page})"


def on_page(at, **kw):
    """The answering page re-rendered; a form sent for a document that is not there (deleted on another device,
    or a made-up id) is a 404 whatever else was wrong with it, and one that no longer reads back is its damage
    page (409), never a 500 from the page it can't draw."""
    try:
        return at.page(**kw)
    except NotFound:
        return not_found(None)
    except DamagedDocument as exc:  # a form refused for a document that no longer reads back: the damage is said
        return damage.answer(exc)
    except HTTPException as exc:  # the page itself said 404 (a character that is not in the campaign)
        return current_app.handle_http_exception(exc)


DISK_FULL = "The laptop's disk is full — nothing was saved. Free some space on it, then try again."
INSUFFICIENT_STORAGE = 507


def refused(errors: dict):
    at = answering()
    if at is None:
        return render_template("error.html", title="Not saved",
                               message=" ".join(f"{k}: {v}" if k else v for k, v in errors.items())), 422
    return on_page(at, status=422, errors=errors)


def bad_form(exc: ValidationError):
    return refused(flat_errors(exc.messages) if isinstance(exc.messages, dict) else {"": " ".join(exc.messages)})


def rule_refused(exc: RuleError):
    at = answering()
    field = at.field(exc) if at else exc.field
    return refused({field: said(exc)})


def stale(exc):
    at = answering()
    if at is None:
        return render_template("error.html", title="Not saved", message=exc.message), 409
    return on_page(at, status=409, conflict=exc.message)


def already_applied(exc):
    at = answering()
    if at is None:
        return render_template("error.html", title="Saved", message=exc.message), 200
    if not is_htmx() and at.url:
        return go(at.url)
    return on_page(at, result=Notice(exc.message))


def not_found(_exc):
    return current_app.handle_http_exception(HttpNotFound())


def full(exc: Exception):
    """Nothing of the write was kept (its transaction rolled back); any other database or system error is not
    this handler's to answer."""
    if not disk_full(exc):
        raise exc
    at = answering()
    if at is None:
        return render_template("error.html", title="Not saved", message=DISK_FULL), INSUFFICIENT_STORAGE
    return on_page(at, status=INSUFFICIENT_STORAGE, conflict=DISK_FULL)  # said over the page, as a conflict is


def init_app(app: Flask) -> None:
    app.register_error_handler(ValidationError, bad_form)
    app.register_error_handler(RuleError, rule_refused)
    for exc in (Stale, StaleVersion, AlreadyRecorded, ReusedRequest):  # StaleVersion is a RuleError too: the nearer handler wins
        app.register_error_handler(exc, stale)
    app.register_error_handler(AlreadyApplied, already_applied)
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(DamagedDocument, damage.answer)
    app.register_error_handler(sqlite3.OperationalError, full)
    app.register_error_handler(OSError, full)

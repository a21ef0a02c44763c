"""The rule behind a page reference: each game's Rules page (its summaries searched, its keywords, Phantom Epoch's
conditions and hazards), the summary a citation opens, and `cite`, the filter that makes every citation in a
reason or refusal a tap target.

The summaries are data/rules/<game>.json (companion/schemas/content/rules.py), read and checked at start-up.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, abort, current_app, make_response, render_template, request, url_for
from jinja2 import pass_context
from markupsafe import Markup, escape

from ..phantom.mapview import HAZARD_MARK, badge
from ..schemas.content.base import ContentError
from ..schemas.content.rules import RuleBook, load_rule_books
from .render import is_htmx

bp = Blueprint("rules", __name__, url_prefix="/rules")

DEFAULT_GAME = "phantom-epoch"  # the campaign pages, missions and cards cite Phantom Epoch's rulebook
QUERY_MAX = 80


def books() -> dict[str, RuleBook]:
    return current_app.extensions["rule_books"]


def book_of(game: str) -> RuleBook:
    found = books().get(game)
    if found is None:
        abort(404)
    return found


@pass_context
def cite(ctx, text, game: str | None = None) -> Markup:
    """`text` escaped, each citation of the game's book in it a button opening that rule's summary in the page's
    rule panel (templates/base.html). The game is the one named, else the page's (a game's row), else Phantom
    Epoch."""
    if text is None:
        return Markup("")
    book = books().get(game or _page_game(ctx))
    if book is None:  # a game added without summaries yet: its citations stay text
        return escape(text)
    text = str(text) if not isinstance(text, Markup) else text
    out, at = [], 0
    for c in book.citations(text):
        before, button = text[at:c.start], _button(book, c.ref, text[c.start:c.end])
        if before.endswith("(") and text[c.end:c.end + 1] == ")":
            # the brackets on one line with their button: a line may break before a button, leaving "(" behind
            out += [escape(before[:-1]), Markup('<span class="cited">(') + button + Markup(")</span>")]
            at = c.end + 1
        else:
            out += [escape(before), button]
            at = c.end
    out.append(escape(text[at:]))
    return Markup("").join(out)


def _page_game(ctx) -> str:
    return getattr(ctx.get("row"), "kind", None) or DEFAULT_GAME  # a game page's row names its game


def _button(book: RuleBook, ref: str, label: str) -> Markup:
    """The tap target: it opens the rule panel and loads the summary into it. `data-poll` marks a request that
    saves nothing, as a version poll is (static/js/app.js): the save state stays as it was and a look-up never
    races a change sent from this device."""
    url = url_for("rules.summary", game=book.game, ref=ref)
    where = (f"pages {ref}" if "-" in ref else f"page {ref}") if book.cites == "page" else ref
    # The name begins with the text shown, then says what a tap opens: voice control taps a button by what it
    # reads on it (WCAG 2.5.3, label in name).
    return Markup('<button type="button" class="cite" popovertarget="rule-pop" hx-get="{}" hx-target="#rule-pop-body"'
                  ' hx-swap="innerHTML" data-poll aria-label="{}">{}</button>').format(
        url, f"{label}: what the rule on {where} says", label)


@bp.get("")
def choose():
    return render_template("rules/choose.html", books=books())


@bp.get("/<game>")
def index(game: str):
    book = book_of(game)
    query = request.args.get("q", "")[:QUERY_MAX].strip()
    found = book.search(query) if query else book.rules
    ctx = {"book": book, "query": query, "found": found}
    if is_htmx() and request.headers.get("HX-Target") == "rule-list":
        return _varied(render_template("rules/_list.html", **ctx))
    return _varied(render_template("rules/index.html", **ctx, **_phantom_lists(game)))


@bp.get("/<game>/<ref>")
def summary(game: str, ref: str):
    """What a citation opens: its summaries as a fragment for the rule panel, or a page of their own."""
    book = book_of(game)
    ctx = {"book": book, "ref": ref, "found": book.at(ref)}
    return _varied(render_template("rules/_summary.html" if is_htmx() else "rules/summary.html", **ctx))


def _varied(html: str):
    """A fragment for htmx and a page otherwise, from one address: a cache keeps them apart."""
    resp = make_response(html)
    resp.vary.update(("HX-Request", "HX-Target"))
    return resp


def _phantom_lists(game: str) -> dict:
    """The conditions and hazards with the marks the map draws for them (Phantom Epoch only)."""
    if game != DEFAULT_GAME:
        return {"conditions": (), "hazards": ()}
    files = current_app.extensions["phantom_files"]
    conditions = [{**c, "icon": badge(c["name"])} for c in files["conditions.json"]["conditions"]]
    hazards = [{**h, "icon": HAZARD_MARK[h["name"]]} for h in files["hazards.json"]["hazards"]]
    return {"conditions": conditions, "hazards": hazards}


def init_app(app: Flask) -> None:
    folder = Path(app.config["DATA_DIR"]) / "rules"
    app.extensions["rule_books"] = load_rule_books(folder)
    if DEFAULT_GAME not in app.extensions["rule_books"]:  # the campaign pages and the mission table cite it
        raise ContentError(f"{folder / (DEFAULT_GAME + '.json')}: file is missing")
    app.jinja_env.filters["cite"] = cite
    # A game added with no summaries yet (data/rules/<game>.json) has no Rules page to link to.
    app.jinja_env.globals["has_rules"] = lambda game: game in app.extensions["rule_books"]

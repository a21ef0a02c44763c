"""The game frame: new game, the game page with its stepper, actions, undo/redo, log, results, export."""
from __future__ import annotations

import random
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, url_for
from marshmallow import ValidationError

from ..db import now
from ..games.frame import GameError, Outcome, new_players
from ..kits import KITS, RULES
from ..kits.forms import GameForm
from ..kits.game_file import dump_game_file, load_game_file
from ..kits.new_game import NewGameForm
from ..store import backups
from ..store import games as store
from . import home
from .bounds import whole
from .database import get_db
from .render import LABELS, flat_errors, form_state, go, is_htmx, parse, poll_response, respond

bp = Blueprint("games", __name__, url_prefix="/games")
PAGES = {key: kit.page for key, kit in KITS.items()}  # each game's template, context and actions


def rng() -> random.Random:
    """Set-up's random deal; GAME_SEED (tests only) makes it repeatable."""
    seed = current_app.config.get("GAME_SEED")
    return random.SystemRandom() if seed is None else random.Random(seed)


def content(kind: str):
    return current_app.extensions["game_content"][kind]


def _row(game_id: int):
    try:
        return store.get(get_db(), game_id)
    except store.NotFound:
        abort(404)


def context(game_id: int, errors=None, result=None, conflict=None) -> dict:
    db = get_db()
    row = _row(game_id)
    can_undo, can_redo = store.can_undo_redo(db, game_id)
    last, _ = store.events(db, game_id, size=1)
    ctx = {"game_id": game_id, "row": row, "g": row.state, "step": row.rules.current_step(row.state),
           "verdict": row.rules.verdict(row.state), "can_undo": can_undo, "can_redo": can_redo,
           "last_change": last[0] if last else None, "result": result, "conflict": conflict, **form_state(errors)}
    game = PAGES[row.kind].context(row.state, content(row.kind))
    return {**ctx, **game, "game_dir": KITS[row.kind].templates,
            "labels": {**LABELS, **game.get("labels", {})}}  # a game's own labels over the shared ones


def page(game_id: int, status: int = 200, **kw):
    ctx = context(game_id, **kw)
    return respond(PAGES[ctx["row"].kind].TEMPLATE, ctx, status)


def perform(game_id: int, schema, command):
    """Parse, run `command(state, form) -> Outcome` in one transaction, answer with the game page.

    422 with the message for bad input or a refused rule, 409 with the current
    state when another device saved first, the current state (200) when this
    very request was applied before and only its answer was lost.
    """
    try:
        form = parse(schema)
    except ValidationError as exc:
        return page(game_id, 422, errors=flat_errors(exc.messages))
    try:
        result = store.change(get_db(), game_id, form.version, lambda state: command(state, form),
                              request_id=form.request_id)
    except store.NotFound:
        abort(404)
    except store.AlreadyApplied as exc:
        return already_applied(game_id, exc)
    except store.StaleGame as exc:
        return page(game_id, 409, conflict=exc.message)
    except GameError as exc:
        return page(game_id, 422, errors={exc.field: exc.message})
    if not is_htmx():
        return go(url_for(".show", game_id=game_id))
    return page(game_id, result=result)


@bp.post("/new")
def new():
    try:
        form = parse(NewGameForm)
        players = new_players(*seats(form))
        rules = RULES[form.game]
        state = rules.new_game(players, rng())
    except ValidationError as exc:
        return home.page(422, flat_errors(exc.messages))
    except GameError as exc:
        return home.page(422, {exc.field: exc.message})
    game_id = store.create(get_db(), form.game, form.name, state, f"New {rules.TITLE} game: "
                           f"{', '.join(p.name for p in players[:-1])} and {players[-1].name}")
    return go(url_for(".show", game_id=game_id))


def seats(form) -> tuple[list[str], list[str]]:
    """Players 1 and 2 always; 3 and 4 when a name is given (games of up to 4 players)."""
    taken = [n for n in (1, 2, 3, 4) if n <= 2 or getattr(form, f"name_{n}")]
    return [getattr(form, f"name_{n}") for n in taken], [getattr(form, f"color_{n}") for n in taken]


@bp.post("/import")
def import_game():
    upload = request.files.get("game_file")
    if upload is None or not upload.filename:
        return home.page(422, {"game_file": "Choose a game file (.json) exported from Table Companion."})
    try:
        kind, name, state = load_game_file(upload.read())
    except ValueError as exc:
        return home.page(422, {"game_file": f"{upload.filename}: {exc} Nothing was imported."})
    game_id = store.create(get_db(), kind, name, state, f"Imported from {upload.filename}")
    return go(url_for(".show", game_id=game_id))


@bp.get("/<int:game_id>")
def show(game_id: int):
    return page(game_id)


@bp.get("/<int:game_id>/poll")
def poll(game_id: int):
    """A second device asks every second; only a changed game sends the page again."""
    try:
        current = store.version(get_db(), game_id)
    except store.NotFound:
        abort(404)
    return poll_response(current, lambda: page(game_id))


@bp.post("/<int:game_id>/do/<action>")
def act(game_id: int, action: str):
    actions = PAGES[_row(game_id).kind].ACTIONS
    if action not in actions:
        abort(404)
    schema, command = actions[action]
    return perform(game_id, schema, lambda state, form: command(state, form, content(_row(game_id).kind)))


@bp.post("/<int:game_id>/next")
def next_step(game_id: int):
    return perform(game_id, GameForm, lambda state, form: _row(game_id).rules.next_step(state))


@bp.post("/<int:game_id>/back")
def back_step(game_id: int):
    return perform(game_id, GameForm, lambda state, form: _row(game_id).rules.back_step(state))


@bp.post("/<int:game_id>/undo")
def undo(game_id: int):
    return _walk(game_id, store.undo, "Undid", "Nothing to undo.")


@bp.post("/<int:game_id>/redo")
def redo(game_id: int):
    return _walk(game_id, store.redo, "Redid", "Nothing to redo.")


def already_applied(game_id: int, exc):
    if not is_htmx():
        return go(url_for(".show", game_id=game_id))
    return page(game_id, result=Outcome(None, exc.message))


def _walk(game_id: int, step, verb: str, nothing: str):
    try:
        form = parse(GameForm)
    except ValidationError as exc:
        return page(game_id, 422, errors=flat_errors(exc.messages))
    try:
        description = step(get_db(), game_id, request_id=form.request_id)
    except store.NotFound:
        abort(404)
    except store.AlreadyApplied as exc:
        return already_applied(game_id, exc)
    if not is_htmx():
        return go(url_for(".show", game_id=game_id))
    return page(game_id, result=Outcome(None, f"{verb}: {description}" if description else nothing))


@bp.post("/<int:game_id>/finish")
def finish(game_id: int):
    return _status(game_id, True)


@bp.post("/<int:game_id>/resume")
def resume(game_id: int):
    return _status(game_id, False)


def _status(game_id: int, finished: bool):
    try:
        store.set_status(get_db(), game_id, finished)
    except store.NotFound:
        abort(404)
    return go(url_for(".results" if finished else ".show", game_id=game_id))


@bp.post("/<int:game_id>/delete")
def delete(game_id: int):
    backups.take(Path(current_app.config["DATABASE"]), "before-delete")
    try:
        store.delete(get_db(), game_id)
    except store.NotFound:
        abort(404)
    return go(url_for("home.index"))


@bp.get("/<int:game_id>/log")
def log(game_id: int):
    ctx = context(game_id)
    ctx["page_no"] = max(1, request.args.get("page", 1, type=whole))
    ctx["entries"], ctx["older"] = store.events(get_db(), game_id, page=ctx["page_no"])
    return respond("games/log.html", ctx)


@bp.get("/<int:game_id>/results")
def results(game_id: int):
    return respond("games/results.html", context(game_id))


@bp.get("/<int:game_id>/export")
def export(game_id: int):
    row = _row(game_id)
    body = dump_game_file(row.kind, row.name, row.state, now())
    filename = "".join(ch if ch.isalnum() else "-" for ch in row.name).strip("-").lower() or "game"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}.{row.kind}.json"'})

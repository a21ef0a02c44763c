"""The game frame: new game, the game page with its stepper, actions, undo/redo, log, results, export."""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, request, send_file, url_for

from ..db import now
from ..games.frame import advance_check, allowed, new_players, settle
from ..games.registry import RULES
from ..kits import KITS
from ..kits.game_file import dump_game_file, load_game_file
from ..kits.forms import GameForm
from ..kits.new_game import NewGameForm
from ..store import backups
from ..store import games as store
from . import home
from .commands import Area, RequestForm, answer_with, fingerprint, history_routes, run
from .database import get_db
from .downloads import download, file_stem
from .pages import DocumentPage, document_state
from .render import LABELS, as_dict, go, parse, respond

bp = Blueprint("games", __name__, url_prefix="/games")
# What the frame itself refuses in any game (the stepper, a finished game), named over the app's labels
GAME_LABELS = {"stage": "Game", "step": "Next step", "start": "Round 1"}


def rng() -> random.Random:
    """Set-up's random deal; GAME_SEED (tests only) makes it repeatable."""
    seed = current_app.config.get("GAME_SEED")
    return random.SystemRandom() if seed is None else random.Random(seed)


def content(kind: str):
    return current_app.extensions["game_content"][kind]


def _row(game_id: int):
    return store.JOURNAL.get(get_db(), game_id)  # store.NotFound: answered 404 by web/answers.py


@dataclass(frozen=True, kw_only=True)
class GameFrame(DocumentPage):
    """What every game's page shows around the game itself (templates/games/_page.html): the stepper, the bar."""

    game_id: int
    row: store.GameRow
    g: Any  # the game's state
    step: Any  # the step the stepper shows
    verdict: Any  # who won, once the game is over
    score: Any  # the rules' score rows, one per player (the score panel; frame.ScoreRow)
    advance: tuple = (True, "")  # the rules module's can_advance: Next pressable now, or why not
    retreat: tuple = (True, "")  # the same for Back: its button disabled with the rule's reason
    result: Any = None


def frame(game_id: int, errors=None, result=None, conflict=None) -> GameFrame:
    row = _row(game_id)
    return GameFrame(game_id=game_id, row=row, g=row.state, step=row.rules.current_step(row.state),
                     verdict=row.rules.verdict(row.state), score=row.rules.score(row.state),
                     advance=row.rules.can_advance(row.state), retreat=advance_check(row.rules.back_step, row.state),
                     result=result,
                     **document_state(store.JOURNAL, game_id, errors, conflict))


def context(game_id: int, **kw) -> dict:
    """The frame's fields and the game's own (its kit's `context`), as the game's template reads them."""
    f = frame(game_id, **kw)
    kit = KITS[f.row.kind]
    game = kit.page.context(f.row.state, content(f.row.kind))
    return {**as_dict(f), **game, "game_dir": kit.templates,
            "allowed": allowed,  # whether the rules take a command now, and why not: a control offered or disabled
            "kit_css": url_for(".kit_css", key=kit.key) if kit.css else None,
            # a game's own labels over the frame's and the app's
            "labels": {**LABELS, **GAME_LABELS, **kit.labels, **game.get("labels", {})}}


def page(game_id: int, status: int = 200, **kw):
    ctx = context(game_id, **kw)
    return respond(KITS[ctx["row"].kind].page.TEMPLATE, ctx, status)


GAME = Area("game", store.JOURNAL, page=page, url=lambda game_id: url_for("games.show", game_id=game_id))
history_routes(bp, GAME, "/<int:game_id>", log="/log", log_template="games/log.html", log_context=context, poll=True)


@bp.post("/new")
def new():
    answer_with(home.answer)
    form = parse(NewGameForm)
    players = new_players(*seats(form))
    rules = RULES[form.game]
    state = rules.new_game(players, rng())
    game_id = store.JOURNAL.create(get_db(), {"kind": form.game, "name": form.name}, state,
                                   f"New {rules.TITLE} game: {', '.join(p.name for p in players[:-1])} and "
                                   f"{players[-1].name}", request_id=form.request_id,
                                   fingerprint=fingerprint())  # sent twice: one game; its id reused: 409
    return go(url_for(".show", game_id=game_id))


def seats(form) -> tuple[list[str], list[str]]:
    """Players 1 and 2 always; 3 and 4 when a name is given (games of up to 4 players)."""
    taken = [n for n in (1, 2, 3, 4) if n <= 2 or getattr(form, f"name_{n}")]
    return [getattr(form, f"name_{n}") for n in taken], [getattr(form, f"color_{n}") for n in taken]


@bp.post("/import")
def import_game():
    answer_with(home.answer)
    upload = request.files.get("game_file")
    if upload is None or not upload.filename:
        return home.page(422, {"game_file": "Choose a game file (.json) exported from Table Companion."})
    try:
        kind, name, state = load_game_file(upload.read())
    except ValueError as exc:
        return home.page(422, {"game_file": f"{upload.filename}: {exc} Nothing was imported."})
    sent = parse(RequestForm)  # the same upload sent again (a lost answer) imports once
    game_id = store.JOURNAL.create(get_db(), {"kind": kind, "name": name}, state, f"Imported from {upload.filename}",
                                   request_id=sent.request_id)
    return go(url_for(".show", game_id=game_id))


@bp.get("/<int:game_id>")
def show(game_id: int):
    return page(game_id)


@bp.post("/<int:game_id>/do/<action>")
def act(game_id: int, action: str):
    actions = KITS[_row(game_id).kind].page.ACTIONS
    if action not in actions:
        abort(404)
    schema, command = actions[action]
    rules = _row(game_id).rules
    return run(GAME, game_id, schema, lambda state, form: settle(rules, command(state, form, content(rules.KEY))))


@bp.post("/<int:game_id>/next")
def next_step(game_id: int):
    """Next, and with it every step after it that has nothing to decide (frame.settle): one entry, one Undo."""
    rules = _row(game_id).rules
    return run(GAME, game_id, GameForm, lambda state, form: settle(rules, rules.next_step(state)))


@bp.post("/<int:game_id>/back")
def back_step(game_id: int):
    return run(GAME, game_id, GameForm, lambda state, form: _row(game_id).rules.back_step(state))


@bp.post("/<int:game_id>/finish")
def finish(game_id: int):
    return _status(game_id, True)


@bp.post("/<int:game_id>/resume")
def resume(game_id: int):
    return _status(game_id, False)


def _status(game_id: int, finished: bool):
    store.set_status(get_db(), game_id, finished)
    return go(url_for(".results" if finished else ".show", game_id=game_id))


@bp.post("/<int:game_id>/delete")
def delete(game_id: int):
    backups.take(Path(current_app.config["DATABASE"]), "before-delete")
    store.JOURNAL.delete(get_db(), game_id)
    return go(url_for("home.index"))


@bp.get("/<int:game_id>/results")
def results(game_id: int):
    return respond("games/results.html", context(game_id))


@bp.get("/<int:game_id>/export")
def export(game_id: int):
    row = _row(game_id)
    body = dump_game_file(row.kind, row.name, row.state, now())
    return download(body, file_stem(row.name, "game"), f".{row.kind}.json", "game")


@bp.get("/kits/<key>.css")
def kit_css(key: str):
    """A kit's own style sheet (its style.css), linked by the frame's pages of that game (base.html)."""
    kit = KITS.get(key)
    if kit is None or kit.css is None:
        abort(404)
    return send_file(kit.css, mimetype="text/css")

"""The card editor: adversary description cards, species and class decks, boss boards and decks, events, the class
boards and each species' card (HP, AP), each checked against the printed one in one tap."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from marshmallow import ValidationError

from ..phantom.cards import DIFFICULTIES, EVENT_ROUNDS
from ..phantom.conditions import CONDITIONS
from ..phantom.decision import COLORS
from ..phantom.play.state import EVENT_SIDES, EVENT_STATS
from ..phantom.scenario import ACTION_TYPES
from ..schemas.content.class_boards import board_entries, table_boards
from ..schemas.content.species import species_entries
from ..schemas.files.card_library import BOSS_COUNTS, FORMAT, PARTS, CardFileError
from ..schemas.files.card_lines import write_line
from ..schemas.forms.cards import (
    KINDS, LibraryChange, RemoveForm, VerifyForm, boss_form_values, card_from_line, class_board_form_values,
    parse_card_form, species_form_values,
)
from ..store import card_file
from ..store import cards as store
from .commands import Area, RequestForm, answer_with, fingerprint, history_routes
from .database import get_db
from .pages import DocumentPage, document_state
from .render import content, go, parse, respond
from .security import safe_next

bp = Blueprint("cards", __name__, url_prefix="/cards")


def class_boards_in_use() -> dict:
    """Each class's board as the table plays it now: the shipped one, or the table's edit of it (this page)."""
    _, library = store.get(get_db())
    return table_boards(content().boards(), library)


def species_in_use() -> dict:
    """Each species' card as the table plays it now (HP, AP, special, verified): species.json's, or the table's
    entry of it on this page, typed once for every campaign."""
    _, library = store.get(get_db())
    return species_entries(current_app.extensions["phantom_files"]["species.json"], library)


@dataclass(frozen=True, kw_only=True)
class CardsPage(DocumentPage):
    """What cards/index.html shows: the library, the forms' choices, the bottom bar."""

    lib: dict  # the library document (phantom-epoch-cards/1)
    parts: Any
    colors: Any
    action_types: Any
    difficulties: Any
    boss_counts: Any
    event_rounds: Any
    event_stats: Any  # what an Event card's effect changes this round (the AI applies it)
    event_sides: Any
    conditions: Any = ()  # what a critical ability may inflict (the adversary form's choices)
    class_boards: Any = ()  # every class board by class name: the shipped one, or the table's edit of it
    species: Any = ()  # every species' card by name (HP, AP, special, verified): species.json's, or the table's
    mission_names: Any = ()  # mission id -> its name, for the Mission book rewards kept from the result forms
    result: Any = None
    line_of: Any = write_line  # a stored card as its one line (card_lines.py), shown beside it to copy or share


def cards_context(errors=None, result=None, keep=None) -> CardsPage:
    db = get_db()
    lib, doc = store.get(db)
    filled = keep or {}
    editing = request.args.get("boss")
    boards = board_entries(current_app.extensions["phantom_files"]["class-boards.json"], doc)
    species = species_entries(current_app.extensions["phantom_files"]["species.json"], doc)
    if not errors and editing in doc["bosses"]:  # "Change": the boss form filled with the stored board
        filled = {"active_form": "boss", "form_values": boss_form_values(editing, doc["bosses"][editing])}
    editing = request.args.get("class_board")
    if not errors and editing in boards:  # "Change": the class board form filled with the board as it is now
        filled = {"active_form": "class-board", "form_values": class_board_form_values(editing, boards[editing])}
    editing = request.args.get("species")
    if not errors and editing in species:  # "Change": the species form filled with the card as it is now
        filled = {"active_form": "species", "form_values": species_form_values(editing, species[editing])}
    return CardsPage(lib=doc, parts=PARTS, colors=COLORS, action_types=tuple(ACTION_TYPES), difficulties=DIFFICULTIES,
                     boss_counts=BOSS_COUNTS, event_rounds=EVENT_ROUNDS, event_stats=EVENT_STATS,
                     event_sides=EVENT_SIDES, conditions=CONDITIONS, class_boards=boards, species=species, result=result,
                     mission_names={m.id: m.name for m in content().missions}, **document_state(store.JOURNAL, lib, errors), **filled)


def page(status=200, errors=None, result=None, conflict=None, keep=None):
    """The card editor; a conflict (another tablet changed the library first, or a reused form) is said in the
    form that was sent, which keeps what was typed in it and now carries the current version. `keep`: the
    form to leave open after a card was added, with its deck (the next card goes into the same deck)."""
    return respond("cards/index.html", cards_context(errors or ({"version": conflict} if conflict else None),
                                                     result, keep), status)


@bp.get("")
def index():
    return page()


@bp.post("/<any(" + ", ".join(f'"{k}"' for k in KINDS) + "):kind>")
def put(kind: str):
    answer_with(page)
    sent = parse(LibraryChange)  # a card sent again (its answer lost) is entered once; a stale page is refused
    try:
        entry = parse_card_form(kind, request.form)
        text = store.put(get_db(), entry, request_id=sent.request_id, fingerprint=fingerprint(),
                         seen_version=sent.version)
        back = request.form.get("back")
        if back:  # typed where it was needed (the set-up page's missing description card): back there
            return go(safe_next(back))
        open_form = request.form.get("_form") or kind
        keep = {"active_form": open_form, "form_values": {"deck": entry.key}} if KINDS[kind][3] else None
        return page(result=text, keep=keep)
    except ValidationError as exc:
        return page(422, exc.messages)
    except CardFileError as exc:
        return page(422, {"deck": str(exc)})


@bp.get("/read/<any(" + ", ".join(f'"{k}"' for k in KINDS) + "):kind>")
def read(kind: str):
    """A card's line as the app reads it, shown under the box while it is typed (nothing is saved)."""
    try:
        card, problem = card_from_line(kind, request.args.get("line", ""), request.args.get("rounds")), None
    except ValidationError as exc:
        card, problem = None, " ".join(str(v) for v in exc.messages.values())
    return render_template("cards/_read.html", kind=kind, card=card, problem=problem)


@bp.post("/remove")
def remove():
    answer_with(page)
    f = parse(RemoveForm)
    try:
        text = store.remove(get_db(), f.part, f.key, f.index, request_id=f.request_id, fingerprint=fingerprint(),
                            seen_version=f.version)
    except (KeyError, IndexError):
        abort(404)
    return page(result=text)


@bp.post("/verify")
def verify():
    """One tap: the class board's, species card's or a mission's kept rewards' values as the page shows them are
    the printed ones."""
    answer_with(page)
    f = parse(VerifyForm)
    _, doc = store.get(get_db())
    files = current_app.extensions["phantom_files"]
    shown = (board_entries(files["class-boards.json"], doc) if f.part == "class_boards"
             else species_entries(files["species.json"], doc) if f.part == "species"
             else doc.get("mission_rewards", {}))  # only what a result form kept: nothing shipped to check
    if f.key not in shown:
        abort(404)
    if f.part == "species" and (shown[f.key].get("hp") is None or shown[f.key].get("ap") is None):
        return page(422, {"species": f"{f.key}: enter the HP and AP of its species card first, then check them"})
    return page(result=store.verify(get_db(), f.part, f.key, shown[f.key], request_id=f.request_id,
                                    fingerprint=fingerprint(), seen_version=f.version))


CARD_LIBRARY = Area("cards", store.JOURNAL, page=lambda _library, status=200, **kw: page(status, **kw),
                    url=lambda _library: url_for("cards.index"))
history_routes(bp, CARD_LIBRARY, log=None, poll=True,
               doc_id=lambda: store.library_id(get_db()))  # no address carries its id


@bp.get("/export")
def export():
    """The card file: the library and the table's maps (store/card_file.py, docs/card-file.md)."""
    doc = card_file.export(get_db())
    return Response(json.dumps(doc, indent=1, ensure_ascii=False), mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="cards.json"'})


@bp.post("/import")
def import_cards():
    """A card file merged into the library and the maps; answered with the Cards page and what was added,
    skipped and kept both, for htmx or a plain post from any page (the home page's form posts here too)."""
    answer_with(page, url_for(".index"))
    # Adds what the file holds, whatever the page showed: no version; its request id makes a retry apply once
    sent, body = parse(RequestForm), fingerprint()
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return page(422, {"card_file": f"Choose a card file (.json, {FORMAT})."})
    label = Path(upload.filename).name
    try:
        merged = card_file.import_file(get_db(), upload.read(), label, request_id=sent.request_id,
                                       fingerprint=body)
    except CardFileError as exc:
        return page(422, {"card_file": f"{label}: {exc}. Nothing was imported."})
    return page(result=merged.summary(label))


@bp.post("/samples")
def samples():
    answer_with(page, url_for(".index"))
    sent = parse(RequestForm)  # adds the shipped cards whatever the page showed: no version, a retry applied once
    folder = Path(current_app.config["DATA_DIR"]) / "phantom-epoch"
    card_file.import_file(get_db(), store.samples(folder), "the Mutant Grallok and the sample cards",
                          request_id=sent.request_id, fingerprint=fingerprint())
    return go(url_for(".index"))

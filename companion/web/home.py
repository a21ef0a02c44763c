"""The home page: every campaign and game, new campaign or game, import, the bin; and the table PIN."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from ..games.frame import COLORS
from ..games.registry import RULES
from ..phantom import campaign as rules
from ..phantom.characters import add_party
from ..phantom.play.setup import MAX_CHARACTERS, MIN_CHARACTERS
from ..schemas.files.campaign import load_campaign_file
from ..schemas.forms.campaigns import NewCampaignForm
from ..store import backups
from ..store import campaigns as store
from ..store import cards as card_store
from ..store import games as games_store
from ..store import maps as map_store
from ..store import mission_table as mission_table_store
from . import commands, damage
from .database import get_db
from .cards import class_boards_in_use
from .commands import RequestForm, answer_with, fingerprint
from .render import form_state, go, parse, respond
from .security import admit, pin_ok, safe_next

bp = Blueprint("home", __name__)
PARTY_SEATS = tuple(range(1, MAX_CHARACTERS + 1))  # the new campaign's seats: as many as may embark

# The first-run path of a group with nothing but the box, in order: a campaign and its party, the first
# mission's adversary cards, a map, the set-up.
FIRST_STEPS = ("party", "cards", "map", "setup")


@dataclass(frozen=True)
class FirstStep:
    key: str  # one of FIRST_STEPS
    # "done", "next" (the first not done: the page's button), "later", or "optional": the adversary cards,
    # which set-up asks for where it needs them (and a deck the table draws needs none until it comes up)
    state: str


@dataclass(frozen=True)
class FirstRun:
    """The first-run path: each step's state, the campaign step 1 goes on with (its sheet; None: a new one),
    the campaign whose party set-up takes, and whether it is folded away (a mission table exists: play is
    going, the home page is the list it always was)."""

    steps: tuple[FirstStep, ...]
    campaign_id: int | None = None
    party_id: int | None = None
    folded: bool = False

    @property
    def next(self) -> str | None:
        return next((s.key for s in self.steps if s.state == "next"), None)


def first_run(campaign_id: int | None, party_id: int | None, cards: bool, maps: bool, tables: bool) -> FirstRun:
    """Each step done by what the app holds: a campaign with a party (`party_id`), an adversary description
    card or boss board in the card library, a map, a mission table; the first step not done is next, but the
    cards never hold the way: set-up asks for each description card it needs, in one line, and a deck the
    table draws itself needs no card before it comes up."""
    done = {"party": party_id is not None, "cards": cards, "map": maps, "setup": tables}
    first = next((k for k in FIRST_STEPS if not done[k] and k != "cards"), None)

    def state(k):
        if done[k]:
            return "done"
        if k == "cards":
            return "optional" if done["party"] else "later"
        return "next" if k == first else "later"
    steps = tuple(FirstStep(k, state(k)) for k in FIRST_STEPS)
    return FirstRun(steps, party_id or campaign_id, party_id, folded=tables)


@dataclass(frozen=True, kw_only=True)
class HomePage:
    """What home/index.html shows: every campaign (active, archived, in the bin), game and table mission."""

    active: list
    archived: list
    binned: list
    games: list
    rules: Any  # the games' rules by key (games/registry.RULES)
    table_missions: list
    game_options: list
    colors: Any
    first_run: FirstRun
    classes: tuple = ()  # the new campaign's party: each seat's class and species, one tap each
    species: tuple = ()
    seats: tuple = PARTY_SEATS
    damaged: tuple = ()  # the documents that do not read back (web/damage.py): (kind words, name, what, url)
    damaged_keys: frozenset = frozenset()  # their (kind, id): the listing marks them "damaged"
    result: Any = None
    active_form: str | None = None
    form_errors: dict = field(default_factory=dict)
    form_values: dict = field(default_factory=dict)


def home_context(errors=None, result=None) -> HomePage:
    db = get_db()
    content = current_app.extensions["phantom_content"]
    active, table_missions = store.listing(db), mission_table_store.listing(db)
    found = damage.listed()  # only the few known damaged are read again: the listing decodes no document
    run = first_run(active[0]["id"] if active else None, store.with_party(db, MIN_CHARACTERS),
                    card_store.has_adversaries(db), bool(map_store.listing(db)), bool(table_missions))
    return HomePage(active=active, archived=store.listing(db, archived=True),
                    binned=store.listing(db, deleted=True), games=games_store.listing(db), rules=RULES,
                    table_missions=table_missions, game_options=[(key, r.TITLE) for key, r in RULES.items()],
                    colors=COLORS, first_run=run, classes=tuple(ci.name for ci in content.classes),
                    species=tuple(content.species),
                    damaged=tuple((damage.WORDS.get(d.kind, d.kind), d.name, d.what, damage.url(d)) for d in found),
                    damaged_keys=frozenset((d.kind, d.doc_id) for d in found), result=result, **form_state(errors))


def page(status: int = 200, errors=None, result=None):
    return respond("home/index.html", home_context(errors, result), status)


def answer(status: int = 200, errors=None, result=None, conflict=None):
    """The home page answering a form posted from it (web/answers.py re-renders it with the message): a conflict
    (its request id already used for another campaign or game) is said under the form that was sent, what was
    typed kept."""
    return page(status, errors or ({"request_id": conflict} if conflict else None), result)


@bp.get("/")
def index():
    return page()


@bp.post("/campaigns")
def new_campaign():
    answer_with(answer)
    form = parse(NewCampaignForm)
    content = current_app.extensions["phantom_content"]
    campaign = rules.new_campaign(form.name, content, form.standalone_tier)
    seats = [(n, getattr(form, f"character_{n}"), getattr(form, f"class_{n}"), getattr(form, f"species_{n}"))
             for n in PARTY_SEATS]
    party = add_party(campaign, content, seats, class_boards_in_use()) if any(any(s[1:]) for s in seats) else None
    said = f"Created the campaign {campaign.name!r}" + (f": {party.description}" if party else "")
    campaign_id = store.JOURNAL.create(get_db(), {}, party.campaign if party else campaign, said,
                                       request_id=form.request_id,
                                       fingerprint=fingerprint())  # sent twice: one campaign; its id reused: 409
    return _to_campaign(campaign_id)


@bp.post("/campaigns/import")
def import_campaign():
    answer_with(answer)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return page(422, {"file": "Choose a campaign file (.json) exported from Table Companion."})
    try:
        campaign = load_campaign_file(upload.read())
    except ValueError as exc:
        return page(422, {"file": f"{upload.filename}: {exc} Nothing was imported."})
    sent = parse(RequestForm)  # the same upload sent again (a lost answer) imports once
    campaign_id = store.JOURNAL.create(get_db(), {}, _unique_name(campaign), f"Imported from {upload.filename}",
                                       request_id=sent.request_id)
    return _to_campaign(campaign_id)


def _unique_name(campaign):
    """An import never merges into an existing campaign; it becomes a copy beside it."""
    name, n = campaign.name, 1
    while store.name_taken(get_db(), name):
        n += 1
        suffix = " (copy)" if n == 2 else f" (copy {n - 1})"
        name = campaign.name[: rules.NAME_MAX - len(suffix)] + suffix
    return replace(campaign, name=name) if name != campaign.name else campaign


def _to_campaign(campaign_id: int):
    return go(url_for("campaigns.show", campaign_id=campaign_id))


@bp.post("/campaigns/<int:campaign_id>/delete-forever")
def delete_forever(campaign_id: int):
    backups.take(Path(current_app.config["DATABASE"]), "before-delete")
    try:
        name = store.delete_forever(get_db(), campaign_id)
    except store.NotFound:
        return page(404, {"bin": "That campaign is not in the bin."})
    return page(result=rules.Change(None, f"Deleted {name!r} for good (a backup taken before still has it)."))


@bp.get("/pin")
def pin():
    return render_template("home/pin.html", error=None, next=safe_next(request.args.get("next")))


@bp.post("/pin")
def pin_check():
    nxt = safe_next(request.form.get("next"))
    if pin_ok(current_app, request.form.get("pin", "")):
        admit()
        return redirect(nxt, code=303)
    return render_template("home/pin.html", error="That is not the table PIN.", next=nxt), 422


@bp.get("/requests/<request_id>")
def request_status(request_id: str):
    """{applied, what}: whether a change whose answer a tablet never got was saved (web/commands.py)."""
    return commands.request_status(request_id)

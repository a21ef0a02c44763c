"""The campaign sheet: name, Vanished technology, fame, missions, characters, notes; undo/redo."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, url_for
from marshmallow import ValidationError

from ..db import now
from ..phantom import campaign as rules
from ..phantom import characters as character_rules
from ..schemas.files.campaign import dump_campaign_file
from ..schemas.forms.campaigns import (
    ArchiveForm, ConfirmForm, CustomForm, DeltaForm, FameForm, MissionFlagForm, NotesForm, RenameForm, TokenForm,
)
from ..schemas.forms.characters import CharacterForm
from ..store import campaigns as store
from .cards import class_boards_in_use
from .campaign_context import CAMPAIGN, SHEET, CampaignFrame, base_context, page_renderer, register_page
from .commands import answer_with, history_routes, run, with_log_page
from .database import get_db
from .downloads import download, file_stem
from .render import content, go, parse

bp = Blueprint("campaigns", __name__, url_prefix="/campaigns/<int:campaign_id>")


@dataclass(frozen=True, kw_only=True)
class CampaignSheet(CampaignFrame):
    planets: list  # each planet's fame, shop tier and the next tier
    mission_rows: list  # (number, [(mission, its state) per planet])
    tutorials: list
    classes: list
    species: list
    allowance: Any  # a standalone campaign's allowance, else None


def sheet_context(campaign_id: int, **kw) -> CampaignSheet:
    frame = base_context(campaign_id, SHEET, **kw)
    c, info = frame["c"], frame["content"]
    numbers = sorted({m.number for m in info.missions if m.number})
    return CampaignSheet(
        **frame,
        planets=[{"name": p, "fame": c.fame.get(p, 0), "tier": info.shop_tier(c.fame.get(p, 0)),
                  "next": info.next_tier(c.fame.get(p, 0))} for p in info.planets],
        mission_rows=[(n, [(m, c.missions.get(m.id)) for p in info.planets
                           for m in info.missions if m.planet == p and m.number == n]) for n in numbers],
        tutorials=[(m, c.missions.get(m.id)) for m in info.missions if m.planet is None],
        classes=rules.classes(c, info), species=rules.species(c, info),
        allowance=character_rules.standalone_allowance(c.standalone_tier) if c.standalone_tier else None)


page = page_renderer("campaigns/campaign.html", sheet_context)
register_page(SHEET, page)


def act(campaign_id: int, schema, command):
    return run(CAMPAIGN, campaign_id, schema, command)


@bp.get("")
def show(campaign_id: int):
    return page(campaign_id)()


@bp.post("/rename")
def rename(campaign_id: int):
    return act(campaign_id, RenameForm, lambda c, f: rules.rename(c, f.name, f.version))


@bp.post("/notes")
def notes(campaign_id: int):
    return act(campaign_id, NotesForm, lambda c, f: rules.set_notes(c, f.notes, f.version))


@bp.post("/vanished-tech")
def vanished_tech(campaign_id: int):
    return act(campaign_id, DeltaForm, lambda c, f: rules.adjust_vanished_tech(c, f.delta))


@bp.post("/fame")
def fame(campaign_id: int):
    return act(campaign_id, FameForm, lambda c, f: rules.adjust_fame(c, f.planet, f.delta))


@bp.post("/missions")
def mission_flag(campaign_id: int):
    def command(c, f):
        if f.all_taken:
            return rules.set_mission(c, content(), f.mission, all_taken=f.all_taken == "yes")
        return rules.set_mission(c, content(), f.mission, available=f.available)
    return act(campaign_id, MissionFlagForm, command)


@bp.post("/tokens")
def token(campaign_id: int):
    return act(campaign_id, TokenForm, lambda c, f: rules.take_campaign_token(c, f.kind, f.number))


@bp.post("/custom")
def custom(campaign_id: int):
    return act(campaign_id, CustomForm, lambda c, f: rules.add_custom(c, f.kind, f.name, content()))


@bp.post("/characters")
def new_character(campaign_id: int):
    """A new character, with its class board's starting attachment added and equipped (one entry, one undo)."""
    boards = class_boards_in_use()  # read before the change's transaction (it may start the card library)
    return act(campaign_id, CharacterForm,
               lambda c, f: character_rules.add_character(c, content(), f.name, f.class_name, f.species, boards))


def _flag(campaign_id: int, url: str, **flags):
    store.set_flags(get_db(), campaign_id, **flags)
    return go(url)


@bp.post("/archive")
def archive(campaign_id: int):
    answer_with(page(campaign_id))
    form = parse(ArchiveForm)
    return _flag(campaign_id, url_for(".show", campaign_id=campaign_id), archived=form.archived)


@bp.post("/delete")
def delete(campaign_id: int):
    """To the bin, after typing the name; restorable from the home page."""
    answer_with(page(campaign_id))
    form = parse(ConfirmForm)
    row = store.JOURNAL.get(get_db(), campaign_id)
    if form.confirm.strip() != row.campaign.name:
        raise ValidationError({"confirm": [f"Type {row.campaign.name!r} exactly to delete this campaign."]})
    return _flag(campaign_id, url_for("home.index"), deleted=True)


@bp.post("/restore")
def restore(campaign_id: int):
    return _flag(campaign_id, url_for(".show", campaign_id=campaign_id), deleted=False)


def history_context(campaign_id: int, **kw) -> dict:
    return with_log_page(CAMPAIGN, campaign_id, CampaignFrame(**base_context(campaign_id, "history", **kw)))


history_page = page_renderer("campaigns/history.html", history_context)
register_page("history", history_page)  # an undo pressed on the history answers with it
history_routes(bp, CAMPAIGN, log="/history", log_template="campaigns/history.html",
               log_context=lambda campaign_id: CampaignFrame(**base_context(campaign_id, "history")), poll=True)


@bp.get("/export")
def export(campaign_id: int):
    row = store.JOURNAL.get(get_db(), campaign_id)
    body = dump_campaign_file(row.campaign, now())
    return download(body, file_stem(row.campaign.name, "campaign"), ".phantom-epoch.json", "campaign")

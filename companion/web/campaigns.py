"""The campaign sheet: name, Vanished technology, fame, missions, characters, notes; undo/redo."""
from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, request, url_for
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
from .bounds import whole
from .campaign_context import base_context, page_renderer
from .database import get_db
from .render import content, flat_errors, go, is_htmx, parse, perform

bp = Blueprint("campaigns", __name__, url_prefix="/campaigns/<int:campaign_id>")


def sheet_context(campaign_id: int, **kw) -> dict:
    ctx = base_context(campaign_id, "campaign", **kw)
    c, info = ctx["c"], ctx["content"]
    ctx["planets"] = [{"name": p, "fame": c.fame.get(p, 0), "tier": info.shop_tier(c.fame.get(p, 0)),
                       "next": info.next_tier(c.fame.get(p, 0))} for p in info.planets]
    numbers = sorted({m.number for m in info.missions if m.number})
    ctx["mission_rows"] = [(n, [(m, c.missions.get(m.id)) for p in info.planets
                                for m in info.missions if m.planet == p and m.number == n]) for n in numbers]
    ctx["tutorials"] = [(m, c.missions.get(m.id)) for m in info.missions if m.planet is None]
    ctx["classes"] = rules.classes(c, info)
    ctx["species"] = rules.species(c, info)
    ctx["allowance"] = character_rules.standalone_allowance(c.standalone_tier) if c.standalone_tier else None
    return ctx


page = page_renderer("campaigns/campaign.html", sheet_context)


def act(campaign_id: int, schema, command):
    return perform(campaign_id, schema, command, page(campaign_id), url_for(".show", campaign_id=campaign_id))


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
    return act(campaign_id, CharacterForm,
               lambda c, f: character_rules.add_character(c, content(), f.name, f.class_name, f.species))


def _flag(campaign_id: int, url: str, **flags):
    try:
        store.set_flags(get_db(), campaign_id, **flags)
    except store.NotFound:
        abort(404)
    return go(url)


@bp.post("/archive")
def archive(campaign_id: int):
    try:
        form = parse(ArchiveForm)
    except ValidationError as exc:
        return page(campaign_id)(errors=flat_errors(exc.messages), status=422)
    return _flag(campaign_id, url_for(".show", campaign_id=campaign_id), archived=form.archived)


@bp.post("/delete")
def delete(campaign_id: int):
    """To the bin, after typing the name; restorable from the home page."""
    try:
        form = parse(ConfirmForm)
        row = store.get(get_db(), campaign_id)
        if form.confirm.strip() != row.campaign.name:
            raise ValidationError({"confirm": [f"Type {row.campaign.name!r} exactly to delete this campaign."]})
    except store.NotFound:
        abort(404)
    except ValidationError as exc:
        return page(campaign_id)(errors=flat_errors(exc.messages), status=422)
    return _flag(campaign_id, url_for("home.index"), deleted=True)


@bp.post("/restore")
def restore(campaign_id: int):
    return _flag(campaign_id, url_for(".show", campaign_id=campaign_id), deleted=False)


@bp.post("/undo")
def undo(campaign_id: int):
    return _step(campaign_id, store.undo, "Nothing to undo.")


@bp.post("/redo")
def redo(campaign_id: int):
    return _step(campaign_id, store.redo, "Nothing to redo.")


def _step(campaign_id: int, step, nothing: str):
    try:
        description = step(get_db(), campaign_id)
    except store.NotFound:
        abort(404)
    verb = "Undid" if step is store.undo else "Redid"
    result = rules.Change(None, f"{verb}: {description}" if description else nothing)
    if not is_htmx():
        return redirect(request.referrer or url_for(".show", campaign_id=campaign_id), code=303)
    return _page_for(campaign_id, request.form.get("back", "campaign"))(result=result)


def _page_for(campaign_id: int, back: str):
    """The renderer of the page the undo/redo button was pressed on."""
    from . import aboard, characters, missions

    if back.startswith("character:"):
        return characters.page(campaign_id, back.split(":", 1)[1])
    return {"missions": missions.page, "aboard": aboard.page, "history": history_page}.get(back, page)(campaign_id)


def history_context(campaign_id: int, **kw) -> dict:
    ctx = base_context(campaign_id, "history", **kw)
    ctx["page_no"] = max(1, request.args.get("page", 1, type=whole))
    ctx["entries"], ctx["older"] = store.history(get_db(), campaign_id, page=ctx["page_no"])
    return ctx


history_page = page_renderer("campaigns/history.html", history_context)


@bp.get("/history")
def history(campaign_id: int):
    return history_page(campaign_id)()


@bp.get("/export")
def export(campaign_id: int):
    try:
        row = store.get(get_db(), campaign_id)
    except store.NotFound:
        abort(404)
    body = dump_campaign_file(row.campaign, now())
    filename = "".join(ch if ch.isalnum() else "-" for ch in row.campaign.name).strip("-").lower() or "campaign"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}.phantom-epoch.json"'})

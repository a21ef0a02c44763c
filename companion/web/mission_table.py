"""The mission table: set up a Phantom Epoch mission and play it round by round on the map, with the
adversary AI (turn.py) planning each adversary turn. Every step is one event of the mission's log."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from flask import Blueprint, abort, current_app, request, url_for
from marshmallow import ValidationError

from ..phantom import play as rules
from ..phantom import missions as campaign_rules
from ..phantom.campaign import CampaignError
from ..phantom.conditions import CONDITIONS  # the toggles: every condition of conditions.json (p.37)
from ..phantom.decision import COLORS, DIRECTIONS, DecisionDie
from ..phantom.dice import DIE_NAMES, DiceError
from ..phantom.hazards import hazard_rules
from ..phantom.hexmap import HAZARDS, MapError
from ..phantom.mapedit import fitted_size
from ..phantom.mapview import figure_marks, map_view, plan_view
from ..phantom.turn import resolve_turn
from ..schemas.forms import mission_table as forms
from ..schemas.content.mission_setup import set_up_content
from ..schemas.forms.mission_results import BookRewardsForm
from ..store import backups
from ..store import campaigns as campaign_store
from ..store import cards as card_store
from ..store import maps as map_store
from ..store import mission_table as store
from ..store.documents import MAPS, NotFound
from .bounds import whole
from .database import get_db
from .render import content, flat_errors, form_state, go, is_htmx, parse, poll_response, respond

bp = Blueprint("mission_table", __name__, url_prefix="/table")


def hazards():
    """hazards.json's rules (validated at start-up): what entering each hazard does (p.33)."""
    return hazard_rules(current_app.extensions["phantom_files"]["hazards.json"]["hazards"])


def playing(m: rules.Mission) -> rules.Mission:
    """A mission set up before hazards were applied carries no hazard rules: it takes today's."""
    return m if m.hazard_rules else replace(m, hazard_rules=hazards())


def rng() -> random.Random:
    """The set-up's shuffles; GAME_SEED (tests only) makes them repeatable."""
    seed = current_app.config.get("GAME_SEED")
    return random.SystemRandom() if seed is None else random.Random(seed)


# -- set-up ---------------------------------------------------------------------------------------------------

def setup_context(errors=None) -> dict:
    """The set-up form; with a campaign chosen (?campaign=), its characters and its playable missions."""
    db = get_db()
    chosen = request.values.get("campaign", type=whole)
    party, missions = [], [(m.id, m.name) for m in content().missions]
    if chosen:
        try:
            c = campaign_store.get(db, chosen).campaign
        except campaign_store.NotFound:
            abort(404)
        party = [(ch.id, f"{ch.name} ({ch.class_name}, {ch.species})") for ch in c.characters if ch.active]
        missions = [(m.id, m.name) for m in content().missions
                    if c.missions[m.id].available or c.missions[m.id].completed]
    return {"campaigns": campaign_store.listing(db), "campaign_id": chosen, "party": party, "missions": missions,
            "maps": MAPS.listing(db, "id, name, columns, rows, sample"), "slots": forms.SLOTS,
            **form_state(errors)}


def setup_page(status=200, errors=None):
    return respond("mission_table/new.html", setup_context(errors), status)


@bp.get("/new")
def new():
    return setup_page()


def _embarking(db, f) -> list[rules.Embarking]:
    chars = {}
    if f.campaign:
        try:
            chars = {ch.id: ch for ch in campaign_store.get(db, f.campaign).campaign.characters if ch.active}
        except campaign_store.NotFound:
            raise rules.MissionError("campaign", f"no campaign {f.campaign!r}") from None
    out = []
    for n in forms.SLOTS:
        who = getattr(f, f"character_{n}")
        if not who:
            continue
        if f.campaign:
            ch = chars.get(who)
            if ch is None:
                raise rules.MissionError(f"character_{n}", f"{who!r} is not an active character of this campaign")
            cid, name, species = ch.id, ch.name, ch.species
        else:
            cid = re.sub(r"[^a-z0-9]+", "-", who.lower()).strip("-") or f"character-{n}"
            name, species = who, ""
        out.append(rules.Embarking(cid, name, species, max_ap=getattr(f, f"ap_{n}"), max_hp=getattr(f, f"hp_{n}"),
                                   color=COLORS[n - 1]))
    return out


@bp.post("")
def create():
    db = get_db()
    try:
        f = parse(forms.NewMissionForm)
        try:
            map_row, draft = map_store.get(db, f.map)
        except NotFound:
            raise rules.MissionError("map", f"no map {f.map!r}: open or make one on the Maps page") from None
        party = _embarking(db, f)
        _, library = card_store.get(db)
        kit = set_up_content(library, draft.map, f.difficulty)
        update = rules.set_up(f.mission, draft.map, f.difficulty, party, rng=rng(), hazards=hazards(), **kit)
    except ValidationError as exc:
        return setup_page(422, flat_errors(exc.messages))
    except rules.MissionError as exc:
        return setup_page(422, {exc.field: exc.message})
    name = f"{f.mission} on {map_row['name']}"
    mission_id = store.create(db, name, update.mission, f"Set up {name}: " + "; ".join(update.reasons[:3]),
                              campaign_id=f.campaign, map_id=f.map, request_id=f.request_id)
    return go(url_for(".show", mission_id=mission_id))


# -- the mission page -----------------------------------------------------------------------------------------

def _row(mission_id: int):
    try:
        return store.get(get_db(), mission_id)
    except store.NotFound:
        abort(404)


def plan(m: rules.Mission):
    """The AI's plan for the adversary whose turn it is, before any die is rolled (turn.py)."""
    rnd = m.round
    if rnd is None or rnd.phase != "turns" or rnd.current is None:
        return None
    figure = m.figure(rnd.current)
    if figure is None or figure.side != "adversary":
        return None
    resolution = resolve_turn(rules.adversary_scenario(playing(m)))
    where = {f.id: f.at for f in m.board.figures}
    # The first roll is needed now; the later ones only if the results call for them (attack.py).
    to_roll = [(t.target, r, "accuracy" if r.startswith(DIE_NAMES["accuracy"]) else "attack")
               for s in resolution.steps for t in s.targets for r in t.to_roll]
    return {"resolution": resolution, "view": plan_view(m.map, figure.at, resolution.steps, where),
            "to_roll": to_roll}


def bosses(m: rules.Mission) -> list[dict]:
    """Each boss board in play (p.48-49): the Boss card drawn this round and the actions it calls, its
    initiative and why, the cards kept beside the board, and whether its card may still be redrawn (p.58)."""
    rnd = m.round
    out = []
    for kind in m.kinds:
        if not isinstance(kind, rules.BossKind):
            continue
        ids = [a.id for a in m.adversaries if a.type == kind.type]
        standing = [f for f in m.board.figures if f.id in ids]
        drawn = rnd.drawn_for(kind.type) if rnd and rnd.phase == "turns" else None
        card = drawn.boss if drawn else None
        numbers = {a.number: a for a in kind.boss.actions}
        out.append({"type": kind.type, "boss": kind.boss, "boss_critical": kind.boss.critical_ability,
                    "figures": standing, "card": card,
                    "called": [numbers[n] for n in card.actions if n in numbers] if card else [],
                    "initiative": rules.initiative(m, standing[0].id) if card and standing else None,
                    "persistent": [c for t, c in m.persistent if t == kind.type],
                    "can_redraw": bool(card) and rules.may_redraw_boss_card(m, kind.type)})
    return out


_DRAWN: dict = {}  # id(map) -> (map, view, painted SVG, grid SVG): the map is drawn once per mission
_DRAWN_KEEP = 8


def drawing(hexmap):
    """The map's SVG without its figures, and the tap grid; redrawn only when the map itself changes (a door).

    A mission's steps keep the same HexMap object (store.mission_table reads each snapshot once), so
    every page of a mission reuses one drawing: the 30x24 map's 720 spaces are not re-rendered per tap."""
    hit = _DRAWN.get(id(hexmap))
    if hit is not None and hit[0] is hexmap:
        return hit[1:]
    columns, rows = fitted_size(hexmap)
    view = map_view(hexmap, columns, rows)
    macros = current_app.jinja_env.get_template("_hexmap.svg.html").module
    drawn = (view, macros.painted(view), macros.grid(view))
    _DRAWN[id(hexmap)] = (hexmap,) + drawn
    while len(_DRAWN) > _DRAWN_KEEP:
        _DRAWN.pop(next(iter(_DRAWN)))
    return drawn


def namer(m: rules.Mission, campaign_id):
    """What the table reads for a figure id in a page's text. A campaign's characters are on the map under the
    campaign's ids (c1, c2: the result goes back to them, p.13-14), which mean nothing at the table: their names
    are shown instead. A one-off mission's ids are already made from the names typed."""
    names = {c.id: c.name for c in m.characters} if campaign_id else {}
    if not names:
        return str
    ids = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w-])")
    return lambda text: ids.sub(lambda found: names[found.group(1)], str(text))


def context(mission_id: int, errors=None, result=None, conflict=None) -> dict:
    db = get_db()
    row = _row(mission_id)
    m = row.mission
    view, painted, grid = drawing(m.map)
    can_undo, can_redo = store.can_undo_redo(db, mission_id)
    last, _ = store.events(db, mission_id, size=1)
    rnd = m.round
    current = m.figure(rnd.current) if rnd and rnd.current else None
    report = rules.mission_report(m) if m.result else None
    return {"mission_id": mission_id, "row": row, "m": m, "rnd": rnd, "view": view, "painted": painted, "grid": grid,
            "figures": figure_marks(m.map, m.board.figures, {c.id: c.name for c in m.characters}), "order": rules.turn_order(m), "current": current, "plan": plan(m),
            "unplaced": [c for c in m.characters if not c.defeated and m.figure(c.id) is None and not m.rounds],
            "choosing": [c for c in m.characters if not c.defeated and rnd and rnd.phase == "select"
                         and rnd.choice(c.id) is None],
            "ties": [(g, rules.initiative(m, g[0])[0]) for g in rules.character_ties(m)]
            if rnd and rnd.phase == "select" and all(rnd.choice(c.id) for c in m.characters if not c.defeated) else [],
            "reach": within_reach(m, current), "character": m.character(current.id) if current and
            current.side == "character" else None,
            "closed_doors": sorted(m.map.label(h) for h, state in m.map.door_states.items() if state == "closed"),
            "passed_hazards": passed_hazards(m, current), "hazard_kinds": HAZARDS,
            "sources": forms.PLACED_BY,
            "report": report, "colors": COLORS, "bosses": bosses(m),
            "adversaries": [f for f in m.board.figures if f.side == "adversary"], "directions": DIRECTIONS, "conditions": CONDITIONS,
            "attack_faces": forms.ATTACK_FACES, "accuracy_faces": forms.ACCURACY_FACES,
            "can_undo": can_undo, "can_redo": can_redo, "last_change": last[0] if last else None,
            "result": result, "conflict": conflict, "named": namer(m, row.campaign_id),
            "book": book_rewards(db, row), **form_state(errors)}


def book_rewards(db, row) -> dict | None:
    """For a finished campaign mission not yet recorded: the planets and the missions still locked, which the
    Mission book's rewards may name (p.14)."""
    if row.mission.result is None or row.campaign_id is None or row.recorded_at:
        return None
    try:
        c = campaign_store.get(db, row.campaign_id).campaign
    except campaign_store.NotFound:
        return None
    info = content()
    return {"planets": info.planets, "lockable": [x for x in info.missions if not c.missions[x.id].available]}


def page(mission_id: int, status: int = 200, **kw):
    return respond("mission_table/mission.html", context(mission_id, **kw), status)


@bp.get("/<int:mission_id>")
def show(mission_id: int):
    return page(mission_id)


@bp.get("/<int:mission_id>/poll")
def poll(mission_id: int):
    """A second device asks every second; only a changed mission sends the page again."""
    try:
        current = store.version(get_db(), mission_id)
    except store.NotFound:
        abort(404)
    return poll_response(current, lambda: page(mission_id))


def _rolls(f) -> dict:
    rolls = {"attack": [], "accuracy": []}
    for n in range(1, forms.ROLLS + 1):
        value = getattr(f, f"roll_{n}")
        if value:
            kind, _, face = value.partition(":")
            rolls[kind].append(_face(face))
    return rolls


def _attack(m, f):
    rnd = m.round
    figure = m.figure(rnd.current) if rnd is not None and rnd.current else None
    if figure is None or figure.side != "character":
        raise rules.MissionError("attacker", "the attack helper is for the character whose turn it is")
    out = rules.character_attack(m, rnd.current, f.target, _rolls(f), value=f.value, pierce=f.pierce, die=f.die)
    if out.outcome == "awaiting-roll":
        raise rules.MissionError("rolls", f"roll {', '.join(out.rolls_needed)} and enter the faces; nothing "
                                          "changes until every die needed is entered (p.21)")
    return rules.Update(out.mission, (f"{rnd.current} attacks {f.target}: {out.outcome}",) + out.reasons)


def _adversary_turn(m, f):
    resolution = resolve_turn(rules.adversary_scenario(m, _rolls(f)))
    update = rules.apply_adversary_turn(m, resolution)
    return rules.Update(update.mission, (f"{resolution.adversary}'s turn, as the AI planned it, with the dice "
                                         "entered",) + resolution.explanation + update.reasons)


def _face(value: str):
    return int(value) if value.isdigit() else value


def _select(m, f):
    n = m.round.number if m.round else 0
    return rules.select_cards(m, f.character, [(f"Round {n} cards", f.ap)])


def _hp(m, f):
    figure = m.figure(f.figure)
    if figure is None:
        raise rules.MissionError("figure", f"no figure {f.figure!r} on the map")
    return rules.set_hp(m, f.figure, max(0, figure.hp + f.delta))


def within_reach(m: rules.Mission, figure) -> dict:
    """What a character's turn can end next to (the engine's `within_reach`), labelled for the turn sheet."""
    if figure is None or figure.side != "character":
        return {"orbs": [], "treasures": [], "nova_cells": 0}
    reach = rules.within_reach(m, figure.id)
    return {"orbs": [m.map.label(h) for h in reach.orbs], "treasures": [m.map.label(h) for h, _ in reach.treasures],
            "nova_cells": reach.nova_cells}


def passed_hazards(m: rules.Mission, figure) -> list[tuple[str, str]]:
    """The hazards a character's Move may have passed through on the way (p.33): every one on the map but
    the space it stands on — one under an ally too, since moving through the ally enters it — nearest first;
    the table taps the ones it entered."""
    if figure is None or figure.side != "character":
        return []
    hexmap = m.map
    near = hexmap.ranges_from(figure.at)
    spaces = [h for h in hexmap.hazard_at if h != figure.at]
    spaces.sort(key=lambda h: (near.get(h, 10**6), hexmap.label(h)))
    return [(hexmap.label(h), hexmap.hazard_at[h]) for h in spaces]


def _reveal(m, f):
    order = [getattr(f, f"order_{n}") for n in forms.SLOTS if getattr(f, f"order_{n}")]
    return rules.reveal(m, order)


TAPPED = {"at": "space", "to": "space"}  # the engine's names for the space a tap sends

ACTIONS = {
    "place": (forms.PlaceForm, lambda m, f: rules.place_character(m, f.character, f.space)),
    "die": (forms.DieForm, lambda m, f: rules.begin_round(m, DecisionDie(f.color, f.primary, f.secondary))),
    "rest": (forms.RestForm, lambda m, f: rules.rest(m, f.character)),
    "select": (forms.SelectForm, _select),
    "reveal": (forms.RevealForm, _reveal),
    "next": (forms.StepForm, lambda m, f: rules.start_next_turn(m)),
    "move": (forms.MoveForm, lambda m, f: rules.move_figure(m, f.figure, f.space)),
    "hp": (forms.HpForm, _hp),
    "condition": (forms.ConditionForm, lambda m, f: (rules.add_condition if f.on == "yes" else
                                                     rules.remove_condition)(m, f.figure, f.condition)),
    "attack": (forms.AttackForm, _attack),
    "end-turn": (forms.EndTurnForm, lambda m, f: rules.end_turn(
        m, activate_orbs=[o for o in (f.orb_1, f.orb_2, f.orb_3) if o])),
    "door": (forms.DoorForm, lambda m, f: rules.open_door(m, f.space)),
    "hazard": (forms.HazardForm, lambda m, f: rules.enter_hazard(m, f.figure, f.space)),
    "hazard-token": (forms.HazardTokenForm, lambda m, f: rules.place_hazard_token(m, f.space, f.kind)),
    "place-adversary": (forms.PlaceAdversaryForm, lambda m, f: rules.place_adversary(m, f.type, f.space, f.source)),
    "heal": (forms.HealForm, lambda m, f: rules.heal(m, f.figure, f.value, by=f.figure)),
    "stunned": (forms.StunnedForm, lambda m, f: rules.discard_to_recover_from_stunned(m, f.character, f.card)),
    "adversary": (forms.AdversaryRollsForm, _adversary_turn),
    "redraw-boss": (forms.RedrawBossForm, lambda m, f: rules.redraw_boss_card(m, f.type, f.keep == "yes")),
    "end-round": (forms.StepForm, lambda m, f: rules.end_round(m)),
    "objective": (forms.StepForm, lambda m, f: rules.meet_objective(m)),
    "fail": (forms.FailForm, lambda m, f: rules.fail_mission(m, f.reason)),
}


@bp.post("/<int:mission_id>/do/<action>")
def act(mission_id: int, action: str):
    """Parse, run the step in one transaction, answer with the mission page: 422 naming the field for bad
    input or a refused rule, 409 with the current state when another device saved first, and the current
    state (200) when this very request was applied before and only its answer was lost."""
    if action not in ACTIONS:
        abort(404)
    schema, command = ACTIONS[action]
    try:
        form = parse(schema)
    except ValidationError as exc:
        return page(mission_id, 422, errors=flat_errors(exc.messages))
    try:
        result = store.change(get_db(), mission_id, form.version, lambda m: command(playing(m), form),
                              request_id=form.request_id)
    except store.NotFound:
        abort(404)
    except store.AlreadyApplied as exc:
        return already_applied(mission_id, exc)
    except store.StaleMission as exc:
        return page(mission_id, 409, conflict=exc.message)
    except rules.MissionError as exc:
        return page(mission_id, 422, errors={TAPPED.get(exc.field, exc.field): exc.message})
    except (DiceError, MapError, ValueError) as exc:
        field = TAPPED.get(getattr(exc, "field", ""), getattr(exc, "field", "rolls" if isinstance(exc, DiceError) else "space"))
        return page(mission_id, 422, errors={field: getattr(exc, "message", str(exc))})
    if not is_htmx():
        return go(url_for(".show", mission_id=mission_id))
    return page(mission_id, result=result)


def already_applied(mission_id: int, exc):
    if not is_htmx():
        return go(url_for(".show", mission_id=mission_id))
    return page(mission_id, result=rules.Update(_row(mission_id).mission, (exc.message,)))


@bp.post("/<int:mission_id>/<any(undo, redo):step>")
def undo_redo(mission_id: int, step: str):
    try:
        form = parse(forms.StepForm)
    except ValidationError as exc:
        return page(mission_id, 422, errors=flat_errors(exc.messages))
    try:
        description = getattr(store, step)(get_db(), mission_id, request_id=form.request_id)
    except store.NotFound:
        abort(404)
    except store.AlreadyApplied as exc:
        return already_applied(mission_id, exc)
    if not is_htmx():
        return go(url_for(".show", mission_id=mission_id))
    verb = "Undid" if step == "undo" else "Redid"
    said = f"{verb}: {description}" if description else f"Nothing to {step}."
    return page(mission_id, result=rules.Update(_row(mission_id).mission, (said,)))


@bp.get("/<int:mission_id>/log")
def log(mission_id: int):
    ctx = context(mission_id)
    ctx["page_no"] = max(1, request.args.get("page", 1, type=whole))
    ctx["entries"], ctx["older"] = store.events(get_db(), mission_id, page=ctx["page_no"])
    return respond("mission_table/log.html", ctx)


@bp.post("/<int:mission_id>/record")
def record(mission_id: int):
    """The finished mission into its campaign's book, once (p.13-14): result, party, nova cells, orbs,
    treasures from the table, and on a success the rewards printed in the Mission book from the form."""
    row = _row(mission_id)
    if row.mission.result is None or row.campaign_id is None:
        return page(mission_id, 422, errors={"result": "Only a finished mission of a campaign is recorded."})
    try:
        f = parse(BookRewardsForm)
    except ValidationError as exc:
        return page(mission_id, 422, errors=flat_errors(exc.messages))

    def command(m):
        report = rules.mission_report(m)
        if report.success:
            report = replace(report, sp=f.sp, vanished_tech=f.vanished_tech, fame=f.fame, unlocks=tuple(f.unlocks))
        return row.campaign_id, lambda c: campaign_rules.record_mission(c, content(), report)
    try:
        store.record_in_campaign(get_db(), mission_id, command)
    except (campaign_store.NotFound, store.NotFound):
        abort(404)
    except store.AlreadyRecorded as exc:
        return page(mission_id, 409, conflict=exc.message)
    except CampaignError as exc:
        return page(mission_id, 422, errors={exc.field: exc.message})
    backups.take(Path(current_app.config["DATABASE"]), "mission-result")
    return go(url_for("missions.show", campaign_id=row.campaign_id))

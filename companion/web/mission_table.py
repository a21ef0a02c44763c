"""The mission table: set up a Phantom Epoch mission and play it round by round on the map, with the
adversary AI (turn.py) planning each adversary turn. Every step is one event of the mission's log."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, request, url_for

from ..errors import RuleError
from ..phantom import missions as campaign_rules
from ..phantom import play as rules
from ..phantom.decision import DecisionDie
from ..phantom.dice import DiceError
from ..phantom.mapcheck import refuse_problems
from ..phantom.sheet import carried
from ..phantom.turn import resolve_turn
from ..phantom.turn_log import turn_summary
from ..schemas.content.mission_needs import NEEDED, needs
from ..schemas.content.mission_setup import engine_card, library_deck, set_up_content
from ..schemas.files.card_library import CardFileError
from ..schemas.forms.cards import parse_card_form
from ..schemas.forms import mission_table as forms
from ..schemas.forms.mission_results import BookRewardsForm
from ..store import backups
from ..store import campaigns as campaign_store
from ..store import cards as card_store
from ..store import maps as map_store
from ..store import mission_table as store
from ..store.journal import NotFound
from ..schemas.forms.base import command_type
from .answers import said
from .bounds import whole
from .commands import Area, answer_with, fingerprint, history_routes, run, seen_version
from .database import get_db
from .mission_page import (
    PARTS_HEADER, card_turn, context, defenders, from_campaign, hazards, keyed_parts, log_context, mission_row, namer, playing,
)
from .cards import class_boards_in_use, species_in_use
from .missions import keep_book_rewards
from .render import LABELS, content, field_label, form_state, go, is_htmx, parse, respond

bp = Blueprint("mission_table", __name__, url_prefix="/table")


def rng() -> random.Random:
    """The set-up's shuffles; GAME_SEED (tests only) makes them repeatable."""
    seed = current_app.config.get("GAME_SEED")
    return random.SystemRandom() if seed is None else random.Random(seed)


# -- set-up ---------------------------------------------------------------------------------------------------

def setup_context(errors=None) -> dict:
    """The set-up form; with a campaign chosen (?campaign=), its characters and its playable missions; and what
    the chosen map's mission still needs (the first map unless the form names another)."""
    db = get_db()
    chosen = request.values.get("campaign", type=whole)
    party, missions, sheets, seated = [], [(m.id, m.name) for m in content().missions], {}, {}
    if chosen:
        c = campaign_store.JOURNAL.get(db, chosen).campaign  # campaign_store.NotFound: 404 (web/answers.py)
        party = [(ch.id, f"{ch.name} ({ch.class_name}, {ch.species})") for ch in c.characters if ch.active]
        numbers = species_numbers()
        sheets = {ch.id: carried(ch, numbers) for ch in c.characters if ch.active}
        seated = dict(zip(forms.SLOTS, rules.party_seated(c.characters)))  # each seat's character, preselected
        missions = [(m.id, m.name) for m in content().missions
                    if c.missions[m.id].available or c.missions[m.id].completed]
    maps = map_store.listing(db)
    map_id, hexmap = _chosen_map(db, maps)
    _, library = card_store.get(db)
    size = len(seated) if chosen else None  # the party as seated
    if request.values.get("physical_sent"):  # the form as the table ticked it
        physical = request.values.getlist("physical")
    else:  # first drawn: a deck the library has no card for, or only those typed as they came up, is the table's
        physical = [n.deck for n in needs(library, hexmap, (), size) if n.deck and (n.state == NEEDED or n.partial)]
    return {"campaigns": campaign_store.listing(db), "campaign_id": chosen, "party": party, "missions": missions,
            "sheets": sheets, "seated": seated, "maps": maps, "slots": forms.SLOTS, "physical": physical,
            "needs": needs(library, hexmap, physical, size), "needs_map": map_id,
            "cards_version": card_store.JOURNAL.version(db, card_store.library_id(db)),
            **form_state(errors), **_checked_again(), "labels": setup_labels(errors or {})}


def _chosen_map(db, maps: list) -> tuple[int | None, object]:
    """The map the form names (else the first listed, the one its select shows first) and its HexMap."""
    wanted = request.values.get("map", type=whole)
    for map_id in ([wanted] if wanted else []) + [m["id"] for m in maps[:1]]:
        try:
            return map_id, map_store.JOURNAL.get(db, map_id)[1].map
        except NotFound:
            continue
    return None, None


def _checked_again() -> dict:
    """The set-up form sent back to this page to list what its map and decks need (its GET button without
    script): drawn again as it was filled in."""
    if request.method != "GET" or request.args.get("_form") != "setup":
        return {}
    return {"active_form": "setup", "form_values": request.args.to_dict(flat=True),
            "form_lists": {"physical": request.args.getlist("physical")}}


# Every field a set-up refusal may name (the form's, the engine's, the card library's), in the table's words.
SETUP_LABELS = {
    **LABELS, "mission": "Mission", "mission_id": "Mission", "map": "Map", "difficulty": "Mission difficulty",
    "campaign": "Campaign", "physical": "Decks you draw yourself", "events": "Event deck",
    "events_1_5": "Event deck — Round 1-5 cards", "events_6_plus": "Event deck — Round 6+ cards",
    "placements": "The map's adversary placement icons", "colors": "HP-base colors", "hazards": "Hazards",
    "characters": "Characters embarking", "kinds": "Adversary types", "request_id": "The form as sent",
    "species_decks": "Species decks", "class_decks": "Class decks", "boss_decks": "Boss decks",
}
_DECK_FIELD = re.compile(r"(species|class|boss)_decks\.(.+?)(?:\[(\d+)\])?$")
_INDEXED = re.compile(r"(characters|kinds)\[(\d+)\]")


def setup_label(field: str) -> str:
    """A field a set-up refusal names, in words: "species_decks.Grallok" -> "Grallok species deck",
    "class_decks.Sentry[2]" -> "Sentry class deck, card 3", "colors.H-4" -> "HP-base color on H-4"."""
    if field in SETUP_LABELS:
        return SETUP_LABELS[field]
    found = _DECK_FIELD.match(field)
    if found:
        kind, name, card = found.groups()
        words = rules.deck_label(f"{kind}:{name}")
        return words + (f", card {int(card) + 1}" if card is not None else "")
    if re.match(r"(species|class|boss):.", field):
        return rules.deck_label(field)
    if field.startswith("colors."):
        return f"HP-base color on {field.removeprefix('colors.')}"
    found = _INDEXED.match(field)
    if found:
        return f"Character {int(found.group(2)) + 1}" if found.group(1) == "characters" else "Adversary types"
    return field_label(field, SETUP_LABELS)


def setup_labels(errors: dict) -> dict:
    """The set-up page's labels: every set-up field's, and the words for each field its refusal names."""
    return {**SETUP_LABELS, **{field: setup_label(field) for field in errors}}


def setup_page(status=200, errors=None):
    return respond("mission_table/new.html", setup_context(errors), status)


def setup_answer(status=200, errors=None, conflict=None, **_):
    """The set-up page answering its form: a conflict (its request id already used for another mission) is said
    under the form, what was typed kept."""
    return setup_page(status, errors or ({"request_id": conflict} if conflict else None))


@bp.get("/new")
def new():
    """The set-up page; for htmx asking for its "What this mission needs" panel (the map or a deck checkbox
    changed), that panel alone."""
    part = "needs" if is_htmx() and request.headers.get("HX-Target") == "setup-needs" else "main"
    resp = respond("mission_table/new.html", setup_context(), block=part)
    resp.vary.add("HX-Target")
    return resp


def _embarking(db, f) -> tuple[rules.Embarking, ...]:
    """The form's seats embarking, as the engine decides (`rules.embarking`), with the campaign's characters."""
    characters = None
    if f.campaign:
        try:
            characters = campaign_store.JOURNAL.get(db, f.campaign).campaign.characters
        except campaign_store.NotFound:
            raise rules.MissionError("campaign", f"no campaign {f.campaign!r}") from None
    seats = [rules.Seat(n, getattr(f, f"character_{n}"), getattr(f, f"hp_{n}"), getattr(f, f"ap_{n}"))
             for n in forms.SLOTS if getattr(f, f"character_{n}")]
    return rules.embarking(seats, characters, species_numbers(), class_boards_in_use())


def _seat_field(exc) -> str:
    """The engine's `characters[i]…` (the i-th character embarking) as the set-up form's seat field."""
    found = re.match(r"characters\[(\d+)\]", getattr(exc, "field", ""))
    if not found:
        return getattr(exc, "field", "")
    taken = [n for n in forms.SLOTS if request.form.get(f"character_{n}", "").strip()]
    i = int(found.group(1))
    return f"character_{taken[i]}" if i < len(taken) else exc.field


def species_numbers() -> dict:
    """Each species' HP and AP as the table typed them once on the Cards page (else species.json's, null until a
    player copies them from the species cards), with whether a player checked them."""
    return species_in_use()


@bp.post("")
def create():
    db = get_db()
    answer_with(setup_answer, field=_seat_field)
    f = parse(forms.NewMissionForm)
    try:
        map_row, draft = map_store.JOURNAL.get(db, f.map)
    except NotFound:  # the form names a map that is gone: the form's field to fix, not a missing page
        raise rules.MissionError("map", f"no map {f.map!r}: open or make one on the Maps page") from None
    refuse_problems(draft.map, "map")  # a leaky wall or a walled-in room: fixed in the map editor first
    rules.check_seats(draft.map, [f"character_{n}" for n in forms.SLOTS if getattr(f, f"character_{n}")])
    party = _embarking(db, f)
    _, library = card_store.get(db)
    kit = set_up_content(library, draft.map, f.difficulty, f.physical, len(party))
    update = rules.set_up(f.mission, draft.map, f.difficulty, party, rng=rng(), hazards=hazards(), **kit,
                          physical=f.physical)
    # A Mission book mission by its printed name ("Berkav-1", not its id berkav-1); a one-off as typed.
    title = next((m.name for m in content().missions if m.id == f.mission.strip()), f.mission.strip())
    name = f"{title} on {map_row['name']}"
    mission_id = store.JOURNAL.create(db, {"name": name, "campaign_id": f.campaign, "map_id": f.map}, update.mission,
                                      f"Set up {name}: " + "; ".join(update.reasons[:3]), request_id=f.request_id,
                                      fingerprint=fingerprint())
    return go(url_for(".show", mission_id=mission_id))




def page(mission_id: int, status: int = 200, **kw):
    """The whole page; for htmx only the parts that change, swapped out of band (the `answer` block). Each
    step button is offered only when the engine would take it now (`refusal_of`)."""
    ctx = context(mission_id, **kw)
    ctx = replace(ctx, refused=refusal_of(ctx.m))
    if is_htmx():
        # a figure's sheet opened or closed changes nothing else: its part alone
        opened = request.method == "GET" and request.endpoint == "mission_table.show" and "sheet" in request.args
        answer = replace(ctx, answer="sheet" if opened else "poll" if request.endpoint == "mission_table.poll" else "tap")
        resp = respond("mission_table/mission.html", answer, status, block="answer")
        held = "" if opened else request.headers.get(PARTS_HEADER, "")
    else:
        resp, held = respond("mission_table/mission.html", ctx, status), ""
    resp.set_data(keyed_parts(resp.get_data(as_text=True), held, ctx.row.version))
    return resp


@bp.get("/<int:mission_id>")
def show(mission_id: int):
    return page(mission_id)


@bp.get("/<int:mission_id>/attack")
def attack_helper(mission_id: int):
    """The attack helper's form, fetched when the helper is opened (a tap's answer leaves it folded), and again
    as the card's range is typed: the targets that range allows, the others disabled with the engine's reason
    (`card_turn`), the target chosen kept."""
    asked = parse(forms.AttackRangeForm, request.args)
    ctx = replace(context(mission_id), answer="tap", attack_helper=True)
    if asked.range_modifier or asked.range is not None or asked.target:
        ctx = replace(ctx, turn=card_turn(ctx.m, ctx.current, asked.range_modifier or 0, asked.range, asked.target or ""))
    return respond("mission_table/mission.html", replace(ctx, refused=refusal_of(ctx.m)), block="attack_helper")


def _rolls(f) -> dict:
    rolls = {"attack": [], "accuracy": []}
    for n in range(1, forms.ROLLS + 1):
        value = getattr(f, f"roll_{n}")
        if value:
            kind, _, face = value.partition(":")
            rolls[kind].append(_face(face))
    return rolls


def _attack(m, f):
    return rules.attack_on_turn(m, f.target, _rolls(f), value=f.value, pierce=f.pierce, die=f.die,
                                attack_range=f.range, range_modifier=f.range_modifier or 0, conditions=[c for c in (f.inflict_1, f.inflict_2) if c],
                                accuracy=tuple(f.line.split(",")) if f.line else None)


def _move(m, f):
    f = replace(f, mp=f.mp_typed) if f.mp_typed is not None else f  # "Another MP" typed wins over a face
    if f.mp is None:  # no card's MP: the space as tapped (an adversary moved by hand, an older page)
        return rules.move_figure(m, f.figure, f.space)
    return rules.move_by_card(m, f.figure, f.space, f.mp, f.mode or "move")


def _heal(m, f):
    if not f.target and f.range is None:
        return rules.heal(m, f.figure, f.value, by=f.figure)
    return rules.heal_ally(m, f.figure, f.target or f.figure, f.value, f.range)


def _adversary_turn(m, f):
    scenario = rules.adversary_scenario(m, _rolls(f))
    resolution = resolve_turn(scenario)
    update = rules.apply_adversary_turn(m, resolution)
    # The first reason is the log's line: what each step did, as the engine's summary says it.
    done = "; ".join(turn_summary(scenario.board, resolution))
    return rules.Update(update.mission, (f"{resolution.adversary}'s turn, as the AI planned it, with the dice "
                                         f"entered: {done}",) + tuple(defenders(m, resolution))
                        + resolution.explanation + update.reasons)


def _face(value: str):
    return int(value) if value.isdigit() else value


def _select(m, f):
    n = m.round.number if m.round else 0
    return rules.select_cards(m, f.character, [(f"Round {n} cards", f.ap)], guard=f.guard)


def _hp(m, f):
    figure = m.figure(f.figure)
    if figure is None:
        raise rules.MissionError("figure", f"no figure {f.figure!r} on the map")
    return rules.set_hp(m, f.figure, max(0, figure.hp + f.delta))


def _reveal(m, f):
    order = [getattr(f, f"order_{n}") for n in forms.SLOTS if getattr(f, f"order_{n}")]
    return rules.reveal(m, order)


TAPPED = {"at": "space", "to": "space"}  # the engine's names for the space a tap sends

ACTIONS = {
    "place": (forms.PlaceForm, lambda m, f: rules.place_character(m, f.character, f.space)),
    "place-party": (forms.StepForm, lambda m, f: rules.place_party(m)),
    "die": (forms.DieForm, lambda m, f: rules.begin_round(m, DecisionDie(f.color, f.primary, f.secondary))),
    "rest": (forms.RestForm, lambda m, f: rules.rest(m, f.character)),
    "select": (forms.SelectForm, _select),
    "reveal": (forms.RevealForm, _reveal),
    "next": (forms.StepForm, lambda m, f: rules.start_next_turn(m)),
    "move": (forms.MoveForm, _move),
    "place-anyway": (forms.PlaceAnywayForm, lambda m, f: rules.place_anyway(m, f.figure, f.space)),
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
    "heal": (forms.HealForm, _heal),
    "critical": (forms.CriticalForm, lambda m, f: rules.activate_critical(m, f.critical)),
    "event-note": (forms.EventNoteForm, lambda m, f: rules.record_event(m, f.note)),
    "name-card": (forms.NameCardForm, lambda m, f: rules.name_card(m, f.deck, f.came_up)),
    "stunned": (forms.StunnedForm, lambda m, f: rules.discard_to_recover_from_stunned(m, f.character, f.card)),
    "adversary": (forms.AdversaryRollsForm, _adversary_turn),
    "redraw-boss": (forms.RedrawBossForm, lambda m, f: rules.redraw_boss_card(m, f.type, f.keep == "yes")),
    "end-round": (forms.StepForm, lambda m, f: rules.end_round(m)),
    "objective": (forms.StepForm, lambda m, f: rules.meet_objective(m)),
    "fail": (forms.FailForm, lambda m, f: rules.fail_mission(m, f.reason)),
    "abandon": (forms.StepForm, lambda m, f: rules.abandon(m)),
    "correct-hp": (forms.CorrectHpForm, lambda m, f: rules.correct_hp(m, f.figure, f.hp)),
    "correct-space": (forms.CorrectSpaceForm, lambda m, f: rules.correct_space(m, f.figure, f.space)),
    "correct-condition": (forms.ConditionForm,
                          lambda m, f: rules.correct_condition(m, f.figure, f.condition, f.on == "yes")),
    "correct-object": (forms.CorrectObjectForm, lambda m, f: rules.correct_object(m, f.space, f.state)),
}


def tapped_field(exc) -> str:
    """A refusal's field as the mission page names it: a tapped space is "space", an unnamed dice problem
    "rolls" and any other unnamed one the space tapped."""
    field = getattr(exc, "field", "")
    return TAPPED.get(field, field) or ("rolls" if isinstance(exc, DiceError) else "space")


def refusing(command):
    """`command` with a plain ValueError from deep in the engine (a space off the map) said as a refusal, and
    every refusal naming the figures as the table does (`namer`)."""
    def run_it(m, f):
        try:
            return command(playing(m), f)
        except RuleError as exc:
            if type(exc) is not rules.MissionError:
                raise
            raise rules.MissionError(exc.field, namer(m, from_campaign(m))(exc.message), exc.page) from None
        except ValueError as exc:
            raise rules.MissionError("space", namer(m, from_campaign(m))(str(exc))) from None
    return run_it


def refusal_of(m: rules.Mission):
    """`refused(action, **fields)`: the engine's refusal of that step on `m` as it would answer it ("" when it
    goes through), found by running the step's own command on the mission in memory and keeping nothing: a
    button the rules refuse right now is drawn disabled with this reason, never offered to be refused."""
    def refused(action: str, **fields) -> str:
        schema, command = ACTIONS[action]
        try:
            refusing(command)(m, command_type(schema)(**fields))
        except RuleError as exc:
            return said(exc)
        return ""
    return refused


@bp.get("/<int:mission_id>/dice")
def dice(mission_id: int):
    """Whether the dice entered so far (the adversary form's roll_N, not yet sent) let the AI's turn be applied:
    the engine's refusal of Apply with them, said beside the button that stays disabled until it is "" (each
    face tapped asks again: the engine knows which later die the earlier ones call for)."""
    m = mission_row(mission_id).mission
    rolls = {name: request.args[name] for name in (f"roll_{n}" for n in range(1, forms.ROLLS + 1))
             if request.args.get(name) in forms.ROLL_FACES}
    return render_template("mission_table/_dice_check.html", why=refusal_of(playing(m))("adversary", **rolls))


MISSION = Area("mission", store.JOURNAL, page=page, field=tapped_field,
               url=lambda mission_id: url_for("mission_table.show", mission_id=mission_id))
history_routes(bp, MISSION, "/<int:mission_id>", log="/log", log_template="mission_table/log.html",
               log_context=log_context, poll=True)


@bp.post("/<int:mission_id>/do/<action>")
def act(mission_id: int, action: str):
    """One step of the mission through the one command path (commands.run): 422 naming the field for bad input
    or a refused rule, 409 with the current state when another device saved first, and the current state (200)
    when this very request was applied before and only its answer was lost."""
    if action not in ACTIONS:
        abort(404)
    schema, command = ACTIONS[action]
    # whichever change completes the characters' choices (a choice, a card named, the event's adversary placed,
    # a correction defeating the last one still to choose) reveals the cards with it (rules.revealed_once_chosen)
    return run(MISSION, mission_id, schema, refusing(lambda m, f: rules.revealed_once_chosen(command(m, f))))


@bp.post("/<int:mission_id>/card")
def typed_card(mission_id: int):
    """A card of one of the table's own decks that came up and that the app did not have: typed in one line, it
    joins the card library (an entry of its own) and the mission's deck as the card that came up, in one
    transaction; the AI plans the turn from it. Refused (422, nothing saved) naming the line's part."""
    answer_with(partial(page, mission_id), field=tapped_field)
    f = parse(forms.TypedCardForm)
    db = get_db()
    m = mission_row(mission_id).mission
    _, library = card_store.get(db)
    kind, deck = library_deck(library, f.deck.partition("|")[0])  # a deck two types share: its key
    entry = parse_card_form(kind, {"deck": deck, "name": f.name, "line": f.line,  # ValidationError: 422
                                   "rounds": rules.next_event_rounds(m)})
    card = engine_card(kind, entry.entry)
    command = refusing(lambda m, f: rules.revealed_once_chosen(rules.type_card(m, f.deck, card)))
    try:
        result = card_store.with_typed_card(db, mission_id, lambda doc: command(doc, f),
                                            replace(entry, from_table=True), seen_version=seen_version(f),
                                            request_id=f.request_id, fingerprint=fingerprint())
    except CardFileError as exc:  # the library would no longer be a valid card file (a deck grown too large)
        raise rules.MissionError("line", str(exc)) from None
    return page(mission_id, result=result) if is_htmx() else go(url_for(".show", mission_id=mission_id))


@bp.post("/<int:mission_id>/delete")
def delete(mission_id: int):
    """A one-off mission deleted for good (a backup is taken first). A campaign's mission is abandoned instead
    (`rules.abandon`): its failure belongs in the campaign book."""
    row = mission_row(mission_id)
    answer_with(partial(page, mission_id))
    if row.campaign_id is not None:
        return page(mission_id, 422, errors={"confirm": "A campaign's mission is abandoned and recorded as a failure "
                                                        "in its campaign book, not deleted."})
    parse(forms.DeleteMissionForm)
    backups.take(Path(current_app.config["DATABASE"]), "before-delete")
    store.JOURNAL.delete(get_db(), mission_id)
    return go(url_for("home.index"))


@bp.post("/<int:mission_id>/record")
def record(mission_id: int):
    """The finished mission into its campaign's book, once (`missions.record_mission`): result, party, nova
    cells, orbs, treasures from the table, and on a success the rewards printed in the Mission book from the
    form."""
    row = mission_row(mission_id)
    answer_with(partial(page, mission_id))
    if row.mission.result is None or row.campaign_id is None:
        return page(mission_id, 422, errors={"result": "Only a finished mission of a campaign is recorded."})
    f = parse(BookRewardsForm)

    def command(m):
        report = campaign_rules.with_book_rewards(rules.mission_report(m), f.sp, f.vanished_tech, f.fame,
                                                  tuple(f.unlocks), f.difficulty)
        return row.campaign_id, lambda c: campaign_rules.record_mission(c, content(), report)

    def keep():  # a success's rewards, as typed or confirmed, offered next time (the card library)
        if row.mission.result.success:
            keep_book_rewards(row.mission.mission_id, f)
    store.record_in_campaign(get_db(), mission_id, command, request_id=f.request_id,  # AlreadyRecorded: 409
                             fingerprint=fingerprint(), also=keep)
    backups.take(Path(current_app.config["DATABASE"]), "mission-result")
    return go(url_for("missions.show", campaign_id=row.campaign_id))

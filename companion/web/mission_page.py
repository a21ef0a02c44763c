"""The mission page as the table sees it: what the AI plans for the adversary whose turn it is, the map as
drawn, who is named how, the next step in the action bar, and the page's context (MissionPage), built by one
function. It renders what the engines decide and decides nothing itself; the routes are web/mission_table.py."""
from __future__ import annotations

import hashlib
import re
from itertools import permutations, product
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable

from flask import current_app, request

from ..phantom import play as rules
from ..phantom.conditions import CONDITIONS  # the toggles: every condition of conditions.json
from ..phantom.decision import COLORS, DIRECTIONS
from ..phantom.dice import DIE_NAMES
from ..phantom.hazards import hazard_rules
from ..phantom.hexmap import HAZARDS, OBJECTS
from ..phantom.mapedit import fitted_size
from ..phantom.mapview import badge, figure_marks, map_view, nova_marks, plan_view
from ..phantom.missions import draw_rating
from ..phantom.turn import resolve_turn
from ..schemas.forms import mission_table as forms
from ..store import campaigns as campaign_store
from ..store import mission_table as store
from .database import get_db
from .missions import offered
from .pages import DocumentPage, document_state
from .render import content, is_htmx


def hazards():
    """hazards.json's rules (validated at start-up): what entering each hazard does."""
    return hazard_rules(current_app.extensions["phantom_files"]["hazards.json"]["hazards"])


def playing(m: rules.Mission) -> rules.Mission:
    """A mission set up before hazards were applied carries no hazard rules: it takes today's."""
    return m if m.hazard_rules else replace(m, hazard_rules=hazards())


MAP_HEADER = "X-Map-Drawing"  # the drawing a page shows (missiontable.js sends its map's data-drawing)
SHEET_HEADER = "X-Sheet"  # the figure whose sheet a page shows open (missiontable.js), kept across its taps
# "open" while a page shows the attack helper opened (missiontable.js): its answers draw the helper's form again
# (a refused attack keeps its choices); to other taps the helper is a folded part fetched when opened.
ATTACK_HEADER = "X-Attack-Helper"
PARTS_HEADER = "X-Parts"  # "id:key …": the side panel's parts a page holds (missiontable.js), each by its key

# A part of the side panel: one panel (panels hold no section of their own); its key hashes what it shows,
# less what changes with every answer (the version seen, request ids, the CSRF token, the sheet swapped alone).
PANEL = re.compile(r'<section class="(panel[^"]*)" id="([^"]+)"[^>]*>.*?</section>', re.S)
VOLATILE = re.compile(r'<input type="hidden" name="(?:version|request_id|csrf_token)" value="[^"]*">| hx-swap-oob="true"')


def keyed_parts(html: str, held: str, version: int) -> str:
    """`html` with each side-panel part keyed (data-key); in a tap's answer, a part the page already holds as
    it is (`held`, PARTS_HEADER, less the one whose form was sent) goes as an empty placeholder (data-kept),
    the part the page holds put back in its place by missiontable.js with this `version`: a move re-sends
    what it changed, not the panels it left as they were."""
    kept = dict(pair.partition(":")[::2] for pair in held.split())

    def part(found: re.Match) -> str:
        whole, classes, ident = found.group(0), found.group(1), found.group(2)
        key = hashlib.sha1(VOLATILE.sub("", whole).encode()).hexdigest()[:12]
        if kept.get(ident) == key:
            return f'<section class="{classes}" id="{ident}" data-key="{key}" data-kept="{version}"></section>'
        return whole.replace(f'id="{ident}"', f'id="{ident}" data-key="{key}"', 1)
    return PANEL.sub(part, html)


def mission_row(mission_id: int):
    return store.JOURNAL.get(get_db(), mission_id)  # store.NotFound: 404 (web/answers.py)


def plan(m: rules.Mission, step: rules.NextStep | None = None):
    """The AI's plan for the adversary whose turn it is, before any die is rolled (turn.py): only while the
    engine's next step (`step`, when the caller has it) is that adversary's turn (a finished mission plans
    nothing)."""
    step = step or rules.next_step(m)
    if step.step != "adversary-turn":
        return None
    figure = m.figure(step.figure)
    resolution = resolve_turn(rules.adversary_scenario(playing(m)))
    where = {f.id: f.at for f in m.board.figures}
    # The first roll is needed now; the later ones only if the results call for them (attack.py).
    to_roll = [(target, r, "accuracy" if r.startswith(DIE_NAMES["accuracy"]) else "attack")
               for target, r in resolution.to_roll]
    return {"resolution": resolution, "view": plan_view(m.map, figure.at, resolution.steps, where),
            "to_roll": to_roll, "guards": defenders(m, resolution),
            "critical": getattr(m.kind(figure.type), "critical", None)}


def defenders(m: rules.Mission, resolution) -> list[str]:
    """What the turn was planned with beyond the cards, as the engine says it: the round's Event card effects
    (`event_notes`), and the Guard this round of each character it attacks, with where it comes from
    (`round_guard`)."""
    attacked = dict.fromkeys(t.target for s in resolution.steps for t in s.targets)
    return list(rules.event_notes(m)) + [rules.round_guard(m, c.id)[1] for c in m.characters if c.id in attacked]


def bosses(m: rules.Mission) -> list[dict]:
    """Each boss board in play: the Boss card drawn this round and the actions it calls, its initiative and why,
    the cards kept beside the board, and whether its card may still be redrawn (`may_redraw_boss_card`)."""
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


# id(map) -> (map, view, painted SVG, grid SVG, key): the map is drawn once per mission. Shared by waitress's
# threads, hence the lock around every read and write (two threads may both draw a new map: harmless).
_DRAWN: dict = {}
_DRAWN_KEEP = 8
_DRAWN_LOCK = threading.Lock()


def drawing(hexmap):
    """The map's SVG without its figures, the tap grid, and a key naming that drawing (a digest of it: a page
    sends it back, and gets the drawing again only when it changed); redrawn only when the map itself changes
    (a door).

    A mission's steps keep the same HexMap object (store.mission_table reads each snapshot once), so
    every page of a mission reuses one drawing: the 30x24 map's 720 spaces are not re-rendered per tap."""
    with _DRAWN_LOCK:
        hit = _DRAWN.get(id(hexmap))
    if hit is not None and hit[0] is hexmap:
        return hit[1:]
    columns, rows = fitted_size(hexmap)
    view = map_view(hexmap, columns, rows)
    macros = current_app.jinja_env.get_template("_hexmap.svg.html").module
    painted = macros.painted(view)
    drawn = (view, painted, macros.grid(view), hashlib.sha1(str(painted).encode()).hexdigest()[:16])
    with _DRAWN_LOCK:
        _DRAWN[id(hexmap)] = (hexmap,) + drawn
        while len(_DRAWN) > _DRAWN_KEEP:
            _DRAWN.pop(next(iter(_DRAWN)))
    return drawn


def namer(m: rules.Mission, campaign_id):
    """What the table reads for a figure id in a page's text. A campaign's characters are on the map under the
    campaign's ids (c1, c2: the result goes back to them), which mean nothing at the table: their names
    are shown instead. A one-off mission's ids are made from the names typed (`one_off_id`: "Lio" is lio):
    the name is shown as typed."""
    names = {c.id: c.name for c in m.characters
             if c.id != c.name and (campaign_id or c.id == rules.one_off_id(c.name))}
    if not names:
        return str
    # An explanation's sentence may start with the id capitalized ("C3 loses 6 HP"): matched in any case.
    ids = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w-])",
                     re.IGNORECASE)
    lower = {k.lower(): v for k, v in names.items()}
    return lambda text: ids.sub(lambda found: lower[found.group(1).lower()], str(text))


def from_campaign(m: rules.Mission) -> bool:
    """Whether the characters carry a campaign's ids rather than ids made from their names (a refusal has
    the mission, not its row)."""
    return any(c.id != rules.one_off_id(c.name) for c in m.characters)


@dataclass(frozen=True)
class Button:
    """One thing the table does next, drawn in the fixed action bar: a step of its own (`action`), or the submit
    button of a panel's form (`form`) whose fields (dice, orbs, a tie's order) are filled in the panel."""

    label: str
    action: str = ""
    form: str = ""
    id: str = ""


@dataclass(frozen=True)
class ActionBar:
    """What the fixed action bar holds: the one or two steps the round calls for now, or a hint saying what the
    table taps instead (a space on the map, a character's AP)."""

    steps: tuple[Button, ...] = ()
    hint: str = ""
    why: str = ""  # the engine's reason the round's next step waits, with the page


def action_bar(m: rules.Mission, step: rules.NextStep, plan_now, named: Callable[[str], str]) -> ActionBar:
    """The engine's next step (`rules.next_step`) as the bar offers it: its button, or while it waits, what to
    tap first."""
    first = m.character(step.waiting[0]).name if step.waiting else ""
    ends = (Button("All adversaries defeated: objective met", "objective", id="all-defeated"),) \
        if step.ends == "all-adversaries-defeated" else ()
    if not step.step:
        return ActionBar(hint="The mission is over.")
    if step.step in ("begin-round", "reveal") and not step.allowed and not first:
        # no one to wait for: the draw waits for a card of the table's own decks (step.why names them)
        return ActionBar(hint="The round waits for your own cards:", why=step.why)
    if step.step == "begin-round":
        if not step.allowed:
            return ActionBar(hint=f"Tap an entry point (E) on the map for {first}.", why=step.why)
        return ActionBar(hint=f"Round {step.round}: tap the face the decision die shows, in the panel.")
    if step.step == "reveal":
        if not step.allowed:
            return ActionBar(hint=f"{first}: enter the AP of the cards chosen, or rest.", why=step.why)
        if step.needs == "order":
            return ActionBar(ends, "Tied characters: tap the order they go in, the turn order is revealed with it.")
        return ActionBar(ends + (Button("Reveal: turn order", "reveal"),),
                         f"Event #{m.round.event.number} first: once its adversaries are placed, the turn order "
                         "shows by itself." if step.needs == "event" else "")
    if step.step == "end-turn":
        said = rules.end_turn_says(m).said  # what it ends: whose turn, and a turn with no move said so (issue 38)
        label = f"{said}: retrieve {step.pick_up} nova cell{'s' if step.pick_up != 1 else ''}" if step.pick_up \
            else said
        end = Button(label, form="end-turn-form", id="end-turn") if step.needs == "orbs" \
            else Button(label, "end-turn", id="end-turn")
        rest = rules.rest_turn(m)
        hint = rest.said if rest.allows else f"{rules.name_of(m, step.figure)}: tap the space it went to."
        return ActionBar(ends + (end,), hint)
    if step.step == "adversary-turn":
        dice = "Enter the dice, then apply." if plan_now and plan_now["to_roll"] else ""
        return ActionBar((Button("Apply the turn", form="adversary-form", id="apply"),), dice)
    if step.step == "next-turn":
        return ActionBar(ends + (Button("Next turn: " + named(step.figure), "next"),))
    return ActionBar(ends + (Button(f"End round {step.round}", "end-round"),))


@dataclass(frozen=True)
class MissionPage(DocumentPage):
    """Everything mission_table/mission.html shows, built by `context` alone (a test holds the fields to what the
    template reads)."""

    mission_id: int
    row: store.MissionRow
    m: rules.Mission
    rnd: Any  # the round in play, or None before the first
    view: Any  # the map's geometry as drawn (mapview.map_view)
    painted: Any  # the map's SVG without figures (drawn once per map: `drawing`)
    grid: Any  # the tap grid's SVG
    map_key: str  # names the drawing: a page sends it back with each tap (MAP_HEADER)
    map_changed: bool  # the page asking shows another drawing (or none): an answer sends the map again
    figures: list  # each figure as a mark on the map
    order: list  # the turn order
    current: Any  # the figure whose turn it is, or None
    current_conditions: list  # its conditions as toggles (`condition_toggles`)
    plan: dict | None  # the AI's plan for the adversary whose turn it is
    unplaced: list  # characters still to be placed before round 1
    choosing: list  # characters still to choose their cards this round
    ties: tuple  # character initiative ties the table breaks, with the initiative tied
    tie_orders: tuple  # the orders the players may give them, one step each (`tie_orders`)
    reach: dict  # what the current character's turn can end next to
    character: Any  # the current figure's character, when it is one
    closed_doors: list
    passed_hazards: rules.PassedHazards  # what the current character's Move may have entered on the way
    hazard_kinds: Any
    sources: Any  # who placed an adversary (the place-adversary form's choices)
    report: Any  # the finished mission's report, or None
    colors: Any
    bosses: list
    directions: Any
    die_faces: Any  # the decision die's faces as printed (dice.json): one tap each
    object_states: Any  # the states the table may correct an object to
    attack_faces: Any
    accuracy_faces: Any
    inflicted: Any  # the conditions an Attack may inflict (the attack form's choices)
    result: Any
    named: Callable[[str], str]  # figure ids in a text said as the table knows them
    book: dict | None  # what the Mission book's rewards may name, for a finished campaign mission
    action_bar: ActionBar  # what the table does next, in the fixed bar
    turn: "CardTurn"  # what the current character's cards may do: its reach, Attack targets, Heal allies
    nova: tuple = ()  # nova cells on the map: (x, y, count, label)
    event_task: rules.EventTask | None = None  # what the round's Event card asks of the table (`rules.event_task`)
    deck_prompts: tuple = ()  # the table's own decks whose card the next draw waits for (`rules.deck_prompts`)
    next_event_rounds: str = "1-5"  # the rounds printed on the Event card the table turns next (rules.next_event_rounds)
    sheet: dict | None = None  # the figure whose sheet is open (`figure_sheet`), or None
    attack_helper: bool = True  # the attack helper's form is drawn: the whole page, an attack's answer (a refusal
    # keeps the choices), a page that has it open (ATTACK_HEADER); else it is fetched when opened
    refused: Callable[..., str] = lambda action, **fields: ""  # a step's refusal now, "" if it goes (mission_table)
    answer: str = "page"  # the whole page, or an htmx answer of parts swapped out of band: "tap", "poll" (leaves
    # the message on screen)


def context(mission_id: int, errors=None, result=None, conflict=None) -> MissionPage:
    db = get_db()
    row = mission_row(mission_id)
    m = row.mission
    view, painted, grid, map_key = drawing(m.map)
    rnd = m.round
    current = m.figure(rnd.current) if rnd and rnd.current else None
    named = namer(m, row.campaign_id)
    step = rules.next_step(m)
    the_plan = plan(m, step)
    waiting = [m.character(cid) for cid in step.waiting]
    reach = within_reach(m, current)
    return MissionPage(
        mission_id=mission_id, row=row, m=m, rnd=rnd, view=view, painted=painted, grid=grid, map_key=map_key,
        map_changed=request.headers.get(MAP_HEADER) != map_key,
        figures=figure_marks(m.map, m.board.figures, {c.id: c.name for c in m.characters}, rnd.current if rnd else None,
                             {k.type for k in m.kinds if isinstance(k, rules.BossKind)},
                             {c.id: f"{c.bandages}/{c.bandage_slots}" for c in m.characters
                              if c.bandage_slots is not None}),
        order=rules.turn_order(m), current=current, current_conditions=condition_toggles(current), plan=the_plan,
        unplaced=waiting if step.step == "begin-round" else [], choosing=waiting if step.step == "reveal" else [],
        ties=step.ties, tie_orders=tie_orders(m, step.ties), reach=reach,
        character=m.character(current.id) if current and current.side == "character" else None,
        closed_doors=sorted(m.map.label(h) for h, state in m.map.door_states.items() if state == "closed"),
        passed_hazards=rules.passed_hazards(m), hazard_kinds=HAZARDS, sources=forms.PLACED_BY,
        report=rules.mission_report(m) if m.result else None, colors=COLORS, bosses=bosses(m),
        directions=DIRECTIONS, die_faces=content().dice.decision.faces,
        object_states=OBJECTS,
        attack_faces=forms.ATTACK_FACES, accuracy_faces=forms.ACCURACY_FACES, inflicted=forms.INFLICTED,
        result=result, named=named, book=book_rewards(db, row),
        action_bar=action_bar(m, step, the_plan, named),
        turn=card_turn(m, current), nova=nova_marks(m.map, m.nova_cells), event_task=rules.event_task(m),
        deck_prompts=tuple(p for p in rules.deck_prompts(m) if not p.last), next_event_rounds=rules.next_event_rounds(m),
        sheet=figure_sheet(m),
        attack_helper=(not is_htmx() or request.headers.get(ATTACK_HEADER) == "open"
                       or request.view_args == {"mission_id": mission_id, "action": "attack"}),
        **document_state(store.JOURNAL, mission_id, errors, conflict))


def figure_sheet(m: rules.Mission) -> dict | None:
    """The sheet of the figure the table tapped (?sheet=<id>, then the page's X-Sheet header while it stays
    open; "?sheet=" closes it): its HP, its conditions each on or off with its badge, its bandages. None when
    no figure on the map is asked for."""
    asked = request.args["sheet"] if "sheet" in request.args else request.headers.get(SHEET_HEADER, "")
    figure = m.figure(asked) if asked and not m.result else None
    if figure is None:
        return None
    ch = m.character(figure.id) if figure.side == "character" else None
    return {"figure": figure, "at": m.map.label(figure.at), "conditions": condition_toggles(figure),
            "bandages": f"{ch.bandages}/{ch.bandage_slots}" if ch and ch.bandage_slots is not None
            else (str(ch.bandages) if ch else None)}


def condition_toggles(figure) -> list:
    """Every condition of conditions.json for a figure's toggles: (name, its badge, whether it has it)."""
    return [(name, badge(name), figure.has_condition(name)) for name in CONDITIONS] if figure else []


def tie_orders(m: rules.Mission, ties) -> tuple:
    """Each order the players may give the tied characters (the engine's `ties`): (what it reads, the reveal form's
    order_N fields), one tap each instead of a radio group per place that could name a character twice."""
    groups = [permutations(group) for group, _ in ties]
    out = []
    for orders in product(*groups):
        chosen = [cid for order in orders for cid in order]
        label = "; ".join(", then ".join(m.character(cid).name for cid in order) for order in orders)
        out.append((label, {f"order_{n}": cid for n, cid in enumerate(chosen, 1)}))
    return tuple(out)


def log_context(mission_id: int) -> dict:
    """The log page names figures as the mission page does; it draws no map."""
    row = mission_row(mission_id)
    return {"mission_id": mission_id, "row": row, "named": namer(row.mission, row.campaign_id)}


def book_rewards(db, row) -> dict | None:
    """For a finished campaign mission not yet recorded: the planets, the missions its rewards may unlock, and
    the Mission book's rewards as the table typed them (`offered`, None where nobody has), to fill the form in,
    and the difficulty rating offered (`draw_rating`)."""
    if row.mission.result is None or row.campaign_id is None or row.recorded_at:
        return None
    try:
        c = campaign_store.JOURNAL.get(db, row.campaign_id).campaign
    except campaign_store.NotFound:  # its campaign deleted since: nothing to record into
        return None
    info = content()
    book, lockable = offered(c, info, row.mission.mission_id)
    difficulty = draw_rating((book or {}).get("difficulty"), row.mission.difficulty)
    typed = request.method == "POST" and request.form.get("_form") == "record"  # a refused form: as it was sent
    return {"planets": info.planets, "lockable": lockable, "offered": book or {}, "difficulty": difficulty,
            "open": {x.id for x in lockable if c.missions[x.id].available},
            "unlocked": request.form.getlist("unlocks") if typed else list((book or {}).get("unlocks") or ()),
            "checked": request.form.get("book_checked") == "on" if typed else bool(book and book["verified"])}


def within_reach(m: rules.Mission, figure) -> dict:
    """What a character's turn can end next to (the engine's `within_reach`), labelled for the turn sheet."""
    if figure is None or figure.side != "character":
        return {"orbs": [], "treasures": [], "nova_cells": 0}
    reach = rules.within_reach(m, figure.id)
    return {"orbs": [m.map.label(h) for h in reach.orbs], "treasures": [m.map.label(h) for h, _ in reach.treasures],
            "nova_cells": reach.nova_cells}


@dataclass(frozen=True)
class CardTurn:
    """What the current character's cards may do on the page (empty when it is no character's turn), each as the
    engine decides it."""
    reachable: tuple = ()  # (label, MP): the spaces it can end a Move on and the fewest MP (`reachable_costs`)
    targets: rules.AttackTargets = rules.AttackTargets()  # what an Attack may target (`attack_targets`)
    allies: tuple = ()  # (figure id, name) a Heal may target: itself and the other characters
    lines: tuple = ()  # the lines of sight the attacker may choose between (`sight_lines`)
    rest: rules.RestTurn = rules.RestTurn()  # a rest turn: what it allows and refuses (`rest_turn`)
    critical: rules.CriticalOffer = rules.CriticalOffer()  # a Critical Strike's abilities to activate
    base_range: int = 1  # the base range of its class board's weapon
    rolls: tuple = ()  # (target, fewest, most) Accuracy rolls its lines need (`attack_lines`)
    faces: rules.MoveFaces = rules.MoveFaces()  # the MP of a Move or Leap, a tap each (`move_faces`)
    # the card's range the targets were asked with, (modifier, explicit or None, the target chosen, kept checked)
    attack_range: tuple = (0, None, "")

    @property
    def accuracy_dice(self) -> int:
        """The Accuracy dice the helper offers at most: what the most crossed line needs."""
        return max((most for _, _, most in self.rolls), default=0)

    def fewest_rolls(self, target: str) -> int:
        return next((fewest for t, fewest, _ in self.rolls if t == target), 0)

    @property
    def reach_by_cost(self) -> str:
        """`reachable` as the move form carries it (data-reach, read by missiontable.js): each MP cost followed
        by the spaces it reaches, "1 C-21 B-20 2 D-21 …", fewest first; on a large map a third lighter than a
        cost beside every space, and sent with every move."""
        by_cost: dict[int, list[str]] = {}
        for label, cost in self.reachable:
            by_cost.setdefault(cost, []).append(label)
        return " ".join(f"{cost} {' '.join(labels)}" for cost, labels in sorted(by_cost.items()))


def card_turn(m: rules.Mission, figure, range_modifier: int = 0, attack_range: int | None = None,
              chosen: str = "") -> CardTurn:
    """The current character's choices; its Attack's targets as the card's range allows (`range_modifier`,
    `attack_range`: the attack helper asks them again as the range is typed, `chosen` the target kept)."""
    if figure is None or figure.side != "character":
        return CardTurn()
    allies = tuple((f.id, rules.name_of(m, f.id)) for f in m.board.figures if f.side == "character")
    targets = rules.attack_targets(m, range_modifier, attack_range)
    rest = rules.rest_turn(m)
    lines, rolls = rules.attack_lines(m, figure.id, targets)
    costs = {} if rest.allows else rules.reachable_costs(m, figure.id)
    faces = rules.MoveFaces() if rest.allows else rules.move_faces(m, figure.id, costs)
    return CardTurn(tuple(costs.items()), targets, allies, lines, rest, rules.critical_offer(m), figure.range, rolls,
                    faces, (range_modifier, attack_range, chosen))

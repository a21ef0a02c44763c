"""Figures during the round: a new adversary (p.26), moves and the hazards entered (p.24, p.33-34), doors
and Hazard tokens (p.34, p.38), HP, Heal and bandages (p.23, p.25), conditions (p.37), a mission's primary
target (p.27), and defeat (p.23, p.26, p.30)."""
from __future__ import annotations

from dataclasses import replace

from .. import conditions
from ..attack import AttackError, Combatant, apply_conditions, condition_name
from ..board import Figure
from ..boss import attributes, nova_cells_dropped
from ..decision import COLORS
from ..hazards import HazardError, enter
from ..hexmap import HAZARDS, Hex
from ..placing import place_new_adversary
from .decks import discard_drawn
from .state import (
    AdversaryKind, AdversaryState, BossKind, EventCard, Mission, MissionError, Update, check_color, color_name,
    figure_on_map, map_order,
    finished, in_phase, living_character, not_over, not_resting, parse_space, with_character, with_choice,
    with_deck,
)
from ...record import record

# Where an adversary came from: set-up, mission text, a mission event, an Event card (p.26: the last two drop
# no nova cells).
SOURCES = ("map", "mission", "mission-event", "event")
NO_NOVA_CELLS = ("mission-event", "event")


def new_adversary_colors(mission: Mission, type_: str) -> tuple[str, ...]:
    """The colors a new adversary of `type_` may take: those with the fewest of that type on the map; the
    players choose between them (p.26)."""
    counts = {c: 0 for c in COLORS}
    for f in mission.board.figures:
        if f.side == "adversary" and f.type == type_ and f.color in counts:
            counts[f.color] += 1
    fewest = min(counts.values())
    return tuple(c for c in COLORS if counts[c] == fewest)


def place_adversary(mission: Mission, type_: str, at: str, source: str = "mission", color: str | None = None) -> Update:
    """A new adversary during the mission (p.26): on the indicated space, or the closest empty one if it is
    occupied (decision die); the HP-base color with the fewest of its type (the players choose on a tie);
    none if every standee of the type is in play; no turn this round if the cards were already drawn."""
    not_over(mission)
    kind = mission.kind(type_)
    if source not in SOURCES:
        raise MissionError("source", f"must be one of {', '.join(SOURCES)}, not {source!r}")
    h = parse_space(mission.map, at, "at")
    living = [f for f in mission.board.figures if f.side == "adversary" and f.type == type_]
    standees = kind.standees if isinstance(kind, AdversaryKind) else 1
    if standees is not None and len(living) >= standees:
        return Update(mission, (f"every {type_} standee ({standees}) is already in play, so the new adversary is "
                                "not placed (p.26)",))
    reasons = []
    if isinstance(kind, BossKind):
        color = kind.color if color is None else check_color(color)
        a = attributes(kind.boss, mission.embarked)
        hp, attack, guard, rng = a.hp, a.attack, a.guard, a.range
        reasons.append(a.reason)
    else:
        options = new_adversary_colors(mission, type_)
        if color is None:
            color = options[0]
            if len(options) > 1:
                reasons.append(f"{', '.join(color_name(c) for c in options)} have the fewest {type_}: the players may "
                               f"choose; {color_name(color)} is taken (p.26)")
        elif check_color(color) not in options:
            raise MissionError("color", f"{color!r} is not among the colors with the fewest {type_} "
                                        f"({', '.join(options)}) (p.26)")
        hp, attack, guard, rng = kind.hp, kind.attack, kind.guard, kind.range
    die = mission.round.die if mission.round else None
    spot = place_new_adversary(mission.board, h, die)
    reasons.extend(spot.reasons)
    if spot.at is None:
        return Update(mission, tuple(reasons))
    number = 1 + sum(1 for a in mission.adversaries if a.type == type_)
    fid = f"{type_}-{number}"
    figure = Figure(fid, "adversary", spot.at, color, type_, hp, hp, attack, guard, rng)
    mission = replace(mission, board=mission.board.with_figure(figure),
                      adversaries=mission.adversaries + (AdversaryState(fid, type_, source),))
    reasons.insert(0, f"{fid} ({color_name(color)}) is placed (p.26)")
    if spot.at in mission.map.hazard_at:
        reasons.append(f"{fid} has entered the space it is placed in: the hazard's effect occurs at once (p.26, p.34)")
        mission, why = apply_hazard(mission, figure, spot.at)
        reasons.extend(why)
    rnd = mission.round
    if rnd is not None and source == "event":
        mission = replace(mission, round=replace(rnd, event_placed=rnd.event_placed + 1))
    if rnd is not None and rnd.phase == "turns":
        reasons.append(f"Adversary Action cards were already drawn this round, so {fid} takes no turn until the "
                       "next round (p.26)")
    if source in NO_NOVA_CELLS:
        reasons.append(f"placed by {'an Event card' if source == 'event' else 'a mission event'}: it will drop no "
                       "nova cells (p.26)")
    return Update(mission, tuple(reasons))


@record
class EventTask:
    """What the round's Event card asks of the table (p.12 step 2, p.26, p.59): adversaries it still places
    (`remaining`, of `types`; each type's free placement icons offered first, `icons`), or its mission event /
    event adversary to follow in the Mission book, with what the table recorded (`done`)."""
    event: EventCard
    types: tuple[str, ...]
    icons: tuple[tuple[str, tuple[str, ...]], ...]
    remaining: int
    done: tuple[str, ...]

    @property
    def open(self) -> bool:
        """Whether the card still has adversaries to place: step 2 comes before the reveal (p.12). What the
        Mission book asks is done at the table and only noted here, so it keeps nothing open."""
        return self.remaining > 0


def event_task(mission: Mission) -> EventTask | None:
    """The round's Event card while the table acts on it, else None."""
    rnd = mission.round
    event = rnd.event if rnd is not None and mission.result is None else None
    if event is None or not (event.places or event.book):
        return None
    types = tuple(k.type for k in mission.kinds if event.places_type in (None, k.type))
    placed = dict(mission.map.placements)
    free = [h for h in sorted(placed, key=lambda h: map_order(mission.map, h)) if h not in mission.board.figure_at]
    remaining = max(0, event.places - rnd.event_placed)
    icons = tuple((t, labels) for t in types
                  if (labels := tuple(mission.map.label(h) for h in free if placed[h].type == t)) and remaining)
    return EventTask(event, types, icons, remaining, rnd.event_done)


def move_figure(mission: Mission, figure_id: str, to: str) -> Update:
    """Where a figure went (tapped on the map). It must end on an empty space or a hazard (p.24, p.34). A
    hazard it ends on is entered, after a Move or a Leap alike (p.24, p.33); one it only passed through on a
    Move is the players' to say (`enter_hazard`)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    not_resting(mission, figure.id, "Move or Leap")
    h = parse_space(mission.map, to, "to")
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != figure.id:
        raise MissionError("to", f"{to!r} already holds {here.id}")
    m = mission.map
    if m.is_blocking_object(h) or h in m.closed_doors or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        raise MissionError("to", f"{to!r} is not an empty space or a hazard: a movement ends on one (p.24, p.34)")
    reasons = [f"{figure.id} moves {m.label(figure.at)} -> {m.label(h)}"]
    moved = replace(figure, at=h)
    mission = replace(mission, board=mission.board.with_figure(moved))
    if h in m.hazard_at and h != figure.at:
        mission, why = apply_hazard(mission, moved, h)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def enter_hazard(mission: Mission, figure_id: str, at: str) -> Update:
    """A hazard the figure entered on the way, before the space its Move ended on (p.33: a hazard acts when a
    figure enters it; only a Leap is spared the spaces it passes over, p.24). The table says which."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    h = parse_space(mission.map, at, "at")
    if h not in mission.map.hazard_at:
        raise MissionError("at", f"{at!r} holds no hazard")
    if h == figure.at:
        raise MissionError("at", f"{figure.id} stands on {at}: the hazard it ends on was applied when it moved there")
    kind = mission.map.hazard_at[h]
    mission, why = apply_hazard(mission, figure, h)
    return Update(mission, (f"{figure.id} entered the {kind} hazard on {mission.map.label(h)} on the way",) + why)


def place_hazard_token(mission: Mission, at: str, kind: str) -> Update:
    """A Hazard token placed by an Action card or a mission event (p.38): a figure standing there has not
    entered it; a Trap token goes when it is triggered (p.33). On difficult terrain it replaces the terrain's
    effect until it is removed (p.33)."""
    not_over(mission)
    if kind not in HAZARDS:
        raise MissionError("kind", f"a Hazard token is {', '.join(HAZARDS)}, not {kind!r}")
    h = parse_space(mission.map, at, "at")
    m = mission.map
    if h in m.hazard_at:
        raise MissionError("at", f"{at!r} already holds a {m.hazard_at[h]} hazard")
    if m.is_blocking_object(h) or h in m.door_states or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        raise MissionError("at", f"{at!r} holds an object, a door, a gap or an orb: a Hazard token goes on a space a "
                                 "figure can end on (p.24, p.38)")
    board = replace(mission.board, map=m.with_hazard_token(h, kind))
    return Update(replace(mission, board=board), (f"a {kind} Hazard token is placed on {at} (p.38)",))


def open_door(mission: Mission, at: str) -> Update:
    """A character opens a door by Moving or Leaping through it (p.34)."""
    not_over(mission)
    h = parse_space(mission.map, at, "at")
    if mission.map.door_states.get(h) != "closed":
        raise MissionError("at", f"{at!r} is not a closed door")
    board = replace(mission.board, map=mission.map.with_door(h, "open"))
    return Update(replace(mission, board=board), (f"the door on {at} is open: an empty space from now on (p.34, p.38)",))


def set_hp(mission: Mission, figure_id: str, hp: int) -> Update:
    """A figure's HP as the table counts it; at 0 it is defeated (p.23, p.26)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    if not isinstance(hp, int) or isinstance(hp, bool) or not 0 <= hp <= figure.max_hp:
        raise MissionError("hp", f"{figure.id}'s HP is 0 to {figure.max_hp}, not {hp!r}")
    mission = replace(mission, board=mission.board.with_figure(replace(figure, hp=hp)))
    reasons = [f"{figure.id}: HP {figure.hp} -> {hp}"]
    if hp == 0:
        mission, why = defeat(mission, figure)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def heal(mission: Mission, figure_id: str, value: int, by: str | None = None) -> Update:
    """A Heal action (p.25): HP up to the maximum. A character receives a Bandage token each time it recovers
    HP; a Heal on a character whose bandage slots are all full, or who is at full HP, is refused: it would not
    affect it (p.25, p.38, p.41). An Invisible figure is healed only by itself (p.37)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MissionError("value", f"a Heal value is a whole number 0 or more, not {value!r}")
    if figure.invisible and by != figure.id:
        raise MissionError("figure", f"{figure.id} is Invisible: only its own actions affect it (p.37)")
    reasons = []
    ch = next((c for c in mission.characters if c.id == figure.id), None)
    if ch is not None and ch.bandage_slots is not None and ch.bandages >= ch.bandage_slots:
        raise MissionError("figure", f"{ch.name}'s {ch.bandage_slots} bandage slots are full: a Heal action no longer "
                                     "affects it", "38")
    new_hp = min(figure.max_hp, figure.hp + value)
    if new_hp == figure.hp:
        if ch is not None:
            raise MissionError("figure", f"{ch.name} is at full HP: a Heal action restores nothing and gives no "
                                         "Bandage token", "38")
        return Update(mission, (f"{figure.id} is at full HP: nothing to heal (p.25)",))
    mission = replace(mission, board=mission.board.with_figure(replace(figure, hp=new_hp)))
    reasons.append(f"Heal {value}: {figure.id} HP {figure.hp} -> {new_hp} (p.25)")
    if ch is not None:
        mission = with_character(mission, replace(ch, bandages=ch.bandages + 1))
        reasons.append(f"{ch.name} receives a Bandage token ({ch.bandages + 1}"
                       + (f" of {ch.bandage_slots}" if ch.bandage_slots is not None else "") + ") (p.25)")
    return Update(mission, tuple(reasons))


def add_condition(mission: Mission, figure_id: str, name: str) -> Update:
    """A condition inflicted or given (p.37): it refreshes if already there, Burning and Frozen cancel each
    other, Resilient stops a new detrimental one."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    try:
        now, reasons = apply_conditions(Combatant.from_figure(figure), [name])
    except AttackError as exc:
        raise MissionError("condition", str(exc)) from None
    return Update(replace(mission, board=mission.board.with_figure(replace(figure, conditions=now))), reasons)


def remove_condition(mission: Mission, figure_id: str, name: str) -> Update:
    """A condition token removed by an effect at the table (Knocked Down: by spending 1 MP, p.37)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    try:
        c = condition_name(name)
    except AttackError as exc:
        raise MissionError("condition", str(exc)) from None
    if not figure.has_condition(c):
        raise MissionError("condition", f"{figure.id} has no {c} token")
    entry = conditions.rule(c)
    why = f" by spending {entry.stand_up_mp} MP (p.{entry.page})" if entry.stand_up_mp else ""
    return Update(replace(mission, board=mission.board.with_figure(figure.without_condition(c))),
                  (f"{figure.id} removes {c}{why}",))


def discard_to_recover_from_stunned(mission: Mission, character_id: str, card: str) -> Update:
    """A Stunned character discards one of its selected cards to act again (p.37)."""
    rnd = in_phase(mission, "turns")
    ch = living_character(mission, character_id)
    figure = mission.figure(ch.id)
    stop = conditions.no_actions(figure.conditions)
    if stop is None:
        raise MissionError("character", f"{ch.name} is not Stunned")
    choice = rnd.choice(ch.id)
    picked = next((c for c in choice.cards if c.name == card), None) if choice else None
    if picked is None:
        raise MissionError("card", f"{card!r} is not one of {ch.name}'s selected cards this round")
    choice = replace(choice, cards=tuple(c for c in choice.cards if c is not picked))
    mission = with_choice(mission, ch.id, choice)
    mission = with_character(mission, replace(ch, discard=ch.discard + (picked,)))
    mission = replace(mission, board=mission.board.with_figure(figure.without_condition(stop.name)))
    return Update(mission, (f"{ch.name} discards {picked.name} and is no longer {stop.name} (p.{stop.page})",))


def set_primary_target(mission: Mission, figure_id: str | None) -> Update:
    """A mission rule that makes one enemy every adversary's primary target (p.27, p.50); None lifts it."""
    not_over(mission)
    if figure_id is not None:
        figure = figure_on_map(mission, figure_id)
        if figure.side != "character":
            raise MissionError("figure", f"{figure_id!r} is not a character, an enemy of the adversaries (p.26)")
    return Update(replace(mission, primary_target=figure_id),
                  ((f"{figure_id} is every adversary's primary target (p.27)" if figure_id
                    else "adversaries choose their primary targets again (p.27)"),))


def apply_hazard(mission: Mission, figure: Figure, h: Hex) -> tuple[Mission, tuple[str, ...]]:
    """`figure` enters the hazard on h (p.33) with the mission's hazard rules; at 0 HP it is defeated."""
    try:
        done = enter(mission.map, figure, h, mission.hazard_rules)
    except HazardError as exc:
        raise MissionError("at", str(exc)) from None
    board = replace(mission.board, map=done.map).with_figure(done.figure)
    mission = replace(mission, board=board)
    if done.figure.hp <= 0 and done.figure.max_hp:
        mission, why = defeat(mission, done.figure)
        return mission, done.reasons + why
    return mission, done.reasons


def defeat(mission: Mission, figure: Figure) -> tuple[Mission, tuple[str, ...]]:
    if figure.side == "character":
        return defeat_character(mission, figure.id)
    return _defeat_adversary(mission, figure)


def defeat_character(mission: Mission, fid: str) -> tuple[Mission, tuple[str, ...]]:
    """p.23: off the map, conditions removed, temporary and persistent effects discarded, HP restored,
    discarded cards recovered; out of the mission, but still rewarded on success, and its nova cells kept."""
    ch = mission.character(fid)
    board = replace(mission.board, figures=tuple(f for f in mission.board.figures if f.id != fid))
    mission = with_character(replace(mission, board=board), replace(ch, defeated=True, discard=(), lasting=()))
    reasons = [f"{ch.name} is defeated (p.23): removed from the map, conditions removed, temporary and persistent "
               f"effects discarded, HP restored to {ch.max_hp}, discarded cards recovered; evacuated to the Phantom "
               f"Epoch, keeping {ch.nova_cells} nova cell(s), and rewarded if the mission succeeds"]
    rnd = mission.round
    if rnd is not None and rnd.current == fid:
        mission = replace(mission, round=replace(rnd, current=None, at_start=(), done=rnd.done + (fid,)))
    if all(c.defeated for c in mission.characters):
        update = finished(mission, False, reasons + ["Every character has been defeated: the mission is a failure "
                                                     "(p.13)"])
        return update.mission, update.reasons
    return mission, tuple(reasons)


def _defeat_adversary(mission: Mission, figure: Figure) -> tuple[Mission, tuple[str, ...]]:
    state = mission.adversary(figure.id)
    kind = mission.kind(state.type)
    board = replace(mission.board, figures=tuple(f for f in mission.board.figures if f.id != figure.id))
    adversaries = tuple(replace(a, defeated=True) if a.id == figure.id else a for a in mission.adversaries)
    mission = replace(mission, board=board, adversaries=adversaries)
    reasons = [f"{figure.id} is defeated: removed from the map with its conditions (p.26)"]
    if state.source in NO_NOVA_CELLS:
        reasons.append(f"it was placed by {'an Event card' if state.source == 'event' else 'a mission event'}: it "
                       "drops no nova cells (p.26)")
        cells = 0
    elif isinstance(kind, BossKind):
        cells = nova_cells_dropped(mission.difficulty, mission.embarked)
        kept = tuple(c for t, c in mission.persistent if t == state.type)
        if kept:  # p.49: persistent cards are active until the boss is defeated
            key = f"boss:{state.type}"
            mission = replace(mission, persistent=tuple(x for x in mission.persistent if x[0] != state.type))
            mission = with_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + kept))
        reasons.append(f"the boss drops {cells} nova cells: mission difficulty {mission.difficulty} + "
                       f"{mission.embarked} characters embarked, defeated ones included (p.30)")
    else:
        cells = kind.difficulty
        reasons.append(f"it drops {cells} nova cell(s) on {mission.map.label(figure.at)}, its difficulty rating "
                       "(p.26)")
    if cells:
        here = dict(mission.nova_cells)
        here[figure.at] = here.get(figure.at, 0) + cells
        mission = replace(mission, nova_cells=tuple(sorted(here.items())))
    rnd = mission.round
    if rnd is not None:
        if rnd.current == figure.id:
            rnd = replace(rnd, current=None, at_start=(), done=rnd.done + (figure.id,))
        last = not any(f.side == "adversary" and f.type == state.type for f in mission.board.figures)
        drawn = rnd.drawn_for(state.type)
        if last and drawn is not None:
            mission = discard_drawn(replace(mission, round=rnd), state.type, drawn)
            rnd = replace(mission.round, drawn=tuple((t, d) for t, d in rnd.drawn if t != state.type))
            reasons.append(f"it was the last {state.type} on the map: its Adversary Action cards are discarded (p.26)")
        mission = replace(mission, round=rnd)
    return mission, tuple(reasons)

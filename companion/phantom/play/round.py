"""The round flow (p.12-13): the decision die and the event card, rests and card selection, the reveal and
the adversaries' draw, each turn's start and end (cards, pick-ups and orbs, conditions that end), the end
of the round, a Boss card redrawn (p.58), and the mission's result (p.13-14)."""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..attack import condition_name
from ..board import Figure
from ..conditions import ap_factor, ending, held
from ..decision import DecisionDie
from ..hazards import HazardRule, reapply, start_of_turn
from ..hexmap import Hex, HexMap
from ..missions import MissionReport
from .decks import EVENTS, discard_drawn, draw_event, draw_into, event_said
from .figures import defeat_character
from .order import character_ties, initiative, turn_order
from .state import (
    ActionChoice, BossKind, Choice, Drawn, Mission, MissionError, Round, Update, color_name,
    finished, in_phase, living_character, must_choose_first, must_place_first, not_over, parse_space, with_character,
    with_choice, with_deck,
)
from ...record import record

AFTER_NEXT_FULL_TURN = "after-next-full-turn"  # conditions.json's ending of Frozen and Invisible (p.37, p.50)


def begin_round(mission: Mission, die: DecisionDie) -> Update:
    """Steps 1-2 (p.12): the decision die for the whole round, then the event card."""
    not_over(mission)
    if not isinstance(die, DecisionDie):
        raise MissionError("die", f"must be a decision die roll (color, primary, secondary), not {die!r}")
    if mission.round is not None and mission.round.phase != "over":
        raise MissionError("round", f"round {mission.round.number} is not over yet (p.12 steps 7-9)")
    refused = must_place_first(mission)
    if refused:
        raise refused
    number = mission.rounds + 1
    reasons = [f"Round {number}: the decision die shows {_die(die)}, used for every decision this round "
               "(p.12 step 1, p.36)"]
    if EVENTS in mission.physical and EVENTS not in dict(mission.named):
        # The table turns its own Event card after the die (steps 1-2): the round waits for it to be named.
        reasons.append("now turn the Event card and tap which came up (p.12 step 2)")
        return Update(replace(mission, round=Round(number, die, None, event_pending=True), rounds=number),
                      tuple(reasons))
    event, mission, why = draw_event(mission)
    reasons.extend(why)
    reasons.extend(event_said(event))
    rnd = Round(number, die, event)
    return Update(replace(mission, round=rnd, rounds=number), tuple(reasons))


def rest(mission: Mission, character_id: str, modifier: int = 0) -> Update:
    """Step 3 (p.12-13): the character rests this round; its initiative is 1, and an initiative modifier it
    has (equipment) does not apply (p.44)."""
    rnd = in_phase(mission, "select")
    ch = living_character(mission, character_id)
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        raise MissionError("modifier", f"must be a whole number, not {modifier!r}")
    if not ch.discard:
        raise MissionError("rest", f"{ch.name} has no discarded Character Action cards, so may not rest (p.13)")
    if ch.last_rest is not None and ch.last_rest == rnd.number - 1:
        raise MissionError("rest", f"{ch.name} rested in round {ch.last_rest} and may not rest two turns in a "
                                   "row (p.13)")
    return Update(with_choice(mission, ch.id, Choice(rest=True, modifier=modifier)),
                  (f"{ch.name} rests: initiative 1 this round (p.13)",))


def select_cards(mission: Mission, character_id: str, cards: Sequence, modifier: int = 0, guard: int = 0) -> Update:
    """Step 3 (p.12-13): one or more cards from the hand whose AP total is at most the species' maximum AP;
    Frozen doubles every card's AP (p.37, p.50). `modifier` is an initiative modifier (equipment, p.12);
    `guard` the Guard the selected cards give this round (p.21 step 5), added to the equipment's when an
    adversary attacks the character."""
    in_phase(mission, "select")
    ch = living_character(mission, character_id)
    chosen = _check_cards(cards)
    if not chosen:
        raise MissionError("cards", f"{ch.name} must choose one or more Character Action cards, or rest (p.13)")
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        raise MissionError("modifier", f"must be a whole number, not {modifier!r}")
    if not isinstance(guard, int) or isinstance(guard, bool):
        raise MissionError("guard", f"must be a whole number, not {guard!r}")
    out_of_hand = {c.name for c in ch.discard} | {c.name for c, _ in ch.lasting}
    for i, c in enumerate(chosen):
        if c.name in out_of_hand:
            raise MissionError(f"cards[{i}]", f"{c.name!r} is not in {ch.name}'s hand: it was played and is "
                                              "discarded or still in effect (p.13, p.23)")
    figure = mission.figure(ch.id)
    factor, by = ap_factor(figure.conditions) if figure is not None else (1, ())
    total = sum(c.ap for c in chosen) * factor
    how = "doubled" if factor == 2 else f"times {factor}"
    names = " and ".join(c.name for c in by)
    if total > ch.max_ap:
        raise MissionError("cards", f"AP {total}{f' ({how}: {names}, p.37)' if by else ''} is above "
                                    f"{ch.name}'s maximum AP of {ch.max_ap} (p.13)")
    choice = Choice(cards=chosen, modifier=modifier, guard=guard)
    return Update(with_choice(mission, ch.id, choice),
                  (f"{ch.name} selects {len(chosen)} card(s), AP {total}"
                   + (f", {how} by {names} (p.37)" if by else "")
                   + (f", Guard {guard:+d} from them this round (p.21 step 5)" if guard else "") + " (p.13)",))


def reveal(mission: Mission, character_order: Sequence[str] = ()) -> Update:
    """Steps 4-6 (p.12): the cards are revealed, the Adversary Action cards drawn (a species and a class
    card per adversary type, a Boss card per boss; an empty deck reshuffles its discards), and initiative
    determined. `character_order` is the players' order for tied characters (p.12 step 7)."""
    rnd = in_phase(mission, "select")
    refused = must_choose_first(mission)
    if refused:
        raise refused
    order = tuple(character_order)
    for cid in order:
        mission.character(cid)
    if len(set(order)) != len(order):
        raise MissionError("character_order", f"lists a character twice: {list(order)!r}")
    for group in character_ties(mission):
        if not set(group) <= set(order):
            names = ", ".join(mission.character(c).name for c in group)
            raise MissionError("character_order", f"{names} tie at initiative {initiative(mission, group[0])[0]}: "
                                                  "the players decide who goes first (p.12 step 7)")
    reasons = []
    for c in mission.characters:
        ch = rnd.choice(c.id)
        if ch is not None and not ch.rest:
            reasons.append(f"{c.name} reveals {', '.join(f'{a.name} ({a.ap} AP)' for a in ch.cards)} (p.12 step 4)")
    drawn = []
    present = {f.type for f in mission.board.figures if f.side == "adversary"}
    for kind in (k for k in mission.kinds if k.type in present):
        if isinstance(kind, BossKind):
            card, mission, why = draw_into(mission, f"boss:{kind.type}")
            reasons.extend(why)
            drawn.append((kind.type, Drawn(boss=card)))
            reasons.append(f"{kind.type} draws the Boss card {card.name} (p.12 step 5, p.30)")
        else:
            species, mission, why1 = draw_into(mission, f"species:{kind.species}", kind.type)
            klass, mission, why2 = draw_into(mission, f"class:{kind.class_name}", kind.type)
            reasons.extend(why1 + why2)
            drawn.append((kind.type, Drawn(species=species, class_card=klass)))
            reasons.append(f"{kind.type} draws {species.name} from the {kind.species} species deck and {klass.name} "
                           f"from the {kind.class_name} class deck (p.12 step 5)")
    acting = tuple(c.id for c in mission.characters if not c.defeated) + tuple(
        f.id for f in mission.board.figures if f.side == "adversary")
    characters = tuple(replace(c, last_rest=rnd.number) if (rnd.choice(c.id) or Choice()).rest else c
                       for c in mission.characters)
    rnd = replace(rnd, phase="turns", drawn=tuple(drawn), character_order=order, acting=acting)
    mission = replace(mission, round=rnd, characters=characters)
    listing = turn_order(mission)
    reasons.append("Initiative, lowest first: " + ", ".join(f"{i} {fid}" for fid, i in listing.upcoming)
                   + " (p.12 step 6-7)")
    reasons.extend(listing.reasons)
    return Update(mission, tuple(reasons))


def start_next_turn(mission: Mission, keep: Sequence[str] = ()) -> Update:
    """Step 7 (p.12): the next figure's turn begins. A character's start of turn: temporary cards to the
    discard pile (p.23 step 1); on a rest turn its discarded cards come back and its detrimental conditions
    are removed (except those in `keep`) before anything happens (p.13); otherwise Bleeding and Burning hurt
    (p.23 step 2, p.37). An adversary's start of turn is part of its resolution (turn.py)."""
    rnd = in_phase(mission, "turns")
    if rnd.current is not None:
        raise MissionError("turn", f"it is still {rnd.current}'s turn")
    order = turn_order(mission)
    if order.next is None:
        raise MissionError("turn", f"every figure has taken its turn in round {rnd.number}: end the round "
                                   "(p.12 steps 8-9)")
    fid, value = order.upcoming[0]
    figure = mission.figure(fid)
    at_start = ending(figure.conditions, AFTER_NEXT_FULL_TURN)
    mission = replace(mission, round=replace(rnd, current=fid, at_start=at_start, passed=(), attacks_over=False,
                                             critical=None))
    reasons = [f"{fid}'s turn, initiative {value} (p.12 step 7)"]
    if figure.side == "adversary":
        return Update(mission, tuple(reasons))
    ch = mission.character(fid)
    temporary = tuple(c for c, how in ch.lasting if how == "temporary")
    if temporary:
        ch = replace(ch, discard=ch.discard + temporary, lasting=tuple(x for x in ch.lasting if x[1] != "temporary"))
        reasons.append(f"{', '.join(c.name for c in temporary)}: temporary effects end; to the discard pile (p.23)")
    resting = rnd.choice(fid).rest
    if resting and ch.discard:
        reasons.append(f"{ch.name} rests and recovers {len(ch.discard)} discarded card(s) (p.13)")
        ch = replace(ch, discard=())
    mission = with_character(mission, ch)
    after, why = character_turn_start(figure, resting, keep, mission.map, mission.hazard_rules)
    reasons.extend(why)
    mission = replace(mission, board=mission.board.with_figure(after))
    if after.hp <= 0:
        mission, why = defeat_character(mission, fid)
        reasons.extend(why)
    return Update(mission, tuple(reasons))


def character_turn_start(figure: Figure, resting: bool, keep: Sequence[str] = (), hexmap: HexMap | None = None,
                         hazards: Sequence[HazardRule] = ()) -> tuple[Figure, tuple[str, ...]]:
    """The conditions at the start of a character's turn: on a rest turn the detrimental ones are removed
    first (p.13; `keep` those the player keeps) and nothing hurts; on other turns Bleeding and Burning hurt
    as for every figure (hazards.start_of_turn, p.37). Still on a fire or poison hazard of `hexmap`, the
    hazard's condition is reapplied if it is gone, on a rest too (p.33)."""
    if not resting:
        return start_of_turn(hexmap or HexMap(), figure, hazards)
    kept = {condition_name(k, "keep") for k in keep}
    reasons: list[str] = []
    removed = [c.name for c in held(figure.conditions) if c.kind == "detrimental" and c.name not in kept]
    if removed:
        figure = replace(figure, conditions=tuple(c for c in figure.conditions if c not in removed))
        reasons.append(f"{figure.id} removes {', '.join(removed)} at the start of its rest turn (p.13)")
    hurting = [c.name for c in held(figure.conditions) if c.start_of_turn_damage]
    if hurting:
        reasons.append(f"no {' or '.join(hurting)} damage on a rest turn (p.13, p.37)")
    if hexmap is not None:
        figure, why = reapply(hexmap, figure, hazards, resting=True)
        reasons.extend(why)
    return figure, tuple(reasons)


def end_turn(mission: Mission, activate_orbs: Sequence[str] = (), temporary: Sequence[str] = (),
             persistent: Sequence[str] = ()) -> Update:
    """The current figure's turn ends. A character retrieves nova cells and treasure on or next to its space
    (p.25), activates the orbs listed next to it (p.24), and its selected cards go to the discard pile —
    those named `temporary` or `persistent` stay in effect (p.23 steps 3-4). Frozen and Invisible end now if
    the figure had them when this turn began (p.37, p.50)."""
    rnd = in_phase(mission, "turns")
    if rnd.current is None:
        raise MissionError("turn", "no turn is in progress: start the next turn first")
    fid = rnd.current
    reasons: list[str] = []
    figure = mission.figure(fid)
    if figure is not None and figure.side == "character":
        mission = _pick_up(mission, fid, activate_orbs, reasons)
        mission = _discard_selected(mission, fid, temporary, persistent, reasons)
    elif activate_orbs or temporary or persistent:
        raise MissionError("turn", f"{fid} is an adversary: orbs and Character Action cards are for characters")
    return finish_turn(mission, reasons)


def end_round(mission: Mission) -> Update:
    """Steps 8-9 (p.12): the Adversary Action cards and the event are discarded, end-of-round effects are
    performed, and the mission succeeds if its objective was met this round (p.14)."""
    rnd = in_phase(mission, "turns")
    order = turn_order(mission)
    if not order.end_of_round:
        waiting = order.current or order.upcoming[0][0]
        raise MissionError("round", f"{waiting} has not taken its turn yet (p.12 step 7)")
    reasons = []
    for type_, drawn in rnd.drawn:
        mission = discard_drawn(mission, type_, drawn)
    if rnd.drawn:
        reasons.append("All Adversary Action cards drawn for the round are discarded (p.12 step 8)")
    events = mission.events
    if rnd.event is not None:
        events = replace(events, discard=events.discard + (rnd.event,))
        reasons.append(f"Apply any end-of-round effect, such as the event's {rnd.event.name} (p.12 step 9)")
    mission = replace(mission, events=events, round=replace(rnd, phase="over", drawn=()))
    if mission.objective_met:
        return finished(mission, True, reasons + [
            f"The objective was met in round {rnd.number}: the mission succeeds at the end of that round (p.14)"])
    reasons.append("The mission is not complete: play another round (p.12 step 9)")
    return Update(mission, tuple(reasons))


def may_redraw_boss_card(mission: Mission, type_: str) -> bool:
    """Can the boss of `type_` still draw another Boss card this round (p.58)? See `redraw_boss_card`."""
    return _no_redraw(mission, type_) is None


def _no_redraw(mission: Mission, type_: str) -> str | None:
    rnd = mission.round
    if mission.result is not None:
        return "the mission is over"
    if rnd is None or rnd.drawn_for(type_) is None or rnd.drawn_for(type_).boss is None:
        return f"no Boss card was drawn for {type_!r} this round"
    ids = {a.id for a in mission.adversaries if a.type == type_}  # rnd.done holds figure ids, not types
    if not any(mission.figure(i) for i in ids):
        return f"no {type_} stands on the map"
    if ids & set(rnd.done) or rnd.current in ids:
        return f"{type_!r} has already played this round: its card is not redrawn (p.58)"
    return None


def redraw_boss_card(mission: Mission, type_: str, keep_persistent: bool) -> Update:
    """A Boss card that says to draw another (p.58, Figure 46): the drawn card goes beside the board if it is
    persistent and `keep_persistent`, else to the discard pile, and a new card is drawn for this round."""
    why = _no_redraw(mission, type_)
    if why:
        raise MissionError("type", why)
    old = mission.round.drawn_for(type_).boss
    key = f"boss:{type_}"
    reasons = []
    if keep_persistent and old.persistent:
        mission = replace(mission, persistent=mission.persistent + ((type_, old),))
        reasons.append(f"{old.name} stays beside the board until the boss is defeated or the mission ends (p.49)")
    else:
        mission = with_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (old,)))
        reasons.append(f"{old.name} is discarded (p.58)")
    card, mission, why = draw_into(mission, key)
    drawn = tuple((t, Drawn(boss=card) if t == type_ else d) for t, d in mission.round.drawn)
    mission = replace(mission, round=replace(mission.round, drawn=drawn))
    return Update(mission, tuple(reasons) + why + (f"{type_} draws {card.name} for this round (p.58)",))


def meet_objective(mission: Mission) -> Update:
    """The final objective is met: the mission succeeds at the end of this round, after every remaining turn
    (p.14)."""
    not_over(mission)
    if mission.round is None:
        raise MissionError("objective", "no round has begun")
    return Update(replace(mission, objective_met=True), (
        f"Objective met: the mission succeeds at the end of round {mission.round.number}; every figure that has "
        "not played yet still takes its turn (p.14)",))


def record_event(mission: Mission, note: str) -> Update:
    """What the table did for this round's Event card when it sends them to the Mission book: its mission event
    or event adversary (p.12 step 2, p.59). Kept with the round and said in the log."""
    not_over(mission)
    rnd = mission.round
    if rnd is None or rnd.event is None or not (rnd.event.book or rnd.event.places):
        raise MissionError("note", "this round's Event card sends the table to no Mission book text (p.59)")
    if not isinstance(note, str) or not note.strip():
        raise MissionError("note", f"say what the table did for {rnd.event.name}, not {note!r}")
    note = note.strip()
    mission = replace(mission, round=replace(rnd, event_done=rnd.event_done + (note,)))
    return Update(mission, (f"Event #{rnd.event.number} {rnd.event.name}, as the Mission book says: {note} (p.59)",))


def all_adversaries_defeated(mission: Mission) -> bool:
    """Whether every adversary of the mission has been defeated and none stands on the map (a mission's end
    the table may declare its objective, p.13)."""
    return bool(mission.adversaries) and not any(f.side == "adversary" for f in mission.board.figures)


def fail_mission(mission: Mission, reason: str) -> Update:
    """The characters failed an objective that is not optional (p.13)."""
    not_over(mission)
    if not isinstance(reason, str) or not reason.strip():
        raise MissionError("reason", f"say which objective was failed, not {reason!r}")
    return finished(mission, False, [f"{reason.strip()}: a mission objective that is not optional was failed, so "
                                     "the mission is a failure (p.13)"])


def mission_report(mission: Mission) -> MissionReport:
    """What the campaign records (p.13-14): the party (defeated characters included, p.23), the nova cells
    each picked up, the campaign orbs and treasures taken (kept even on failure, p.13). The rewards printed
    in the Mission book are added by the mission-result form."""
    if mission.result is None:
        raise MissionError("result", "the mission is not over")
    numbered = [n for h, n in mission.map.orbs if n is not None and h not in mission.orbs_activated]
    numbered += [n for _, n in mission.map.treasures if n is not None]
    return MissionReport(mission.mission_id, mission.result.success, tuple(c.id for c in mission.characters),
                         mission.difficulty, nova_cells={c.id: c.nova_cells for c in mission.characters if c.nova_cells},
                         orbs=tuple(mission.orbs_taken), treasures=tuple(mission.treasures_taken),
                         all_taken=not numbered)


def finish_turn(mission: Mission, reasons: list[str]) -> Update:
    rnd = mission.round
    fid = rnd.current
    figure = mission.figure(fid)
    if figure is not None:
        ended = [c for c in rnd.at_start if figure.has_condition(c)]
        for c in ended:
            figure = figure.without_condition(c)
        if ended:
            reasons.append(f"{fid}'s {' and '.join(ended)} end(s) at the end of its next full turn after receiving it "
                           "(p.37, p.50)")
        fresh = [c for c in ending(figure.conditions, AFTER_NEXT_FULL_TURN) if c not in rnd.at_start]
        if fresh:
            reasons.append(f"{fid} received {' and '.join(fresh)} during this turn: it lasts until the end of its "
                           "next full turn (p.50)")
        mission = replace(mission, board=mission.board.with_figure(figure))
    rnd = replace(mission.round, current=None, at_start=(), passed=(), attacks_over=False, critical=None,
                  done=rnd.done + (fid,))
    mission = replace(mission, round=rnd)
    order = turn_order(mission)
    reasons.append(f"{fid}'s turn ends; " + (f"next: {order.next}" if order.next else "every figure has played: "
                                             "end of the round (p.12 steps 8-9)"))
    return Update(mission, tuple(reasons))


@record
class WithinReach:
    """What a character ending its turn where it stands takes (p.24-25): nova cells and treasure on or next to
    its space; the active orbs next to it, which the players may choose to activate."""
    near: frozenset
    orbs: tuple[Hex, ...]
    treasures: tuple[tuple[Hex, int | None], ...]
    nova_cells: int


def within_reach(mission: Mission, fid: str) -> WithinReach:
    figure = mission.figure(fid)
    m = mission.map
    near = frozenset({figure.at, *m.neighbours_on_map(figure.at)})
    orbs = tuple(sorted((h for h in m.orb_at if h in near and h != figure.at and h not in mission.orbs_activated),
                        key=m.label))
    return WithinReach(near, orbs, tuple((h, n) for h, n in m.treasures if h in near),
                       sum(n for h, n in mission.nova_cells if h in near))


def _pick_up(mission: Mission, fid: str, orbs: Sequence[str], reasons: list) -> Mission:
    figure = mission.figure(fid)
    m = mission.map
    reach = within_reach(mission, fid)
    near = reach.near
    ch = mission.character(fid)
    cells = reach.nova_cells
    if cells:
        mission = replace(mission, nova_cells=tuple((h, n) for h, n in mission.nova_cells if h not in near))
        mission = with_character(mission, replace(ch, nova_cells=ch.nova_cells + cells))
        reasons.append(f"{ch.name} ends the turn on or next to {cells} nova cell(s) and retrieves them (p.25)")
    taken = list(reach.treasures)
    if taken:
        m = replace(m, treasures=tuple(t for t in m.treasures if t not in taken))
        mission = replace(mission, board=replace(mission.board, map=m),
                          treasures_taken=mission.treasures_taken + tuple(n for _, n in taken if n is not None))
        for h, n in taken:
            reasons.append(f"{ch.name} retrieves the treasure on {m.label(h)}: "
                           + (f"read #{n} in the Extras book (p.25)" if n is not None else "see the Mission book (p.25)"))
    for i, label in enumerate(orbs):
        h = parse_space(m, label, f"activate_orbs[{i}]")
        if h not in m.orb_at:
            raise MissionError(f"activate_orbs[{i}]", f"there is no orb on {label!r}")
        if h not in near or h == figure.at:
            raise MissionError(f"activate_orbs[{i}]", f"{ch.name} does not end the turn next to the orb on "
                                                      f"{label!r} (p.24)")
        if h in mission.orbs_activated:
            raise MissionError(f"activate_orbs[{i}]", f"the orb on {label!r} is already inactive (p.24)")
        number = m.orb_at[h]
        mission = replace(mission, orbs_activated=mission.orbs_activated + (h,),
                          orbs_taken=mission.orbs_taken + ((number,) if number is not None else ()))
        reasons.append(f"{ch.name} activates the orb on {label}: "
                       + (f"read #{number} in the Extras book" if number is not None else "see the Mission book")
                       + ", then flip it to its inactive side (p.24)")
    return mission


def _discard_selected(mission: Mission, fid: str, temporary, persistent, reasons: list) -> Mission:
    ch = mission.character(fid)
    choice = mission.round.choice(fid) or Choice()
    names = {c.name: c for c in choice.cards}
    lasting = []
    for where, listed, how in (("temporary", temporary, "temporary"), ("persistent", persistent, "persistent")):
        for i, name in enumerate(listed):
            if name not in names:
                raise MissionError(f"{where}[{i}]", f"{name!r} is not one of {ch.name}'s selected cards this round")
            lasting.append((names[name], how))
    kept = {c.name for c, _ in lasting}
    gone = tuple(c for c in choice.cards if c.name not in kept)
    if gone:
        reasons.append(f"{', '.join(c.name for c in gone)} to {ch.name}'s discard pile (p.23 steps 3-4)")
    if lasting:
        reasons.append(f"{', '.join(f'{c.name} ({how})' for c, how in lasting)} stay(s) in effect (p.23, p.41)")
    return with_character(mission, replace(ch, discard=ch.discard + gone, lasting=ch.lasting + tuple(lasting)))


def _check_cards(cards) -> tuple[ActionChoice, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
        raise MissionError("cards", f"must be a list of (name, AP) cards, not {cards!r}")
    out, names = [], set()
    for i, c in enumerate(cards):
        if isinstance(c, (list, tuple)) and len(c) == 2:
            c = ActionChoice(*c)
        if not isinstance(c, ActionChoice) or not isinstance(c.name, str) or not c.name.strip():
            raise MissionError(f"cards[{i}]", f"must be a card name and its AP, not {c!r}")
        if not isinstance(c.ap, int) or isinstance(c.ap, bool) or c.ap < 0:
            raise MissionError(f"cards[{i}].ap", f"must be a whole number 0 or more, not {c.ap!r}")
        if c.name in names:
            raise MissionError(f"cards[{i}]", f"{c.name!r} is selected twice")
        names.add(c.name)
        out.append(c)
    return tuple(out)


def _die(die: DecisionDie) -> str:
    return f"{color_name(die.color)}, {die.primary} then {die.secondary}"

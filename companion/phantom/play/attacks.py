"""Attacks in a mission: a character's Attack by the attack flow (p.18-22) applied to the mission, and the
adversary-turn glue with turn.py: `adversary_scenario` builds the turn's Scenario from the mission,
`apply_adversary_turn` writes the Resolution back (defeats, the end of the turn)."""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from ..attack import AttackError, Combatant, resolve_attack, resolve_counter_attack, target_refused
from .. import keywords
from ..conditions import held
from ..dice import DiceError, Rolls
from ..hexmap import MapError
from ..scenario import Scenario, Turn
from ..sight import sight
from ..turn import Resolution
from .critical_strikes import adversary_critical
from .figures import defeat
from .round import finish_turn
from .state import (
    BossKind, Mission, MissionError, Update, figure_on_map, in_phase, not_over, not_resting, resting_now,
)
from ...record import record


@record
class AttackOutcome:
    """`character_attack`: the mission after it (unchanged while a roll is missing) and the attack."""
    mission: Mission
    outcome: str  # hit / failed / missed / fumbled / blocked-by:<name> / awaiting-roll
    rolls_needed: tuple[str, ...]
    accuracy_rolls: tuple[str, ...]
    reasons: tuple[str, ...]
    critical: bool = False  # a Critical Strike: one critical ability may be activated (p.20)


def character_attack(mission: Mission, attacker_id: str, target: str, rolls: Mapping | None = None, *,
                     value: int = 0, pierce: int = 0, conditions: Sequence[str] = (), die: str = "basic",
                     attack_range: int | None = None, accuracy: Sequence[str] | None = None,
                     damage_multiplier: int = 1, range_modifier: int = 0) -> AttackOutcome:
    """A character's Attack on an adversary or object by the attack flow (p.20-22), from the rolls entered,
    applied to the mission: damage, conditions, object state, defeat and nova cells. Its range is the base
    range of its class board's weapon plus the card's `range_modifier`, or the card's explicit
    `attack_range`, which nothing modifies (p.21). A Ranged Attack rolls
    the Accuracy die for what lies on the line (`accuracy`, nearest first; by default the line with the
    fewest rolls, the attacker's choice, p.19). Invisible ends with the Attack (p.37); a Vengeful target
    answers a Melee Attack from the same rolls (p.37). Until every roll needed is entered nothing changes."""
    not_over(mission)
    attacker = figure_on_map(mission, attacker_id)
    if attacker.side != "character":
        raise MissionError("attacker", f"{attacker_id!r} is not a character; adversary turns come from turn.py")
    board = mission.board
    refused = target_refusal(mission, attacker.id, target, range_modifier, attack_range, sight_too=False)
    if refused is not None:
        raise refused
    defender = Combatant.on_board(board, target)
    distance = board.map.range_between(attacker.at, _target_at(mission, target))
    obstacles: tuple[str, ...] = ()
    reasons: list[str] = []
    if distance >= 2:
        options = line_options(mission, attacker.id, target)
        if accuracy is None:
            obstacles = options[0]
            if len(options) > 1:
                reasons.append(f"the line of sight with the fewest Accuracy rolls is taken ({', '.join(obstacles) or 'none'}); "
                               "the attacker may choose another (p.19)")
        else:
            obstacles = tuple(accuracy)
            if obstacles not in options:
                raise MissionError("accuracy", f"{list(obstacles)!r} is not what any line of sight to {target} "
                                               f"needs rolls for ({'; '.join(map(str, map(list, options)))})")
    try:
        result = resolve_attack(Combatant.from_figure(attacker), defender, Rolls.from_dict(rolls),
                                target_range=distance, value=value, pierce=pierce, conditions=tuple(conditions),
                                obstacles=[Combatant.on_board(board, n) for n in obstacles], die=die,
                                damage_multiplier=damage_multiplier)
    except DiceError as exc:
        raise MissionError(exc.field or "rolls", exc.problem) from None
    except AttackError as exc:
        where, _, problem = str(exc).partition(": ")
        raise MissionError(where if problem else "attack", problem or where) from None
    reasons.extend(result.reasons)
    if result.outcome == "awaiting-roll":
        return AttackOutcome(mission, result.outcome, tuple(str(r) for r in result.rolls_needed), obstacles,
                             tuple(reasons))
    counter = None
    if result.counter_attack is not None:
        retaliator = result.target_after
        counter = resolve_counter_attack(result.counter_attack, retaliator, result.attacker_after, result.rolls_after)
        reasons.extend(counter.reasons)
        if counter.outcome == "awaiting-roll":
            return AttackOutcome(mission, "awaiting-roll", tuple(str(r) for r in counter.rolls_needed), obstacles,
                                 tuple(reasons))
    mission, why = _apply_attack(mission, attacker.id, result, counter)
    reasons.extend(why)
    return AttackOutcome(mission, result.outcome, (), obstacles, tuple(reasons), result.critical_ability)


def attack_on_turn(mission: Mission, target: str, rolls: Mapping | None = None, **attack) -> Update:
    """The Attack of the character whose turn it is (`character_attack` with its keywords) as one step of the
    mission: refused while a die it needs is not entered, so nothing changes until every one is (p.21); refused
    on a rest turn (p.13) and after a Fumble this turn (p.20). A Critical Strike leaves its critical ability to
    activate (`critical_strikes.activate_critical`); a Fumble ends the character's Attacks for the turn."""
    rnd = mission.round
    figure = mission.figure(rnd.current) if rnd is not None and rnd.current else None
    if figure is None or figure.side != "character":
        raise MissionError("attacker", "the attack helper is for the character whose turn it is")
    refused = no_attack(mission, figure.id)
    if refused is not None:
        raise refused
    out = character_attack(mission, figure.id, target, rolls, **attack)
    if out.outcome == "awaiting-roll":
        raise MissionError("rolls", f"roll {', '.join(out.rolls_needed)} and enter the faces; nothing changes until "
                                    "every die needed is entered", "21")
    said = out.outcome.replace("blocked-by:", "blocked by ")  # the log's headline in words, not the outcome's code
    reasons = (f"{figure.id} attacks {target}: {said}",) + out.reasons
    after = out.mission
    if after.round is not None and after.round.current == figure.id:
        fumbled = out.outcome == "fumbled"
        critical = target if out.critical and after.character(figure.id).criticals else None
        after = replace(after, round=replace(after.round, attacks_over=after.round.attacks_over or fumbled,
                                             critical=critical))
        if fumbled:
            reasons += (f"{figure.id} fumbled: it can perform no further Attacks this turn (p.20)",)
        if critical:
            reasons += (f"Critical Strike: {figure.id} may activate one critical ability on {target} (p.20)",)
    return Update(after, reasons)


def no_attack(mission: Mission, figure_id: str) -> MissionError | None:
    """Why the character whose turn it is may not Attack now, or None: it rests (p.13) or fumbled (p.20)."""
    if resting_now(mission, figure_id):
        try:
            not_resting(mission, figure_id, "Attack")
        except MissionError as exc:
            return exc
    rnd = mission.round
    if rnd is not None and rnd.current == figure_id and rnd.attacks_over:
        return MissionError("attacker", f"{figure_id} fumbled an Attack this turn: it can perform no further "
                                        "Attacks this turn", "20")
    return None


def attack_reach(attacker, range_modifier: int = 0, attack_range: int | None = None) -> tuple[int, str]:
    """How far a character's Attack reaches (p.18, p.21) and the words saying why: the card's explicit
    `attack_range`, which nothing modifies, else the base range of its class board's weapon plus the card's
    `range_modifier`, at least 1."""
    if attack_range is not None:
        return attack_range, "the card's explicit range"
    how = f"base range {attacker.range}" + (f" {range_modifier:+d} on the card" if range_modifier else "")
    return max(1, attacker.range + range_modifier), how


def _target_at(mission: Mission, target: str):
    if target.startswith("object:"):
        return mission.map.parse(target[len("object:"):])
    return mission.board.figure(target).at


def target_refusal(mission: Mission, attacker_id: str, target: str, range_modifier: int = 0,
                   attack_range: int | None = None, *, sight_too: bool = True) -> MissionError | None:
    """Why the character `attacker_id` may not Attack `target` (a figure id or "object:<space>") now, or None:
    a character (p.20 step 1), a target the flow refuses (indestructible, destroyed, defeated, untargetable,
    p.33-34, p.37), beyond the Attack's reach (`attack_reach`, the range counted, p.18, p.21), or, at range 2
    or more, no line of sight (p.18-19). The one check the Attack refuses with and the attack helper lists
    its targets by."""
    attacker = figure_on_map(mission, attacker_id)
    board = mission.board
    other = mission.figure(target) if isinstance(target, str) else None
    if other is not None and other.side == "character":
        return MissionError("target", f"{target!r} is a character: a character Attacks adversaries and objects", "20")
    try:
        defender = Combatant.on_board(board, target)
    except (MapError, AttackError) as exc:
        return MissionError("target", str(exc))
    state = target_refused(defender)
    if state is not None:
        return MissionError("target", str(state).partition(": ")[2] or str(state))
    distance = board.map.range_between(attacker.at, _target_at(mission, target))
    reach, how = attack_reach(attacker, range_modifier, attack_range)
    if distance is None or distance > reach:
        said = f"the object on {target.removeprefix('object:')}" if target.startswith("object:") else target
        return MissionError("target", f"{said} is out of range: range {distance}, the Attack reaches {reach} "
                                      f"({how}) (p.18, p.21)")
    if sight_too and distance >= 2:
        try:
            line_options(mission, attacker.id, target)
        except MissionError as exc:
            return MissionError("target", f"{exc.message} (p.18-19)")
    return None


@record
class AttackTarget:
    value: str  # what character_attack takes: a figure id, or "object:<space>"
    text: str  # as the table reads it: the figure id and its HP, or the object's space and state
    refused: str = ""  # why the Attack may not take it now (`target_refusal`): out of range, no line of sight


@record
class AttackTargets:
    """What a character's Attack may target, and the rule that says so (`reason`, `page`); each one it may not
    take now with the card's range carries why (`AttackTarget.refused`)."""
    choices: tuple[AttackTarget, ...] = ()
    reason: str = "an enemy or a destructible object; a Target N card attacks each in turn"
    page: str = "20"

    @property
    def allowed(self) -> tuple[AttackTarget, ...]:
        return tuple(t for t in self.choices if not t.refused)


def attack_targets(mission: Mission, range_modifier: int = 0, attack_range: int | None = None) -> AttackTargets:
    """p.20 step 1: a valid target is an enemy (for a character, an adversary) or a destructible object not yet
    destroyed (intact or damaged), objects in map order; each says why the Attack, with the card's range
    (`range_modifier`, `attack_range`), may not take it now (`target_refusal`). None while the character whose
    turn it is may not Attack (a rest turn, p.13; after a Fumble, p.20), with the reason."""
    rnd = mission.round
    refused = no_attack(mission, rnd.current) if rnd is not None and rnd.current else None
    if refused is not None:
        return AttackTargets((), refused.message, refused.page)
    m = mission.map
    out = [(f.id, f"{f.id} ({f.hp} HP)") for f in mission.board.figures if f.side == "adversary"]
    objects = sorted((h for h, state in m.object_at.items() if state in ("destructible", "damaged")), key=m.label)
    out += [(f"object:{m.label(h)}", f"Object on {m.label(h)} ({m.object_at[h]})") for h in objects]
    attacker = mission.figure(rnd.current) if rnd is not None and rnd.current else None
    if attacker is None or attacker.side != "character":
        return AttackTargets(tuple(AttackTarget(v, text) for v, text in out))

    def why(value: str) -> str:
        exc = target_refusal(mission, attacker.id, value, range_modifier, attack_range)
        return "" if exc is None else exc.message
    return AttackTargets(tuple(AttackTarget(v, text, why(v)) for v, text in out))


@record
class SightLine:
    target: str  # the target as the table reads it (AttackTarget.text)
    value: str  # what the Attack's `accuracy` takes: the figures and objects crossed, comma-separated
    crossed: tuple[str, ...]  # nearest first: an Accuracy roll each (p.21 step 4)


def sight_lines(mission: Mission, attacker_id: str, targets: AttackTargets) -> tuple[SightLine, ...]:
    """The lines of sight the attacker may choose between (p.19), for each target that has more than one way
    to be seen: an adjacent target needs none, and a target with no line at all is left for the Attack itself
    to refuse with the reason."""
    return attack_lines(mission, attacker_id, targets)[0]


def attack_lines(mission: Mission, attacker_id: str, targets: AttackTargets):
    """`sight_lines`, and for each target seen at range 2 or more the Accuracy rolls its lines call for, fewest
    and most, (target, fewest, most): a line crossing nothing needs none (p.21 step 4), so the attack helper
    asks for no die the chosen line does not need."""
    attacker = figure_on_map(mission, attacker_id)
    m = mission.map
    out: list[SightLine] = []
    rolls: list[tuple[str, int, int]] = []
    for t in targets.choices:  # the refused too: the card's range typed may allow one, and its dice are drawn
        at = m.parse(t.value[len("object:"):]) if t.value.startswith("object:") else mission.figure(t.value).at
        if (m.range_between(attacker.at, at) or 0) < 2:
            continue
        try:
            options = line_options(mission, attacker.id, t.value)
        except MissionError:
            continue
        rolls.append((t.value, min(map(len, options)), max(map(len, options))))
        if len(options) > 1:
            out.extend(SightLine(t.text, ",".join(o), o) for o in options)
    return tuple(out), tuple(rolls)


def line_options(mission: Mission, attacker_id: str, target: str) -> tuple[tuple[str, ...], ...]:
    """The Accuracy rolls each line of sight from the attacker to `target` (a figure id or "object:<space>")
    would need, nearest first (p.21 step 4), fewest first: the attacker draws the line it wishes (p.19).
    Refused when no line can be drawn (walls, p.18-19)."""
    board = mission.board
    attacker = figure_on_map(mission, attacker_id)
    target_at = board.map.parse(target[len("object:"):]) if target.startswith("object:") else board.figure(target).at
    s = sight(board, attacker.at, target_at, mission.round.die if mission.round else None)
    if not s.lines:
        raise MissionError("target", f"no line of sight from {attacker.id} to {target}: " + "; ".join(s.reasons))
    return tuple(sorted({line.accuracy_rolls for line in s.lines}, key=lambda r: (len(r), r)))


def _apply_attack(mission: Mission, attacker_id: str, result, counter) -> tuple[Mission, list[str]]:
    reasons: list[str] = []
    board = mission.board
    after = result.target_after
    if after.is_object:
        h = board.map.parse(after.name[len("object:"):])
        board = replace(board, map=board.map.with_object(h, "destructible" if after.object_state == "intact"
                                                         else after.object_state))
    else:
        t = board.figure(after.name)
        board = board.with_figure(replace(t, hp=after.hp, conditions=after.conditions))
    me = board.figure(attacker_id)
    a = result.attacker_after
    # p.37 (Invisible): ends "upon performing an Attack action, even if the Attack fails"
    ended = [c.name for c in held(me.conditions) if c.ends_on_attack]
    conditions = tuple(c for c in a.conditions if c not in ended)
    for name in ended:
        reasons.append(f"{attacker_id} performed an Attack: {name} is removed (p.37)")
    if counter is not None:
        a = counter.target_after
        conditions = tuple(c for c in a.conditions if c not in ended)
        other = board.figure(counter.attacker)
        board = board.with_figure(replace(other, conditions=counter.attacker_after.conditions))
    me = replace(me, hp=a.hp, conditions=conditions)
    board = board.with_figure(me)
    mission = replace(mission, board=board)
    for fid in (after.name, attacker_id):
        f = mission.figure(fid)
        if f is not None and f.hp <= 0 and f.max_hp:
            mission, why = defeat(mission, f)
            reasons.extend(why)
    return mission, reasons


def adversary_scenario(mission: Mission, rolls: Mapping | None = None, adversary: str | None = None) -> Scenario:
    """The current adversary's turn as turn.py resolves it: its species card, then its class card (it performs
    its color's row, p.26, p.47), or a boss's inherent action then the actions of its Boss card (p.30).
    `adversary`: another adversary's turn as it would be if it came now (preview.py), from the same cards."""
    rnd = in_phase(mission, "turns")
    fid = adversary or rnd.current
    figure = mission.figure(fid) if fid else None
    if figure is None or figure.side != "adversary":
        raise MissionError("turn", "it is not an adversary's turn" if adversary is None
                           else f"{adversary!r} is no adversary on the map")
    kind = mission.kind(figure.type)
    drawn = rnd.drawn_for(kind.type)
    if isinstance(kind, BossKind):
        cards = dict(kind.cards)
        wanted = (None,) + tuple(drawn.boss.actions)
        missing = [n for n in wanted if n not in cards]
        if missing:
            raise MissionError("boss", f"{kind.type}: no card for action "
                                       f"{', '.join('inherent' if n is None else f'#{n}' for n in missing)}")
        cards, boss = tuple(cards[n] for n in wanted), True
    else:
        cards, boss = (drawn.species, drawn.class_card), False
    cards = tuple(_moved_by_event(mission, figure, c) for c in cards)
    # A mission's forced target that has left the map no longer forces anything (p.27).
    target = mission.primary_target if mission.figure(mission.primary_target or "") else None
    return Scenario(this_round(mission), rnd.die, Turn(figure.id, cards, target, boss, mission.embarked),
                    dict(rolls) if rolls else None, hazards=mission.hazard_rules)


def round_guard(mission: Mission, character_id: str) -> tuple[int, str]:
    """A character's Guard this round before conditions, Pierce and a Critical Strike (which the attack flow
    applies, p.20-21): its equipment's and attachments' (brought from its sheet) plus what this round's
    cards give (entered with them; a resting character's cards give none). With the sentence saying so."""
    ch = mission.character(character_id)
    rnd = mission.round
    choice = rnd.choice(character_id) if rnd is not None else None
    cards = choice.guard if choice is not None and not choice.rest else 0
    total = ch.guard + cards
    return total, (f"{ch.name}'s Guard this round: {ch.guard:+d} from equipment and attachments, {cards:+d} from "
                   f"this round's cards = {total} (p.21 step 5; Vulnerable, Pierce and a Critical Strike apply on "
                   "top, p.20-21, p.37)")


def event_effects(mission: Mission, figure) -> tuple:
    """The round's Event card effects that apply to `figure` (p.12 step 2)."""
    event = mission.round.event if mission.round is not None else None
    side = "adversaries" if figure.side == "adversary" else "characters"
    return tuple(e for e in (event.effects if event else ()) if e.side == side and e.type in (None, figure.type))


def event_notes(mission: Mission) -> tuple[str, ...]:
    """What the round's Event card changes, as the plan's explanation cites it."""
    event = mission.round.event if mission.round is not None else None
    if event is None or not event.effects:
        return ()
    return (f"Event #{event.number} {event.name}: " + "; ".join(e.text() for e in event.effects)
            + " this round (p.12 step 2); the AI plans with it",)


def this_round(mission: Mission):
    """The board as this round's adversary turn sees it: each character's Guard is this round's
    (`round_guard`), and the Event card's Attack, Range and Guard changes are on the figures they name."""
    board = mission.board
    for f in mission.board.figures:
        guard = round_guard(mission, f.id)[0] if f.side == "character" and _is_character(mission, f.id) else f.guard
        stats = {"attack": f.attack, "range": f.range, "guard": guard}
        for e in event_effects(mission, f):
            if e.stat in stats:
                stats[e.stat] += e.amount
        stats["range"] = max(1, stats["range"])
        board = board.with_figure(replace(f, **stats))
    return board


def _is_character(mission: Mission, fid: str) -> bool:
    return any(c.id == fid for c in mission.characters)


def _moved_by_event(mission: Mission, figure, card):
    """An adversary's card with the round's Event Move changes on its Move and Leap actions (at least 0)."""
    moves = sum(e.amount for e in event_effects(mission, figure) if e.stat == "move")
    if card is None or not moves:
        return card
    if hasattr(card, "rows"):  # a class card: each color's row
        return replace(card, rows=tuple((color, _moved_by_event(mission, figure, row)) for color, row in card.rows))
    return replace(card, actions=tuple(replace(a, value=max(0, a.value + moves)) if keywords.mode(a) is not None else a
                                       for a in card.actions))


def apply_adversary_turn(mission: Mission, resolution: Resolution) -> Update:
    """Write the resolved turn back and end it: the board after it; characters it defeated (p.23);
    adversaries defeated (by a Block, Bleeding, Burning, a hazard on its way or a Vengeful answer) and their
    nova cells (p.26). The turn itself (hazards entered, Invisible ending with its Attack, p.33, p.37) is the
    engine's (turn.py): this only writes it back and says so."""
    rnd = in_phase(mission, "turns")
    if resolution.adversary != rnd.current:
        raise MissionError("resolution", f"is {resolution.adversary!r}'s turn, but it is {rnd.current!r}'s")
    waiting = [t.target for s in resolution.steps for t in s.targets
               if t.result is None or t.result.outcome == "awaiting-roll"]
    if waiting:
        raise MissionError("rolls", f"the turn still waits for the dice against {', '.join(waiting)} (p.21)")
    before = mission.board
    after = resolution.board
    # The turn saw this round's Guard, and the Event's changes (`this_round`); the board keeps the lasting numbers.
    for f in before.figures:
        now = next((x for x in after.figures if x.id == f.id), None)
        if now is not None and (now.attack, now.range, now.guard) != (f.attack, f.range, f.guard):
            after = after.with_figure(replace(now, attack=f.attack, range=f.range, guard=f.guard))
    reasons: list[str] = []
    mission = replace(mission, board=after)
    for f in before.figures:
        now = next((x for x in after.figures if x.id == f.id), None)
        if now is None or (now.hp <= 0 and now.max_hp):
            mission, why = defeat(mission, now or replace(f, hp=0))
            reasons.extend(why)
    mission, why = adversary_critical(mission, resolution)
    reasons.extend(why)
    me = mission.figure(resolution.adversary)
    if me is not None:
        for name in dict.fromkeys(c for s in resolution.steps for c in s.removed):
            reasons.append(f"{me.id} performed an Attack: {name} is removed (p.37)")
    if mission.result is not None or mission.round.current is None:  # over, or the adversary was defeated
        return Update(mission, tuple(reasons))
    return finish_turn(mission, reasons)

"""What each adversary would do if its turn came now (p.26-30), for a character planning its turn: the plan
turn.py would make from the cards the round drew (p.12 step 5), and the danger, the spaces each adversary
could attack this round; never a change to the mission.

The plan is the real turn's own resolution: `adversary_scenario` builds the scenario the turn will be given
(with `adversary` naming one still to act) and `resolve_turn` resolves it, with no dice, so nothing is rolled,
drawn or written. The decision die is rolled at the start of the round (p.12 step 1), before the cards are
drawn (step 5), so every preview knows it; the Attack and Accuracy dice are not rolled yet, and a plan lists
them (`to_roll`) where the turn will ask for them.

The danger of an adversary is the union, over the Attack actions of its cards in order, of the spaces in
range and line of sight (p.18, p.21) of a space it could end on with the movement before that Attack: its
Move and Leap actions, a Teleport, and a card before it converted to a Move of its AP (p.28). Walls, closed
doors, figures and hazards are the movement engine's (paths.py). The spaces an Attack of range N reaches from
a space depend on the map alone: a table per map (`_seen_within`), built once as the mission goes on.
"""
from __future__ import annotations

from dataclasses import replace

from .. import conditions, keywords
from ..board import Board, Figure
from ..hexmap import GEOMETRY_CACHES, Hex, HexMap
from ..paths import reach, teleport_spaces
from ..scenario import Card, ClassCard, Scenario
from ..sight import has_line_of_sight
from ..turn import Resolution, resolve_turn
from .attacks import adversary_scenario
from .order import turn_order
from .state import Mission, MissionError, figure_on_map, parse_space
from ...record import record

GEOMETRY_CACHES.add("_preview_seen")  # ranges and lines of sight: walls and doors only


@record
class AdversaryPreview:
    """One adversary's turn as it would be now: the resolution turn.py makes (`plan`), where it starts and ends,
    its primary target, and the spaces it could attack this round with its cards (`danger`)."""
    adversary: str
    plan: Resolution
    start: Hex
    end: Hex
    danger: frozenset
    danger_reasons: tuple[str, ...]

    @property
    def primary_target(self) -> str | None:
        return self.plan.primary_target

    @property
    def to_roll(self) -> tuple[tuple[str, str], ...]:
        """(target, die) the turn will ask the table to roll, the first needed now, the rest only if the
        results call for them (p.21)."""
        return self.plan.to_roll


@record
class Preview:
    """Every adversary still to act this round, in turn order; empty, with the reason, before the round's
    cards are drawn or once the mission is over."""
    adversaries: tuple[AdversaryPreview, ...] = ()
    reason: str = ""
    page: str = "12"
    dice: str = ""  # which dice the plans know and which they wait for

    def of(self, adversary: str) -> AdversaryPreview | None:
        return next((a for a in self.adversaries if a.adversary == adversary), None)


@record
class Switch:
    adversary: str
    before: str | None
    after: str | None

    def text(self) -> str:
        return (f"{self.adversary} would switch to {self.after}" if self.after
                else f"{self.adversary} would have no primary target") + " (p.27)"


@record
class Destination:
    """A space a character may move to: who could attack it there this round (each adversary's danger), and
    whose plan would change its primary target were the character there (p.27)."""
    figure: str
    space: Hex
    attackers: tuple[str, ...]
    switches: tuple[Switch, ...]


def still_to_act(mission: Mission) -> tuple[str, ...]:
    """The adversaries on the map whose turn is still to come this round, in turn order (order.py)."""
    rnd = mission.round
    if rnd is None or rnd.phase != "turns" or mission.result is not None:
        return ()
    order = turn_order(mission)
    waiting = ((order.current,) if order.current else ()) + tuple(fid for fid, _ in order.upcoming)
    return tuple(fid for fid in waiting if (f := mission.figure(fid)) is not None and f.side == "adversary")


def preview(mission: Mission) -> Preview:
    """Each adversary still to act this round (p.12 step 7): the plan it would make if its turn came now.
    Before the cards are drawn there is nothing to preview (p.12 step 5)."""
    if mission.result is not None:
        return Preview(reason="the mission is over", page="13")
    rnd = mission.round
    if rnd is None or rnd.phase != "turns":
        return Preview(reason="the adversaries' cards are drawn at the reveal: a preview needs them (p.12 step 5)")
    die = rnd.die
    dice = (f"The decision die, {die.color.replace('-', ' ')} {die.primary}/{die.secondary}, was rolled at the start "
            "of the round and breaks every tie in these plans (p.12 step 1, p.36); the Attack and Accuracy dice are "
            "rolled at the turn itself, the first one named, the others only if the results call for them (p.21)")
    return Preview(tuple(_one(mission, fid) for fid in still_to_act(mission)), dice=dice)


def _one(mission: Mission, fid: str) -> AdversaryPreview:
    scenario = adversary_scenario(mission, adversary=fid)
    plan = resolve_turn(scenario)
    start = mission.figure(fid).at
    end = next((s.movement.end for s in reversed(plan.steps) if s.movement is not None and s.performed), start)
    danger, why = danger_spaces(scenario)
    return AdversaryPreview(fid, plan, start, end, danger, why)


def destination(mission: Mission, figure_id: str, space: str, now: Preview | None = None) -> Destination:
    """`figure_id` (a character) ending on `space`: the adversaries whose danger holds it, and the plans whose
    primary target would change, each resolved as the turn would be with the character there (p.27)."""
    figure = figure_on_map(mission, figure_id)
    if figure.side != "character":
        raise MissionError("figure", f"{figure_id!r} is not a character")
    h = parse_space(mission.map, space, "space")
    there = mission.board.figure_at.get(h)
    if there is not None and there.id != figure.id:
        raise MissionError("space", f"{space!r} already holds {there.id}: two figures never share a space (p.34)")
    now = now or preview(mission)
    moved = replace(mission, board=mission.board.with_figure(replace(figure, at=h)))
    switches = []
    for a in now.adversaries:
        after = resolve_turn(adversary_scenario(moved, adversary=a.adversary)).primary_target
        if after != a.primary_target:
            switches.append(Switch(a.adversary, a.primary_target, after))
    return Destination(figure.id, h, tuple(a.adversary for a in now.adversaries if h in a.danger), tuple(switches))


# -- the danger: what an adversary's cards let it attack this round ------------------------------------

def danger_spaces(scenario: Scenario) -> tuple[frozenset, tuple[str, ...]]:
    """The spaces the turn's adversary could attack this round with its cards (see the module's note), and
    why, with the pages."""
    board, turn = scenario.board, scenario.turn
    me = board.figure(turn.adversary)
    stop = conditions.no_actions(me.conditions)
    if stop is not None:
        return frozenset(), (f"{me.id} is {stop.name}: it performs no Attack this turn (p.{stop.page})",)
    cards = [c.row(me.color) if isinstance(c, ClassCard) else c for c in turn.cards]
    frozen = conditions.no_conversion(me.conditions) is not None
    # Each movement's MP are the one movement budget's (conditions.budget), as the turn spends them: Knocked Down,
    # the first MP of a Move or Leap remove the token, and only then may it attack; a card with no round effect,
    # Move or Leap becomes a Move of its AP (p.37).
    held = me.conditions
    down = conditions.down(held)
    mp, leap, teleport = 0, False, False
    out: set = set()
    why = []
    note = (f"{me.id} is {down.name}: {down.stand_up_mp} MP of its first Move or Leap removes the token before "
            f"any Attack (p.{down.page})",) if down else ()

    def spend(movement: str, card_mp: int) -> bool:
        nonlocal mp, held
        b = conditions.budget(held, movement, card_mp, me.id)
        if b.cannot is not None:
            return False
        mp += b.mp
        if b.stands_up is not None:
            held = tuple(c for c in held if c != b.stands_up.name)
        return True

    for card in cards:
        if conditions.down(held) and not card.round and not keywords.has(card.actions, "stands_up"):
            spend("move", card.ap)
            continue
        for action in card.actions:
            kw = keywords.REGISTRY[action.type]
            if kw.in_mp:
                if spend(action.type, action.value):
                    leap = leap or kw.mode == "leap"
            elif kw.plan == "teleport":
                teleport = True
            elif kw.acts == "attack" and conditions.down(held) is None:
                rng = action.range.resolve(me.range)
                starts = _ends(board, me, mp, leap, teleport)
                out |= _attacked(board.map, starts, rng)
                why.append(f"{card.name}: Attack range {rng} from any of {len(starts)} spaces it could stand on "
                           f"after {mp} MP{' (a Leap)' if leap else ''}{', a Teleport' if teleport else ''} "
                           "(p.18, p.21, p.28)")
        if _convertible(card, frozen):
            spend("move", card.ap)  # the card may be performed as a Move of its AP instead (p.28)
    out.discard(me.at)
    return frozenset(out), note + (tuple(why) or (f"{me.id}'s cards have no Attack this round",))


def _convertible(card: Card, frozen: bool) -> bool:
    """p.28: a card with no Move, Leap, Teleport or round effect whose Attack is out of reach becomes a Move
    of its AP; a Frozen adversary's never does (p.37)."""
    return (not frozen and not card.round and any(keywords.acts(a) == "attack" for a in card.actions)
            and not keywords.has(card.actions, "relocates"))


def _ends(board: Board, me: Figure, mp: int, leap: bool, teleport: bool):
    if teleport:
        return teleport_spaces(board, me)
    return reach(board, me, "leap" if leap else "move", mp).ends()


def _attacked(m: HexMap, starts, rng: int) -> set:
    out: set = set()
    for h in starts:
        out |= _seen_within(m, h, rng)
    return out


def _seen_within(m: HexMap, h: Hex, rng: int) -> frozenset:
    """The spaces an Attack of range `rng` from `h` reaches: in map range, with a line of sight from range 2
    (p.18, p.21). Depends on walls and doors alone, so kept on the map: one table per map for the mission."""
    table = m.__dict__.setdefault("_preview_seen", {})
    got = table.get((h, rng))
    if got is None:
        near = m.ranges_from(h, rng)
        got = table[(h, rng)] = frozenset(
            t for t, d in near.items() if d >= 1 and (d < 2 or has_line_of_sight(m, h, t)))
    return got

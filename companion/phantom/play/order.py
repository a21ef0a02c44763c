"""Initiative and turn order (p.12 steps 6-7, p.13, p.30, p.37): each figure's initiative with why, and who
plays next by every tie rule."""
from __future__ import annotations


from ..boss import turn_for_card
from ..conditions import ap_factor
from ..decision import COLORS, break_tie
from .state import BossKind, Mission, MissionError, color_name
from ...record import record


def character_ties(mission: Mission) -> tuple[tuple[str, ...], ...]:
    """Groups of living characters with the same initiative: the players decide their order (p.12 step 7)."""
    rnd = mission.round
    if rnd is None:
        return ()
    values: dict[int, list[str]] = {}
    for c in mission.characters:
        if not c.defeated and rnd.choice(c.id) is not None:
            values.setdefault(initiative(mission, c.id)[0], []).append(c.id)
    return tuple(tuple(ids) for _, ids in sorted(values.items()) if len(ids) > 1)


def initiative(mission: Mission, figure_id: str) -> tuple[int, str]:
    """A figure's initiative this round, with why (p.12 step 6, p.13, p.30, p.37)."""
    rnd = mission.round
    figure = mission.figure(figure_id)
    factor, by = ap_factor(figure.conditions) if figure is not None else (1, ())
    doubled = f"{'doubled' if factor == 2 else f'times {factor}'} by {' and '.join(c.name for c in by)} (p.37)"
    if any(c.id == figure_id for c in mission.characters):
        choice = rnd.choice(figure_id) if rnd else None
        if choice is None:
            raise MissionError("character", f"{figure_id!r} has not rested or selected cards this round")
        if choice.rest:
            return 1, f"{figure_id} rests: initiative 1, whatever its modifiers (p.13, p.44)"
        ap = sum(c.ap for c in choice.cards)
        value = ap * factor + choice.modifier
        text = f"{figure_id}: AP {ap}" + (f" {doubled}" if by else "")
        if choice.modifier:
            text += f", modifier {choice.modifier:+d}"
        return value, text + f" = initiative {value} (p.12 step 6)"
    if figure is None:
        raise MissionError("figure", f"no figure {figure_id!r} on the map")
    kind = mission.kind(figure.type)
    drawn = rnd.drawn_for(kind.type) if rnd else None
    if drawn is None:
        raise MissionError("figure", f"no Adversary Action cards were drawn for {figure_id} this round (p.26)")
    if isinstance(kind, BossKind):
        bt = turn_for_card(kind.boss, drawn.boss.actions, figure.conditions)
        return bt.initiative, f"{figure_id}: " + "; ".join(bt.reasons)
    row = drawn.class_card.row(figure.color)
    ap = drawn.species.ap + row.ap
    value = ap * factor
    return value, (f"{figure_id}: species card {drawn.species.ap} + the {color_name(figure.color)} row of "
                   f"{drawn.class_card.name} {row.ap}" + (f", {doubled}" if by else "")
                   + f" = initiative {value} (p.12 step 6)")


@record
class TurnOrder:
    done: tuple[str, ...]
    current: str | None
    upcoming: tuple[tuple[str, int], ...]  # (figure id, initiative), in turn order
    reasons: tuple[str, ...]

    @property
    def next(self) -> str | None:
        return self.upcoming[0][0] if self.upcoming and self.current is None else None

    @property
    def end_of_round(self) -> bool:
        return self.current is None and not self.upcoming


def turn_order(mission: Mission) -> TurnOrder:
    """Who has played, who is playing and who is next, lowest initiative first, with every tie rule of p.12
    step 7 (recomputed from the figures' present conditions: Frozen may delay a turn, p.50)."""
    rnd = mission.round
    if rnd is None or rnd.phase != "turns":
        return TurnOrder(rnd.done if rnd else (), None, (), ())
    alive = {f.id for f in mission.board.figures}
    remaining = [i for i in rnd.acting if i not in rnd.done and i != rnd.current and i in alive]
    ordered, reasons = _ordered(mission, remaining)
    return TurnOrder(rnd.done, rnd.current, tuple((i, initiative(mission, i)[0]) for i in ordered), tuple(reasons))


def _ordered(mission: Mission, ids: list[str]) -> tuple[list[str], list[str]]:
    """p.12 step 7: lowest initiative first; characters before adversaries on a tie; tied characters in the
    players' order; tied adversaries of a type by the color order of their class card, the decision die
    between those of one color; tied adversaries of different types by the decision die."""
    rnd = mission.round
    values = {i: initiative(mission, i)[0] for i in ids}
    embark = {c.id: n for n, c in enumerate(mission.characters)}
    given = {cid: n for n, cid in enumerate(rnd.character_order)}
    out, reasons = [], []
    for v in sorted(set(values.values())):
        group = [i for i in ids if values[i] == v]
        chars = sorted((i for i in group if i in embark), key=lambda i: (given.get(i, len(given)), embark[i]))
        advs = [i for i in group if i not in embark]
        if len(chars) > 1:
            reasons.append(f"{', '.join(chars)} tie at {v}: the players decided the order (p.12)")
        if chars and advs:
            reasons.append(f"{', '.join(chars)} before {', '.join(advs)} at {v}: characters go first on a tie (p.12)")
        order, why = _adversary_ties(mission, advs, v)
        out.extend(chars + order)
        reasons.extend(why)
    return out, reasons


def _adversary_ties(mission: Mission, ids: list[str], value: int) -> tuple[list[str], list[str]]:
    if len(ids) <= 1:
        return list(ids), []
    rnd = mission.round
    reasons: list[str] = []
    figures = {i: mission.figure(i) for i in ids}
    by_type: dict[str, list[str]] = {}
    for i in ids:
        by_type.setdefault(figures[i].type, []).append(i)
    queues = []
    for type_, members in by_type.items():
        drawn = rnd.drawn_for(type_)
        printed = [c for c, _ in drawn.class_card.rows] if drawn and drawn.class_card else list(COLORS)
        rank = {i: printed.index(figures[i].color) if figures[i].color in printed else len(printed) for i in members}
        queue: list[str] = []
        for r in sorted(set(rank.values())):
            same = [i for i in members if rank[i] == r]
            ordered, why = _by_die(mission, same, f"{', '.join(same)} ({type_}, same color) tie at {value}")
            queue.extend(ordered)
            reasons.extend(why)
        if len(set(rank.values())) > 1:
            reasons.append(f"{', '.join(queue)} tie at {value}: adversaries of one type go in the order of the colors "
                           f"on their class card, {', '.join(color_name(c) for c in printed)} (p.12, p.47)")
        queues.append(queue)
    order: list[str] = []
    while any(queues):
        heads = [q[0] for q in queues if q]
        if len(heads) == 1:
            first = heads[0]
        else:
            tb = break_tie(heads, rnd.die, position=lambda i: mission.map.layout.centre(figures[i].at),
                           label=lambda i: i, color=lambda i: figures[i].color, what="adversaries")
            first = tb.choice
            reasons.append(f"{', '.join(heads)} (different types) tie at {value}: the decision die puts {first} "
                           "first — " + "; ".join(tb.reasons) + " (p.12)")
        order.append(first)
        for q in queues:
            if q and q[0] == first:
                q.pop(0)
    return order, reasons


def _by_die(mission: Mission, ids: list[str], what: str) -> tuple[list[str], list[str]]:
    remaining, order, reasons = list(ids), [], []
    while len(remaining) > 1:
        tb = break_tie(remaining, mission.round.die, position=lambda i: mission.map.layout.centre(mission.figure(i).at),
                       label=lambda i: i, color=lambda i: mission.figure(i).color, what="adversaries")
        reasons.append(f"{what}: the decision die puts {tb.choice} first — " + "; ".join(tb.reasons) + " (p.12)")
        order.append(tb.choice)
        remaining.remove(tb.choice)
    return order + remaining, reasons

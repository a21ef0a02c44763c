"""An adversary's primary target (p.27) and the further targets of a multi-target Attack (p.21, p.60).

The ordered criteria of p.27 "Determining an adversary's target":
1. the closest enemy in range and line of sight (closest = shortest range);
2. else the enemy it would take the fewest MP to be within range and line of sight of, counting through
   hazards (p.27 "Closest target"), a Leap of this turn included, later turns assumed to have none;
3. else the first destructible object blocking a path to a space that would put an enemy within range,
   on a path through as few destructible objects as possible;
4. else no primary target.
Enemy tiebreakers: one that needs no hazard entered to be attacked, then the decision die. Object
tiebreakers: no hazard, damaged, opens the path with the fewest MP, then the decision die. Invisible
enemies are ignored (p.37), and so is any enemy or object with no unoccupied space to attack it from.

Readings (docs/rules.md, "Phantom Epoch — adversary targets"): "in range" for criterion 1 is the base
range of the Description card or the range of an Attack on this turn's cards, whichever is larger
(p.27 "within range of the adversary or its action"); a space an adversary "can attack from" is
`paths.attack_spaces` with its base range, hazard spaces included (INTERPRETATIONS.md, revised: p.27's
"unoccupied" is no figure and no object, so an enemy whose free neighbours are all hazards is still a
target, and tiebreaker 1 prefers one that needs no hazard entered).
"""
from __future__ import annotations

from heapq import heappop, heappush

from .board import Board, Figure
from .decision import DecisionDie, break_tie
from .hexmap import Hex
from .paths import adjacency, attack_ends, attack_spaces, costs_from, enter_rule, reach
from .sight import has_line_of_sight, range_within
from ..record import record


@record
class Target:
    """A primary target: a figure or a destructible object, or none, with why."""
    name: str | None  # figure id, "object:E-4", or None
    at: Hex | None
    figure: Figure | None
    criterion: str  # "in-range", "fewest-mp", "blocking-object", "forced", "none"
    mp: int | None  # MP needed to be able to attack it (0 when in range now)
    reasons: tuple[str, ...]

    @property
    def is_object(self) -> bool:
        return self.name is not None and self.figure is None


NO_TARGET_REASON = ("no primary target: no enemy can be reached to be attacked, nor a destructible object "
                    "blocking the way to one, so it does not Move or perform actions that need a target (p.27)")


def object_name(board: Board, h: Hex) -> str:
    return f"object:{board.map.label(h)}"


def enemies(board: Board, adversary: Figure, exclude=()) -> list[Figure]:
    """Its enemies (p.26): the other side, Invisible ones ignored (p.37)."""
    return [f for f in board.figures if f.side != adversary.side and not f.invisible and f.id not in exclude]


def in_range(board: Board, source: Hex, target: Hex, rng: int) -> int | None:
    """The range from source to target if an attack of range `rng` reaches it (line of sight at range 2 or
    more, p.21); else None."""
    d = range_within(board.map, source, target, rng)
    if d is None or d == 0 or (d >= 2 and not has_line_of_sight(board.map, source, target)):
        return None
    return d


def decide(board: Board, options: list, die: DecisionDie | None, what: str, *, at, label, color):
    if len(options) == 1:
        return options[0], ()
    if die is None:
        first = sorted(options, key=label)[0]
        return first, (f"{len(options)} {what} are tied and no decision die was given; {label(first)} is taken "
                       "as the first by name",)
    tb = break_tie(options, die, position=lambda o: board.map.layout.centre(at(o)), label=label, color=color,
                   what=what)
    return tb.choice, tb.reasons


def decide_figure(board: Board, options: list, die: DecisionDie | None, what: str = "enemies"):
    """Tied figures: the decision die's color, then its directions (p.36)."""
    return decide(board, options, die, what, at=lambda f: f.at, label=lambda f: f.id, color=lambda f: f.color)


def decide_space(board: Board, options: list, die: DecisionDie | None):
    """Tied spaces: the decision die's directions (p.36); spaces have no color."""
    return decide(board, options, die, "spaces", at=lambda h: h, label=board.map.label, color=lambda h: None)


def choose_in_range(board: Board, adversary: Figure, rng: int, die: DecisionDie | None, exclude=()) -> Target | None:
    """Criterion 1 alone: the closest enemy the adversary can attack from where it stands."""
    found = []
    for f in enemies(board, adversary, exclude):
        d = in_range(board, adversary.at, f.at, rng)
        if d is not None:
            found.append((d, f))
    if not found:
        return None
    best = min(d for d, _ in found)
    closest = [f for d, f in found if d == best]
    choice, tie = decide_figure(board, closest, die)
    others = "" if len(found) == 1 else f" ({len(found)} enemies in range)"
    reasons = (f"targets {choice.id}: the closest enemy in range and line of sight, range {best}{others} (p.27)",)
    if len(closest) > 1:
        every = "both" if len(closest) == 2 else "all"
        reasons += (f"{', '.join(f.id for f in closest)} are {every} at range {best}; " + "; ".join(tie),)
    return Target(choice.id, choice.at, choice, "in-range", 0, reasons)


def choose_primary_target(board: Board, adversary: Figure, die: DecisionDie | None, *, attack_range: int | None = None,
                          leap: int | None = None, exclude=()) -> Target:
    """The primary target by the criteria of p.27, with the reasons."""
    rng = max(adversary.range, attack_range or 0)
    t = choose_in_range(board, adversary, rng, die, exclude)
    if t is not None:
        return t
    t = _fewest_mp(board, adversary, die, leap, exclude)
    if t is not None:
        return t
    t = _blocking_object(board, adversary, die, exclude)
    if t is not None:
        return t
    return Target(None, None, None, "none", None, (NO_TARGET_REASON,))


def _leap_seeds(board: Board, adversary: Figure, leap: int | None) -> dict:
    """Where this turn's Leap could land and at what MP; the adversary's own space at 0."""
    seeds = {adversary.at: 0}
    if leap:
        for h, c in reach(board, adversary, "leap", leap).cost.items():
            seeds[h] = min(c, seeds.get(h, c))
    return seeds


class _AttackSpaces:
    """The spaces `adversary` could attack `enemy` from (paths.attack_spaces), decided one space at a time
    when asked: a search that stops at the nearest ones then checks line of sight for a few spaces only."""

    def __init__(self, board: Board, adversary: Figure, enemy: Figure):
        self.board, self.adversary, self.enemy = board, adversary, enemy
        self.ranges = board.map.ranges_from(enemy.at, adversary.range)
        self.empty = attack_ends(board)  # empty or hazard spaces: "unoccupied" (p.27, INTERPRETATIONS.md)
        self.memo: dict = {}

    def __contains__(self, h) -> bool:
        d = self.ranges.get(h)
        if not d:  # out of range (most spaces asked about), or the enemy's own space
            return False
        got = self.memo.get(h)
        if got is None:
            got = self.memo[h] = ((h == self.adversary.at or h in self.empty)
                                  and (d == 1 or has_line_of_sight(self.board.map, h, self.enemy.at)))
        return got

    def any(self) -> bool:
        return any(h in self for h in self.ranges)


class _AnyOf:
    """An attack space of any of the enemies; a space in range of none of them is turned away at once."""

    def __init__(self, sets):
        self.sets = sets
        self.near = frozenset().union(*(s.ranges for s in sets))

    def __contains__(self, h) -> bool:
        return h in self.near and any(h in s for s in self.sets)


def _fewest_mp(board: Board, adversary: Figure, die, leap, exclude) -> Target | None:
    seeds = _leap_seeds(board, adversary, leap)
    targets = [(f, _AttackSpaces(board, adversary, f)) for f in enemies(board, adversary, exclude)]
    if not targets:
        return None
    # Only the nearest enemies matter: the search stops past the cheapest attack space (ties kept).
    normal = costs_from(board, adversary, seeds, "move", "normal", until=_AnyOf([g for _, g in targets]))
    found, ignored = [], []
    for f, goals in targets:
        costs = [c for h, c in normal.items() if h in goals.ranges and h in goals]
        if costs:
            found.append((min(costs), f, goals))
        elif not goals.any():
            ignored.append(f.id)
    if not found:
        return None
    best = min(c for c, _, _ in found)
    tied = [(f, goals) for c, f, goals in found if c == best]
    reasons = []
    how = " (with this turn's Leap)" if leap else ""
    if len(tied) > 1:
        avoid = costs_from(board, adversary, seeds, "move", "avoid", limit=best)
        dry = [f for f, goals in tied if min((c for h, c in avoid.items() if h in goals), default=None) == best]
        names = " and ".join(f.id for f, _ in tied)
        reasons.append(f"no enemy is in range and line of sight, so the target is the enemy needing the fewest MP "
                       f"to be attacked{how}: {names} {'both' if len(tied) == 2 else 'all'} need {best} (p.27)")
        options = [f for f, _ in tied]
        if dry and len(dry) < len(options):
            reasons.append(f"{', '.join(f.id for f in dry)} can be attacked without entering a hazard (p.27 tiebreaker 1)")
            options = dry
        choice, tie = decide_figure(board, options, die)
        if tie:
            reasons.append("tie: " + "; ".join(tie))
    else:
        choice = tied[0][0]
        reasons.append(f"no enemy is in range and line of sight, so the target is the enemy needing the fewest MP "
                       f"to be attacked{how}: {choice.id}, {best} MP (p.27)")
    if ignored:
        reasons.append(f"{', '.join(ignored)}: no unoccupied space to attack from, so ignored (p.27)")
    reasons[0] = reasons[0].replace("so the target is", f"so it targets {choice.id},", 1) if len(tied) > 1 else reasons[0]
    return Target(choice.id, choice.at, choice, "fewest-mp", best, tuple(reasons))


def _blocking_object(board: Board, adversary: Figure, die, exclude) -> Target | None:
    """p.27 criterion 3: search paths that may pass through destructible objects (each costs 2 MP once
    destroyed, p.33), fewest objects first, then fewest MP; the first object on the best paths."""
    m = board.map
    destructible = {h for h, s in m.objects if s in ("destructible", "damaged")
                    and object_name(board, h) not in exclude}
    if not destructible:
        return None
    goals = set()
    for f in enemies(board, adversary):
        goals |= attack_spaces(board, adversary, f.at, adversary.range, hazard_spaces=True)
    if not goals:
        return None
    results = _first_objects(board, adversary, destructible, goals)
    if not results:
        return None
    fewest = min(k for k, _ in results.values())
    cands = [h for h, (k, _) in results.items()
             if k == fewest and attack_spaces(board, adversary, h, adversary.range, hazard_spaces=True)]
    if not cands:
        return None
    reasons = [f"no enemy can be reached, so the target is the first destructible object blocking the way to one, "
               f"on a path through as few destructible objects as possible ({fewest}) (p.27)"]
    options = _object_tiebreakers(board, adversary, cands, results, reasons)
    choice, tie = decide(board, options, die, "objects", at=lambda h: h, label=lambda h: object_name(board, h),
                       color=lambda h: None)
    if tie:
        reasons.append("tie: " + "; ".join(tie))
    name = object_name(board, choice)
    reasons[0] = reasons[0].replace("so the target is", f"so it targets {name},", 1)
    return Target(name, choice, None, "blocking-object", results[choice][1], tuple(reasons))


def _first_objects(board: Board, adversary: Figure, destructible: set, goals: set) -> dict:
    """For each destructible object that opens a way to a space attacking an enemy: (objects passed, MP) of the best
    such path — fewest objects, then fewest MP, each object costing 2 MP once destroyed (p.27, p.33)."""
    enter = enter_rule(board, adversary, "move", "normal")
    adj = adjacency(board.map)
    # label: (objects passed, MP) per (space, first object on the way)
    start = (adversary.at, None)
    best = {start: (0, 0)}
    heap = [(0, 0, adversary.at, None)]
    results: dict = {}
    while heap:
        k, c, h, first = heappop(heap)
        if best.get((h, first)) != (k, c):
            continue
        if h in goals and first is not None:
            results.setdefault(first, (k, c))
        for n in adj[h]:
            if n in destructible:
                step, nk, nf = 2, k + 1, first if first is not None else n
            else:
                step = enter(n)
                if step is None:
                    continue
                nk, nf = k, first
            lab = (nk, c + step)
            if lab < best.get((n, nf), (nk + 1, 0)):
                best[(n, nf)] = lab
                heappush(heap, (nk, c + step, n, nf))
    return results


def _object_tiebreakers(board: Board, adversary: Figure, cands: list, results: dict, reasons: list) -> list:
    """p.27's object tiebreakers, in order, each saying what it kept in `reasons`: the objects left."""
    m = board.map
    options = cands
    if len(options) > 1:
        normal = costs_from(board, adversary, {adversary.at: 0}, "move", "normal")
        avoid = costs_from(board, adversary, {adversary.at: 0}, "move", "avoid")

        def cost(h, table):
            return min((table[g] for g in attack_spaces(board, adversary, h, adversary.range, hazard_spaces=True)
                        if g in table),
                       default=None)

        for text, keep in (
            ("can be attacked without entering a hazard (p.27 object tiebreaker 1)",
             lambda h: cost(h, avoid) is not None and cost(h, avoid) == cost(h, normal)),
            ("is already damaged (p.27 object tiebreaker 2)", lambda h: m.object_at.get(h) == "damaged"),
        ):
            kept = [h for h in options if keep(h)]
            if kept and len(kept) < len(options):
                reasons.append(f"{', '.join(object_name(board, h) for h in kept)} {text}")
                options = kept
        if len(options) > 1:
            mp = min(results[h][1] for h in options)
            kept = [h for h in options if results[h][1] == mp]
            if len(kept) < len(options):
                reasons.append(f"{', '.join(object_name(board, h) for h in kept)} opens the path needing the fewest "
                               f"MP, {mp} (p.27 object tiebreaker 3)")
            else:
                reasons.append(f"{', '.join(sorted(object_name(board, h) for h in kept))} "
                               f"{'both' if len(kept) == 2 else 'all'} "
                               f"open a path of {mp} MP (p.27 object tiebreaker 3)")
            options = kept
    return options

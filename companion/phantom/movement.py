"""Where an adversary ends a Move, Leap, Retreat or Teleport (p.28-29, Figures 39-45 on p.52-56).

Move and Leap: no primary target, or an object target already in range and line of sight: stay. Otherwise
end on a space the target can be attacked from (its Description-card range, not the card's modifiers)
as close as possible to maximum range; if none can be reached with this action, end as close as possible
to one (INTERPRETATIONS.md: the reachable space needing the fewest further MP to reach one, counted as a
Move — after a Leap too, p.28). Tiebreakers: hazard-free, most other enemies in range and line of
sight, fewest MP, the decision die.

Hazards (p.28): avoided as if indestructible objects, unless (1) the way to the target is completely
blocked otherwise, or (2) entering one is the only way to get to exactly maximum range with this action.
Each action is planned in isolation (p.28, Figure 41).
"""
from __future__ import annotations


from . import keywords
from .board import Board, Figure
from .decision import DecisionDie
from .hexmap import Hex, distance
from .paths import Reach, attack_spaces, can_reach_any, distances_to, farthest_attack_spaces, reach, teleport_spaces
from .targeting import Target, decide_space, enemies, in_range
from ..record import record



@record
class Movement:
    """Where a movement ends, by which path and for how many MP, and why."""
    mode: str  # move / leap / retreat / teleport
    start: Hex
    end: Hex
    path: tuple[Hex, ...]
    mp: int
    hazards: str  # the policy used: "avoid" or "normal"
    reasons: tuple[str, ...]


def _stay(mode, start, reason) -> Movement:
    return Movement(mode, start, start, (start,), 0, "avoid", (reason,))


def _others_in_range(board: Board, adversary: Figure, target: Target):
    """A count, for a space, of the other enemies it could attack from there with its base range (p.28
    tiebreaker 2); those farther than that range as the crow flies are left out at once."""
    others = [f.at for f in enemies(board, adversary) if f.id != target.name]
    rng = adversary.range
    return lambda h: sum(1 for at in others if distance(h, at) <= rng and in_range(board, h, at, rng) is not None)


def _choose(board: Board, adversary: Figure, target: Target, die, options: list, cost: dict, label) -> tuple:
    """p.28 tiebreakers over candidate ends: hazard-free, most other enemies in range, fewest MP, die."""
    m = board.map
    reasons = []
    steps = (
        ("hazard-free", lambda h: 0 if h in m.hazard_at else 1),
        ("most other enemies in range and line of sight", _others_in_range(board, adversary, target)),
        ("fewest MP", lambda h: -cost.get(h, 0)),
    )
    for text, score in steps:
        if len(options) <= 1:
            break
        scores = {h: score(h) for h in options}
        top = max(scores.values())
        kept = [h for h in options if scores[h] == top]
        if len(kept) < len(options):
            detail = {"hazard-free": "", "fewest MP": f" ({-top})",
                      "most other enemies in range and line of sight": f" ({top})"}[text]
            reasons.append(f"{text}{detail}: {', '.join(label(h) for h in sorted(kept, key=label))} (p.28)")
        options = kept
    choice, tie = decide_space(board, options, die)
    if tie:
        reasons.append(f"{', '.join(label(h) for h in sorted(options, key=label))} are still tied: " + "; ".join(tie))
    return choice, reasons


def _best_range(board: Board, target_at: Hex, spaces, within: int) -> dict:
    """Range to the target of each of `spaces`, all attack spaces, so within the attack range."""
    ranges = board.map.ranges_from(target_at, within)
    return {h: ranges[h] for h in spaces if h in ranges}


def plan_move(board: Board, adversary: Figure, target: Target, mode: str, mp: int, die: DecisionDie | None) -> Movement:
    """A Move or a Leap of `mp` MP toward `target` (p.28)."""
    start, name, label = adversary.at, keywords.REGISTRY[mode].title, board.map.label
    if target.name is None:
        return _stay(mode, start, f"{name} {mp}: no primary target, so it stays (p.28)")
    rng = adversary.range
    if target.is_object and in_range(board, start, target.at, rng) is not None:
        return _stay(mode, start, f"{name} {mp}: its target {target.name} is in range and line of sight, so it stays (p.28)")
    found: list = []

    def goals() -> frozenset:
        """Every space it could attack the target from, found once if a rule needs them all."""
        if not found:
            found.append(attack_spaces(board, adversary, target.at, rng, hazard_spaces=True))
        return found[0]

    avoid = reach(board, adversary, mode, mp, "avoid")
    policy, r, why = "avoid", avoid, None
    top, options = farthest_attack_spaces(board, adversary, target.at, rng, avoid.ends())
    # MP from each end of this action on to an attack space, when none is reached this action: counted as a
    # Move after a Leap too (p.28, "the assumption that their next action will be a Move action").
    need = None
    if top is None:
        need = distances_to(board, adversary, goals(), "move", "avoid", until=avoid.ends())
    if board.map.hazard_at:
        # p.28 hazards 1: however far off the hazard, the way may be shut without it. A Move or Leap that can
        # end somewhere with a way on to an attack space has its way open (its start is one of its ends).
        # A Leap's way is judged by what a Leap passes over (p.24): it passes over a hazard it does not end
        # on, as over an object, so fire it can leap across does not shut its way.
        blocked = (top is None and goals()
                   and not (any(h in need for h in avoid.ends()) if need is not None
                            else can_reach_any(board, adversary, goals(), "move", "avoid"))
                   and can_reach_any(board, adversary, goals(), "move", "normal"))
        if blocked:
            policy, r, why, need = "normal", reach(board, adversary, mode, mp, "normal"), (
                "the way to its target is blocked unless it enters a hazard (p.28 hazards 1)"), None
            top, options = farthest_attack_spaces(board, adversary, target.at, rng, r.ends())
        elif avoid.hazard_within_mp:  # else both policies reach the same spaces
            normal = reach(board, adversary, mode, mp, "normal")
            top_normal, options_normal = farthest_attack_spaces(board, adversary, target.at, rng, normal.ends())
            if top_normal == rng and top != rng:
                policy, r, why = "normal", normal, (f"entering a hazard is the only way to get to exactly range {rng} "
                                                    f"of {target.name} with this action (p.28 hazards 2)")
                top, options, need = top_normal, options_normal, None
            elif dict(normal.cost) != dict(avoid.cost):
                why = (f"it treats hazards as indestructible objects: its way is open without them, and entering one "
                       f"would not get it to exactly range {rng} of {target.name} with this action (p.28 hazards)")
    reasons = []
    if why:
        reasons.append(why)
    if top is not None:
        options = sorted(options)
        exact = "its maximum range" if top == rng else f"range {top}, as close as it can get to its range {rng}"
        head = f"{name} {mp}: ends where it can attack {target.name} at {exact} (p.28)"
        choice, more = _choose(board, adversary, target, die, options, r.cost, label)
    else:
        ends = r.ends()
        if need is None:
            need = distances_to(board, adversary, goals(), "move", policy, until=ends)
        options = [h for h in ends if h in need]
        if not options:
            return _stay(mode, start, f"{name} {mp}: it cannot get any closer to a space {target.name} can be attacked "
                                      "from, so it stays (p.28)")
        least = min(need[h] for h in options)
        options = [h for h in options if need[h] == least]
        head = (f"{name} {mp}: no space {target.name} can be attacked from is within {mp} MP, so it ends as close as "
                f"possible to one, {least} MP from such a space (p.28)")
        choice, more = _choose(board, adversary, target, die, options, r.cost, label)
    if len(options) > 1:
        head += f"; {len(options)} spaces qualify: {', '.join(label(h) for h in sorted(options, key=label))}"
    reasons.append(head)
    reasons.extend(more)
    path = r.path_to(choice)
    reasons.append(f"moves {' → '.join(label(h) for h in path)} ({r.cost[choice]} MP)" if choice != start
                   else "stays where it is")
    return Movement(mode, start, choice, path, r.cost[choice], policy, tuple(reasons))


def plan_retreat(board: Board, adversary: Figure, target: Target, mp: int, die: DecisionDie | None) -> Movement:
    """Retreat (p.29): the furthest range from the primary target it can get with this action; ties by the
    tiebreakers of a Move, since a Retreat "works the same way" (p.28: hazard-free, most other enemies in range
    and line of sight, fewest MP, decision die; p.29 repeats the last two). Other enemies matter only there
    (INTERPRETATIONS.md). Hazards are avoided as for a Move (p.28)."""
    start, label = adversary.at, board.map.label
    if target.name is None:
        return _stay("retreat", start, f"Retreat {mp}: no primary target, so it stays (p.27)")
    r: Reach = reach(board, adversary, "move", mp, "avoid")
    ranges = board.map.ranges_to(target.at, r.ends())
    far = max(ranges.get(h, -1) for h in r.ends())
    options = [h for h in r.ends() if ranges.get(h, -1) == far]
    reasons = [f"Retreat {mp}: ends as far from {target.name} as it can, range {far} (p.29)"]
    choice, more = _choose(board, adversary, target, die, options, r.cost, label)
    reasons.extend(more)
    path = r.path_to(choice)
    reasons.append(f"moves {' → '.join(label(h) for h in path)} ({r.cost[choice]} MP)" if choice != start
                   else "stays where it is")
    return Movement("retreat", start, choice, path, r.cost[choice], "avoid", tuple(reasons))


def plan_teleport(board: Board, adversary: Figure, target: Target, die: DecisionDie | None) -> Movement:
    """Teleport (p.29): any empty space (or its own) not beyond a closed door, chosen by the flow of a Move."""
    start, label = adversary.at, board.map.label
    if target.name is None:
        return _stay("teleport", start, "Teleport: no primary target, so it stays (p.27)")
    if target.is_object and in_range(board, start, target.at, adversary.range) is not None:
        return _stay("teleport", start, f"Teleport: its target {target.name} is in range and line of sight, so it stays (p.28)")
    spaces = teleport_spaces(board, adversary)
    goals = attack_spaces(board, adversary, target.at, adversary.range) & spaces
    if goals:
        ranges = _best_range(board, target.at, goals, adversary.range)
        top = max(ranges.values())
        options = [h for h in goals if ranges[h] == top]
        head = f"Teleport: to a space it can attack {target.name} from, range {top} (p.29, as a Move p.28)"
    else:
        need = distances_to(board, adversary, attack_spaces(board, adversary, target.at, adversary.range), "move", "avoid",
                            until=spaces)
        options = [h for h in spaces if h in need]
        if not options:
            return _stay("teleport", start, f"Teleport: no space brings it closer to {target.name}, so it stays (p.29)")
        least = min(need[h] for h in options)
        options = [h for h in options if need[h] == least]
        head = f"Teleport: as close as possible to a space {target.name} can be attacked from, {least} MP away (p.29)"
    choice, more = _choose(board, adversary, target, die, options, {}, label)
    return Movement("teleport", start, choice, (start, choice) if choice != start else (start,), 0, "avoid",
                    (head, *more, f"is placed on {label(choice)}"))

"""Exact line of sight (p.18-19, 27, 36; INTERPRETATIONS.md "Line of sight"; docs/rules.md).

A line of sight is a segment from a corner of one space to a corner of the
other, never the same corner of both (p.18). Walls and closed doors block what
goes through them (p.18): the segment is blocked if it crosses one or runs
along one; where it touches walls at a single grid vertex (its own end corners
included) it is blocked only if the walls meeting there separate the side it
comes from and the side it goes to (at an end corner, its own space is that
side) -- so a one-space-wide corridor sees along itself, and nothing slips
through the corner of an L (INTERPRETATIONS.md, docs/rules.md). A figure or
object space is *on* the line if the segment enters its interior or runs along
one of its sides (p.18, Figure 7); touching a single corner does not count.

Everything is exact and integer (DESIGN.md): what a segment between two spaces meets depends only on the
orientation, their axial offset and the corner pair, which companion/phantom/sight_geometry.py computes once
(and ships as a table); a query is then set lookups against the map's blocked edges (cached per map, since maps
are immutable) and the board's figures and objects, keyed by sight_geometry's integer hex codes.

Readings this module makes (docs/rules.md, "the map and line of sight"):
- A zero-length candidate (adjacent spaces sharing the corner) is not a line:
  between adjacent spaces 28 of the 30 corner pairs are candidates.
- Between a space and itself there is nothing to draw: range 0, line of sight
  true, no lines.
- Invisible figures (p.37) are not on any line (they cannot be affected by
  another figure's action, so no Accuracy roll can make them the target), and
  no line can be drawn to one.
- Spaces met at the same point of the segment form a tie; in `through` its
  members are in name order.
- Adversary choice (p.27): fewest Accuracy rolls, then fewest allies, then
  fewest indestructible objects. The decision die (p.36) decides only between
  lines that go through *different* objects or figures (p.27, criterion 4);
  lines meeting the same ones in the same order are the same for the attack
  and the first is used. A segment's position for the die is the sum of its two
  end vertices (its doubled midpoint); its label names its corners.
"""
from __future__ import annotations


from .board import Board, Figure
from .decision import DecisionDie, break_tie
from .hexmap import DIRECTIONS, GEOMETRY_CACHES, Hex, HexMap, MapError, distance
from .sight_geometry import LIMIT, Geometry, geometry, hex_code, hex_codes
from ..record import record

__all__ = ["SightLine", "Sight", "sight", "has_line_of_sight", "sight_to_dict", "geometry", "Geometry"]



@record
class SightLine:
    """One valid sight segment: its two corners."""
    from_corner: int  # corner index of the source space (hexmap corner order)
    to_corner: int
    from_vertex: tuple[int, int]
    to_vertex: tuple[int, int]
    through: tuple  # in order of first contact: a str, or a tuple of str for a tie
    accuracy_rolls: tuple[str, ...]  # items of `through` needing an Accuracy roll, nearest first
    allies: int  # figures on the line on the side of the figure at the source
    indestructible: int  # indestructible objects on the line


@record
class Sight:
    """Range and line of sight between two spaces, every valid segment, and the one an adversary uses."""
    source: Hex
    target: Hex
    range: int | None  # map range (None if unreachable)
    line_of_sight: bool
    lines: tuple[SightLine, ...]  # every valid segment, ordered by (from_corner, to_corner)
    adversary_choice: int | None  # index into lines an adversary at source would use
    reasons: tuple[str, ...]  # why that segment (or why there is none)


# -- per-map caches ---------------------------------------------------------------------------------

class _MapSight:
    __slots__ = ("orientation", "blocked", "spaces", "valid", "ranges")

    def __init__(self, m: HexMap):
        o = self.orientation = m.layout.orientation
        # A drawn centre is at most 3 * (|q| + |r|) from the origin: only a map that far out is checked space by space.
        if 3 * max(abs(q) + abs(r) for q, r in m.spaces) > LIMIT:
            for h in m.spaces:
                x, y = m.layout.centre(h)
                if abs(x) > LIMIT or abs(y) > LIMIT:
                    raise MapError(f"space {h} lies too far out for the sight engine")
        self.spaces = hex_codes(o, m.spaces)
        self.blocked = hex_codes(o, [(a[0] + b[0], a[1] + b[1]) for a, b in m.blocked_edges])
        self.valid: dict = {}
        self.ranges: dict = {}


GEOMETRY_CACHES.add("_sight_cache")  # spaces and blocked edges only


def _map_sight(m: HexMap) -> _MapSight:
    d = m.__dict__
    ms = d.get("_sight_cache")
    if ms is None:
        ms = d["_sight_cache"] = _MapSight(m)
    return ms


def _valid(m: HexMap, ms: _MapSight, a: Hex, b: Hex):
    """(geometry, mask of the segments no wall or closed door blocks), cached per map: blocked are those
    crossing or running along a blocked edge, and those touching a vertex whose blocked edges separate the
    side they come from and the side they go to (INTERPRETATIONS.md; sight_geometry's joints)."""
    key = (a, b)
    got = ms.valid.get(key)
    if got is None:
        geo = geometry(ms.orientation, b[0] - a[0], b[1] - a[1])
        off = 2 * hex_code(ms.orientation, a)
        blocked = ms.blocked
        bad = 0
        for code, bits in geo.edges:
            if code + off in blocked:
                bad |= bits
        for e1, e2, e3, bits in geo.joints:
            if e1 + off in blocked and (e2 + off in blocked or e3 + off in blocked):
                bad |= bits
        got = ms.valid[key] = (geo, geo.full & ~bad)
    return got


_STEPS: dict = {}


def _steps(dq: int, dr: int):
    """The two neighbouring directions every shortest open-grid path from (0,0) to (dq,dr) uses, and
    how many steps of each."""
    got = _STEPS.get((dq, dr))
    if got is None:
        for k in range(6):
            a, b = DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]
            det = a[0] * b[1] - a[1] * b[0]
            i = (dq * b[1] - dr * b[0]) // det
            j = (a[0] * dr - a[1] * dq) // det
            if i >= 0 and j >= 0 and (i * a[0] + j * b[0], i * a[1] + j * b[1]) == (dq, dr):
                got = _STEPS[(dq, dr)] = (a, i, b, j)
                break
    return got


def range_within(m: HexMap, a: Hex, b: Hex, limit: int) -> int | None:
    """The map range from a to b (p.18) if it is at most `limit`, else None: the straight way first (as
    `_range`), a search bounded by `limit` only when walls bend it."""
    d = distance(a, b)
    if d > limit:
        return None
    ms = _map_sight(m)
    got = ms.ranges.get((a, b), -1)
    if got == -1:
        if _straight(ms, a, b, d):
            got = ms.ranges[(a, b)] = d
        else:
            return m.ranges_from(a, limit).get(b)
    return got if got is not None and got <= limit else None


def _range(m: HexMap, ms: _MapSight, a: Hex, b: Hex) -> int | None:
    """Map range (p.18), exactly `m.range_between`: the hex distance when some shortest open-grid path
    stays on spaces and crosses no blocked edge (checked over the parallelogram of such paths), else the
    map's breadth-first search."""
    key = (a, b)
    if key in ms.ranges:
        return ms.ranges[key]
    d = distance(a, b)
    result = d if _straight(ms, a, b, d) else None
    if result is None:
        result = m.range_between(a, b)
    ms.ranges[key] = result
    return result


def _straight(ms: _MapSight, a: Hex, b: Hex, d: int) -> bool:
    """Does some shortest open-grid path from a to b stay on spaces and cross no blocked edge?"""
    if d == 0:
        return True
    o = ms.orientation
    da, n1, db, n2 = _steps(b[0] - a[0], b[1] - a[1])
    ca, cb, c0 = hex_code(o, da), hex_code(o, db), hex_code(o, a)
    spaces, blocked = ms.spaces, ms.blocked
    prev = None
    for i in range(n1 + 1):
        row = []
        for j in range(n2 + 1):
            c = c0 + i * ca + j * cb
            if i == 0 and j == 0:
                ok = True
            elif c not in spaces:
                ok = False
            else:
                ok = ((i > 0 and prev[j] and (2 * c - ca) not in blocked)
                      or (j > 0 and row[j - 1] and (2 * c - cb) not in blocked))
            row.append(ok)
        prev = row
    return bool(prev[n2])


# -- what stands on the board ---------------------------------------------------------------------------

@record(eq=False)  # nothing compares or hashes one: identity is enough (and cheaper to import)
class _Item:
    """A figure or object that a sight line may pass."""
    name: str  # figure id, or "object:E-4"
    at: Hex
    figure: Figure | None
    indestructible: bool


def _board_items(board: Board) -> dict:
    """Hex code -> the figures and blocking objects there (Invisible figures are on no line, p.37)."""
    d = board.__dict__
    items = d.get("_sight_items")
    if items is None:
        m = board.map
        o = m.layout.orientation
        items = {}
        for h, state in m.objects:
            if m.is_blocking_object(h):
                items.setdefault(hex_code(o, h), []).append(
                    _Item(f"object:{m.label(h)}", h, None, state == "indestructible"))
        for f in board.figures:
            if not f.invisible:
                items.setdefault(hex_code(o, f.at), []).append(_Item(f.id, f.at, f, False))
        items = d["_sight_items"] = {c: tuple(v) for c, v in items.items()}
    return items


# -- queries --------------------------------------------------------------------------------------------

def has_line_of_sight(m: HexMap, a: Hex, b: Hex) -> bool:
    """Is there any valid segment between spaces a and b on the map alone (figures never block sight)?
    Cached per map."""
    if a not in m.spaces or b not in m.spaces:
        return False
    if a == b:
        return True
    return _valid(m, _map_sight(m), a, b)[1] != 0


def sight(board: Board, source: Hex, target: Hex, die: DecisionDie | None = None) -> Sight:
    """Every valid line of sight from `source` to `target`, what is on each, and which an adversary at
    `source` would draw (p.18-19, 27, 36)."""
    m = board.map
    for h, what in ((source, "from"), (target, "to")):
        if h not in m.spaces:
            raise MapError(f"{what}: {_name(m, h)} is not a space of the map")
    ms = _map_sight(m)
    rng = _range(m, ms, source, target)
    if source == target:
        return Sight(source, target, 0, True, (), None,
                     ("the same space: there is no line to draw (p.18 draws to another space)",))
    figures = board.figure_at
    target_figure = figures.get(target)
    if target_figure is not None and target_figure.invisible:
        return Sight(source, target, rng, False, (), None,
                     (f"{target_figure.id} is Invisible: line of sight can never be drawn to an Invisible "
                      "figure (p.37)",))
    geo, mask = _valid(m, ms, source, target)
    if not mask:
        return Sight(source, target, rng, False, (), None,
                     ("every segment from a corner of one space to a different corner of the other crosses a "
                      "wall or closed door, runs along one, or passes where walls meet (p.18-19)",))
    source_figure = figures.get(source)
    side = source_figure.side if source_figure is not None else None
    adversary = side == "adversary"
    layout = m.layout

    hits = []
    items = _board_items(board)
    if items:
        off = hex_code(ms.orientation, source)
        for code, rel, bits, ranks, near in geo.hexes:
            if bits & mask:
                here = items.get(code + off)
                if here:
                    adjacent = near and m.passable(source, (source[0] + rel[0], source[1] + rel[1]))
                    for item in here:
                        hits.append((bits, ranks, item, adjacent))

    cx, cy = layout.centre(source)
    tie_orders: dict = {}
    lines = []
    for k, (i, j, p, q) in enumerate(geo.segs):
        if not (mask >> k) & 1:
            continue
        on = [(ranks[k], item, adjacent) for bits, ranks, item, adjacent in hits if (bits >> k) & 1]
        if on:
            through, rolls, allies, indestructible = _on_line(on, side, adversary, die, m, tie_orders)
        else:
            through, rolls, allies, indestructible = (), (), 0, 0
        lines.append(SightLine(i, j, (p[0] + cx, p[1] + cy), (q[0] + cx, q[1] + cy),
                               through, rolls, allies, indestructible))
    lines = tuple(lines)
    choice, reasons = None, ()
    if adversary:
        choice, reasons = _choose(lines, m, source, target, die, tie_orders)
    return Sight(source, target, rng, True, lines, choice, reasons)


def _on_line(on, side, adversary, die, m: HexMap, tie_orders: dict):
    on.sort(key=lambda x: (x[0], x[1].name))
    through, rolls = [], []
    allies = indestructible = 0
    n = 0
    while n < len(on):
        rank = on[n][0]
        group = []
        while n < len(on) and on[n][0] == rank:
            group.append(on[n])
            n += 1
        names = tuple(item.name for _, item, _ in group)
        through.append(names[0] if len(names) == 1 else names)
        rolling = [item for _, item, adjacent in group if not adjacent]
        if len(rolling) > 1 and adversary and die is not None:
            key = tuple(item.name for item in rolling)
            if key not in tie_orders:
                tie_orders[key] = _order_by_die(rolling, die, m)
            rolls.extend(tie_orders[key][0])
        else:
            rolls.extend(item.name for item in rolling)
        for _, item, _ in group:
            if item.figure is not None:
                if item.figure.side == side:
                    allies += 1
            elif item.indestructible:
                indestructible += 1
    return tuple(through), tuple(rolls), allies, indestructible


def _order_by_die(rolling, die: DecisionDie, m: HexMap):
    """Two or more spaces met at the same point: an adversary orders their Accuracy rolls with the
    decision die (p.19), by the drawn centre of each space."""
    left = list(rolling)
    order, reasons = [], []
    while len(left) > 1:
        tb = break_tie(left, die, position=lambda it: m.layout.centre(it.at), label=lambda it: it.name,
                       color=lambda it: it.figure.color if it.figure is not None else None,
                       what="figures and objects met together")
        order.append(tb.choice.name)
        reasons.append(f"{tb.choice.name} first of {', '.join(it.name for it in left)}: " + "; ".join(tb.reasons))
        left.remove(tb.choice)
    order.append(left[0].name)
    return tuple(order), tuple(reasons)


def _choose(lines, m: HexMap, source: Hex, target: Hex, die, tie_orders):
    """The segment an adversary draws (p.27): fewest Accuracy rolls, fewest allies, fewest indestructible
    objects, then the decision die between lines through different objects or figures (p.36)."""
    if not lines:
        return None, ()
    layout = m.layout

    def label(k):
        line = lines[k]
        return (f"the {layout.corner_name(line.from_corner)} of {m.label(source)} to "
                f"the {layout.corner_name(line.to_corner)} of {m.label(target)}")

    reasons = []
    keys = [(len(line.accuracy_rolls), line.allies, line.indestructible) for line in lines]
    best = min(keys)
    cand = list(range(len(lines)))
    for n, text in enumerate(("objects or figures needing an Accuracy roll", "allies", "indestructible objects")):
        keep = [c for c in cand if keys[c][n] == best[n]]
        if len(keep) < len(cand):
            reasons.append(f"fewest {text} ({best[n]}): {len(keep)} of {len(cand)} lines left (p.27)")
        cand = keep
    if len(cand) == 1:
        choice = cand[0]
        if len(lines) == 1:
            reasons.append("the only valid line of sight (p.18-19)")
    elif len({lines[c].through for c in cand}) == 1:
        choice = cand[0]
        reasons.append(f"the {len(cand)} lines left go through the same objects and figures, so the decision "
                       f"die is not needed (p.27); the first, {label(choice)}, is drawn")
    elif die is None:
        choice = cand[0]
        reasons.append(f"{len(cand)} lines through different objects or figures are still tied and no decision "
                       f"die was given; the first in order, {label(choice)}, is drawn")
    else:
        def position(k):
            (x1, y1), (x2, y2) = lines[k].from_vertex, lines[k].to_vertex
            return (x1 + x2, y1 + y2)

        tb = break_tie(cand, die, position=position, label=label, what="lines of sight")
        choice = tb.choice
        reasons.append(f"the decision die chooses between {len(cand)} lines through different objects or figures "
                       "(p.27)")
        reasons.extend(tb.reasons)
    reasons.insert(0, f"draws line of sight from {label(choice)} (p.27)")
    chosen = lines[choice]
    for group in chosen.through:
        if isinstance(group, tuple):
            reasons.append(f"{' and '.join(group)} are met at the same point, along their shared side (p.19)")
            key = tuple(n for n in group if n in chosen.accuracy_rolls)
            if key in tie_orders:
                reasons.extend(tie_orders[key][1])
    return choice, tuple(reasons)


def sight_to_dict(result: Sight, m: HexMap) -> dict:
    """The `companion sight` JSON of DESIGN.md."""
    return {
        "from": m.label(result.source),
        "to": m.label(result.target),
        "range": result.range,
        "line_of_sight": result.line_of_sight,
        "lines": [{"from_vertex": list(line.from_vertex), "to_vertex": list(line.to_vertex),
                   "through": [list(x) if isinstance(x, tuple) else x for x in line.through],
                   "accuracy_rolls": list(line.accuracy_rolls)} for line in result.lines],
        "adversary_choice": result.adversary_choice,
    }


def _name(m: HexMap, h) -> str:
    try:
        return m.label(h)
    except (MapError, TypeError, ValueError):
        return repr(h)

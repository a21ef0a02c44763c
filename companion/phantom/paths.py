"""Movement: where a figure can get with a Move or a Leap, at what MP cost, and by which path.

Rules (p.24-25, 28, 33-35; INTERPRETATIONS.md "Map" and "Movement"):

- Move: 1 MP a space, 2 MP into difficult terrain or a destroyed object
  (`HexMap.is_difficult`; a hazard token over difficult terrain costs 1).
  Through allies (same side), never ending on them; not through enemies unless
  the mover or that enemy is Invisible. Never into objects (intact, damaged,
  indestructible), orbs, gaps or closed doors; never across a wall
  (`HexMap.passable`). Ends only on an empty space, a hazard space with no
  figure on it, or where it started.
- Leap: every space costs 1 MP, difficult terrain too; passes over objects,
  orbs, gaps, hazards and figures of either side; never over a wall or a
  closed door; ends like a Move. Only the space it ends on is entered.
- Hazards: "normal" counts them at their normal cost; "avoid" treats them as
  an indestructible object (the adversary hazard policy, p.28): a Move cannot
  enter one, a Leap can pass over one but not end on it.
- A figure's own start space is always an end, at 0 MP.
- A Retreat moves like a Move (p.29): `reach(..., "move")`. Teleport: `teleport_spaces`.

Paths are fewest-MP. Among paths of equal MP the one entering the fewest
hazards wins (Move; a Leap enters only its end), and any tie left is broken
space by space from the end backwards: the space stepped from is the one
whose drawn centre is furthest north, then furthest west. The same input
always gives the same path (docs/rules.md, "Phantom Epoch — movement").

The neighbours across open edges are the map's own table
(`HexMap.open_neighbours`, built once per map, not a second time here); what
else depends only on the map (which spaces can be entered or ended on, the
tie-break order) is derived once per map and cached on the map instance, like
`HexMap._range_cache`; what depends on the figures is derived once per board.
Maps and boards are immutable, so a changed map or board is a new instance
with fresh caches.
"""
from __future__ import annotations

from dataclasses import field
from heapq import heappop, heappush
from types import MappingProxyType
from typing import Callable, Collection, Iterable, Mapping

from ..errors import RuleError
from .board import Board, Figure
from .hexmap import GEOMETRY_CACHES, Hex, HexMap
from .sight import has_line_of_sight
from ..record import record

MODES = ("move", "leap")
_HAZARD_SCALE = 1 << 12  # more hazards than any path can enter
_NO_LIMIT = 1 << 62
HAZARD_POLICIES = ("normal", "avoid")


class PathError(RuleError):
    """A bad mode, hazard policy, budget, or a space the reach does not end on."""


# -- per-map and per-board derived data ----------------------------------------------------

def _memo(obj, name: str, make: Callable):
    """Derive once and keep it on the (immutable) instance, as functools.cached_property does."""
    d = obj.__dict__
    try:
        return d[name]
    except KeyError:
        value = d[name] = make()
        return value


@record(eq=False)  # nothing compares one (its dicts cannot be hashed): identity is enough
class _MapInfo:
    """A map's movement tables, derived once per map (`_derive`)."""
    adj: dict            # HexMap.open_neighbours: space -> neighbours one can step to (no wall, no closed door)
    move_cost: dict      # space -> MP to Move into it if nothing stands there; None: never (object, orb, gap, door)
    empty: frozenset     # spaces that are empty (Board.is_empty) when no figure stands on them
    endable: frozenset   # spaces a movement may end on when no figure stands there: empty or hazard
    hazards: frozenset
    order: dict          # space -> tie-break key: drawn centre (y, x), north first then west


GEOMETRY_CACHES.update({"_paths_order", "_paths_leap", "_paths_los"})


def _map_info(m: HexMap) -> _MapInfo:
    return _memo(m, "_paths_info", lambda: _derive(m))


class _Order(dict):
    """The tie-break order of the spaces (drawn centre, y then x), each made when a tie first asks for it: the
    same for a map with other objects or hazards."""
    __slots__ = ("_centre",)

    def __init__(self, centre: Callable[[Hex], tuple[int, int]]):
        super().__init__()
        self._centre = centre

    def __missing__(self, h: Hex) -> tuple[int, int]:
        x, y = self._centre(h)
        got = self[h] = (y, x)
        return got


_BLOCKING_OBJECTS = ("destructible", "damaged", "indestructible")  # HexMap.is_blocking_object's states


def _derive(m: HexMap) -> _MapInfo:
    """The map's movement tables by set arithmetic over the few things lying on it, not a question per space:
    a cold turn pays for this once over every space. Board.is_empty and HexMap.is_difficult say the same per
    space (tests/test_paths.py holds the two to each other)."""
    spaces, hazard_at, terrain_at = m.spaces, m.hazard_at, m.terrain_at
    objects = m.object_at
    blocked = ({h for h, state in objects.items() if state in _BLOCKING_OBJECTS} | set(m.orb_at)
               | {h for h, kind in terrain_at.items() if kind == "gap"} | m.closed_doors)
    hazards = frozenset(hazard_at)
    empty = frozenset(spaces.difference(blocked, hazards))
    endable = empty | (hazards - blocked)
    difficult = ({h for h, kind in terrain_at.items() if kind == "difficult"}
                 | {h for h, state in objects.items() if state == "destroyed"}) - hazards
    move_cost = dict.fromkeys(spaces, 1)
    move_cost.update(dict.fromkeys(difficult, 2))
    move_cost.update(dict.fromkeys(blocked, None))
    order = _memo(m, "_paths_order", lambda: _Order(m.layout.centre))
    return _MapInfo(m.open_neighbours, move_cost, empty, endable, hazards, order)


def empty_spaces(board: Board) -> frozenset:
    """Board.is_empty for every space, as a set (derived once per board)."""
    return _memo(board, "_paths_empty", lambda: _map_info(board.map).empty - frozenset(board.figure_at))


_empty_spaces = empty_spaces


def attack_ends(board: Board) -> frozenset:
    """The spaces an adversary may attack from besides its own (INTERPRETATIONS.md, revised): a space a move
    may end on, empty or a hazard with no figure (p.23, p.27 "unoccupied"); derived once per board."""
    return _memo(board, "_paths_endable", lambda: _map_info(board.map).endable - frozenset(board.figure_at))


def _check(mode: str, hazards: str) -> None:
    if mode not in MODES:
        raise PathError(f"mode must be move or leap, not {mode!r}")
    if hazards not in HAZARD_POLICIES:
        raise PathError(f"hazards must be normal or avoid, not {hazards!r}")


def _enter_rule(board: Board, figure: Figure, mode: str, hazards: str) -> Callable[[Hex], int | None]:
    """A function giving the MP for `figure` to enter (pass through or end on) a space; None if it cannot.
    Walls are edges: the caller only asks about neighbours across an open edge.

    It is the `get` of a table derived once per map (terrain, objects, doors, hazards) and patched once per
    board and kind of mover for the figures standing on it: searches then cost one dict lookup a step."""
    key = ("_paths_enter", figure.id, figure.side, figure.invisible, mode, hazards)
    return _memo(board, key, lambda: _enter_table(board, figure, mode, hazards)).get


def _enter_table(board: Board, figure: Figure, mode: str, hazards: str) -> dict:
    m = board.map
    if mode == "leap":
        return _memo(m, "_paths_leap", lambda: {h: 1 for h in m.spaces if h not in m.closed_doors})
    return _without_enemies(board, figure, _memo(m, ("_paths_move", hazards), lambda: _move_table(m, hazards)))


def _without_enemies(board: Board, figure: Figure, base: dict) -> dict:
    """A per-map table of the spaces one may enter, less those where an enemy stands (p.24, p.37)."""
    blocked = [h for h, other in board.figure_at.items()
               if other.id != figure.id and other.side != figure.side and not (figure.invisible or other.invisible)
               and h in base]  # an enemy, and neither is Invisible
    if not blocked:
        return base
    table = dict(base)
    for h in blocked:
        del table[h]
    return table


def _label_steps(board: Board, figure: Figure, mode: str, hazards: str) -> dict:
    """What entering each space adds to a `reach` label: MP * _HAZARD_SCALE, plus 1 for a hazard a Move enters."""
    m = board.map

    def per_map() -> dict:
        info = _map_info(m)
        if mode == "leap":  # a Leap enters only its end space
            return {h: _HAZARD_SCALE for h in _enter_table(Board(m), figure, mode, hazards)}
        return {h: c * _HAZARD_SCALE + (1 if h in info.hazards else 0) for h, c in _move_table(m, hazards).items()}

    base = _memo(m, ("_paths_label_steps", mode, hazards), per_map)
    key = ("_paths_label_steps", figure.id, figure.side, figure.invisible, mode, hazards)
    return _memo(board, key, lambda: base if mode == "leap" else _without_enemies(board, figure, base))


def _move_table(m: HexMap, hazards: str) -> dict:
    info = _map_info(m)
    avoid = hazards == "avoid"
    return {h: c for h, c in info.move_cost.items() if c is not None and not (avoid and h in info.hazards)}


def _end_rule(board: Board, figure: Figure, hazards: str) -> Callable[[Hex], bool]:
    info = _map_info(board.map)
    ok = info.empty if hazards == "avoid" else info.endable
    figure_at, start = board.figure_at, figure.at
    return lambda h: h == start or (h in ok and h not in figure_at)


# -- the public API -------------------------------------------------------------------------

def step_cost(board: Board, figure: Figure, mode: str, h: Hex, hazards: str = "normal") -> int | None:
    """MP for `figure` to enter space `h` by a Move or a Leap; None if it cannot pass through it.

    Entering is not ending: a Move passes through an ally (cost returned) but cannot end there; a
    Leap passes over an object (1) but cannot end there. Walls are edges, not spaces: whether one
    can step from a neighbour is `HexMap.passable`.
    """
    _check(mode, hazards)
    return _enter_rule(board, figure, mode, hazards)(h)


def can_end_on(board: Board, figure: Figure, h: Hex, hazards: str = "normal") -> bool:
    """Can a Move or Leap of `figure` end on `h`: its own space, an empty space, or (unless hazards are
    avoided) a hazard space with no figure (p.24)."""
    _check("move", hazards)
    return _end_rule(board, figure, hazards)(h)


@record(eq=False)
class Reach:
    """Where a figure can end one Move or Leap, and how: fewest-MP costs and paths."""
    start: Hex
    mode: str  # "move" | "leap"
    mp: int | None  # the budget; None = unlimited
    hazards: str  # "normal" | "avoid"
    cost: Mapping[Hex, int]  # fewest MP to END on each space it can end on, start included at 0
    _label: Mapping[Hex, int] = field(repr=False, default_factory=dict)  # reach's labels, for the paths
    _hazard_spaces: frozenset = field(repr=False, default=frozenset())
    hazard_within_mp: bool = True  # could this budget enter a hazard at its normal cost? Worked out for "avoid" only
    _steps: Callable = field(repr=False, default=None)  # label step into a space (None: cannot), see reach
    _adj: Mapping = field(repr=False, default_factory=dict)
    _order: Mapping = field(repr=False, default_factory=dict)

    def ends(self) -> frozenset:
        return _memo(self, "_ends", lambda: frozenset(self.cost))

    def path_to(self, h: Hex) -> tuple[Hex, ...]:
        """A fewest-MP path, start..h inclusive: fewest hazards entered among those, then each step
        taken from the northernmost, then westernmost, space that gives the same cost."""
        if h not in self.cost:
            raise PathError(f"{h} is not a space this {self.mode} can end on")
        # Walked back from h: each step comes from a neighbour whose label plus this step's is h's label (a
        # fewest-MP, fewest-hazard way), the first of them in map order. Worked out here, for the one space
        # asked, rather than for every space during the search.
        label, steps, order = self._label, self._steps, self._order
        path = [h]
        while path[-1] != self.start:
            here = path[-1]
            want = label[here] - steps(here)
            path.append(min((p for p in self._adj[here] if label.get(p) == want), key=order.__getitem__))
        return tuple(reversed(path))

    def hazards_entered(self, h: Hex) -> tuple[Hex, ...]:
        """Hazard spaces entered on the way to h: for a Move every hazard stepped into after the start;
        for a Leap only the end space (p.24 item 3)."""
        path = self.path_to(h)
        if self.mode == "leap":
            return (h,) if h != self.start and h in self._hazard_spaces else ()
        return tuple(x for x in path[1:] if x in self._hazard_spaces)


def reach(board: Board, figure: Figure, mode: str = "move", mp: int | None = None,
          hazards: str = "normal") -> Reach:
    """Every space `figure` can end a Move or Leap of `mp` MP on (None: any distance), with the fewest
    MP to get there and a path (Dijkstra on (MP, hazards entered), deterministic tie-break)."""
    _check(mode, hazards)
    if mp is not None and (isinstance(mp, bool) or not isinstance(mp, int) or mp < 0):
        raise PathError(f"mp must be a whole number 0 or more, or None, not {mp!r}")
    if figure.at not in board.map.spaces:
        raise PathError(f"{figure.id!r} does not stand on a space of the map")
    # The target rules and the movement rules ask for the same reach in one turn: made once per board.
    key = ("_paths_reach", figure.id, figure.side, figure.invisible, figure.at, mode, mp, hazards)
    return _memo(board, key, lambda: _search(board, figure, mode, mp, hazards))


def _search(board: Board, figure: Figure, mode: str, mp: int | None, hazards: str) -> Reach:
    info = _map_info(board.map)
    start = figure.at
    steps = _label_steps(board, figure, mode, hazards).get
    adj, order = info.adj, info.order

    # A label is MP * _HAZARD_SCALE + hazards entered: one integer orders by MP, then by hazards. Every step
    # raises the label, so the spaces of one label are settled together: one heap entry per label, not per
    # space; a space met again after it was settled never has a lower label, so no set of settled spaces.
    scale = _HAZARD_SCALE
    limit = _NO_LIMIT if mp is None else mp * scale + scale - 1
    label: dict = {start: 0}
    buckets: dict = {0: [start]}
    keys = [0]
    last = limit - scale  # a space labelled above this has every step beyond the budget: not expanded
    while keys:
        key = heappop(keys)
        if key > last:
            break
        for h in buckets.pop(key):
            if label[h] != key:
                continue
            for n in adj[h]:
                step = steps(n)
                if step is None:
                    continue
                new = key + step
                if new > limit:
                    continue
                cur = label.get(n)
                if cur is None or new < cur:
                    label[n] = new
                    bucket = buckets.get(new)
                    if bucket is None:
                        buckets[new] = [n]
                        heappush(keys, new)
                    else:
                        bucket.append(n)
    ends = (info.empty if hazards == "avoid" else info.endable).difference(board.figure_at)
    cost = {h: lab // scale for h, lab in label.items() if h in ends}
    cost[start] = 0
    within = hazards == "normal" or _hazard_within(info, mode, mp, label, scale)
    return Reach(start, mode, mp, hazards, MappingProxyType(cost), label, info.hazards, within, steps, adj, order)


def _hazard_within(info: _MapInfo, mode: str, mp: int | None, label: dict, scale: int) -> bool:
    """Could a search of the same budget enter a hazard if hazards were counted at their normal cost? If not,
    the "normal" and "avoid" reaches are the same and the caller need not make the other one. Figures are
    left out: counting more hazards in only makes a second search happen that was not needed."""
    if mode == "leap":  # a Leap passes over hazards under either policy: only where it may end differs
        return any(h in label for h in info.hazards)
    for h in info.hazards:
        step = info.move_cost[h]
        if step is None:
            continue
        for n in info.adj[h]:
            lab = label.get(n)
            if lab is not None and (mp is None or lab // scale + step <= mp):
                return True
    return False


def costs_from(board: Board, figure: Figure, seeds: Mapping[Hex, int], mode: str = "move",
               hazards: str = "normal", *, limit: int | None = None, until: Collection[Hex] | None = None) -> dict:
    """Fewest MP for `figure` to END on each space when it may start on any of `seeds` ({space: MP already
    spent}), e.g. a Move after a Leap. Same costs and rules as `reach` with no budget; no paths.

    `limit` leaves out what costs more; `until` stops the search once every space as cheap as the first
    of `until` reached is settled (what is left out then costs more than that)."""
    _check(mode, hazards)
    info = _map_info(board.map)
    enter = _enter_rule(board, figure, mode, hazards)
    can_end = _end_rule(board, figure, hazards)
    best: dict = dict(seeds)
    buckets: dict = {}  # MP -> spaces, one heap entry per MP as in `reach`
    for h, c in seeds.items():
        buckets.setdefault(c, []).append(h)
    keys = sorted(buckets)
    settled: dict = {}
    stop = None
    adj = info.adj
    top = _NO_LIMIT if limit is None else limit
    while keys:
        c = heappop(keys)
        if stop is not None and c > stop:
            break
        for h in buckets.pop(c):
            if h in settled or best[h] != c:
                continue
            settled[h] = c
            if until is not None and stop is None and h in until and can_end(h):
                stop = c
            for n in adj[h]:
                if n in settled:
                    continue
                step = enter(n)
                if step is None:
                    continue
                nc = c + step
                if nc > top or nc >= best.get(n, _NO_LIMIT):
                    continue
                best[n] = nc
                bucket = buckets.get(nc)
                if bucket is None:
                    buckets[nc] = [n]
                    heappush(keys, nc)
                else:
                    bucket.append(n)
    return {h: c for h, c in settled.items() if can_end(h) or h in seeds}


def can_reach_any(board: Board, figure: Figure, goals: Collection[Hex], mode: str = "move",
                  hazards: str = "normal") -> bool:
    """Could `figure` end on one of `goals` with unlimited MP? A breadth-first search that stops at the first."""
    _check(mode, hazards)
    if not goals:
        return False
    info = _map_info(board.map)
    enter = _enter_rule(board, figure, mode, hazards)
    can_end = _end_rule(board, figure, hazards)
    seen, frontier = {figure.at}, [figure.at]
    while frontier:
        nxt = []
        for h in frontier:
            if h in goals and can_end(h):
                return True
            for n in info.adj[h]:
                if n not in seen and enter(n) is not None:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return False


def enter_rule(board: Board, figure: Figure, mode: str = "move", hazards: str = "normal"):
    """The MP for `figure` to enter a space (None: it cannot), for searches of the callers' own."""
    _check(mode, hazards)
    return _enter_rule(board, figure, mode, hazards)


def adjacency(m: HexMap) -> Mapping[Hex, tuple]:
    """Each space's neighbours across an open edge (no wall, no closed door), derived once per map."""
    return _map_info(m).adj


def distances_to(board: Board, figure: Figure, goals: Iterable[Hex], mode: str = "move",
                 hazards: str = "normal", limit: int | None = None, *, until: Collection[Hex] | None = None) -> dict:
    """Fewest MP for `figure` to end on any of `goals` (those it can end on) starting from each space,
    as {space: MP} (spaces that cannot get there are left out; `limit` caps the MP). The figure's own
    space is free (it has left it), so this answers "how many more MP from where it might stop".
    `until`: stop once every space as near as the first of `until` reached is settled (the nearest of
    `until` and their ties are exact; what is left out is farther)."""
    _check(mode, hazards)
    info = _map_info(board.map)
    enter = _enter_rule(board, figure, mode, hazards)
    can_end = _end_rule(board, figure, hazards)
    dist: dict = {}
    for g in goals:
        if g in board.map.spaces and can_end(g) and (g == figure.at or enter(g) is not None):
            dist[g] = 0
    heap = sorted((0, g) for g in dist)
    done: set = set()
    stop = None
    while heap:
        d, h = heappop(heap)
        if h in done:
            continue
        if stop is not None and d > stop:
            return {x: dist[x] for x in done}
        done.add(h)
        if until is not None and stop is None and h in until:
            stop = d
        step = enter(h)  # every path from a neighbour through here steps into h first
        if step is None:
            continue  # one may start here, but not pass through
        nd = d + step
        if limit is not None and nd > limit:
            continue
        for p in info.adj[h]:
            if p not in done and (p not in dist or nd < dist[p]):
                dist[p] = nd
                heappush(heap, (nd, p))
    return dist


def attack_spaces(board: Board, attacker: Figure, target: Hex, attack_range: int, *,
                  within: Collection[Hex] | None = None, hazard_spaces: bool = False) -> frozenset:
    """Spaces from which `attacker` can attack `target` (INTERPRETATIONS.md, Movement): an empty space
    or its own space, within `attack_range` of the target by map range (p.18), with line of sight when
    the range is 2 or more. The target's own space is not one.

    `within` restricts the answer to those spaces (e.g. `reach(...).ends()`), which saves line-of-sight
    work. `hazard_spaces=True` also accepts a hazard space with no figure on it: the revised reading of
    INTERPRETATIONS.md, which the adversary's target and movement rules use (p.27-28); the default, empty
    spaces only (p.34), is what a Teleport or Retreat's "empty space" means (p.29).
    """
    m = board.map
    if attack_range < 1:
        return frozenset()
    ranges = m.ranges_from(target, attack_range)
    own = attacker.at
    ok = attack_ends(board) if hazard_spaces else _empty_spaces(board)
    candidates = ranges
    if within is not None and len(within) < len(ranges):
        candidates = within
    out = []
    los_cache = _memo(m, "_paths_los", dict)  # (space, target) -> bool, on top of sight.py's own cache
    for h in candidates:
        d = ranges.get(h)
        if d is None or d == 0 or (within is not None and h not in within):
            continue
        if h != own and h not in ok:
            continue
        if d >= 2:
            key = (h, target)
            seen = los_cache.get(key)
            if seen is None:
                seen = los_cache[key] = has_line_of_sight(m, h, target)
            if not seen:
                continue
        out.append(h)
    return frozenset(out)


def farthest_attack_spaces(board: Board, attacker: Figure, target: Hex, attack_range: int,
                           within: Collection[Hex]) -> tuple[int | None, frozenset]:
    """The attack spaces among `within` (as `attack_spaces` with hazard spaces: `within`, the ends of a reach,
    says whether hazards may be ended on) at the greatest range to `target` any of them has, and that range;
    (None, empty) if there is none. A Move ends as close as possible to maximum range (p.28): line of sight
    is checked range by range from the farthest down, so the nearer spaces are rarely looked at."""
    m = board.map
    if attack_range < 1:
        return None, frozenset()
    ranges = m.ranges_from(target, attack_range)
    own, ok = attacker.at, attack_ends(board)
    by_range: dict = {}
    for h in within:
        d = ranges.get(h)
        if d and (h == own or h in ok):
            by_range.setdefault(d, []).append(h)
    los_cache = _memo(m, "_paths_los", dict)
    for d in sorted(by_range, reverse=True):
        if d == 1:
            return 1, frozenset(by_range[1])
        out = []
        for h in by_range[d]:
            key = (h, target)
            seen = los_cache.get(key)
            if seen is None:
                seen = los_cache[key] = has_line_of_sight(m, h, target)
            if seen:
                out.append(h)
        if out:
            return d, frozenset(out)
    return None, frozenset()


def teleport_spaces(board: Board, figure: Figure) -> frozenset:
    """Where a Teleport may place `figure` (p.25, 29): any empty space, or its own, not on the other side
    of a closed door — read as: reachable from its space without crossing a wall or closed door."""
    region = board.map.ranges_from(figure.at)
    empty = _empty_spaces(board)
    return frozenset(h for h in region if h == figure.at or h in empty)

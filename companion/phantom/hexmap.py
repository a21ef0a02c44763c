"""Mission maps: layouts, labels, spaces, walls, doors, terrain and tokens, and exact geometry.

Inside the engine a space is an axial hex `(q, r)`; labels like `L-4` (column
letters west to east, row numbers north to south) exist only at the edges.
Drawn positions are integers (DESIGN.md): for pointy-top hexes the centre of
(q, r) is (2q + r, 3r) in units of half a hex width and a quarter of a hex
height, and its corners are (x, y±2) and (x±1, y±1); flat-top swaps the roles
of x and y. Every geometric test on these integers is exact.

A `HexMap` is immutable: `with_...` methods return a new map. What the rules
ask often (blocked edges, the corners that lie on walls) is derived once per
map and cached on it.
"""
from __future__ import annotations

import re
from dataclasses import field, replace
from functools import cached_property
from typing import Annotated

from ..codec_marks import AS_OBJECT, Shape, Sorted
from ..errors import RuleError
# The grid's arithmetic lives in companion/hexgrid.py (Aldarra Reborn's board uses it too); its names stay
# importable from here for the map engine's modules.
from ..hexgrid import DIRECTIONS, Hex, distance, edge, from_offset, neighbours, to_offset  # noqa: F401
# The integer geometry of hexes in rows or columns is every hex board's (companion/hexgrid.py's Grid, drawn
# by companion/hexboard.py, which a turn never imports); a map's Layout adds the book's labels (L-4) and
# refuses a bad layout with a MapError.
from ..hexgrid import Grid, Point  # noqa: F401
from ..record import record
# A space as a stored mission holds it: its label, from the context the mission's codec passes: the map when
# writing (its labels are made once), its layout when reading.
Space = Annotated[Hex, Shape(lambda h, hexmap: hexmap.label(h), lambda label, layout: layout.parse(label))]

ORIENTATIONS = ("pointy", "flat")
SHIFTS = ("even", "odd")
TERRAIN = ("difficult", "gap")
HAZARDS = ("fire", "poison", "trap")
OBJECTS = ("destructible", "damaged", "destroyed", "indestructible")
DOOR_STATES = ("open", "closed")

CORNER_NAMES = {
    "pointy": ("top", "upper right", "lower right", "bottom", "lower left", "upper left"),
    "flat": ("right", "lower right", "lower left", "left", "upper left", "upper right"),
}

LABEL = re.compile(r"^([A-Z]+)-([1-9][0-9]*)$")


class MapError(RuleError):
    """A bad label, layout or map element; the message quotes the bad input."""


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (bijective base 26)."""
    if index < 0:
        raise MapError(f"column index {index} is negative")
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 64)
    return n - 1


@record
class Layout(Grid):
    """A mission map's grid (orientation, shifted): hexboard.Grid's geometry, named as the book names spaces."""

    def __post_init__(self):
        if self.orientation not in ORIENTATIONS:
            raise MapError(f"orientation must be pointy or flat, not {self.orientation!r}")
        if self.shifted not in SHIFTS:
            raise MapError(f"shifted must be even or odd, not {self.shifted!r}")

    # -- labels <-> axial (column A is index 0, row 1 is index 0) ---------------------
    def parse(self, label: str) -> Hex:
        m = LABEL.match(label.strip().upper()) if isinstance(label, str) else None
        if not m:
            raise MapError(f"{label!r} is not a space label like L-4 (column letters, a dash, a row number)")
        return self.from_offset(column_index(m.group(1)), int(m.group(2)) - 1)

    def label(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        if col < 0 or row < 0:
            raise MapError(f"hex {h} lies west or north of column A, row 1")
        return f"{column_letters(col)}-{row + 1}"

    def parse_rect(self, text: str) -> list[Hex]:
        """'A-1:L-8' (inclusive rectangle of columns and rows) or a single label."""
        if ":" not in text:
            return [self.parse(text)]
        first, _, last = text.partition(":")
        (c1, r1), (c2, r2) = self.to_offset(self.parse(first)), self.to_offset(self.parse(last))
        if c2 < c1 or r2 < r1:
            raise MapError(f"{text!r}: the second corner must be south-east of the first")
        return [self.from_offset(c, r) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]

    # -- drawing (centre, corners: hexboard.Grid) --------------------------------------
    def corner_name(self, index: int) -> str:
        return CORNER_NAMES[self.orientation][index]

    def edge_corners(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The two corners shared by adjacent hexes a and b."""
        if b not in neighbours(a):
            raise MapError(f"{a} and {b} are not adjacent")
        return super().edge_corners(a, b)


@record
class Placement:
    """An adversary placement icon: who is placed when enough characters embark (p.9, 34)."""
    type: str
    min_characters: int = 1
    max_characters: int = 4


# Caches that depend on the geometry alone (layout, spaces, walls, doors): a map that differs only in what lies
# on its spaces (objects, hazards) shares them with the map it was made from. The engine's other modules add
# the names of their own per-map caches of that kind.
GEOMETRY_CACHES = {"_labels", "door_states", "closed_doors", "blocked_edges", "wall_segments", "wall_points",
                   "open_neighbours", "_edge_tables", "_range_cache"}


def in_rows(h: Hex, hexmap: "HexMap") -> tuple[int, int]:
    """Reading order: row by row, west to east (how spaces are listed and stored)."""
    col, row = hexmap.layout.to_offset(h)
    return (row, col)


@record
class HexMap:
    """Stored with every space as its label, the spaces in reading order, what lies on them by label."""
    layout: Layout = field(default_factory=Layout)
    spaces: Annotated[frozenset[Space], Sorted(in_rows)] = frozenset()
    walls: frozenset[tuple[Space, Space]] = frozenset()  # canonical edge keys between two spaces
    doors: Annotated[tuple[tuple[Space, str], ...], AS_OBJECT] = ()  # "open" | "closed"
    terrain: Annotated[tuple[tuple[Space, str], ...], AS_OBJECT] = ()  # "difficult" | "gap"
    hazards: Annotated[tuple[tuple[Space, str], ...], AS_OBJECT] = ()  # "fire" | "poison" | "trap"
    objects: Annotated[tuple[tuple[Space, str], ...], AS_OBJECT] = ()  # its state
    orbs: Annotated[tuple[tuple[Space, int | None], ...], AS_OBJECT] = ()  # number or None
    treasures: Annotated[tuple[tuple[Space, int | None], ...], AS_OBJECT] = ()  # number or None
    entry_points: frozenset[Space] = frozenset()
    placements: Annotated[tuple[tuple[Space, Placement], ...], AS_OBJECT] = ()
    # Hazards that are tokens, not printed: a Trap token goes when triggered (p.33).
    hazard_tokens: frozenset[Space] = frozenset()

    # -- building -----------------------------------------------------------------
    @classmethod
    def build(cls, layout: Layout, spaces, walls=(), doors=None, terrain=None, hazards=None, objects=None,
              orbs=None, treasures=None, entry_points=(), placements=None) -> "HexMap":
        """Check every element and return the map; hex arguments are axial tuples."""
        spaces = frozenset(spaces)
        if not spaces:
            raise MapError("a map needs at least one space")

        def on_map(h, what):
            if h not in spaces:
                raise MapError(f"{what} at {_name(layout, h)} is not on a space of the map")
            return h

        wall_keys = set()
        for a, b in walls:
            on_map(a, "wall end"), on_map(b, "wall end")
            if distance(a, b) != 1:
                raise MapError(f"wall {_name(layout, a)}/{_name(layout, b)}: the spaces are not adjacent; "
                               "a wall lies between two adjacent spaces")
            wall_keys.add(edge(a, b))

        def checked(mapping, allowed, what):
            out = []
            for h, value in sorted((mapping or {}).items()):
                on_map(h, what)
                if allowed is not None and value not in allowed:
                    raise MapError(f"{what} at {_name(layout, h)}: {value!r} is not one of {', '.join(allowed)}")
                out.append((h, value))
            return tuple(out)

        return cls(layout, spaces, frozenset(wall_keys), checked(doors, DOOR_STATES, "door"),
                   checked(terrain, TERRAIN, "terrain"), checked(hazards, HAZARDS, "hazard"),
                   checked(objects, OBJECTS, "object"), checked(orbs, None, "orb"),
                   checked(treasures, None, "treasure"),
                   frozenset(on_map(h, "entry point") for h in entry_points),
                   checked(placements, None, "placement"))

    def _set(self, name: str, h: Hex, value) -> "HexMap":
        items = dict(getattr(self, name))
        if value is None:
            items.pop(h, None)
        else:
            items[h] = value
        if name == "doors":
            return replace(self, doors=tuple(sorted(items.items())))
        return self._with_contents(**{name: tuple(sorted(items.items()))})

    def _with_contents(self, **changes) -> "HexMap":
        """This map with other things on its spaces, the same geometry: the geometric caches come along (an
        object destroyed mid-turn must not make the next action search the map anew)."""
        new = replace(self, **changes)
        mine, theirs = self.__dict__, new.__dict__
        for name in GEOMETRY_CACHES:
            if name in mine:
                theirs[name] = mine[name]
        return new

    def with_door(self, h: Hex, state: str) -> "HexMap":
        if h not in self.door_states:
            raise MapError(f"no door at {self.label(h)}")
        return self._set("doors", h, state)

    def with_object(self, h: Hex, state: str | None) -> "HexMap":
        return self._set("objects", h, state)

    def with_hazard(self, h: Hex, kind: str | None) -> "HexMap":
        return self._set("hazards", h, kind)

    def with_hazard_token(self, h: Hex, kind: str) -> "HexMap":
        """A Hazard token placed on a space (p.38: by Action cards and mission events)."""
        if kind not in HAZARDS:
            raise MapError(f"hazard at {self.label(h)}: {kind!r} is not one of {', '.join(HAZARDS)}")
        return self._set("hazards", h, kind)._with_contents(hazard_tokens=self.hazard_tokens | {h})

    def without_hazard(self, h: Hex) -> "HexMap":
        return self._set("hazards", h, None)._with_contents(hazard_tokens=self.hazard_tokens - {h})

    # -- lookups (derived once per map) ------------------------------------------------
    def label(self, h: Hex) -> str:
        labels = self._labels
        got = labels.get(h)
        if got is None:
            got = labels[h] = self.layout.label(h)
        return got

    @cached_property
    def _labels(self) -> dict:
        """Each label made once per map, when first asked: a turn names a few spaces, a stored map every one."""
        return {}

    def parse(self, label: str) -> Hex:
        h = self.layout.parse(label)
        if h not in self.spaces:
            raise MapError(f"{label!r} is not a space of this map")
        return h

    @cached_property
    def door_states(self) -> dict:
        return dict(self.doors)

    @cached_property
    def terrain_at(self) -> dict:
        return dict(self.terrain)

    @cached_property
    def hazard_at(self) -> dict:
        return dict(self.hazards)

    @cached_property
    def object_at(self) -> dict:
        return dict(self.objects)

    @cached_property
    def orb_at(self) -> dict:
        return dict(self.orbs)

    @cached_property
    def treasure_at(self) -> dict:
        return dict(self.treasures)

    @cached_property
    def closed_doors(self) -> frozenset:
        return frozenset(h for h, s in self.doors if s == "closed")

    def is_blocking_object(self, h: Hex) -> bool:
        """Intact or damaged destructible objects and indestructible ones (destroyed ones are terrain)."""
        return self.object_at.get(h) in ("destructible", "damaged", "indestructible")

    def is_difficult(self, h: Hex) -> bool:
        """Difficult terrain, or a destroyed object (p.33), unless a hazard token replaces it."""
        if h in self.hazard_at:
            return False
        return self.terrain_at.get(h) == "difficult" or self.object_at.get(h) == "destroyed"

    @cached_property
    def blocked_edges(self) -> frozenset:
        """Edges no one moves, counts range or draws sight across: walls, the play-area border,
        and every side of a closed door."""
        return self._edge_tables[1]

    def passable(self, a: Hex, b: Hex) -> bool:
        """Can one step from a to its neighbour b (for range; moving adds more conditions)?"""
        return b in self.spaces and edge(a, b) not in self.blocked_edges

    @cached_property
    def wall_segments(self) -> frozenset:
        """Blocked edges as pairs of drawn corners."""
        return frozenset(self.layout.edge_corners(a, b) for a, b in self.blocked_edges)

    @cached_property
    def wall_points(self) -> frozenset:
        """Every corner that lies on a wall or closed door (sight no longer reads it: a corner on a wall may end a line)."""
        return frozenset(p for seg in self.wall_segments for p in seg)

    @cached_property
    def open_neighbours(self) -> dict:
        """Each space's neighbours across an open edge (no wall, no closed door), in DIRECTIONS order: the one
        neighbour table of a map; range, movement and the searches all read it."""
        return self._edge_tables[0]

    @cached_property
    def _edge_tables(self) -> tuple[dict, frozenset]:
        """(open_neighbours, blocked_edges) in one pass over the spaces: a new map's first query pays for
        this over every space, so the two tables are not walked for separately."""
        spaces, closed = self.spaces, self.closed_doors
        cut: dict = {}  # the few neighbours a wall or a closed door cuts off
        for a, b in self.walls:
            cut.setdefault(a, set()).add(b)
            cut.setdefault(b, set()).add(a)
        blocked = set(self.walls)
        for door in closed:
            for n in neighbours(door):
                cut.setdefault(n, set()).add(door)
                blocked.add(edge(door, n))
        (q0, r0), (q1, r1), (q2, r2), (q3, r3), (q4, r4), (q5, r5) = DIRECTIONS
        adj = {}
        for h in spaces:
            if h in closed:
                adj[h] = ()
                continue
            q, r = h
            # neighbours() inlined, in DIRECTIONS order: this runs over every space of a new map
            row = ((q + q0, r + r0), (q + q1, r + r1), (q + q2, r + r2), (q + q3, r + r3), (q + q4, r + r4),
                   (q + q5, r + r5))
            on = tuple([n for n in row if n in spaces])
            if len(on) < 6:  # on the play area's border: its outer sides are blocked edges
                for n in row:
                    if n not in spaces:
                        blocked.add((h, n) if h <= n else (n, h))
            off = cut.get(h)
            adj[h] = on if off is None else tuple([n for n in on if n not in off])
        return adj, frozenset(blocked)

    def neighbours_on_map(self, h: Hex) -> tuple[Hex, ...]:
        return self.open_neighbours.get(h, ())

    def range_between(self, a: Hex, b: Hex) -> int | None:
        """Fewest steps from a to b, never across a wall or closed door (p.18); None if unreachable."""
        if a == b:
            return 0
        return self.ranges_from(a).get(b)

    def ranges_from(self, a: Hex, limit: int | None = None) -> dict:
        """Range from a to every space reachable (up to `limit`), by breadth-first search; cached."""
        cache = self._range_cache
        key = (a, limit)
        got = cache.get(key)
        if got is None:
            full = cache.get((a, None))
            if full is not None:
                got = {h: d for h, d in full.items() if d <= limit}
            else:
                got = _bfs(self, a, limit)
            cache[key] = got
        return got

    def ranges_to(self, a: Hex, spaces) -> dict:
        """Range from a to each of `spaces` (p.18; those that can be reached), by a breadth-first search that
        stops once all of them are found: a Retreat asks about the few spaces it can end on."""
        dist = self._range_cache.get((a, None)) or _bfs(self, a, None, until=spaces)
        return {h: dist[h] for h in spaces if h in dist}

    @cached_property
    def _range_cache(self) -> dict:
        return {}

    def direction_key(self, h: Hex, direction: str) -> int:
        """Larger is further in that direction (N, S, E, W) by the drawn centre."""
        x, y = self.layout.centre(h)
        return {"N": -y, "S": y, "E": x, "W": -x}[direction]


def _bfs(m: HexMap, start: Hex, limit: int | None, until=None) -> dict:
    """Ranges from start, as far as `limit`, or (`until`) until every one of those spaces has its range."""
    dist = {start: 0}
    frontier = [start]
    adj = m.open_neighbours
    left = None if until is None else set(until) - {start}
    d = 0
    while frontier and (limit is None or d < limit) and (left is None or left):
        d += 1
        nxt = []
        for h in frontier:
            for n in adj.get(h, ()):
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        if left is not None:
            left.difference_update(nxt)
        frontier = nxt
    return dist


def _name(layout: Layout, h: Hex) -> str:
    try:
        return layout.label(h)
    except MapError:
        return str(h)

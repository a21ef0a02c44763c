"""The map editor's operations: paint spaces, walls, doors, terrain and tokens on a mission map.

A map being drawn is a `HexMap` on a grid of `columns` x `rows` printed
positions (A-1 at the north-west corner); figures of an imported board
position ride along and must keep standing on spaces. Every operation takes
the current map and returns an `Edit` with the new map and one sentence
saying what changed; bad input raises `EditError` naming the field.

A space holds at most one *feature* (door, terrain, hazard or object) and at
most one *marker* (orb, treasure, entry point or adversary placement icon):
painting one replaces the other of its kind, as a printed map shows one.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RuleError
from .hexmap import (
    DOOR_STATES, HAZARDS, OBJECTS, TERRAIN, Hex, HexMap, Layout, MapError, Placement, edge, neighbours,
)
from ..record import record

MAX_COLUMNS, MAX_ROWS = 40, 40
FEATURES = ("doors", "terrain", "hazards", "objects")
MARKERS = ("orbs", "treasures", "entry_points", "placements")

# tool -> (the map field it paints, the value painted)
TOOLS: dict[str, tuple[str, object]] = {
    "space": ("spaces", True),
    "void": ("spaces", False),
    **{f"door-{s}": ("doors", s) for s in DOOR_STATES},
    **{t: ("terrain", t) for t in TERRAIN},
    **{h: ("hazards", h) for h in HAZARDS},
    **{o: ("objects", o) for o in OBJECTS},
    "orb": ("orbs", None),
    "treasure": ("treasures", None),
    "entry": ("entry_points", True),
    "placement": ("placements", None),
    "clear": ("clear", None),
}
TOOL_WORDS = {
    "space": "spaces", "void": "void (no space)", "door-open": "open doors", "door-closed": "closed doors",
    "difficult": "difficult terrain", "gap": "gaps", "fire": "fire hazards", "poison": "poison hazards",
    "trap": "trap hazards", "destructible": "destructible objects", "damaged": "damaged objects",
    "destroyed": "destroyed objects", "indestructible": "indestructible objects", "orb": "orbs",
    "treasure": "treasures", "entry": "entry points", "placement": "adversary placement icons",
    "clear": "cleared spaces",
}


class EditError(RuleError):
    """A refused edit: `field` names the form field, the message quotes the bad input."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page, text=f"{field}: {message}")


@record
class Draft:
    """A map being drawn: the map, its grid size, and the figures of an imported board position."""
    map: HexMap
    columns: int
    rows: int
    figures: tuple = ()  # engine Figures; kept as they are and exported again

    def __post_init__(self):
        check_size(self.columns, self.rows)


@record
class Edit:
    draft: Draft
    description: str


def check_size(columns: int, rows: int) -> None:
    for name, value, top in (("columns", columns, MAX_COLUMNS), ("rows", rows, MAX_ROWS)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise EditError(name, f"must be a whole number from 1 to {top}, not {value!r}")


def grid(layout: Layout, columns: int, rows: int) -> list[Hex]:
    """Every printed position of a columns x rows map, row by row from A-1."""
    return [layout.from_offset(c, r) for r in range(rows) for c in range(columns)]


def new_draft(layout: Layout, columns: int, rows: int) -> Draft:
    """A fresh map: every position of the grid is a space (most printed maps are mostly floor)."""
    check_size(columns, rows)
    return Draft(HexMap.build(layout, grid(layout, columns, rows)), columns, rows)


def fitted_size(m: HexMap) -> tuple[int, int]:
    """The smallest grid from A-1 that holds every space of an imported map."""
    offsets = [m.layout.to_offset(h) for h in m.spaces]
    return max(c for c, _ in offsets) + 1, max(r for _, r in offsets) + 1


def in_grid(draft: Draft, h: Hex) -> bool:
    c, r = draft.map.layout.to_offset(h)
    return 0 <= c < draft.columns and 0 <= r < draft.rows


def parse_labels(draft: Draft, labels, field: str = "spaces") -> list[Hex]:
    if not labels:
        raise EditError(field, "tap or drag over at least one space")
    out = []
    for text in labels:
        try:
            h = draft.map.layout.parse(text)
        except MapError:
            raise EditError(field, f"{text!r} is not a space label like L-4") from None
        if not in_grid(draft, h):
            raise EditError(field, f"{text!r} lies outside this {draft.columns}x{draft.rows} map")
        if h not in out:
            out.append(h)
    return out


def _labels(m: HexMap, hexes) -> str:
    names = [m.label(h) for h in hexes]
    return ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")


def _rebuilt(draft: Draft, **fields) -> Draft:
    """Every element checked again by HexMap.build, so an edit never leaves a map the engine refuses."""
    m = replace(draft.map, **fields)
    try:
        built = HexMap.build(m.layout, m.spaces, m.walls, dict(m.doors), dict(m.terrain), dict(m.hazards),
                             dict(m.objects), dict(m.orbs), dict(m.treasures), m.entry_points, dict(m.placements))
    except MapError as exc:
        raise EditError("spaces", str(exc)) from None
    return replace(draft, map=built)


def paint(draft: Draft, tool: str, labels, number: int | None = None, placement: Placement | None = None) -> Edit:
    """Paint `tool` on every space of `labels` (one tap, or every space a drag went over)."""
    if tool not in TOOLS:
        raise EditError("tool", f"{tool!r} is not a tool of the map editor")
    hexes = parse_labels(draft, labels)
    m = draft.map
    kind, value = TOOLS[tool]
    if kind == "spaces":
        return _paint_spaces(draft, hexes, value)
    off = [h for h in hexes if h not in m.spaces]
    if off:
        raise EditError("spaces", f"{_labels(m, off)} is not a space of this map; paint it as a space first")
    if kind == "placements" and placement is None:
        raise EditError("placement_type", "name the adversary type of the placement icon")
    fields = {name: dict(getattr(m, name)) for name in FEATURES + ("orbs", "treasures", "placements")}
    entry = set(m.entry_points)
    for h in hexes:
        if kind in FEATURES or kind == "clear":
            for name in FEATURES:
                fields[name].pop(h, None)
        if kind in MARKERS or kind == "clear":
            for name in ("orbs", "treasures", "placements"):
                fields[name].pop(h, None)
            entry.discard(h)
        if kind in FEATURES:
            fields[kind][h] = value
        elif kind in ("orbs", "treasures"):
            fields[kind][h] = number
        elif kind == "placements":
            fields[kind][h] = placement
        elif kind == "entry_points":
            entry.add(h)
    new = _rebuilt(draft, **{k: tuple(sorted(v.items())) for k, v in fields.items()}, entry_points=frozenset(entry))
    what = TOOL_WORDS[tool]
    if kind in ("orbs", "treasures") and number is not None:
        what += f" numbered {number}"
    if kind == "placements":
        what += f" ({placement.type}, {placement.min_characters}-{placement.max_characters} characters)"
    return Edit(new, f"Painted {_labels(m, hexes)}: {what}" if tool != "clear" else f"Cleared {_labels(m, hexes)}")


def _paint_spaces(draft: Draft, hexes: list[Hex], add: bool) -> Edit:
    m = draft.map
    if add:
        new = _rebuilt(draft, spaces=m.spaces | set(hexes))
        return Edit(new, f"Made {_labels(m, hexes)} spaces")
    standing = [f for f in draft.figures if f.at in hexes]
    if standing:
        raise EditError("spaces", f"figure {standing[0].id!r} stands on {m.label(standing[0].at)}; "
                        "a figure cannot stand on a void")
    gone = set(hexes)
    if not m.spaces - gone:
        raise EditError("spaces", "a map needs at least one space")

    def keep(pairs):
        return tuple(p for p in pairs if p[0] not in gone)

    new = _rebuilt(draft, spaces=m.spaces - gone, walls=frozenset(w for w in m.walls if not gone & set(w)),
                   doors=keep(m.doors), terrain=keep(m.terrain), hazards=keep(m.hazards), objects=keep(m.objects),
                   orbs=keep(m.orbs), treasures=keep(m.treasures), entry_points=m.entry_points - gone,
                   placements=keep(m.placements))
    return Edit(new, f"Made {_labels(m, hexes)} void (no space)")


def set_walls(draft: Draft, pairs, wall: bool = True) -> Edit:
    """Put (or take away) a wall on each edge, given as pairs of adjacent space labels."""
    if not pairs:
        raise EditError("edges", "tap or drag over at least one edge between two spaces")
    m = draft.map
    keys = []
    for i, pair in enumerate(pairs):
        if len(pair) != 2:
            raise EditError("edges", f"edge {i + 1} must name two spaces, not {pair!r}")
        a, b = parse_labels(draft, pair, "edges") if pair[0] != pair[1] else (None, None)
        if a is None or b not in neighbours(a):
            raise EditError("edges", f"{pair[0]!r} and {pair[1]!r} are not adjacent; a wall lies between "
                            "two adjacent spaces")
        for h in (a, b):
            if h not in m.spaces:
                raise EditError("edges", f"{m.label(h)} is not a space; the edge of the play area is always a wall")
        if edge(a, b) not in keys:
            keys.append(edge(a, b))
    walls = m.walls | set(keys) if wall else m.walls - set(keys)
    new = _rebuilt(draft, walls=frozenset(walls))
    names = ", ".join(f"{m.label(a)}|{m.label(b)}" for a, b in keys[:6]) + ("…" if len(keys) > 6 else "")
    return Edit(new, f"{'Walled' if wall else 'Took the wall away from'} {len(keys)} edge"
                     f"{'s' if len(keys) != 1 else ''} ({names})")


def resize(draft: Draft, columns: int, rows: int) -> Edit:
    """Grow or shrink the grid; new positions become spaces, and no space may be cut off."""
    check_size(columns, rows)
    m = draft.map
    bigger = replace(draft, columns=columns, rows=rows)
    outside = [h for h in m.spaces if not in_grid(bigger, h)]
    if outside:
        raise EditError("columns" if any(m.layout.to_offset(h)[0] >= columns for h in outside) else "rows",
                        f"{_labels(m, sorted(outside)[:3])} would lie outside {columns}x{rows}; make them void first")
    added = [h for h in grid(m.layout, columns, rows) if not in_grid(draft, h)]
    new = _rebuilt(bigger, spaces=m.spaces | set(added))
    return Edit(new, f"Resized the map to {columns}x{rows}")


def relayout(draft: Draft, layout: Layout) -> Edit:
    """The same map on another grid (pointy or flat, which rows or columns stagger): every space, token and
    figure keeps its book coordinate (L-4 stays L-4); a wall whose two spaces are no longer side by side can't
    be kept and is named."""
    old = draft.map
    if layout == old.layout:
        raise EditError("shifted", "that is the map's layout already")

    def moved(h: Hex) -> Hex:
        return layout.parse(old.label(h))

    def keyed(pairs):
        return {moved(h): v for h, v in pairs}

    kept, dropped = [], []
    for a, b in sorted(old.walls):
        (kept if moved(b) in neighbours(moved(a)) else dropped).append((a, b))
    try:
        new = HexMap.build(layout, {moved(h) for h in old.spaces}, [(moved(a), moved(b)) for a, b in kept],
                           keyed(old.doors), keyed(old.terrain), keyed(old.hazards), keyed(old.objects),
                           keyed(old.orbs), keyed(old.treasures), {moved(h) for h in old.entry_points},
                           keyed(old.placements))
    except MapError as exc:
        raise EditError("shifted", str(exc)) from None
    figures = tuple(replace(f, at=moved(f.at)) for f in draft.figures)
    words = f"{layout.orientation} top, {layout.shifted} {'rows' if layout.orientation == 'pointy' else 'columns'} shifted"
    lost = "".join(f"; the wall {old.label(a)}|{old.label(b)} no longer lies between two spaces side by side "
                   "and was taken away" for a, b in dropped[:6])
    more = f" (and {len(dropped) - 6} more)" if len(dropped) > 6 else ""
    return Edit(replace(draft, map=new, figures=figures), f"Changed the layout to {words}{lost}{more}")

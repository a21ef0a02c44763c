"""What a map looks like on screen: a view model for the one SVG template that draws every map.

Drawn points are the engine's exact integer coordinates (DESIGN.md) at the scale every hex board is drawn
at (companion/hexboard.py, which also builds `grid_view`: labels and hit areas for spaces and edges, cached
per grid). Everything here is plain data (strings of points, numbers, CSS class names); the template only
loops. `map_view` (what is painted) is built per request.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import cached_property

from ..hexboard import CORNERS, HALF, SCALE, Box, Cell, GridView, box_inside, grid_view
from ..hexboard import points as _points
from ..hexboard import scaled as _scaled
from .hexmap import ORIENTATIONS, SHIFTS, Hex, HexMap, Layout, MapError, edge, neighbours
from ..record import record
# Read across the table: the hazard's kind and the object's state as words on a label, not a letter or a glyph;
# a word too long for a space is shortened (the map's legend and each token's title say it in full).
HAZARD_MARK = {"fire": "Fire", "poison": "Poison", "trap": "Trap"}
OBJECT_MARK = {"destructible": "Object", "damaged": "Damaged", "destroyed": "Destroyed", "indestructible": "Indestr."}
LABEL_KINDS = ("fire", "poison", "trap", "placement")  # drawn as a label as wide as its text
# A label stays inside its space: at most as wide as a hex (52 drawn units across a pointy hex's middle,
# hexboard.SCALE) less a margin; a bold character is about 0.58 of its font size wide.
LABEL_MAX_WIDTH, LABEL_FONT, LABEL_MIN_FONT, CHAR_WIDTH = 46, 12, 7, 0.58


@record
class Token:
    kind: str  # door-open, door-closed, difficult, gap, fire, ..., orb, treasure, entry, placement
    x: int
    y: int
    text: str
    title: str

    @property
    def label(self) -> bool:
        return self.kind in LABEL_KINDS or self.kind.startswith("object")

    @property
    def lines(self) -> tuple[str, ...]:
        """A placement: every word of its adversary type, then its character counts ("Grallok", "Sentry",
        "2-4"); any other label: its text."""
        return tuple(self.text.split()) if self.kind == "placement" else (self.text,)

    @property
    def font(self) -> int:
        """The label's font size: the usual one, smaller for a long word, so the longest line fits the space."""
        longest = max(map(len, self.lines))
        return max(LABEL_MIN_FONT, min(LABEL_FONT, int((LABEL_MAX_WIDTH - 6) / (CHAR_WIDTH * longest))))

    @property
    def width(self) -> int:
        return min(LABEL_MAX_WIDTH, 6 + round(CHAR_WIDTH * self.font * max(map(len, self.lines))))

    @property
    def height(self) -> int:
        return 4 + (self.font + 1) * len(self.lines)

    @property
    def rows(self) -> tuple[tuple[int, str], ...]:
        """Each line with the y of its baseline, the block centred on the space."""
        top = self.y - self.height // 2 + 2
        return tuple((top + (i + 1) * (self.font + 1) - 2, line) for i, line in enumerate(self.lines))


# The map's legend: every token kind as the editor draws it, with its name in full.
LEGEND = (
    ("door-closed", "D", "Closed door"), ("door-open", "D", "Open door"), ("difficult", "≈", "Difficult terrain"),
    ("gap", "", "Gap"), ("fire", "Fire", "Fire hazard"), ("poison", "Poison", "Poison hazard"),
    ("trap", "Trap", "Trap hazard"), ("object-destructible", "Object", "Destructible object"),
    ("object-damaged", "Damaged", "Damaged object"), ("object-destroyed", "Destroyed", "Destroyed object"),
    ("object-indestructible", "Indestr.", "Indestructible object"), ("orb", "O", "Orb (or its campaign number)"),
    ("treasure", "T", "Treasure (or its campaign number)"), ("entry", "E", "Entry point"),
    ("placement", "2-4", "Adversary placement: its type, for 2-4 characters"),
)


# A figure and its notes are drawn inside its own space, so that two figures on neighbouring spaces never share
# a pixel (issue 36: "5/1010/10", a Knocked Down badge read as its neighbour's). In pixels from the space's
# centre, per orientation: the disc (x, y, radius; a boss's larger), the HP's box (as tall as its text's box
# drawn: a font's ascent and descent, 1.16 of its size), the base drawn around its digits and their baseline,
# and the slots of its notes, the condition badges first (pinned to the disc's shoulders), then a character's
# bandages in the last one; 2 px or more clear of the hex's edge across, so that neighbours' read apart. Each is
# held inside the hex by tests/test_figure_labels.py (hexboard.box_inside).
FIGURE_LAYOUT = {
    "pointy": {"disc": (0, -14, 13), "boss": (0, -11, 16), "hp": Box(-23, -8, 46, 24), "base": Box(-23, -6, 46, 20),
               "baseline": 11, "slots": (Box(8, -15, 16, 9), Box(-24, -15, 16, 9), Box(-8, 16, 16, 8))},
    "flat": {"disc": (0, -12, 13), "boss": (0, -10, 15), "hp": Box(-15, 1, 30, 24), "base": Box(-15, 3, 30, 20),
             "baseline": 20, "slots": (Box(8, -11, 15, 9), Box(-23, -11, 15, 9))},
}
# HP is the number read across the table: 21 map units, 20 px at the smallest zoom the page opens at (min_scale),
# its maximum smaller beside it. A badge's text is `NOTE_FONT` units.
HP_FONT, HP_MAX_FONT, NOTE_FONT, READ_PX, SPACE_PX = 21, 12, 9, 20, 44
HALO = 0.875  # its 5 px stroke stays inside the space


def min_scale(orientation: str) -> float:
    """The smallest zoom (screen pixels a map unit) the mission table opens at: HP reads `READ_PX` and a space
    is `SPACE_PX` across (the tap target). A map that fits the screen at it opens whole, else at it."""
    return math.ceil(1000 * max(READ_PX / HP_FONT, SPACE_PX / (2 * HALF[orientation][0]))) / 1000  # rounded up


@record
class Note:
    """A figure's note on the map: a condition badge ("more" for those a full set of slots leaves out) or its
    bandages, in its box (pixels, absolute); `squeeze` the width its text is fitted to, None when it fits."""
    kind: str
    text: str
    title: str
    box: Box
    squeeze: int | None = None


# The widest a bold character of a note is drawn (DejaVu Sans Bold's digits, the fallback of system-ui where a
# tablet's own font is missing, are 0.7 of their size): a note estimated wider than its box is squeezed into it.
BOLD_GLYPH = 0.7


def _squeeze(parts, box: Box) -> int | None:
    """The width a note's text (its `parts`, each text and font size) is squeezed to, None where it fits."""
    width = sum(BOLD_GLYPH * size * len(text) for text, size in parts)
    return box.w - 2 if width > box.w - 2 else None


@record
class FigureMark:
    id: str
    side: str
    color: str | None
    x: int
    y: int
    text: str
    hp: int = 0
    max_hp: int = 0
    badges: tuple[tuple[str, str], ...] = ()  # (short text, condition) for each condition it has
    boss: bool = False  # drawn larger (a boss board's figure, p.48)
    active: bool = False  # its turn now
    bandages: str | None = None  # a character's bandage tokens of its slots, "1/2" (p.38)
    orientation: str = "pointy"

    @property
    def hp_text(self) -> str:
        return f"{self.hp}/{self.max_hp}" if self.max_hp else str(self.hp)

    @property
    def disc(self) -> tuple[int, int, int]:
        dx, dy, r = FIGURE_LAYOUT[self.orientation]["boss" if self.boss else "disc"]
        return self.x + dx, self.y + dy, r

    @property
    def hp_box(self) -> Box:
        return FIGURE_LAYOUT[self.orientation]["hp"].moved(self.x, self.y)

    @property
    def base(self) -> Box:
        return FIGURE_LAYOUT[self.orientation]["base"].moved(self.x, self.y)

    @property
    def hp_baseline(self) -> int:
        return self.y + FIGURE_LAYOUT[self.orientation]["baseline"]

    @property
    def hp_squeeze(self) -> int | None:
        of_max = f"/{self.max_hp}" if self.max_hp else ""
        return _squeeze(((str(self.hp), HP_FONT), (of_max, HP_MAX_FONT)), self.hp_box)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Its condition badges, then its bandages, each in a slot of its own space: when there are more than
        slots, the last badge slot says how many more (the sheet and the badge's title name them)."""
        slots = [s.moved(self.x, self.y) for s in FIGURE_LAYOUT[self.orientation]["slots"]]
        tail = [("bandages", f"✚{self.bandages}", "Bandage tokens of its slots (p.38)")] if self.bandages else []
        room = len(slots) - len(tail)
        badges = [("badge", short, name) for short, name in self.badges]
        if len(badges) > room:
            rest = badges[room - 1:]
            badges = badges[:room - 1] + [("more", f"+{len(rest)}", ", ".join(name for _, _, name in rest))]
        return tuple(Note(kind, text, title, box, _squeeze(((text, NOTE_FONT),), box))
                     for (kind, text, title), box in zip(badges + tail, slots[:len(badges)] + slots[room:]))

    @property
    def halo(self) -> str:
        """Whose turn it is: a ring along the inside of its own space (a circle around it crossed its
        neighbours' HP), `HALO` of the way from the centre to each corner."""
        sx, sy = SCALE[self.orientation]
        return " ".join(f"{self.x + HALO * dx * sx:g},{self.y + HALO * dy * sy:g}"
                        for dx, dy in CORNERS[self.orientation])

    @property
    def boxes(self) -> tuple[Box, ...]:
        """What it writes on the map (its HP, its notes) as boxes: `label_overlaps` checks them."""
        return (self.hp_box,) + tuple(n.box for n in self.notes)


def label_overlaps(figures) -> list[tuple[str, str]]:
    """Every pair of figures whose drawn labels (HP, badges, bandages) or discs' boxes intersect, and every
    figure a label of which leaves its own space: none on any map (tests, `companion bench`). Only figures
    less than two spaces apart can touch, so each is compared with those of its own and the next cells of a
    coarse grid (a map full of figures is checked in linear time)."""
    out = []
    cell = 2 * max(max(HALF.values()))
    grid: dict[tuple[int, int], list] = {}
    for f in figures:
        cx, cy, r = f.disc
        drawn = f.boxes + (Box(cx - r, cy - r, 2 * r, 2 * r),)
        if not all(box_inside(f.orientation, b.moved(-f.x, -f.y)) for b in f.boxes):
            out.append((f.id, "outside its space"))
        key = (f.x // cell, f.y // cell)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for g, other in grid.get((key[0] + dx, key[1] + dy), ()):
                    if any(a.intersects(b) for a in drawn for b in other):
                        out.append(tuple(sorted((f.id, g.id))))
        grid.setdefault(key, []).append((f, drawn))
    return sorted(out)


def spans(view: "MapView") -> tuple[str, str]:
    """Each column's and each row's drawn extent over the map's spaces, "A 0 78 B 26 130 ..." (name, from, to
    in pixels): the page says which columns and rows a zoom leaves off-screen (missiontable.js)."""
    hx, hy = HALF[view.orientation]
    cols: dict[str, list[int]] = {}
    rows: dict[str, list[int]] = {}
    for c in view.spaces:
        column, row = c.label.split("-")
        for into, key, lo, hi in ((cols, column, c.x - hx, c.x + hx), (rows, row, c.y - hy, c.y + hy)):
            span = into.setdefault(key, [lo, hi])
            span[0], span[1] = min(span[0], lo), max(span[1], hi)
    order = sorted(cols, key=lambda t: (len(t), t)), sorted(rows, key=int)
    return tuple(" ".join(f"{k} {d[k][0]} {d[k][1]}" for k in keys) for d, keys in zip((cols, rows), order))


@record
class MapView:
    grid: GridView
    spaces: tuple[Cell, ...]
    voids: tuple[Cell, ...]
    walls: tuple[tuple[int, int, int, int], ...]  # interior walls and the play area's border
    tokens: tuple[Token, ...]
    figures: tuple[FigureMark, ...]
    orientation: str = "pointy"

    @cached_property
    def spans(self) -> tuple[str, str]:
        return spans(self)  # read twice by the page (columns, rows): worked out once

    @property
    def min_scale(self) -> float:
        return min_scale(self.orientation)


def map_view(m: HexMap, columns: int, rows: int, figures=()) -> MapView:
    """The painted map: spaces and voids, walls (interior and border), tokens, figures."""
    layout = m.layout
    g = grid_view(layout, columns, rows)
    by_label = {c.label: c for c in g.cells}
    space_labels = {m.label(h) for h in m.spaces}
    spaces = tuple(c for c in g.cells if c.label in space_labels)
    voids = tuple(c for c in g.cells if c.label not in space_labels)
    walls = set(m.walls)
    for h in m.spaces:
        for n in neighbours(h):
            if n not in m.spaces:
                walls.add(edge(h, n))
    lines = []
    for a, b in sorted(walls):
        (x1, y1), (x2, y2) = (_scaled(layout, p) for p in layout.edge_corners(a, b))
        lines.append((x1, y1, x2, y2))
    return MapView(g, spaces, voids, tuple(lines), tuple(_tokens(m, by_label)), tuple(_figures(m, figures)),
                   layout.orientation)


def marked_cells(view: MapView, labels) -> tuple[Cell, ...]:
    """The drawn spaces of these labels (a map check's problems, outlined in the editor)."""
    labels = set(labels)
    return tuple(c for c in view.grid.cells if c.label in labels)


def _tokens(m: HexMap, by_label: dict):
    def at(h: Hex):
        c = by_label.get(m.label(h))
        return (c.x, c.y) if c else None

    def token(h, kind, text, title):
        p = at(h)
        if p:
            return Token(kind, p[0], p[1], text, f"{m.label(h)}: {title}")

    out = []
    out += [token(h, f"door-{s}", "D", f"{s} door") for h, s in m.doors]
    out += [token(h, t, "≈" if t == "difficult" else "", "difficult terrain" if t == "difficult" else "gap")
            for h, t in m.terrain]
    out += [token(h, k, HAZARD_MARK[k], f"{k} hazard") for h, k in m.hazards]
    out += [token(h, f"object-{s}", OBJECT_MARK[s], f"{s} object") for h, s in m.objects]
    out += [token(h, "orb", "O" if n is None else str(n), "mission orb" if n is None else f"campaign orb {n}")
            for h, n in m.orbs]
    out += [token(h, "treasure", "T" if n is None else str(n),
                  "mission treasure" if n is None else f"campaign treasure {n}") for h, n in m.treasures]
    out += [token(h, "entry", "E", "entry point") for h in sorted(m.entry_points)]
    out += [token(h, "placement", f"{p.type} {p.min_characters}-{p.max_characters}",
                  f"{p.type} with {p.min_characters}-{p.max_characters} characters") for h, p in m.placements]
    return [t for t in out if t]


def figure_marks(m: HexMap, figures, names: Mapping[str, str] | None = None, active: str | None = None,
                 bosses=frozenset(), bandages: Mapping[str, str] | None = None) -> tuple[FigureMark, ...]:
    """Only the figures: drawn over a map drawing made once (the mission table). `names` are the characters'
    names by figure id, where the id is not the name (a campaign's c1, c2); `active` the figure whose turn it
    is; `bosses` the adversary types that are bosses; `bandages` a character's tokens of its slots by id."""
    return tuple(_figures(m, figures, names, active, bosses, bandages))


def nova_marks(m: HexMap, cells) -> tuple[tuple[int, int, int, str], ...]:
    """Nova cells dropped on the map (p.25, p.26): (x, y, how many, the space's label) over the drawing."""
    return tuple((*_scaled(m.layout, m.layout.centre(h)), n, m.label(h)) for h, n in cells if n)


def badge(condition: str) -> str:
    """A condition as a badge on a figure: the initials of a name of two words (Knocked Down: KD), else its
    first three letters (the twelve conditions of p.37 stay distinct: Ble, Bli, Bur, Bar)."""
    words = _words(condition)
    return "".join(w[0] for w in words).upper() if len(words) > 1 else condition[:3]


def _figures(m: HexMap, figures, names=None, active=None, bosses=frozenset(), bandages=None):
    figures = tuple(figures)
    text = disc_labels(figures, names)
    for f in figures:
        x, y = _scaled(m.layout, m.layout.centre(f.at))
        yield FigureMark(f.id, f.side, f.color, x, y, text[f.id], f.hp, f.max_hp,
                         tuple((badge(c), c) for c in f.conditions), f.type in bosses, f.id == active,
                         (bandages or {}).get(f.id) if f.side == "character" else None, m.layout.orientation)


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^0-9A-Za-z]+", text) if w]


def _disc_choices(f, names) -> list[str]:
    """What a figure's disc may read, shortest first. An adversary: its type's initial and its number, as in
    its name ("Grallok Sentry-1" is S1; the ring is its HP tracking base colour, p.26), then every word's initial
    (GS1). A character: its name's initials, then the start of its name."""
    if f.side == "adversary":
        number = re.search(r"(\d+)$", f.id)
        n = number.group(1) if number else ""
        words = _words(f.type or (f.id[: number.start()] if number else f.id)) or [f.id]
        return [words[-1][0].upper() + n, "".join(w[0] for w in words).upper() + n, f.id[:3]]
    name = (names or {}).get(f.id, f.id)
    words = _words(name) or [name]
    return ["".join(w[0] for w in words[:3]).upper(), words[0][:2].title(), words[0][:3].title(), f.id[:3]]


def disc_labels(figures, names: Mapping[str, str] | None = None) -> dict[str, str]:
    """The short text on each figure's disc, told apart from every other disc on the map: a figure whose
    shortest text another figure also has takes its next longer one (two Sentries of different species:
    GS1, MS1)."""
    choices = {f.id: _disc_choices(f, names) for f in figures}
    level = dict.fromkeys(choices, 0)
    while True:
        text = {fid: choices[fid][min(level[fid], len(choices[fid]) - 1)] for fid in choices}
        seen: dict = {}
        for fid, t in text.items():
            seen.setdefault(t, []).append(fid)
        clash = [fid for same in seen.values() if len(same) > 1 for fid in same
                 if level[fid] < len(choices[fid]) - 1]
        if not clash:
            return text
        for fid in clash:
            level[fid] += 1


@record
class PlanView:
    """An adversary turn drawn on the map: its path, its targets, each line of sight and the spaces it
    crosses (the figures and objects that may block or be hit, p.21, p.27)."""
    path: str  # polyline points, "" when it does not move
    targets: tuple[tuple[int, int], ...]
    sight_lines: tuple[tuple[int, int, int, int], ...]  # the corner-to-corner segments the AI chose (x1, y1, x2, y2)
    crossed: tuple[str, ...]  # polygon points of the spaces a line of sight crosses


def plan_view(m: HexMap, start: Hex, steps, where) -> PlanView:
    """`steps` are a turn.py Resolution's steps, `start` where the adversary stood, `where` each figure's
    space by id.

    A line of sight is the segment the engine chose (turn.py's `line`, from sight.py, p.27), scaled, never
    worked out again here: players copy it onto the physical map corner to corner. A Melee Attack (range 1)
    needs no line of sight (p.21), so none is drawn; its target ring shows whom it hits."""
    layout = m.layout
    path, targets, lines, crossed = [start], [], [], []
    for s in steps:
        if s.movement is not None and s.performed:
            path.extend(h for h in s.movement.path if h != path[-1])
        for name in s.hits:  # a boss's damage to every adjacent figure (p.48): each is ringed, no sight line
            if where.get(name) is not None:
                targets.append(_scaled(layout, layout.centre(where[name])))
        for t in s.targets:
            to = where.get(t.target) or _space(m, t.target.removeprefix("object:"))
            if to is None:
                continue
            targets.append(_scaled(layout, layout.centre(to)))
            if t.line is not None:
                lines.append(_scaled(layout, t.line.from_vertex) + _scaled(layout, t.line.to_vertex))
            for item in t.through:
                for name in (item if isinstance(item, tuple) else (item,)):
                    h = where.get(name) or _space(m, name.removeprefix("object:"))
                    if h is not None:
                        crossed.append(_points(layout, layout.corners(h)))
    points = " ".join(f"{x},{y}" for x, y in (_scaled(layout, layout.centre(h)) for h in path)) if len(path) > 1 else ""
    return PlanView(points, tuple(targets), tuple(lines), tuple(crossed))


def _space(m: HexMap, label: str) -> Hex | None:
    try:
        return m.layout.parse(label)
    except MapError:  # a name that is neither a figure nor a space
        return None


@record
class LayoutPreview:
    """A small picture of a layout before a map is made: four columns by three rows, the staggered rows (or
    columns) drawn apart, and in words which of the book's rows (columns) sit half a hex over."""
    orientation: str
    shifted: str
    view_box: str
    cells: tuple[tuple[str, bool, str], ...]  # (polygon points, staggered?, label)
    caption: str

    @property
    def value(self) -> str:
        return f"{self.orientation} {self.shifted}"


def layout_previews() -> tuple[LayoutPreview, ...]:
    out = []
    for orientation in ORIENTATIONS:
        for shifted in SHIFTS:
            layout = Layout(orientation, shifted)
            g = grid_view(layout, 4, 4)
            pointy = orientation == "pointy"
            # A row (pointy) or column (flat) is staggered when its first space lies half a hex past the others'.
            first = {_line(c.label, pointy): (c.x if pointy else c.y) for c in g.cells if _first(c.label, pointy)}
            staggered = {line for line, at in first.items() if at != min(first.values())}
            cells = tuple((c.points, _line(c.label, pointy) in staggered, c.label) for c in g.cells)
            lines = ", ".join(sorted(staggered, key=lambda t: (len(t), t)))
            caption = (f"Pointy top: rows {lines}… sit half a hex right" if pointy
                       else f"Flat top: columns {lines}… sit half a hex lower")
            out.append(LayoutPreview(orientation, shifted, g.view_box, cells, caption))
    return tuple(out)


def _first(label: str, pointy: bool) -> bool:
    """The first space of its row (pointy) or column (flat)."""
    column, row = label.split("-")
    return column == "A" if pointy else row == "1"


def _line(label: str, pointy: bool) -> str:
    column, row = label.split("-")
    return row if pointy else column

"""Hex boards as drawn: the exact integer geometry of hexes laid in rows or columns, and its picture on screen.

Shared by Phantom Epoch's maps (the engine's `phantom/hexmap.py` Layout, the drawing `phantom/mapview.py`),
Aldarra Reborn's board (`kits/aldarra/board.py`) and Suriya 162's map (`kits/suriya_162/mapview.py`).
Standard library only (tests/test_purity.py), beside the axial arithmetic of companion/hexgrid.py.

For pointy-top hexes the centre of (q, r) is (2q + r, 3r) in units of half a hex width and a quarter of a hex
height, and its corners are (x, y±2) and (x±1, y±1); flat-top swaps the roles of x and y (DESIGN.md: every
geometric test on these integers is exact). Drawn, a unit is a whole number of pixels per axis (`SCALE`),
chosen so the hexes come out regular to within 0.1 %: pointy hexes are 52 px wide and 60 px high (26 px per
half width, 15 per quarter height); flat hexes swap the two. Everything drawn here is plain data (strings of
points, numbers); the templates only loop.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .hexgrid import CORNERS, Grid, Hex, Point, edge, from_offset, neighbours, to_offset  # noqa: F401
from .record import record

SCALE = {"pointy": (26, 15), "flat": (15, 26)}
MARGIN = 20  # room for what a token shows past its space: an HP pill, a condition badge at the board edge


@record
class Cell:
    """One drawn hex of a grid: its label, centre and corners."""
    label: str
    points: str
    x: int
    y: int


@record
class EdgeArea:
    """The rhombus between two neighbouring centres and their shared corners: where a touch means this edge."""
    a: str
    b: str
    points: str


@record
class GridView:
    """A grid as a page draws it: its cells and the drawing's size."""
    view_box: str
    width: int
    height: int
    cells: tuple[Cell, ...]
    edges: tuple[EdgeArea, ...]
    label_dy: int  # where a cell's coordinate sits above its centre


def scaled(grid: Grid, p: Point) -> Point:
    """An exact point in pixels."""
    sx, sy = SCALE[grid.orientation]
    return p[0] * sx, p[1] * sy


def points(grid: Grid, pts: Iterable[Point]) -> str:
    """Exact points as an SVG polygon's or polyline's `points`, in pixels."""
    return " ".join(f"{x},{y}" for x, y in (scaled(grid, p) for p in pts))


def bounds(grid: Grid, hexes: Iterable[Hex]) -> tuple[int, int, int, int]:
    """The drawn box around these hexes (x0, y0, x1, y1), `MARGIN` pixels clear of every corner."""
    pts = [scaled(grid, p) for h in hexes for p in grid.corners(h)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN


def view_box(box: tuple[int, int, int, int]) -> str:
    x0, y0, x1, y1 = box
    return f"{x0} {y0} {x1 - x0} {y1 - y0}"


@lru_cache(maxsize=16)
def _bounds(grid: Grid, columns: int, rows: int) -> tuple[int, int, int, int]:
    return bounds(grid, [grid.from_offset(c, r) for r in range(rows) for c in range(columns)])


@lru_cache(maxsize=16)
def grid_view(grid: Grid, columns: int, rows: int) -> GridView:
    """Every position of a columns x rows grid with its label (`grid.label`), and every edge between two of
    them. It depends only on the grid and its size, so it is built once per grid and cached."""
    hexes = [grid.from_offset(c, r) for r in range(rows) for c in range(columns)]
    inside = set(hexes)
    cells = []
    for h in hexes:
        x, y = scaled(grid, grid.centre(h))
        cells.append(Cell(grid.label(h), points(grid, grid.corners(h)), x, y))
    edges = []
    for h in hexes:
        for n in neighbours(h):
            if n in inside and edge(h, n) == (h, n):
                p, q = grid.edge_corners(h, n)
                edges.append(EdgeArea(grid.label(h), grid.label(n), points(grid, (grid.centre(h), p, grid.centre(n), q))))
    x0, y0, x1, y1 = _bounds(grid, columns, rows)
    label_dy = -14  # the coordinate sits in the space's upper part, above its token
    return GridView(view_box((x0, y0, x1, y1)), x1 - x0, y1 - y0, tuple(cells), tuple(edges), label_dy)


# A drawn label's width is estimated, not measured (the server has no fonts): an average glyph of system-ui
# is about 0.6 of its size, bold a little more; a wide symbol (▲ ◆ ★) about one size.
GLYPH = 0.62
WIDE = "▲◆★♣⌂≋⚑✕"
PAD = 4  # pixels kept clear of the hex's edge on each side


def label_width(text: str, size: float) -> float:
    return sum(size if c in WIDE else GLYPH * size for c in text)


def fit(text: str, size: float, dy: float) -> int | None:
    """The width a label must be squeezed to (SVG `textLength`) so that it stays inside its pointy hex, written
    with its baseline `dy` pixels below the hex's centre in a font of `size` px; None where it fits as it is.
    A pointy hex is its full width between its side corners and narrows to its top and bottom points."""
    half_w, quarter_h = SCALE["pointy"]
    worst = max(abs(dy), abs(dy - size * 0.75))  # the line's baseline and its capital height
    room = 2 * half_w if worst <= quarter_h else 2 * half_w * max(0.0, 2 * quarter_h - worst) / quarter_h
    room = int(room) - 2 * PAD
    return room if label_width(text, size) > room else None


# A space's half extents as drawn, in pixels (across, down): a pointy hex is its full width between its side
# corners and its full height between its points; a flat one the other way round.
HALF = {"pointy": (SCALE["pointy"][0], 2 * SCALE["pointy"][1]), "flat": (2 * SCALE["flat"][0], SCALE["flat"][1])}


@record
class Box:
    """A rectangle drawn on a board, in pixels: its top-left corner, its width and its height."""
    x: int
    y: int
    w: int
    h: int

    def moved(self, dx: int, dy: int) -> "Box":
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def intersects(self, other: "Box") -> bool:
        """Sharing more than an edge."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)

    @property
    def corners(self) -> tuple[Point, ...]:
        return ((self.x, self.y), (self.x + self.w, self.y), (self.x, self.y + self.h),
                (self.x + self.w, self.y + self.h))


def within(orientation: str, dx: float, dy: float) -> bool:
    """Whether a point `dx, dy` pixels from a hex's centre lies inside that hex (its edge included). Exact on
    integers: a pointy hex is |dx| <= W and |dy| <= 2Q - Q|dx|/W (W its half width, Q a quarter of its height)."""
    if orientation == "flat":
        dx, dy = dy, dx
    w, q = SCALE["pointy"]
    return abs(dx) <= w and abs(dy) * w + q * abs(dx) <= 2 * q * w


def box_inside(orientation: str, box: Box) -> bool:
    """A box drawn relative to a hex's centre lies inside the hex (a hex is convex: its four corners do)."""
    return all(within(orientation, x, y) for x, y in box.corners)

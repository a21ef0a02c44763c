"""Hex arithmetic on axial coordinates, shared by the map engine (phantom/hexmap.py) and Aldarra Reborn's board.

A hex is an axial pair `(q, r)`. Boards that are laid out in rows and columns (offset coordinates: a column
index and a row index, both from 0) convert with `from_offset` / `to_offset`; `orientation` is "pointy" (rows
of hexes) or "flat" (columns of hexes) and `shifted` says which rows (columns) sit half a hex to the east
(south): "even" shifts the odd ones, "odd" the even ones, counting from 0. Standard library only: both
engines use it.

`Grid` is a board's exact integer geometry (centres and corners, as companion/hexboard.py draws them): here,
beside the arithmetic, so that the map engine builds its Layout on it without importing the drawing.
"""
from __future__ import annotations
from .record import record


Hex = tuple[int, int]
Point = tuple[int, int]

# Axial neighbour directions, in a fixed order.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def distance(a: Hex, b: Hex) -> int:
    """Hex distance on an open grid (no walls)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


def edge(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """The canonical key of the edge between two adjacent hexes."""
    return (a, b) if a <= b else (b, a)


def _half(n: int, shifted: str) -> int:
    return (n - (n & 1)) // 2 if shifted == "even" else (n + (n & 1)) // 2


def from_offset(col: int, row: int, orientation: str = "pointy", shifted: str = "even") -> Hex:
    """Column index (0 = the first) and row index (0 = the first) to axial."""
    if orientation == "pointy":
        return (col - _half(row, shifted), row)
    return (col, row - _half(col, shifted))


def to_offset(h: Hex, orientation: str = "pointy", shifted: str = "even") -> tuple[int, int]:
    q, r = h
    if orientation == "pointy":
        return (q + _half(r, shifted), r)
    return (q, r + _half(q, shifted))


# Corner offsets from the centre, clockwise from the top (pointy) / from the east (flat).
CORNERS = {
    "pointy": ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)),
    "flat": ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)),
}


@record
class Grid:
    """Hexes in rows ("pointy") or columns ("flat"), `shifted` as companion/hexgrid.py reads it."""
    orientation: str = "pointy"
    shifted: str = "even"

    def from_offset(self, col: int, row: int) -> Hex:
        """Column index and row index (both from 0) to axial."""
        return from_offset(col, row, self.orientation, self.shifted)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        return to_offset(h, self.orientation, self.shifted)

    def label(self, h: Hex) -> str:
        """A hex's name on a drawn grid: its column and row indexes (a game may name them its own way)."""
        return "{},{}".format(*self.to_offset(h))

    def centre(self, h: Hex) -> Point:
        q, r = h
        return (2 * q + r, 3 * r) if self.orientation == "pointy" else (3 * q, 2 * r + q)

    def corners(self, h: Hex) -> tuple[Point, ...]:
        x, y = self.centre(h)
        return tuple((x + dx, y + dy) for dx, dy in CORNERS[self.orientation])

    def edge_corners(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The two corners shared by adjacent hexes a and b."""
        shared = set(self.corners(a)) & set(self.corners(b))
        if len(shared) != 2:
            raise ValueError(f"{a} and {b} are not adjacent")
        p, q = sorted(shared)
        return (p, q)

"""Boards for the line-of-sight tests: any layout, labels read in the default one, random boards."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import strategies as st

from companion.phantom.board import Board, Figure
from companion.phantom.hexmap import HexMap, Layout, neighbours
from companion.phantom.sight import Sight, SightLine, sight

LAYOUTS = [Layout(o, s) for o in ("pointy", "flat") for s in ("even", "odd")]

IDS = [f"{l.orientation}-{l.shifted}" for l in LAYOUTS]

four_layouts = pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)

DEFAULT = Layout()


def hexof(layout: Layout, label: str):
    """A label of the default layout, as the hex of the same place in `layout`."""
    q, r = DEFAULT.parse(label)
    return (q, r) if layout.orientation == "pointy" else (r, q)


def corner(layout: Layout, k: int) -> int:
    """Corner k of the default drawing as a corner index of `layout` (flat reverses the order)."""
    return k if layout.orientation == "pointy" else (3 - k) % 6


def make(layout: Layout, rect="A-1:H-6", *, spaces=None, walls=(), doors=None, objects=None, terrain=None,
         figures=()):
    """A board from default-layout labels. `figures` are (id, side, label) or (id, side, label, {field: value})."""
    H = lambda label: hexof(layout, label)  # noqa: E731
    if spaces is None:
        spaces = [h for part in rect.split() for h in DEFAULT.parse_rect(part)]
        spaces = [h if layout.orientation == "pointy" else (h[1], h[0]) for h in spaces]
    m = HexMap.build(layout, spaces, walls=[(H(a), H(b)) for a, b in walls],
                     doors={H(k): v for k, v in (doors or {}).items()},
                     objects={H(k): v for k, v in (objects or {}).items()},
                     terrain={H(k): v for k, v in (terrain or {}).items()})
    figs = []
    for f in figures:
        extra = f[3] if len(f) > 3 else {}
        figs.append(Figure(f[0], f[1], H(f[2]), **extra))
    return Board(m, tuple(figs))


def look(board: Board, a: str, b: str, die=None) -> Sight:
    layout = board.map.layout
    return sight(board, hexof(layout, a), hexof(layout, b), die)


def line(result: Sight, board: Board, a: int, b: int) -> SightLine | None:
    """The line from default corner a to default corner b, if valid."""
    layout = board.map.layout
    for ln in result.lines:
        if (ln.from_corner, ln.to_corner) == (corner(layout, a), corner(layout, b)):
            return ln
    return None


def cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


TOP, UPPER_RIGHT, LOWER_RIGHT, BOTTOM, LOWER_LEFT, UPPER_LEFT = range(6)  # default (pointy) corners


def segment_entry(p, q, poly):
    """First parameter t at which segment p->q meets the closed convex polygon along a positive length."""
    lo, hi = Fraction(0), Fraction(1)
    area = sum(cross((0, 0), poly[k], poly[(k + 1) % 6]) for k in range(6))
    for k in range(6):
        a, b = poly[k], poly[(k + 1) % 6]
        f0 = cross(a, b, p) * (1 if area > 0 else -1)
        f1 = cross(a, b, q) * (1 if area > 0 else -1)
        if f0 < 0 and f1 < 0:
            return None
        if f0 < 0 <= f1 or f1 < 0 <= f0:
            t = Fraction(f0, f0 - f1)
            if f0 < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
    return lo if lo < hi else None


@st.composite
def random_boards(draw):
    layout = draw(st.sampled_from(LAYOUTS))
    cols, rows = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    rect = [layout.from_offset(c, r) for r in range(rows) for c in range(cols)]
    spaces = [h for h in rect if draw(st.integers(0, 9)) > 0] or rect[:1]
    space_set = set(spaces)
    pairs = sorted({tuple(sorted((h, n))) for h in spaces for n in neighbours(h) if n in space_set})
    walls = [p for p in pairs if draw(st.integers(0, 11)) == 0]
    free = list(spaces)
    objects = {}
    figures = []
    for k, h in enumerate(free):
        roll = draw(st.integers(0, 12))
        if roll == 0:
            objects[h] = draw(st.sampled_from(["destructible", "damaged", "destroyed", "indestructible"]))
        elif roll in (1, 2):
            figures.append(Figure(f"f{k}", draw(st.sampled_from(["character", "adversary"])), h,
                                  conditions=("invisible",) if draw(st.integers(0, 5)) == 0 else ()))
    doors = {h: draw(st.sampled_from(["open", "closed"])) for h in spaces if h not in objects
             and h not in {f.at for f in figures} and draw(st.integers(0, 15)) == 0}
    m = HexMap.build(layout, spaces, walls=walls, objects=objects, doors=doors)
    a, b = draw(st.sampled_from(spaces)), draw(st.sampled_from(spaces))
    return Board(m, tuple(figures)), a, b

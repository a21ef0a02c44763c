"""Exact line of sight (p.18-19, 27, 36; INTERPRETATIONS.md "Line of sight"; docs/rules.md).

A line of sight is a segment from a corner of one space to a corner of the
other, never the same corner of both (p.18). No end may lie on a wall or
closed door, and the segment is blocked if it touches one anywhere: crossing
it, running along it, or passing through one of its corners. A figure or
object space is *on* the line if the segment enters its interior or runs along
one of its sides (p.18, Figure 7); touching a single corner does not count.

Everything is exact and integer (DESIGN.md): the drawing of a hex grid is the
same, up to translation, wherever a segment starts, so which spaces a segment
meets (and where it first meets them), and which grid edges it touches,
depend only on the orientation, the axial offset between the two spaces and
the corner pair. That is computed once per (orientation, dq, dr) with integer
cross products and `fractions.Fraction`, shipped for every offset within
TABLE_RANGE in data/phantom-epoch/sight-geometry.bin (scripts/sight_table.py)
and kept at module level once read; a query is then set lookups against the map's blocked edges (cached per map, since maps
are immutable) and the board's figures and objects.

Spaces, edges and positions are keyed by integers: a hex is the linear code
`x * _M + y` of its drawn centre, an edge the sum of its two hexes' codes (its
doubled midpoint), so translating by a space is adding its code.

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

import json
import zlib
from dataclasses import dataclass
from pathlib import Path

from .board import Board, Figure
from .decision import DecisionDie, break_tie
from .hexmap import DIRECTIONS, GEOMETRY_CACHES, ORIENTATIONS, Hex, HexMap, Layout, MapError, distance

__all__ = ["SightLine", "Sight", "sight", "has_line_of_sight", "sight_to_dict", "geometry", "Geometry"]

Point = tuple[int, int]

_M = 1 << 20  # code(x, y) = x * _M + y; injective while |y| < _M / 2
_LIMIT = _M // 8


@dataclass(frozen=True)
class SightLine:
    from_corner: int  # corner index of the source space (hexmap corner order)
    to_corner: int
    from_vertex: tuple[int, int]
    to_vertex: tuple[int, int]
    through: tuple  # in order of first contact: a str, or a tuple of str for a tie
    accuracy_rolls: tuple[str, ...]  # items of `through` needing an Accuracy roll, nearest first
    allies: int  # figures on the line on the side of the figure at the source
    indestructible: int  # indestructible objects on the line


@dataclass(frozen=True)
class Sight:
    source: Hex
    target: Hex
    range: int | None  # map range (None if unreachable)
    line_of_sight: bool
    lines: tuple[SightLine, ...]  # every valid segment, ordered by (from_corner, to_corner)
    adversary_choice: int | None  # index into lines an adversary at source would use
    reasons: tuple[str, ...]  # why that segment (or why there is none)


# -- integer geometry ---------------------------------------------------------------------------------

def _code(orientation: str, h: Hex) -> int:
    q, r = h
    if orientation == "pointy":
        return (2 * q + r) * _M + 3 * r
    return 3 * q * _M + 2 * r + q


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _touches(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """Do the closed segments p1p2 and p3p4 share at least one point?"""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = p1, p2, p3, p4
    d1 = _cross(x4 - x3, y4 - y3, x1 - x3, y1 - y3)
    d2 = _cross(x4 - x3, y4 - y3, x2 - x3, y2 - y3)
    d3 = _cross(x2 - x1, y2 - y1, x3 - x1, y3 - y1)
    d4 = _cross(x2 - x1, y2 - y1, x4 - x1, y4 - y1)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True

    def within(a, b, p):
        return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])

    return ((d1 == 0 and within(p3, p4, p1)) or (d2 == 0 and within(p3, p4, p2))
            or (d3 == 0 and within(p1, p2, p3)) or (d4 == 0 and within(p1, p2, p4)))


def _clip(p: Point, q: Point, corners: tuple[Point, ...], sign: int):
    """The parameter interval [lo, hi] of segment p->q inside the closed convex polygon (each end a
    fraction as (numerator, positive denominator)), or None. Integers only."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    ln, ld, hn, hd = 0, 1, 1, 1  # lo = ln/ld, hi = hn/hd
    n = len(corners)
    for k in range(n):
        cx, cy = corners[k]
        nx, ny = corners[(k + 1) % n]
        ex, ey = nx - cx, ny - cy
        a = sign * (ex * (p[1] - cy) - ey * (p[0] - cx))
        b = sign * (ex * vy - ey * vx)
        if b == 0:
            if a < 0:
                return None
        elif b > 0:  # t >= -a / b
            if -a * ld > ln * b:
                ln, ld = -a, b
        else:  # t <= a / -b
            if a * hd < hn * -b:
                hn, hd = a, -b
        if ln * hd > hn * ld:
            return None
    return (ln, ld), (hn, hd)


@dataclass(frozen=True)
class Geometry:
    """What the candidate segments from (0, 0) to (dq, dr) meet, for one orientation.

    segs: (from_corner, to_corner, from_vertex, to_vertex) relative to the source centre, in corner
    order, zero-length pairs and same-corner pairs left out; bit k of a mask stands for segs[k].
    edges: (edge code, mask of the segments touching that grid edge, its corners included).
    hexes: (hex code, relative hex, mask of the segments it is on, {segment: rank} for those segments,
    adjacent to the source) for every space other than source and target that some segment enters
    or runs along; equal ranks on one segment are a tie of first contact.
    """
    segs: tuple
    full: int
    edges: tuple
    hexes: tuple


_GEOMETRY: dict = {}
_HEXFORM: dict = {}
# The geometry of every offset within TABLE_RANGE, both orientations, computed once by
# `python scripts/sight_table.py` and shipped (tests/test_sight.py regenerates it and compares): a process
# reads the file's index once and then only the offsets it asks for, instead of drawing them on first use.
# The first line is the index, {"p 3 -1": [start, length], ...} (bytes after that line); each entry is one
# offset's geometry as `_encode` writes it, zlib-compressed on its own (a fifth of the text's size, and still
# read one offset at a time).
TABLE = Path(__file__).resolve().parents[2] / "data" / "phantom-epoch" / "sight-geometry.bin"
TABLE_RANGE = 12
_TABLE: dict = {}  # "index": ({key: [start, length]}, where the entries start), once read


def geometry(orientation: str, dq: int, dr: int) -> Geometry:
    """The cached geometry of the offset (dq, dr) in an orientation: from the shipped table within
    TABLE_RANGE, else computed exactly from the drawing on first use (`drawn_geometry`)."""
    key = (orientation, dq, dr)
    g = _GEOMETRY.get(key)
    if g is None:
        line = _table_entry(f"{orientation[0]} {dq} {dr}")
        g = _GEOMETRY[key] = (_decode(orientation, dq, dr, line) if line is not None
                              else drawn_geometry(orientation, dq, dr))
    return g


def drawn_geometry(orientation: str, dq: int, dr: int) -> Geometry:
    """The geometry computed from the integer drawing. Only one offset per orbit of the grid's twelve
    symmetries is computed from the drawing (pointy); the others, and the flat orientation, are its images
    (see `_symmetric_hexform`)."""
    return _finalize(orientation, dq, dr, _symmetric_hexform(orientation, dq, dr))


def _table_entry(key: str) -> str | None:
    index = _TABLE.get("index")
    if index is None:  # first use in this process; threads that race here read the same index
        try:
            with TABLE.open("rb") as f:
                first = f.readline()
            index = (json.loads(first), len(first))
        except (FileNotFoundError, ValueError):  # no table (or a damaged one): every offset is drawn
            index = ({}, 0)
        _TABLE["index"] = index
    where = index[0].get(key)
    if where is None:
        return None
    with TABLE.open("rb") as f:
        f.seek(index[1] + where[0])
        return zlib.decompress(f.read(where[1])).decode("ascii")


def table_bytes(max_range: int = TABLE_RANGE) -> bytes:
    """The table file: its index line, then each offset within `max_range`, pointy then flat, drawn afresh."""
    entries, index, at = [], {}, 0
    for orientation in ORIENTATIONS:
        for dq in range(-max_range, max_range + 1):
            for dr in range(-max_range, max_range + 1):
                if 0 < distance((0, 0), (dq, dr)) <= max_range:
                    packed = zlib.compress(_encode(drawn_geometry(orientation, dq, dr)).encode("ascii"), 9)
                    index[f"{orientation[0]} {dq} {dr}"] = [at, len(packed)]
                    entries.append(packed)
                    at += len(packed)
    return json.dumps(index, separators=(",", ":")).encode("ascii") + b"\n" + b"".join(entries)


def _encode(g: Geometry) -> str:
    """One JSON array: the edges flat (code, mask, code, mask, ...), then per hex [q, r, mask, near,
    segment, rank, segment, rank, ...]; `segs` and `full` follow from the offset, a hex's code from (q, r)."""
    edges = [x for pair in g.edges for x in pair]
    hexes = [[q, r, mask, int(near), *(x for pair in sorted(ranks.items()) for x in pair)]
             for _c, (q, r), mask, ranks, near in g.hexes]
    return json.dumps([edges, hexes], separators=(",", ":"))


def _decode(orientation: str, dq: int, dr: int, line: str) -> Geometry:
    edges, hexes = json.loads(line)
    segs = _segments(orientation, dq, dr)
    pointy = orientation == "pointy"
    out = []
    for h in hexes:
        q, r = h[0], h[1]
        code = (2 * q + r) * _M + 3 * r if pointy else 3 * q * _M + 2 * r + q  # _code, inlined: once per hex
        out.append((code, (q, r), h[2], dict(zip(h[4::2], h[5::2])), h[3] == 1))
    it = iter(edges)
    return Geometry(segs, (1 << len(segs)) - 1, tuple(zip(it, it)), tuple(out))


def _segments(orientation: str, dq: int, dr: int) -> tuple:
    """The candidate segments in corner order: every corner pair but the same corner of both and a zero-length
    one (adjacent spaces sharing the corner)."""
    layout = Layout(orientation)
    pc, qc = layout.corners((0, 0)), layout.corners((dq, dr))
    return tuple((i, j, pc[i], qc[j]) for i in range(6) for j in range(6) if i != j and pc[i] != qc[j])


def _hexform(orientation: str, dq: int, dr: int):
    """Straight from the integer drawing: the candidate corner pairs, and for each the spaces it enters
    or runs along (rank of first contact per pair) and the grid edges it touches (corners included).

    Returns (pairs, on, edges): pairs a tuple of (from_corner, to_corner); on {hex: {k: rank}};
    edges {(hex, hex) canonical: mask of k}."""
    from fractions import Fraction  # here: offsets within the shipped table are never drawn at run time

    layout = Layout(orientation)
    src, tgt = (0, 0), (dq, dr)
    pc, qc = layout.corners(src), layout.corners(tgt)
    segs = tuple((i, j, pc[i], qc[j]) for i in range(6) for j in range(6) if i != j and pc[i] != qc[j])
    cx0, cy0 = layout.centre(src)
    offsets = tuple((x - cx0, y - cy0) for x, y in pc)
    (ax, ay), (bx, by), (ccx, ccy) = offsets[0], offsets[1], offsets[2]
    sign = 1 if _cross(bx - ax, by - ay, ccx - bx, ccy - by) > 0 else -1
    # side e of a hex (corner e to corner e+1) is shared with the neighbour in direction side_dir[e]
    side_dir = []
    for e in range(6):
        pair = {pc[e], pc[(e + 1) % 6]}
        side_dir.append(next(d for d in DIRECTIONS if pair <= set(layout.corners(d))))
    d_max = distance(src, tgt) + 2
    centres = [((q, r), layout.centre((q, r))) for q in range(-d_max, d_max + 1) for r in range(-d_max, d_max + 1)
               if distance(src, (q, r)) <= d_max]
    edges: dict = {}
    on: dict = {}  # hex -> {k: first-contact t}
    for k, (_i, _j, p, q) in enumerate(segs):
        bit = 1 << k
        px, py = p
        vx, vy = q[0] - px, q[1] - py
        w = tuple(vx * oy - vy * ox for ox, oy in offsets)  # cross(v, corner offset)
        reach = max(w)
        xmin, xmax = min(px, q[0]) - 2, max(px, q[0]) + 2
        ymin, ymax = min(py, q[1]) - 2, max(py, q[1]) + 2
        for h, (x, y) in centres:
            if not (xmin <= x <= xmax and ymin <= y <= ymax):
                continue
            lc = vx * (y - py) - vy * (x - px)
            if lc > reach or -lc > reach:  # every corner strictly on one side of the line
                continue
            corners = tuple((x + ox, y + oy) for ox, oy in offsets)
            span = _clip(p, q, corners, sign)
            if span is None:
                continue
            for e in range(6):
                la, lb = lc + w[e], lc + w[(e + 1) % 6]
                if (la > 0 and lb > 0) or (la < 0 and lb < 0):
                    continue
                if _touches(p, q, corners[e], corners[(e + 1) % 6]):
                    d = side_dir[e]
                    key = edge_key(h, (h[0] + d[0], h[1] + d[1]))
                    edges[key] = edges.get(key, 0) | bit
            (ln, ld), (hn, hd) = span
            if ln * hd < hn * ld and h != src and h != tgt:
                on.setdefault(h, {})[k] = Fraction(ln, ld)
    for k in range(len(segs)):
        rank = {t: n for n, t in enumerate(sorted({ts[k] for ts in on.values() if k in ts}))}
        for ts in on.values():
            if k in ts:
                ts[k] = rank[ts[k]]
    return tuple((i, j) for i, j, _, _ in segs), on, edges


def edge_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    return (a, b) if a <= b else (b, a)


# The twelve symmetries of the hex lattice as axial matrices ((a, b), (c, d)): (q, r) -> (aq + br, cq + dr).
def _mul(g, h):
    return tuple(tuple(sum(g[i][k] * h[k][j] for k in range(2)) for j in range(2)) for i in range(2))


_IDENTITY = ((1, 0), (0, 1))
_ROTATE = ((0, -1), (1, 1))  # cube (x, y, z) -> (-z, -x, -y)
_SWAP = ((0, 1), (1, 0))  # (q, r) -> (r, q)


def _apply(g, h: Hex) -> Hex:
    return (g[0][0] * h[0] + g[0][1] * h[1], g[1][0] * h[0] + g[1][1] * h[1])


def _corner_permutation(g) -> tuple[int, ...]:
    """Where a lattice symmetry sends each corner (pointy drawing): corner k of (0,0) to corner perm[k]."""
    # drawn = C . axial with C = ((2, 1), (0, 3)); the drawn map is C g C^-1 and 6 C^-1 = ((3, -1), (0, 2))
    c, adj = ((2, 1), (0, 3)), ((3, -1), (0, 2))
    a6 = _mul(_mul(c, g), adj)
    offsets = Layout("pointy").corners((0, 0))
    out = []
    for ox, oy in offsets:
        x, y = a6[0][0] * ox + a6[0][1] * oy, a6[1][0] * ox + a6[1][1] * oy
        assert x % 6 == 0 and y % 6 == 0
        out.append(offsets.index((x // 6, y // 6)))
    return tuple(out)


def _symmetries():
    out, g = [], _IDENTITY
    for _ in range(6):
        for m in (g, _mul(g, _SWAP)):
            out.append((m, _corner_permutation(m)))
        g = _mul(_ROTATE, g)
    return tuple(out)


_SYMMETRIES = _symmetries()
# flat drawing of (q, r) = the pointy drawing of (r, q) with x and y swapped; corner k <-> corner 3 - k
_FLAT = (_SWAP, tuple((3 - k) % 6 for k in range(6)))


def _transform(hf, g, perm):
    pairs, on, edges = hf
    return (tuple((perm[i], perm[j]) for i, j in pairs),
            {_apply(g, h): ts for h, ts in on.items()},
            {edge_key(_apply(g, a), _apply(g, b)): bits for (a, b), bits in edges.items()})


def _symmetric_hexform(orientation: str, dq: int, dr: int):
    if orientation == "flat":
        return _transform(_symmetric_hexform("pointy", dr, dq), *_FLAT)
    images = [(_apply(g, (dq, dr)), g) for g, _ in _SYMMETRIES]
    canonical = min(h for h, _ in images)
    hf = _HEXFORM.get(canonical)
    if hf is None:
        hf = _HEXFORM[canonical] = _hexform("pointy", *canonical)
    for g, perm in _SYMMETRIES:
        if _apply(g, canonical) == (dq, dr):
            return _transform(hf, g, perm)
    raise AssertionError("no lattice symmetry maps the canonical offset")  # pragma: no cover


def _finalize(orientation: str, dq: int, dr: int, hf) -> Geometry:
    """From hex form to lookup form: segments in corner order, integer codes for hexes and edges."""
    pairs, on, edges = hf
    layout = Layout(orientation)
    pc, qc = layout.corners((0, 0)), layout.corners((dq, dr))
    order = sorted(range(len(pairs)), key=lambda k: pairs[k])
    new = {old: n for n, old in enumerate(order)}

    def remap(bits):
        out = 0
        for old, n in new.items():
            if (bits >> old) & 1:
                out |= 1 << n
        return out

    segs = tuple((pairs[k][0], pairs[k][1], pc[pairs[k][0]], qc[pairs[k][1]]) for k in order)
    hexes = []
    for h in sorted(on):
        ts = on[h]
        mask = remap(sum(1 << k for k in ts))
        ranks = {n: ts[order[n]] for n in range(len(order)) if order[n] in ts}
        hexes.append((_code(orientation, h), h, mask, ranks, distance((0, 0), h) == 1))
    codes = sorted((_code(orientation, a) + _code(orientation, b), remap(bits)) for (a, b), bits in edges.items())
    return Geometry(segs, (1 << len(segs)) - 1, tuple(codes), tuple(hexes))


# -- per-map caches ---------------------------------------------------------------------------------

class _MapSight:
    __slots__ = ("orientation", "blocked", "spaces", "valid", "ranges")

    def __init__(self, m: HexMap):
        o = self.orientation = m.layout.orientation
        for h in m.spaces:
            x, y = m.layout.centre(h)
            if abs(x) > _LIMIT or abs(y) > _LIMIT:
                raise MapError(f"space {h} lies too far out for the sight engine")
        self.spaces = frozenset(_code(o, h) for h in m.spaces)
        self.blocked = frozenset(_code(o, a) + _code(o, b) for a, b in m.blocked_edges)
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
    """(geometry, mask of the segments no wall or closed door touches), cached per map."""
    key = (a, b)
    got = ms.valid.get(key)
    if got is None:
        geo = geometry(ms.orientation, b[0] - a[0], b[1] - a[1])
        off = 2 * _code(ms.orientation, a)
        blocked = ms.blocked
        bad = 0
        for code, bits in geo.edges:
            if code + off in blocked:
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
    ca, cb, c0 = _code(o, da), _code(o, db), _code(o, a)
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

@dataclass(frozen=True)
class _Item:
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
                items.setdefault(_code(o, h), []).append(
                    _Item(f"object:{m.label(h)}", h, None, state == "indestructible"))
        for f in board.figures:
            if not f.invisible:
                items.setdefault(_code(o, f.at), []).append(_Item(f.id, f.at, f, False))
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
                     ("every segment from a corner of one space to a different corner of the other touches a "
                      "wall or closed door (p.18-19)",))
    source_figure = figures.get(source)
    side = source_figure.side if source_figure is not None else None
    adversary = side == "adversary"
    layout = m.layout

    hits = []
    items = _board_items(board)
    if items:
        off = _code(ms.orientation, source)
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

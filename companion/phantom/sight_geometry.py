"""The exact geometry of line of sight between two spaces of a hex grid, one axial offset at a time (sight.py
uses it; INTERPRETATIONS.md "Line of sight").

The drawing of a hex grid is the same, up to translation, wherever a segment starts, so which spaces a segment
meets (and where it first meets them), and which grid edges it touches, depend only on the orientation, the
axial offset between the two spaces and the corner pair: `geometry(orientation, dq, dr)`, computed with
integer cross products and `fractions.Fraction`, shipped for every offset within TABLE_RANGE in
data/phantom-epoch/sight-geometry.bin (scripts/sight_table.py) and kept at module level once read. Spaces and
edges are keyed by integers: a hex is the linear code `x * _M + y` of its drawn centre, an edge the sum of its
two hexes' codes (its doubled midpoint), so translating by a space is adding its code.
"""
from __future__ import annotations

import json
import zlib
from functools import cache
from pathlib import Path

from .hexmap import DIRECTIONS, ORIENTATIONS, Hex, Layout, distance
from ..record import record

Point = tuple[int, int]

_M = 1 << 20  # code(x, y) = x * _M + y; injective while |y| < _M / 2
LIMIT = _M // 8


# -- integer geometry ---------------------------------------------------------------------------------

def hex_code(orientation: str, h: Hex) -> int:
    q, r = h
    if orientation == "pointy":
        return (2 * q + r) * _M + 3 * r
    return 3 * q * _M + 2 * r + q


def hex_codes(orientation: str, hexes) -> frozenset:
    """`hex_code` of each of `hexes`, in one pass (a new map's spaces and blocked edges). The code is linear in
    (q, r), so an edge's key, the sum of its two spaces' codes, is the code of the two hexes' sum."""
    if orientation == "pointy":
        return frozenset([(2 * q + r) * _M + 3 * r for q, r in hexes])
    return frozenset([3 * q * _M + 2 * r + q for q, r in hexes])


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _contact(p1: Point, p2: Point, p3: Point, p4: Point):
    """How the segment p1p2 meets the grid edge p3p4: None (not at all), True (it crosses the edge or runs
    along it, sharing more than a point), or the one grid vertex (p3 or p4) they share. A segment's ends are
    grid vertices, and a grid vertex lies on an edge only at its ends, so a single shared point is always
    one of the edge's ends."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = p1, p2, p3, p4
    vx, vy = x2 - x1, y2 - y1
    d1 = _cross(vx, vy, x3 - x1, y3 - y1)
    d2 = _cross(vx, vy, x4 - x1, y4 - y1)
    if d1 == 0 and d2 == 0:  # on one line: more than a point in common, one point, or none
        vv = vx * vx + vy * vy
        t3, t4 = vx * (x3 - x1) + vy * (y3 - y1), vx * (x4 - x1) + vy * (y4 - y1)
        lo, hi = max(min(t3, t4), 0), min(max(t3, t4), vv)
        if lo < hi:
            return True
        if lo > hi:
            return None
        return p3 if t3 == lo else p4
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
        return None
    d3 = _cross(x4 - x3, y4 - y3, x1 - x3, y1 - y3)
    d4 = _cross(x4 - x3, y4 - y3, x2 - x3, y2 - y3)
    if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
        return None
    if d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0:
        return True  # a proper crossing
    # One end of the edge lies on the segment's line, between or at its ends: the one shared point.
    return p3 if d1 == 0 else p4


def _side(u: Point, vertex: Point, hexes, offsets) -> frozenset:
    """Of the three spaces meeting at a grid vertex, the one direction u points into (strictly between its
    two sides there), or the two whose shared side u runs along. Cross products only: the integer drawing
    is an affine image of the regular one, so angles and lengths are not to be trusted, sides of a line are."""
    inside, along = [], []
    for h, (x, y) in hexes:
        corners = [(x + ox, y + oy) for ox, oy in offsets]
        n = corners.index(vertex)
        for other in (corners[n - 1], corners[(n + 1) % 6]):
            r = (other[0] - vertex[0], other[1] - vertex[1])
            if _cross(*r, *u) == 0 and r[0] * u[0] + r[1] * u[1] > 0:
                along.append(h)
        ra = (corners[n - 1][0] - vertex[0], corners[n - 1][1] - vertex[1])
        rb = (corners[(n + 1) % 6][0] - vertex[0], corners[(n + 1) % 6][1] - vertex[1])
        turn = _cross(*ra, *rb)
        if _cross(*ra, *u) * turn > 0 and _cross(*u, *rb) * turn > 0:
            inside.append(h)
    side = inside or along
    assert len(side) == (1 if inside else 2), (u, vertex, hexes)
    return frozenset(side)


def _joint(came: frozenset, goes: frozenset, around) -> tuple | None:
    """The test of INTERPRETATIONS.md at a vertex the segment touches at a single point: the side it comes
    from and the side it goes to must be joined across edges that are not walls. None when they share a
    space (always joined); else edges (e1, e2, e3) with: blocked iff e1 is a wall and (e2 or e3 is one).
    Of one space to another, e1 joins them and e2, e3 go round by the third; of one space to the two
    along whose shared side it goes (or back), e1 and e2 = e3 join it to each of them."""
    if came & goes:
        return None
    if len(came) == 1 and len(goes) == 1:
        (a,), (b,) = came, goes
        (c,) = set(around) - {a, b}
        return edge_key(a, b), edge_key(a, c), edge_key(c, b)
    one, two = (came, goes) if len(came) == 1 else (goes, came)
    (a,) = one
    b, c = sorted(two)
    return edge_key(a, b), edge_key(a, c), edge_key(a, c)


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


@record
class Geometry:
    """What the candidate segments from (0, 0) to (dq, dr) meet, for one orientation.

    segs: (from_corner, to_corner, from_vertex, to_vertex) relative to the source centre, in corner
    order, zero-length pairs and same-corner pairs left out; bit k of a mask stands for segs[k].
    edges: (edge code, mask of the segments crossing that grid edge or running along it).
    hexes: (hex code, relative hex, mask of the segments it is on, {segment: rank} for those segments,
    adjacent to the source) for every space other than source and target that some segment enters
    or runs along; equal ranks on one segment are a tie of first contact.
    joints: (e1, e2, e3, mask) edge codes: the segments of the mask touch a grid vertex at a single point
    (their end corners included) and are blocked there iff e1 is blocked and e2 or e3 is (`_joint`).
    """
    segs: tuple
    full: int
    edges: tuple
    hexes: tuple
    joints: tuple


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
    segment, rank, segment, rank, ...], then the joints flat (e1, e2, e3, mask, ...); `segs` and `full`
    follow from the offset, a hex's code from (q, r)."""
    edges = [x for pair in g.edges for x in pair]
    hexes = [[q, r, mask, int(near), *(x for pair in sorted(ranks.items()) for x in pair)]
             for _c, (q, r), mask, ranks, near in g.hexes]
    joints = [x for test in g.joints for x in test]
    return json.dumps([edges, hexes, joints], separators=(",", ":"))


def _decode(orientation: str, dq: int, dr: int, line: str) -> Geometry:
    edges, hexes, joints = json.loads(line)
    segs = _segments(orientation, dq, dr)
    pointy = orientation == "pointy"
    out = []
    for h in hexes:
        q, r = h[0], h[1]
        code = (2 * q + r) * _M + 3 * r if pointy else 3 * q * _M + 2 * r + q  # hex_code, inlined: once per hex
        out.append((code, (q, r), h[2], dict(zip(h[4::2], h[5::2])), h[3] == 1))
    it, jt = iter(edges), iter(joints)
    return Geometry(segs, (1 << len(segs)) - 1, tuple(zip(it, it)), tuple(out), tuple(zip(jt, jt, jt, jt)))


def _segments(orientation: str, dq: int, dr: int) -> tuple:
    """The candidate segments in corner order: every corner pair but the same corner of both and a zero-length
    one (adjacent spaces sharing the corner)."""
    layout = Layout(orientation)
    pc, qc = layout.corners((0, 0)), layout.corners((dq, dr))
    return tuple((i, j, pc[i], qc[j]) for i in range(6) for j in range(6) if i != j and pc[i] != qc[j])


def _hexform(orientation: str, dq: int, dr: int):
    """Straight from the integer drawing: the candidate corner pairs, and for each the spaces it enters
    or runs along (rank of first contact per pair), the grid edges it crosses or runs along, and the test
    at each grid vertex it touches at a single point (`_joint`; its own end corners included).

    Returns (pairs, on, edges, joints): pairs a tuple of (from_corner, to_corner); on {hex: {k: rank}};
    edges {(hex, hex) canonical: mask of k}; joints {(edge, edge, edge): mask of k}."""
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
    touched: dict = {}  # k -> the grid vertices segment k touches at a single point
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
                got = _contact(p, q, corners[e], corners[(e + 1) % 6])
                if got is True:
                    d = side_dir[e]
                    key = edge_key(h, (h[0] + d[0], h[1] + d[1]))
                    edges[key] = edges.get(key, 0) | bit
                elif got is not None:
                    touched.setdefault(k, set()).add(got)
            (ln, ld), (hn, hd) = span
            if ln * hd < hn * ld and h != src and h != tgt:
                on.setdefault(h, {})[k] = Fraction(ln, ld)
    for k in range(len(segs)):
        rank = {t: n for n, t in enumerate(sorted({ts[k] for ts in on.values() if k in ts}))}
        for ts in on.values():
            if k in ts:
                ts[k] = rank[ts[k]]
    return tuple((i, j) for i, j, _, _ in segs), on, edges, _joints(segs, touched, centres, offsets, tgt)


def _joints(segs, touched: dict, centres, offsets, tgt: Hex) -> dict:
    """{(e1, e2, e3): mask of the segments that test those edges at some vertex} (`_joint`). At its first
    corner a segment comes from its own space, at its last it goes into the target's (INTERPRETATIONS.md);
    elsewhere the sides are the spaces its direction, back and forth, points into."""
    around: dict = {}  # grid vertex -> the three spaces meeting there, with their centres
    for h, (x, y) in centres:
        for ox, oy in offsets:
            around.setdefault((x + ox, y + oy), []).append((h, (x, y)))
    out: dict = {}
    for k, points in touched.items():
        _i, _j, p, q = segs[k]
        u = (q[0] - p[0], q[1] - p[1])
        back = (-u[0], -u[1])
        for v in points:
            hexes = around[v]
            assert len(hexes) == 3, (v, hexes)
            came = frozenset({(0, 0)}) if v == p else _side(back, v, hexes, offsets)
            goes = frozenset({tgt}) if v == q else _side(u, v, hexes, offsets)
            test = _joint(came, goes, [h for h, _ in hexes])
            if test is not None:
                out[test] = out.get(test, 0) | (1 << k)
    return out


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


@cache
def _symmetries():
    """The twelve symmetries with their corner permutations: worked out when an offset beyond the shipped table
    is first drawn, which a turn almost never needs, not at import."""
    out, g = [], _IDENTITY
    for _ in range(6):
        for m in (g, _mul(g, _SWAP)):
            out.append((m, _corner_permutation(m)))
        g = _mul(_ROTATE, g)
    return tuple(out)


# flat drawing of (q, r) = the pointy drawing of (r, q) with x and y swapped; corner k <-> corner 3 - k
_FLAT = (_SWAP, tuple((3 - k) % 6 for k in range(6)))


def _transform(hf, g, perm):
    pairs, on, edges, joints = hf

    def image(e):
        return edge_key(_apply(g, e[0]), _apply(g, e[1]))

    return (tuple((perm[i], perm[j]) for i, j in pairs),
            {_apply(g, h): ts for h, ts in on.items()},
            {image(e): bits for e, bits in edges.items()},
            {tuple(image(e) for e in test): bits for test, bits in joints.items()})


def _symmetric_hexform(orientation: str, dq: int, dr: int):
    if orientation == "flat":
        return _transform(_symmetric_hexform("pointy", dr, dq), *_FLAT)
    symmetries = _symmetries()
    images = [(_apply(g, (dq, dr)), g) for g, _ in symmetries]
    canonical = min(h for h, _ in images)
    hf = _HEXFORM.get(canonical)
    if hf is None:
        hf = _HEXFORM[canonical] = _hexform("pointy", *canonical)
    for g, perm in symmetries:
        if _apply(g, canonical) == (dq, dr):
            return _transform(hf, g, perm)
    raise AssertionError("no lattice symmetry maps the canonical offset")  # pragma: no cover


def _finalize(orientation: str, dq: int, dr: int, hf) -> Geometry:
    """From hex form to lookup form: segments in corner order, integer codes for hexes and edges."""
    pairs, on, edges, joints = hf
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
        hexes.append((hex_code(orientation, h), h, mask, ranks, distance((0, 0), h) == 1))
    def code(e):
        return hex_code(orientation, e[0]) + hex_code(orientation, e[1])

    codes = sorted((code(e), remap(bits)) for e, bits in edges.items())
    tests: dict = {}
    for (e1, e2, e3), bits in joints.items():  # one order for edges playing the same part
        c1, c2, c3 = code(e1), *sorted((code(e2), code(e3)))
        if c2 == c3:  # e1 and e2: both blocked
            c1, c2 = sorted((c1, c2))
            c3 = c2
        tests[(c1, c2, c3)] = tests.get((c1, c2, c3), 0) | remap(bits)
    return Geometry(segs, (1 << len(segs)) - 1, tuple(codes), tuple(hexes),
                    tuple(sorted((*t, bits) for t, bits in tests.items())))

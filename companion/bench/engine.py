"""The engine section of `companion bench`: line of sight and attack spaces on a large mission map.

Issue 3 sets two targets on a 30x24 map (pointy, even rows shifted; columns
A..AD, rows 1..24) with 40 interior wall edges, 6 objects and 16 figures:
one line-of-sight query at map range 6 or less in 0.2 ms or less (median),
and one "attack spaces against every character within Move 6" query for one
adversary in 2 ms or less. The map is drawn from a seeded random generator,
so every run times the same map; it also has two doors (one closed, one
open) so that a map change can open and close one.

The engine derives what it needs once per map and once per board and keeps
it on the (immutable) instance, plus the segment geometry of each offset once
per process. At a table a map is built once per mission, so the measurements
with targets run on warm per-map caches; the `*_cold_map` ones time a freshly
built map's caches plus its first query, `geometry_cold_process` the
per-process geometry in a fresh interpreter, and `map_change` a change to the
map (an object destroyed, a door opened or closed) with the first queries on
the new map, each answer checked against a map built from scratch with the
same elements (RuntimeError if they differ: that would be a stale cache).

The adversary turns are timed warm (`turn_16x7`, `turn_30x24`: the room's
tables derived by an earlier turn) and cold (`*_cold`: each turn on a new map
object, none of its tables derived, as a map read anew or changed meets it);
`engine_import` is `import companion.phantom.turn` in a fresh interpreter, and `engine_import_own` the same with
the standard library it loads imported first (what the engine adds to `companion resolve`).

Every measurement is a named list of samples with an optional target, so
further ones (adversary turns, other maps) are one more entry in
`MEASUREMENTS`. Speed is reported, never asserted.
"""
from __future__ import annotations

import gc
import math
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Callable

from ..phantom.board import Board, Figure
from ..phantom.decision import DecisionDie
from ..phantom.hexmap import DIRECTIONS, Hex, HexMap, Layout, distance, edge
from ..phantom.paths import attack_spaces, reach
from ..phantom.sight import has_line_of_sight, sight
from ..phantom.sight_geometry import geometry
from ..phantom.turn import resolve_turn
from . import turns as bench_turns

SEED = 3  # the number: any fixed seed gives the same map every run
COLUMNS, ROWS = 30, 24
INTERIOR_WALLS = 40
WALL_RUN = 5  # walls come in zig-zag runs of this many edges, as printed walls do
OBJECTS = ("destructible", "destructible", "damaged", "indestructible", "indestructible", "indestructible")
DOORS = ("closed", "open")
CHARACTERS = 6
ADVERSARY_RANGES = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)
MAX_RANGE = 6  # sight queries are between spaces at map range 1..6
MOVE = 6
DIE = DecisionDie("red", "N", "E")


# -- the map ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Elements:
    """What a map is built from, kept so that a changed map can be rebuilt from scratch for comparison."""
    layout: Layout
    spaces: frozenset
    walls: tuple
    objects: dict
    doors: dict

    def build(self) -> HexMap:
        return HexMap.build(self.layout, self.spaces, walls=self.walls, objects=self.objects, doors=self.doors)

    def changed(self, kind: str, h: Hex, state: str) -> "Elements":
        if kind == "object":
            return Elements(self.layout, self.spaces, self.walls, {**self.objects, h: state}, self.doors)
        return Elements(self.layout, self.spaces, self.walls, self.objects, {**self.doors, h: state})


def _wall_runs(rng: random.Random, spaces: frozenset, count: int) -> tuple:
    """`count` distinct interior wall edges in zig-zag runs: walking a row of spaces in direction d, the
    run separates it from the parallel row one step away in the next direction (each edge shares a corner
    with the one before)."""
    edges: list = []
    seen: set = set()
    ordered = sorted(spaces)
    while len(edges) < count:
        h = rng.choice(ordered)
        k = rng.randrange(6)
        d, side = DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]
        run = []
        for i in range(WALL_RUN):
            a = (h[0] + i * d[0], h[1] + i * d[1])
            b = (a[0] + side[0], a[1] + side[1])
            c = (a[0] + d[0], a[1] + d[1])
            run += [(a, b), (b, c)]
        for a, b in run[:WALL_RUN]:
            key = edge(a, b)
            if len(edges) < count and a in spaces and b in spaces and key not in seen:
                seen.add(key)
                edges.append(key)
    return tuple(edges)


def build_elements(seed: int = SEED, columns: int = COLUMNS, rows: int = ROWS, walls: int = INTERIOR_WALLS,
                   objects=OBJECTS, doors=DOORS) -> Elements:
    rng = random.Random(seed)
    layout = Layout("pointy", "even")
    spaces = frozenset(layout.from_offset(c, r) for r in range(rows) for c in range(columns))
    wall_edges = _wall_runs(rng, spaces, walls)
    free = sorted(spaces)
    rng.shuffle(free)
    placed_objects = {free.pop(): state for state in objects}
    placed_doors = {free.pop(): state for state in doors}
    return Elements(layout, spaces, wall_edges, placed_objects, placed_doors)


def place_figures(rng: random.Random, board_map: HexMap, characters: int = CHARACTERS,
                  adversary_ranges=ADVERSARY_RANGES) -> tuple[Figure, ...]:
    """Characters and adversaries on distinct empty spaces, never on a door (a door may be closed)."""
    bare = Board(board_map)
    free = sorted(h for h in board_map.spaces if bare.is_empty(h) and h not in board_map.door_states)
    spots = rng.sample(free, characters + len(adversary_ranges))
    figures = [Figure(f"C{n + 1}", "character", spots[n], range=rng.randint(1, 3)) for n in range(characters)]
    figures += [Figure(f"A{n + 1}", "adversary", spots[characters + n], color=("red", "yellow")[n % 2],
                       range=r)
                for n, r in enumerate(adversary_ranges)]
    return tuple(figures)


@dataclass
class Scene:
    elements: Elements
    map: HexMap  # the timed map: its per-map caches fill as the measurements run, as during a mission
    twin: HexMap  # the same map built again, for drawing pairs without warming the timed map's caches
    figures: tuple
    rng: random.Random

    @property
    def adversaries(self) -> list[Figure]:
        return [f for f in self.figures if f.side == "adversary"]

    @property
    def characters(self) -> list[Figure]:
        return [f for f in self.figures if f.side == "character"]

    def pairs(self, n: int, avoid: set, from_adversaries: bool = True) -> list[tuple[Hex, Hex]]:
        """`n` distinct (source, target) pairs at map range 1..MAX_RANGE, none in `avoid` (which grows):
        every other one starts at an adversary while such pairs last (so the adversary's choice of line is
        made too), the others start anywhere."""
        spaces = sorted(self.twin.spaces)
        pool = []
        if from_adversaries:
            pool = [(f.at, h) for f in self.adversaries
                    for h, d in sorted(self.twin.ranges_from(f.at, MAX_RANGE).items()) if d >= 1]
            self.rng.shuffle(pool)
        out = []
        for _ in range(100 * n + 1000):
            if len(out) == n:
                return out
            if pool and len(out) % 2 == 0:
                pair = pool.pop()
            else:
                a = self.rng.choice(spaces)
                near = sorted(h for h, d in self.twin.ranges_from(a, MAX_RANGE).items() if d >= 1)
                if not near:
                    continue
                pair = (a, self.rng.choice(near))
            if pair not in avoid:
                avoid.add(pair)
                out.append(pair)
        raise ValueError(f"bench: could not draw {n} new pairs of spaces at range 1-{MAX_RANGE}; scale too large")


def scene(seed: int = SEED) -> Scene:
    elements = build_elements(seed)
    m = elements.build()
    rng = random.Random(seed + 1)
    return Scene(elements, m, elements.build(), place_figures(rng, m), rng)


# -- the queries ---------------------------------------------------------------------------------------

def attack_query(board: Board, adversary: Figure) -> dict:
    """Where `adversary` can attack each character from, within one Move of 6 MP."""
    r = reach(board, adversary, "move", MOVE)
    ends = r.ends()
    return {ch.id: attack_spaces(board, adversary, ch.at, adversary.range, within=ends)
            for ch in board.figures if ch.side == "character"}


def warm_process_geometry(orientation: str, max_range: int = MAX_RANGE) -> None:
    """The segment geometry of every offset within `max_range`, once per process: read from the shipped table
    within sight.TABLE_RANGE, drawn beyond it."""
    for dq in range(-max_range, max_range + 1):
        for dr in range(-max_range, max_range + 1):
            if 0 < distance((0, 0), (dq, dr)) <= max_range:
                geometry(orientation, dq, dr)


def _timed(fn: Callable[[], object]) -> int:
    t0 = time.perf_counter_ns()
    fn()
    return time.perf_counter_ns() - t0


# -- the measurements: each returns (samples in ns, what is timed) -------------------------------------

def _sight_query(sc: Scene, n: int, used: set):
    board = Board(sc.map, sc.figures)
    pairs = sc.pairs(n, used)
    samples = [_timed(lambda a=a, b=b: sight(board, a, b, DIE)) for a, b in pairs]
    return samples, ("sight(board, a, b, die): every line and what lies on it, with the adversary's choice when a "
                     "is an adversary (every other pair); a different pair at map range 1-6 each sample; warm map")


def _line_of_sight_bool(sc: Scene, n: int, used: set):
    pairs = sc.pairs(n, used, from_adversaries=False)
    samples = [_timed(lambda a=a, b=b: has_line_of_sight(sc.map, a, b)) for a, b in pairs]
    return samples, "has_line_of_sight(map, a, b); a different pair at map range 1-6 each sample; warm map"


def _sight_query_cold_map(sc: Scene, n: int, used: set):
    samples = []
    for a, b in sc.pairs(n, used):
        m = sc.elements.build()
        samples.append(_timed(lambda: sight(Board(m, sc.figures), a, b, DIE)))
    return samples, ("Board(map, figures) + the first sight(...) on a freshly built map (HexMap.build itself not "
                     "timed): its per-map caches are derived here; per-process geometry warm")


def _boards(sc: Scene, n: int) -> list[tuple[Board, Figure]]:
    """`n` (board, adversary) pairs: the figures placed anew on the same map each time (as they move during a
    mission), the adversary taken in turn."""
    out = []
    for i in range(n):
        figures = sc.figures if i == 0 else place_figures(sc.rng, sc.twin)
        adversaries = [f for f in figures if f.side == "adversary"]
        out.append((figures, adversaries[i % len(adversaries)].id))
    return [(Board(sc.map, figures), next(f for f in figures if f.id == fid)) for figures, fid in out]


def _attack_spaces_move6(sc: Scene, n: int, used: set):
    samples = [_timed(lambda b=b, adv=adv: attack_query(b, adv)) for b, adv in _boards(sc, n)]
    return samples, ("reach(board, adversary, 'move', 6), then attack_spaces(board, adversary, character, range, "
                     "within=ends) for each of the 6 characters; the figures placed anew each sample (the board's "
                     "caches cold), the adversary in turn; warm map")


def _attack_spaces_move6_cold_map(sc: Scene, n: int, used: set):
    samples = []
    for i in range(n):
        m = sc.elements.build()
        adv = sc.adversaries[i % len(sc.adversaries)]
        samples.append(_timed(lambda: attack_query(Board(m, sc.figures), adv)))
    return samples, ("Board(map, figures) + the first attack query (as attack_spaces_move6) on a freshly built map "
                     "(HexMap.build itself not timed)")


@dataclass(frozen=True)
class _Change:
    kind: str  # object / door
    at: Hex
    state: str
    pair: tuple  # a sight query whose answer the change alters


def _changes(sc: Scene) -> list[_Change]:
    """Every destructible object destroyed, the closed door opened, the open one closed; each with a pair of
    spaces near it whose sight answer differs before and after (found on scratch maps, untimed)."""
    el = sc.elements
    wanted = [("object", h, "destroyed") for h, s in sorted(el.objects.items()) if s in ("destructible", "damaged")]
    wanted += [("door", h, "open" if s == "closed" else "closed") for h, s in sorted(el.doors.items())]
    before = Board(sc.twin, sc.figures)
    out = []
    for kind, h, state in wanted:
        after = Board(el.changed(kind, h, state).build(), sc.figures)
        near = sorted(x for x in el.spaces if distance(h, x) <= 3)  # a closed door has no open side
        pair = next(((a, b) for a in near for b in near
                     if 1 <= distance(a, b) <= MAX_RANGE and sight(before, a, b, DIE) != sight(after, a, b, DIE)),
                    None)
        if pair is None:
            raise RuntimeError(f"bench: no sight query near {sc.twin.label(h)} is altered by the {kind} change")
        out.append(_Change(kind, h, state, pair))
    return out


def _map_change(sc: Scene, n: int, used: set):
    changes = _changes(sc)
    base = sc.map
    samples = []
    for i in range(n):
        ch = changes[i % len(changes)]
        a, b = ch.pair
        adversary = min(sc.adversaries, key=lambda f: (distance(f.at, ch.at), f.id))  # the one the change concerns most
        got = {}

        def change_and_ask():
            m = base.with_object(ch.at, ch.state) if ch.kind == "object" else base.with_door(ch.at, ch.state)
            board = Board(m, sc.figures)
            got["sight"] = sight(board, a, b, DIE)
            got["attack"] = attack_query(board, adversary)

        samples.append(_timed(change_and_ask))
        scratch = Board(sc.elements.changed(ch.kind, ch.at, ch.state).build(), sc.figures)
        if got["sight"] != sight(scratch, a, b, DIE) or got["attack"] != attack_query(scratch, adversary):
            raise RuntimeError(f"bench: after the {ch.kind} at {base.label(ch.at)} became {ch.state}, the answer "
                               "differs from a map built from scratch with the same elements (a stale cache)")
    return samples, ("a destructible object destroyed or a door opened/closed (HexMap.with_object / with_door) on "
                     "the warm map, a new Board, then one sight query the change alters and one attack query as "
                     "attack_spaces_move6; each answer checked against a map built from scratch")


_COLD_PROCESS = """
import sys, time
sys.path.insert(0, {root!r})
from companion.bench.engine import warm_process_geometry
t0 = time.perf_counter_ns()
warm_process_geometry("pointy")
print(time.perf_counter_ns() - t0)
"""


def _geometry_cold_process(sc: Scene, n: int, used: set):
    root = str(Path(__file__).resolve().parent.parent.parent)
    samples = []
    for _ in range(n):
        out = subprocess.run([sys.executable, "-c", _COLD_PROCESS.format(root=root)], capture_output=True,
                             text=True, check=True)
        samples.append(int(out.stdout.strip().splitlines()[-1]))
    return samples, ("in a fresh interpreter, the segment geometry of every offset at range 1-6 (read from the "
                     "shipped table, data/phantom-epoch/sight-geometry.bin, once per process and shared by every map; "
                     "warm in all the other measurements)")


def _turns_16x7(sc: Scene, n: int, used: set):
    scenarios = bench_turns.room_turns(n)
    warm_process_geometry("pointy", sum(bench_turns.ROOM))  # every offset a room has, as a served process would
    for warm in bench_turns.room_turns(0, seed=40, rooms_from=scenarios):
        resolve_turn(warm)  # each room's first turn of the mission, untimed
    samples = [_timed(lambda s=s: resolve_turn(s)) for s in scenarios]
    return samples, (f"resolve_turn(scenario): one adversary turn (target, Move / Leap / Move+Leap / Retreat / "
                     f"multi-target / converted cards, sight, explanation) on {bench_turns.room_count(n)} seeded 16x7 rooms "
                     "with walls, hazards, difficult terrain, objects, 4-9 figures; each room warmed by one other turn")


def _turns_16x7_range7(sc: Scene, n: int, used: set):
    scenarios = bench_turns.long_range_turns(n)
    warm_process_geometry("pointy", sum(bench_turns.ROOM))
    for warm in bench_turns.long_range_turns(max(1, n // bench_turns.TURNS_PER_ROOM), seed=70):
        resolve_turn(warm)
    samples = [_timed(lambda s=s: resolve_turn(s)) for s in scenarios]
    return samples, (f"resolve_turn(scenario) of a range-{bench_turns.LONG_RANGE} archer (Move + ranged Attack or "
                     "two-target Volley, three characters at range 8-13) in seeded 16x7 rooms; geometry warm")


def _turns_30x24(sc: Scene, n: int, used: set):
    scenarios = bench_turns.big_map_turns(sc.map, sc.figures, n)
    samples = [_timed(lambda s=s: resolve_turn(s)) for s in scenarios]
    return samples, ("resolve_turn(scenario) on the 30x24 map above, its 16 figures placed anew each turn, varied "
                     "cards as for turn_16x7; warm map")


def fresh_map(m: HexMap) -> HexMap:
    """The same map as a new object with none of its derived tables: what a turn meets on a map read anew."""
    return HexMap(**{f.name: getattr(m, f.name) for f in fields(HexMap)})


def _cold(scenarios: list) -> list:
    return [replace(s, board=Board(fresh_map(s.board.map), s.board.figures)) for s in scenarios]


def _turns_16x7_cold(sc: Scene, n: int, used: set):
    warm_process_geometry("pointy", sum(bench_turns.ROOM))
    cold = _cold(bench_turns.room_turns(n))
    samples = [_timed(lambda s=s: resolve_turn(s)) for s in cold]
    return samples, ("resolve_turn(scenario) as turn_16x7, each on a new map object (none of its tables derived: "
                     "adjacency, blocked edges, movement tables, labels); per-process geometry warm")


def _turns_30x24_cold(sc: Scene, n: int, used: set):
    cold = _cold(bench_turns.big_map_turns(sc.map, sc.figures, n))
    samples = [_timed(lambda s=s: resolve_turn(s)) for s in cold]
    return samples, "resolve_turn(scenario) as turn_30x24, each on a new map object; per-process geometry warm"


_IMPORT = """
import time
t0 = time.perf_counter_ns()
import companion.phantom.turn
print(time.perf_counter_ns() - t0)
"""


# The standard library the engine's import loads, imported first: what is left is the engine's own modules,
# as `companion resolve` meets them (its command line has loaded dataclasses, json and typing before).
_STDLIB_FIRST = """
import sys
before = set(sys.modules)
import companion.phantom.turn
print(" ".join(sorted(m for m in set(sys.modules) - before if m.split(".")[0] in sys.stdlib_module_names)))
"""


def _fresh(code: str) -> str:
    """What `code` prints in a fresh interpreter, run as an installed copy runs: its bytecode cached (the
    first run writes it if it may)."""
    root = str(Path(__file__).resolve().parent.parent.parent)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = root
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                          cwd=root).stdout


def _fresh_import(code: str, n: int) -> list[int]:
    _fresh(code)  # untimed: the bytecode written
    return [int(_fresh(code).strip().splitlines()[-1]) for _ in range(n)]


def _engine_import(sc: Scene, n: int, used: set):
    return _fresh_import(_IMPORT, n), ("in a fresh interpreter, `import companion.phantom.turn` and all it pulls "
                                       "in, the standard library's dataclasses (and its inspect), json and typing "
                                       "included; bytecode cached")


def _engine_import_own(sc: Scene, n: int, used: set):
    first = "".join(f"import {m}\n" for m in _fresh(_STDLIB_FIRST).split()
                    if not m.startswith("_") and "." not in m)
    return _fresh_import(first + _IMPORT, n), ("as engine_import, with the standard library modules it loads "
                                               "imported first (untimed): the engine's own modules, as "
                                               "`companion resolve` meets them")


def _round_16x7(sc: Scene, n: int, used: set):
    rounds = bench_turns.round_boards(n)
    samples = []
    for board, die, turns in rounds:
        bench_turns.play_round(board, die, turns[:1])  # the room's first turn, untimed
        samples.append(_timed(lambda: bench_turns.play_round(board, die, turns)))
    return samples, ("a whole round: 12 adversaries and a boss resolve their turns one after the other, each on the "
                     "board the previous one left, in a 16x7 room with 4 characters")


@dataclass(frozen=True)
class Measurement:
    name: str
    samples: int  # at scale 1
    target_median_ms: float | None
    run: Callable  # (scene, n, used pairs) -> (samples in ns, what is timed)
    target_p90_ms: float | None = None


MEASUREMENTS = (
    Measurement("sight_query", 500, 0.2, _sight_query),
    Measurement("line_of_sight_bool", 500, None, _line_of_sight_bool),
    Measurement("sight_query_cold_map", 20, None, _sight_query_cold_map),
    Measurement("attack_spaces_move6", 100, 2.0, _attack_spaces_move6),
    Measurement("attack_spaces_move6_cold_map", 10, None, _attack_spaces_move6_cold_map),
    Measurement("map_change", 20, None, _map_change),
    Measurement("geometry_cold_process", 1, None, _geometry_cold_process),
    Measurement("turn_16x7", 400, 1.0, _turns_16x7, target_p90_ms=3.0),
    Measurement("turn_16x7_range7", 200, None, _turns_16x7_range7),
    Measurement("turn_30x24", 60, 3.0, _turns_30x24),
    # issue 37: a cold turn at least 2x faster than before its tables were derived in one pass (16x7 2.6-3.3 ms,
    # 30x24 11-15 ms then), and the engine's import in at most 25 ms
    Measurement("turn_16x7_cold", 200, 1.5, _turns_16x7_cold),
    Measurement("turn_30x24_cold", 40, 6.0, _turns_30x24_cold),
    Measurement("engine_import", 7, 25.0, _engine_import),
    Measurement("engine_import_own", 7, None, _engine_import_own),
    Measurement("round_16x7", 10, 40.0, _round_16x7),
)


def sample_count(measurement: Measurement, scale: float) -> int:
    return max(1, round(measurement.samples * scale))


def _summary(m: Measurement, samples_ns: list[int], what: str) -> dict:
    ms = sorted(s / 1e6 for s in samples_ns)
    p90 = ms[max(0, math.ceil(0.9 * len(ms)) - 1)]
    return {"name": m.name, "median_ms": round(statistics.median(ms), 4), "p90_ms": round(p90, 4),
            "max_ms": round(ms[-1], 4), "n": len(ms), "target_median_ms": m.target_median_ms,
            "target_p90_ms": m.target_p90_ms, "what": what}


def run(scale: float = 1.0, seed: int = SEED) -> dict:
    """Every measurement in `MEASUREMENTS` with its sample count times `scale`; a JSON-ready dict."""
    if not scale > 0:
        raise ValueError(f"bench: the engine scale must be more than 0, not {scale!r}")
    sc = scene(seed)
    warm_process_geometry(sc.map.layout.orientation)
    # A mission's map is built once: one untimed query of each kind derives its caches, as the first turn would.
    warm_board = Board(sc.map, sc.figures)
    used: set = set()
    a, b = sc.pairs(1, used)[0]
    sight(warm_board, a, b, DIE)
    attack_query(warm_board, sc.adversaries[0])
    results = []
    for m in MEASUREMENTS:
        gc.collect()  # what the previous measurement left is not this one's cost
        samples, what = m.run(sc, sample_count(m, scale), used)
        results.append(_summary(m, samples, what))
    el = sc.elements
    return {
        "map": {"size": f"{COLUMNS}x{ROWS}", "layout": "pointy, even rows shifted", "spaces": len(el.spaces),
                "interior_walls": len(el.walls), "objects": len(el.objects), "doors": len(el.doors),
                "figures": len(sc.figures), "characters": len(sc.characters), "adversaries": len(sc.adversaries),
                "seed": seed},
        "scale": scale,
        "results": results,
        "all_within_target": not _over(results),
        "over_target": _over(results),
    }


def _over(results: list[dict]) -> list[str]:
    """Names of the measurements over a target: `name` for the median, `name:p90` for the 90th percentile."""
    out = []
    for r in results:
        if r["target_median_ms"] is not None and r["median_ms"] > r["target_median_ms"]:
            out.append(r["name"])
        if r["target_p90_ms"] is not None and r["p90_ms"] > r["target_p90_ms"]:
            out.append(f"{r['name']}:p90")
    return out

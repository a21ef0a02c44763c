"""The preview section of `companion bench` (issue 28): what every adversary would do now, on the 30x24 sample map.

Issue 28 sets the target: all previews for the 12 adversaries of the mission table's bench mission (4 characters
and 12 Grallok on great-hall-30x24.json, round 1, the first character's turn) in 50 ms or less of server time,
the engine's per-map tables built once per mission. Timed, each sample on a new board (the character moved
between two spaces, as after a tap), the map kept as a mission keeps it:
- `previews_12_adversaries`: the engine's `preview` (every plan and every danger), the reported figure;
- `previews_first_on_a_new_map`: the same on a map read anew, its tables built (once per mission, or per door);
- `destination_12_adversaries`: a space held for the character (who could attack it, whose target switches);
- `preview_layer_request`: GET /table/<id>/preview through the app after a move (the preview and its drawing).
Reported, never asserted.
"""
from __future__ import annotations

import json
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from ..phantom import play as rules
from ..phantom.play import correct_space, destination, preview
from ..schemas.files.scenario import load_scenario
from ..store import mission_table as store
from .mission_table import SAMPLE, bench_mission
from .timing import Timer, connection, scratch_app, summary

TARGET_MEDIAN_MS = 50
SPACES = ("B-21", "B-20")  # where the first character (c1, on B-22) is put, in turn


def _ms(f) -> float:
    t0 = time.perf_counter()
    f()
    return (time.perf_counter() - t0) * 1000


def run(repeat: int = 30) -> dict:
    data = Path(__file__).resolve().parents[2] / "data" / "phantom-epoch"
    m = rules.start_next_turn(bench_mission(data)).mission
    adversaries = len(preview(m).adversaries)  # untimed: the map's tables built, as the mission's first preview
    moved = [correct_space(m, "c1", SPACES[i % 2]).mission for i in range(repeat)]
    warm = [_ms(lambda x=x: preview(x)) for x in moved]
    held = [_ms(lambda x=x: destination(x, "c1", "D-20")) for x in moved]
    cold = []
    for i in range(repeat):
        fresh = load_scenario(json.loads((data / "maps" / SAMPLE).read_text(encoding="utf-8"))).board.map
        x = correct_space(m, "c1", SPACES[i % 2]).mission
        x = replace(x, board=replace(x.board, map=fresh))
        cold.append(_ms(lambda x=x: preview(x)))
    results = [summary("previews_12_adversaries", "preview", "preview(mission): 12 plans and dangers, new board", warm),
               summary("previews_first_on_a_new_map", "preview", "preview(mission) on a map read anew", cold),
               summary("destination_12_adversaries", "preview", "destination(mission, c1, D-20)", held),
               summary("preview_layer_request", "preview", "GET /table/<id>/preview after a move", _requests(m, repeat))]
    return {"map": SAMPLE, "adversaries": adversaries, "target_median_ms": TARGET_MEDIAN_MS, "results": results,
            "within_target": results[0]["median_ms"] <= TARGET_MEDIAN_MS}


def _requests(m, repeat: int) -> list[float]:
    """The preview layer as the tablet asks for it after each move: a correction between samples, untimed."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-preview-") as tmp:
        app = scratch_app(tmp)
        with connection(app) as db:
            mid = store.JOURNAL.create(db, {"name": "Great hall (preview bench)"}, m, "Set up the bench mission")
        timer = Timer(app.test_client())
        out = []
        for i in range(2 + repeat):
            with connection(app) as db:
                store.JOURNAL.change(db, mid, lambda x, i=i: correct_space(x, "c1", SPACES[i % 2]))
            ms = timer("GET", f"/table/{mid}/preview")
            if i >= 2:  # two warm-up requests: the templates compiled, the map drawn
                out.append(ms)
        return out

"""The map editor section of `companion bench`: painting on the 30x24 sample map through the app.

Issue 5 sets the target: painting a space or an edge answers in 30 ms or less
(median server time) on the 30x24 sample map. Each request is timed through
the app's test client on a scratch instance, with the htmx header, as the
tablet sends it; the answer is the whole redrawn map. Painting alternates
with its opposite (a hazard and clearing it, a wall and taking it away), so
every sample paints on the same map. Speed is reported, never asserted.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from ..db import connect
from ..store import maps as store
from .timing import HTMX, Timer, scratch_app, summary

TARGET_MEDIAN_MS = 30
SAMPLE = "great-hall-30x24.json"


def run(repeat: int = 30) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-bench-maps-") as tmp:
        app = scratch_app(tmp)
        doc = json.loads((Path(app.config["DATA_DIR"]) / "phantom-epoch" / "maps" / SAMPLE).read_text())
        db = connect(app.config["DATABASE"])
        try:
            map_id = store.import_doc(db, "Great hall (bench)", doc)
        finally:
            db.conn.close()
        base = f"/maps/{map_id}"
        timer = Timer(app.test_client())

        def shown() -> int:  # the version the editor shows: every paint and undo carries it
            db = connect(app.config["DATABASE"])
            try:
                return store.JOURNAL.version(db, map_id)
            finally:
                db.conn.close()

        steps = {
            "paint_space": lambda i: timer("POST", f"{base}/paint", headers=HTMX,
                                           data={"tool": "fire" if i % 2 == 0 else "clear", "spaces": ["H-11"],
                                                 "version": shown()}),
            "paint_stroke_6_spaces": lambda i: timer("POST", f"{base}/paint", headers=HTMX, data={
                "tool": "difficult" if i % 2 == 0 else "clear", "spaces": [f"{c}-14" for c in "QRSTUV"],
                "version": shown()}),
            "paint_edge": lambda i: timer("POST", f"{base}/walls", headers=HTMX,
                                          data={"wall": "wall" if i % 2 == 0 else "nowall", "edges": ["H-11|I-11"],
                                                "version": shown()}),
            "undo": lambda i: timer("POST", f"{base}/undo", headers=HTMX, data={"version": shown()}),
            "editor_page": lambda i: timer("GET", base),
        }
        samples: dict[str, list[float]] = {name: [] for name in steps}
        for i in range(2):  # warm-up: templates compiled, grid drawing cached
            for step in steps.values():
                step(i)
        for i in range(repeat):
            for name, step in steps.items():
                samples[name].append(step(i))
        results = [summary(name, "map-editor", name.replace("_", " "), samples[name]) for name in steps]
    painting = [r for r in results if r["name"].startswith("paint")]
    return {"map": SAMPLE, "target_median_ms": TARGET_MEDIAN_MS, "results": results,
            "all_within_target": all(r["median_ms"] <= TARGET_MEDIAN_MS for r in painting),
            "over_target": [r["name"] for r in painting if r["median_ms"] > TARGET_MEDIAN_MS]}

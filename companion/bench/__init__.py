"""`companion bench`: the app's speed, one module per section of its JSON answer; speed is reported, never
asserted.

- engine: line of sight, attack spaces and adversary turns on mission maps (no database), its varied turns
  drawn by `turns`;
- filling + pages: a scratch database filled with played campaigns, then every page of one, its htmx
  fragment and the main actions, and a Lost Empires and an Aldarra Reborn game's;
- map_editor: painting on the 30x24 sample map;
- mission_table: tapping, moving and an adversary turn during a mission on that map;
- preview: what every adversary of that mission would do now, and the danger layer (issue 28);
- mission_browser: the same taps in chromium, tap to repaint and answer size, and again with the CPU slowed
  4x; a second tablet's follow delay and an idle tablet's requests a minute (issue 36) (a note without chromium);
- tap_count: the taps a scripted round of four characters on Crossfire takes through the page's controls;
- process: `companion resolve` as a whole process beside the bare interpreter's start-up;
- start_up: the server's start-up on that scratch database with one campaign damaged (issue 35);
- first_round: a newcomer's taps and typing from an empty instance to round 1 begun, three ways (issue 34);
- journal_size: the bytes a 20-round mission adds to the database and a 30-mission campaign's backup (issue 35);
- labels: overlapping figure labels on every sample map with a figure on every space (issue 36; a count).

`timing` holds what the app sections share. The sections import nothing from this package's __init__, and
Playwright only inside the functions that drive chromium (docs/ARCHITECTURE.md, "Lazy imports").
"""
from __future__ import annotations

import json
import platform
import sqlite3
import tempfile
import time
from pathlib import Path

from ..store import backups
from . import (
    engine, first_round, journal_size, labels, map_editor, mission_browser, mission_table, pages, preview, process,
    start_up, tap_count,
)
from .filling import describe, fill
from .timing import scratch_app

TARGET_MEDIAN_MS = pages.TARGET_MEDIAN_MS


def run(campaigns: int = 50, characters: int = 8, history: int = 500, repeat: int = 30,
        engine_scale: float = 1.0) -> str:
    """Time the engine (its sample counts times `engine_scale`), then fill a scratch database and time the
    pages, fragments and actions, the map editor, the mission table and the resolve command; JSON text."""
    if campaigns < 1 or characters < 2 or history < 1 or repeat < 1:
        raise ValueError("bench: campaigns, history and repeat must be 1 or more, characters 2 or more "
                         "(a mission needs a party of two, p.8)")
    if not engine_scale > 0:
        raise ValueError(f"bench: engine_scale must be more than 0, not {engine_scale!r}")
    # The engine first, in a process like a freshly started server: the scratch database's fill leaves a
    # heap whose collection pauses would be timed as the engine's.
    engine_section = engine.run(engine_scale)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        app = scratch_app(tmp)
        t0 = time.perf_counter()
        ids = fill(app, campaigns, characters, history)
        fill_seconds = time.perf_counter() - t0
        for _ in range(3):  # the backups page lists what a few mission results left behind
            backups.take(Path(app.config["DATABASE"]), "mission-result")
        dataset = describe(app, ids, campaigns, characters, history, fill_seconds)
        results = pages.measure(app, dataset["campaign_id"], dataset["character_id"], repeat)
        start_up_section = start_up.run(app, dataset["campaign_id"])
    map_editor_section = map_editor.run(repeat)
    mission_table_section = mission_table.run(repeat)
    preview_section = preview.run(repeat)
    mission_browser_section = mission_browser.run(repeat)
    tap_count_section = tap_count.run()
    return json.dumps({
        "dataset": dataset, "repeat": repeat, "target_median_ms": TARGET_MEDIAN_MS, "results": results,
        "all_within_target": all(r["median_ms"] <= TARGET_MEDIAN_MS for r in results),
        "over_target": [f"{r['kind']}:{r['name']}" for r in results if r["median_ms"] > TARGET_MEDIAN_MS],
        "engine": engine_section, "map_editor": map_editor_section, "mission_table": mission_table_section,
        "preview": preview_section,
        "mission_browser": mission_browser_section, "tap_count": tap_count_section,
        "first_round": first_round.run(), "start_up": start_up_section, "journal_size": journal_size.run(),
        "labels": labels.run(),
        "cli": process.run(),
        "python": platform.python_version(), "sqlite": sqlite3.sqlite_version,
    }, indent=2, ensure_ascii=False)

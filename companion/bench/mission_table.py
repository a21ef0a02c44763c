"""The mission table section of `companion bench` (issue 6): map interactions during a mission.

Issue 6 sets the target: tapping a space, moving a figure and resolving an adversary turn answer in
50 ms or less (median server time) on the 30x24 sample map with 16 figures. A scratch instance holds
one mission on that map: 4 characters and 12 Grallok (the set-up's 4 and 8 more placed as a mission
would, p.26), the sample cards, round 1 under way. Each request goes through the app's test client
with the htmx header, as the tablet sends it, and answers with the whole redrawn mission page. A move
alternates between two spaces; the adversary turn timed is the first whose plan attacks (the sample map's
archer at H-19 shoots at a character), applied from the dice its plan asks for, then undone (the undo
timed apart), so every sample resolves the same turn. Reported, never asserted.
"""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from ..db import connect
from ..phantom import play as rules
from ..phantom.decision import DecisionDie
from ..phantom.play import start_next_turn
from ..phantom.turn import resolve_turn
from ..schemas.content.mission_setup import set_up_content
from ..schemas.files.scenario import load_scenario
from ..store import mission_table as store
from ..store.cards import samples
from ..web.mission_page import plan
from .timing import HTMX, Timer, scratch_app, summary

TARGET_MEDIAN_MS = 50
SAMPLE = "great-hall-30x24.json"
MORE = (("Grallok Sentry", "R-8"), ("Grallok Sentry", "M-10"), ("Grallok Archer", "V-15"), ("Grallok Archer", "Z-5"),
        ("Grallok Sentry", "H-18"), ("Grallok Archer", "H-19"), ("Grallok Sentry", "K-6"), ("Grallok Archer", "S-12"))
FACE = {"attack": "attack:2", "accuracy": "accuracy:success"}


def bench_mission(data: Path):
    hexmap = load_scenario(json.loads((data / "maps" / SAMPLE).read_text(encoding="utf-8"))).board.map
    party = [rules.Embarking(f"c{i}", f"Character {i}", "Human", max_ap=6, max_hp=10, color=color)
             for i, color in enumerate(("dark-blue", "light-blue", "red", "yellow"), 1)]
    m = rules.set_up("bench", hexmap, 2, party, rng=random.Random(6), **set_up_content(samples(data), hexmap, 2)).mission
    for c, at in zip(party, ("B-22", "C-22", "D-22", "E-22")):
        m = rules.place_character(m, c.id, at).mission
    for type_, at in MORE:
        m = rules.place_adversary(m, type_, at).mission
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    for i, c in enumerate(party):
        m = rules.select_cards(m, c.id, [("Cards", 2 + i)]).mission
    return rules.reveal(m).mission


def to_adversary(app, mid: int) -> dict:
    """Play on to the first adversary whose plan attacks (it asks for dice), the others moving: the dice its
    plan asks for, as the form's roll_N fields."""
    db = connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, mid, rules.end_turn)
        while True:
            store.JOURNAL.change(db, mid, rules.start_next_turn)
            now = store.JOURNAL.get(db, mid).mission
            if now.figure(now.round.current).side == "character":
                store.JOURNAL.change(db, mid, rules.end_turn)
                continue
            rolls = {f"roll_{n}": FACE[kind] for n, (_, _, kind) in enumerate(plan(now)["to_roll"], 1)}
            if rolls or rules.turn_order(now).upcoming == ():
                return rolls
            store.JOURNAL.change(db, mid, lambda x: rules.apply_adversary_turn(
                x, resolve_turn(rules.adversary_scenario(x))))
    finally:
        db.conn.close()


def run(repeat: int = 30) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-bench-table-") as tmp:
        app = scratch_app(tmp)
        m = bench_mission(Path(app.config["DATA_DIR"]) / "phantom-epoch")
        db = connect(app.config["DATABASE"])
        try:
            mid = store.JOURNAL.create(db, {"name": "Great hall (bench)"}, m, "Set up the bench mission")
            # the first turn is a character's (initiative 2): its moves are the map taps
            store.JOURNAL.change(db, mid, start_next_turn)
        finally:
            db.conn.close()
        base = f"/table/{mid}"
        timer = Timer(app.test_client())
        figures = len(m.board.figures)

        def move(i):
            return timer("POST", f"{base}/do/move", headers=HTMX,
                         data={"figure": "c1", "space": "B-21" if i % 2 == 0 else "B-22", "version": seen()})

        def seen():
            db = connect(app.config["DATABASE"])
            try:
                return store.JOURNAL.version(db, mid)
            finally:
                db.conn.close()

        samples: dict[str, list[float]] = {"tap_space_move_figure": [], "mission_page": [], "poll_unchanged": [],
                                           "adversary_turn_plan_page": [], "adversary_turn_apply": [],
                                           "undo": []}
        for i in range(2 + repeat):
            keep = i >= 2  # two warm-up rounds: templates compiled, the map drawing cached
            for name, ms in (("tap_space_move_figure", move(i)), ("mission_page", timer("GET", base)),
                             ("poll_unchanged", timer("GET", f"{base}/poll?seen={seen()}", expect=204))):
                if keep:
                    samples[name].append(ms)
        rolls = to_adversary(app, mid)
        for i in range(2 + repeat):
            keep = i >= 2
            for name, ms in (("adversary_turn_plan_page", timer("GET", base, headers=HTMX)),
                             ("adversary_turn_apply", timer("POST", f"{base}/do/adversary", headers=HTMX,
                                                            data={**rolls, "version": seen()})),
                             ("undo", timer("POST", f"{base}/undo", headers=HTMX, data={"version": seen()}))):
                if keep:
                    samples[name].append(ms)
        results = [summary(name, "mission-table", name.replace("_", " "), v) for name, v in samples.items()]
    return {"map": SAMPLE, "figures": figures, "adversary_turn_dice": len(rolls), "target_median_ms": TARGET_MEDIAN_MS, "results": results,
            "all_within_target": all(r["median_ms"] <= TARGET_MEDIAN_MS for r in results),
            "over_target": [r["name"] for r in results if r["median_ms"] > TARGET_MEDIAN_MS]}

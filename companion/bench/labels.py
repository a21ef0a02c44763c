"""The labels section of `companion bench` (issue 36, item 5): overlapping figure labels on the sample maps,
a figure on every space, counted (target 0).

Each sample map is filled with figures, characters and adversaries in turn on every space (so every pair of
neighbouring spaces holds two), each with the conditions of `CONDITIONS` (more than a figure has slots for:
the last slot says how many more) and each character with bandages, the adversaries once as bosses (their
larger disc). Counted with mapview.label_overlaps: pairs of figures whose disc, HP or notes intersect, and
figures a label of which leaves its own space. A count, not a timing; tests/test_figure_labels.py holds it to 0.
"""
from __future__ import annotations

import json

from .. import ROOT
from ..phantom.board import Figure
from ..phantom.mapview import figure_marks, label_overlaps
from ..schemas.files.scenario import load_scenario

MAPS = ROOT / "data" / "phantom-epoch" / "maps"
CONDITIONS = ("Knocked Down", "Barrier", "Bleeding", "Burning")
BOSS = "Mutant Grallok"


def crowd(hexmap, conditions=CONDITIONS, hp=(10, 10)) -> list[Figure]:
    """A figure on every space of `hexmap`, characters and adversaries (of the type BOSS) in turn."""
    return [Figure(f"f{i:04d}", "character" if i % 2 else "adversary", h, "red", None if i % 2 else BOSS,
                   hp[0], hp[1], conditions=tuple(conditions)) for i, h in enumerate(sorted(hexmap.spaces))]


def overlaps(hexmap, conditions=CONDITIONS, hp=(10, 10), bosses=False) -> list[tuple[str, str]]:
    figures = crowd(hexmap, conditions, hp)
    marks = figure_marks(hexmap, figures, bosses={BOSS} if bosses else frozenset(),
                         bandages={f.id: "1/2" for f in figures if f.side == "character"})
    return label_overlaps(marks)


def run() -> dict:
    maps = {}
    for path in sorted(MAPS.glob("*.json")):
        hexmap = load_scenario(json.loads(path.read_text(encoding="utf-8"))).board.map
        found = overlaps(hexmap) + overlaps(hexmap, hp=(100, 100), bosses=True)
        maps[path.stem] = {"figures": len(hexmap.spaces), "overlapping_labels": len(found)}
    return {"conditions_each": len(CONDITIONS), "maps": maps, "target": 0,
            "overlapping_labels": sum(m["overlapping_labels"] for m in maps.values())}

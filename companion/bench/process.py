"""The command-line section of `companion bench`: `companion resolve` as a whole process, beside the bare
interpreter's start-up.

One command per scenario file is how a table's tools run (the Gloomhaven Monster Mover's one-scenario
script is the comparison the issue makes), so start-up counts: interpreter, imports, reading the file, the
turn (its sight geometry included) and its JSON. Two files: a clarifying example (p.52, Figure 39 (1)) and a
long-range turn (a range-7 archer on a seeded 16x7 room, bench/turns.long_range_turns, written to a scratch
file). Each is run `runs` times, alternately with the bare interpreter, after one untimed run of each (the
file cache warm and the bytecode written, as for an installed package and any command typed twice: the
children run without PYTHONDONTWRITEBYTECODE); medians reported, never asserted. Target of issue 25:
<= 120 ms whole process on an idle machine.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import ROOT
from ..schemas.files.scenario import dump_scenario
from .turns import LONG_RANGE, long_range_turns

SAMPLE = "tests/scenarios/p52-fig39-1-archer-max-range-more-enemies.json"
RUNS = 5
TARGET_MS = 120.0
# What the `companion` console script runs (pyproject's companion.cli:main), without the script's own lookup.
COMMAND = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"


def _env() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _wall_ms(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env())
    return (time.perf_counter() - t0) * 1000


def run(runs: int = RUNS) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        long_range = Path(scratch) / "long-range-turn.json"
        long_range.write_text(json.dumps(dump_scenario(long_range_turns(1)[0])), encoding="utf-8")
        commands = {"resolve": [sys.executable, "-c", COMMAND, "resolve", str(ROOT / SAMPLE)],
                    "resolve_long_range": [sys.executable, "-c", COMMAND, "resolve", str(long_range)],
                    "bare": [sys.executable, "-c", "pass"]}
        for argv in commands.values():
            _wall_ms(argv)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                samples[name].append(_wall_ms(argv))
    ms = {name: round(statistics.median(s), 1) for name, s in samples.items()}
    return {"command": f"companion resolve {SAMPLE}", "runs": runs, "resolve_process_ms": ms["resolve"],
            "python_startup_ms": ms["bare"], "resolve_beyond_startup_ms": round(ms["resolve"] - ms["bare"], 1),
            "long_range_command": f"companion resolve <a range-{LONG_RANGE} archer's turn on a 16x7 room>",
            "resolve_long_range_process_ms": ms["resolve_long_range"],
            "resolve_long_range_beyond_startup_ms": round(ms["resolve_long_range"] - ms["bare"], 1),
            "target_process_ms": TARGET_MS,
            "within_target": max(ms["resolve"], ms["resolve_long_range"]) <= TARGET_MS}

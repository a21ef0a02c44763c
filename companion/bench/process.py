"""The command-line section of `companion bench`: `companion resolve` as a whole process, beside the bare
interpreter's start-up.

One command per scenario file is how a table's tools run (the Gloomhaven Monster Mover's one-scenario
script is the comparison the issue makes), so start-up counts: interpreter, imports, reading the file, the
turn and its JSON. Each is run `runs` times, alternately, after one untimed run of each (the file cache
warm, as for any command typed twice); medians reported, never asserted.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

from .. import ROOT

SAMPLE = "tests/scenarios/p52-fig39-1-archer-max-range-more-enemies.json"
RUNS = 5
# What the `companion` console script runs (pyproject's companion.cli:main), without the script's own lookup.
COMMAND = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"


def _wall_ms(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return (time.perf_counter() - t0) * 1000


def run(runs: int = RUNS) -> dict:
    resolve = [sys.executable, "-c", COMMAND, "resolve", str(ROOT / SAMPLE)]
    bare = [sys.executable, "-c", "pass"]
    _wall_ms(resolve), _wall_ms(bare)
    samples: dict[str, list[float]] = {"resolve": [], "bare": []}
    for _ in range(runs):
        samples["resolve"].append(_wall_ms(resolve))
        samples["bare"].append(_wall_ms(bare))
    resolve_ms = round(statistics.median(samples["resolve"]), 1)
    startup_ms = round(statistics.median(samples["bare"]), 1)
    return {"command": f"companion resolve {SAMPLE}", "runs": runs, "resolve_process_ms": resolve_ms,
            "python_startup_ms": startup_ms, "resolve_beyond_startup_ms": round(resolve_ms - startup_ms, 1)}

"""Play every sample map at the mission table with parties of two, three and four, through its pages, and
print the figures (missions, rounds, actions, results).

    bash scripts/play-table [--seeds 1] [--steps 400] [sample.json ...]

The same player as tests/test_table_player.py (tests/helpers/table_player.py), longer: each run makes a
campaign party with their sheets, sets up the mission and presses what /table/1 offers until the mission
ends, ten rounds begin, or --steps presses. Exit 1 when any run failed (5xx, malformed refusal, markup as
text, broken invariant).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from companion import create_app  # noqa: E402
from conftest import Table  # noqa: E402
from helpers.table_player import SAMPLES, play_mission  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("samples", nargs="*", help="sample map files (default: all)")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=400)
    args = ap.parse_args(argv)
    started = time.monotonic()
    totals, results, failed = Counter(), Counter(), 0
    for sample in args.samples or SAMPLES:
        for characters in (2, 3, 4):
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                with tempfile.TemporaryDirectory() as tmp:
                    app = create_app({"INSTANCE_PATH": str(Path(tmp) / "instance"), "TESTING": True,
                                      "GAME_SEED": seed})
                    run = play_mission(app, Table(app.test_client()), sample, characters, seed, args.steps)
                totals.update(missions=1, rounds=run.rounds, actions=run.steps)
                results[run.result] += 1
                failed += bool(run.failures)
                print(f"{sample} x{characters} seed {seed}: {run.result} after {run.rounds} round(s), "
                      f"{run.steps} actions, {len(run.failures)} failure(s)")
                for f in run.failures[:5]:
                    print(f"    {f}")
    print(f"missions {totals['missions']}, rounds {totals['rounds']}, actions {totals['actions']}; "
          f"{dict(results)}; {failed} failed; {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

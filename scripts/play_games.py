"""Play every registered game (or those named) through its pages, many seeds, and print the figures.

    bash scripts/play-games [--seeds 5] [--steps 1500] [--skip REGEX] [game-key ...]

The same player as tests/test_game_player.py (tests/helpers/game_player.py), longer: each run creates a game
from the home page's form and presses what the pages offer until the game is over or --steps presses.
Exit 1 when any run failed (5xx, malformed refusal, markup as text, broken invariant).
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
from companion.kits import KITS  # noqa: E402
from helpers.game_player import play_game  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game keys (default: all)")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--skip", default="", help="a regex of action paths not to press, e.g. 'adjust|artifacts' to "
                                               "leave out the card-effect corrections")
    args = ap.parse_args(argv)
    keys = args.games or list(KITS)
    unknown = [k for k in keys if k not in KITS]
    if unknown:
        print(f"unknown game {', '.join(unknown)}; known: {', '.join(KITS)}", file=sys.stderr)
        return 2
    failed = 0
    for key in keys:
        totals, refusals, kinds = Counter(), Counter(), Counter()
        t0 = time.time()
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            with tempfile.TemporaryDirectory() as tmp:
                app = create_app({"INSTANCE_PATH": f"{tmp}/instance", "TESTING": True, "GAME_SEED": seed})
                run = play_game(app, key, seed, args.steps, skip=args.skip)
            totals["games"] += 1
            totals["over"] += run.over
            totals["presses"] += run.steps
            totals["rounds"] += run.round
            totals["refused"] += sum(run.refusals.values())
            refusals.update(run.refusals)
            kinds.update(f.kind for f in run.failures)
            state = "over" if run.over else ("stalled" if run.stalled else "bound")
            print(f"{key} seed {seed}: {run.players} players, {run.steps} presses, round {run.round}, {state}, "
                  f"{sum(run.refusals.values())} rule refusals, {len(run.failures)} failures")
            for f in run.failures[:5]:
                print(f"    {str(f)[:400]}")
            if run.stalled:
                print(f"    stalled at {run.stalled[:400]}")
            failed += bool(run.failures)
        print(f"== {key}: {totals['games']} games ({totals['over']} to the end), {totals['presses']} presses, "
              f"{totals['rounds']} rounds reached in all, {totals['refused']} rule refusals, "
              f"failures {dict(kinds) or 'none'}, {time.time() - t0:.0f} s")
        for message, n in refusals.most_common(3):
            print(f"    refused {n}x: {message[:160]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

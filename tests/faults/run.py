"""The long runs of the fault tests, one JSON object of figures: `bash scripts/faults` (see its options)."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: `faults` as a package

from faults import crash, fuzz, load, pin  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kills", type=int, default=200)
    p.add_argument("--clients", type=int, default=3)
    p.add_argument("--load-clients", type=int, default=5)
    p.add_argument("--edits", type=int, default=300, help="edits per client in the concurrency run")
    p.add_argument("--fuzz", type=int, default=3000, help="form requests")
    p.add_argument("--imports", type=int, default=1000, help="import files")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", nargs="*", choices=["crash", "control", "load", "forms", "imports", "pin"])
    args = p.parse_args(argv)
    parts = args.only or ["crash", "control", "load", "forms", "imports", "pin"]
    out = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if "crash" in parts:
            out["crash"] = crash.run(tmp / "crash", kills=args.kills, clients=args.clients, seed=args.seed)
        if "control" in parts:
            out["negative_control"] = [crash.negative_control(tmp / f"control{n}") for n in range(10)]
            out["negative_control_caught"] = sum(c["lost"] > 0 for c in out["negative_control"])
        if "load" in parts:
            out["load"] = load.run(tmp / "load", clients=args.load_clients, edits=args.edits, seed=args.seed)
        if "forms" in parts:
            out["forms"] = fuzz.fuzz_forms(tmp / "forms", requests=args.fuzz, seed=args.seed)
        if "imports" in parts:
            out["imports"] = fuzz.fuzz_imports(tmp / "imports", files=args.imports, seed=args.seed)
        if "pin" in parts:
            out["pin"] = pin.run(tmp / "pin")
    out["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(out, indent=1, default=str))
    bad = (out.get("crash", {}).get("lost", 0) + out.get("crash", {}).get("half_applied", 0)
           + sum(out.get(k, {}).get("server_errors", 0) for k in ("crash", "load", "forms", "imports"))
           + sum(out.get(k, {}).get("changed_on_refusal", 0) for k in ("forms", "imports"))
           + out.get("load", {}).get("locked", 0) + (0 if out.get("load", {}).get("final_matches_accepted", True) else 1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""The long runs of the fault tests, one JSON object of figures: `bash scripts/faults` (see its options)."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: `faults` as a package

from faults import backup_retention, crash, fuzz, hostile, load, migration, pin, restore_kills, start_up  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kills", type=int, default=200)
    p.add_argument("--clients", type=int, default=3)
    p.add_argument("--load-clients", type=int, default=5)
    p.add_argument("--edits", type=int, default=300, help="edits per client in the concurrency run")
    p.add_argument("--fuzz", type=int, default=3000, help="form requests")
    p.add_argument("--imports", type=int, default=1000, help="import files")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--restore-all-steps", action="store_true",
                   help="also kill the restore at each step of checking the backup (slower)")
    p.add_argument("--events", type=int, default=20000, help="events of the mission migration 7 is timed on")
    every = ["crash", "control", "load", "forms", "imports", "pin", "restore", "hostile", "migration", "start-up",
             "retention"]
    p.add_argument("--only", nargs="*", choices=every)
    args = p.parse_args(argv)
    parts = args.only or every
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
        if "restore" in parts:
            out["restore_kills"] = {path: restore_kills.run_path(tmp / f"restore-{path}", path,
                                                                 writes_only=not args.restore_all_steps)
                                    for path in restore_kills.PATHS}
        if "hostile" in parts:
            out["hostile_backups"] = hostile.run(tmp / "hostile")
        if "migration" in parts:
            out["migration_7"] = migration.time_migration_7(tmp / "migration", args.events)
        if "start-up" in parts:
            out["start_up"] = start_up.run(tmp / "start-up")
        if "retention" in parts:
            out["backup_retention"] = backup_retention.run(tmp / "retention")
    out["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(out, indent=1, default=str))
    bad = (out.get("crash", {}).get("lost", 0) + out.get("crash", {}).get("half_applied", 0)
           + sum(out.get(k, {}).get("server_errors", 0) for k in ("crash", "load", "forms", "imports"))
           + sum(out.get(k, {}).get("changed_on_refusal", 0) for k in ("forms", "imports"))
           + out.get("load", {}).get("locked", 0) + (0 if out.get("load", {}).get("final_matches_accepted", True) else 1)
           + sum(len(r["failures"]) + r["neither"] + r["empty"] + r["safety_incomplete"]
                 for r in out.get("restore_kills", {}).values())
           + sum(out.get("hostile_backups", {}).get(k, 0) for k in ("accepted", "server_errors", "changed_on_refusal"))
           + (1 if out.get("migration_7", {}).get("seconds", 0) >= 2 else 0)
           + (start_up.faults(out["start_up"]) if "start_up" in out else 0)
           + (backup_retention.faults(out["backup_retention"]) if "backup_retention" in out else 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up and shutdown of the real server (issue 35): a newer app's database refused and left byte for byte,
one server per instance folder (and a kill -9 never leaves the folder locked), owner-only files, and a clean
stop (SIGTERM) leaving the .sqlite3 file alone current. Each part returns its figures; `bash scripts/faults`
prints them, tests/faults/test_start_up.py asserts them."""
from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

from companion import db as dbmod

from .server import ROOT, SERVE, Client, Server, free_port

NEWER_STEP = max(number for number, _, _ in dbmod.MIGRATIONS) + 1


def serve_once(instance: Path, port: int, timeout: float = 30) -> dict:
    """`companion serve` on the folder: its exit code and stderr if it stops by itself, or "served" (then
    killed) if it answers a request: a refusal must come before the server listens."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", SERVE, "--instance", str(instance), "serve", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    served = False
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            served = Client(port, timeout=2).get("/")[0] == 200
        except OSError:
            pass
        if served:
            break
        time.sleep(0.05)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    return {"exit": None if served else proc.returncode, "served": served, "stderr": err}


def _said(run: dict) -> dict:
    lines = run["stderr"].splitlines()
    return {"exit": run["exit"], "served": run["served"], "lines": len(lines), "line": lines[0] if lines else "",
            "traceback": "Traceback" in run["stderr"]}


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def newer_database(instance: Path, journal_mode: str = "delete") -> Path:
    """A database as a newer app leaves it: this app's steps and one more in sqlite-utils' ledger. In DELETE
    journal mode the WAL switch connect() makes would rewrite its header."""
    Path(instance).mkdir(parents=True, exist_ok=True)
    path = Path(instance) / "companion.sqlite3"
    db = dbmod.connect(path)
    dbmod.migrate(db)
    db.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
               [dbmod.MIGRATION_SET, f"{NEWER_STEP:03d} a step of a newer version", dbmod.now()])
    db.execute(f"PRAGMA journal_mode = {journal_mode}")
    db.conn.close()
    return path


def run_newer(workdir: Path, journal_mode: str = "delete") -> dict:
    """`companion serve` on a newer app's database: exit 2, one line naming both steps, the file unchanged."""
    path = newer_database(Path(workdir) / "instance", journal_mode)
    before = digest(path)
    run = serve_once(path.parent, free_port())
    out = _said(run)
    out.update(unchanged=digest(path) == before,
               names_both=f"schema step {NEWER_STEP}" in out["line"] and f"up to {NEWER_STEP - 1}" in out["line"],
               backups=len(list((path.parent / "backups").glob("*"))) if (path.parent / "backups").exists() else 0)
    return out


def run_second_server(workdir: Path) -> dict:
    """A second server on the folder while the first serves: exit 2 naming the first's address; after a kill -9
    of the first, a new one starts."""
    instance = Path(workdir) / "instance"
    first = Server(instance).start()
    try:
        second = _said(serve_once(instance, free_port()))
        second["names_first"] = f"http://127.0.0.1:{first.port}/" in second["line"]
    finally:
        first.kill()
    third = Server(instance)
    try:
        third.start()
        second["after_kill_9_started"] = True
    except RuntimeError as exc:
        second["after_kill_9_started"] = False
        second["after_kill_9_error"] = str(exc)[-300:]
    finally:
        third.stop()
    return second


def modes(instance: Path) -> dict[str, str]:
    """The mode of every file and folder of the instance that holds the table's data, by its path inside it."""
    instance = Path(instance)
    found = {".": instance}
    for p in sorted(instance.rglob("*")):
        if p.name.startswith("companion") or p.name == "backups":
            found[str(p.relative_to(instance))] = p
    return {name: oct(stat.S_IMODE(p.stat().st_mode)) for name, p in found.items() if p.exists()}


def _loose(found: dict[str, str]) -> list[str]:
    want = {name: "0o700" if name in (".", "backups") else "0o600" for name in found}
    return [f"{name} {mode}" for name, mode in found.items() if mode != want[name]]


def run_modes(workdir: Path) -> dict:
    """Owner-only files after a first start; then everything loosened to 0644/0755 (a copy from elsewhere, an
    older version) and tightened by the next start, its start-up backup owner-only too."""
    instance = Path(workdir) / "instance"
    server = Server(instance).start()
    try:
        Client(server.port).post("/campaigns", {"name": "Modes"}, htmx=False)
        fresh = modes(instance)
    finally:
        server.stop()
    for name in modes(instance):
        os.chmod(instance / name, 0o755 if name in (".", "backups") else 0o644)
    loosened = modes(instance)
    server = Server(instance).start()
    try:
        tightened = modes(instance)
    finally:
        server.stop()
    return {"fresh": fresh, "fresh_loose": _loose(fresh), "loosened_loose": len(_loose(loosened)),
            "tightened": tightened, "tightened_loose": _loose(tightened),
            "backups": sum(name.startswith("backups/") for name in tightened),
            "wal_seen": any(name.endswith("-wal") for name in fresh)}


def run_sigterm(workdir: Path) -> dict:
    """A change, then SIGTERM: the -wal is empty or gone, and a copy of the .sqlite3 file alone holds it."""
    instance = Path(workdir) / "instance"
    server = Server(instance).start()
    try:
        status = Client(server.port).post("/campaigns", {"name": "Last change"}, htmx=False)[0]
        wal_before = _size(Path(f"{server.database}-wal"))
        server.proc.terminate()
        code = server.proc.wait(15)
    finally:
        server.stop()
    alone = Path(workdir) / "alone.sqlite3"
    shutil.copyfile(server.database, alone)
    conn = sqlite3.connect(alone)
    try:
        held = conn.execute("SELECT count(*) FROM campaigns WHERE name = 'Last change'").fetchone()[0]
    finally:
        conn.close()
    return {"change_status": status, "wal_bytes_before": wal_before, "exit": code,
            "wal_bytes_after": _size(Path(f"{server.database}-wal")), "alone_holds_last_change": held == 1}


def _size(path: Path) -> int | None:
    return path.stat().st_size if path.exists() else None


class Mounted:
    """A small tmpfs at `path`, where this machine lets the tests mount one (as root); `None` from `__enter__`
    elsewhere, and the run is skipped."""

    def __init__(self, path: Path, size: str = "8m"):
        self.path, self.size, self.mounted = Path(path), size, False

    def __enter__(self) -> Path | None:
        self.path.mkdir(parents=True, exist_ok=True)
        self.mounted = os.geteuid() == 0 and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size}", "tmpfs", str(self.path)],
            capture_output=True).returncode == 0
        return self.path if self.mounted else None

    def remount(self, mode: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{mode}", str(self.path)], check=True, capture_output=True)

    def __exit__(self, *exc) -> None:
        if self.mounted and subprocess.run(["umount", str(self.path)], capture_output=True).returncode:
            subprocess.run(["umount", "-l", str(self.path)], check=False)


def _with_a_campaign(instance: Path) -> Path:
    server = Server(instance).start()
    try:
        Client(server.port).post("/campaigns", {"name": "Kept"}, htmx=False)
    finally:
        server.stop()
    return server.database


def run_full_disk(workdir: Path) -> dict:
    """`companion serve` on a disk too full for its start-up backup: exit 2 with one line saying so, no
    traceback, the database as it was and no part of a backup left."""
    with Mounted(Path(workdir) / "small") as small:
        if small is None:
            return {"skipped": "this machine does not let the tests mount a size-limited filesystem"}
        path = _with_a_campaign(small / "instance")
        before = digest(path)
        backups_before = sorted(p.name for p in (path.parent / "backups").glob("*"))
        with open(small / "filler", "wb") as f:  # room for the -wal and -shm, not for a backup
            f.write(b"\0" * max(0, shutil.disk_usage(small).free - 64 * 1024))
        out = _said(serve_once(path.parent, free_port()))
        out.update(says_full="disk is full" in out["line"], unchanged=digest(path) == before,
                   backups_left=sorted(p.name for p in (path.parent / "backups").glob("*")) == backups_before)
        return out


def run_read_only(workdir: Path) -> dict:
    """`companion serve` on an instance folder on a read-only mount: exit 2 with one line naming the folder and
    saying it cannot be written, never that the database fails its integrity check."""
    mount = Mounted(Path(workdir) / "ro")
    with mount as folder:
        if folder is None:
            return {"skipped": "this machine does not let the tests mount a filesystem"}
        path = _with_a_campaign(folder / "instance")
        mount.remount("ro")
        try:
            out = _said(serve_once(path.parent, free_port()))
        finally:
            mount.remount("rw")
        out.update(names_folder=str(path.parent) in out["line"] and "cannot be written" in out["line"],
                   says_damaged="integrity" in out["line"])
        return out


def run(workdir: Path) -> dict:
    workdir = Path(workdir)
    return {"newer_database": {mode: run_newer(workdir / f"newer-{mode}", mode) for mode in ("delete", "wal")},
            "second_server": run_second_server(workdir / "second"),
            "modes": run_modes(workdir / "modes"),
            "sigterm": run_sigterm(workdir / "sigterm"),
            "full_disk": run_full_disk(workdir / "full"),
            "read_only": run_read_only(workdir / "read-only")}


def faults(out: dict) -> int:
    """How many of the figures are faults (the long run's exit status)."""
    newer = out["newer_database"].values()
    second, modes_, term = out["second_server"], out["modes"], out["sigterm"]
    return (sum(n["exit"] != 2 or n["lines"] != 1 or n["traceback"] or not n["unchanged"] or n["backups"]
                for n in newer)
            + (second["exit"] != 2 or not second["names_first"] or not second["after_kill_9_started"])
            + len(modes_["fresh_loose"]) + len(modes_["tightened_loose"])
            + (term["wal_bytes_after"] not in (None, 0) or not term["alone_holds_last_change"])
            + _refused_in_one_line(out["full_disk"], "says_full", "unchanged", "backups_left")
            + _refused_in_one_line(out["read_only"], "names_folder"))


def _refused_in_one_line(figures: dict, *musts: str) -> int:
    if "skipped" in figures:
        return 0
    return int(figures["exit"] != 2 or figures["lines"] != 1 or figures["traceback"]
               or not all(figures[m] for m in musts) or figures.get("says_damaged", False))

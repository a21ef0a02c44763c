"""Restore SIGKILLed at every step: a process runs `backups.restore` (what `companion restore` and the Backups
page call) and kills itself before its k-th step — each function of store/backups.py it enters, each call it
makes that touches a file (SQLite, os, pathlib, shutil) — for k = 1, 2, ... until a run finishes. After each kill the instance must hold
the old database or the restored one, never an empty or mixed one; any safety copy in the list is complete;
and start-up works and, while a marker is left, says the restore was interrupted.

Two paths: a healthy live file written into in one transaction (the backup here has another page size, the
case that once replaced the file whole), and a damaged live file replaced whole by write-new-then-rename."""
from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from .server import ROOT

DRIVER = r"""
import json, os, shutil, signal, sys
from companion.store import backups
pristine, workdir, name, writes_only, limit = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", int(sys.argv[5])
HERE = backups.__file__
# What touches a file: SQLite's calls, the system's, pathlib's and shutil's writes. Pure helpers (a regex, a
# date, a dict) are not steps.
EFFECTS = {"connect", "execute", "backup", "close", "replace", "fsync", "open", "unlink", "write_text", "mkdir",
           "copyfile", "rename"}


def restore_killed_at(db_path, kill_at):
    state = {"counting": not writes_only, "steps": 0}
    if writes_only:  # the backup checked and brought up to date once, in the parent: each run starts at the writes
        backups.prepare = lambda source, work, name, page_size=None: shutil.copyfile(prepared, work)
        state["counting"] = True

    def step():
        state["steps"] += 1
        if state["steps"] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def profile(frame, event, arg):
        code = frame.f_code
        if event == "return" and code.co_filename == HERE and code.co_name == "prepare":
            state["counting"] = True  # the backup is checked and brought up to date in a scratch file: the writes
        if not state["counting"]:
            return
        if event == "call":
            caller = frame.f_back
            if code.co_filename == HERE or (caller is not None and caller.f_code.co_filename == HERE
                                            and code.co_name in EFFECTS):
                step()  # entering one of the restore's functions, or a Python-level write it calls
        elif event == "c_call" and code.co_filename == HERE and getattr(arg, "__name__", "") in EFFECTS:
            step()

    sys.setprofile(profile)
    backups.restore(db_path, name)
    sys.setprofile(None)
    return state["steps"]


# Imported once; each run is a fork of this process (a fresh process per kill would spend its time importing).
prepared = os.path.join(workdir, "prepared.sqlite3")
if writes_only:
    live = os.path.join(pristine, "companion.sqlite3")
    health, page_size = backups._health(backups.Path(live))
    backups.prepare(backups.find(live, name), backups.Path(prepared), name, page_size)
runs = []
k = 0
while not limit or k < limit:
    k += 1
    instance = os.path.join(workdir, f"kill-{k}")
    shutil.copytree(pristine, instance)
    pid = os.fork()
    if pid == 0:
        try:
            steps = restore_killed_at(os.path.join(instance, "companion.sqlite3"), k)
            with open(os.path.join(instance, "steps"), "w") as f:
                f.write(str(steps))
            os._exit(0)
        except BaseException as exc:
            sys.stderr.write(repr(exc))
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        runs.append({"step": k, "instance": instance})
        continue
    done = {"step": k, "instance": instance, "exit": os.waitstatus_to_exitcode(status)}
    if done["exit"] == 0:
        done["steps"] = int(open(os.path.join(instance, "steps")).read())
    runs.append(done)
    break
print(json.dumps(runs))
"""

PATHS = ("in_place", "replace_whole")
BACKUP = "companion-20200101T000000000000-by-hand.sqlite3"


def _kill_runs(pristine: Path, workdir: Path, writes_only: bool, limit: int | None) -> list[dict]:
    proc = subprocess.run([sys.executable, "-c", DRIVER, str(pristine), str(workdir), BACKUP,
                           "1" if writes_only else "0", str(limit or 0)],
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def fingerprint(path: Path) -> str:
    """Every row of every table, or the bytes of a file SQLite cannot read."""
    try:
        conn = sqlite3.connect(path)
        try:
            names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            rows = {n: conn.execute(f'SELECT * FROM "{n}" ORDER BY rowid').fetchall() for n in names}
        finally:
            conn.close()
        return "rows:" + hashlib.sha256(repr(sorted(rows.items())).encode()).hexdigest() if names else "empty"
    except sqlite3.DatabaseError:
        return "bytes:" + hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _page_size_to(path: Path, size: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    for sql in ("PRAGMA journal_mode = DELETE", f"PRAGMA page_size = {size}", "VACUUM", "PRAGMA journal_mode = WAL"):
        conn.execute(sql)
    conn.close()


def prepare_instance(workdir: Path, path: str) -> Path:
    """An instance holding a campaign, a game, the sample maps and cards, and a backup of it taken before
    more changes; for `replace_whole`, the live file then damaged. Returns the pristine instance folder."""
    from companion import create_app
    from companion.store import backups
    from conftest import Table

    instance = Path(workdir) / "pristine"
    app = create_app({"INSTANCE_PATH": str(instance), "TESTING": True, "BACKUP_ON_START": False})
    table = Table(app.test_client())
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    cid = table.post("/campaigns", {"name": "Before"}, htmx=False).headers["Location"].rstrip("/").rsplit("/", 1)[1]
    for _ in range(3):
        table.post(f"/campaigns/{cid}/fame", {"planet": "Berkav", "delta": 1})
    db_path = Path(app.config["DATABASE"])
    made = backups.take(db_path, "by-hand")
    made.rename(made.with_name(BACKUP))
    _page_size_to(made.with_name(BACKUP), 8192)  # the live file keeps SQLite's 4096
    for _ in range(3):
        table.post(f"/campaigns/{cid}/fame", {"planet": "Berkav", "delta": 1})
    app.extensions["db_keepalive"].conn.close()
    for old in backups.list_backups(backups.folder(db_path)):
        if old["name"] != BACKUP:
            old["path"].unlink()
    if path == "replace_whole":
        for suffix in ("-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)
        data = bytearray(db_path.read_bytes())
        data[:16] = b"not a database!!"
        db_path.write_bytes(bytes(data))
    return instance


def run_path(workdir: Path, path: str, writes_only: bool = True, limit: int | None = None,
             start_every: int = 1) -> dict:
    """Kill at every step of one path (`writes_only`: of the steps after the backup is checked and brought up to
    date in a scratch file, which cannot touch the live file); the figures. Start-up is tried after every kill
    that left a marker, and after every `start_every`-th kill."""
    from companion.store import backups

    workdir = Path(workdir)
    pristine = prepare_instance(workdir, path)
    live = pristine / "companion.sqlite3"
    old = fingerprint(live)
    new = fingerprint(backups.folder(live) / BACKUP)
    out = {"path": path, "kills": 0, "old": 0, "new": 0, "neither": 0, "empty": 0, "safety_incomplete": 0,
           "interrupted_said": 0, "interrupted_silent": 0, "start_up_failed": 0, "failures": []}
    started = time.monotonic()
    for run in _kill_runs(pristine, workdir, writes_only, limit):
        instance = Path(run["instance"])
        if "exit" in run:  # ran to its end before its k-th step: every step has been killed at
            out["steps"] = run.get("steps")
            out["completed"] = run["exit"] == 0 and fingerprint(instance / "companion.sqlite3") == new
            if run["exit"] != 0:
                out["failures"].append({"step": run["step"], "exit": run["exit"]})
        else:
            out["kills"] += 1
            found = _after_kill(instance, old, new, path, start=run["step"] % start_every == 0)
            for key in ("old", "new", "neither", "empty", "safety_incomplete", "interrupted_said",
                        "interrupted_silent", "start_up_failed"):
                out[key] += found.get(key, 0)
            if any(found.get(key) for key in ("neither", "empty", "safety_incomplete", "interrupted_silent",
                                               "start_up_failed")):
                out["failures"].append({"step": run["step"], **found})
        shutil.rmtree(instance)
    out["seconds"] = round(time.monotonic() - started, 1)
    return out


def _after_kill(instance: Path, old: str, new: str, path: str, start: bool = True) -> dict:
    from companion import create_app
    from companion.store import backups
    from companion.web.database import DatabaseDamaged
    from conftest import Table

    db_path = instance / "companion.sqlite3"
    found = {}
    now = fingerprint(db_path)
    found["old" if now == old else "new" if now == new else "empty" if now == "empty" else "neither"] = 1
    for b in backups.list_backups(backups.folder(db_path)):
        if b["reason"] == "before-restore" and fingerprint(b["path"]) != old:
            found["safety_incomplete"] = 1
    note = backups.interrupted(db_path)
    if not (note or start):
        return found
    try:
        app = create_app({"INSTANCE_PATH": str(instance), "TESTING": True})
    except DatabaseDamaged:
        if not (path == "replace_whole" and now == old):  # the damaged file, as it was before the restore
            found["start_up_failed"] = 1
        return found
    try:
        home = Table(app.test_client()).get("/")
        said = home.status_code == 200 and "A restore was interrupted" in home.get_data(as_text=True)
        if note:
            found["interrupted_said" if said else "interrupted_silent"] = 1
        elif home.status_code != 200:
            found["start_up_failed"] = 1
    finally:
        app.extensions["db_keepalive"].conn.close()
    return found

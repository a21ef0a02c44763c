"""(f) Restore on a disk that fills: the disk fills at each step of the restore (SQLITE_FULL where the step is
SQLite's, ENOSPC where it is the system's), and on a real small filesystem (a size-limited tmpfs, when this
machine lets the tests mount one). Each time the restore either completes, or stops with the app's message
and leaves the live database and any safety copy as they were — never an empty or half-restored database,
never "Restored" over a loss. A full disk on any other write: 507 with the app's message, reads still served."""
from __future__ import annotations

import errno
import linecache
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from companion import cli
from companion.store import backups

from . import restore_kills
from .restore_kills import fingerprint

HERE = backups.__file__
SQLITE_STEP = ("sqlite3.connect", ".execute(", ".backup(", "_copy(", "take(", "_verify_copy(", "migrate(",
               "_page_size_to(")
SYSTEM_STEP = ("os.replace(", "_fsync(", "os.open(", "os.fsync(", "write_text(", "mkdir(", "copyfile(", "_mark(",
               "_replace_whole(", "_keep_as_it_is(", "_copy_bytes(", "make_folder(", "private_file(", "os.chmod(")


def full_at(k: int):
    """A trace function raising a full-disk error at the k-th line of store/backups.py that writes."""
    seen = [0]

    def line(frame, event, arg):
        if event == "line" and frame.f_code.co_filename == HERE:
            text = linecache.getline(HERE, frame.f_lineno)
            kind = ("sqlite" if any(s in text for s in SQLITE_STEP) else
                    "system" if any(s in text for s in SYSTEM_STEP) else None)
            if kind:
                seen[0] += 1
                if seen[0] == k:
                    sys.settrace(None)
                    if kind == "sqlite":
                        raise sqlite3.OperationalError("database or disk is full")
                    raise OSError(errno.ENOSPC, "No space left on device")
        return line

    def call(frame, event, arg):
        return line if frame.f_code.co_filename == HERE else None

    return call, seen


@pytest.fixture
def instance(app, campaign, table):
    """A backup of a campaign, more changes after it; the backup in another page size (the path that once
    replaced the live file whole)."""
    made = backups.take(app.config["DATABASE"], "by-hand")
    for _ in range(3):
        table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": 1})
    conn = sqlite3.connect(made, isolation_level=None)
    for sql in ("PRAGMA journal_mode = DELETE", "PRAGMA page_size = 8192", "VACUUM", "PRAGMA journal_mode = WAL"):
        conn.execute(sql)
    conn.close()
    return made


@pytest.mark.parametrize("path", restore_kills.PATHS)
def test_a_disk_that_fills_at_any_step_never_loses_the_live_database(tmp_path, path):
    """Both paths: into a healthy live file (from a backup of another page size), and replacing a damaged one."""
    pristine = restore_kills.prepare_instance(tmp_path, path)
    old = fingerprint(pristine / "companion.sqlite3")
    new = fingerprint(pristine / "backups" / restore_kills.BACKUP)
    k, outcomes = 0, []
    while True:
        k += 1
        there = tmp_path / f"full-{k}"
        shutil.copytree(pristine, there)
        db_path = there / "companion.sqlite3"
        tracer, seen = full_at(k)
        sys.settrace(tracer)
        try:
            backups.restore(db_path, restore_kills.BACKUP)
            outcome = "restored"
        except backups.NotRestored as exc:
            outcome = "stopped"
            assert exc.disk_full and str(exc).startswith("The laptop's disk is full — nothing was restored")
        finally:
            sys.settrace(None)
        assert fingerprint(db_path) == (new if outcome == "restored" else old), (k, outcome)
        for b in backups.list_backups(backups.folder(db_path)):
            if b["reason"] in ("before-restore", "damaged"):  # a safety copy is never partial
                assert fingerprint(b["path"]) == old, (k, b["name"])
        if outcome == "stopped":
            assert backups.interrupted(db_path) is None  # stopped cleanly: nothing to say at the next start
        assert not [p for p in there.rglob("*") if p.name.endswith((".part", ".restoring"))], k
        outcomes.append(outcome)
        shutil.rmtree(there)
        if seen[0] < k:  # the run had fewer writing steps than k: every one has failed once
            break
    assert outcomes.count("stopped") >= 8 and outcomes[-1] == "restored"


def test_the_web_and_the_cli_say_the_disk_is_full_and_change_nothing(app, table, instance, monkeypatch, capsys):
    db_path = app.config["DATABASE"]
    old = fingerprint(db_path)

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backups, "_copy", full)  # the very first copy: the scratch file
    resp = table.post(f"/backups/{instance.name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 507 and "disk is full" in resp.get_data(as_text=True)
    assert cli.main(["--instance", app.instance_path, "restore", instance.name]) == 1
    err = capsys.readouterr().err
    assert "disk is full — nothing was restored" in err and len(err.strip().splitlines()) == 1
    monkeypatch.undo()
    assert fingerprint(db_path) == old and table.get("/campaigns/1").status_code == 200


def _mount_small(where, size: int) -> bool:
    where.mkdir()
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    return done.returncode == 0


def test_a_real_small_disk(app, table, instance, tmp_path):
    """The restore on a filesystem with room for the database about 0.3 to 3 times over."""
    db_path = app.config["DATABASE"]
    app.extensions["db_keepalive"].conn.close()
    size = os.path.getsize(db_path)
    small = tmp_path / "small"
    if not _mount_small(small, 64 * size):
        pytest.skip("this machine does not let the tests mount a size-limited filesystem")
    try:
        outcomes = []
        for room in (0.3, 0.8, 1.3, 2, 3, 6):
            there = small / "instance"
            shutil.copytree(app.instance_path, there)
            live = there / "companion.sqlite3"
            old, new = fingerprint(live), fingerprint(backups.folder(live) / instance.name)
            free = shutil.disk_usage(small).free
            with open(small / "filler", "wb") as f:
                f.write(b"\0" * max(0, free - int(room * size)))
            try:
                backups.restore(live, instance.name)
                outcome = "restored"
            except backups.NotRestored as exc:
                outcome = "stopped"
                assert exc.disk_full, str(exc)
            (small / "filler").unlink()
            assert fingerprint(live) == (new if outcome == "restored" else old), room
            for b in backups.list_backups(backups.folder(live)):
                if b["reason"] == "before-restore":
                    assert fingerprint(b["path"]) == old, room
            outcomes.append(outcome)
            shutil.rmtree(there)
        assert "stopped" in outcomes and outcomes[-1] == "restored"
    finally:
        subprocess.run(["umount", str(small)], check=False)

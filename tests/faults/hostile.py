"""Hostile backups: a backup the app took, then altered the way someone handing the table a file could alter
it. Each must be refused with what is wrong, on the web (422) and by the CLI (exit 2, one line), and nothing
may change. `run` is the long run's figure (scripts/faults)."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from .server import ROOT, SERVE, Client, Server, snapshot

# name -> (SQL run on the copy, what the refusal must say)
CASES = {
    "trigger deleting history": (
        "CREATE TRIGGER wipe AFTER INSERT ON history BEGIN DELETE FROM history; END;",
        "a trigger of its own: wipe"),
    "trigger raising on every write": (
        "CREATE TRIGGER frozen BEFORE UPDATE ON campaigns BEGIN SELECT RAISE(ABORT, 'no'); END;",
        "a trigger of its own: frozen"),
    "trigger renaming campaigns": (
        "CREATE TRIGGER renamed AFTER UPDATE ON campaigns BEGIN "
        "UPDATE campaigns SET name = 'Owned' WHERE id = NEW.id AND name != 'Owned'; END;",
        "a trigger of its own: renamed"),
    "missing tables behind a done ledger": (
        "PRAGMA foreign_keys = OFF; DROP TABLE map_history; DROP TABLE maps;",
        "the table maps is missing"),
    "campaigns as a view": (
        "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; ALTER TABLE campaigns RENAME TO kept; "
        "CREATE VIEW campaigns AS SELECT * FROM kept;",
        "campaigns is a view"),
    "a table of its own": ("CREATE TABLE notes (x TEXT);", "a table of its own: notes"),
    "a column of its own": ("ALTER TABLE campaigns ADD COLUMN owner TEXT;", "columns of its own: owner"),
    "state that is not JSON": ("UPDATE campaigns SET state = '{not json';", "campaign 1 does not read back"),
    "state of the wrong shape": ("UPDATE campaigns SET state = '{\"fame\": [1, 2]}';", "campaign 1 does not read back"),
    "a history entry that is not a diff": ("UPDATE history SET diff = '{\"a\": 1}';", "is not a list of [path"),
    "a version that is not a number": ("UPDATE campaigns SET version = 'x';", "version that is not a whole number"),
    "schema versions 99 and 'abc'": (
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES "
        "('companion', '099 from elsewhere', '2030-01-01'), ('companion', 'abc', '2030-01-01');",
        "lists 'abc'"),
    "schema version 'abc' alone": (
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('companion', 'abc', 'x');",
        "lists 'abc'"),
    "a step renamed in the ledger": (
        "UPDATE _sqlite_migrations SET name = '001 something else' WHERE name LIKE '001 %';",
        "names step '001 something else'"),
}


def make(backup: Path, case: str, name: str) -> str:
    """A copy of `backup` altered as `case` says, under the backup name `name` beside it."""
    sql, _ = CASES[case]
    target = backup.with_name(name)
    shutil.copyfile(backup, target)
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        conn.executescript(sql)
    finally:
        conn.close()
    return name


def backup_name(n: int) -> str:
    return f"companion-20200101T0000{n:02d}000000-by-hand.sqlite3"


def cli_restore(instance: Path, name: str) -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-c", SERVE, "--instance", str(instance), "restore", name],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=120)
    return proc.returncode, proc.stderr


def run(workdir: Path) -> dict:
    """Every case through the real server's Backups page and through `companion restore`."""
    server = Server(Path(workdir) / "instance").start()
    client = Client(server.port)
    try:
        status, headers, _ = client.post("/campaigns", {"name": "Hostile"}, htmx=False)
        cid = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
        client.post(f"/campaigns/{cid}/fame", {"planet": "Berkav", "delta": 1})
        client.post("/backups/take", {"_form": "take"})
        folder = server.instance / "backups"
        taken = sorted(folder.glob("companion-*-by-hand.sqlite3"))[-1]
        client.post(f"/campaigns/{cid}/fame", {"planet": "Berkav", "delta": 1})
        out = {"cases": len(CASES), "web_refused": 0, "cli_refused": 0, "accepted": 0, "server_errors": 0,
               "changed_on_refusal": 0, "said_what_is_wrong": 0, "cli_one_line": 0, "failures": []}
        for n, (case, (_, said)) in enumerate(CASES.items()):
            name = make(taken, case, backup_name(n))
            before = snapshot(server.database)
            listed = sorted(p.name for p in folder.iterdir())
            status, _, body = client.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
            code, err = cli_restore(server.instance, name)
            out["web_refused"] += status == 422
            out["cli_refused"] += code == 2
            out["accepted"] += (status == 200) + (code == 0)
            out["server_errors"] += status >= 500
            out["cli_one_line"] += code == 2 and len(err.strip().splitlines()) == 1
            out["said_what_is_wrong"] += (said in body.replace("&#39;", "'")) + (said in err)
            changed = snapshot(server.database) != before or sorted(p.name for p in folder.iterdir()) != listed
            out["changed_on_refusal"] += changed
            if status != 422 or code != 2 or changed:
                out["failures"].append({"case": case, "web": status, "cli": code, "changed": changed})
        return out
    finally:
        server.stop()

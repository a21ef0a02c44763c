"""Backups a group can rely on (issue 35, item 1): a campaign damaged inside its JSON, then 14 start-ups (each
after a change) and 14 mission results. A backup where the campaign still reads back must stay, marked last
known good; the hand backup and the copy taken before "Delete forever" must stay; a start-up with nothing changed
must take no copy; the space the backups take is bounded by the policy's counts. `run` returns the figures;
`bash scripts/faults` prints them, tests/faults/test_backup_retention.py asserts them."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from companion import create_app
from companion.store import backups, readback, retention
from helpers.games import Table

ROUNDS = 14


def flip_bytes(db_path: Path, table: str, doc_id: int) -> None:
    """A few bytes flipped in the middle of the stored JSON; SQLite's own check still passes."""
    conn = sqlite3.connect(db_path)
    with conn:
        text = conn.execute(f"SELECT state FROM [{table}] WHERE id = ?", [doc_id]).fetchone()[0]
        at = len(text) // 2
        conn.execute(f"UPDATE [{table}] SET state = ? WHERE id = ?", [text[:at] + "\x07}{\x00" + text[at + 4:], doc_id])
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def start(instance: Path):
    """One start-up of the app on the folder (its start-up backup included), as `companion serve` does it."""
    return create_app({"INSTANCE_PATH": str(instance), "TESTING": True, "GAME_SEED": 1, "BACKUP_ON_START": True})


def stop(app) -> None:
    app.extensions["db_keepalive"].conn.close()


def names(db_path: Path) -> list[str]:
    return [b["name"] for b in backups.list_backups(backups.folder(db_path))]


def run(folder: Path) -> dict:
    instance = Path(folder) / "instance"
    app = start(instance)
    db_path = Path(app.config["DATABASE"])
    table = Table(app.test_client())
    for name in ("The Historians", "Second Watch", "Doomed"):
        assert table.post("/campaigns", {"name": name}, htmx=False).status_code == 303
    assert table.post("/backups/take").status_code == 200
    hand = next(n for n in names(db_path) if n.endswith("-by-hand.sqlite3"))
    assert table.post("/campaigns/3/delete", {"confirm": "Doomed"}).status_code in (200, 204)
    assert table.post("/campaigns/3/delete-forever").status_code == 200
    before_delete = next(n for n in names(db_path) if n.endswith("-before-delete.sqlite3"))
    assert table.post("/campaigns/2/fame", {"planet": "Berkav", "delta": "1"}).status_code == 200
    stop(app)
    app = start(instance)  # the last start-up while every document reads back: its copy is the good one
    stop(app)
    clean = names(db_path)[0]

    flip_bytes(db_path, "campaigns", 1)
    start_ups = 0
    for n in range(ROUNDS):
        before = set(names(db_path))
        app = start(instance)
        start_ups += any(x.endswith("-start-up.sqlite3") for x in set(names(db_path)) - before)
        assert ("campaign", 1) in app.extensions["damaged"]
        table = Table(app.test_client())
        assert table.post("/campaigns/2/fame", {"planet": "Berkav", "delta": "1"}).status_code == 200
        stop(app)
    for n in range(ROUNDS):
        backups.take(db_path, "mission-result")  # as web/mission_table.py takes one after each result
    listed_before = names(db_path)
    app = start(instance)  # nothing changed since the newest backup (the last mission result's)
    unchanged_copies = len(set(names(db_path)) - set(listed_before))
    table = Table(app.test_client())
    page = table.get("/backups").get_data(as_text=True)
    stop(app)

    found = retention.listing(db_path)
    good = found["good"]
    row = re.search(rf'<tr id="backup-{re.escape(good["name"])}">(.*?)</tr>', page, re.S) if good else None
    readable = [b["name"] for b in found["backups"] if readback.readable_in(b["path"], "campaign", 1)]
    bound = (retention.AUTOMATIC_BOUND + 1 + 2) * max(b["size"] for b in found["backups"])  # + good, hand, delete
    return {
        "backups": len(found["backups"]),
        "bytes": found["total"],
        "bound_bytes": bound,
        "start_ups_copied": start_ups,
        "copies_on_unchanged_start": unchanged_copies,
        "readable_damaged_campaign_in": len(readable),
        "last_known_good": good["name"] if good else None,
        "last_known_good_is_the_clean_start_up": bool(good) and good["name"] == clean,
        "last_known_good_reads_the_campaign": bool(good) and good["name"] in readable,
        "page_marks_last_known_good": bool(row) and "last known good" in row.group(1),
        "page_shows_space": "The backups take" in page,
        "hand_backup_kept": hand in names(db_path),
        "hand_backup_marked_kept": hand in page and "until you delete it" in page,
        "before_delete_kept": before_delete in names(db_path),
        "by_reason": {r: sum(b["reason"] == r for b in found["backups"]) for r in
                      sorted({b["reason"] for b in found["backups"]})},
        "within_limits": all(sum(b["reason"] == r for b in found["backups"] if not b["good"]) <= n
                             for r, n in retention.LIMITS.items()),
    }


def faults(figures: dict) -> int:
    """How many of the figures say something is wrong."""
    return sum([
        figures["start_ups_copied"] != ROUNDS,  # each start-up after a change takes its copy
        figures["copies_on_unchanged_start"] != 0,
        figures["readable_damaged_campaign_in"] < 1,
        not figures["last_known_good_is_the_clean_start_up"],
        not figures["last_known_good_reads_the_campaign"],
        not figures["page_marks_last_known_good"],
        not figures["page_shows_space"],
        not figures["hand_backup_kept"],
        not figures["hand_backup_marked_kept"],
        not figures["before_delete_kept"],
        not figures["within_limits"],
        figures["bytes"] > figures["bound_bytes"],
    ])

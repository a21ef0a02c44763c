"""Start-up with a damaged document, a section of `companion bench` (issue 35): the scratch database of the
pages section (its campaigns, characters and histories) with one campaign's stored JSON damaged, opened as
the server opens it — the integrity check, the migrations and every document read back
(store/readback.py) — timed against the 2 s the issue allows. Reported, never asserted."""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path

TARGET_MS = 2000


def run(app, campaign_id: int, repeat: int = 3) -> dict:
    from .. import create_app
    from .. import db as dbmod
    from ..store import readback

    path = Path(app.config["DATABASE"])
    conn = sqlite3.connect(str(path))
    try:  # one byte of one campaign's stored text changed ("{" to "["), as a failing disk sector would leave it
        conn.execute("UPDATE campaigns SET state = '[' || substr(state, 2) WHERE id = ?", [campaign_id])
        conn.commit()
        campaigns = conn.execute("SELECT count(*) FROM campaigns").fetchone()[0]
    finally:
        conn.close()
    starts, reads, found = [], [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        create_app({"INSTANCE_PATH": str(path.parent), "WTF_CSRF_ENABLED": False, "BACKUP_ON_START": False})
        starts.append((time.perf_counter() - t0) * 1000)
        db = dbmod.connect(path)
        try:
            t0 = time.perf_counter()
            found = readback.damaged(db)
            reads.append((time.perf_counter() - t0) * 1000)
        finally:
            db.conn.close()
    start_ms = round(sorted(starts)[len(starts) // 2], 1)
    return {"campaigns": campaigns, "damaged_found": len(found), "start_up_ms": start_ms,
            "read_back_ms": round(sorted(reads)[len(reads) // 2], 1), "target_ms": TARGET_MS,
            "within_target": start_ms <= TARGET_MS}

"""Crash: acknowledged writes from several clients, the real server SIGKILLed at random moments, restarted;
every acknowledged change must be there, none half-applied, and integrity_check clean."""
from __future__ import annotations

import http.client
import json
import random
import shutil
import sqlite3
import threading
import time
from pathlib import Path

from .server import Client, Server, integrity

PLANET = "Berkav"


class Writer(threading.Thread):
    """One tablet adding fame +1 to its own campaign, again and again: `acked` answers were 200, `sent`
    requests left; a request without an answer may or may not have been applied, never half."""

    def __init__(self, port: int, campaign_id: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.campaign_id, self.stop = port, campaign_id, stop
        self.acked = self.sent = self.errors = 0
        self.server_errors: list[int] = []

    def run(self):
        client = Client(self.port, timeout=10)
        while not self.stop.is_set():
            try:
                if not client.token:
                    client.get(f"/campaigns/{self.campaign_id}")
                self.sent += 1
                status, _, body = client.post(f"/campaigns/{self.campaign_id}/fame", {"planet": PLANET, "delta": 1})
            except (OSError, http.client.HTTPException):
                time.sleep(0.02)  # the server is down; try again once it is back
                continue
            if status == 200:
                self.acked += 1
            elif status >= 500:
                self.server_errors.append(status)
                if "locked" in body:
                    self.errors += 1


def state_of(path: Path, campaign_ids) -> dict:
    """campaign id -> (fame on PLANET in its state, fame changes in its history)."""
    conn = sqlite3.connect(path)
    try:
        out = {}
        for cid in campaign_ids:
            row = conn.execute("SELECT state FROM campaigns WHERE id = ?", [cid]).fetchone()
            state = json.loads(row[0]) if row else {"fame": {PLANET: 0}}  # a lost campaign lost its fame too
            logged = conn.execute("SELECT count(*) FROM history WHERE campaign_id = ? AND description LIKE ? "
                                  "AND status = 'done'", [cid, f"Fame on {PLANET}%"]).fetchone()[0]
            out[cid] = (state["fame"][PLANET], logged)
        return out
    finally:
        conn.close()


def verdict(path: Path, acked: dict, sent: dict) -> dict:
    found = state_of(path, acked)
    lost = sum(max(0, acked[c] - found[c][0]) for c in acked)
    half = sum(1 for c in acked if found[c][0] != found[c][1])  # state and history disagree
    phantom = sum(max(0, found[c][0] - sent[c]) for c in acked)  # applied but never sent: impossible
    return {"lost": lost, "half_applied": half, "phantom": phantom, "integrity": integrity(path)}


def run(workdir: Path, kills: int = 6, clients: int = 3, seed: int = 1, uptime=(0.3, 1.2)) -> dict:
    rnd = random.Random(seed)
    server = Server(Path(workdir) / "instance").start()
    setup = Client(server.port)
    ids = []
    for n in range(clients):
        status, headers, _ = setup.post("/campaigns", {"name": f"Crash {n}"}, htmx=False)
        assert status == 303, status
        ids.append(int(headers["Location"].rstrip("/").rsplit("/", 1)[1]))
    acked = {c: 0 for c in ids}
    sent = {c: 0 for c in ids}
    server_errors = 0
    started = time.monotonic()
    try:
        for _ in range(kills):
            stop = threading.Event()
            writers = [Writer(server.port, c, stop) for c in ids]
            for w in writers:
                w.start()
            time.sleep(rnd.uniform(*uptime))
            server.kill()
            stop.set()
            for w in writers:
                w.join()
                acked[w.campaign_id] += w.acked
                sent[w.campaign_id] += w.sent
                server_errors += len(w.server_errors)
            server.start()
    finally:
        server.stop()
    result = verdict(server.database, acked, sent)
    return {"kills": kills, "clients": clients, "acknowledged_writes": sum(acked.values()),
            "server_errors": server_errors, "seconds": round(time.monotonic() - started, 1), **result}


def negative_control(workdir: Path, writes: int = 20) -> dict:
    """The same check on a copy of the database without its WAL, right after a SIGKILL: it must see a loss,
    or the check proves nothing."""
    server = Server(Path(workdir) / "instance").start()
    client = Client(server.port)
    status, headers, _ = client.post("/campaigns", {"name": "Control"}, htmx=False)
    cid = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
    acked = 0
    for _ in range(writes):
        if client.post(f"/campaigns/{cid}/fame", {"planet": PLANET, "delta": 1})[0] == 200:
            acked += 1
    server.kill()
    copy = Path(workdir) / "without-wal.sqlite3"
    shutil.copy(server.database, copy)  # the main file only: what a careless copy of instance/ would take
    return {"acknowledged_writes": acked, **verdict(copy, {cid: acked}, {cid: writes}),
            "with_wal": verdict(server.database, {cid: acked}, {cid: writes})}

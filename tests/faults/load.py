"""Concurrency: several tablets editing one campaign and one mission at once through the real server, stale
versions mixed in. Every answer is 200, 409 (stale) or 422 (refused); the final state is what the accepted
requests make, and nothing says "database is locked"."""
from __future__ import annotations

import json
import random
import re
import sqlite3
import threading
import time
from pathlib import Path

from .server import Client, Server, integrity

FIGURE = "Grallok Sentry-1"


def set_up(server: Server) -> tuple[int, int]:
    c = Client(server.port)
    status, headers, _ = c.post("/campaigns", {"name": "Load"}, htmx=False)
    assert status == 303, status
    campaign = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
    assert c.post("/cards/samples", htmx=False)[0] == 303
    assert c.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)[0] == 303
    status, headers, _ = c.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2",
                                           "character_1": "Vera", "hp_1": "10", "ap_1": "6",
                                           "character_2": "Bram", "hp_2": "12", "ap_2": "7"}, htmx=False)
    assert status == 303, status
    return campaign, int(headers["Location"].rsplit("/", 1)[1])


class Tablet(threading.Thread):
    def __init__(self, port, campaign, mission, edits, seed, stale_share):
        super().__init__(daemon=True)
        self.port, self.campaign, self.mission, self.edits = port, campaign, mission, edits
        self.rnd = random.Random(seed)
        self.stale_share = stale_share
        self.name_ = f"t{seed}"
        self.answers: dict[int, int] = {}
        self.locked = 0
        self.fame = 0                  # accepted fame +1
        self.notes: list[tuple] = []   # accepted (based-on version, text)
        self.hp = 0                    # accepted hp deltas summed
        self.steps = 0                 # accepted mission steps
        self.stale_sent = self.stale_refused = 0

    def run(self):
        c = Client(self.port)
        for n in range(self.edits):
            kind = self.rnd.choice(("fame", "notes", "hp", "hp"))
            stale = self.rnd.random() < self.stale_share
            if kind == "fame":
                status, _, body = c.post(f"/campaigns/{self.campaign}/fame", {"planet": "Berkav", "delta": 1})
                if status == 200:
                    self.fame += 1
            elif kind == "notes":
                _, page = c.get(f"/campaigns/{self.campaign}")
                # the notes form's own version (the campaign's); the undo bar above it carries the journal's
                version = int(re.search(r'name="_form" value="notes".*?name="version" value="(\d+)"', page,
                                        re.S).group(1)) - (1 if stale else 0)
                text = f"{self.name_}-{n}"
                status, _, body = c.post(f"/campaigns/{self.campaign}/notes", {"version": version, "notes": text})
                if status == 200:
                    self.notes.append((version, text))
            else:
                _, page = c.get(f"/table/{self.mission}")
                version = int(re.search(r'data-version="(\d+)"', page).group(1)) - (1 if stale else 0)
                delta = -1 if self.hp >= 0 else 1  # this tablet's own changes stay within -1..0
                status, _, body = c.post(f"/table/{self.mission}/do/hp",
                                         {"version": version, "figure": FIGURE, "delta": delta})
                if status == 200:
                    self.hp += delta
                    self.steps += 1
            if stale and kind != "fame":
                self.stale_sent += 1
                self.stale_refused += status == 409
            self.answers[status] = self.answers.get(status, 0) + 1
            self.locked += "database is locked" in body


def final_state(path: Path, campaign: int, mission: int) -> dict:
    conn = sqlite3.connect(path)
    try:
        c = json.loads(conn.execute("SELECT state FROM campaigns WHERE id = ?", [campaign]).fetchone()[0])
        state, version = conn.execute("SELECT state, version FROM missions WHERE id = ?", [mission]).fetchone()
        m = json.loads(state)
        hp = next(f["hp"] for f in m["figures"] if f["id"] == FIGURE)
        steps = conn.execute("SELECT count(*) FROM mission_events WHERE mission_id = ? AND status = 'done'",
                             [mission]).fetchone()[0]
        return {"fame": c["fame"]["Berkav"], "notes": c["notes"], "version": c["version"], "hp": hp,
                "mission_version": version, "mission_steps": steps}
    finally:
        conn.close()


def run(workdir: Path, clients: int = 4, edits: int = 60, seed: int = 1, stale_share: float = 0.2) -> dict:
    server = Server(Path(workdir) / "instance").start()
    try:
        campaign, mission = set_up(server)
        before = final_state(server.database, campaign, mission)
        tablets = [Tablet(server.port, campaign, mission, edits, seed * 100 + n, stale_share) for n in range(clients)]
        started = time.monotonic()
        for t in tablets:
            t.start()
        for t in tablets:
            t.join()
        seconds = time.monotonic() - started
    finally:
        server.stop()
    after = final_state(server.database, campaign, mission)
    answers: dict[int, int] = {}
    for t in tablets:
        for k, v in t.answers.items():
            answers[k] = answers.get(k, 0) + v
    notes = [n for t in tablets for n in t.notes]
    expected = {
        "fame": before["fame"] + sum(t.fame for t in tablets),
        "notes": max(notes)[1] if notes else before["notes"],
        "version": before["version"] + len(notes),
        "hp": before["hp"] + sum(t.hp for t in tablets),
        "mission_version": before["mission_version"] + sum(t.steps for t in tablets),
        "mission_steps": before["mission_steps"] + sum(t.steps for t in tablets)}
    return {"clients": clients, "edits": clients * edits, "seconds": round(seconds, 1),
            "answers": {str(k): v for k, v in sorted(answers.items())},
            "server_errors": sum(v for k, v in answers.items() if k >= 500),
            "locked": sum(t.locked for t in tablets),
            "stale_sent": sum(t.stale_sent for t in tablets), "stale_refused": sum(t.stale_refused for t in tablets),
            "final_matches_accepted": after == expected, "final": after, "expected": expected,
            "integrity": integrity(server.database)}

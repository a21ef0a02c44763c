"""The journal-size section of `companion bench` (issue 35, item 8): what a long mission adds to the database,
and the size of a backup of a campaign that has played thirty of them, since every mission result copies it.

A scratch instance plays a 20-round mission on the Crossfire sample map with four characters through the
journal, as the mission table's commands store it: each round the decision die (its event card drawn), each
character's AP, the turn order revealed, then every turn — a character moves by 2 MP to the first space its
reach lists and ends its turn, an adversary's turn is applied as the AI plans it with seeded dice — one HP
correction (the most hurt character back to full, as a table corrects a slip) and the end of the round.
Reported: the bytes the file grew by (after a checkpoint, so the WAL's pages count too), the entries' stored
bytes, the WAL's largest size on the way, and the backup's size once the mission is copied to thirty missions
of one campaign. Reported, never asserted; the target is issue 35's.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
from pathlib import Path

from ..db import connect, immediate
from ..phantom import characters as chars
from ..phantom import play as rules
from ..phantom.campaign import new_campaign
from ..phantom.decision import COLORS, DecisionDie
from ..phantom.play.character_turn import reachable_costs
from ..phantom.turn import resolve_turn
from ..schemas.content.campaign import load_campaign_content
from ..store import backups
from ..store import campaigns as campaign_store
from ..store import mission_table as store
from ..web.mission_page import plan
from .tap_count import PARTY, crossfire_mission
from .timing import scratch_app

ROUNDS = 20
MISSIONS = 30
TARGET_MISSION_BYTES = 300_000
MOVE_MP = 2
CLASSES = (("Warrior", "Grallok"), ("Healer", "Slink"), ("Ranger", "Human"), ("Rogue", "Slink"))


def run(seed: int = 35) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-bench-journal-") as tmp:
        app = scratch_app(tmp)
        path = Path(app.config["DATABASE"])
        data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
        db = connect(path)
        try:
            with app.app_context():  # the AI's plan reads the hazard rules the app loaded
                mid = store.JOURNAL.create(db, {"name": "Crossfire (bench)"}, crossfire_mission(data), "Set up")
                start = _checkpointed_size(db, path)
                played = _play(db, path, mid, random.Random(seed))
            grown = _checkpointed_size(db, path) - start
            sizes = [r[0] for r in db.execute("SELECT length(diff) FROM mission_events WHERE mission_id = ?", [mid])]
            campaign = _thirty_missions(db, data, mid)
            _checkpointed_size(db, path)
        finally:
            db.conn.close()
        backup = backups.take(path, "mission-result")
        return {
            "map": "crossfire.json", "characters": len(PARTY), "rounds": played["rounds"],
            "result": played["result"], "changes": len(sizes),
            "mission_bytes_added": grown, "target_mission_bytes": TARGET_MISSION_BYTES,
            "within_target": grown <= TARGET_MISSION_BYTES,
            "entry_bytes_total": sum(sizes), "entry_bytes_median": statistics.median(sizes),
            "entry_bytes_largest": max(sizes), "wal_largest_bytes": played["wal_largest"],
            "campaign_missions": MISSIONS, "campaign_characters": campaign,
            "campaign_backup_bytes": backup.stat().st_size,
        }


def _checkpointed_size(db, path: Path) -> int:
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def _wal(path: Path) -> int:
    try:
        return os.path.getsize(f"{path}-wal")
    except OSError:
        return 0


def _play(db, path: Path, mid: int, rng: random.Random) -> dict:
    wal = [0]

    def change(command):
        store.JOURNAL.change(db, mid, command)
        wal[0] = max(wal[0], _wal(path))

    def now():
        return store.JOURNAL.get(db, mid).mission

    for number in range(1, ROUNDS + 1):
        if now().result is not None:
            break
        change(lambda m: rules.begin_round(m, DecisionDie(rng.choice(COLORS), "N", "W")))
        for i, c in enumerate(now().characters):
            if now().figure(c.id) is not None:
                change(lambda m, c=c, i=i: rules.select_cards(m, c.id, [(f"Round {number} cards", 2 + i)]))
        change(rules.reveal)
        while now().result is None and rules.turn_order(now()).next is not None:
            change(rules.start_next_turn)
            m = now()
            figure = m.figure(m.round.current)
            if figure.side == "character":
                reach = sorted(label for label, cost in reachable_costs(m, figure.id).items() if 0 < cost <= MOVE_MP)
                if reach:
                    change(lambda x, f=figure.id, to=reach[0]: rules.move_by_card(x, f, to, MOVE_MP))
                change(rules.end_turn)
            else:
                change(lambda x: rules.apply_adversary_turn(x, resolve_turn(rules.adversary_scenario(x, _dice(x, rng)))))
        if now().result is not None:
            break
        hurt = min((f for f in now().board.figures if f.side == "character"), key=lambda f: f.hp - f.max_hp,
                   default=None)
        if hurt is not None and hurt.hp < hurt.max_hp:
            change(lambda m, f=hurt: rules.set_hp(m, f.id, f.max_hp))
        change(rules.end_round)
    m = now()
    return {"rounds": m.rounds, "wal_largest": wal[0],
            "result": "unfinished" if m.result is None else ("success" if m.result.success else "failure")}


def _dice(m, rng: random.Random) -> dict:
    rolls = {"attack": [], "accuracy": []}
    for _, _, kind in plan(m)["to_roll"]:
        rolls[kind].append(rng.choice((0, 1, 1, 2)) if kind == "attack" else rng.choice(("success", "miss")))
    return rolls


def _thirty_missions(db, data: Path, mid: int) -> int:
    """One campaign of four characters whose thirty missions are the one played, copied: its rows and entries."""
    content, _ = load_campaign_content(data)
    c = new_campaign("The Bench", content)
    for (name, _), (cls, species) in zip(PARTY, CLASSES):
        c = chars.add_character(c, content, name, cls, species).campaign
    cid = campaign_store.JOURNAL.create(db, {}, c, "Created")
    db.execute("UPDATE missions SET campaign_id = ? WHERE id = ?", [cid, mid])
    columns = [c for c in db["missions"].columns_dict if c != "id"]
    names = ", ".join(columns)
    for _ in range(MISSIONS - 1):
        with immediate(db):
            copy = db.execute(f"INSERT INTO missions ({names}) SELECT {names} FROM missions WHERE id = ?", [mid]).lastrowid
            db.execute("INSERT INTO mission_events (mission_id, at, description, diff, status, request_id) "
                       "SELECT ?, at, description, diff, status, NULL FROM mission_events WHERE mission_id = ?",
                       [copy, mid])
    return len(c.characters)

"""(j) Migration 7 is linear in a mission's events: a database at schema 6 whose missions and games have long
event logs migrates with work in proportion to the events (SQLite's virtual-machine steps, counted — not
timed; `bash scripts/faults` prints the seconds for a 20,000-event mission), and every request id lands where
it belongs."""
from __future__ import annotations

from companion import db as dbmod

from .migration import at_schema_6


def steps_to_migrate(path, events: int) -> int:
    db = at_schema_6(path, events)
    count = [0]

    def tick():
        count[0] += 1
        return 0

    db.conn.set_progress_handler(tick, 100)
    assert dbmod.migrate(db)[0] == 7  # then the later ones, each a fixed amount of work (ALTER TABLE)
    db.conn.set_progress_handler(None, 0)
    db.conn.close()
    return count[0]


def test_migration_7_work_grows_in_proportion_to_the_events(tmp_path):
    small = steps_to_migrate(tmp_path / "small.sqlite3", 1000)
    large = steps_to_migrate(tmp_path / "large.sqlite3", 4000)
    assert large < 6 * small, (small, large)  # 4x the events: about 4x the work (quadratic was 16x)


def test_migration_7_files_every_request_id_of_a_long_log(tmp_path):
    db = at_schema_6(tmp_path / "big.sqlite3", 3000)
    dbmod.migrate(db)
    for kind, log in (("mission", "mission_events"), ("game", "game_events")):
        rows = {r["request_id"]: r for r in db.query("SELECT * FROM applied_requests WHERE kind = ?", [kind])}
        assert len(rows) == 2 * (3000 + 600)
        for doc in (1, 2):
            first = db.execute(f"SELECT MIN(id) FROM {log} WHERE {log[:-7]}_id = ?", [doc]).fetchone()[0]
            made = rows[f"{log}-{doc}-0"]
            assert (made["action"], made["owner_id"], made["entry_id"]) == ("create", doc, first)
            assert rows[f"{log}-{doc}-1"]["action"] == "change"
            assert rows[f"{log}-{doc}-5-step"]["action"] == "undo"
            assert rows[f"{log}-{doc}-10-step"]["action"] == "redo"
    db.conn.close()

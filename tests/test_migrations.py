"""Existing databases migrate without losing a row: a database made by each earlier schema (the numbered
migrations run by the code of the time, up to N, recorded in its schema_migrations table), every table
filled, then migrated to the latest; every row and value is compared afterwards, new columns aside."""
from __future__ import annotations

import pytest

from companion import db as dbmod
from companion.store import games, journal, mission_table

ROWS = 4  # per table: enough for every status and for set and unset optional columns


def legacy_migrate(db, upto: int) -> None:
    """What companion/db.py did before sqlite-utils' migrations: each step, then its number in schema_migrations."""
    db["schema_migrations"].create({"version": int, "name": str, "applied_at": str}, pk="version")
    for number, name, step in dbmod.MIGRATIONS:
        if number <= upto:
            with dbmod.immediate(db):
                step(db)
                db["schema_migrations"].insert({"version": number, "name": name, "applied_at": f"2025-01-0{number}"})


def _tables(db) -> list[str]:
    # Creation order: a table is created after those it refers to, so filling in this order keeps foreign keys.
    return [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                     "'sqlite_%' AND name != 'schema_migrations' ORDER BY rowid")]


def _value(db, table: str, column: dict, i: int, refs: dict):
    name, kind = column["name"], column["type"].upper()
    if name in refs:  # a foreign key: the same-numbered row of the table it names
        return i
    if name == "status":
        return ["done", "undone", "abandoned", "done"][i - 1] if "diff" in db[table].columns_dict \
            else ["active", "finished", "active", "finished"][i - 1]
    if name in ("request_id", "stepped_by"):
        return None if i % 2 else f"{table}-{name}-{i}"
    if name in ("archived", "sample"):
        return i % 2
    if "INT" in kind:
        return 10 * i + 1
    if not column["notnull"] and i == 2:
        return None
    return f"{table}.{name} #{i} · ü"


def fill(db) -> dict[str, list[dict]]:
    for table in _tables(db):
        refs = {fk.column for fk in db[table].foreign_keys}
        columns = db.execute(f"PRAGMA table_info([{table}])").fetchall()
        cols = [{"name": c[1], "type": c[2], "notnull": c[3]} for c in columns if c[1] != "id"]
        for i in range(1, ROWS + 1):
            db[table].insert({"id": i, **{c["name"]: _value(db, table, c, i, refs) for c in cols}})
    return {t: list(db.query(f"SELECT * FROM [{t}] ORDER BY rowid")) for t in _tables(db) + ["schema_migrations"]}


@pytest.mark.parametrize("upto", range(1, 7))
def test_a_database_of_each_earlier_schema_keeps_every_row(tmp_path, upto):
    db = dbmod.connect(tmp_path / f"schema-{upto}.sqlite3")
    legacy_migrate(db, upto)
    before = fill(db)
    backups = []
    applied = dbmod.migrate(db, before=lambda: backups.append("taken"))
    assert backups == ["taken"]  # a database holding data is backed up before it is migrated
    assert applied == [n for n, _, _ in dbmod.MIGRATIONS if n > upto]  # none of 1..upto run again
    assert dbmod.migrate(db) == [] and dbmod.pending_migrations(db) == []
    for table, rows in before.items():
        after = list(db.query(f"SELECT * FROM [{table}]" + ("" if table == "schema_migrations" else " ORDER BY rowid")))
        if table == "schema_migrations":  # the ledger (now a view of sqlite-utils' own) goes on past the old rows
            after = after[:len(rows)]
        assert len(after) == len(rows), table
        for old, new in zip(rows, after):
            moved = {k for k in old if k == "stepped_by"}  # migration 7 keeps these in applied_requests
            assert {k: v for k, v in new.items() if k in old} == {k: v for k, v in old.items() if k not in moved}, \
                table
    stepped = [(t, r) for t in ("mission_events", "game_events") for r in before.get(t, []) if r.get("stepped_by")]
    for table, row in stepped:
        kept = db["applied_requests"].get(row["stepped_by"])
        assert (kept["entry_id"], kept["action"]) == (row["id"], "undo" if row["status"] == "undone" else "redo")
    made = [(t, r) for t in ("mission_events", "game_events") for r in before.get(t, []) if r.get("request_id")]
    for table, row in made:
        assert db["applied_requests"].get(row["request_id"])["entry_id"] == row["id"]
    assert len(stepped) + len(made) == (4 * 2 if upto >= 5 else 0)
    db.conn.close()


def test_old_request_ids_are_still_recognised_after_the_migration(tmp_path):
    db = dbmod.connect(tmp_path / "old.sqlite3")
    legacy_migrate(db, 6)
    before = fill(db)
    dbmod.migrate(db)
    undone = next(r for r in before["game_events"] if r["stepped_by"])
    with pytest.raises(journal.AlreadyApplied):
        games.JOURNAL.undo(db, undone["game_id"], request_id=undone["stepped_by"])
    made = next(r for r in before["mission_events"] if r["request_id"])
    with pytest.raises(journal.AlreadyApplied):
        mission_table.JOURNAL.change(db, made["mission_id"], lambda m: m, request_id=made["request_id"])
    db.conn.close()


def test_the_old_ledger_becomes_sqlite_utils_own(tmp_path):
    db = dbmod.connect(tmp_path / "ledger.sqlite3")
    legacy_migrate(db, 6)
    dbmod.migrate(db)
    ledger = list(db["_sqlite_migrations"].rows)
    assert [r["name"][:3] for r in ledger] == [f"{n:03d}" for n, _, _ in dbmod.MIGRATIONS]
    assert {r["migration_set"] for r in ledger} == {dbmod.MIGRATION_SET}
    assert [r["applied_at"] for r in ledger[:6]] == [f"2025-01-0{n}" for n in range(1, 7)]  # when they really ran
    assert "schema_migrations" in db.view_names()
    assert dbmod.migrations().pending(db) == []
    db.conn.close()


def test_a_fresh_database_is_migrated_without_a_backup(tmp_path):
    db = dbmod.connect(tmp_path / "new.sqlite3")
    taken = []
    assert dbmod.migrate(db, before=lambda: taken.append(1)) == [n for n, _, _ in dbmod.MIGRATIONS]
    assert taken == []
    db.conn.close()

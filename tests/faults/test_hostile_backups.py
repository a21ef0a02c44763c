"""(e) A backup is restored only if it is one the app wrote: each hostile backup (a trigger, a view, a missing or
extra table, a document that does not read back, an incoherent ledger) is refused with what is wrong — 422 on
the Backups page, exit 2 and one line from the CLI — and nothing changes. Longer: scripts/faults."""
from __future__ import annotations

import pytest

from companion import cli
from companion.store import backups
from conftest import Table
from helpers.backups import old_backup

from . import hostile
from .server import snapshot


@pytest.fixture
def taken(app, campaign, table):
    """A backup of a campaign with three characters, then one more change after it."""
    made = backups.take(app.config["DATABASE"], "by-hand")
    table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": 1})
    return made


@pytest.mark.parametrize("case", list(hostile.CASES))
def test_a_hostile_backup_is_refused_with_what_is_wrong_and_nothing_changes(app, table, taken, case, capsys):
    name = hostile.make(taken, case, hostile.backup_name(1))
    db_path = app.config["DATABASE"]
    before, listed = snapshot(db_path), sorted(p.name for p in backups.folder(db_path).iterdir())
    resp = table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
    page = resp.get_data(as_text=True).replace("&#39;", "'")
    assert resp.status_code == 422, page[-2000:]
    assert hostile.CASES[case][1] in page and "Nothing was changed" in page
    capsys.readouterr()
    assert cli.main(["--instance", app.instance_path, "restore", name]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and hostile.CASES[case][1] in err
    assert snapshot(db_path) == before
    assert sorted(p.name for p in backups.folder(db_path).iterdir()) == listed  # no safety copy, no scratch
    assert not list(backups.folder(db_path).parent.glob("*.restor*"))
    assert table.get("/campaigns/1").status_code == 200


def test_the_same_backup_unaltered_is_restored(app, table, taken):
    """The control: the refusals above come from the alterations, not from the backup."""
    resp = table.post(f"/backups/{taken.name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 200 and f"Restored {taken.name}" in resp.get_data(as_text=True)


def test_a_backup_from_before_a_migration_passes_the_checks_at_its_level(app, table, campaign):
    """The schema is compared with what the migrations make at the backup's own level, not the latest."""
    name = old_backup(app, upto=4)
    resp = table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[-1500:]
    assert Table(app.test_client()).get("/campaigns/1").status_code == 200


def test_a_backup_with_the_old_ledger_table_passes_the_checks(app, table, campaign):
    """Before sqlite-utils' ledger the app kept its own schema_migrations table: such a backup is one it wrote."""
    from companion import db as dbmod

    name = hostile.backup_name(2)
    path = backups.folder(app.config["DATABASE"]) / name
    path.parent.mkdir(exist_ok=True)
    old = dbmod.connect(path)
    old["schema_migrations"].create({"version": int, "name": str, "applied_at": str}, pk="version")
    for number, title, step in dbmod.MIGRATIONS[:3]:
        with dbmod.immediate(old):
            step(old)
            old["schema_migrations"].insert({"version": number, "name": title, "applied_at": "2025-01-01"})
    old.conn.close()
    resp = table.post(f"/backups/{name}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[-1500:]
    db = dbmod.connect(app.config["DATABASE"])
    assert dbmod.pending_migrations(db) == [] and db["campaigns"].count == 0
    db.conn.close()

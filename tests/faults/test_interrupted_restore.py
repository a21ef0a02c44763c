"""(i) Start-up after a restore that was interrupted (the app, or the laptop, stopped while it replaced the
database): every page says so and offers the safety copy, the command line says so, the safety copy is kept
from pruning, and the table's choice — bring it back, or keep what is there — clears the note."""
from __future__ import annotations

import html

import pytest

from companion import cli, create_app
from companion.store import backups, retention
from conftest import Table

from . import restore_kills


@pytest.fixture
def interrupted(tmp_path):
    """An instance as a kill while the restore replaced the live file leaves it (the kill tests reach this state
    for real, tests/faults/test_restore_kills.py): the safety copy taken, the marker written."""
    pristine = restore_kills.prepare_instance(tmp_path, "in_place")
    db_path = pristine / "companion.sqlite3"
    safety = backups.take(db_path, "before-restore", verify=True)
    backups._mark(db_path, restore_kills.BACKUP, safety)
    return str(pristine), backups.interrupted(db_path)


def test_start_up_after_an_interrupted_restore_says_so_and_offers_the_safety_copy(interrupted, capsys):
    instance, found = interrupted
    app = create_app({"INSTANCE_PATH": instance, "TESTING": True})
    table = Table(app.test_client())
    for url in ("/", "/backups"):
        page = html.unescape(table.get(url).get_data(as_text=True))
        assert "A restore was interrupted" in page and found["backup"] in page
        assert f"/backups/{found['safety']}/restore" in page
    assert cli.main(["--instance", instance, "restore", "--list"]) == 0
    said = capsys.readouterr().out.splitlines()[0]
    assert "was interrupted" in said and f"companion restore {found['safety']}" in said
    cli._say_interrupted_restore(app)  # what `companion serve` prints before it listens
    assert "was interrupted" in capsys.readouterr().out
    for n in range(retention.LIMITS["before-restore"] + 2):  # more of its kind: the safety copy stays
        backups.take(app.config["DATABASE"], "before-restore")
    assert backups.find(app.config["DATABASE"], found["safety"]).exists()
    resp = table.post(f"/backups/{found['safety']}/restore", {"confirm": "restore", "_form": "restore"})
    assert resp.status_code == 200 and f"Restored {found['safety']}" in resp.get_data(as_text=True)
    assert backups.interrupted(app.config["DATABASE"]) is None
    assert "A restore was interrupted" not in table.get("/").get_data(as_text=True)
    assert restore_kills.fingerprint(app.config["DATABASE"]) == restore_kills.fingerprint(
        backups.find(app.config["DATABASE"], found["safety"]))
    app.extensions["db_keepalive"].conn.close()


def test_keeping_what_is_there_clears_the_note_and_keeps_the_safety_copy(interrupted):
    instance, found = interrupted
    app = create_app({"INSTANCE_PATH": instance, "TESTING": True})
    table = Table(app.test_client())
    assert table.post("/backups/interrupted/keep", {"_form": "keep"}).status_code == 200
    assert "A restore was interrupted" not in table.get("/").get_data(as_text=True)
    assert backups.find(app.config["DATABASE"], found["safety"]).exists()
    app.extensions["db_keepalive"].conn.close()

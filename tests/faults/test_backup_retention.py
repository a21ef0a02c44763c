"""Backups a group can rely on (issue 35, item 1), tests/faults/backup_retention.py's run asserted: retention by
reason, the last known good backup, a start-up with nothing changed taking no copy, bounded space; and the
Backups page's delete of a backup kept until deleted."""
from __future__ import annotations

import pytest

from companion import cli, create_app
from companion.store import backups, retention
from helpers.games import Table

from . import backup_retention


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    return backup_retention.run(tmp_path_factory.mktemp("retention"))


def test_a_damaged_campaign_and_14_start_ups_leave_a_backup_where_it_reads_back_marked_last_known_good(figures):
    assert figures["start_ups_copied"] == backup_retention.ROUNDS  # each start after a change took its copy
    assert figures["readable_damaged_campaign_in"] >= 1
    assert figures["last_known_good_is_the_clean_start_up"], figures
    assert figures["last_known_good_reads_the_campaign"] and figures["page_marks_last_known_good"]


def test_a_hand_backup_survives_14_start_ups_and_14_mission_results(figures):
    assert figures["hand_backup_kept"] and figures["hand_backup_marked_kept"]


def test_a_start_up_with_nothing_changed_takes_no_copy(figures):
    assert figures["copies_on_unchanged_start"] == 0


def test_the_copy_before_delete_forever_survives_rotation(figures):
    assert figures["before_delete_kept"]


def test_the_space_is_bounded_by_the_counts_and_shown(figures):
    assert figures["within_limits"] and figures["page_shows_space"]
    assert figures["by_reason"]["mission-result"] == retention.LIMITS["mission-result"]
    assert figures["by_reason"]["start-up"] == retention.LIMITS["start-up"] + 1  # + the last known good one
    assert figures["bytes"] <= figures["bound_bytes"]
    assert backup_retention.faults(figures) == 0


def test_a_start_up_after_a_change_made_outside_the_app_copies_it(tmp_path):
    app = backup_retention.start(tmp_path / "instance")
    Table(app.test_client()).post("/campaigns", {"name": "The Historians"}, htmx=False)
    db_path = app.config["DATABASE"]
    backup_retention.stop(app)
    backup_retention.stop(backup_retention.start(tmp_path / "instance"))
    first = backup_retention.names(db_path)
    backup_retention.flip_bytes(db_path, "campaigns", 1)  # no history entry, no version: only the bytes
    backup_retention.stop(backup_retention.start(tmp_path / "instance"))
    assert len(backup_retention.names(db_path)) == len(first) + 1


def test_the_table_deletes_a_kept_backup_once_confirmed_and_not_a_rotated_one(tmp_path, capsys):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True})
    table = Table(app.test_client())
    table.post("/campaigns", {"name": "The Historians"}, htmx=False)
    assert table.post("/backups/take").status_code == 200
    db_path = app.config["DATABASE"]
    hand = backup_retention.names(db_path)[0]
    rotated = backups.take(db_path, "mission-result").name
    assert cli.main(["--instance", app.instance_path, "restore", "--list"]) == 0
    listed = dict(line.split("\t", 1) for line in capsys.readouterr().out.splitlines())
    assert listed[hand].endswith("kept until deleted") and "last known good" in listed[rotated]
    page = table.get("/backups").get_data(as_text=True)
    assert f"/backups/{hand}/delete" in page and f"/backups/{rotated}/delete" not in page
    resp = table.post(f"/backups/{hand}/delete", {"_form": "delete"})
    assert resp.status_code == 422 and "Tick the box" in resp.get_data(as_text=True)
    assert hand in backup_retention.names(db_path)
    resp = table.post(f"/backups/{rotated}/delete", {"_form": "delete", "confirm": "delete"})
    assert resp.status_code == 422 and rotated in backup_retention.names(db_path)
    resp = table.post(f"/backups/{hand}/delete", {"_form": "delete", "confirm": "delete"})
    assert resp.status_code == 200 and f"Deleted backup {hand}" in resp.get_data(as_text=True)
    assert hand not in backup_retention.names(db_path)
    assert not list((tmp_path / "instance" / "backups").glob(f"{hand}*"))  # its note went with it
    assert table.post(f"/backups/{hand}/delete", {"_form": "delete", "confirm": "delete"}).status_code == 404
    assert table.post("/backups/..%2Fcompanion.sqlite3/delete", {"confirm": "delete"}).status_code == 404
    app.extensions["db_keepalive"].conn.close()

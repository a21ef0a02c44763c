"""(j) Start-up and shutdown of the real server (issue 35): a newer app's database refused with exit 2 and left
byte for byte; a second server on the same instance folder refused naming the first's address, and a new one
starting after a kill -9 of the first; owner-only files (and older loose ones tightened); SIGTERM leaving the
.sqlite3 file alone current. The same runs print their figures in `bash scripts/faults --only start-up`."""
from __future__ import annotations

import pytest

from . import start_up


@pytest.mark.parametrize("journal_mode", ["delete", "wal"])
def test_a_newer_apps_database_is_refused_and_left_byte_for_byte(tmp_path, journal_mode):
    figures = start_up.run_newer(tmp_path, journal_mode)
    assert not figures["served"] and figures["exit"] == 2, figures
    assert figures["lines"] == 1 and not figures["traceback"] and figures["names_both"], figures
    assert figures["unchanged"] and figures["backups"] == 0, figures


def test_a_second_server_on_the_folder_is_refused_and_a_kill_9_leaves_no_lock(tmp_path):
    figures = start_up.run_second_server(tmp_path)
    assert not figures["served"] and figures["exit"] == 2, figures
    assert figures["lines"] == 1 and not figures["traceback"] and figures["names_first"], figures
    assert figures["after_kill_9_started"], figures


def test_the_instance_is_owner_only_and_older_loose_files_are_tightened(tmp_path):
    figures = start_up.run_modes(tmp_path)
    assert figures["wal_seen"] and figures["fresh_loose"] == [], figures
    assert figures["loosened_loose"] >= 2, figures  # the test did loosen the folder and the database
    assert figures["backups"] >= 1 and "backups" in figures["tightened"], figures  # its folder, its start-up backup
    assert figures["tightened_loose"] == [], figures


def test_sigterm_checkpoints_the_wal_into_the_database(tmp_path):
    figures = start_up.run_sigterm(tmp_path)
    assert figures["change_status"] == 303 and figures["wal_bytes_before"], figures
    assert figures["wal_bytes_after"] in (None, 0) and figures["alone_holds_last_change"], figures


def test_a_disk_too_full_for_the_start_up_backup_is_said_in_one_line(tmp_path):
    figures = start_up.run_full_disk(tmp_path)
    if "skipped" in figures:
        pytest.skip(figures["skipped"])
    assert not figures["served"] and figures["exit"] == 2, figures
    assert figures["lines"] == 1 and not figures["traceback"] and figures["says_full"], figures
    assert figures["unchanged"] and figures["backups_left"], figures


def test_a_read_only_instance_folder_is_said_as_such_not_as_a_damaged_database(tmp_path):
    figures = start_up.run_read_only(tmp_path)
    if "skipped" in figures:
        pytest.skip(figures["skipped"])
    assert not figures["served"] and figures["exit"] == 2, figures
    assert figures["lines"] == 1 and not figures["traceback"], figures
    assert figures["names_folder"] and not figures["says_damaged"], figures


def test_an_instance_folder_this_account_may_not_write_is_said_as_permissions(tmp_path, monkeypatch, capsys):
    """The same, for a folder without write permission (as root, every folder is writable: os.access stands in)."""
    from companion import cli
    from companion.store import instance

    folder = tmp_path / "instance"
    folder.mkdir()
    monkeypatch.setattr(instance.os, "access", lambda path, mode: False)
    assert cli.main(["--instance", str(folder), "export", "--list"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and str(folder) in said[0] and "permission denied" in said[0], said
    assert not (folder / "companion.sqlite3").exists()

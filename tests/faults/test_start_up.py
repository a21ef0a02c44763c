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

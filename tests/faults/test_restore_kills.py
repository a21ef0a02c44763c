"""(g) A restore SIGKILLed at every step of both paths — written into a healthy live file (here from a backup
with another page size, the case that once replaced the file whole and left 0 tables) and replacing a damaged
one whole — leaves the old database or the restored one, never an empty or mixed one; a safety copy in the
list is never partial; start-up works and, after a kill during the replacement, says the restore was
interrupted and offers the safety copy. Every step here; scripts/faults also kills during the checks."""
from __future__ import annotations

import pytest

from . import restore_kills


@pytest.mark.parametrize("path", restore_kills.PATHS)
def test_a_restore_killed_at_any_step_leaves_the_old_or_the_new_database(tmp_path, path):
    figures = restore_kills.run_path(tmp_path, path, start_every=6)
    assert figures["failures"] == [] and figures["completed"], figures
    assert figures["kills"] == figures["steps"] >= 10
    assert figures["old"] + figures["new"] == figures["kills"] and figures["old"] and figures["new"]
    assert figures["neither"] == figures["empty"] == figures["safety_incomplete"] == 0
    assert figures["interrupted_said"] > 0 and figures["interrupted_silent"] == 0

"""(a) The real server SIGKILLed during acknowledged writes: nothing acknowledged lost, nothing half-applied,
integrity_check clean; and a negative control proving the check sees a loss. Longer: scripts/faults."""
from __future__ import annotations

from . import crash


def test_acknowledged_writes_survive_sigkill(tmp_path):
    figures = crash.run(tmp_path, kills=5, clients=3, seed=16)
    assert figures["acknowledged_writes"] > 0
    assert figures["lost"] == 0 and figures["half_applied"] == 0 and figures["phantom"] == 0
    assert figures["integrity"] == "ok" and figures["server_errors"] == 0


def test_the_check_detects_a_loss_in_a_copy_without_its_wal(tmp_path):
    figures = crash.negative_control(tmp_path)
    assert figures["acknowledged_writes"] > 0
    assert figures["lost"] > 0  # the copy misses acknowledged writes, and the check says so
    assert figures["with_wal"]["lost"] == 0 and figures["with_wal"]["integrity"] == "ok"

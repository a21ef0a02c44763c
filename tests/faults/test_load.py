"""(b) Several tablets, hundreds of edits on one campaign and one mission, stale versions mixed in: 0 server
errors, 0 "database is locked", the final state equal to the accepted requests. Longer: scripts/faults."""
from __future__ import annotations

from . import load


def test_concurrent_edits_with_stale_versions(tmp_path):
    figures = load.run(tmp_path, clients=4, edits=50, seed=16)
    assert figures["server_errors"] == 0 and figures["locked"] == 0, figures
    assert set(figures["answers"]) <= {"200", "409", "422"}, figures
    assert figures["stale_sent"] > 0 and figures["stale_refused"] == figures["stale_sent"], figures
    assert figures["final_matches_accepted"], figures
    assert figures["integrity"] == "ok"

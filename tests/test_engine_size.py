"""A game engine is read one job at a time (issue 23): no module under companion/games/ is over 600 lines, so each
game is a package split by job (state, set-up, phases, combat, scoring) like companion/phantom/play/."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion import ROOT

GAMES = Path(ROOT) / "companion" / "games"
MAX_LINES = 600


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES)))
def test_no_game_engine_module_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job (at most {MAX_LINES})"

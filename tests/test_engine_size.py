"""A game engine is read one job at a time (issue 23): no module under companion/games/ is over 600 lines, so each
game is a package split by job (state, set-up, phases, combat, scoring) like companion/phantom/play/; and no module
of the app is over 700 lines nor any function over 80 (issue 37)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion import ROOT

GAMES = Path(ROOT) / "companion" / "games"
MAX_LINES = 600


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES)))
def test_no_game_engine_module_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job (at most {MAX_LINES})"


PACKAGE = Path(ROOT) / "companion"
MAX_MODULE_LINES = 700  # issue 37: the house's limit for any module of the app
MAX_FUNCTION_LINES = 80


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_700_lines_and_no_function_over_80(path):
    text = path.read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job"
    long = [(n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(ast.parse(text))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > MAX_FUNCTION_LINES]
    assert long == [], f"{path.relative_to(ROOT)}: functions over {MAX_FUNCTION_LINES} lines: {long}"

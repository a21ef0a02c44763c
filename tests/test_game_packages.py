"""A game engine split into a package keeps its modules in the order its __init__ documents: each imports only
the modules before it, so the package has no import cycle and its state (and file format) depends on nothing else
of it; the package gives the whole rules module by one import, as the kit, the store and the tests use it."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from companion import ROOT

GAMES = Path(ROOT) / "companion" / "games"
PACKAGES = tuple(sorted(p.parent.name for p in GAMES.glob("*/__init__.py")))  # every engine split by job


def documented_order(package: str) -> tuple[str, ...]:
    """The module names listed under "One module per job, each importing only those before it:"."""
    doc = ast.get_docstring(ast.parse((GAMES / package / "__init__.py").read_text(encoding="utf-8")))
    listing = doc.split("each importing only those before it:", 1)[1]
    return tuple(re.findall(r"^    (\w+) ", listing, re.M))


def imports_within_package(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_of_the_package_is_in_the_documented_order(package):
    modules = {p.stem for p in (GAMES / package).glob("*.py")} - {"__init__"}
    assert set(documented_order(package)) == modules


@pytest.mark.parametrize("package", PACKAGES)
def test_each_module_imports_only_the_modules_before_it(package):
    order = documented_order(package)
    assert order[0] == "state"
    for i, name in enumerate(order):
        later = imports_within_package(GAMES / package / f"{name}.py") - set(order[:i])
        assert later == set(), f"{package}/{name}.py imports {sorted(later)}, which come after it"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_is_the_rules_module_the_frame_reads(package):
    rules = importlib.import_module(f"companion.games.{package}")
    for name in ("KEY", "TITLE", "FORMAT", "PLAYERS_RANGE"):
        assert getattr(rules, name)
    for name in ("new_game", "players", "current_step", "next_step", "back_step", "verdict", "to_dict", "from_dict",
                 "score"):
        assert callable(getattr(rules, name)), name
    assert rules.Game.__module__ == f"companion.games.{package}.state"  # the codec reads its hints there

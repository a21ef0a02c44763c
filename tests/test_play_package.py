"""The mission engine's package (companion/phantom/play/): one module per job, each importing only the
modules before it, so the package has no import cycle, and the codec reads nothing but the state."""
from __future__ import annotations

import ast
from pathlib import Path

from companion import ROOT

PACKAGE = Path(ROOT) / "companion" / "phantom" / "play"
# The dependency order documented in the package's __init__: a module may import only those before it.
ORDER = ("state", "decks", "figures", "order", "round", "critical_strikes", "attacks", "character_turn", "setup",
         "corrections",
         "next_step", "preview")


def imports_within_package(name: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{name}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
    return found


def test_every_module_of_the_package_is_in_the_documented_order():
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(ORDER) | {"codec"}


def test_each_module_imports_only_the_modules_before_it():
    for i, name in enumerate(ORDER):
        later = imports_within_package(name) - set(ORDER[:i])
        assert later == set(), f"{name} imports {sorted(later)}, which come after it"


def test_the_codec_depends_on_the_state_only():
    assert imports_within_package("codec") == {"state"}


def test_the_package_gives_the_commands_and_the_codec_by_one_import():
    from companion.phantom.play import Mission, Update, mission_from_dict, mission_to_dict, set_up, start_next_turn

    assert all(callable(x) for x in (Mission, Update, mission_from_dict, mission_to_dict, set_up, start_next_turn))

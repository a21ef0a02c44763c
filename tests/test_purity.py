"""The rules engines import only the standard library and their own modules (DESIGN.md)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from companion import ROOT

ENGINES = ["companion/phantom", "companion/games"]
# What the engines share is itself held to the same rule: the one family of refusals, the state codec
# every game's state goes through, and the hex arithmetic of the map engine and Aldarra Reborn's board.
SHARED = ["companion/errors.py", "companion/codec.py", "companion/hexgrid.py", "companion/names.py"]


def engine_files():
    return [p for d in ENGINES for p in sorted((Path(ROOT) / d).rglob("*.py"))] + [Path(ROOT) / f for f in SHARED]


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_module_imports_only_the_standard_library(path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # Resolved against the file's own package, so an engine's subpackage (phantom/play/) may import
                # its engine's modules (..hexmap) but nothing outside the engine.
                package = path.parent.relative_to(ROOT).parts
                base = package[:max(0, len(package) - node.level + 1)]
                target = base + (tuple(node.module.split(".")) if node.module else ())
                if "/".join(target) + ".py" in SHARED:
                    continue  # a shared pure module (errors, codec, hexgrid), standard library only (checked above as a SHARED file)
                # relative: must stay inside its own engine package
                assert base[:2] == package[:2] and len(base) >= 2, \
                    f"{path}: reaches outside its package ({'.' * node.level}{node.module})"
                continue
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names, f"{path}: imports {name}, not in the standard library"

"""The rules engines import only the standard library and their own modules (DESIGN.md)."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import ROOT

ENGINES = ["companion/phantom", "companion/games"]
# What the engines share is itself held to the same rule: the one family of refusals, the state codec
# every game's state goes through (and its markers), the hex arithmetic of the map engine and Aldarra Reborn's rules, and the
# hex boards' geometry and drawing (Phantom Epoch's maps, Aldarra Reborn's board, Suriya 162's map), and
# what a name looks like once its invisible characters are gone, and `@record`, how their values are declared.
SHARED = ["companion/errors.py", "companion/codec.py", "companion/codec_marks.py", "companion/hexgrid.py",
          "companion/hexboard.py", "companion/names.py", "companion/record.py"]


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
                    continue  # a shared pure module (errors, codec, hexgrid, hexboard), standard library only (checked above as a SHARED file)
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


WEB_LIBRARIES = ("flask", "jinja2", "werkzeug", "marshmallow", "companion.kits", "companion.web")
# The areas that read file formats (a card library or card file, a scenario file) validate them with their schema
# (store -> schemas/files, marshmallow), and so does the check of a backup's documents, which reads every
# area's documents as the app would, and so does retention's verdict on a backup; no store module loads a web
# library.
READS_FILE_FORMATS = {"companion.store.cards": {"marshmallow"}, "companion.store.maps": {"marshmallow"},
                      "companion.store.card_file": {"marshmallow"},
                      "companion.store.backup_checks": {"marshmallow"}, "companion.store.backups": {"marshmallow"},
                      "companion.store.readback": {"marshmallow"},  # it reads every area's documents: cards' and maps' too
                      "companion.store.retention": {"marshmallow"}}  # it judges a backup by reading its documents back
STORE_MODULES = sorted(f"companion.store.{p.stem}" if p.stem != "__init__" else "companion.store"
                       for p in (Path(ROOT) / "companion/store").glob("*.py"))


@pytest.mark.parametrize("module", STORE_MODULES)
def test_the_store_loads_the_engines_and_no_web_library_nor_kit(module):
    # A fresh interpreter: this test session has Flask loaded already. The game store reads the rules
    # registry of the engine layer (companion/games/registry.py), not the kits.
    code = (f"import sys, {module}; print(' '.join(sorted(n for n in {WEB_LIBRARIES!r} if n in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    loaded = set(done.stdout.split())
    assert loaded <= READS_FILE_FORMATS.get(module, set()), f"{module} loads {sorted(loaded)}"


# What a turn never needs, so importing the engine (`companion resolve`'s start, issue 37 item 9) loads none of
# it: the codec (a turn is given its Scenario; reading or writing one imports the codec), the boards' drawing
# (companion/hexboard.py: cells, edge areas, label boxes), the dice's face tables (content, never read by a turn),
# datetime (the app's session lifetime), the exact fractions of a line of sight drawn beyond the shipped table,
# and the web and the database.
NOT_FOR_A_TURN = ("companion.codec", "companion.hexboard", "companion.phantom.dice_faces", "datetime", "fractions",
                  "flask", "jinja2", "marshmallow", "sqlite_utils", "sqlite3", "companion.web", "companion.store")


def test_importing_the_engine_loads_nothing_a_turn_never_needs():
    code = (f"import sys, companion.phantom.turn; "
            f"print(' '.join(sorted(n for n in {NOT_FOR_A_TURN!r} if n in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert done.stdout.split() == [], f"importing companion.phantom.turn loads {done.stdout.split()}"


def test_a_class_cards_rows_are_written_and_read_back_by_the_codec_imported_then():
    # The lazy side of the same cut: a class card's rows are written and read by the codec, imported then.
    code = ("import sys, companion.phantom.turn as t; from companion.phantom.scenario import Card, ClassCard, ROWS; "
            "card = ClassCard('C', (('red', Card('r', 2)),)); doc = ROWS.write(card.rows, None); "
            "print('companion.codec' in sys.modules, ROWS.read(doc, None) == card.rows)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert done.stdout.split() == ["True", "True"]

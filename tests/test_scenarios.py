"""Every clarifying example of the adversary rules (Phantom Epoch rulebook p.50-61, Figures 36-49) rebuilt as a
scenario file under tests/scenarios/, each beside the resolution the rulebook text gives for it.

The pictures of the rulebook are missing, so each file draws a map with the situation the text describes
(tests/scenarios/README.md). `<name>.expected.json` holds the page, the figure, the sentences it checks, the
parts of the resolution that matter and words the explanation must say. The outcome was worked out from the
rulebook text by hand, not copied from the engine. Each file is resolved through `companion resolve`, the
command players use to settle a ruling at the table.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli

HERE = Path(__file__).resolve().parent / "scenarios"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "examples"
FILES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def expected_for(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def case_id(path: Path) -> str:
    e = expected_for(path)
    return f"{e['page']} {e['figure']} [{path.stem}]"


def resolve(path: Path, capsys) -> dict:
    assert cli.main(["resolve", str(path)]) in (0, None)
    return json.loads(capsys.readouterr().out)


def check_fields(actual, expected, where: str) -> None:
    """Every field the expected file lists is equal in the resolution; lists of dicts item by item, in order."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key}: missing from {actual!r}"
            check_fields(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and any(isinstance(x, dict) for x in expected):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{where}: expected {len(expected)} items, got {actual!r}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            check_fields(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def test_every_scenario_has_its_expected_resolution():
    assert len(FILES) >= 26  # Figures 36-49: 26 situations (Figure 47 has no adversary turn)
    for path in FILES:
        e = expected_for(path)
        assert e["page"].startswith("p.") and e["figure"].startswith("Figure ") and e["text"], path.name
        assert e["resolution"]["steps"] and e["explanation_mentions"], path.name


@pytest.mark.parametrize("path", FILES, ids=case_id)
def test_clarifying_example(path, capsys):
    expected = expected_for(path)
    scenario = json.loads(path.read_text(encoding="utf-8"))
    out = resolve(path, capsys)
    assert out["format"] == "phantom-epoch-resolution/1"
    assert out["adversary"] == scenario["turn"]["adversary"]
    want = expected["resolution"]
    assert out["primary_target"] == want["primary_target"], out["explanation"]
    assert len(out["steps"]) == len(want["steps"]), out["steps"]
    check_fields(out, {k: v for k, v in want.items() if k != "primary_target"}, "resolution")
    sentences = [s.lower() for s in out["explanation"]]
    for words in expected["explanation_mentions"]:
        assert any(words.lower() in s for s in sentences), f"no sentence says {words!r}: {out['explanation']}"


def test_shared_example_turn_sentry(capsys):
    path = SHARED / "turn-sentry.json"
    if not path.exists() or not (SHARED / "turn-sentry.expected.json").exists():
        pytest.skip("../shared/examples/turn-sentry.json is not there")
    want = json.loads((SHARED / "turn-sentry.expected.json").read_text(encoding="utf-8"))
    out = resolve(path, capsys)
    assert (out["format"], out["adversary"], out["primary_target"]) == \
        (want["format"], want["adversary"], want["primary_target"])
    assert out["steps"] == want["steps"]


# -- one file per rule that has no clarifying example (tests/scenarios/rules/) --------------------------------
# The same check for rules the rulebook states in words only (p.26, 27-28, 33, 37): `<name>.expected.json`
# holds the page, the rule's reading (INTERPRETATIONS.md or docs/rules.md), the resolution worked out from
# the text by hand and words the explanation must say.

RULE_FILES = sorted(p for p in (HERE / "rules").glob("*.json") if not p.name.endswith(".expected.json"))


def rule_id(path: Path) -> str:
    return f"{expected_for(path)['page']} [{path.stem}]"


def test_every_rule_file_has_its_expected_resolution():
    assert len(RULE_FILES) >= 5
    for path in RULE_FILES:
        e = expected_for(path)
        assert e["page"].startswith("p.") and e["rule"] and e["text"], path.name
        assert e["resolution"]["steps"] and e["explanation_mentions"], path.name


@pytest.mark.parametrize("path", RULE_FILES, ids=rule_id)
def test_rule_example(path, capsys):
    expected = expected_for(path)
    out = resolve(path, capsys)
    want = expected["resolution"]
    assert out["primary_target"] == want["primary_target"], out["explanation"]
    assert len(out["steps"]) == len(want["steps"]), out["steps"]
    check_fields(out, {k: v for k, v in want.items() if k != "primary_target"}, "resolution")
    sentences = [s.lower() for s in out["explanation"]]
    for words in expected["explanation_mentions"]:
        assert any(words.lower() in s for s in sentences), f"no sentence says {words!r}: {out['explanation']}"

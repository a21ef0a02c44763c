"""An action keyword is one entry (issue 37, item 2): what it does is declared in companion/phantom/keywords.py,
and the scenario reader, a typed card's line, the adversary's turn and the preview's danger layer read that
entry. "Dash" (a Move by another name, typed "X3") is added here as one entry and nothing else, and every part
plays it as the rulebook plays a Move (p.24); no part asks an action's type by its name."""
from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

import companion
from companion.phantom import keywords
from companion.phantom.play import adversary_scenario
from companion.phantom.play.preview import danger_spaces
from companion.phantom.scenario import Action, Card, ClassCard, Scenario, ScenarioError
from companion.phantom.turn import resolve_turn
from companion.schemas.files.card_lines import read_action, write_action
from test_condition_entries import first_adversary_turn, sentry, turns

DASH = keywords.Keyword("dash", "Dash", "x", "movement", 24, plan="path", mode="move", in_mp=True,
                        relocates=True, stands_up=True, walks=True)
ROOT = Path(companion.__file__).parent
RULES = json.loads((ROOT.parent / "data" / "rules" / "phantom-epoch.json").read_text(encoding="utf-8"))


@pytest.fixture
def dash(monkeypatch):
    """The one entry a new keyword of an existing kind takes."""
    monkeypatch.setitem(keywords.REGISTRY, DASH.name, DASH)
    return DASH.name


def test_every_keyword_has_its_rule_summary_on_its_page():
    """A keyword's entry names its page; the Rules page's summary of that page lists it, so a card's keyword
    opens the rule that describes it."""
    for k in keywords.REGISTRY.values():
        pages = [r for r in RULES["rules"] if r["page"] == str(k.page)]
        assert pages, f"{k.name}: no summary of p.{k.page}"
        if k.name != "condition":  # the Conditions summary lists each condition, not the word
            assert any(k.name in r["keywords"] for r in pages), f"{k.name} is not a keyword of p.{k.page}"


def test_every_kind_of_keyword_has_its_step_in_the_turn():
    from companion.phantom import turn
    assert set(turn._PERFORM) == set(keywords.ACTS)


def test_an_entry_that_contradicts_itself_is_refused():
    with pytest.raises(ValueError, match="plan"):
        keywords.Keyword("pull", "Pull", "p", "attack", 24, plan="path", mode="move")
    with pytest.raises(ValueError, match="acts"):
        keywords.Keyword("pull", "Pull", "p", "pulls", 24)


def test_a_new_keyword_is_read_from_a_scenario_file_and_a_card_line(dash):
    assert read_action("Dash 3", "card 1") == {"type": "dash", "value": 3}
    assert read_action("X3", "card 1") == {"type": "dash", "value": 3}
    assert write_action({"type": "dash", "value": 3}) == "Dash 3"
    Action("dash", 3)  # the engine's own check reads the entry
    with pytest.raises(ScenarioError, match="action type"):
        Action("pull", 2)


def _with_dash(sc: Scenario) -> Scenario:
    def swap(card):
        if isinstance(card, ClassCard):
            return replace(card, rows=tuple((c, swap(row)) for c, row in card.rows))
        return replace(card, actions=tuple(replace(a, type="dash") if a.type == "move" else a for a in card.actions))
    return replace(sc, turn=replace(sc.turn, cards=tuple(swap(c) for c in sc.turn.cards)))


def test_an_adversary_dashes_as_it_moves_and_the_preview_agrees(dash):
    m = first_adversary_turn(turns())
    me = sentry(m)
    sc = adversary_scenario(m, adversary=me.id)
    cards = (Card("Advance", 3, (Action("move", 3),)), Card("Strike", 2, (Action("attack", 1),)))
    sc = replace(sc, turn=replace(sc.turn, cards=cards))
    moved, dashed = resolve_turn(sc), resolve_turn(_with_dash(sc))
    walked = [(s.movement.start, s.movement.end, s.movement.mp) for s in moved.steps if s.movement]
    assert walked and walked[0][0] != walked[0][1]  # the Move took it somewhere
    assert [(s.movement.start, s.movement.end, s.movement.mp) for s in dashed.steps if s.movement] == walked
    assert dashed.board == moved.board
    assert moved.steps[0].action == "move" and dashed.steps[0].action == "dash"
    assert [s.action for s in dashed.steps[1:]] == [s.action for s in moved.steps[1:]]
    assert danger_spaces(_with_dash(sc))[0] == danger_spaces(sc)[0] != frozenset()


def test_no_action_type_is_asked_by_its_name_outside_the_registry():
    """The engine and the schemas ask an action's entry what it does (`keywords.acts`, `.mode`, the flags); an
    action's `type` compared with a keyword's name appears only in companion/phantom/keywords.py."""
    names = set(keywords.REGISTRY)

    def is_name(n):
        if isinstance(n, ast.Constant):
            return n.value in names
        return isinstance(n, (ast.Tuple, ast.Set, ast.List)) and any(is_name(e) for e in n.elts)

    found = []
    for part in ("phantom", "schemas"):
        for path in sorted((ROOT / part).rglob("*.py")):
            if path == ROOT / "phantom" / "keywords.py":
                continue
            for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(n, ast.Compare):
                    sides = [n.left, *n.comparators]
                    if any(isinstance(s, ast.Attribute) and s.attr == "type" for s in sides) and any(
                            is_name(s) for s in sides):
                        found.append(f"{path.relative_to(ROOT)}:{n.lineno}")
    assert found == []

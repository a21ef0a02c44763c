"""A condition is one entry (issue 37): what it does is declared with it (conditions.json's `effects`, read into
companion/phantom/conditions.py's registry) and the adversary's turn, the preview's danger layer, the round and
a character's reach all read that entry. "Shocked" (-1 MP, ends after its next full turn) is added here as one
entry and nothing else, and every part applies it; no condition's name is matched outside the registry."""
from __future__ import annotations

import ast
import json
import random
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion
from companion.phantom import conditions
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import MapError
from companion.phantom.paths import reach
from companion.phantom.play import (
    Embarking, add_condition, adversary_scenario, begin_round, end_turn, move_by_card, place_character, preview,
    reachable_costs, reveal, select_cards, set_up, start_next_turn,
)
from companion.phantom.play.state import MissionError
from companion.phantom.scenario import ClassCard
from companion.phantom.turn import resolve_turn
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store.cards import samples
from helpers.mission_table import DATA

MAP = load_scenario(json.loads((DATA / "maps" / "first-steps.json").read_text())).board.map
CONTENT = set_up_content(samples(DATA), MAP, 2)
PARTY = [Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red"),
         Embarking("augustus", "Augustus", "Human", max_ap=6, max_hp=10, color="yellow")]
SHOCKED = conditions.Condition("Shocked", "detrimental", 37, mp=-1, ends="after-next-full-turn")


@pytest.fixture
def shocked(monkeypatch):
    """The one entry a new condition takes (as its row in conditions.json would give it)."""
    monkeypatch.setitem(conditions.REGISTRY, SHOCKED.name, SHOCKED)
    monkeypatch.setitem(conditions.BY_KEY, conditions.key(SHOCKED.name), SHOCKED.name)
    return SHOCKED.name


def turns(spots=("C-6", "B-6")):
    """First steps, Vera and Augustus on `spots`, the sample decks shuffled, round 1's cards revealed."""
    m = set_up("entries", MAP, 2, PARTY, rng=random.Random(1), **CONTENT).mission
    m = place_character(place_character(m, "vera", "B-6").mission, "augustus", "C-6").mission
    to = dict(zip(("vera", "augustus"), map(MAP.parse, spots)))
    m = replace(m, board=replace(m.board, figures=tuple(replace(f, at=to.get(f.id, f.at)) for f in m.board.figures)))
    m = begin_round(m, DecisionDie("red", "N", "W")).mission
    m = select_cards(select_cards(m, "vera", [("Cards", 5)]).mission, "augustus", [("Cards", 2)]).mission
    return reveal(m, ("vera", "augustus")).mission


def first_adversary_turn(m):
    """The characters end their turns where they stand until the first adversary's turn begins."""
    m = start_next_turn(m).mission
    while m.figure(m.round.current).side == "character":
        m = start_next_turn(end_turn(m).mission).mission
    return m


def with_condition(m, fid: str, name: str):
    me = m.figure(fid)
    return replace(m, board=m.board.with_figure(replace(me, conditions=me.conditions + (name,))))


def sentry(m):
    return next(f for f in m.board.figures if f.type == "Grallok Sentry")


def test_the_registry_holds_each_conditions_behaviour_from_the_file():
    assert conditions.rule("frozen").ap_factor == 2 and conditions.rule("Frozen").no_conversion_to_movement
    assert conditions.rule("knocked-down").stand_up_mp == 1 and conditions.rule("Stunned").no_actions
    assert conditions.ending(("Frozen", "Invisible", "Bleeding"), "after-next-full-turn") == ("Frozen", "Invisible")
    assert conditions.rule("Burning").cancels == "Frozen" and conditions.rule("Barrier").spent_on == "damage"
    with pytest.raises(ValueError, match="unknown effect"):
        conditions.Condition.from_row({"name": "X", "kind": "detrimental", "page": 37, "effects": {"mpp": 1}})


def test_a_shocked_adversary_moves_one_mp_less_and_the_preview_agrees(shocked):
    m = start_next_turn(turns()).mission
    me = sentry(m)
    plain = resolve_turn(adversary_scenario(m, adversary=me.id))
    moved = with_condition(m, me.id, shocked)
    out = resolve_turn(adversary_scenario(moved, adversary=me.id))
    mp = [s.movement.mp for s in out.steps if s.movement is not None and s.action == "move"]
    full = [s.movement.mp for s in plain.steps if s.movement is not None and s.action == "move"]
    assert mp and full and max(mp) <= max(full) - 1
    assert any("Shocked: -1 MP (p.37)" in r for r in out.explanation)

    seen = preview(moved).of(me.id)
    sc = adversary_scenario(moved, adversary=me.id)
    actions = [a for c in sc.turn.cards for a in (c.row(me.color) if isinstance(c, ClassCard) else c).actions]
    first_attack = next(i for i, a in enumerate(actions) if a.type == "attack")
    card_mp = sum(a.value for a in actions[:first_attack] if a.type == "move")
    ends = reach(sc.board, sc.board.figure(me.id), "move", card_mp - 1).ends()
    assert seen.danger == {n for e in ends for n in MAP.open_neighbours[e]} - {me.at}
    assert seen.danger < preview(m).of(me.id).danger  # one MP less than without it


def test_a_shocked_characters_reach_and_move_take_one_mp_more(shocked):
    m = turns(("B-6", "C-6"))
    plain = reachable_costs(m, "vera")
    m = with_condition(m, "vera", shocked)
    assert reachable_costs(m, "vera") == {label: cost + 1 for label, cost in plain.items()}
    two = next(label for label, cost in sorted(plain.items()) if cost == 2)
    with pytest.raises(MissionError, match=r"needs 3 MP for Vera's Move, 1 of them before the path"):
        move_by_card(m, "vera", two, 2)
    moved = move_by_card(m, "vera", two, 3)
    assert moved.mission.figure("vera").at == MAP.parse(two)
    assert "Shocked: -1 MP (p.37)" in moved.reasons


def test_shocked_ends_after_the_figures_next_full_turn(shocked):
    m = start_next_turn(turns()).mission
    fid = m.round.current
    during = end_turn(add_condition(m, fid, "shocked").mission)  # received during its own turn: it stays
    assert shocked in during.mission.figure(fid).conditions
    assert any("lasts until the end of its next full turn" in r for r in during.reasons)
    had = start_next_turn(with_condition(turns(), fid, shocked)).mission  # had it when the turn began
    assert had.round.current == fid and had.round.at_start == (shocked,)
    assert shocked not in end_turn(had).mission.figure(fid).conditions


def test_no_conditions_name_is_matched_outside_the_registry():
    """The engine, the schemas, the store and the web ask an entry what a condition does; a string that is a
    condition's name (not a sentence naming it) appears only in companion/phantom/conditions.py."""
    names = set(conditions.CONDITIONS)
    root = Path(companion.__file__).parent
    found = []
    for part in ("phantom", "games", "schemas", "store", "web"):
        for path in sorted((root / part).rglob("*.py")):
            if path == root / "phantom" / "conditions.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {id(n.body[0].value) for n in ast.walk(tree)
                    if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                    and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
            found += [f"{path.relative_to(root)}:{n.lineno} {n.value!r}" for n in ast.walk(tree)
                      if isinstance(n, ast.Constant) and n.value in names and id(n) not in docs]
    assert found == []


FREE = sorted(MAP.label(h) for h in MAP.spaces if h not in MAP.object_at and h not in MAP.orb_at)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FREE), st.sampled_from(FREE), st.sampled_from(("", "Knocked Down", "Shocked", "Frozen")))
def test_the_danger_layer_covers_every_space_the_turn_attacks_under_each_movement_budget(vera, augustus, held):
    """The one movement budget: whatever the adversary holds (standing up, -1 MP, no conversion), every figure
    the real turn attacks stands on a space the preview's danger layer lit for that adversary."""
    if vera == augustus:
        return
    with patch.dict(conditions.REGISTRY, {SHOCKED.name: SHOCKED}), \
            patch.dict(conditions.BY_KEY, {conditions.key(SHOCKED.name): SHOCKED.name}):
        try:
            m = first_adversary_turn(turns((vera, augustus)))
        except (MissionError, MapError):
            return  # a character put on an adversary's space
        me = m.figure(m.round.current)
        if held:
            m = with_condition(m, me.id, held)
        danger = preview(m).of(me.id).danger
        real = resolve_turn(adversary_scenario(m, adversary=me.id))
        board = {f.id: f.at for f in m.board.figures}
        for step in real.steps:
            for hit in step.targets:
                if not hit.target.startswith("object:"):
                    assert board[hit.target] in danger, (held, hit.target, real.explanation)

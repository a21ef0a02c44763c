"""Properties of a whole adversary turn on random boards (issue 4; p.24, 28-29, 33-35): the resolution
never moves an adversary through a wall, a closed door, an object (except by Leap) or an enemy, never
ends on an occupied space, and never leaves it farther from a space it can attack its target from
than it started, unless the card says Retreat."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.phantom.board import Board
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import Layout
from companion.phantom.paths import attack_spaces, distances_to, step_cost
from companion.phantom.scenario import Action, Card, Scenario, Turn
from companion.phantom.turn import resolve_turn
from helpers.path_boards import build_random, random_boards

DIE = DecisionDie("red", "S", "W")


@st.composite
def turns(draw):
    spec = draw(random_boards())
    kind = draw(st.sampled_from(["move", "leap", "retreat"]))
    mp = draw(st.integers(1, 6))
    attack_range = draw(st.integers(1, 4))
    return spec, kind, mp, attack_range


def scenario_for(spec, kind, mp, attack_range):
    board, _ = build_random(Layout(), spec)
    first = board.figures[0]
    adversary = replace(first, side="adversary", conditions=(), range=attack_range, hp=5, max_hp=5)
    board = Board(board.map, (adversary,) + board.figures[1:])
    cards = (Card("Go", 2, (Action(kind, mp),)), Card("Strike", 2, (Action("attack", 1),)))
    return Scenario(board, DIE, Turn(adversary.id, cards))


def further(board, figure, target_at, policy):
    goals = attack_spaces(board, figure, target_at, figure.range)
    return distances_to(board, figure, goals, "move", policy)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns())
def test_property_a_turn_obeys_the_movement_rules(case):
    spec, kind, mp, attack_range = case
    scenario = scenario_for(*case)
    result = resolve_turn(scenario)
    board = scenario.board
    me = board.figure(result.adversary)
    m = board.map
    for step in result.steps:
        mv = step.movement
        if mv is None:
            continue
        mover = board.figure(result.adversary)
        assert mv.path[0] == mover.at and mv.path[-1] == mv.end
        mode = "leap" if mv.mode == "leap" else "move"
        for a, b in zip(mv.path, mv.path[1:]):
            assert m.passable(a, b), "through a wall or closed door"
            assert step_cost(board, mover, mode, b) is not None, f"{mode} into {m.label(b)}, which it cannot enter"
            other = board.figure_at.get(b)
            if mode == "move" and other is not None:
                assert other.side == me.side or other.invisible, "moved through an enemy"
        occupant = board.figure_at.get(mv.end)
        assert occupant is None or occupant.id == me.id, "ended on an occupied space"
        if kind != "retreat" and result.primary_target is not None and not step.converted:
            target = board.figure(result.primary_target) if not result.primary_target.startswith("object:") else None
            if target is not None:
                before = further(board, mover, target.at, mv.hazards).get(mover.at)
                moved = board.with_figure(replace(mover, at=mv.end))
                after = further(moved, moved.figure(me.id), target.at, mv.hazards).get(mv.end)
                if before is not None:
                    assert after is not None and after <= before, "ended farther from an attack space"
        board = board.with_figure(replace(mover, at=mv.end))

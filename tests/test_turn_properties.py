"""Properties of a whole adversary turn on random boards (issue 4; p.24, 28-29, 33-35): the resolution
never moves an adversary through a wall, a closed door, an object (except by Leap) or an enemy, never
ends on an occupied space, and never leaves it farther from a space it can attack its target from
than it started, unless the card says Retreat."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.phantom.board import Board
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import Layout
from companion.phantom.hazards import HazardRule
from companion.phantom.paths import attack_spaces, can_reach_any, distances_to, step_cost
from companion.phantom.scenario import Action, Card, Scenario, Turn
from companion.phantom.turn import resolve_turn
from helpers.path_boards import LABELS, build_random, random_boards

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
    # The spaces it can attack from: empty or hazard (INTERPRETATIONS.md, revised; the policy then says
    # whether a hazard one counts).
    goals = attack_spaces(board, figure, target_at, figure.range, hazard_spaces=True)
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


# -- the turn step by step through the spaces it enters (issue 17) --------------------------------------------

HAZARDS = (HazardRule("fire", 3, "Burning"), HazardRule("poison", 3, "Weakened"), HazardRule("trap", 5))


@st.composite
def hurting_turns(draw):
    """`turns` with many more hazards (a third of the map or so) and an adversary of 1-8 HP."""
    (features, figures, walls), kind, mp, attack_range = draw(turns())
    more = draw(st.dictionaries(st.sampled_from(LABELS), st.sampled_from(["fire", "trap"]), min_size=4, max_size=24))
    spec = ({**features, **more}, figures, walls)
    hp = draw(st.integers(1, 8))
    return spec, kind, mp, attack_range, hp


def hurting_scenario(spec, kind, mp, attack_range, hp):
    """`scenario_for` with the hazards' effects applied on entering, a small HP and a Move after the Attack."""
    s = scenario_for(spec, kind, mp, attack_range)
    me = s.board.figures[0]
    board = s.board.with_figure(replace(me, hp=hp, max_hp=max(hp, me.max_hp)))
    cards = s.turn.cards + (Card("Again", 2, (Action("move", 3),)),)
    return replace(s, board=board, turn=replace(s.turn, cards=cards), hazards=HAZARDS)


# Vera (E-3) has only fire next to her that is free (D-2, E-4 are crates): the way to her is blocked but for
# the fire (p.28 hazards 1), so the adversary from A-3 ends on D-3; with 3 HP the fire defeats it there.
SURROUNDED = ({"D-3": "fire", "F-3": "fire", "E-2": "fire", "D-4": "fire", "D-2": "indestructible",
               "E-4": "indestructible"}, [("A-3", "adversary", False), ("E-3", "character", False)], {})


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hurting_turns())
@example((SURROUNDED, "move", 3, 1, 3))
def test_property_a_defeated_adversary_takes_no_further_action(case):
    # p.26, p.33: a hazard entered on the way applies at once; at 0 HP the adversary is defeated where it fell,
    # and that step is the last of its turn.
    result = resolve_turn(hurting_scenario(*case))
    me = result.board.figure(result.adversary)
    for i, step in enumerate(result.steps):
        hp_after = [h.hp for h in step.entered if h.hp is not None]
        if step.ends_turn is not None or (hp_after and hp_after[-1] == 0):
            assert step.ends_turn is not None and hp_after[-1] == 0, "a defeat that did not end the turn"
            assert i == len(result.steps) - 1, "acted after its defeat"
            assert me.hp == 0 and me.at == step.movement.end == step.movement.path[-1], "not removed where it fell"
    if me.hp == 0:
        assert not result.steps or result.steps[-1].ends_turn is not None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hurting_turns())
@example((SURROUNDED, "move", 3, 1, 3))
@example((SURROUNDED, "leap", 4, 1, 3))
def test_property_an_adversary_never_ends_on_a_hazard_unless_the_hazard_policy_allows_it(case):
    # p.28 HAZARDS: entered only if (1) the way to the target is completely blocked otherwise, or (2) it is the
    # only way to get to exactly maximum range with this action; else a hazard is an indestructible object.
    scenario = hurting_scenario(*case[:-1], 30)  # HP enough to live through its hazards: where does it end?
    result = resolve_turn(scenario)
    board = scenario.board
    target = None
    if result.primary_target is not None and not result.primary_target.startswith("object:"):
        target = board.figure(result.primary_target)
    for step in result.steps:
        mv = step.movement
        if mv is None:
            continue
        mover = board.figure(result.adversary)
        m = board.map
        if mv.hazards == "avoid" and mv.mode in ("move", "retreat"):
            assert not any(h in m.hazard_at for h in mv.path[1:]), "entered a hazard it was avoiding"
        if mv.end != mv.start and mv.end in m.hazard_at and step.ends_turn is None:
            assert mv.hazards == "normal" and mv.mode != "retreat", "ended on a hazard it was avoiding"
            if target is not None:
                goals = attack_spaces(board, mover, target.at, mover.range, hazard_spaces=True)
                blocked = not can_reach_any(board, mover, goals, "move", "avoid")
                exact = m.ranges_from(target.at, mover.range).get(mv.end) == mover.range
                assert blocked or exact, "on a hazard with its way open and not at exactly maximum range"
        board = board.with_figure(replace(mover, at=mv.end))



# -- p.27: the primary target falls mid-turn --------------------------------------------------------------

ACTIONS = st.one_of(
    st.builds(lambda n: Action("attack", 1, targets=n), st.integers(1, 2)),
    st.builds(lambda k, mp: Action(k, mp), st.sampled_from(["move", "leap", "retreat"]), st.integers(1, 4)),
)


@st.composite
def deadly_turns(draw):
    """A random board whose characters have 1-3 HP, an adversary with 1-3 cards of Attacks (one or two
    targets), Moves, Leaps and Retreats in any order, and Attack rolls with many Critical Strikes."""
    spec, _, _, attack_range = draw(turns())
    cards = draw(st.lists(st.lists(ACTIONS, min_size=1, max_size=3), min_size=1, max_size=3))
    hps = draw(st.lists(st.integers(1, 3), min_size=6, max_size=6))
    attack = draw(st.lists(st.sampled_from(["critical", "critical", 2, 1, 0]), min_size=12, max_size=12))
    accuracy = draw(st.lists(st.sampled_from(["success", "success", "miss", "block"]), min_size=12, max_size=12))
    return spec, attack_range, cards, hps, {"attack": attack, "accuracy": accuracy}


def deadly_scenario(spec, attack_range, cards, hps, rolls):
    s = scenario_for(spec, "move", 1, attack_range)
    # Every figure has HP (a figure with none given would be "defeated" on a line of sight).
    figures = tuple((f if f.id == s.turn.adversary else replace(f, hp=5, max_hp=5)) if f.side == "adversary"
                    else replace(f, hp=hps[i], max_hp=10) for i, f in enumerate(s.board.figures))
    turn = Turn(s.turn.adversary, tuple(Card(f"Card {n + 1}", 2, tuple(a)) for n, a in enumerate(cards)))
    return replace(s, board=Board(s.board.map, figures), turn=turn, rolls=rolls)


def names_in(step) -> set:
    """Every figure a step names: the primary target it aimed at, the figures it attacked or whose line it
    drew through, the one it healed or gave a condition to, the ones it damaged."""
    named = {step.primary_target, step.target, *step.hits}
    for a in step.targets:
        named.add(a.target)
        named.update(x for group in a.through for x in (group if isinstance(group, tuple) else (group,)))
        if a.result is not None:
            named.add(a.result.target)
    return {n for n in named if n is not None and not n.startswith("object:")}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deadly_turns())
def test_property_no_action_names_a_figure_already_defeated(case):
    # p.27: "If at any time during the adversary's turn the primary target is no longer available (for example,
    # if the primary target is defeated ...), select a new primary target" - for every later action of the card.
    result = resolve_turn(deadly_scenario(*case))
    fallen: set = set()
    for step in result.steps:
        assert not names_in(step) & fallen, f"{step.action} names {names_in(step) & fallen}, defeated earlier"
        for a in step.targets:
            if a.result is not None and a.result.defeated:
                fallen.add(a.result.target)
    on_board = {f.id for f in result.board.figures}
    assert not fallen & on_board

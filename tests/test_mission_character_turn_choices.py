"""Issue 38, a character's turn at the table as the engine offers it: the card's MP as faces (p.24), the
Attack's targets each allowed or refused now with the reason the Attack itself would give (range p.18, p.21;
line of sight p.18-19), and what End turn ends (a turn with no Move recorded says so)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.phantom.play import (
    MissionError, add_condition, attack_targets, character_attack, end_turn_says, move_by_card, move_faces,
    reachable_costs, target_refusal,
)
from helpers.mission import P, figure
from test_mission_character_turn import mission, vera_turn, walled


# -- the card's MP as faces (p.24) ---------------------------------------------------------------------------

def test_the_faces_run_from_1_to_the_mp_of_the_farthest_space_the_figure_can_use():
    # p.24: MP is spent space by space and may be left unspent, so a face above the farthest space's MP reaches
    # nothing new; the round records only a card's name and AP, so no card's Move value is offered.
    m = vera_turn(mission())
    most = max(max(reachable_costs(m, "vera").values()), max(reachable_costs(m, "vera", "leap").values()))
    faces = move_faces(m, "vera")
    assert faces.values == tuple(range(1, most + 1)) and faces.page == "24" and faces.chosen is None


def test_every_face_reaches_a_space_the_move_takes():
    # The table player's invariant, at the engine: a face tapped then a space it lights is never refused.
    m = vera_turn(mission(walls=walled("C-3", "B-3")))
    costs = reachable_costs(m, "vera")
    for mp in move_faces(m, "vera").values:
        cheapest = min((c, label) for label, c in costs.items())
        assert cheapest[0] <= mp
        move_by_card(m, "vera", cheapest[1], mp)  # not refused


def test_a_figure_boxed_in_to_one_space_has_the_one_face_preselected():
    # Walls round A-3 but towards A-2, and round A-2 but towards A-3: a Move of 1 MP is all Vera can use.
    m = vera_turn(mission(walls=walled("A-3", "A-2") + walled("A-2", "A-3")))
    faces = move_faces(m, "vera")
    assert faces.values == (1,) and faces.chosen == 1
    assert move_by_card(m, "vera", "A-2", faces.chosen).mission.figure("vera").at == P("A-2")


def test_knocked_down_the_faces_start_at_the_mp_that_reaches_a_space():
    # p.37: Knocked Down spends 1 MP of the movement to stand up, so a face of 1 would reach nothing.
    m = add_condition(vera_turn(mission()), "vera", "Knocked Down").mission
    faces = move_faces(m, "vera")
    assert faces.values[0] == 2 == min(reachable_costs(m, "vera").values())
    move_by_card(m, "vera", "B-3", faces.values[0])  # not refused


def test_no_faces_when_the_figure_takes_no_movement_or_is_no_character():
    # p.37: Stunned takes no action of any kind; an adversary moves by its own cards (p.26).
    m = vera_turn(mission())
    stunned = add_condition(m, "vera", "Stunned").mission
    assert move_faces(stunned, "vera").values == ()
    assert move_faces(m, "grallok-sentry-1").values == ()


# -- End turn says what it ends --------------------------------------------------------------------------------

def test_end_turn_says_whose_turn_and_that_no_move_was_made_until_one_is():
    m = vera_turn(mission())
    assert end_turn_says(m).said == "End Vera's turn without moving"
    moved = move_by_card(m, "vera", "B-3", 1).mission
    assert end_turn_says(moved).said == "End Vera's turn"


def test_a_refused_move_records_nothing_so_end_turn_still_says_without_moving():
    m = vera_turn(mission())
    with pytest.raises(MissionError):
        move_by_card(m, "vera", "H-3", 3)  # needs 7 MP (p.24)
    assert end_turn_says(m).said == "End Vera's turn without moving" and not m.round.passed


# -- the Attack's targets now (p.18-21) ------------------------------------------------------------------------

def _sentry_at(space, **kw):
    return vera_turn(mission(placements={space: ("grallok-sentry", 1, 4)}, **kw))


def test_a_target_beyond_the_base_range_is_refused_with_the_range_counted():
    # p.18: range counted in spaces; p.21: the base range of the class board's weapon, here 1.
    m = _sentry_at("E-3")
    t = next(t for t in attack_targets(m).choices if t.value == "grallok-sentry-1")
    assert t.refused == "grallok-sentry-1 is out of range: range 4, the Attack reaches 1 (base range 1) (p.18, p.21)"
    with pytest.raises(MissionError) as exc:
        character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]})
    assert exc.value.message == t.refused  # one check: the list says what the Attack refuses with


def test_the_cards_range_lets_the_same_target_be_taken():
    # p.21: the card's range modifier adds to the base range; an explicit range replaces it.
    m = _sentry_at("E-3")
    assert target_refusal(m, "vera", "grallok-sentry-1", range_modifier=3) is None
    assert target_refusal(m, "vera", "grallok-sentry-1", attack_range=4) is None
    short = target_refusal(m, "vera", "grallok-sentry-1", range_modifier=2)
    assert "the Attack reaches 3 (base range 1 +2 on the card)" in short.message
    allowed = attack_targets(m, attack_range=4)
    assert [t.value for t in allowed.allowed] == ["grallok-sentry-1"]


def test_a_target_in_range_with_no_line_of_sight_is_refused_for_the_walls():
    # p.18-19: line of sight may not be drawn through walls.
    walls = walled("C-3") + walled("D-3") + walled("D-2") + walled("D-4")
    m = _sentry_at("E-3", walls=walls)
    t = next(t for t in attack_targets(m, attack_range=9).choices if t.value == "grallok-sentry-1")
    assert t.refused.startswith("no line of sight from vera to grallok-sentry-1") and t.refused.endswith("(p.18-19)")
    with pytest.raises(MissionError, match="no line of sight from vera to grallok-sentry-1"):
        character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]}, attack_range=9)


def test_an_adjacent_target_is_allowed_and_an_indestructible_object_is_never_listed():
    m = _sentry_at("A-2", objects={"A-4": "destructible", "B-3": "indestructible"})
    targets = attack_targets(m)
    assert {t.value: t.refused for t in targets.choices} == {"grallok-sentry-1": "", "object:A-4": ""}
    assert "indestructible" in target_refusal(m, "vera", "object:B-3").message  # p.34


def test_an_ally_on_the_line_is_no_refusal_but_an_accuracy_roll():
    # p.21 step 4, p.36: a figure on the line, an ally too, is rolled for; it does not take the target away.
    m = _sentry_at("C-3")
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), at=P("B-3"))))
    assert target_refusal(m, "vera", "grallok-sentry-1", attack_range=4) is None

"""Placing a new adversary on an occupied space (p.26 "Placing new adversaries")."""
from __future__ import annotations

from companion.phantom.board import Board, Figure
from companion.phantom.decision import DecisionDie
from companion.phantom.hexmap import HexMap, Layout
from companion.phantom.placing import place_new_adversary

L = Layout()
P = L.parse


def board(figures, walls=(), hazards=None):
    m = HexMap.build(L, L.parse_rect("A-1:E-5"), walls=[(P(a), P(b)) for a, b in walls],
                     hazards={P(k): v for k, v in (hazards or {}).items()})
    return Board(m, tuple(Figure(f, s, P(at)) for f, s, at in figures))


def test_a_free_indicated_space_is_used():
    p = place_new_adversary(board([]), P("C-3"), DecisionDie("red", "N", "E"))
    assert p.at == P("C-3")


def test_an_occupied_space_sends_it_to_the_closest_empty_space_by_the_decision_die():
    # p.26: "place the adversary in an empty space as close as possible to the indicated space ... Use the
    # Decision die if multiple valid spaces exist." C-3's six neighbours are range 1; north then east picks.
    b = board([("vera", "character", "C-3")])
    north_east = place_new_adversary(b, P("C-3"), DecisionDie("red", "N", "E"))
    assert L.label(north_east.at) == "C-2"  # B-2 and C-2 are the northernmost; C-2 is east of B-2
    south_west = place_new_adversary(b, P("C-3"), DecisionDie("red", "S", "W"))
    assert L.label(south_west.at) == "B-4"
    assert "p.26" in north_east.reasons[0] and "north" in " ".join(north_east.reasons)


def test_hazards_and_walls_do_not_count_as_close():
    # A hazard space is not empty (p.34); range is never counted through walls (p.18).
    walls = [("C-3", n) for n in ("B-3", "D-3", "B-2", "C-2", "C-4")]
    b = board([("vera", "character", "C-3")], walls=walls, hazards={"B-4": "fire"})
    p = place_new_adversary(b, P("C-3"), DecisionDie("red", "N", "E"))
    # B-4, a hazard, is the only neighbour not behind a wall: the closest empty spaces are at range 2, by
    # way of B-4; north picks B-3.
    assert L.label(p.at) == "B-3" and b.map.range_between(P("C-3"), p.at) == 2

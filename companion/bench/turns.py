"""Adversary-turn timings for the engine section of `companion bench` (issue 4).

One adversary turn is `resolve_turn(scenario)`: primary target, movement, sight, attacks, the
explanation. Turns are varied — Move, Leap, Move then Leap, Retreat, multi-target and converted Attack
cards — on seeded 16x7 rooms (the size of a Gloomhaven room) with walls, hazards, difficult terrain,
objects and several figures, and on the 30x24 map of the map-engine measurements. A round is twelve
adversaries and a boss taking their turns one after the other, each on the board the previous one left.
Maps are warm (one untimed turn per map first): at a table a map is built once per mission.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..phantom.board import Board, Figure
from ..phantom.decision import COLORS, DecisionDie
from ..phantom.hexmap import DIRECTIONS, HexMap, Layout, distance, edge
from ..phantom.scenario import Action, Card, RangeSpec, Scenario, Turn
from ..phantom.turn import resolve_turn

ROOM = (16, 7)
ROOMS = 10  # at least; more for more turns, so that each room still sees about TURNS_PER_ROOM turns
TURNS_PER_ROOM = 10
ROUND_ADVERSARIES = 12
HAZARD_KINDS = ("fire", "poison", "trap")


def _room(rng: random.Random, columns: int, rows: int, walls: int, hazards: int, objects: int, difficult: int):
    layout = Layout()
    spaces = [layout.from_offset(c, r) for r in range(rows) for c in range(columns)]
    space_set = set(spaces)
    wall_set: set = set()
    while len(wall_set) < walls:
        h = rng.choice(spaces)
        dq, dr = DIRECTIONS[rng.randrange(6)]
        n = (h[0] + dq, h[1] + dr)
        if n in space_set:
            wall_set.add(edge(h, n))
    free = spaces[:]
    rng.shuffle(free)
    take = lambda k: [free.pop() for _ in range(k)]  # noqa: E731
    m = HexMap.build(layout, spaces, walls=sorted(wall_set),
                     hazards={h: rng.choice(HAZARD_KINDS) for h in take(hazards)},
                     objects={h: rng.choice(("destructible", "damaged", "indestructible")) for h in take(objects)},
                     terrain={h: "difficult" for h in take(difficult)})
    return m, free


def _figures(rng: random.Random, free: list, characters: int, adversaries: int, boss: bool = False) -> tuple:
    out = []
    for i in range(characters):
        out.append(Figure(f"hero-{i + 1}", "character", free.pop(), COLORS[i % 4], None, 10, 12))
    for i in range(adversaries):
        out.append(Figure(f"adv-{i + 1}", "adversary", free.pop(), COLORS[i % 4], "grallok", 6, 6, 1, 0,
                          rng.choice((1, 1, 2, 3, 4, 6))))
    if boss:
        out.append(Figure("boss", "adversary", free.pop(), None, "mutant-grallok", 26, 26, 3, 1, 1))
    return tuple(out)


def _cards(rng: random.Random) -> tuple[Card, ...]:
    move, leap, attack = (lambda n: Action("move", n)), (lambda n: Action("leap", n)), Action("attack", 1)
    options = (
        (Card("Advance", 3, (move(rng.randint(2, 5)),)), Card("Strike", 2, (attack,))),
        (Card("Bound", 3, (leap(rng.randint(2, 4)),)), Card("Strike", 2, (attack,))),
        (Card("Advance", 2, (move(2),)), Card("Bound", 3, (leap(3),))),
        (Card("Volley", 2, (Action("attack", 0, RangeSpec(modifier=1), targets=2),)), Card("Dash", 3, (move(3),))),
        (Card("Fall back", 2, (Action("retreat", 3),)), Card("Strike", 2, (attack,))),
        (Card("Strike", 3, (attack,)), Card("Strike", 2, (attack,))),
    )
    return rng.choice(options)


def _die(rng: random.Random) -> DecisionDie:
    return DecisionDie(rng.choice(COLORS), rng.choice("NSEW"), rng.choice("NSEW"))


def room_count(n: int) -> int:
    return max(ROOMS, -(-n // TURNS_PER_ROOM))


def room_turns(n: int, seed: int = 4, rooms_from: list[Scenario] | None = None) -> list[Scenario]:
    """`n` varied turns spread over seeded 16x7 rooms, about TURNS_PER_ROOM a room (or one turn on each of
    the rooms of `rooms_from`, to warm them with other turns)."""
    rng = random.Random(seed)
    rooms = []
    if rooms_from:
        maps = list({id(s.board.map): s.board.map for s in rooms_from}.values())
        for m in maps:
            rooms.append((m, sorted(h for h in m.spaces if Board(m).is_empty(h))))
        n = len(rooms)
    for _ in range(room_count(n) - len(rooms)):
        m, free = _room(rng, *ROOM, walls=8, hazards=3, objects=3, difficult=3)
        rooms.append((m, free))
    out = []
    for i in range(n):
        m, free = rooms[i % len(rooms)]
        spots = free[:]
        rng.shuffle(spots)
        figures = _figures(rng, spots, rng.randint(2, 4), rng.randint(2, 5))
        me = rng.choice([f for f in figures if f.side == "adversary"])
        out.append(Scenario(Board(m, figures), _die(rng), Turn(me.id, _cards(rng))))
    return out


def big_map_turns(m: HexMap, figures: tuple, n: int, seed: int = 5) -> list[Scenario]:
    """`n` varied turns on the 30x24 map of the map-engine measurements, its figures reshuffled each time."""
    rng = random.Random(seed)
    spots = sorted(h for h in m.spaces if Board(m).is_empty(h))
    out = []
    for _ in range(n):
        rng.shuffle(spots)
        placed = tuple(replace(f, at=spots[k]) for k, f in enumerate(figures))
        me = rng.choice([f for f in placed if f.side == "adversary"])
        out.append(Scenario(Board(m, placed), _die(rng), Turn(me.id, _cards(rng))))
    return out


def round_boards(n: int, seed: int = 6) -> list[tuple[Board, DecisionDie, list]]:
    """`n` rounds, each a 16x7 room with 4 characters, 12 adversaries and a boss, and their cards."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        m, free = _room(rng, *ROOM, walls=8, hazards=3, objects=3, difficult=3)
        figures = _figures(rng, free, 4, ROUND_ADVERSARIES, boss=True)
        turns = [(f.id, _cards(rng)) for f in figures if f.side == "adversary" and f.id != "boss"]
        turns.append(("boss", (Card("Inherent", 2, (Action("move", 2),)), Card("#1 Claw", 3, (Action("attack", 0),)))))
        out.append((Board(m, figures), _die(rng), turns))
    return out


def play_round(board: Board, die: DecisionDie, turns: list) -> Board:
    """Every adversary's turn in order, each on the board the previous one left."""
    for adversary, cards in turns:
        if not any(f.id == adversary for f in board.figures):
            continue
        boss = adversary == "boss"
        board = resolve_turn(Scenario(board, die, Turn(adversary, cards, boss=boss))).board
    return board


LONG_RANGE = 7


def long_range_turns(n: int, seed: int = 9) -> list[Scenario]:
    """`n` turns of a range-7 archer in seeded 16x7 rooms (issue 25): three characters at range 8-13, a Move
    and a ranged Attack, or a Move and a two-target Volley - the sight geometry of a long range."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        if i % TURNS_PER_ROOM == 0:
            m, free = _room(rng, *ROOM, walls=8, hazards=3, objects=3, difficult=3)
        spots = free[:]
        rng.shuffle(spots)
        archer = Figure("archer", "adversary", spots.pop(), "red", "slink-archer", 6, 6, 1, 0, LONG_RANGE)
        heroes = []
        for k in range(3):
            far = [h for h in spots if 8 <= distance(archer.at, h) <= 13]
            at = far[0] if far else spots[0]
            spots.remove(at)
            heroes.append(Figure(f"hero-{k + 1}", "character", at, COLORS[k], None, 10, 12))
        cards = rng.choice((
            (Card("Advance", 2, (Action("move", 3),)), Card("Long Shot", 2, (Action("attack", 1),))),
            (Card("Advance", 2, (Action("move", 2),)), Card("Volley", 3, (Action("attack", 0, targets=2),))),
        ))
        out.append(Scenario(Board(m, (archer, *heroes)), _die(rng), Turn("archer", cards)))
    return out

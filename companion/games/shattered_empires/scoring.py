"""The score panel: each player's base, Command Points, Yield, Queue, hand, deck and Scrapyard."""
from __future__ import annotations


from .state import Game
from .totals import command_max, queue_max, queued, yield_left, yield_total
from ...record import record


@record
class Score:
    name: str
    color: str
    faction: str | None
    base: str | None
    base_hp: int
    base_damage: int
    cp: int
    cp_max: int
    yield_left: int
    yield_total: int
    queue: int
    queue_max: int
    hand: int
    deck_left: int
    scrapyard: int
    out: bool
    to_play: bool


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, s.faction, s.base, s.base_hp, s.base_damage, s.cp, command_max(g, i),
                       yield_left(g, i), yield_total(g, i), len(queued(g, i)), queue_max(g, i), s.hand, s.deck_left,
                       len(s.scrapyard), s.out, g.stage == "play" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))

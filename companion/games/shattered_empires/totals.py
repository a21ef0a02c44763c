"""A player's totals: the Base plus every completed card's +# (Yield, Command Points, Queue)."""
from __future__ import annotations

from .state import Game, Project


def _mine(g: Game, i: int):
    return [u for u in g.units if u.owner == i] + [a for a in g.assets if a.owner == i]


def yield_total(g: Game, i: int) -> int:
    return g.sides[i].base_yield + sum(x.yields for x in _mine(g, i))


def command_max(g: Game, i: int) -> int:
    return g.sides[i].base_command + sum(x.command for x in _mine(g, i))


def queue_max(g: Game, i: int) -> int:
    return g.sides[i].base_queue + sum(x.queue for x in _mine(g, i))


def queued(g: Game, i: int) -> tuple[Project, ...]:
    return tuple(p for p in g.projects if p.owner == i and p.kind == "construction")


def yield_left(g: Game, i: int) -> int:
    return yield_total(g, i) - g.sides[i].yield_used

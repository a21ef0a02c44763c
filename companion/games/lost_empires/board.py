"""The five battlefields: the two hives and the three objectives, and which are adjacent (p.9, 12)."""
from __future__ import annotations

from ..frame import player_name
from .state import Game, Unit


def hive(i: int) -> str:
    return f"hive-{i}"


def battlefields() -> tuple[str, ...]:
    return (hive(0), "left", "center", "right", hive(1))


def adjacent(a: str, b: str) -> bool:
    """Hives are adjacent to the outer objectives, the outer objectives to the center (p.9, 12)."""
    outer = {"left", "right"}
    if a.startswith("hive"):
        return b in outer
    if a in outer:
        return b.startswith("hive") or b == "center"
    return b in outer


def battlefield_name(g: Game, b: str) -> str:
    if b.startswith("hive"):
        return f"{player_name(g, int(b[-1]))}'s hive"
    return {"left": "left outer objective", "center": "center objective", "right": "right outer objective"}[b]


def units_at(g: Game, b: str, owner: int | None = None) -> tuple[Unit, ...]:
    return tuple(u for u in g.units if u.at == b and (owner is None or u.owner == owner))

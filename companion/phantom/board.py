"""What stands on a map: figures (characters and adversaries), as frozen data.

The map (companion.phantom.hexmap.HexMap) holds the printed board and tokens;
a `Board` adds the figures. Both are immutable.
"""
from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Annotated

from ..codec_marks import Kept
from .conditions import held
from .hexmap import Hex, HexMap, MapError, Space
from ..record import record

SIDES = ("character", "adversary")


@record
class Figure:
    """A character or an adversary on the map: where it stands, its HP and stats, its conditions."""
    id: str
    side: str  # character / adversary
    at: Space
    color: str | None = None
    type: str | None = None
    hp: int = 0
    max_hp: int = 0
    attack: int = 0
    guard: int = 0
    range: int = 1
    conditions: tuple[str, ...] = ()

    @cached_property
    def invisible(self) -> bool:
        """Untargetable by other figures, unseen, moving through enemies (Invisible, p.37)."""
        return any(c.untargetable for c in held(self.conditions))

    def has_condition(self, name: str) -> bool:
        return any(c.lower() == name.lower() for c in self.conditions)

    def without_condition(self, name: str) -> "Figure":
        return replace(self, conditions=tuple(c for c in self.conditions if c.lower() != name.lower()))

    def is_enemy_of(self, other: "Figure") -> bool:
        return self.side != other.side


@record
class Board:
    """A map and the figures standing on it."""
    map: Annotated[HexMap, Kept(4)]  # a mission read again after an undo keeps its map (immutable) and its caches
    figures: tuple[Figure, ...] = ()

    def __post_init__(self):
        seen = {}
        for f in self.figures:
            if f.at not in self.map.spaces:
                raise MapError(f"figure {f.id!r} stands off the map")
            if f.at in seen:
                raise MapError(f"figures {seen[f.at]!r} and {f.id!r} stand on the same space "
                               f"{self.map.label(f.at)}")
            seen[f.at] = f.id

    @cached_property
    def figure_at(self) -> dict:
        return {f.at: f for f in self.figures}

    @cached_property
    def _by_id(self) -> dict:
        return {f.id: f for f in self.figures}

    def figure(self, figure_id: str) -> Figure:
        got = self._by_id.get(figure_id)
        if got is None:
            raise MapError(f"no figure {figure_id!r} on the board")
        return got

    def with_figure(self, figure: Figure) -> "Board":
        others = tuple(f for f in self.figures if f.id != figure.id)
        return replace(self, figures=others + (figure,))

    def is_empty(self, h: Hex) -> bool:
        """Empty (p.34): no figure, object, closed door or hazard (an open door is an empty space, p.38;
        destroyed objects and difficult terrain count as empty). Gaps and orbs cannot be entered at all."""
        m = self.map
        return (h in m.spaces and h not in self.figure_at and not m.is_blocking_object(h)
                and h not in m.closed_doors and h not in m.hazard_at
                and m.terrain_at.get(h) != "gap" and h not in m.orb_at)

"""The decision die (p.36): the round's color and two directions break every adversary tie.

`break_tie` narrows options by color (only options that have one), then by the
primary direction, then the secondary, each by the drawn position the caller
gives; if options are still tied it takes the first by label and says so
(INTERPRETATIONS.md). Every narrowing is a reason in the result.
"""
from __future__ import annotations

from typing import Callable, Generic, Sequence, TypeVar
from ..errors import RuleError
from ..record import record

COLORS = ("dark-blue", "light-blue", "red", "yellow")
DIRECTIONS = ("N", "S", "E", "W")
DIRECTION_NAMES = {"N": "north", "S": "south", "E": "east", "W": "west"}

T = TypeVar("T")


class DecisionDieError(RuleError):
    pass


@record
class DecisionDie:
    """The round's decision die: its color and its two directions (p.12, p.36)."""
    color: str
    primary: str
    secondary: str

    def __post_init__(self):
        if self.color not in COLORS:
            raise DecisionDieError(f"decision die color must be one of {', '.join(COLORS)}, not {self.color!r}")
        for name in ("primary", "secondary"):
            if getattr(self, name) not in DIRECTIONS:
                raise DecisionDieError(f"decision die {name} direction must be N, S, E or W, not {getattr(self, name)!r}")


@record
class TieBreak(Generic[T]):
    """A tie broken by the decision die: what it kept and why."""
    choice: T
    reasons: tuple[str, ...]


def break_tie(options: Sequence[T], die: DecisionDie, *, position: Callable[[T], tuple[int, int]],
              label: Callable[[T], str], color: Callable[[T], str | None] = lambda o: None,
              what: str = "options") -> TieBreak[T]:
    """Choose one of `options` (2 or more) with the decision die.

    `position` is the drawn (x, y) of an option (y grows southwards); `label`
    names it in reasons and orders the last resort.
    """
    if not options:
        raise ValueError("break_tie needs at least one option")
    remaining = list(options)
    reasons: list[str] = []
    if len(remaining) > 1:
        matching = [o for o in remaining if color(o) == die.color]
        if matching and len(matching) < len(remaining):
            reasons.append(f"the decision die's color ({die.color.replace('-', ' ')}) picks "
                           f"{_names(matching, label)} (p.36)")
            remaining = matching
        elif any(color(o) for o in remaining):
            reasons.append(f"the decision die's color ({die.color.replace('-', ' ')}) matches "
                           f"{'all' if matching else 'none'} of the {what}")
    for rank, direction in (("primary", die.primary), ("secondary", die.secondary)):
        if len(remaining) <= 1:
            break
        best = max(_toward(position(o), direction) for o in remaining)
        furthest = [o for o in remaining if _toward(position(o), direction) == best]
        if len(furthest) < len(remaining):
            reasons.append(f"its {rank} direction, {DIRECTION_NAMES[direction]}, picks {_names(furthest, label)} (p.36)")
        remaining = furthest
    if len(remaining) > 1:
        remaining.sort(key=label)
        reasons.append(f"still tied after the decision die; the first by label, {label(remaining[0])}, is taken "
                       "(the rules do not cover this)")
    return TieBreak(remaining[0], tuple(reasons))


def _toward(point: tuple[int, int], direction: str) -> int:
    x, y = point
    return {"N": -y, "S": y, "E": x, "W": -x}[direction]


def _names(options, label) -> str:
    return ", ".join(label(o) for o in options)

"""Placing a new adversary during a mission (p.26 "Placing new adversaries").

If the indicated space already holds a figure, the adversary goes to an empty space as close as possible
to it — by range, never counted through walls (p.18) — with the decision die between equally close
spaces. A hazard space is not empty (p.34); the adversary enters the space it is placed on, so a hazard
there would take effect at once, which is why an empty space is required.
"""
from __future__ import annotations


from .board import Board
from .decision import DecisionDie
from .hexmap import Hex
from .targeting import decide_space
from ..record import record


@record
class Placement:
    at: Hex | None  # None: no empty space can be reached from the indicated one
    reasons: tuple[str, ...]


def place_new_adversary(board: Board, indicated: Hex, die: DecisionDie | None) -> Placement:
    m = board.map
    label = m.label
    if indicated not in m.spaces:
        raise ValueError(f"indicated space: {indicated!r} is not a space of the map")
    if indicated not in board.figure_at:
        return Placement(indicated, (f"placed on {label(indicated)}, as indicated (p.26)",))
    ranges = m.ranges_from(indicated)
    empty = [h for h in ranges if board.is_empty(h)]
    if not empty:
        return Placement(None, (f"{label(indicated)} is occupied and no empty space can be reached from it, so the "
                                "adversary is not placed",))
    nearest = min(ranges[h] for h in empty)
    options = [h for h in empty if ranges[h] == nearest]
    choice, tie = decide_space(board, options, die)
    reasons = [f"{label(indicated)} holds {board.figure_at[indicated].id}, so the adversary goes to the closest empty "
               f"space, range {nearest}: {label(choice)} (p.26)"]
    if tie:
        reasons.append(f"{', '.join(label(h) for h in sorted(options, key=label))} are equally close: " + "; ".join(tie))
    return Placement(choice, tuple(reasons))

"""The one list of conditions (p.37): data/phantom-epoch/conditions.json, read once.

Every set of condition names the engine, the scenario files and the mission table use comes from here,
so a condition added to or renamed in the file is known everywhere at once. Names are matched as the
table types them ("knocked-down", "knocked down" -> "Knocked Down"); anything else is refused with the
field and the names that are known.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ..errors import RuleError

SOURCE = Path(__file__).resolve().parents[2] / "data" / "phantom-epoch" / "conditions.json"


class ConditionError(RuleError):
    """A condition name that is not on the list of p.37."""


def _read() -> tuple[tuple[str, str], ...]:
    rows = json.loads(SOURCE.read_text(encoding="utf-8"))["conditions"]
    return tuple((row["name"], row["kind"]) for row in rows)


_ROWS = _read()
CONDITIONS: tuple[str, ...] = tuple(name for name, _ in _ROWS)  # in the rulebook's order
BENEFICIAL = frozenset(name for name, kind in _ROWS if kind == "beneficial")
DETRIMENTAL = frozenset(name for name, kind in _ROWS if kind == "detrimental")


def key(name: str) -> str:
    """How a typed name is compared: case, hyphens, underscores and extra spaces do not matter."""
    return " ".join(name.replace("-", " ").replace("_", " ").lower().split())


BY_KEY = {key(c): c for c in CONDITIONS}


def condition_name(raw, where: str = "condition") -> str:
    """The rulebook's name of a condition ("knocked-down" -> "Knocked Down"); an unknown name is refused,
    naming `where` (the field) and the known names."""
    if isinstance(raw, str) and key(raw) in BY_KEY:
        return BY_KEY[key(raw)]
    raise ConditionError(where, f"{raw!r} is not a condition of p.37 ({', '.join(CONDITIONS)})", "37",
                         text=f"{where}: {raw!r} is not a condition of p.37 ({', '.join(CONDITIONS)})")


def receive_damage(figure, amount: int):
    """`figure` (a board Figure) would receive `amount` damage from any source - a hazard entered, Bleeding,
    Burning, an event, an action that is not an Attack: Barrier "the next time the figure would receive
    damage, remove this Condition token instead" (p.37), so it is spent once and the HP stay. Returns the
    figure after it and whether its Barrier took the damage. (The attack flow applies the same rule to its
    own combatants, attack.py step 6.)"""
    if amount > 0 and figure.has_condition("Barrier"):
        return figure.without_condition("Barrier"), True
    return replace(figure, hp=max(0, figure.hp - amount)), False

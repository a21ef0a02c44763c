"""The dice of Phantom Epoch (p.36): what a roll can show, and the face tables from data/.

An Attack die result is a whole number (a face value), "critical" (Critical
Strike) or "fumble"; an Accuracy die result is "miss", "block" or "success"
(INTERPRETATIONS.md, "Dice"). The rulebook text names the icons but not how
many of each a die has, so the face tables are editable content
(data/phantom-epoch/dice.json, "verified": false) read through
`dice_faces.dice_table`, which a turn never needs; no face distribution lives in code. Results entered at the table are never
checked against those tables: the tables may be wrong, the physical dice are
not.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RuleError
from ..record import record

CRITICAL = "critical"
FUMBLE = "fumble"
MISS, BLOCK, SUCCESS = "miss", "block", "success"
ACCURACY_RESULTS = (MISS, BLOCK, SUCCESS)
ATTACK_DICE = ("basic", "blitz")
DIE_NAMES = {"basic": "Basic Attack die", "blitz": "Blitz Attack die", "accuracy": "Accuracy die"}
SIDES = 8  # p.36: both Attack dice and the Decision die are 8-sided

AttackFace = int | str  # a number, CRITICAL or FUMBLE


class DiceError(RuleError):
    """A bad die result or face table; `field` names where it was found (e.g. "rolls.attack[1]")."""

    def __init__(self, field: str, problem: str):
        super().__init__(field, problem, text=f"{field}: {problem}" if field else problem)
        self.problem = problem


def parse_attack_result(raw, where: str = "attack die") -> AttackFace:
    """A number, "critical" or "fumble" (p.36), exactly as written in a scenario file."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if raw in (CRITICAL, FUMBLE):
        return raw
    raise DiceError(where, f"{raw!r} is not a number, critical or fumble")


def parse_accuracy_result(raw, where: str = "accuracy die") -> str:
    """"miss", "block" or "success" (p.36)."""
    if isinstance(raw, str) and raw in ACCURACY_RESULTS:
        return raw
    raise DiceError(where, f"{raw!r} is not miss, block or success")


def attack_value_of(face: AttackFace) -> int:
    """A Critical Strike counts 3 and a Fumble 0 (p.20, 36)."""
    if face == CRITICAL:
        return 3
    if face == FUMBLE:
        return 0
    return face


# -- dice rolled at the table, given in advance ----------------------------------------------------------

@record
class Rolls:
    """The scenario file's `"rolls": {"attack": [...], "accuracy": [...]}`: each list is consumed in
    order across the whole turn, as the rules call for rolls. `attack_used`/`accuracy_used` count what
    has been consumed; taking a roll gives a new `Rolls` (the value is never changed in place)."""
    attack: tuple[AttackFace, ...] = ()
    accuracy: tuple[str, ...] = ()
    attack_used: int = 0
    accuracy_used: int = 0

    def __post_init__(self):
        object.__setattr__(self, "attack", tuple(
            parse_attack_result(r, f"rolls.attack[{i}]") for i, r in enumerate(self.attack)))
        object.__setattr__(self, "accuracy", tuple(
            parse_accuracy_result(r, f"rolls.accuracy[{i}]") for i, r in enumerate(self.accuracy)))
        for name, used, given in (("attack", self.attack_used, self.attack),
                                  ("accuracy", self.accuracy_used, self.accuracy)):
            if not isinstance(used, int) or not 0 <= used <= len(given):
                raise DiceError(f"rolls.{name}", f"{used!r} rolls used of {len(given)} given")

    @classmethod
    def from_dict(cls, raw) -> "Rolls":
        """Read the scenario's `rolls` (None or absent: nothing rolled yet)."""
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise DiceError("rolls", f"must be an object with attack and accuracy lists, not {raw!r}")
        for key in raw:
            if key not in ("attack", "accuracy"):
                raise DiceError("rolls", f"unknown field {key!r} (only attack and accuracy)")
        lists = {}
        for key in ("attack", "accuracy"):
            value = raw.get(key, [])
            if not isinstance(value, (list, tuple)):
                raise DiceError(f"rolls.{key}", f"must be a list, not {value!r}")
            lists[key] = tuple(value)
        return cls(lists["attack"], lists["accuracy"])

    def take_attack(self) -> tuple[AttackFace, str, "Rolls"] | None:
        """The next Attack die result, where it was written, and the rolls left; None if none is left."""
        if self.attack_used >= len(self.attack):
            return None
        i = self.attack_used
        return self.attack[i], f"rolls.attack[{i}]", replace(self, attack_used=i + 1)

    def take_accuracy(self) -> tuple[str, str, "Rolls"] | None:
        if self.accuracy_used >= len(self.accuracy):
            return None
        i = self.accuracy_used
        return self.accuracy[i], f"rolls.accuracy[{i}]", replace(self, accuracy_used=i + 1)

    @property
    def unused(self) -> tuple[str, ...]:
        """Positions given but not (yet) needed, e.g. ("rolls.accuracy[2]",)."""
        return (tuple(f"rolls.attack[{i}]" for i in range(self.attack_used, len(self.attack)))
                + tuple(f"rolls.accuracy[{i}]" for i in range(self.accuracy_used, len(self.accuracy))))

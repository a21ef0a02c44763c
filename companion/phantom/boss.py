"""Boss adversaries (p.30, 48-49, 58): attributes by characters embarked, the drawn card's actions,
initiative, and the nova cells a defeated boss drops.

The Boss Adversary Description board (data/phantom-epoch/bosses.json) has one attribute column per
number of characters who embarked — defeated characters still count (p.30). A drawn Boss Adversary
Action card names action numbers; the boss performs its inherent action first, then those (p.30, 58),
and its initiative is the sum of their AP (p.30: "inherent action's AP plus Action #3's AP (2+7=9)").
Frozen doubles every AP, initiative included (p.37).
"""
from __future__ import annotations

from dataclasses import field
from typing import Sequence

from ..errors import RuleError
from .conditions import ap_factor
from ..record import record


class BossError(RuleError):
    """A character count or action number the boss's board does not have; the message quotes it."""


@record
class BossAction:
    number: int | None = field(metadata={"omit": None})  # None for the inherent action (stored without it)
    name: str
    ap: int
    text: str


@record
class Boss:
    name: str
    character_counts: tuple[int, ...]
    hp: tuple[int, ...]
    attack: tuple[int, ...]
    guard: tuple[int, ...]
    range: tuple[int, ...]
    inherent: BossAction
    actions: tuple[BossAction, ...]
    critical_ability: str = ""  # printed text: the table applies it on a Critical Strike (p.48 I, p.20)

    @classmethod
    def from_content(cls, entry: dict) -> "Boss":
        """One entry of bosses.json (already validated at start-up)."""
        inherent = entry["inherent"]
        return cls(entry["name"], tuple(entry["character_counts"]), tuple(entry["hp"]), tuple(entry["attack"]),
                   tuple(entry["guard"]), tuple(entry["range"]),
                   BossAction(None, inherent["name"], inherent["ap"], inherent["text"]),
                   tuple(BossAction(a["number"], a["name"], a["ap"], a["text"]) for a in entry["actions"]),
                   entry.get("critical_ability", ""))


@record
class Attributes:
    hp: int
    attack: int
    guard: int
    range: int
    reason: str


def attributes(boss: Boss, characters_embarked: int) -> Attributes:
    """The column for the number of characters who embarked, defeated ones included (p.30, p.48 D)."""
    if characters_embarked not in boss.character_counts:
        raise BossError(f"characters embarked: {characters_embarked!r} has no column on the {boss.name} board "
                        f"(it has {', '.join(map(str, boss.character_counts))})")
    i = boss.character_counts.index(characters_embarked)
    return Attributes(boss.hp[i], boss.attack[i], boss.guard[i], boss.range[i],
                      f"{boss.name} with {characters_embarked} characters embarked (defeated ones count): HP "
                      f"{boss.hp[i]}, Attack {boss.attack[i]}, Guard {boss.guard[i]}, Range {boss.range[i]} (p.30)")


@record
class BossTurn:
    actions: tuple[BossAction, ...]  # in the order performed: the inherent one first
    initiative: int
    reasons: tuple[str, ...]


def turn_for_card(boss: Boss, numbers, conditions: Sequence[str] = ()) -> BossTurn:
    """The actions a drawn card calls for, and the boss's initiative this round (p.30, 58), its AP multiplied
    as the boss's `conditions` say (Frozen doubles them, p.37)."""
    by_number = {a.number: a for a in boss.actions}
    chosen = []
    for n in numbers:
        if n not in by_number:
            raise BossError(f"action number: {n!r} is not an action of the {boss.name} "
                            f"(it has #{', #'.join(str(a.number) for a in boss.actions)})")
        chosen.append(by_number[n])
    performed = (boss.inherent, *chosen)
    factor, by = ap_factor(conditions)
    total = factor * sum(a.ap for a in performed)
    sums = " + ".join(str(a.ap) for a in performed)
    reasons = [f"performs its inherent action ({boss.inherent.text}) first, then "
               + (", ".join(f"#{a.number} {a.name}" for a in chosen) or "nothing else") + " (p.30)",
               f"initiative {sums} = {sum(a.ap for a in performed)} (p.30)"]
    if by:
        reasons.append(f"{' and '.join(c.name for c in by)} {'doubles' if factor == 2 else f'multiplies by {factor}'} "
                       f"its AP: initiative {total} (p.37)")
    return BossTurn(performed, total, tuple(reasons))


def nova_cells_dropped(difficulty: int, characters_embarked: int) -> int:
    """p.30: mission difficulty plus the characters who took part, defeated ones included."""
    for name, value in (("difficulty", difficulty), ("characters embarked", characters_embarked)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BossError(f"{name}: must be a whole number 0 or more, not {value!r}")
    return difficulty + characters_embarked

"""The one list of conditions (p.37) and what each one does: data/phantom-epoch/conditions.json, read once.

Every set of condition names the engine, the scenario files and the mission table use comes from here,
so a condition added to or renamed in the file is known everywhere at once. Names are matched as the
table types them ("knocked-down", "knocked down" -> "Knocked Down"); anything else is refused with the
field and the names that are known.

What a condition does is its entry's `effects` in the file, read into a `Condition`; the engine asks the
entries of the conditions a figure holds (`held`, `budget`, `cannot_attack`, ...) and never matches a
condition's name. The effects (each optional, none when absent):

- mp: the MP of each Move, Leap or Retreat changes by it (at least 0 left);
- stand_up_mp: while the figure has it, it cannot Attack nor take any action but a Move or Leap, the first
  MP of which remove the token (Knocked Down); an adversary's card with no round effect, Move or Leap
  becomes a Move of its AP;
- no_actions: the figure takes no action (an adversary skips its turn and the token goes; Stunned);
- ap_factor: the AP of its cards, initiative included, multiplied by it; no_conversion_to_movement: its
  cards cannot become movement (Frozen);
- ends: "after-next-full-turn" (removed at the end of the figure's next full turn after receiving it) or
  "after-its-damage" (removed once its start-of-turn damage is dealt); ends_on_attack: removed when the
  figure performs an Attack;
- start_of_turn_damage: damage at the start of each non-rest turn;
- cancels: a condition that, inflicted while this one is held, removes this one instead of landing;
- accuracy_before_attack: the Accuracy die is rolled before each Attack; attack, guard: added to every Attack
  value, to Guard;
- spent_on: "damage" (removed instead of the next damage), "detrimental-condition" (instead of the next new
  detrimental condition), "retaliation" (after an Attack of `retaliation` against a melee attacker);
- untargetable: the figure cannot be attacked, healed or seen by other figures, and moves through enemies.
"""
from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Sequence

from ..errors import RuleError
from . import keywords
from ..record import record

SOURCE = Path(__file__).resolve().parents[2] / "data" / "phantom-epoch" / "conditions.json"
ENDINGS = ("", "after-next-full-turn", "after-its-damage")
SPENDINGS = ("", "damage", "detrimental-condition", "retaliation")


class ConditionError(RuleError):
    """A condition name that is not on the list of p.37."""


@record
class Condition:
    """One condition's entry: its name, kind and page, and its effects (the module's note)."""
    name: str
    kind: str  # beneficial / detrimental
    page: int
    mp: int = 0
    stand_up_mp: int = 0
    no_actions: bool = False
    ap_factor: int = 1
    no_conversion_to_movement: bool = False
    ends: str = ""
    ends_on_attack: bool = False
    start_of_turn_damage: int = 0
    cancels: str = ""
    accuracy_before_attack: bool = False
    attack: int = 0
    guard: int = 0
    spent_on: str = ""
    retaliation: int = 0
    untargetable: bool = False

    def __post_init__(self):
        if self.kind not in ("beneficial", "detrimental"):
            raise ValueError(f"{self.name}: kind must be beneficial or detrimental, not {self.kind!r}")
        if self.ends not in ENDINGS or self.spent_on not in SPENDINGS:
            raise ValueError(f"{self.name}: ends is one of {ENDINGS}, spent_on one of {SPENDINGS}")

    @property
    def cannot_attack(self) -> bool:
        return self.no_actions or self.stand_up_mp > 0

    @classmethod
    def from_row(cls, row: dict) -> "Condition":
        known = {f.name for f in fields(cls)}
        effects = row.get("effects", {})
        unknown = sorted(set(effects) - known)
        if unknown:
            raise ValueError(f"{row['name']}: unknown effect(s) {', '.join(unknown)}")
        return cls(row["name"], row["kind"], row["page"], **effects)


def _read() -> dict[str, "Condition"]:
    rows = json.loads(SOURCE.read_text(encoding="utf-8"))["conditions"]
    return {row["name"]: Condition.from_row(row) for row in rows}


REGISTRY: dict[str, Condition] = _read()  # in the rulebook's order; read at each call, so a test may add one
CONDITIONS: tuple[str, ...] = tuple(REGISTRY)
BENEFICIAL = frozenset(c.name for c in REGISTRY.values() if c.kind == "beneficial")
DETRIMENTAL = frozenset(c.name for c in REGISTRY.values() if c.kind == "detrimental")


def key(name: str) -> str:
    """How a typed name is compared: case, hyphens, underscores and extra spaces do not matter."""
    return " ".join(name.replace("-", " ").replace("_", " ").lower().split())


BY_KEY = {key(c): c for c in CONDITIONS}


def rule(name: str) -> Condition:
    """The entry of a condition held or named (as the table types it); an unknown name is refused."""
    return REGISTRY[condition_name(name)]


def held(conditions: Sequence[str]) -> tuple[Condition, ...]:
    """The entries of the conditions a figure holds, in its order; a name not on the list has none."""
    return tuple(REGISTRY[BY_KEY[key(c)]] for c in conditions if key(c) in BY_KEY)


def ending(conditions: Sequence[str], when: str) -> tuple[str, ...]:
    """The held conditions that end `when` (an ENDINGS value)."""
    return tuple(c.name for c in held(conditions) if c.ends == when)


def ap_factor(conditions: Sequence[str]) -> tuple[int, tuple[Condition, ...]]:
    """What the AP of the figure's cards are multiplied by, and the conditions that do it."""
    by = tuple(c for c in held(conditions) if c.ap_factor != 1)
    factor = 1
    for c in by:
        factor *= c.ap_factor
    return factor, by


def cannot_attack(conditions: Sequence[str]) -> Condition | None:
    return next((c for c in held(conditions) if c.cannot_attack), None)


def no_actions(conditions: Sequence[str]) -> Condition | None:
    return next((c for c in held(conditions) if c.no_actions), None)


def down(conditions: Sequence[str]) -> Condition | None:
    """The held condition a Move's or Leap's first MP remove (Knocked Down), if any."""
    return next((c for c in held(conditions) if c.stand_up_mp > 0), None)


def no_conversion(conditions: Sequence[str]) -> Condition | None:
    """The held condition that keeps the figure's cards from becoming movement (Frozen), if any."""
    return next((c for c in held(conditions) if c.no_conversion_to_movement), None)


def spent_on(conditions: Sequence[str], what: str) -> Condition | None:
    return next((c for c in held(conditions) if c.spent_on == what), None)


@record
class Budget:
    """The MP a Move, Leap or Retreat of `card_mp` leaves for the path (p.24, p.37): after the condition its
    first MP remove (`stands_up`) and the MP changes of the others (`changed_by`); `cannot` is the condition
    that lets the figure take no such movement at all. `reasons` say so, with the page."""
    card_mp: int
    mp: int
    stands_up: Condition | None = None
    changed_by: tuple[Condition, ...] = ()
    cannot: Condition | None = None
    reasons: tuple[str, ...] = ()

    @property
    def overhead(self) -> int:
        """The card MP spent on anything but the path: a space `cost` MP away needs a card of cost + overhead."""
        return (self.stands_up.stand_up_mp if self.stands_up else 0) - sum(c.mp for c in self.changed_by)


def budget(conditions: Sequence[str], movement: str, card_mp: int, who: str = "the figure") -> Budget:
    """The one movement budget: what a `movement` ("move", "leap", "retreat", "teleport") of `card_mp` leaves for
    the path of a figure holding `conditions`. The adversary's turn, the preview's danger layer and a
    character's reach all ask it; the path's costs (terrain, hazards, walls) are paths.reach's."""
    kept = held(conditions)
    stop = next((c for c in kept if c.no_actions), None)
    if stop is not None:
        return Budget(card_mp, 0, cannot=stop, reasons=(f"{who} is {stop.name} and takes no action (p.{stop.page})",))
    standing = next((c for c in kept if c.stand_up_mp > 0), None)
    reasons = []
    mp = card_mp
    if standing is not None:
        if not keywords.REGISTRY[movement].stands_up or card_mp < standing.stand_up_mp:
            return Budget(card_mp, 0, cannot=standing, reasons=(
                f"{who} is {standing.name} and cannot {movement} (p.{standing.page})",))
        mp -= standing.stand_up_mp
        reasons.append(f"{who} spends {standing.stand_up_mp} MP to remove {standing.name} (p.{standing.page})")
    changed = tuple(c for c in kept if c.mp and c is not standing) if keywords.REGISTRY[movement].in_mp else ()
    for c in changed:
        reasons.append(f"{c.name}: {c.mp:+d} MP (p.{c.page})")
    mp = max(0, mp + sum(c.mp for c in changed))
    return Budget(card_mp, mp, standing, changed, None, tuple(reasons))


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
    shield = spent_on(figure.conditions, "damage")
    if amount > 0 and shield is not None:
        return figure.without_condition(shield.name), True
    return replace(figure, hp=max(0, figure.hp - amount)), False

"""A critical ability (p.20; a Character Class board's "A", p.41; an Adversary Description card's, p.46) in the
structured form the mission applies: a condition on the target, extra damage, a push, an Attack on every
adjacent enemy, and free text for the rest. What the app applies (condition, damage) it applies; the rest
the table reads and does by hand."""
from __future__ import annotations
from ..record import record



@record
class CriticalAbility:
    """`source` names where it is printed ("Ranger class board", "Grallok Sentry"). `condition` is inflicted on
    the target and `damage` dealt to it; `push` and `adjacent_attack` (an Attack ±N on all adjacent enemies) and
    `text` are shown for the table to apply."""
    source: str
    text: str = ""
    condition: str | None = None
    damage: int = 0
    push: int = 0
    adjacent_attack: int | None = None

    @property
    def applied(self) -> bool:
        """Whether the app applies it (a condition or damage); otherwise it is shown with its text."""
        return bool(self.condition or self.damage)

    def describe(self) -> str:
        """As the table reads it: the printed text when there is one, else what the structured form does."""
        if self.text:
            return self.text
        parts = []
        if self.condition:
            parts.append(f"the target is {self.condition}")
        if self.damage:
            parts.append(f"{self.damage} damage to the target")
        if self.push:
            parts.append(f"push the target {self.push}")
        if self.adjacent_attack is not None:
            parts.append(f"Attack {self.adjacent_attack:+d} on all adjacent enemies")
        return "; ".join(parts) or "no effect entered"

    def to_dict(self) -> dict:
        return {k: v for k, v in (("source", self.source), ("text", self.text), ("condition", self.condition),
                                  ("damage", self.damage), ("push", self.push),
                                  ("adjacent_attack", self.adjacent_attack)) if v or k == "source"}


def critical_from_dict(d: dict | None, source: str = "") -> CriticalAbility | None:
    """A critical ability as content or a saved mission holds it (None or an empty one: none)."""
    if not d:
        return None
    ability = CriticalAbility(d.get("source") or source, d.get("text") or "", d.get("condition") or None,
                              d.get("damage") or 0, d.get("push") or 0, d.get("adjacent_attack"))
    if not (ability.text or ability.applied or ability.push or ability.adjacent_attack is not None):
        return None
    return ability

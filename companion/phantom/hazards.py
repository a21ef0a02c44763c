"""Hazards at the table (p.33, 38): what entering fire, poison or a trap does to a figure, and what standing
on one does at the start of its next turn or on a rest.

The damage and the condition of each hazard are content, read from data/phantom-epoch/hazards.json by the
app (`hazard_rules`), never numbers in code. A trap that is a Trap token is removed when it is triggered; a
trap printed on the map triggers every time it is entered (p.33): the map says which spaces hold a token
(`HexMap.hazard_tokens`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from ..errors import RuleError
from .attack import AttackError, Combatant, apply_conditions, condition_name
from .board import Figure
from .conditions import held, receive_damage, spent_on
from .hexmap import HAZARDS, Hex, HexMap
from ..record import record


class HazardError(RuleError):
    """A hazard table or a hazard space that does not fit the rules; the message quotes the bad input."""


@record
class HazardRule:
    """What entering one kind of hazard does (p.33)."""
    name: str  # fire / poison / trap
    damage: int
    condition: str | None = None  # the condition inflicted on entering and reapplied while on it
    page: int = 33


def hazard_rules(rows: Sequence[Mapping]) -> tuple[HazardRule, ...]:
    """The rules of hazards.json's `hazards` list, checked: each of fire, poison and trap once."""
    out, seen = [], set()
    for i, row in enumerate(rows):
        name, damage, condition = row.get("name"), row.get("damage"), row.get("condition")
        if name not in HAZARDS or name in seen:
            raise HazardError(f"hazards.{i}.name: {name!r} is not one of {', '.join(HAZARDS)} (once each)")
        if not isinstance(damage, int) or isinstance(damage, bool) or damage < 0:
            raise HazardError(f"hazards.{i}.damage: a hazard's damage is a whole number 0 or more, not {damage!r}")
        if condition is not None:
            try:
                condition = condition_name(condition, f"hazards.{i}.condition")
            except AttackError as exc:
                raise HazardError(str(exc)) from None
        seen.add(name)
        out.append(HazardRule(name, damage, condition, int(row.get("page", 33))))
    return tuple(out)


@record
class Entered:
    """A figure after entering a hazard, the map after it (a triggered Trap token is gone), and why;
    `barrier`: its Barrier took the hazard's damage instead (p.37)."""
    figure: Figure
    map: HexMap
    reasons: tuple[str, ...]
    barrier: bool = False


def _rule(rules, kind: str) -> HazardRule | None:
    return next((r for r in rules if r.name == kind), None)


def enter(hexmap: HexMap, figure: Figure, at: Hex, rules: Sequence[HazardRule]) -> Entered:
    """`figure` enters the hazard on `at` (p.33): its damage, then its condition (p.37's rules: Burning and
    Frozen cancel, Resilient stops a new detrimental one). A Trap token is then removed from the map."""
    kind = hexmap.hazard_at.get(at)
    if kind is None:
        raise HazardError(f"{hexmap.label(at)!r} holds no hazard")
    where = f"{hexmap.label(at)}, a {kind} hazard"
    rule = _rule(rules, kind)
    if rule is None:
        return Entered(figure, hexmap, (f"{figure.id} enters {where}: apply its effect (p.33)",))
    before = figure.hp
    figure, barrier = receive_damage(figure, rule.damage)
    if barrier:
        said = (f"{figure.id} enters {where}: its Barrier is removed instead of taking the {rule.damage} damage, "
                f"HP {figure.hp} (p.37)")
    else:
        said = f"{figure.id} enters {where}: {rule.damage} damage, HP {before} -> {figure.hp}"
    reasons = []
    if rule.condition and figure.hp > 0:
        # p.37 as for an Attack's conditions: Resilient stops a new detrimental one, Burning and Frozen cancel.
        conditions, why = apply_conditions(Combatant.from_figure(figure), [rule.condition])
        if any(c.lower() == rule.condition.lower() for c in conditions):  # gained, or refreshed
            said += f", inflicted with {rule.condition}"
        figure = replace(figure, conditions=conditions)
        reasons.extend(r for r in why if "gains" not in r)
    reasons.insert(0, said + f" (p.{rule.page})")
    if kind == "trap":
        if at in hexmap.hazard_tokens:
            hexmap = hexmap.without_hazard(at)
            reasons.append(f"the Trap token on {hexmap.label(at)} is removed from the map (p.33)")
        else:
            reasons.append(f"the trap on {hexmap.label(at)} is printed on the map: it triggers every time it is "
                           "entered (p.33)")
    return Entered(figure, hexmap, tuple(reasons), barrier)


def kept_on(hexmap: HexMap, figure: Figure, rules: Sequence[HazardRule]) -> str | None:
    """The condition the hazard under `figure` keeps on it (fire: Burning is not removed after its damage while
    the figure has not exited the space, p.33), or None."""
    kind = hexmap.hazard_at.get(figure.at)
    rule = _rule(rules, kind) if kind else None
    return rule.condition if rule else None


def reapply(hexmap: HexMap, figure: Figure, rules: Sequence[HazardRule], resting: bool) -> tuple[Figure, tuple[str, ...]]:
    """The start of a figure's turn (after its Bleeding and Burning) or its rest, still on a fire or poison
    hazard: the hazard's condition is reapplied if the figure no longer has it, without its damage (p.33)."""
    condition = kept_on(hexmap, figure, rules)
    if condition is None or any(c.lower() == condition.lower() for c in figure.conditions):
        return figure, ()
    kind = hexmap.hazard_at[figure.at]
    conditions, why = apply_conditions(Combatant.from_figure(figure), [condition])
    how = "rests while still on" if resting else "has not exited"
    said = (f"{figure.id} {how} the {kind} hazard on {hexmap.label(figure.at)}: {condition} is reapplied, "
            f"no damage (p.33)")
    return replace(figure, conditions=conditions), (said,) + tuple(r for r in why if "gains" not in r)


def start_of_turn(hexmap: HexMap, figure: Figure, rules: Sequence[HazardRule]) -> tuple[Figure, tuple[str, ...]]:
    """A figure's turn begins (not a rest): Bleeding deals 2 damage, Burning 3 and is then removed (p.37) -
    not while the figure stands on a fire hazard (p.33); then, if it still stands, the hazard under it
    reapplies the condition it lost (`reapply`). Characters and adversaries alike."""
    on_hazard = kept_on(hexmap, figure, rules)
    reasons: list[str] = []
    for c in [c for c in held(figure.conditions) if c.start_of_turn_damage]:
        name, damage, removed = c.name, c.start_of_turn_damage, c.ends == "after-its-damage"
        shield = spent_on(figure.conditions, "damage")
        figure, barrier = receive_damage(figure, damage)
        stays = removed and on_hazard == name
        if removed and not stays:
            figure = figure.without_condition(name)
        took = (f"{figure.id}'s {shield.name} is removed instead of taking its {damage} damage at the start of "
                f"its turn, HP {figure.hp}" if barrier else
                f"{figure.id} takes {damage} damage at the start of its turn, HP {figure.hp}")
        reasons.append(f"{name}: {took}" + (f", and removes {name}" if removed and not stays else "")
                       + " (p.23, p.37)")
        if stays:
            reasons.append(f"{figure.id} has not exited the {hexmap.hazard_at[figure.at]} hazard on "
                           f"{hexmap.label(figure.at)}: {name} is not removed (p.33)")
    if figure.hp > 0:
        figure, why = reapply(hexmap, figure, rules, resting=False)
        reasons.extend(why)
    return figure, tuple(reasons)

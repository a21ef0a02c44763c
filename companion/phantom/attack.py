"""One Attack on one declared target, by the ATTACK FLOW of p.21-22, with its decision and reasons.

`resolve_attack` follows the seven steps exactly: the Attack die (after a
Blinded attacker's Accuracy roll, p.37), Fumble and Critical Strike (p.20),
the attack value, the Accuracy chain of a Ranged Attack (nearest first, Miss /
Block / Success, p.21, 36, Figure 49 p.61), Guard and Pierce (p.20), damage
(multipliers after Guard, Barrier, destructible objects' states, p.21, 33, 37),
success, and conditions in order (Resilient, refresh, Burning/Frozen, p.37).
After a Melee Attack it says whether the target's Vengeful asks for an
Attack -1 back (`resolve_counter_attack` resolves it).

Dice come from a `Rolls` source (the scenario's `rolls`) in the order the
rules need them; when one is missing the Attack stops, outcome
"awaiting-roll", and `rolls_needed` says what to roll. Nothing is ever rolled
or invented here.

Targets are plain `Combatant`s (a figure or an object as an Attack sees it),
so this module does not need a Board; `Combatant.on_board` builds one from a
board and the names `sight.py` puts on a line ("goblin-2", "object:E-4").
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..errors import RuleError
from . import conditions as _conditions
from .board import SIDES, Board, Figure
from .dice import (
    ATTACK_DICE, BLOCK, CRITICAL, DIE_NAMES, FUMBLE, MISS, SUCCESS, AttackFace, DiceError, Rolls,
    attack_value_of, parse_accuracy_result, parse_attack_result,
)
from ..record import record

__all__ = [
    "AttackError", "AttackResult", "Combatant", "CounterAttack", "DiceError", "RollNeeded", "RollUsed", "Rolls",
    "apply_conditions", "guard_after_pierce", "damage_after_guard", "parse_accuracy_result", "parse_attack_result",
    "resolve_attack", "resolve_counter_attack", "CONDITIONS", "DETRIMENTAL", "OBJECT_STATES",
]

# p.37: the condition tokens and which are detrimental (Resilient stops only those): conditions.json's list.
CONDITIONS, DETRIMENTAL = _conditions.CONDITIONS, _conditions.DETRIMENTAL
OBJECT_STATES = ("intact", "damaged", "destroyed", "indestructible")
_STATE_ALIASES = {"destructible": "intact"}  # the map's name for an intact destructible object (DESIGN.md)
_NEXT_STATE = {"intact": "damaged", "damaged": "destroyed"}  # p.33: one step per damaging attack


class AttackError(RuleError):
    """An Attack the rules do not allow or inputs that do not fit (the message quotes the bad value)."""


_key = _conditions.key
_BY_KEY = _conditions.BY_KEY


def condition_name(raw, where: str = "condition") -> str:
    """The rulebook's name of a condition ("knocked-down" -> "Knocked Down"); unknown names are refused."""
    try:
        return _conditions.condition_name(raw, where)
    except _conditions.ConditionError as exc:
        raise AttackError(exc.field, exc.message, exc.page, text=str(exc)) from None


def _has(conditions: Sequence[str], name: str) -> bool:
    return any(_key(c) == _key(name) for c in conditions)


def _without(conditions: Sequence[str], name: str) -> tuple[str, ...]:
    return tuple(c for c in conditions if _key(c) != _key(name))


# -- what an Attack can hit ------------------------------------------------------------------------------

@record
class Combatant:
    """A figure or an object as an Attack sees it. `guard` and `attack` are the totals of every source the
    caller knows (attribute, cards, equipment); Weakened and Vulnerable are added here (p.37). An object has
    `object_state` (intact / damaged / destroyed / indestructible), no side and, with no source of Guard
    in the rulebook, Guard 0."""
    name: str
    side: str | None = None  # character / adversary; None for an object
    hp: int = 0
    attack: int = 0
    guard: int = 0
    conditions: tuple[str, ...] = ()
    object_state: str | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise AttackError(f"a combatant needs a name, not {self.name!r}")
        state = _STATE_ALIASES.get(self.object_state, self.object_state)
        if state is not None and state not in OBJECT_STATES:
            raise AttackError(f"{self.name}: object state must be one of {', '.join(OBJECT_STATES)}, "
                              f"not {self.object_state!r}")
        object.__setattr__(self, "object_state", state)
        if state is None and self.side not in SIDES:
            raise AttackError(f"{self.name}: side must be one of {', '.join(SIDES)}, not {self.side!r}")
        if state is not None and self.side is not None:
            raise AttackError(f"{self.name}: an object has no side, not {self.side!r}")
        for field in ("hp", "attack", "guard"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise AttackError(f"{self.name}: {field} must be a whole number, not {value!r}")
        if isinstance(self.conditions, str):
            raise AttackError(f"{self.name}: conditions must be a list of names, not {self.conditions!r}")
        # Known conditions under the rulebook's names; anything else is kept as written.
        object.__setattr__(self, "conditions", tuple(_BY_KEY.get(_key(c), c) for c in self.conditions))

    @property
    def is_object(self) -> bool:
        return self.object_state is not None

    @property
    def defeated(self) -> bool:
        return not self.is_object and self.hp <= 0

    def has(self, condition: str) -> bool:
        return _has(self.conditions, condition)

    @classmethod
    def from_figure(cls, figure: Figure) -> "Combatant":
        return cls(figure.id, figure.side, figure.hp, figure.attack, figure.guard, tuple(figure.conditions))

    @classmethod
    def on_board(cls, board: Board, name: str) -> "Combatant":
        """The figure with id `name`, or the object `object:E-4` (the names sight.py puts on a line)."""
        if name.startswith("object:"):
            label = name[len("object:"):]
            h = board.map.parse(label)
            state = board.map.object_at.get(h)
            if state is None:
                raise AttackError(f"{name!r}: there is no object on {label}")
            return cls(name, object_state=state)
        return cls.from_figure(board.figure(name))


# -- the parts of the flow that are pure arithmetic (p.20-21) --------------------------------------------

def guard_after_pierce(guard: int, pierce: int = 0, critical: bool = False) -> int:
    """Step 5 (p.20-21): Pierce lowers only a positive Guard, never below 0; a Critical Strike pierces all
    positive Guard; a Guard of 0 or less stays as it is."""
    if guard <= 0:
        return guard
    if critical:
        return 0
    return max(0, guard - pierce)


def damage_after_guard(attack_value: int, guard: int, multiplier: int = 1) -> int:
    """Step 6 (p.21): attack value minus Guard, at least 0; "damage x2"-style effects apply after Guard."""
    return max(0, attack_value - guard) * multiplier


def apply_conditions(target: Combatant, inflicted: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Step 7's conditions on a figure, in the order given (p.21: the attacked character may choose it):
    the target's conditions after, and a reason per condition (p.37)."""
    current = tuple(target.conditions)
    reasons = []
    for raw in inflicted:
        c = condition_name(raw)
        # p.37: a held condition that `c` cancels (Frozen and Burning each other) goes instead of `c` landing
        cancelled = next((h for h in _conditions.held(current) if h.cancels and _key(h.cancels) == _key(c)), None)
        resilient = _conditions.spent_on(current, "detrimental-condition")
        if _has(current, c):
            reasons.append(f"{target.name} already has {c}: it refreshes, no second token (p.37)")
        elif cancelled is not None:
            current = _without(current, cancelled.name)
            reasons.append(f"{target.name} would be inflicted with {c} while {cancelled.name}: "
                           f"{cancelled.name} is removed instead (p.{cancelled.page})")
        elif _conditions.REGISTRY[c].kind == "detrimental" and resilient is not None:
            current = _without(current, resilient.name)
            reasons.append(f"{target.name} would receive a new detrimental condition, {c}: its {resilient.name} is "
                           f"removed instead (p.{resilient.page})")
        else:
            current = current + (c,)
            reasons.append(f"{target.name} gains {c} (p.21)")
    return current, tuple(reasons)


# -- the result ---------------------------------------------------------------------------------------

@record
class RollUsed:
    """A die the attack used: which, and the face rolled."""
    die: str  # "Basic Attack die", "Blitz Attack die", "Accuracy die"
    result: AttackFace
    for_whom: str  # "the attack on vera", "goblin-2", "archer-1 (Blinded)"
    source: str  # where it was given: "rolls.attack[0]"


@record
class RollNeeded:
    """A die the attack still needs the table to roll."""
    die: str
    for_whom: str

    def __str__(self) -> str:
        return f"{self.die} for {self.for_whom}"


@record
class CounterAttack:
    """Vengeful (p.37): `by` performs an Attack `value` on `against` in retaliation, then loses Vengeful."""
    by: str
    against: str
    value: int = -1


@record
class AttackResult:
    """One attack resolved: hits, damage, conditions given, and the reasons with their pages."""
    outcome: str  # hit / failed / missed / fumbled / blocked-by:<name> / awaiting-roll
    attacker: str
    declared_target: str
    target: str  # who the Attack ended up against (the blocker after a Block)
    melee: bool
    succeeded: bool  # p.21-22: not missed or fumbled, and attack value greater than Guard
    attack_value: int | None
    guard: int | None  # after Vulnerable, Pierce and a Critical Strike
    damage: int  # after Guard and multipliers; what Barrier stopped is counted here too
    barrier_used: bool
    defeated: bool
    critical: bool
    critical_ability: bool  # one critical ability may be activated after step 7 (p.20)
    fumbled: bool
    no_further_attacks: bool  # a Fumble on the attacker's turn ends its Attacks (p.20)
    target_after: Combatant
    attacker_after: Combatant
    counter_attack: CounterAttack | None
    rolls_used: tuple[RollUsed, ...]
    rolls_needed: tuple[RollNeeded, ...]  # the first is needed now; the rest only if the results call for them
    rolls_after: Rolls  # what is left for the next roll of the turn
    reasons: tuple[str, ...]

    def to_dict(self) -> dict:
        after = self.target_after
        return {
            "attacker": self.attacker,
            "declared_target": self.declared_target,
            "target": self.target,
            "outcome": self.outcome,
            "melee": self.melee,
            "succeeded": self.succeeded,
            "rolls_used": [{"die": r.die, "result": r.result, "for": r.for_whom, "from": r.source}
                           for r in self.rolls_used],
            "rolls_needed": [str(r) for r in self.rolls_needed],
            "attack_value": self.attack_value,
            "guard": self.guard,
            "damage": self.damage,
            "barrier_used": self.barrier_used,
            "defeated": self.defeated,
            "critical": self.critical,
            "critical_ability": self.critical_ability,
            "fumbled": self.fumbled,
            "no_further_attacks": self.no_further_attacks,
            "target_after": ({"state": after.object_state} if after.is_object
                             else {"hp": after.hp, "conditions": list(after.conditions)}),
            "counter_attack": (None if self.counter_attack is None else
                               {"by": self.counter_attack.by, "against": self.counter_attack.against,
                                "value": self.counter_attack.value}),
            "reasons": list(self.reasons),
        }


# -- the flow -----------------------------------------------------------------------------------------

def resolve_attack(attacker: Combatant, target: Combatant, rolls: Rolls, *, target_range: int, value: int = 0,
                   pierce: int = 0, conditions: Sequence[str] = (), obstacles: Sequence[Combatant] = (),
                   die: str = "basic", damage_multiplier: int = 1, retaliation: bool = False) -> AttackResult:
    """One Attack by `attacker` on the declared `target` at `target_range` (1: a Melee Attack; 2 or more:
    a Ranged Attack, p.21). `value` is the action's value (with any modifiers the caller applies),
    `obstacles` the objects and figures on the line of sight that need an Accuracy roll, nearest first
    (sight.py's `accuracy_rolls`), `conditions` those the Attack inflicts, in the order to apply them.
    Adversaries roll the Basic Attack die unless their card says otherwise (p.21). Each step of p.21 is one
    function below; a step that ends the Attack (a roll still to make, a Miss, a Fumble) answers its result."""
    obstacles = tuple(obstacles)
    conditions = tuple(condition_name(c, "conditions") for c in _listed(conditions, "conditions"))
    _check(attacker, target, target_range, value, pierce, obstacles, die, damage_multiplier)
    melee = target_range == 1
    flow = _Flow(attacker, target, melee, rolls, retaliation)
    kind = "a Melee Attack (adjacent target" if melee else f"a Ranged Attack (range {target_range}"
    flow.say(f"{attacker.name} makes {kind}{', in retaliation' if retaliation else ''}) on {target.name} (p.21)")
    later = [] if melee else [RollNeeded(DIE_NAMES["accuracy"], o.name) for o in obstacles]
    ended = _blinded(flow, die, later) or _attack_die(flow, die, value, later)
    if ended is not None:
        return ended
    final = _accuracy_chain(flow, obstacles if not melee else (), later)
    if isinstance(final, AttackResult):
        return final
    outcome_if_done = f"blocked-by:{final.name}" if final is not target else None
    if final.object_state == "indestructible":
        flow.target = final
        flow.say(f"{final.name} is indestructible: it takes no damage when it blocks a Ranged Attack (p.34)")
        return flow.finish(outcome_if_done)
    _guard(flow, final, pierce)
    after = _conditions_on(flow, final, _damage(flow, final, damage_multiplier), conditions)
    if flow.critical:
        flow.say(f"the Critical Strike lets {attacker.name} activate one critical ability after step 7 (p.20)")
    flow.target = after
    return flow.finish(outcome_if_done or ("hit" if flow.succeeded else "failed"))


def _blinded(flow: "_Flow", die: str, later: list) -> AttackResult | None:
    """Blinded (p.37): the Accuracy die before the Attack die; only Success lets the Attack go on."""
    attacker, target = flow.attacker, flow.declared
    blind = next((c for c in _conditions.held(attacker.conditions) if c.accuracy_before_attack), None)
    if blind is None:
        return None
    got = flow.roll("accuracy", f"{attacker.name} ({blind.name})")
    if got is None:
        return flow.awaiting([RollNeeded(DIE_NAMES["accuracy"], f"{attacker.name}, {blind.name}, before the "
                                         f"attack on {target.name}"),
                              RollNeeded(DIE_NAMES[die], f"the attack on {target.name}"), *later])
    if got != SUCCESS:
        flow.say(f"{attacker.name} is {blind.name} and rolled {got}, not Success, on the Accuracy die before "
                 f"its Attack: the Attack does not proceed (p.{blind.page})")
        return flow.finish("missed")
    flow.say(f"{attacker.name} is {blind.name} and rolled success on the Accuracy die: the Attack proceeds "
             f"(p.{blind.page})")
    return None


def _attack_die(flow: "_Flow", die: str, value: int, later: list) -> AttackResult | None:
    """Steps 2-3 (p.21): the Attack die (a Fumble ends the Attack, p.20), then the attack value."""
    attacker, target, attack_die = flow.attacker, flow.declared, DIE_NAMES[die]
    face = flow.roll(die, f"the attack on {target.name}")
    if face is None:
        return flow.awaiting([RollNeeded(attack_die, f"the attack on {target.name}"), *later])
    if face == FUMBLE:
        flow.fumbled = True
        flow.say(f"{attack_die} shows a Fumble: the Attack misses entirely"
                 + (" (p.20)" if flow.retaliation else
                    f" and {attacker.name} can perform no further Attacks this turn (p.20)"))
        return flow.finish("fumbled")
    flow.critical = face == CRITICAL
    weakening = [c for c in _conditions.held(attacker.conditions) if c.attack]
    flow.attack_value = attack_value_of(face) + attacker.attack + value + sum(c.attack for c in weakening)
    shown = "Critical Strike, counted as 3 (p.20)" if flow.critical else str(face)
    parts = [f"{attack_die}: {shown}", f"Attack {attacker.attack:+d}", f"action {value:+d}"]
    parts += [f"{c.name} {c.attack:+d} (p.{c.page})" for c in weakening]
    flow.say(f"attack value (step 3, p.21) {flow.attack_value}: {', '.join(parts)}")
    return None


def _accuracy_chain(flow: "_Flow", obstacles: tuple, later: list) -> "Combatant | AttackResult":
    """Step 4: the Accuracy chain of a Ranged Attack (p.21, 36; Figure 49, p.61): the figure or object the Attack
    reaches (the declared target, or what Blocks it), or the result when it misses or waits for a roll."""
    target = flow.declared
    if not obstacles:
        return target
    if flow.critical:
        flow.say(f"a Critical Strike reaches {target.name} without rolling the Accuracy die for "
                 f"{', '.join(o.name for o in obstacles)} (p.20, 61)")
        return target
    for k, ob in enumerate(obstacles):
        result = flow.roll("accuracy", ob.name)
        if result is None:
            return flow.awaiting(later[k:])
        if result == MISS:
            flow.say(f"Accuracy die for {ob.name}: Miss. The Attack misses {ob.name} and everything "
                     f"beyond it on the line, {target.name} included (p.36)")
            return flow.finish("missed")
        if result == BLOCK:
            ally = " even though it is an ally of the attacker" if ob.side == flow.attacker.side else ""
            flow.say(f"Accuracy die for {ob.name}: Block. {ob.name} becomes the new target of the "
                     f"Attack{ally} (p.36)")
            return ob
        flow.say(f"Accuracy die for {ob.name}: Success. The Attack passes it and goes on (p.36)")
    return target


def _guard(flow: "_Flow", final: Combatant, pierce: int) -> None:
    """Step 5: the Guard of what the Attack reached, after its conditions, Pierce and a Critical Strike (p.20-21)."""
    exposing = [c for c in _conditions.held(final.conditions) if c.guard]
    guard = final.guard + sum(c.guard for c in exposing)
    flow.guard = guard_after_pierce(guard, pierce, flow.critical)
    if final.is_object:
        text = f"Guard (step 5, p.21): {final.name} has {final.guard}, objects having no Guard source in the rules"
    else:
        text = f"Guard (step 5, p.21): {final.name}'s {final.guard}" + "".join(
            f" - {-c.guard} {c.name} (p.{c.page})" if c.guard < 0 else f" + {c.guard} {c.name} (p.{c.page})"
            for c in exposing) + (f" = {guard}" if exposing else "")
    if guard > 0 and flow.critical:
        text += f"; the Critical Strike pierces all of it: {flow.guard} (p.20)"
    elif guard > 0 and pierce:
        text += f"; Pierce {pierce} lowers it to {flow.guard} (p.20)"
    elif guard <= 0 and (pierce or flow.critical):
        text += f"; Pierce{' of a Critical Strike' if flow.critical else ''} only affects a Guard above 0, so it " \
                f"stays {flow.guard} (p.20)"
    flow.say(text)


def _damage(flow: "_Flow", final: Combatant, multiplier: int) -> Combatant:
    """Step 6: the damage, and what it leaves of the target (an object one state further, p.33; a Barrier spent
    instead, p.37)."""
    flow.succeeded = flow.attack_value > flow.guard
    flow.damage = damage_after_guard(flow.attack_value, flow.guard, multiplier)
    sentence = (f"damage {max(0, flow.attack_value - flow.guard)} = attack value {flow.attack_value} - "
                f"Guard {flow.guard}, at least 0")
    if multiplier != 1:
        sentence += f", then x{multiplier} after Guard: {flow.damage}"
    flow.say(sentence + " (p.21)")
    if final.is_object:
        if flow.damage <= 0:
            flow.say(f"{final.name} takes no damage and stays {final.object_state} (p.33)")
            return final
        after = replace(final, object_state=_NEXT_STATE[final.object_state])
        flow.say(f"{final.name} takes damage: its state goes from {final.object_state} to "
                 f"{after.object_state}, whatever the amount (p.33)")
        return after
    if flow.damage <= 0:
        return final
    shield = _conditions.spent_on(final.conditions, "damage")
    if shield is not None:
        flow.barrier_used = True
        flow.say(f"{final.name}'s {shield.name} is removed instead of taking the {flow.damage} damage "
                 f"(p.{shield.page})")
        return replace(final, conditions=_without(final.conditions, shield.name))
    after = replace(final, hp=max(0, final.hp - flow.damage))
    flow.say(f"{final.name} loses {flow.damage} HP: {final.hp} -> {after.hp} (p.21)")
    if after.hp == 0:
        flow.defeated = True
        flow.say(f"{final.name} is reduced to 0 HP and defeated (p.23, 26)")
    return after


def _conditions_on(flow: "_Flow", final: Combatant, after: Combatant, conditions: tuple) -> Combatant:
    """Step 7: whether the Attack succeeded, and the conditions it inflicts on a figure it hit (p.21-22)."""
    if flow.succeeded:
        flow.say(f"the Attack succeeds: attack value {flow.attack_value} is greater than Guard {flow.guard}"
                 + (" (even though Barrier stopped the damage)" if flow.barrier_used else "") + " (p.21-22)")
    else:
        flow.say(f"the Attack fails: attack value {flow.attack_value} does not exceed Guard {flow.guard} (p.21-22)")
    if not conditions:
        return after
    if not flow.succeeded:
        flow.say("no conditions are applied: the Attack failed (p.21)")
    elif after.is_object:
        flow.say(f"{', '.join(conditions)} ignored: conditions are ignored when the target is an object (p.34)")
    elif flow.defeated:
        flow.say(f"{', '.join(conditions)} not applied: {final.name} is defeated and leaves the map (p.23, 26)")
    else:
        new, reasons = apply_conditions(after, conditions)
        after = replace(after, conditions=new)
        if len(conditions) > 1:
            flow.say(f"conditions applied in the order given: {', '.join(conditions)} (p.21: the attacked "
                     "character may choose the order)")
        for r in reasons:
            flow.say(r)
    return after


def resolve_counter_attack(request: CounterAttack, retaliator: Combatant, attacker: Combatant, rolls: Rolls, *,
                           die: str = "basic") -> AttackResult:
    """The Vengeful figure's Attack -1 on the figure whose Melee Attack triggered it (p.37), with the next
    rolls; Vengeful is removed once it is performed (not while it still awaits a roll). If another effect
    defeated the attacker first, there is nothing to resolve and Vengeful stays: do not call this."""
    if (retaliator.name, attacker.name) != (request.by, request.against):
        raise AttackError(f"the counter-attack is by {request.by!r} against {request.against!r}, not by "
                          f"{retaliator.name!r} against {attacker.name!r}")
    vengeful = _conditions.spent_on(retaliator.conditions, "retaliation")
    if vengeful is None:
        raise AttackError(f"{retaliator.name!r} has no Vengeful condition to retaliate with")
    result = resolve_attack(retaliator, attacker, rolls, target_range=1, value=request.value, die=die,
                            retaliation=True)
    if result.outcome == "awaiting-roll":
        return result
    after = replace(result.attacker_after, conditions=_without(result.attacker_after.conditions, vengeful.name))
    return replace(result, attacker_after=after,
                   reasons=result.reasons + (f"{retaliator.name} removes its {vengeful.name} token after "
                                             f"retaliating (p.{vengeful.page})",))


# -- internals -----------------------------------------------------------------------------------------

class _Flow:
    """What one Attack has found so far; `finish` freezes it into an AttackResult."""

    def __init__(self, attacker: Combatant, target: Combatant, melee: bool, rolls: Rolls, retaliation: bool):
        self.attacker, self.declared, self.target = attacker, target, target
        self.melee, self.rolls, self.retaliation = melee, rolls, retaliation
        self.reasons: list[str] = []
        self.used: list[RollUsed] = []
        self.attack_value = self.guard = None
        self.damage = 0
        self.succeeded = self.barrier_used = self.defeated = self.critical = self.fumbled = False

    def say(self, text: str) -> None:
        self.reasons.append(text)

    def roll(self, die: str, for_whom: str):
        got = self.rolls.take_accuracy() if die == "accuracy" else self.rolls.take_attack()
        if got is None:
            return None
        result, source, self.rolls = got
        self.used.append(RollUsed(DIE_NAMES[die], result, for_whom, source))
        return result

    def awaiting(self, needed: list[RollNeeded]) -> AttackResult:
        first, rest = needed[0], needed[1:]
        text = f"waiting for the {first}: no such roll was given, and none is made up"
        if rest:
            text += f"; then, depending on the results: {', '.join(str(r) for r in rest)}"
        self.say(text + " (p.21)")
        return self._result("awaiting-roll", tuple(needed), counter=None)

    def finish(self, outcome: str) -> AttackResult:
        return self._result(outcome, (), counter=self._vengeance())

    def _vengeance(self) -> CounterAttack | None:
        # p.20: an attempted Attack is complete whether it succeeds or not, so a fumbled or Blinded Melee
        # Attack still completes against the target.
        t = self.target
        vengeful = None if t.is_object else _conditions.spent_on(t.conditions, "retaliation")
        if not self.melee or vengeful is None:
            return None
        unable = _conditions.cannot_attack(t.conditions)
        if self.defeated or unable:
            self.say(f"{t.name}'s {vengeful.name} does not act: it is "
                     f"{'defeated' if self.defeated else unable.name} (p.{vengeful.page})")
            return None
        self.say(f"{t.name} is {vengeful.name}: after this Melee Attack it performs an Attack "
                 f"{vengeful.retaliation:+d} on {self.attacker.name} in retaliation, then removes the token "
                 f"(p.{vengeful.page})")
        return CounterAttack(t.name, self.attacker.name, vengeful.retaliation)

    def _result(self, outcome: str, needed: tuple, counter) -> AttackResult:
        no_more = self.fumbled and not self.retaliation
        return AttackResult(
            outcome=outcome, attacker=self.attacker.name, declared_target=self.declared.name,
            target=self.target.name, melee=self.melee, succeeded=self.succeeded,
            attack_value=self.attack_value, guard=self.guard, damage=self.damage,
            barrier_used=self.barrier_used, defeated=self.defeated, critical=self.critical,
            critical_ability=self.critical and outcome != "awaiting-roll", fumbled=self.fumbled,
            no_further_attacks=no_more, target_after=self.target, attacker_after=self.attacker,
            counter_attack=counter, rolls_used=tuple(self.used), rolls_needed=needed, rolls_after=self.rolls,
            reasons=tuple(self.reasons))


def _listed(value, where: str) -> tuple:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise AttackError(f"{where}: must be a list, not {value!r}")
    return tuple(value)


def _check(attacker: Combatant, target: Combatant, target_range, value, pierce, obstacles, die, multiplier):
    if not isinstance(attacker, Combatant) or not isinstance(target, Combatant):
        raise AttackError("the attacker and the target must be Combatants")
    if attacker.is_object:
        raise AttackError(f"attacker: {attacker.name!r} is an object; objects do not Attack")
    if attacker.defeated:
        raise AttackError(f"attacker: {attacker.name!r} has {attacker.hp} HP and is defeated")
    unable = _conditions.cannot_attack(attacker.conditions)
    if unable is not None:
        raise AttackError(f"attacker: {attacker.name!r} is {unable.name} and cannot Attack (p.{unable.page})")
    if target.name == attacker.name:
        raise AttackError(f"target: {target.name!r} cannot Attack itself")
    _check_target(target, "target")
    if not isinstance(target_range, int) or isinstance(target_range, bool) or target_range < 1:
        raise AttackError(f"target_range: must be 1 (adjacent) or more, not {target_range!r}")
    for name, v, lo in (("value", value, None), ("pierce", pierce, 0), ("damage_multiplier", multiplier, 1)):
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo):
            raise AttackError(f"{name}: must be a whole number{f' of at least {lo}' if lo is not None else ''}, "
                              f"not {v!r}")
    if die not in ATTACK_DICE:
        raise AttackError(f"die: must be one of {', '.join(ATTACK_DICE)}, not {die!r}")
    if obstacles and target_range == 1:
        raise AttackError(f"obstacles: a Melee Attack rolls no Accuracy die (p.21), yet "
                          f"{', '.join(repr(getattr(o, 'name', o)) for o in obstacles)} were given")
    seen = {attacker.name, target.name}
    for i, ob in enumerate(obstacles):
        if not isinstance(ob, Combatant):
            raise AttackError(f"obstacles[{i}]: {ob!r} is not a Combatant")
        if ob.name in seen:
            raise AttackError(f"obstacles[{i}]: {ob.name!r} is the attacker, the target or already on the line")
        seen.add(ob.name)
        if ob.object_state == "destroyed":
            raise AttackError(f"obstacles[{i}]: {ob.name!r} is destroyed: terrain, not on any line (p.33)")
        hidden = None if ob.is_object else _untargetable(ob)
        if not ob.is_object and (ob.defeated or hidden):
            raise AttackError(f"obstacles[{i}]: {ob.name!r} is {'defeated' if ob.defeated else hidden.name} "
                              "and on no line (p.37)")


def target_refused(target: Combatant) -> AttackError | None:
    """Why `target` may not be Attacked at all (indestructible, destroyed, defeated, a condition that makes it
    untargetable, p.33-34, p.37), as the flow refuses it, or None: the attack helper's list asks this."""
    try:
        _check_target(target, "target")
    except AttackError as exc:
        return exc
    return None


def _check_target(target: Combatant, where: str) -> None:
    if target.object_state == "indestructible":
        raise AttackError(f"{where}: {target.name!r} is indestructible and may not be targeted by Attacks (p.34)")
    if target.object_state == "destroyed":
        raise AttackError(f"{where}: {target.name!r} is already destroyed (p.33)")
    if target.defeated:
        raise AttackError(f"{where}: {target.name!r} has {target.hp} HP and is defeated")
    hidden = _untargetable(target)
    if hidden is not None:
        raise AttackError(f"{where}: {target.name!r} is {hidden.name} and cannot be Attacked (p.{hidden.page})")


def _untargetable(c: Combatant) -> _conditions.Condition | None:
    return next((h for h in _conditions.held(c.conditions) if h.untargetable), None)

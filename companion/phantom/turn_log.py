"""What an adversary's turn did, step by step, in the game's words: the log line a table reads back.

A turn's `Resolution` (turn.py) explains every decision; a table looking back at the log needs only what
happened: each movement from → to, each Attack's outcome with the damage per target and its HP after, a
figure defeated, the conditions given, the hazards entered, a Heal. `turn_summary` reads the resolution and
the board the turn began on (for where a figure stood and what it held before) and changes nothing; it is
kept beside turn.py, not in it, so the turn's resolution stays one thing.
"""
from __future__ import annotations

from .board import Board
from .turn import Resolution, Step

_OUTCOMES = {"failed": "no damage (the attack value did not beat Guard)", "missed": "missed",
             "fumbled": "fumbled", "awaiting-roll": "waiting for its dice"}


def turn_summary(before: Board, resolution: Resolution) -> tuple[str, ...]:
    """One phrase per thing the turn did, in order; a turn that did nothing says so."""
    me = resolution.adversary
    held = {f.id: tuple(f.conditions) for f in before.figures}  # conditions as the turn goes on
    hp = {f.id: f.hp for f in before.figures}
    label = before.map.label
    said: list[str] = []
    start = resolution.start
    if start is not None:
        said.append(f"{me} takes {start.damage} damage at the start of its turn, HP {start.hp}"
                    if not start.barrier else f"{me}'s Barrier takes the damage at the start of its turn")
        said += [f"{me} loses {c}" for c in start.lost]
        said += [f"{me} gains {c}" for c in start.gained]
        hp[me] = start.hp
    for step in resolution.steps:
        said += _step(step, me, label, held, hp)
    after = next((f for f in resolution.board.figures if f.id == me), None)
    if after is not None and me in hp and after.hp < hp[me]:  # a Vengeful Attack back (p.37)
        said.append(f"{me} takes {hp[me] - after.hp} damage back, HP {after.hp}")
    if not said:
        said.append(f"{me} does nothing")
    return tuple(said)


def _step(step: Step, me: str, label, held: dict, hp: dict) -> list[str]:
    card = f"{step.card}: " if step.card else ""
    if not step.performed:
        return [f"{card}{step.action} not performed"]
    if step.movement is not None:
        return _movement(step, card, me, label, hp)
    if step.targets:
        return [line for t in step.targets for line in _attack(t, card, me, held, hp)]
    if step.action == "heal" and step.target:
        return [f"{card}{me} heals {step.target} {step.value}"]
    if step.action == "condition" and step.target:
        held[step.target] = held.get(step.target, ()) + (step.name,)
        return [f"{card}{step.target} gains {step.name}"]
    if step.action == "damage":
        return ([f"{card}{x} takes {step.value} damage" for x in step.hits]
                or [f"{card}{step.value} damage: no figure adjacent"])
    return []


def _movement(step: Step, card: str, me: str, label, hp: dict) -> list[str]:
    mv = step.movement
    verb = {"leap": "leaps", "retreat": "retreats", "teleport": "teleports"}.get(mv.mode, "moves")
    out = [f"{card}{me} {verb} {label(mv.start)} → {label(mv.end)}" if mv.end != mv.start
           else f"{card}{me} stays on {label(mv.start)}"]
    for e in step.entered:
        if e.damage is None:
            out.append(f"{me} enters the {e.hazard} hazard on {label(e.at)}: apply its effect")
            continue
        what = "its Barrier is removed" if e.barrier else f"{e.damage} damage, HP {e.hp}"
        out.append(f"{me} enters the {e.hazard} hazard on {label(e.at)}: {what}")
        out += [f"{me} gains {c}" for c in e.gained] + [f"{me} loses {c}" for c in e.lost]
        hp[me] = e.hp
    if step.ends_turn:
        out.append(f"{me} is {step.ends_turn}")
    return out


def _attack(t, card: str, me: str, held: dict, hp: dict) -> list[str]:
    r = t.result
    if r is None:
        return [f"{card}{me} attacks {t.target}: waiting for its dice"]
    who = r.target
    blocked = f" (blocked by {who})" if r.outcome.startswith("blocked-by:") else ""
    if r.target_after.is_object:
        state = r.target_after.object_state
        return [f"{card}{me} attacks {t.target}{blocked}: " + (f"{r.damage} damage, now {state}" if r.damage else
                                                                _OUTCOMES.get(r.outcome, "no damage"))]
    head = f"{card}{me} attacks {t.target}{blocked}"
    crit = ", a Critical Strike" if r.critical else ""
    if r.damage and r.barrier_used:
        out = [f"{head}: hit{crit}, {who}'s Barrier takes the {r.damage} damage"]
    elif r.damage:
        out = [f"{head}: hit{crit}, {r.damage} damage to {who}, HP {hp.get(who, '?')} → {r.target_after.hp}"]
    else:
        out = [f"{head}: " + (f"hit{crit}, no damage" if r.succeeded else _OUTCOMES.get(r.outcome, "no damage"))]
    hp[who] = r.target_after.hp
    if r.defeated:
        out.append(f"{who} is defeated")
    was = held.get(who, ())
    out += [f"{who} gains {c}" for c in r.target_after.conditions if c not in was]
    out += [f"{who} loses {c}" for c in was if c not in r.target_after.conditions]
    held[who] = tuple(r.target_after.conditions)
    if r.counter_attack is not None:
        out.append(f"{r.counter_attack.by} may attack {me} back (Vengeful)")
    return out

"""Combat (p.9, 13, 14): an attack's totals and damage, the attack bonuses of FRONTLINE and FORMATION,
damage dealt and ELITE tokens claimed, and damage dealt outside an attack (card effects, RUTHLESS p.15)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import DieResult, GameError, Outcome, player_name, unit, with_side, with_unit
from .board import units_at
from .state import CASUALTY_DAMAGE, DESTROYED_AT, Activation, Game, Unit, _playing, discarded
from ...record import record


@record
class AttackResult:
    attacker_total: int
    defender_total: int
    result: str  # tie / attacker / defender
    damage: int
    reasons: tuple[str, ...]


def resolve_attack(offense: int, attack_die: DieResult, defense: int, defense_die: DieResult,
                   melee: bool = False, bonuses: tuple[tuple[str, int], ...] = ()) -> AttackResult:
    """Offense + die against defense + die: tie 1 damage, attacker wins 2, defender wins 0; the attacker's
    critical adds 1 when the attack deals damage; the defender's critical wins regardless (p.9, 13).
    MELEE attacks deal 1 damage on a win or a tie (p.14)."""
    for v, what in ((offense, "offense"), (defense, "defense")):
        if v < 0:
            raise GameError(what, f"A unit's {what} is never negative: {v}.")
    attack = offense + sum(b for _, b in bonuses) + attack_die.value
    defend = defense + defense_die.value
    reasons = [f"{label}: +{b} offense" for label, b in bonuses]
    reasons.append(f"Attacker {offense + sum(b for _, b in bonuses)} offense + {attack_die.label} = {attack}; "
                   f"defender {defense} defense + {defense_die.label} = {defend}.")
    if defense_die.critical:
        reasons.append("The defender rolled a critical: the defending unit wins regardless (p.9).")
        return AttackResult(attack, defend, "defender", 0, tuple(reasons))
    if attack < defend:
        reasons.append("Defender wins: the attack fails, no damage (p.9).")
        return AttackResult(attack, defend, "defender", 0, tuple(reasons))
    result = "tie" if attack == defend else "attacker"
    damage = 1 if melee or result == "tie" else 2
    if melee:
        reasons.append(f"{'Tied' if result == 'tie' else 'Attacker wins'}: a MELEE attack deals 1 damage (p.14).")
    elif result == "tie":
        reasons.append("Totals tied: the defending unit is dealt 1 damage (p.9).")
    else:
        reasons.append("Attacker wins: the defending unit is dealt 2 damage (p.9).")
    if attack_die.critical:
        damage += 1
        reasons.append("The attacker rolled a critical and the attack deals damage: 1 additional damage (p.9).")
    return AttackResult(attack, defend, result, damage, tuple(reasons))


def attack_bonuses(g: Game, u: Unit, a: Activation | None) -> tuple[tuple[str, int], ...]:
    out = []
    if u.has("FRONTLINE") and a is not None and a.frontline:
        out.append(("FRONTLINE, activated the turn it was played (p.14)", 1))
    if u.has("FORMATION") and any(x.id != u.id for x in units_at(g, u.at, u.owner)):
        out.append(("FORMATION with a friendly unit in the battlefield (p.14)", 1))
    return tuple(out)


def elite_claimant(rule: str, before: int, after: int, destroyed: bool, by: int | None) -> int | None:
    """Who claims an ELITE token (p.14): two players — whoever destroys the unit; 3-4 players and
    2 vs 2 — whoever deals its 3rd damage or destroys it while it has the token."""
    if by is None:
        return None
    if destroyed:
        return by
    if rule == "multiplayer" and before < CASUALTY_DAMAGE <= after:
        return by
    return None


def attack_line(g: Game, u: Unit, d: Unit, dice: tuple[DieResult, DieResult], r: AttackResult,
                granted: bool = False) -> str:
    """The log's line of an attack in the game's words (issue 38): the two units and their owners, both dice as
    rolled, the totals and who won, the damage and what it left of the defending unit (p.9); `g` is the state
    after the damage."""
    after = next((x for x in g.units if x.id == d.id), None)
    left = (f"{d.card} destroyed and discarded" if after is None else
            f"{d.card} now has {after.damage} damage" if r.damage else f"{d.card} takes no damage")
    outcome = {"tie": "tie", "attacker": "attacker wins", "defender": "defender wins"}[r.result]
    return (f"{u.card} attacked {d.card}{' (granted)' if granted else ''}: {r.attacker_total} against "
            f"{r.defender_total}, {outcome}, {r.damage} damage (p.9) — {player_name(g, u.owner)}'s attack die "
            f"{dice[0].label}, {player_name(g, d.owner)}'s defense die {dice[1].label}; {left}")


def _deal(g: Game, d: Unit, damage: int, by: int | None) -> tuple[Game, tuple[str, ...]]:
    if damage <= 0:
        return g, ()
    after = d.damage + damage
    destroyed = after >= DESTROYED_AT
    reasons = ()
    claimant = elite_claimant(g.elite_rule, d.damage, after, destroyed, by) if d.elite_token else None
    if claimant is not None:
        g = with_side(g, claimant, artifacts=g.sides[claimant].artifacts + 1)
        d = replace(d, elite_token=False)
        reasons += (f"ELITE: {player_name(g, claimant)} claims its ELITE token and gains 1 artifact (p.14).",)
    if destroyed:
        g = discarded(replace(g, units=tuple(x for x in g.units if x.id != d.id)), d.owner, d.card)
        if g.grant is not None and g.grant.unit == d.id:
            g = replace(g, grant=None)
        if g.activation is not None and g.activation.unit == d.id:
            g = replace(g, activation=None)
        return g, reasons + (f"{d.card} has {after} damage: destroyed at once and discarded (p.9).",)
    return with_unit(g, replace(d, damage=after, damaged_by=by)), reasons


def adjust_damage(g: Game, unit_id: str, delta: int, by: int | None) -> Outcome:
    """Damage from a card effect (or RUTHLESS), or a damage token taken back."""
    _playing(g)
    u = unit(g, unit_id)
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if delta < 0:
        if u.damage + delta < 0:
            raise GameError("delta", f"{u.card} has {u.damage} damage; it cannot lose {-delta}.")
        g = with_unit(g, replace(u, damage=u.damage + delta))
        return Outcome(g, f"{u.card}: {-delta} damage removed (now {u.damage + delta})")
    g, reasons = _deal(g, u, delta, by)
    return Outcome(g, f"{u.card} is dealt {delta} damage" + (f" by {player_name(g, by)}" if by is not None else ""), reasons)


def ruthless_damage(g: Game, battlefield: str, unit_id: str) -> Outcome:
    """RUTHLESS (p.15): the side that won an objective with a RUTHLESS unit "may deal 1 damage" to an enemy unit
    there: once for that objective, right after the Control Phase (docs/rules.md)."""
    _playing(g)
    if battlefield not in g.ruthless:
        raise GameError("unit", "RUTHLESS deals 1 damage once, right after the Control Phase that won the objective "
                                "(p.15): it was dealt already, or the round has moved on.", "p.15")
    by = next((u.owner for u in units_at(g, battlefield) if u.has("RUTHLESS")), None)
    u = unit(g, unit_id)
    if u.at != battlefield or u.owner == by:
        raise GameError("unit", f"RUTHLESS damages an enemy unit at the objective won (p.15); {u.card} is not one.", "p.15")
    g2, reasons = _deal(replace(g, ruthless=tuple(b for b in g.ruthless if b != battlefield)), u, 1, by)
    return Outcome(g2, f"RUTHLESS: {u.card} is dealt 1 damage by {player_name(g, by)}", reasons)

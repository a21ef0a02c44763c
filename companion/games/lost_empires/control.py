"""The Control Phase (p.10, 14-15): each objective's control total and winner, the artifacts won, and
the RUTHLESS prompt it leaves."""
from __future__ import annotations

from dataclasses import replace

from ..frame import player_name, with_side
from .board import battlefield_name
from .state import OBJECTIVES, Game, Unit
from ...record import record


@record
class Control:
    battlefield: str
    totals: tuple[int, ...]  # by seat; None-free: 0 where a player has no unit
    present: tuple[bool, ...]
    winner: int | None
    artifacts: int
    reasons: tuple[str, ...]
    ruthless: bool = False  # the winner has a RUTHLESS unit and an enemy unit is there (p.15)


def unit_control(u: Unit, friends: tuple[Unit, ...]) -> int:
    """Printed control, −1 with any damage, unless FORMATION with a friendly unit there (p.10, 14);
    never below 0."""
    if u.damage and not (u.has("FORMATION") and any(f.id != u.id for f in friends)):
        return max(0, u.control - 1)
    return u.control


def control_of(b: str, units: tuple[Unit, ...], names: tuple[str, ...] = ("Player 1", "Player 2")) -> Control:
    """One objective's control (p.10): uncontested 1 artifact whatever the control; contested by total
    control; a tie gives nothing; the center objective gives 1 more (p.14). Hives are never controlled."""
    here = tuple(u for u in units if u.at == b)
    seats = range(len(names))
    present = tuple(any(u.owner == i for u in here) for i in seats)
    totals = tuple(sum(unit_control(u, tuple(x for x in here if x.owner == i)) for u in here if u.owner == i)
                   for i in seats)
    if b.startswith("hive"):
        return Control(b, totals, present, None, 0, ("Hives are never controlled (FAQ).",))
    if not any(present):
        return Control(b, totals, present, None, 0, ("Empty: ignored (p.10).",))
    extra = 1 if b == "center" else 0
    bonus = (" and 1 more for the center objective (p.14)",) if extra else ("",)
    if sum(present) == 1:
        winner = present.index(True)
        return Control(b, totals, present, winner, 1 + extra,
                       (f"Uncontested: {names[winner]} has the only units there and wins control whatever the "
                        f"control total, 1 artifact{bonus[0]} (p.10).",), _ruthless_flag(here, winner))
    reasons = tuple(f"{names[i]}: control {totals[i]}" + _damaged_note(here, i) for i in seats if present[i])
    best = max(totals)
    leaders = [i for i in seats if totals[i] == best]
    if len(leaders) > 1:
        return Control(b, totals, present, None, 0, reasons + ("Tied: neither side wins control, no artifacts (p.10).",))
    winner = leaders[0]
    return Control(b, totals, present, winner, 1 + extra,
                   reasons + (f"{names[winner]} has the highest control total and wins control: "
                              f"1 artifact{bonus[0]} (p.10).",), _ruthless_flag(here, winner))


def _damaged_note(here: tuple[Unit, ...], i: int) -> str:
    mine = tuple(u for u in here if u.owner == i)
    reduced = [u.card for u in mine if u.damage and unit_control(u, mine) < u.control]
    kept = [u.card for u in mine if u.damage and u.control and unit_control(u, mine) == u.control]
    note = f" ({', '.join(reduced)} damaged: −1 each)" if reduced else ""
    return note + (f" (FORMATION keeps {', '.join(kept)} at full control)" if kept else "")


def _ruthless_flag(here: tuple[Unit, ...], winner: int) -> bool:
    return any(u.owner == winner and u.has("RUTHLESS") for u in here) and any(u.owner != winner for u in here)


def control_order(g: Game) -> tuple[str, ...]:
    """From the First Player's leftmost objective (p.10); seat 2 sees left and right the other way."""
    return OBJECTIVES if g.first in (0, None) else tuple(reversed(OBJECTIVES))


def control_report(g: Game) -> tuple[Control, ...]:
    names = tuple(p.name for p in g.players)
    return tuple(control_of(b, g.units, names) for b in control_order(g))


def _apply_control(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons, ruthless = [], []
    for c in control_report(g):
        reasons.append(f"{battlefield_name(g, c.battlefield).capitalize()}: " + " ".join(c.reasons))
        if c.winner is not None:
            g = with_side(g, c.winner, artifacts=g.sides[c.winner].artifacts + c.artifacts)
        if c.ruthless:
            ruthless.append(c.battlefield)
            reasons.append(f"RUTHLESS: {player_name(g, c.winner)} may deal 1 damage to an enemy unit in the "
                           f"{battlefield_name(g, c.battlefield)} (p.15).")
    return replace(g, ruthless=tuple(ruthless)), tuple(reasons)

"""The Gate, Casualty and Wrap Up Phases (p.11): gates flipped and the victory, units with 3 damage
destroyed, falling back from an enemy hive, and the next round's refresh."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Verdict, player_name, with_side
from .board import battlefield_name, hive, units_at
from .control import unit_control
from .state import ARTIFACTS_PER_GATE, CASUALTY_DAMAGE, COMMAND, GATES, Game, Unit, discarded, other


def total_control(g: Game, i: int) -> int:
    """All of a player's units in play, counted as in the Control Phase (the gate tiebreaker, p.11)."""
    return sum(unit_control(u, units_at(g, u.at, i)) for u in g.units if u.owner == i)


def decide_victory(g: Game) -> Verdict | None:
    """The fourth gate wins; between players who both flipped it: most remaining artifacts, then the
    highest total control, then a draw (p.11)."""
    done = [i for i, s in enumerate(g.sides) if s.gates >= GATES]
    if not done:
        return None
    if len(done) == 1:
        return Verdict(done[0], (f"{player_name(g, done[0])} flipped their fourth gate and opens the Wormgate (p.11).",))
    how = [f"{' and '.join(player_name(g, i) for i in done)} both flipped their fourth gate (p.11)."]
    for label, score in (("most remaining artifacts", lambda i: g.sides[i].artifacts),
                         ("highest total control", lambda i: total_control(g, i))):
        values = {i: score(i) for i in done}
        best = max(values.values())
        how.append(f"{label.capitalize()}: " + ", ".join(f"{player_name(g, i)} {values[i]}" for i in done) + ".")
        done = [i for i in done if values[i] == best]
        if len(done) == 1:
            return Verdict(done[0], tuple(how) + (f"{player_name(g, done[0])} wins on the {label} (p.11).",))
    return Verdict(None, tuple(how) + ("Still tied: the game is a draw; neither player wins (p.11).",))


def _apply_gates(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    for i, s in enumerate(g.sides):
        if s.artifacts >= ARTIFACTS_PER_GATE and s.gates < GATES:
            g = with_side(g, i, artifacts=s.artifacts - ARTIFACTS_PER_GATE, gates=s.gates + 1)
            reasons.append(f"{player_name(g, i)} discards 4 artifacts and flips gate {s.gates + 1} "
                           f"({s.artifacts - ARTIFACTS_PER_GATE} artifacts left; one gate per round, p.11).")
    if not reasons:
        reasons.append("Nobody has 4 artifacts: no gate flips (p.11).")
    v = decide_victory(g)
    if v is not None:
        g = replace(g, stage="over", verdict=v)
        reasons += list(v.how)
    return g, tuple(reasons)


def _apply_casualties(g: Game) -> tuple[Game, tuple[str, ...]]:
    dead = [u for u in g.units if u.damage == CASUALTY_DAMAGE]
    reasons = []
    for u in dead:
        g = discarded(replace(g, units=tuple(x for x in g.units if x.id != u.id)), u.owner, u.card)
        reasons.append(f"{u.card} ({player_name(g, u.owner)}) has 3 damage and is destroyed (p.11).")
        if u.elite_token and u.damaged_by is not None:
            g = with_side(g, u.damaged_by, artifacts=g.sides[u.damaged_by].artifacts + 1)
            reasons.append(f"ELITE: {player_name(g, u.damaged_by)} dealt its last damage and gains 1 artifact (p.14).")
    return g, tuple(reasons) or ("No unit has exactly 3 damage (p.11).",)


def in_enemy_hive(g: Game, i: int) -> tuple[Unit, ...]:
    return units_at(g, hive(other(i)), i)


def fall_back_choices(g: Game, i: int) -> tuple[str, ...]:
    """An outer objective with a friendly unit, or the player's own hive (p.11)."""
    return tuple(b for b in ("left", "right") if units_at(g, b, i)) + (hive(i),)


def fall_back(g: Game, player: int, to: str) -> Outcome:
    if g.stage != "play" or g.phase != "wrapup" or g.step != 1:
        raise GameError("to", "Units fall back in the Wrap Up Phase, step 1 (p.11).")
    moving = in_enemy_hive(g, player)
    if not moving:
        raise GameError("to", f"{player_name(g, player)} has no unit in an enemy hive.")
    if to not in fall_back_choices(g, player):
        raise GameError("to", "Fall back to an outer objective battlefield with at least 1 friendly unit, or to your "
                              "own hive (p.11).")
    g = replace(g, units=tuple(replace(u, at=to) if u in moving else u for u in g.units))
    return Outcome(g, f"{player_name(g, player)} fell back {len(moving)} unit{'s' if len(moving) > 1 else ''} to "
                      f"{battlefield_name(g, to)}", ("Fall back movement is not a move for card abilities (p.11).",))


def _wrap_up(g: Game) -> tuple[Game, tuple[str, ...]]:
    first = other(g.first)
    g = replace(g, units=tuple(replace(u, drained=False) for u in g.units),
                sides=tuple(replace(s, command_used=0, supply_used=False, passed=False) for s in g.sides),
                round=g.round + 1, phase="order", step=1, first=first, turn=first, turn_no=g.turn_no + 1,
                mandatory=False, activated=False, activation=None, applied=(), ruthless=(), combat=())
    return g, ("All drain tokens removed (p.11).",
               f"Command and supply refreshed: {COMMAND} command and 1 supply from round 2 (p.3, 11).",
               "Each player draws 1 card (p.11).",
               f"The First Player token passes to {player_name(g, first)} (p.11).")

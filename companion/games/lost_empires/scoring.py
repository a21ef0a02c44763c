"""The score panel: each player's artifacts, gates, units, command and supply left; and the table's
correction of an artifact count."""
from __future__ import annotations


from ..frame import GameError, Outcome, player_name, with_side
from .orders import command_left, supply_left
from .state import ARTIFACT_TOKENS, Game, _playing
from ...record import record


@record
class Score:
    name: str
    color: str
    faction: str | None
    artifacts: int
    gates: int
    units: int
    command_left: int
    supply_left: int
    passed: bool
    to_play: bool


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, p.faction, s.artifacts, s.gates, sum(1 for u in g.units if u.owner == i),
                       command_left(g, i), supply_left(g, i), s.passed,
                       g.stage == "play" and g.phase == "order" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))


def adjust_artifacts(g: Game, player: int, delta: int) -> Outcome:
    _playing(g)
    now = g.sides[player].artifacts + delta
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} has {g.sides[player].artifacts} artifacts; "
                                 f"there are none to lose below 0.")
    held = sum(s.artifacts for s in g.sides)
    if held + delta > ARTIFACT_TOKENS:
        raise GameError("delta", f"the box holds {ARTIFACT_TOKENS} Artifact tokens and the players hold {held}: "
                                 f"{'none is' if held >= ARTIFACT_TOKENS else 'not enough are'} left in the supply "
                                 "(Components).")
    return Outcome(with_side(g, player, artifacts=now), f"{player_name(g, player)}: artifacts {delta:+d} (now {now})")

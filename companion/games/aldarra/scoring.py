"""Who wins at Check Win (p.13-14), and the score panel."""
from __future__ import annotations


from ..frame import Verdict, player_name
from .state import WIN_VP, Game
from ...record import record


def decide_winner(g: Game) -> Verdict | None:
    """At Check Win: anyone at 20+ ends the game; most VP wins, a tie goes to the earliest in turn order (p.14)."""
    vps = {i: g.sides[i].vp for i in g.turn_order}
    if max(vps.values()) < WIN_VP:
        return None
    best = max(vps.values())
    tied = [i for i in g.turn_order if vps[i] == best]
    how = [f"Check Win Condition: {', '.join(f'{player_name(g, i)} {vps[i]} VP' for i in g.turn_order)} (p.13).",
           f"At least one player has {WIN_VP} or more VP: the game is over (p.14)."]
    if len(tied) > 1:
        how.append(f"{' and '.join(player_name(g, i) for i in tied)} tie at {best}: the tied player earliest in the turn "
                   f"order wins (p.14).")
    how.append(f"{player_name(g, tied[0])} wins with {best} VP.")
    return Verdict(tied[0], tuple(how))


@record
class Score:
    seat: int
    name: str
    color: str
    faction: str | None
    vp: int
    coins: int
    crystals: int
    orders: int
    objectives: int
    claimed: int
    discoveries: int
    explore_hand: int
    position: int


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(i, p.name, p.color, p.faction, s.vp, s.coins, s.crystals, s.orders, s.objectives, s.claimed,
                       len(s.discoveries), s.explore_hand, g.turn_order.index(i) + 1)
                 for i, (p, s) in ((i, (g.players[i], g.sides[i])) for i in g.turn_order))

"""The score panel: Bases on the map against the Bases each player needs (Objective of the Game)."""
from __future__ import annotations


from .board import bases, bases_needed, command_tokens
from .state import Game
from ...record import record


@record
class Score:
    name: str
    color: str
    faction: str | None
    bases: int
    needed: int
    minerals: int
    hand: int
    command_tokens: int
    headquarters_destroyed: int
    to_play: bool

    @property
    def still_needs(self) -> int:
        return max(0, self.needed - self.bases)


def score(g: Game) -> tuple[Score, ...]:
    return tuple(Score(p.name, p.color, p.faction, bases(g, i), bases_needed(g, i), s.minerals, s.hand,
                       command_tokens(g, i), s.headquarters_destroyed, g.stage == "play" and g.turn == i)
                 for i, (p, s) in enumerate(zip(g.players, g.sides)))

"""The map of hex tiles (docs/rules.md) and what is on it: adjacency, where the next Terrain Tile may go,
the seat order, Bases, Command Tokens and the units left on the Player Tray."""
from __future__ import annotations

from dataclasses import replace

from ...hexgrid import DIRECTIONS, Hex
from ...hexgrid import distance as hex_distance
from ...hexgrid import neighbours as hex_neighbours
from ..frame import GameError
from .state import BASES_TO_WIN, COMMAND_START, Content, Game, Space


# The configuration diagram is a picture; the assistant lays the Headquarters on a ring two hexes from the
# centre, facing each other, and every Terrain Tile next to a tile already down (C3-C4).
HQ_AT: dict[int, tuple[Hex, ...]] = {n: tuple((r * DIRECTIONS[d][0], r * DIRECTIONS[d][1]) for d in ds)
                                     for n, r, ds in ((2, 1, (2, 5)), (3, 2, (0, 2, 4)), (4, 2, (0, 2, 3, 5)))}


def adjacent(g: Game, space_id: str) -> tuple[str, ...]:
    """The Spaces next to this one: touching hexes; in a game begun before the map was laid out (no
    positions), every other Space, as before."""
    s = space(g, space_id)
    if s.at is None:
        return tuple(x.id for x in g.spaces if x.id != s.id)
    near = set(hex_neighbours(s.at))
    return tuple(x.id for x in g.spaces if x.at in near or (x.at is None and x.id != s.id))


def open_spots(g: Game, who: int | None = None) -> tuple[Hex, ...]:
    """Empty hexes where the next Terrain Tile may go: next to the placer's Headquarter in the first round of a
    3-4 player placement (C3), next to any tile down otherwise (B3, C4)."""
    taken = {s.at for s in g.spaces if s.at is not None}
    if who is not None and len(g.players) > 2 and g.draft.round == 1:
        hq = next((s.at for s in g.spaces if s.headquarter and s.owner == who and s.at is not None), None)
        sources = [hq] if hq is not None else list(taken)
    else:
        sources = sorted(taken)
    out: set[Hex] = {h for src in sources for h in hex_neighbours(src) if h not in taken}
    # the hex touching most tiles first, then nearest the centre: a compact map is the default choice
    return tuple(sorted(out, key=lambda h: (-sum(n in taken for n in hex_neighbours(h)), hex_distance(h, (0, 0)), h)))


def seat_order(g: Game) -> tuple[int, ...]:
    """The first player, then clockwise: the player to the left of the first is second (A1)."""
    n = len(g.players)
    return tuple((g.first + k) % n for k in range(n)) if g.first is not None else tuple(range(n))


def space(g: Game, space_id: str, field: str = "space") -> Space:
    found = next((s for s in g.spaces if s.id == space_id), None)
    if found is None:
        raise GameError(field, f"There is no space {space_id!r} on the map.")
    return found


def _put(g: Game, s: Space) -> Game:
    if s.owner is not None and not s.units and not s.base:
        s = replace(s, owner=None, command=False, exhaust=0)
    return replace(g, spaces=tuple(s if x.id == s.id else x for x in g.spaces))


def bases(g: Game, i: int) -> int:
    """Bases on the map, the Headquarter included (it counts as a Base, Locations)."""
    return sum(1 for s in g.spaces if s.owner == i and s.base)


def bases_needed(g: Game, i: int) -> int:
    """4 on the map, 1 fewer for each enemy Headquarter the player destroyed (Objective, 3-4 players)."""
    return max(1, BASES_TO_WIN - g.sides[i].headquarters_destroyed)


def command_tokens(g: Game, i: int) -> int:
    """Command tokens in hand: 2 to start (A6), 1 more per Base built (Building a Base 3), less those on the map."""
    placed = sum(1 for s in g.spaces if s.owner == i and s.command)
    return COMMAND_START + g.sides[i].bases_built - placed


def on_map(g: Game, i: int, kind: str) -> int:
    """A player's units of one type on the map that came from their Player Tray (converted ones did not)."""
    return sum(1 for s in g.spaces if s.owner == i for u in s.units if u.kind == kind and not u.converted)


def in_tray(g: Game, content: Content, i: int, kind: str) -> int | None:
    """Units of a type left on the Player Tray; None when the tray is not tracked (or for Generals)."""
    slots = content.slots(kind)
    return None if slots is None or kind == "GU" else max(0, len(slots) - on_map(g, i, kind))


def freed_slots(content: Content, kind: str, before: int, n: int) -> tuple[str | None, ...]:
    """The slots n destroyed units of a type return to. Summoning always takes the leftmost unit (Summoning
    Units 1), so the empty slots are the leftmost `before`; a returning unit fills the empty slot next to the
    units still there, the one the last summoned unit left (reading: docs/rules.md, Suriya 162)."""
    slots = content.slots(kind) or ()
    return tuple(slots[max(0, before - n):min(before, len(slots))])

"""The dealt board of hex tiles (p.5, docs/rules.md) and the units on it: where they are, who controls
what, the Stacking Limit (p.4, 9) and the pieces left in the supply (p.3)."""
from __future__ import annotations

from dataclasses import replace

from ...hexgrid import Hex, from_offset, to_offset
from ...hexgrid import distance as hex_distance
from ...hexgrid import neighbours as hex_neighbours
from ..frame import GameError, player_name
from .state import BUILDINGS, CINDAR, CRYSTALS, PIECES, STACK, Game, Tile, Units, faction_of


def tile(g: Game, tile_id: str, field: str = "at") -> Tile:
    found = next((t for t in g.tiles if t.id == tile_id), None)
    if found is None:
        raise GameError(field, f"There is no territory {tile_id!r} on the board.")
    return found


def terrain(t: Tile) -> str:
    """What the territory is now: a Stronghold replaces the tile it was placed on (p.8), so it keeps none of
    the tile's effects (no Jetstream +1, no Mountain halt)."""
    return "Stronghold" if t.stronghold is not None else t.kind


def tile_name(t: Tile, g: Game | None = None) -> str:
    if t.stronghold is not None and g is not None:
        return f"{player_name(g, t.stronghold)}'s Stronghold ({t.id})"
    return f"{t.kind} {t.id}"


def _hex(tile_id: str) -> Hex:
    """A tile's hex: its letter is the row, its number the column; odd rows sit half a hex to the right
    (docs/rules.md), the grid `hexgrid` calls pointy-top, shifted "even"."""
    return from_offset(int(tile_id[1:]) - 1, ord(tile_id[0]) - 65)


def _tile_id(h: Hex) -> str | None:
    col, row = to_offset(h)
    return f"{chr(65 + row)}{col + 1}" if row >= 0 and col >= 0 else None


def neighbours(g: Game, tile_id: str) -> tuple[str, ...]:
    ids = {t.id for t in g.tiles}
    return tuple(i for i in (_tile_id(h) for h in hex_neighbours(_hex(tile_id))) if i in ids)


def distance(g: Game, a: str, b: str) -> int:
    """Steps between two tiles; the dealt board has no holes, so the open grid's distance is the board's."""
    return hex_distance(_hex(a), _hex(b))


def stronghold_of(g: Game, i: int) -> Tile | None:
    return next((t for t in g.tiles if t.stronghold == i), None)


# -- units on the board ------------------------------------------------------------

def units_at(g: Game, at: str, owner: int | None = None) -> tuple[Units, ...]:
    return tuple(u for u in g.units if u.at == at and (owner is None or u.owner == owner))


def count(g: Game, at: str, owner: int, kind: str) -> int:
    return sum(u.count for u in units_at(g, at, owner) if u.kind == kind)


def airships(g: Game, at: str, owner: int) -> int:
    return sum(u.count for u in units_at(g, at, owner) if u.kind not in BUILDINGS)


def owners_at(g: Game, at: str) -> tuple[int, ...]:
    return tuple(sorted({u.owner for u in units_at(g, at)}))


def _add(g: Game, at: str, owner: int, kind: str, n: int) -> Game:
    now = count(g, at, owner, kind) + n
    rest = tuple(u for u in g.units if not (u.at == at and u.owner == owner and u.kind == kind))
    return replace(g, units=rest + ((Units(at, owner, kind, now),) if now > 0 else ()))


def in_supply(g: Game, i: int, kind: str) -> int:
    """Pieces of this unit not on the board nor held hostage (p.3, 13, 16)."""
    held = sum(n for s in g.sides for owner, k, n in s.hostages if owner == i and k == kind)
    return PIECES[kind] - sum(u.count for u in g.units if u.owner == i and u.kind == kind) - held


def stack_limit(g: Game, at: str, owner: int) -> int | None:
    """5 airships per faction per territory, Strongholds too (p.4, 9); none on the Cin'dar's own (p.15)."""
    t = tile(g, at)
    if t.stronghold == owner and faction_of(g, owner) == CINDAR:
        return None
    return STACK


def _check_stack(g: Game, at: str, owner: int, adding: int, field: str) -> None:
    limit = stack_limit(g, at, owner)
    have = airships(g, at, owner)
    if limit is not None and have + adding > limit:
        raise GameError(field, f"{player_name(g, owner)} would have {have + adding} airships in {tile_name(tile(g, at), g)}: "
                               f"the Stacking Limit is {limit} airships per territory, Strongholds included (p.9).")


def controls(g: Game, i: int) -> tuple[Tile, ...]:
    """Your Stronghold, and any territory that contains only your units (p.8)."""
    return tuple(t for t in g.tiles if t.stronghold == i or owners_at(g, t.id) == (i,))


def _enemy(g: Game, at: str, owner: int) -> bool:
    return any(o != owner for o in owners_at(g, at))


def contested(g: Game) -> tuple[str, ...]:
    return tuple(t.id for t in g.tiles if len(owners_at(g, t.id)) > 1)


def crystals_in_box(g: Game) -> int:
    """Crystals neither on the board nor held by a player: the 25 of the box (p.3)."""
    return CRYSTALS - sum(t.crystal for t in g.tiles) - sum(s.crystals for s in g.sides)

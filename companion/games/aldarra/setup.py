"""Set-up (p.5-7): dashboards, the dealt board and the first player; then the Arrival (p.8): Strongholds
in turn order, Outposts in reverse."""
from __future__ import annotations

import random
from dataclasses import replace

from ..frame import GameError, Outcome, Player, player_name
from .board import _add, distance, tile, tile_name, units_at
from .state import FACTIONS, MAX_PLAYERS, MIN_PLAYERS, TILES, WIDTH, Game, Side, Tile, _expect_chooser, _in


def deal_board(n_players: int, rng: random.Random) -> tuple[Tile, ...]:
    """The tile table's tiles for the player count, shuffled into rows of 7 (p.5 step 1)."""
    kinds = [k for k, n in TILES[n_players].items() for _ in range(n)]
    rng.shuffle(kinds)
    return tuple(Tile(f"{chr(65 + i // WIDTH)}{i % WIDTH + 1}", k) for i, k in enumerate(kinds))


def new_game(players: tuple[Player, ...], rng: random.Random | None = None) -> Game:
    """Random dashboards (p.7), a dealt board (p.5), 2 secondary objectives each (p.6), a random first
    player for the Arrival (p.8)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Aldarra Reborn is a game for {MIN_PLAYERS} or 4 players (p.5): give 3 or 4 "
                                   f"players, not {len(players)}.")
    rng = rng or random.SystemRandom()
    dashboards = list(FACTIONS)
    rng.shuffle(dashboards)
    ps = tuple(replace(p, faction=f) for p, f in zip(players, dashboards))
    first = rng.randrange(len(ps))
    order = tuple((first + k) % len(ps) for k in range(len(ps)))
    return Game(players=ps, sides=tuple(Side() for _ in ps), tiles=deal_board(len(ps), rng), turn_order=order)


# -- Arrival (p.8) -----------------------------------------------------------------

def arrival_order(g: Game) -> tuple[int, ...]:
    """Strongholds in turn order from the random first player; Outposts in reverse (p.8)."""
    return g.turn_order if g.step == 0 else tuple(reversed(g.turn_order))


def place_stronghold(g: Game, player: int, at: str) -> Outcome:
    """Not within 2 tiles of another Stronghold nor on a Crystal Deposit; 2 Frigates and 1 Engineer (p.8)."""
    _in(g, "arrival", 0, "Strongholds are placed in the Arrival (p.8).")
    _expect_chooser(g, player, "place a Stronghold", g.turn_order)
    t = tile(g, at)
    if t.kind == "Crystal Deposit":
        raise GameError("at", f"{tile_name(t)}: a Stronghold may not be placed on a Crystal Deposit (p.8).")
    for other in g.tiles:
        if other.stronghold is not None and distance(g, at, other.id) <= 2:
            raise GameError("at", f"{tile_name(t)} is within 2 tiles of {tile_name(other, g)}: a Stronghold may not "
                                  "be placed within 2 tiles of another Stronghold (p.8).")
    g = replace(g, tiles=tuple(replace(x, stronghold=player) if x.id == at else x for x in g.tiles))
    g = _add(_add(g, at, player, "Frigate", 2), at, player, "Engineer", 1)
    g = replace(g, chooser=g.chooser + 1)
    if g.chooser == len(g.players):
        g = replace(g, step=1, chooser=0)
    return Outcome(g, f"{player_name(g, player)} placed their Stronghold on {at} (was {t.kind}) with 2 Frigates and "
                      "1 Engineer", ("The tile is replaced by the faction's Stronghold tile (p.8).",))


def stronghold_spots(g: Game) -> tuple[str, ...]:
    """Where a Stronghold may go now: not a Crystal Deposit, not within 2 tiles of another (p.8)."""
    taken = [t.id for t in g.tiles if t.stronghold is not None]
    return tuple(t.id for t in g.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                 and all(distance(g, t.id, o) > 2 for o in taken))


def outpost_spots(g: Game) -> tuple[str, ...]:
    """An unoccupied tile that is not a Crystal Deposit (p.8)."""
    return tuple(t.id for t in g.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                 and not units_at(g, t.id))


def place_outpost(g: Game, player: int, at: str) -> Outcome:
    """In reverse turn order, an unoccupied tile that is not a Crystal Deposit: Outpost, Frigate, Engineer (p.8)."""
    _in(g, "arrival", 1, "Outposts are placed in the Arrival, after the Strongholds (p.8).")
    _expect_chooser(g, player, "place an Outpost", arrival_order(g))
    t = tile(g, at)
    if t.kind == "Crystal Deposit" or t.stronghold is not None or units_at(g, at):
        raise GameError("at", f"{tile_name(t, g)}: an Outpost goes on an unoccupied tile that is not a Crystal "
                              "Deposit (p.8).")
    for kind in ("Outpost", "Frigate", "Engineer"):
        g = _add(g, at, player, kind, 1)
    g = replace(g, chooser=g.chooser + 1)
    return Outcome(g, f"{player_name(g, player)} placed their Outpost on {tile_name(t)} with 1 Frigate and 1 Engineer")

"""The Preparation Phase (p.8): choosing positions in the turn order, then spawning and placing Crystals."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name
from .board import crystals_in_box, neighbours, owners_at, stronghold_of, tile, tile_name, units_at
from .state import SPAWN_DICE, Content, Game, _expect, _expect_chooser, _in


def choosing_order(g: Game) -> tuple[int, ...]:
    """From the fewest VP to the most; a tie: the player earlier in the turn order chooses first (p.8)."""
    return tuple(sorted(g.turn_order, key=lambda i: (g.sides[i].vp, g.turn_order.index(i))))


def choose_position(g: Game, player: int, position: int) -> Outcome:
    _in(g, "preparation", 0, "The turn order is chosen in the Preparation Phase (p.8).")
    if g.round == 1:
        raise GameError("position", "In the first round the turn order is not chosen again (p.8).")
    if g.chooser >= len(g.players):
        raise GameError("position", "Everyone has chosen a position: tap Next.")
    _expect_chooser(g, player, "choose a position", choosing_order(g))
    if not 0 <= position < len(g.players) or g.new_order[position] != -1:
        raise GameError("position", f"Position {position + 1} is taken or does not exist; choose a free one (p.8).")
    new = list(g.new_order)
    new[position] = player
    g = replace(g, new_order=tuple(new), chooser=g.chooser + 1)
    reasons = ()
    if g.chooser == len(g.players):
        g = replace(g, turn_order=tuple(new))
        reasons = ("Turn order: " + ", ".join(player_name(g, i) for i in new) + ".",)
    return Outcome(g, f"{player_name(g, player)} takes position {position + 1} in the turn order", reasons)


def spawn_most(content: Content) -> int:
    """The most 2 Blue Dice can show outside combat, where no die explodes (p.8, 11)."""
    return SPAWN_DICE * max(f.value for f in content.die("blue").faces)


def spawn_roll(g: Game, content: Content, hits: int) -> Outcome:
    """One Crystal on each Crystal Deposit, then the hits of 2 blue dice more (p.8); never more than the box
    holds (p.3), and only while a legal placement is left (docs/rules.md)."""
    _in(g, "preparation", 1, "Crystals spawn in the Preparation Phase (p.8).")
    if g.spawn_rolled:
        raise GameError("hits", "The 2 blue dice are already rolled this round.")
    most = spawn_most(content)
    if not 0 <= hits <= most:
        raise GameError("hits", f"2 Blue Dice show 0 to {most} hits, not {hits} (p.8; no die explodes outside "
                                "combat, p.11).")
    deposits = [t for t in g.tiles if t.kind == "Crystal Deposit" and t.stronghold is None and not t.crystal]
    placed = [t.id for t in deposits[:max(0, crystals_in_box(g))]]
    g = replace(g, tiles=tuple(replace(t, crystal=True) if t.id in placed else t for t in g.tiles))
    left = min(hits, crystals_in_box(g))
    reasons = ["First one Crystal onto each Crystal Deposit, then roll 2 Blue Dice (p.8).",
               "Dice only explode during combat (p.11).", "A deposit that still holds one gets no second (p.8)."]
    if left < hits:
        reasons.append(f"The box holds {crystals_in_box(g)} Crystals: only {left} spawn (25 in the box, p.3).")
    g, settled = _settle_crystals(replace(g, crystals_left=left, spawn_rolled=True, chooser=0))
    return Outcome(g, f"Crystals: 1 on each Crystal Deposit ({', '.join(placed) or 'already there'}); the 2 blue dice "
                      f"show {hits} hit{'s' if hits != 1 else ''}: {left} more to place in turn order",
                   tuple(reasons) + settled)


def _settle_crystals(g: Game) -> tuple[Game, tuple[str, ...]]:
    """Skip a placer with no legal territory; when nobody has one, the rest stay in the box (docs/rules.md)."""
    n = len(g.turn_order)
    for k in range(n):
        if not g.crystals_left or any(crystal_spots(g, crystal_placer(g))):
            return g, ()
        g = replace(g, chooser=g.chooser + 1)
    left = g.crystals_left
    return replace(g, crystals_left=0), (f"No legal territory is left for a Crystal: the other {left} stay in the "
                                         "box (docs/rules.md).",)


def crystal_spots(g: Game, player: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(legal places, places allowed only because all legal ones are taken: other players' units) (p.8)."""
    own = stronghold_of(g, player)
    near = set(neighbours(g, own.id)) if own else set()
    base = [t for t in g.tiles if t.stronghold is None and t.id not in near and not t.crystal]
    free = tuple(t.id for t in base if not units_at(g, t.id))
    others = tuple(t.id for t in base if units_at(g, t.id) and player not in owners_at(g, t.id))
    return free, others


def place_crystal(g: Game, player: int, at: str) -> Outcome:
    _in(g, "preparation", 1, "Crystals are placed in the Preparation Phase (p.8).")
    if not g.spawn_rolled or g.crystals_left <= 0:
        raise GameError("at", "No Crystal is waiting to be placed.")
    _expect(g, player, crystal_placer(g), "place a Crystal", "at")
    t = tile(g, at)
    own = stronghold_of(g, player)
    why = None
    if t.stronghold is not None:
        why = "You may not place a Crystal on a Stronghold (p.8)."
    elif own is not None and at in neighbours(g, own.id):
        why = "You may not place a Crystal adjacent to YOUR Stronghold (p.8)."
    elif t.crystal:
        why = "You may not place a Crystal where there is already a Crystal (p.8)."
    elif units_at(g, at):
        free, others = crystal_spots(g, player)
        if free:
            why = ("You may not place a Crystal in a territory with Units of any player while a legal placement is "
                   f"free ({len(free)} left) (p.8).")
        elif player in owners_at(g, at):
            why = "When all legal placements are occupied, a Crystal goes on the Units of another player (p.8)."
    if why:
        raise GameError("at", f"{tile_name(t, g)}: {why}")
    g = replace(g, tiles=tuple(replace(x, crystal=True) if x.id == at else x for x in g.tiles),
                crystals_left=g.crystals_left - 1, chooser=g.chooser + 1)
    g, settled = _settle_crystals(g)
    return Outcome(g, f"{player_name(g, player)} placed a Crystal on {tile_name(t)} ({g.crystals_left} left)", settled)


def crystal_choices(g: Game, player: int) -> tuple[str, ...]:
    """Where this player may place a Crystal now (p.8)."""
    free, others = crystal_spots(g, player)
    return free or others


def crystal_placer(g: Game) -> int:
    return g.turn_order[g.chooser % len(g.turn_order)]

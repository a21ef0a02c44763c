"""The Expansion Phase (p.9, 12): orders in turn order, each moving airships from or to its territory,
then its combat (combat.py), then one optional Explore."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, with_side
from .board import (
    _add, _check_stack, _enemy, airships, contested, count, distance, neighbours, stack_limit, terrain, tile,
    tile_name, units_at,
)
from .state import BUILDINGS, HAND, SPEED, Content, Game, Order, _expect, _in, _playing


def current_player(g: Game) -> int:
    return g.turn_order[g.chooser % len(g.turn_order)]


def place_order(g: Game, player: int, at: str) -> Outcome:
    """Remove 1 Order Token and activate a territory (p.9)."""
    _in(g, "expansion", 0, "Orders are placed in the Expansion Phase (p.9).")
    if g.order is not None:
        raise GameError("at", f"{player_name(g, g.order.player)}'s order on {g.order.at} is still being resolved.")
    _expect(g, player, current_player(g), "place an order", "at")
    if g.sides[player].orders <= 0:
        raise GameError("at", f"{player_name(g, player)} has no Order Token left (3 a round, p.9).")
    t = tile(g, at)
    g = with_side(g, player, orders=g.sides[player].orders - 1)
    g = replace(g, order=Order(player, at))
    return Outcome(g, f"{player_name(g, player)} placed an order on {tile_name(t, g)} "
                      f"({g.sides[player].orders} order token{'s' if g.sides[player].orders != 1 else ''} left)",
                   ("Move airships from it, or to it, then combat, then explore once if you like (p.9).",))


def reachable(g: Game, frm: str, to: str, owner: int, speed: int) -> bool:
    """Up to `speed` territories; never through enemy units (enter and stop), never onto another player's
    Stronghold, halt on a Mountain; +1 starting on a Jetstream Entry Point, which a Stronghold replaced is
    not (p.5, 8, 9)."""
    if terrain(tile(g, frm)) == "Jetstream Entry Point":
        speed += 1
    frontier, seen = [frm], {frm}
    for _ in range(speed):
        nxt = []
        for here in frontier:
            if here != frm and (terrain(tile(g, here)) == "Mountain" or _enemy(g, here, owner)):
                continue
            for n in neighbours(g, here):
                t = tile(g, n)
                if n in seen or (t.stronghold is not None and t.stronghold != owner):
                    continue
                seen.add(n)
                nxt.append(n)
        if to in nxt:
            return True
        frontier = nxt
    return False


def move(g: Game, content: Content, frm: str, to: str, kind: str, n: int) -> Outcome:
    _in(g, "expansion", 0, "Airships move during an order in the Expansion Phase (p.9).")
    o = g.order
    if o is None or g.combat is not None:
        raise GameError("to", "Place an order first; moves come before the order's combat (p.9).")
    if o.fought:
        raise GameError("to", f"The combat of {player_name(g, o.player)}'s order has begun: an order goes move, then "
                              "combat, then explore; airships that entered a territory with enemy units stop there "
                              "(p.9).")
    if o.explored:
        raise GameError("to", f"{player_name(g, o.player)} has explored: an order goes move, then combat, then "
                              "explore, and exploring ends it (p.9, 12).")
    card = content.unit(kind)
    if card.classification == "building" or kind in BUILDINGS:
        raise GameError("kind", f"{kind} is a Building: Buildings are stationary (p.4).")
    if n < 1 or count(g, frm, o.player, kind) < n:
        raise GameError("count", f"{player_name(g, o.player)} has {count(g, frm, o.player, kind)} {kind} on {frm}, not {n}.")
    if o.at not in (frm, to):
        raise GameError("to", f"All moves of an order go from or to the activated territory {o.at} (p.9).")
    way = "from" if frm == o.at else "to"
    if o.way and way != o.way:
        done = "left" if o.way == "from" else "entered"
        raise GameError("to", f"Airships have already {done} {o.at} in this order: an order moves airships FROM the "
                              f"activated territory (A) or TO it (B), not both, so an airship that moved stops where "
                              "it entered (p.9).")
    target = tile(g, to, "to")
    if target.stronghold is not None and target.stronghold != o.player:
        raise GameError("to", "You may not move onto another player's Stronghold (p.9).")
    speed = SPEED[card.classification]
    if frm == to or not reachable(g, frm, to, o.player, speed):
        raise GameError("to", f"{kind} cannot reach {to} from {frm}: {card.classification} airships move up to {speed} "
                              "territories, never through enemy units, halting on Mountains (p.9).")
    _check_stack(g, to, o.player, n, "to")
    g = _add(_add(g, frm, o.player, kind, -n), to, o.player, kind, n)
    g = replace(g, order=replace(o, way=way))
    fight = " — combat!" if _enemy(g, to, o.player) else ""
    halt = " and halts on the Mountain" if terrain(target) == "Mountain" else ""
    return Outcome(g, f"{player_name(g, o.player)} moved {n} {kind} from {frm} to {tile_name(target, g)}{halt}{fight}",
                   ("An order moves airships from its territory or to it, not both: each airship moves once and "
                    "stops where it entered (p.9).",))


def legal_moves(g: Game, content: Content) -> tuple[tuple[str, str, str, int], ...]:
    """Every move the current order allows now: (from, to, unit, most that may go), as `move` would accept."""
    o = g.order
    if o is None or g.combat is not None or o.explored or o.fought or g.phase != "expansion":
        return ()
    out = []
    starts = {u.at for u in g.units if u.owner == o.player and u.kind not in BUILDINGS
              and distance(g, u.at, o.at) <= max(SPEED.values()) + 1}
    for frm in sorted(starts):
        for u in units_at(g, frm, o.player):
            if u.kind in BUILDINGS or content.unit(u.kind).classification == "building":
                continue
            for to in ([t.id for t in g.tiles] if frm == o.at else [o.at]):
                if to == frm or o.at not in (frm, to) or (o.way and o.way != ("from" if frm == o.at else "to")):
                    continue
                limit = stack_limit(g, to, o.player)
                room = u.count if limit is None else min(u.count, limit - airships(g, to, o.player))
                if room < 1:
                    continue
                try:
                    move(g, content, frm, to, u.kind, 1)
                except GameError:
                    continue
                out.append((frm, to, u.kind, room))
    return tuple(out)


def explore_choices(g: Game) -> tuple[str, ...]:
    """Unexplored territories where the order's player has a unit, once per order, after its combat (p.12)."""
    o = g.order
    if o is None or o.explored or g.combat is not None or contested(g):
        return ()
    return tuple(t.id for t in g.tiles if not t.explored and units_at(g, t.id, o.player))


def explore(g: Game, at: str) -> Outcome:
    """Once per order, an unexplored territory where you have a unit; Ancient Ruins: 2 cards (p.12)."""
    _in(g, "expansion", 0, "Exploring is the optional last step of an order (p.12).")
    o = g.order
    if o is None or g.combat is not None or contested(g):
        raise GameError("at", "Explore during your order, after its combat (p.9, 12).")
    if o.explored:
        raise GameError("at", "You may only Explore once per Order (p.12).")
    t = tile(g, at)
    if t.explored:
        raise GameError("at", f"{tile_name(t, g)} is already explored: each territory may only be explored once per "
                              "game (p.12).")
    if not units_at(g, at, o.player):
        raise GameError("at", f"Explore a territory where you have at least one Unit (p.12); {player_name(g, o.player)} "
                              f"has none on {at}.")
    g = replace(g, tiles=tuple(replace(x, explored=True) if x.id == at else x for x in g.tiles),
                order=replace(o, explored=True))
    cards = 2 if terrain(t) == "Ancient Ruins" else 1
    return Outcome(g, f"{player_name(g, o.player)} explored {tile_name(t, g)}: draw {cards} Explore card{'s' * (cards > 1)}",
                   ("Ancient Ruins: draw 2 Explore cards and resolve them in any order (p.5, 12)." if cards > 1 else
                    "Read it: a 'hold' card goes to your hand, any other is resolved now (p.12).",
                    "Dice do not explode during the Explore step (p.12)."))


def hold_card(g: Game, player: int, delta: int) -> Outcome:
    """A 'hold' Explore card kept (+1) or played (-1); at most 5 in hand (p.12)."""
    _playing(g)
    now = g.sides[player].explore_hand + delta
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if now > HAND:
        raise GameError("delta", f"{player_name(g, player)} would hold {now} Explore cards: you may have a maximum of "
                                 f"{HAND} in your hand; discard down to {HAND} (p.12).")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} holds no Explore card to play.")
    return Outcome(with_side(g, player, explore_hand=now),
                   f"{player_name(g, player)} {'kept a hold' if delta > 0 else 'played a held'} Explore card ({now} in hand)")


def end_order(g: Game) -> Outcome:
    """Return the Order Token; the next player with a token places an order (p.9, 12)."""
    _in(g, "expansion", 0, "Orders are placed in the Expansion Phase (p.9).")
    o = g.order
    if o is None:
        raise GameError("order", "No order is being resolved.")
    if g.combat is not None or contested(g):
        raise GameError("order", f"Resolve the combat on {g.combat.at if g.combat else contested(g)[0]} first: combat "
                                 "occurs at the end of any movement into another player's units (p.9).")
    g = replace(g, order=None)
    n = len(g.turn_order)
    for k in range(1, n + 1):
        if g.sides[g.turn_order[(g.chooser + k) % n]].orders > 0:
            g = replace(g, chooser=(g.chooser + k) % n)
            return Outcome(g, f"{player_name(g, o.player)} finished the order; {player_name(g, current_player(g))} places the "
                              "next one")
    return Outcome(g, f"{player_name(g, o.player)} finished the order; all Order Tokens are out: tap Next for the "
                      "Management Phase", ("Once all players are out of Order Tokens, the Management Phase begins "
                                           "(p.9, 13).",))

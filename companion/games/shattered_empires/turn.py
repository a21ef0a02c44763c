"""What each step of a turn does by itself, once a turn (Turn Order): drawing, the Allocation Phase's
reset and completed projects, a Launcher's deck search, repair and replenish, leaving a turn."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, unit, with_side, with_unit
from .state import DRAW, Game
from .totals import command_max, yield_total


def _draw(g: Game, i: int, n: int) -> tuple[Game, tuple[str, ...]]:
    """Draw n; an empty deck first becomes the shuffled Scrapyard (Drawing Cards)."""
    s, reasons, drawn = g.sides[i], [], 0
    for _ in range(n):
        if s.deck_left == 0 and s.scrapyard:
            reasons.append(f"No cards left: {player_name(g, i)} shuffles the Scrapyard ({len(s.scrapyard)} cards); it "
                           "becomes the Deck (Drawing Cards).")
            s = replace(s, deck_left=len(s.scrapyard), scrapyard=())
        if s.deck_left == 0:
            reasons.append("The deck and the Scrapyard are empty: no card to draw.")
            break
        s = replace(s, deck_left=s.deck_left - 1, hand=s.hand + 1)
        drawn += 1
    sides = list(g.sides)
    sides[i] = s
    return replace(g, sides=tuple(sides)), (f"{player_name(g, i)} draws {drawn} (Draw Phase).",) + tuple(reasons)


def _enter(g: Game, step: str) -> tuple[Game, tuple[str, ...]]:
    """The step's own effects, once per turn (Back and then Next applies nothing twice)."""
    g = replace(g, step=step)
    if step in g.applied:
        return g, ("Already applied this turn.",)
    g = replace(g, applied=g.applied + (step,))
    i, side = g.turn, g.sides[g.turn]
    if step == "begin":
        done = [u.card for u in g.units if u.owner == i and u.testing]
        g = replace(g, units=tuple(replace(u, fired=(), repaired=False, testing=u.testing and u.owner != i)
                                   for u in g.units))
        g = with_side(g, i, resource_played=False)
        reasons = [f"Testing ends: {', '.join(done)} may attack (Construction Project)."] if done else []
        reasons += [f"Trigger: {t} (Beginning of the Turn)." for t in side.begin_triggers]
        return g, tuple(reasons) or ("No “at the beginning of the turn” triggers listed.",)
    if step == "draw":
        return _draw(g, i, DRAW)
    if step == "allocation":
        cp = command_max(g, i)
        g = with_side(g, i, cp=cp, yield_used=0)
        return g, (f"Command Points reset to the maximum, {cp} (Command Points).",
                   f"{yield_total(g, i)} Yield to assign to Construction and Research Projects (Yield).")
    if step == "acquisition":
        return _complete(g, i)
    if step == "repair":
        return _replenish(g, i)
    if step == "end":
        return g, tuple(f"Trigger: {t} (End of the Turn)." for t in side.end_triggers) or (
            "No “at the end of the turn” triggers listed.",)
    return g, ()


def _complete(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    """Projects with Yield allocated equal to or greater than their cost complete at the end of the Allocation
    Phase; a unit goes into Testing; a modification needs a unit of the required type."""
    reasons = []
    for p in [p for p in g.projects if p.owner == i and p.allocated >= p.cost]:
        if p.mod is not None:
            target = next((u for u in g.units if u.id == p.target), None)
            if target is None:
                reasons.append(f"{p.card} is finished but has no {p.requires} unit chosen to modify: it remains in "
                               "the Queue (Modification).")
                continue
            g = with_unit(g, replace(target, mods=target.mods + (p.mod,)))
            reasons.append(f"{p.card} completed: it modifies {target.card} (Modification).")
        elif p.unit is not None:
            if p.unit.unique and any(u.card == p.card for u in g.units if u.owner == i):
                reasons.append(f"{p.card} is Unique and already in play: it does not come into play (Unique).")
                continue
            g = replace(g, units=g.units + (replace(p.unit, testing=True),))
            reasons.append(f"{p.card} completed: it goes into Testing and cannot initiate an attack until "
                           f"{player_name(g, i)}'s next turn (Construction Project).")
            if p.unit.launcher:
                # only the table knows what its deck holds: nothing moves until it says what the search found
                g = replace(g, launches=g.launches + (p.unit.id,))
                reasons.append(f"Launcher: search the deck for up to {p.unit.launcher} Projectile(s), reveal them, "
                               "put them into your hand, shuffle; then record how many you found (Launcher).")
        else:
            g = replace(g, assets=g.assets + (p.asset,))
            reasons.append(f"Research {p.card} completed: it takes effect now (Research Projects).")
        g = replace(g, projects=tuple(x for x in g.projects if x.id != p.id))
    return g, tuple(reasons) or ("No project has its full cost allocated (Construction Project).",)


def launcher_search(g: Game, unit_id: str, found: int) -> Outcome:
    """What a completed Launcher unit's deck search found (Launcher): that many Projectiles from deck to hand,
    once per completion; 0 when the deck holds none."""
    if unit_id not in g.launches:
        raise GameError("unit", "A Launcher searches the deck once, when its unit is completed (Launcher): there is "
                                "no search to record for it.", "Launcher")
    u = unit(g, unit_id)
    side = g.sides[u.owner]
    if not 0 <= found <= min(u.launcher, side.deck_left):
        raise GameError("found", f"{u.card} searches for up to {u.launcher} Projectile(s) and the deck holds "
                                 f"{side.deck_left} cards: 0 to {min(u.launcher, side.deck_left)} (Launcher).", "Launcher")
    g = replace(g, launches=tuple(x for x in g.launches if x != unit_id))
    g = with_side(g, u.owner, hand=side.hand + found, deck_left=side.deck_left - found)
    return Outcome(g, f"Launcher: {u.card} found {found} Projectile(s) in {player_name(g, u.owner)}'s deck",
                   (f"{found} Projectile(s) from the deck to the hand; the deck is shuffled (Launcher).",))


def _replenish(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    units = []
    for u in g.units:
        if u.owner == i:
            heal = min(u.auto_repair, u.damage)
            if heal:
                reasons.append(f"{u.card} auto-repairs {heal} damage (Repair and Auto-Repair).")
            u = replace(u, shields=u.shields_max, damage=u.damage - heal, repaired=False)
        units.append(u)
    return replace(g, units=tuple(units)), ("Shields replenish to full (Assigning Damage).",) + tuple(reasons)


def _leave_turn(g: Game) -> tuple[Game, tuple[str, ...]]:
    i, s = g.turn, g.sides[g.turn]
    reasons = []
    if s.hand > s.hand_max:
        reasons.append(f"{player_name(g, i)} discards {s.hand - s.hand_max} down to the maximum hand size, {s.hand_max} "
                       "(End of the Turn).")
        g = with_side(g, i, hand=s.hand_max, scrapyard=s.scrapyard + ("(discarded)",) * (s.hand - s.hand_max))
    nxt = _next_seat(g, i)
    g = replace(g, turn=nxt, round=g.round + (1 if nxt <= i else 0), applied=(), attack=None)
    g, more = _enter(g, "begin")
    return g, tuple(reasons) + more


def _next_seat(g: Game, i: int) -> int:
    n = len(g.players)
    for k in range(1, n + 1):
        j = (i + k) % n
        if not g.sides[j].out:
            return j
    return i

"""Repair, scrapping, promotion and the table's bookkeeping (trigger reminders, the hand size)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, unit, with_side, with_unit
from .cards import _pay, _unit_of
from .combat import _casualties
from .state import SCRAP_CP, Content, Game, _playing, project, seat


def repair(g: Game, repairer: str, target: str, amount: int) -> Outcome:
    """A unit with Repair N repairs up to N damage on any friendly unit in the Repair and Replenish Phase."""
    _playing(g, "repair", field="repairer", what="Repair is assigned")
    i = g.turn
    r, t = unit(g, repairer), unit(g, target)
    if r.owner != i or t.owner != i:
        raise GameError("target", "Repair works on friendly units only (Repair and Auto-Repair).")
    if not r.repair:
        raise GameError("repairer", f"{r.card} has no Repair (Repair and Auto-Repair).")
    if r.repaired:
        raise GameError("repairer", f"{r.card} has already repaired this phase.")
    if not 1 <= amount <= min(r.repair, t.damage):
        raise GameError("amount", f"{r.card} repairs up to {r.repair}; {t.card} has {t.damage} damage; "
                                  f"{amount} is not possible (Repair and Auto-Repair).")
    g = with_unit(g, replace(r, repaired=True))
    g = with_unit(g, replace(unit(g, target), damage=t.damage - amount))
    return Outcome(g, f"{r.card} repaired {amount} damage on {t.card}")


def scrap(g: Game, project_id: str) -> Outcome:
    _playing(g, "end", field="project", what="Construction Projects are scrapped")
    i = g.turn
    p = project(g, project_id)
    if p.owner != i or p.kind != "construction":
        raise GameError("project", f"{p.card} is not a Construction Project in {player_name(g, i)}'s Queue.")
    g = _pay(g, i, SCRAP_CP, f"Scrapping {p.card}", "End of the Turn: 1 command point for each project scrapped",
             "project")
    g = replace(g, projects=tuple(x for x in g.projects if x.id != p.id))
    g = with_side(g, i, scrapyard=g.sides[i].scrapyard + (p.card,))
    return Outcome(g, f"{player_name(g, i)} scrapped {p.card} (1 CP)")


def promote(g: Game, content: Content, unit_id: str, name: str) -> Outcome:
    """Replace the unit with the named card; the original goes to the Scrapyard; modifications, personnel and
    damage go onto the new unit as if they were on it the entire time. Nothing else carries over: the new
    card was not completed as a Construction Project, so it is not in Testing, and its weapons are its own."""
    if g.stage != "play":
        raise GameError("stage", "The game is not being played.")
    old = unit(g, unit_id)
    card = content.card(name)
    if card is None or card.type != "construction" or card.unit is None:
        raise GameError("card", f"{name!r} is not a unit card in the card list.")
    if card.unique and any(x.id != old.id and x.card == name for x in g.units if x.owner == old.owner):
        raise GameError("card", f"{name} is Unique and already in play under {player_name(g, old.owner)}'s "
                                "control: a copy of a unique card does not come into play (Unique).")
    new = replace(_unit_of(card, old.id, old.owner), damage=old.damage, mods=old.mods, testing=False)
    g = with_unit(g, new)
    g = with_side(g, old.owner, scrapyard=g.sides[old.owner].scrapyard + (old.card,))
    g, dead = _casualties(g)
    return Outcome(g, f"{old.card} promoted to {name}", ("The original unit is placed in the Scrap Yard; "
                   "modifications, personnel and damage move onto the new unit (Promotion).",
                   f"{name} was not completed as a Construction Project: it is not in Testing (Promotion, "
                   "Construction Project).") + dead)


def set_triggers(g: Game, player: int, begin_list: tuple[str, ...], end_list: tuple[str, ...]) -> Outcome:
    g = with_side(g, seat(g, player), begin_triggers=tuple(begin_list), end_triggers=tuple(end_list))
    return Outcome(g, f"{player_name(g, player)}'s trigger reminders updated")


def adjust_hand(g: Game, player: int, delta: int) -> Outcome:
    s = g.sides[seat(g, player)]
    if s.hand + delta < 0:
        raise GameError("delta", f"{player_name(g, player)} has {s.hand} cards in hand.")
    return Outcome(with_side(g, player, hand=s.hand + delta), f"{player_name(g, player)}'s hand {delta:+d} (now "
                   f"{s.hand + delta})")

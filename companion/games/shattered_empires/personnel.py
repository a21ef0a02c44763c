"""Personnel: hiring, and assigning to a unit or the base by designation (Personnel)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, unit
from .cards import _from_hand, _pay
from .state import ALLOWED, BASE, Content, Game, Staff, _new_id, _playing


def hire(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Personnel are hired")
    i = g.turn
    card = content.card(name)
    if card is None or card.type != "personnel":
        raise GameError("card", f"{name!r} is not a Personnel card in the card list.")
    g = _pay(g, i, card.cost, f"Hiring {name}", "Personnel: pay the Command Point cost")
    g, _ = _from_hand(g, i, content, name, "personnel")
    g, sid = _new_id(g, "s")
    g = replace(g, staff=g.staff + (Staff(sid, name, i, card.designation, card.cost),))
    return Outcome(g, f"{player_name(g, i)} hired {name} ({card.cost} CP)",
                   ("It starts at your base but is not considered assigned there (Personnel).",))


def assign(g: Game, staff_id: str, to: str) -> Outcome:
    """Move a personnel to a unit (or the base) for its cost in command points; designations per unit type,
    one of each designation per unit."""
    _playing(g, "acquisition", field="to", what="Personnel are assigned")
    i = g.turn
    s = next((x for x in g.staff if x.id == staff_id and x.owner == i), None)
    if s is None:
        raise GameError("personnel", f"{player_name(g, i)} has no personnel {staff_id!r} in play.")
    if to == s.on:
        raise GameError("to", f"{s.card} is already there.")
    kind, where = (BASE, "the base") if to == BASE else (unit(g, to).type, unit(g, to).card)
    if to != BASE and unit(g, to).owner != i:
        raise GameError("to", f"{where} is not one of {player_name(g, i)}'s active units (Personnel).")
    if s.designation not in ALLOWED[kind]:
        allowed = " and ".join(f"{d}s" for d in ALLOWED[kind])
        raise GameError("to", f"{where} ({kind}) may only have {allowed}; {s.card} is a {s.designation} "
                              "(Personnel).")
    if any(x.on == to and x.owner == i and x.designation == s.designation for x in g.staff):
        raise GameError("to", f"{where} already has a {s.designation}: no more than one Personnel of any "
                              "designation on the same unit (Personnel).")
    g = _pay(g, i, s.cost, f"Assigning {s.card}", "Personnel: command points equal to the play cost", "to")
    g = replace(g, staff=tuple(replace(x, on=to) if x.id == s.id else x for x in g.staff))
    return Outcome(g, f"{player_name(g, i)} assigned {s.card} to {where} ({s.cost} CP)")

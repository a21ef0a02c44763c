"""The Income Phase (3.1-3.3): Restore, Gain and Income; and the victory check as a turn begins."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Verdict, player_name, with_side
from .board import _put, bases, bases_needed
from .state import BASES_TO_WIN, GAIN_FROM, HAND_LIMIT, INCOME, Game, _playing


def income_for(n_bases: int) -> tuple[int, int]:
    """3.3: 1 / 2 / 3 / 4 Bases give 2 / 3 / 3 / 4 Minerals and 3 / 3 / 4 / 4 cards (more than 4 as 4)."""
    if n_bases <= 0:
        return 0, 0
    return INCOME[min(n_bases, BASES_TO_WIN)]


def restore(g: Game, i: int) -> tuple[Game, tuple[str, ...]]:
    """3.1: for each Squad, remove all Command Tokens, or one Exhaust Token if no Command Token is present."""
    reasons = []
    for s in g.spaces:
        if s.owner != i:
            continue
        if s.command:
            g = _put(g, replace(s, command=False))
            reasons.append(f"{s.name}: Command Token removed" + (" (its Exhaust Token stays)" if s.exhaust else "")
                           + " (3.1).")
        elif s.exhaust:
            g = _put(g, replace(s, exhaust=s.exhaust - 1))
            reasons.append(f"{s.name}: one Exhaust Token removed (3.1).")
    return g, tuple(reasons)


def _income(g: Game) -> tuple[Game, tuple[str, ...]]:
    i = g.turn
    g, reasons = restore(g, i)
    n = bases(g, i)
    minerals, cards = income_for(n)
    s = g.sides[i]
    hand = s.hand + cards
    reasons = list(reasons) + ["3.2 Gain: gain 1 card now, before drawing; it goes to the discard pile (3.2, "
                               "Deck-Building Rules 1).",
                               f"3.3 Income, after the Gain: {player_name(g, i)} has {n} Base{'s' if n != 1 else ''}: "
                               f"+{minerals} Minerals, draws {cards} cards (3.3)."]
    if hand > HAND_LIMIT:
        reasons.append(f"{hand} cards in hand: discard down to {HAND_LIMIT} (3.3).")
        hand = HAND_LIMIT
    return with_side(g, i, minerals=s.minerals + minerals, hand=hand), tuple(reasons)


def gain_card(g: Game, source: str, reset: bool = False, card: str = "") -> Outcome:
    """3.2. Gain: 1 card from the Faction Technology or the Central Cards, to the discard pile (Deck-Building
    Rules 1), so the hand does not change; the Faction Technology on display may then be reset."""
    _playing(g, "income")
    if source not in GAIN_FROM:
        raise GameError("source", f"Gain the card from the Faction Technology or the Central Cards (3.2); {source!r} "
                                  "is neither.")
    if g.gained:
        raise GameError("source", f"{player_name(g, g.turn)} already gained a card this Income Phase, from "
                                  f"{GAIN_FROM[g.gained]}: 1 card (3.2).")
    card = " ".join(card.split()) or "a card"
    reasons = [f"{card} from {GAIN_FROM[source]} goes to the discard pile (3.2, Deck-Building Rules 1)."]
    if reset:
        reasons.append("The Faction Technology on display is discarded to the Faction discard pile and 3 new cards "
                       "are revealed (3.2, A5).")
    return Outcome(replace(g, gained=source), f"{player_name(g, g.turn)} gained {card} from {GAIN_FROM[source]}",
                   tuple(reasons))


def _start_turn(g: Game) -> tuple[Game, tuple[str, ...]]:
    """The general victory condition is checked as a player begins their turn (Objective of the Game)."""
    i = g.turn
    if bases(g, i) >= bases_needed(g, i):
        v = Verdict(i, (f"{player_name(g, i)} begins the turn with {bases(g, i)} Bases on the map (needs "
                        f"{bases_needed(g, i)}) and wins (Objective of the Game).",))
        return replace(g, stage="over", verdict=v), v.how
    return g, ()

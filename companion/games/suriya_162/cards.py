"""The hand and the Minerals: the Upkeep of Continue cards (1.), playing and discarding cards in the
Action Phase (2. A-B), changes from card effects and tray bonuses, and burning a card (Combat 7).

A card played is remembered in the state as typed (`Game.known_cards`: its name and two costs) and is then
played again by name (`play_known`), nothing of it typed twice (issue 34). Being state, the remembered card
goes with the play that typed it: undoing that play forgets the card (undoing a retyping brings back the costs
typed before), redoing it remembers it again, and an exported game carries it."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, with_side
from .state import HAND_LIMIT, ContinueCard, Game, KnownCard, _playing


def _pay(g: Game, i: int, cost: int, what: str, field: str = "cost") -> Game:
    if cost < 0:
        raise GameError(field, f"A Mineral cost is never negative: {cost}.")
    have = g.sides[i].minerals
    if cost > have:
        raise GameError(field, f"{what} costs {cost} Mineral{'s' if cost != 1 else ''}; {player_name(g, i)} has {have}. "
                               "A player cannot pay Minerals they do not have (The Cards: Card Conditions).")
    return with_side(g, i, minerals=have - cost)


def undecided(g: Game, i: int) -> tuple[ContinueCard, ...]:
    """Continue cards still to be paid or discarded in this Upkeep Phase."""
    return tuple(c for c in g.sides[i].continuing if c.kept_turn < g.turn_no)


def upkeep(g: Game, card: str, keep: bool) -> Outcome:
    """1. Upkeep: pay a card's Continue cost to keep it, or discard it without paying."""
    _playing(g, "upkeep")
    i = g.turn
    c = next((c for c in undecided(g, i) if c.name == card), None)
    if c is None:
        raise GameError("card", f"{card!r} is not a Continue card of {player_name(g, i)} waiting for its Upkeep.")
    others = tuple(x for x in g.sides[i].continuing if x is not c)
    if not keep:
        g = with_side(g, i, continuing=others)
        return Outcome(g, f"{player_name(g, i)} discarded {card} instead of paying its Continue cost",
                       ("Not paid: the card is discarded (1. Upkeep Phase).",))
    g = _pay(g, i, c.cost, f"Keeping {card}", "card")
    g = with_side(g, i, continuing=others + (replace(c, kept_turn=g.turn_no),))
    return Outcome(g, f"{player_name(g, i)} paid {c.cost} Mineral{'s' if c.cost != 1 else ''} to keep {card}",
                   ("The Continue cost is paid in the Upkeep Phase (1. Upkeep Phase).",))


def play_card(g: Game, card: str, cost: int, continue_cost: int | None = None) -> Outcome:
    """A. Play an Action card from the hand: pay its Mineral cost; a Continue card stays in play. The card is
    remembered as typed (`known_cards`), to be played again by name (`play_known`)."""
    _playing(g, "action")
    name = " ".join(card.split())
    out = _play(g, name or "a card", cost, continue_cost)
    if not name:
        return out
    before = known_card(g, name)
    typed = KnownCard(name, cost, continue_cost)
    if before == typed:
        return out
    kept = tuple(typed if c is before else c for c in g.known_cards) if before else g.known_cards + (typed,)
    note = (f"{name}'s costs as typed now replace those typed before ({_costs(before)}).",) if before else ()
    return Outcome(replace(out.state, known_cards=kept), out.description, out.reasons + note)


def known_card(g: Game, name: str) -> KnownCard | None:
    """The card of this name played before in this game, as typed (case and spacing aside), or None."""
    key = " ".join(name.split()).casefold()
    return next((c for c in g.known_cards if c.name.casefold() == key), None)


def play_known(g: Game, card: str) -> Outcome:
    """A. Play again a card played before in this game, chosen by name: its costs are the ones typed then."""
    _playing(g, "action")
    known = known_card(g, card)
    if known is None:
        raise GameError("card", f"{' '.join(card.split())[:40]!r} has not been played in this game: type it with "
                                "its costs.")
    out = _play(g, known.name, known.cost, known.continue_cost, "card")
    return Outcome(out.state, out.description, out.reasons + (f"Its costs as typed before: {_costs(known)}.",))


def _costs(c: KnownCard) -> str:
    return f"{c.cost} Mineral{'s' if c.cost != 1 else ''}" + (
        f", Continue {c.continue_cost}" if c.continue_cost is not None else "")


def _play(g: Game, card: str, cost: int, continue_cost: int | None, field: str = "cost") -> Outcome:
    i = g.turn
    if g.sides[i].hand < 1:
        raise GameError("card", f"{player_name(g, i)} has no card in hand to play.")
    g = _pay(g, i, cost, card, field)
    s = g.sides[i]
    continuing = s.continuing
    reasons = ("After resolving its effect, the card goes to the discard pile (2. Action Phase, A).",)
    if continue_cost is not None:
        if continue_cost < 0:
            raise GameError("continue_cost" if field == "cost" else field,
                            f"A Continue cost is never negative: {continue_cost}.")
        continuing += (ContinueCard(card, continue_cost, g.turn_no),)
        reasons = (f"A Continue card: pay {continue_cost} in each Upkeep Phase or discard it (Card Conditions, B).",)
    g = with_side(g, i, hand=s.hand - 1, continuing=continuing)
    return Outcome(g, f"{player_name(g, i)} played {card} for {cost} Mineral{'s' if cost != 1 else ''}", reasons)


def discard_for_mineral(g: Game) -> Outcome:
    """B. Discard a card from the hand to receive 1 Mineral."""
    _playing(g, "action")
    i = g.turn
    s = g.sides[i]
    if s.hand < 1:
        raise GameError("hand", f"{player_name(g, i)} has no card in hand to discard.")
    g = with_side(g, i, hand=s.hand - 1, minerals=s.minerals + 1)
    return Outcome(g, f"{player_name(g, i)} discarded a card for 1 Mineral", ("Discard a card: 1 Mineral (2. Action, B).",))


def adjust(g: Game, player: int, what: str, delta: int) -> Outcome:
    """Minerals or cards in hand changed by a card effect or a tray bonus."""
    _playing(g)
    if what not in ("minerals", "hand"):
        raise GameError("what", "Change minerals or cards in hand.")
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    now = getattr(g.sides[player], what) + delta
    if now < 0:
        label = "Minerals" if what == "minerals" else "cards in hand"
        raise GameError("delta", f"{player_name(g, player)} has {getattr(g.sides[player], what)} {label}; "
                                 f"there are none to lose below 0.")
    note = ()
    if what == "hand" and now > HAND_LIMIT:
        note = (f"Over the hand limit: discard down to {HAND_LIMIT} (Deck-Building Rules 3).",)
        now = HAND_LIMIT
    label = "Minerals" if what == "minerals" else "cards in hand"
    return Outcome(with_side(g, player, **{what: now}), f"{player_name(g, player)}: {label} {delta:+d} (now {now})", note)


def burn(g: Game, player: int, source: str) -> Outcome:
    """Burn 1 card from the hand or the discard pile (Combat 7, Burn): it leaves the game's cards."""
    _playing(g)
    if not 0 <= player < len(g.players):
        raise GameError("player", f"There is no seat {player + 1}.")
    if source not in ("hand", "discard"):
        raise GameError("source", "Burn a card from your hand or your discard pile (Combat 7).")
    if source == "hand":
        if g.sides[player].hand < 1:
            raise GameError("source", f"{player_name(g, player)} has no card in hand to burn.")
        g = with_side(g, player, hand=g.sides[player].hand - 1)
    where = "hand" if source == "hand" else "discard pile"
    return Outcome(g, f"{player_name(g, player)} burnt a card from the {where}",
                   ("A burnt Faction Card goes to the bottom of the Faction pile, a Starting Card to the box "
                    "(Limitations 4).",))

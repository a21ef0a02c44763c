"""The Adversary Action and Event decks during a mission (p.12 step 5, p.49): drawing, an empty deck
reshuffled from its discards, and the cards a type drew put away. Shuffles draw from the mission's own seed
and a counter, so replaying the same commands gives the same decks."""
from __future__ import annotations

import random
from dataclasses import replace

from .state import BossKind, Deck, Drawn, Mission, MissionError, with_deck

def draw(mission: Mission, deck: Deck, what: str):
    """The top card of `deck`; an empty deck first shuffles its discards into a new one (p.12 step 5)."""
    reasons: tuple[str, ...] = ()
    if not deck.cards and deck.discard:
        cards, mission = shuffle(mission, deck.discard)
        deck = Deck(cards)
        reasons = (f"{what} is empty: its discarded cards are shuffled to form a new deck (p.12 step 5)",)
    if not deck.cards:
        return None, deck, mission, reasons
    return deck.cards[0], replace(deck, cards=deck.cards[1:]), mission, reasons


def draw_into(mission: Mission, key: str):
    card, deck, mission, reasons = draw(mission, mission.deck(key), f"the {key.replace(':', ' ')} deck")
    if card is None:
        raise MissionError(key, "the deck and its discard pile are empty")
    return card, with_deck(mission, key, deck), reasons


def shuffle(mission: Mission, cards) -> tuple[tuple, Mission]:
    cards = list(cards)
    shuffle_rng(mission).shuffle(cards)
    return tuple(cards), replace(mission, shuffles=mission.shuffles + 1)


def shuffle_rng(mission: Mission) -> random.Random:
    # One generator per shuffle, from the mission's seed and how many shuffles came before: replaying the
    # same commands gives the same decks.
    return random.Random(mission.seed * 1_000_003 + mission.shuffles)


def discard_drawn(mission: Mission, type_: str, drawn: Drawn) -> Mission:
    kind = mission.kind(type_)
    if isinstance(kind, BossKind):
        alive = any(f.side == "adversary" and f.type == type_ for f in mission.board.figures)
        if drawn.boss is not None and drawn.boss.persistent and alive:  # stays beside the board (p.49)
            return replace(mission, persistent=mission.persistent + ((type_, drawn.boss),))
        key = f"boss:{type_}"
        return with_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (drawn.boss,)))
    for key, card in ((f"species:{kind.species}", drawn.species), (f"class:{kind.class_name}", drawn.class_card)):
        if card is not None:
            mission = with_deck(mission, key, replace(mission.deck(key), discard=mission.deck(key).discard + (card,)))
    return mission

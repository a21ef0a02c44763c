"""The Adversary Action and Event decks during a mission (p.12 step 5, p.49): drawing, an empty deck
reshuffled from its discards, and the cards a type drew put away. Shuffles draw from the mission's own seed
and a counter, so replaying the same commands gives the same decks.

A deck the table draws as physical cards (chosen at set-up, `Mission.physical`) is drawn by name: before the
draw the table taps which card came up among that deck's cards not yet drawn (`name_card`), and the draw takes
that card; an empty physical deck offers its discards, which the table shuffles into a new deck (p.12 step 5).
The card drawn is the same card either way, so the AI plans the same turn with it."""
from __future__ import annotations

import random
from dataclasses import replace

from ..decision import COLORS
from ..scenario import Card, ClassCard
from .state import (
    BossCard, BossKind, Deck, Drawn, EventCard, Mission, MissionError, Update, must_choose_first, with_deck,
)
from ...record import record

EVENTS = "events"  # the Event deck's key among the decks a table may draw itself
EVENTS_ON_TOP = 5  # p.10 step 8: five random Round 1-5 events on top of the Round 6+ deck
EARLY = "1-5"


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


def draw_into(mission: Mission, key: str, for_type: str | None = None):
    """The next card of deck `key` for the adversary type `for_type` (a deck two types share gives each its own
    card, p.12 step 5: the Grallok Sentry and the Grallok Archers each draw a Grallok species card)."""
    if key in mission.physical:
        return draw_named(mission, key, for_type)
    card, deck, mission, reasons = draw(mission, mission.deck(key), f"the {key.replace(':', ' ')} deck")
    if card is None:
        raise MissionError(key, "the deck and its discard pile are empty")
    return card, with_deck(mission, key, deck), reasons


def event_said(event) -> tuple[str, ...]:
    """What the table is told of the round's Event card (p.12 step 2): perform it, and the Mission book when it
    names the mission event or event adversary (p.59)."""
    if event is None:
        return ("no Event card is left to draw (p.12 step 2)",)
    said = [f"Event #{event.number} {event.name}: perform it now (p.12 step 2, p.39)"
            + (f" — {event.text}" if event.text else "")]
    text = f"{event.name} {event.text}".lower()
    if "mission event" in text or "event adversary" in text:  # p.59
        said.append("it refers to the mission event or event adversary: see the Mission book (p.12, p.59)")
    return tuple(said)


def _turn_pending_event(mission: Mission, reasons: tuple[str, ...]) -> Update:
    """The Event card named after the die (p.12 steps 1-2): drawn now, and the round goes on to step 3."""
    event, mission, why = draw_event(mission)
    rnd = replace(mission.round, event=event, event_pending=False)
    return Update(replace(mission, round=rnd), reasons + tuple(why) + event_said(event))


def draw_event(mission: Mission):
    """Step 2 (p.12): the round's Event card, the top of the app's deck or the one the table named; None when
    none is left. Returns the card, the mission with its Event deck after the draw, and what happened."""
    if EVENTS in mission.physical:  # the table turns its own card: named among those known, or typed (type_card)
        return draw_named(mission, EVENTS)
    event, deck, mission, reasons = draw(mission, mission.events, "the Event deck")
    return event, replace(mission, events=deck), reasons


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


# -- the table's own decks ------------------------------------------------------------------------------------

def deck_label(key: str) -> str:
    """A deck's key as the table names it: "species:Grallok" -> "Grallok species deck"."""
    if key == EVENTS:
        return "Event deck"
    kind, _, name = key.partition(":")
    return f"{name} {kind} deck"


def _deck(mission: Mission, key: str) -> Deck:
    return mission.events if key == EVENTS else mission.deck(key)


def _with(mission: Mission, key: str, deck: Deck) -> Mission:
    return replace(mission, events=deck) if key == EVENTS else with_deck(mission, key, deck)


def _pool(mission: Mission, key: str) -> tuple:
    """The cards that may come up next from a physical deck: those not yet drawn (an Event deck's Round 1-5
    cards first, for rounds 1 to 5, p.10 step 8), or, once it is empty, its discards, which the table
    shuffles into a new deck (p.12 step 5)."""
    deck = _deck(mission, key)
    cards = deck.cards
    if key == EVENTS:
        early = tuple(c for c in cards if c.rounds == EARLY)
        cards = early if early and mission.rounds < EVENTS_ON_TOP else tuple(c for c in cards if c.rounds != EARLY)
    return cards or deck.discard


def offered(mission: Mission, key: str) -> tuple[str, ...]:
    """The names the table picks from for a physical deck, sorted (the deck's order is never shown)."""
    return tuple(sorted({c.name for c in _pool(mission, key)}, key=str.casefold))


SLOT = "|"  # "species:Grallok|Grallok Archer": the card a deck two types share came up with for one of them


def slot_key(key: str, type_: str) -> str:
    return f"{key}{SLOT}{type_}"


def _base(slot: str) -> tuple[str, str | None]:
    key, _, type_ = slot.partition(SLOT)
    return key, type_ or None


def slot_label(slot: str) -> str:
    """A prompt's deck as the table names it: "Grallok species deck", or "…, for the Grallok Archer"."""
    key, type_ = _base(slot)
    return deck_label(key) + (f", for the {type_}" if type_ else "")


def name_card(mission: Mission, slot: str, name: str) -> Update:
    """The table says which card came up from its physical deck (`slot`: the deck's key, or for a deck two
    adversary types share, the key and the type it came up for), for that deck's next draw (p.12 step 2 or 5);
    named again before the draw, the last name counts. One physical card is named for one type only."""
    key, _ = _base(slot)
    if key not in mission.physical:
        raise MissionError("deck", f"{key!r} is not a deck this table draws as its own cards (chosen at set-up): "
                                   "the app shuffles and draws it")
    if name not in offered(mission, key):
        raise MissionError("came_up", f"{name!r} is not among the {deck_label(key)}'s cards not yet drawn", "12")
    others = [v for k, v in mission.named if k != slot and _base(k)[0] == key]
    if others.count(name) >= sum(1 for c in _pool(mission, key) if c.name == name):
        raise MissionError("came_up", f"{name} came up for another adversary type already: each type draws its "
                                      f"own card from the {deck_label(key)} (p.12 step 5)", "12")
    named = tuple((k, v) for k, v in mission.named if k != slot) + ((slot, name),)
    said = (f"{name} came up from the {slot_label(slot)}",)
    if key == EVENTS and mission.round is not None and mission.round.event_pending:
        return _turn_pending_event(replace(mission, named=named), said)
    return Update(replace(mission, named=named), said)


def next_event_rounds(mission: Mission) -> str:
    """The rounds printed on the Event card the table draws next: Round 1-5 cards lie on top for rounds 1 to 5
    (p.10 step 8)."""
    pending = mission.round is not None and mission.round.event_pending  # its round already counted
    return EARLY if mission.rounds - pending < EVENTS_ON_TOP else "6+"


def _typed_kind(key: str):
    kind = key.partition(":")[0] if key != EVENTS else EVENTS
    return {"species": Card, "class": ClassCard, "boss": BossCard, EVENTS: EventCard}[kind]


def type_card(mission: Mission, slot: str, card) -> Update:
    """A card of the table's own deck `key` that came up and that the app did not have yet: typed at the table,
    it joins that deck as the card that came up (named for the draw, p.12 steps 2 and 5), so the AI plans the
    turn from it and the deck offers it by name from then on. The AI never plans from a card it has not got.
    `slot`: the deck's key, or the key and the type it came up for (a deck two types share)."""
    key, _ = _base(slot)
    if key not in mission.physical:
        raise MissionError("deck", f"{key!r} is not a deck this table draws as its own cards (chosen at set-up): "
                                   "the app shuffles and draws it")
    if not isinstance(card, _typed_kind(key)):
        raise MissionError("line", f"the {deck_label(key)} holds {_typed_kind(key).__name__} cards, not "
                                   f"{type(card).__name__}")
    deck = _deck(mission, key)
    if any(c.name == card.name for c in deck.cards + deck.discard):
        raise MissionError("name", f"{card.name!r} is a card of the {deck_label(key)} already: tap it among the "
                                   "cards not yet drawn")
    if isinstance(card, ClassCard) and sorted(c for c, _ in card.rows) != sorted(COLORS):
        raise MissionError("line", f"{card.name} needs one row per color ({', '.join(COLORS)}, p.47)", "47")
    if isinstance(card, BossCard):
        kind = next(k for k in mission.kinds if isinstance(k, BossKind) and f"boss:{k.type}" == key)
        wrong = [n for n in card.actions if n not in {a.number for a in kind.boss.actions}]
        if wrong:
            raise MissionError("line", f"{card.name} names action #{wrong[0]}, which the {kind.boss.name} board "
                                       "does not have (p.49)", "49")
    if isinstance(card, EventCard):
        if card.rounds != next_event_rounds(mission):
            raise MissionError("line", f"the Event deck's next card is a Round {next_event_rounds(mission)} card "
                                       f"(p.10 step 8); {card.name} says Round {card.rounds}", "10")
        card = replace(card, number=str(len(deck.cards + deck.discard) + 1))
    typed = _with(mission, key, replace(deck, cards=deck.cards + (card,)))
    named = name_card(typed, slot, card.name)
    return Update(named.mission, (f"{card.name} typed in: a new card of the {deck_label(key)}",) + named.reasons)


def draw_named(mission: Mission, key: str, for_type: str | None = None):
    """The card the table named for physical deck `key` (for `for_type`, when two types share it), taken out
    of it (after a reshuffle of its discards when it was empty, p.12 step 5)."""
    slot = slot_key(key, for_type) if for_type and slot_key(key, for_type) in dict(mission.named) else key
    name = dict(mission.named).get(slot) or _last_card(mission, key)
    label = slot_label(slot)
    if name is None:
        raise MissionError(key, f"which card came up from the {label}? Tap it among the cards not yet drawn, or "
                                "type it if it is new (p.12 step 5)", "12")
    deck, pool = _deck(mission, key), _pool(mission, key)
    card = next((c for c in pool if c.name == name), None)
    if card is None:
        raise MissionError(key, f"{name!r} is not among the {label}'s cards not yet drawn", "12")
    reasons: tuple[str, ...] = ()
    if pool is deck.discard:
        deck = Deck(deck.discard)
        reasons = (f"the {label} is empty: the table shuffles its discarded cards to form a new deck "
                   "(p.12 step 5)",)
    cards = list(deck.cards)
    cards.remove(card)
    if key == EVENTS and mission.rounds + 1 >= EVENTS_ON_TOP:  # the Round 1-5 events not drawn stay unseen
        cards = [c for c in cards if c.rounds != EARLY]
    mission = replace(_with(mission, key, replace(deck, cards=tuple(cards))),
                      named=tuple((k, v) for k, v in mission.named if k != slot))
    return card, mission, reasons + (f"the table drew {name} from the {label}",)


def _last_card(mission: Mission, key: str) -> str | None:
    """The name of the one card a physical deck may still turn up: with one card left of a deck whose every card
    the app knows (`Mission.whole`) it is that card, so the table is not asked (p.12 step 5: the top card is
    drawn). The Event deck is never whole: the table puts five Round 1-5 events of its choice on top (p.10 step 8)."""
    if key == EVENTS or key not in mission.whole:
        return None
    pool = _pool(mission, key)
    return pool[0].name if len(pool) == 1 else None


@record
class DeckPrompt:
    """A physical deck the round's next draw takes a card from: its key and label, the names of the cards that
    may come up (`cards`) and the one the table named already, if any."""
    key: str
    label: str
    cards: tuple[str, ...]
    named: str | None = None
    last: bool = False  # the deck's last card: it is the one that comes up, `named` already


def deck_prompts(mission: Mission) -> tuple[DeckPrompt, ...]:
    """The physical decks the round's next draw needs named: the Event deck once the round's die is in (p.12
    steps 1-2); the decks of the adversary types on the map before the reveal, once every character has chosen (steps
    4-5); a boss's deck while its card may be redrawn (p.58)."""
    if not mission.physical or mission.result is not None:
        return ()
    rnd = mission.round
    if rnd is None or rnd.phase == "over":  # the die first (p.12 step 1): the Event card is turned after it
        keys = []
    elif rnd.event_pending:  # the table always turns its own event card; a new one is typed
        keys = [(EVENTS, "")]
    else:
        present = {f.type for f in mission.board.figures if f.side == "adversary"}
        kinds = [k for k in mission.kinds if k.type in present]
        if rnd.phase == "select":  # once every character has chosen: the reveal comes next (p.12 steps 4-5)
            keys = [] if must_choose_first(mission) else [
                (key, k.type) for k in kinds for key in ((f"boss:{k.type}",) if isinstance(k, BossKind) else
                                                         (f"species:{k.species}", f"class:{k.class_name}"))]
        else:  # a Boss card redrawn (p.58) only before the boss plays this round
            played = set(rnd.done) | {rnd.current}
            keys = [(f"boss:{k.type}", k.type) for k in kinds if isinstance(k, BossKind) and rnd.drawn_for(k.type)
                    and not any(a.id in played for a in mission.adversaries if a.type == k.type)]
    named = dict(mission.named)
    users: dict[str, list[str]] = {}  # each deck key the draw takes from, and the types drawing from it
    for k, type_ in keys:
        users.setdefault(k, []).append(type_)
    slots = [slot_key(k, t) if len(types) > 1 else k for k, types in users.items() if k in mission.physical
             for t in dict.fromkeys(types)]
    shared = {_base(s)[0] for s in slots if SLOT in s}  # a deck two types draw from: two cards come up, asked
    out = []
    for s in slots:
        last = None if _base(s)[0] in shared or named.get(s) else _last_card(mission, _base(s)[0])
        out.append(DeckPrompt(s, slot_label(s), offered(mission, _base(s)[0]), named.get(s) or last,
                              last is not None))
    return tuple(out)

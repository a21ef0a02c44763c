"""What a mission on a map still lacks before it can be set up (p.8-11): a map with entry points, each adversary
type's Adversary Description card or boss board, the decks the app draws, the event deck and two characters.

Read from the card library document as stored (already checked when it was written): the set-up page lists it
before anything is filled in, and again on every change of the map or of the decks the table draws itself. A
type is matched to its card by set-up's own rule (`mission_setup._description`, `mission_setup._board`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ...phantom.hexmap import HexMap
from ...phantom.play import EVENTS, EVENTS_ON_TOP, deck_label
from ...phantom.play.setup import MAX_CHARACTERS, MIN_CHARACTERS
from .mission_setup import _board, _description, placed_types

# in the library, still missing, drawn by the table from its own cards, filled in on the set-up form itself
DONE, NEEDED, YOURS, ON_FORM = "done", "needed", "yours", "form"
# Where each need is fixed: the map editor ("map"), the Maps page ("maps"), a Cards page form (its id), the
# campaign sheet ("campaign"), the set-up form's seats ("seats").
MAP, MAPS, CAMPAIGN, SEATS = "map", "maps", "campaign", "seats"


@dataclass(frozen=True)
class Need:
    """One thing the mission needs: what it is, whether the table has it (`state`), the words saying so, the
    rulebook page behind it, where it is fixed (`fix`: a Cards page form's id, "map", "maps", "campaign" or
    "seats"; blank when there is nothing to fix) and, for a deck, its key as set-up names it."""

    what: str
    state: str
    words: str
    page: str
    fix: str = ""
    deck: str = ""
    type: str = ""  # the adversary type whose description card is missing (typed right on the set-up page)
    partial: bool = False  # a deck of cards typed as they came up: the physical deck may hold more


def needs(library: dict, hexmap: HexMap | None, physical: Iterable[str] = (),
          party_size: int | None = None) -> tuple[Need, ...]:
    """What a mission on `hexmap` needs, item by item. `physical`: the decks the table draws from its own cards
    ("events", "species:Grallok", ...): those need no card in the library, the round asks for each card as it
    comes up. `party_size`: the chosen campaign's active characters (None: a one-off, named on the form)."""
    physical = frozenset(physical)
    out = [_map_need(hexmap)]
    if hexmap is not None:
        adversaries, bosses = library.get("adversaries", {}), library.get("bosses", {})
        decks: dict[str, tuple[str, list[str]]] = {}  # deck key -> (its name in the library, the types using it)
        for type_ in placed_types(hexmap, party_size):  # a type placed only for a larger party needs nothing
            card = _description(adversaries, type_)
            board = None if card is not None else _board(bosses, type_)
            if card is not None:
                out.append(Need(f"{type_}: its Adversary Description card", DONE, "in the card library", "46"))
                for kind in ("species", "class"):
                    decks.setdefault(f"{kind}:{card[kind]}", (card[kind], []))[1].append(type_)
            elif board is not None:
                out.append(Need(f"{type_}: its boss board", DONE, "in the card library", "48"))
                decks.setdefault(f"boss:{type_}", (board[0], []))[1].append(type_)
            else:
                out.append(Need(f"{type_}: its Adversary Description card (or boss board)", NEEDED,
                                "not in the card library: type it here in one line, then its species and class "
                                "decks are listed here", "46", fix="adversary", type=type_))
        out += [_deck_need(library, key, name, types, key in physical) for key, (name, types) in decks.items()]
    out.append(_events_need(library, EVENTS in physical))
    out.append(_party_need(party_size))
    return tuple(out)


def missing(items: Iterable[Need]) -> tuple[Need, ...]:
    return tuple(n for n in items if n.state == NEEDED)


def _map_need(hexmap: HexMap | None) -> Need:
    what = "A map with entry points"
    if hexmap is None:
        return Need(what, NEEDED, "no map yet: open a sample map or make one", "11", fix=MAPS)
    entry = len(hexmap.entry_points)
    if entry < MIN_CHARACTERS:
        return Need(what, NEEDED, f"this map has {entry} entry point{'s' if entry != 1 else ''}; each character "
                                  "starts on a different one: add them in the map editor", "11", fix=MAP)
    return Need(what, DONE, f"{entry} entry points", "11")


def _deck_need(library: dict, key: str, name: str, types: list[str], drawn_by_table: bool) -> Need:
    kind = key.partition(":")[0]
    what = f"{deck_label(key)} (for {', '.join(types)})"
    if drawn_by_table:
        return Need(what, YOURS, "you draw it yourself: cards are typed when they come up", "12", deck=key)
    part = {"species": "species_decks", "class": "class_decks", "boss": "boss_decks"}[kind]
    deck = library.get(part, {}).get(name, {})
    cards = len(deck.get("cards", ()))  # a boss deck: under its board's name
    if cards and deck.get("table_drawn"):
        return Need(what, DONE, f"{cards} card{'s' if cards != 1 else ''} typed as they came up, maybe not all of "
                                "the deck: unticked, the app draws only these", "10", deck=key, partial=True)
    if cards:
        return Need(what, DONE, f"{cards} card{'s' if cards != 1 else ''} in the card library; the app shuffles "
                                "and draws", "10", deck=key)
    form = {"species": "species-card", "class": "class-card", "boss": "boss-card"}[kind]
    return Need(what, NEEDED, "no cards in the card library: enter them on the Cards page, or tick \"We draw it "
                              "ourselves\"", "10", fix=form, deck=key)


def _events_need(library: dict, drawn_by_table: bool) -> Need:
    what = "Event deck: Round 1-5 cards"
    if drawn_by_table:
        return Need(what, YOURS, "you draw it yourself: cards are typed when they come up", "10", deck=EVENTS)
    early = sum(1 for deck in library.get("event_decks", {}).values() for e in deck.get("cards", ())
                if e.get("rounds") == "1-5")
    typed = any(deck.get("table_drawn") for deck in library.get("event_decks", {}).values())
    if early >= EVENTS_ON_TOP:
        return Need(what, DONE, f"{early} Round 1-5 event cards in the card library; set-up draws "
                                f"{EVENTS_ON_TOP} of them", "10", deck=EVENTS, partial=typed)
    return Need(what, NEEDED, f"{early} Round 1-5 event card{'s' if early != 1 else ''} in the card library and "
                              f"set-up draws {EVENTS_ON_TOP}: enter more on the Cards page, or tick \"We draw it "
                              "ourselves\"", "10", fix="event-card", deck=EVENTS, partial=typed)


def _party_need(party_size: int | None) -> Need:
    what = f"At least {MIN_CHARACTERS} characters"
    if party_size is None:
        return Need(what, ON_FORM, f"a one-off mission: name {MIN_CHARACTERS} to {MAX_CHARACTERS} characters below "
                                   "(a solo player controls two)", "8", fix=SEATS)
    if party_size < MIN_CHARACTERS:
        return Need(what, NEEDED, f"this campaign has {party_size} active character{'s' if party_size != 1 else ''}:"
                                  " add them on its campaign sheet (a solo player controls two)", "8", fix=CAMPAIGN)
    return Need(what, DONE, f"{party_size} active characters in this campaign", "8")

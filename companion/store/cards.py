"""The card library in SQLite: one document (phantom-epoch-cards/1) holding every card the table entered.

Each change (a card added, replaced or removed, an import of a card file or the samples, store/card_file.py) is
one history entry of that document, so any of them can be undone. The whole
document is checked by `load_library` before it is stored: nothing invalid
is ever saved, not even half of an import. The table's one library has no
id in any address: `library_id` finds it, and its JOURNAL does the rest.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..schemas.files.card_library import EMPTY, PARTS, load_library
from ..schemas.forms.cards import CardEntry
from ..db import immediate
from . import maps, mission_table
from .journal import DamagedDocument, Journal, Written


def _library(row: dict) -> dict:
    return json.loads(row["doc"])


JOURNAL = Journal("cards", "card_libraries", "card_history", "owner_id", document="doc", load=_library,
                  read=_library,  # a command returns a Written: the library it made, checked, and one sentence
                  stepped=maps.withdraw_imported)  # an import's maps follow its undo and redo (card_file.py)

WORDS = {"adversaries": "adversary description card", "bosses": "boss board", "species_decks": "species deck",
         "class_decks": "class deck", "boss_decks": "boss deck", "event_decks": "event deck",
         "class_boards": "class board", "species": "species card", "mission_rewards": "Mission book rewards of"}


def library_id(db, within: bool = False) -> int:
    """The table's one library, made on first use (`within`: inside a transaction the caller holds)."""
    for row in db["card_libraries"].rows_where(select="id", order_by="id", limit=1):
        return row["id"]
    create = JOURNAL.create_within if within else JOURNAL.create
    return create(db, {"name": "Card library"}, dict(EMPTY), "Started the card library")


def has_adversaries(db) -> bool:
    """Whether the library holds an adversary description card or a boss board; a table that never opened it has
    none (and this does not make it), and a damaged one (DamagedDocument) is said on its own page, not here."""
    for row in db["card_libraries"].rows_where(select="id", order_by="id", limit=1):
        try:
            doc = JOURNAL.get(db, row["id"])
        except DamagedDocument:
            return False
        return isinstance(doc, dict) and bool(doc.get("adversaries") or doc.get("bosses"))
    return False


def peek(db) -> dict:
    """The library as it is, to read (a result form's offered rewards): an empty one where the table never opened
    it (none is made) or where it is damaged (said on the Cards page)."""
    for row in db["card_libraries"].rows_where(select="id", order_by="id", limit=1):
        try:
            return JOURNAL.get(db, row["id"])
        except DamagedDocument:
            break
    return dict(EMPTY)


def get(db) -> tuple[int, dict]:
    lib = library_id(db)
    return lib, JOURNAL.get(db, lib)


def _change(db, command, request_id: str | None = None, fingerprint: str | None = None,
            seen_version: int | None = None, within: bool = False) -> str:
    def run(doc):
        new, description = command(doc)
        return Written(load_library(new), description)

    change = JOURNAL.change_within if within else JOURNAL.change
    return change(db, library_id(db, within), run, request_id=request_id, fingerprint=fingerprint,
                  seen_version=seen_version).description


def put(db, card: CardEntry, request_id: str | None = None, fingerprint: str | None = None,
        seen_version: int | None = None, within: bool = False) -> str:
    """Add or replace an adversary card, boss board or class board, or add or replace one card of a deck.
    `within`: inside a transaction the caller holds (a card typed at the mission table, store/mission_table)."""
    def command(doc):
        part = dict(doc.get(card.part, {}))  # a library stored before the part existed has none
        if card.kind in ("adversary", "boss", "class-board", "species", "mission-rewards"):
            verb = "Changed" if card.key in part else "Entered"
            part[card.key] = card.entry
            return {**doc, card.part: part}, f"{verb} the {WORDS[card.part]} {card.key}"
        deck = dict(part.get(card.key) or {"cards": []})
        cards = list(deck["cards"])
        index = card.index
        if index is None and card.from_table:  # typed at the table: a card of that name is this one, as typed now
            index = next((i for i, c in enumerate(cards) if c["name"] == card.entry["name"]), None)
        if index is not None and index < len(cards):
            cards[index] = card.entry
            verb = "Changed"
        else:
            cards.append(card.entry)
            verb = "Added"
        part[card.key] = {**deck, "cards": cards, **({"table_drawn": True} if card.from_table else {})}
        return {**doc, card.part: part}, f"{verb} {card.entry['name']!r} in the {WORDS[card.part]} {card.key}"

    return _change(db, command, request_id, fingerprint, seen_version, within)


def remove(db, part: str, key: str, index: int | None = None, request_id: str | None = None,
           fingerprint: str | None = None, seen_version: int | None = None) -> str:
    def command(doc):
        if part not in PARTS or key not in doc.get(part, {}):
            raise KeyError(key)
        items = dict(doc[part])
        if index is None:
            items.pop(key)
            return {**doc, part: items}, f"Removed the {WORDS[part]} {key}"
        cards = list(items[key]["cards"])
        gone = cards.pop(index)
        items[key] = {**items[key], "cards": cards}
        return {**doc, part: items}, f"Removed {gone['name']!r} from the {WORDS[part]} {key}"

    return _change(db, command, request_id, fingerprint, seen_version)


def samples(data_dir: Path) -> dict:
    """The shipped content: the Mutant Grallok's board from the rulebook (bosses.json) and the sample set."""
    doc = json.loads((Path(data_dir) / "sample-cards.json").read_text(encoding="utf-8"))
    bosses = json.loads((Path(data_dir) / "bosses.json").read_text(encoding="utf-8"))["bosses"]
    doc["bosses"] = {**{b["name"]: {k: v for k, v in b.items() if k != "name"} for b in bosses}, **doc["bosses"]}
    return doc


def with_typed_card(db, mission_id: int, command, card, *, seen_version: int | None = None,
                    request_id: str | None = None, fingerprint: str | None = None):
    """A card typed at the table as it came up (`card`, a card form's CardEntry): the mission's step (`command`,
    its deck given the card) and the card into the library, in one transaction, once. Each is its own
    journal's entry: undone on the mission, the card leaves its deck; it stays in the library, which is undone
    on the Cards page like every card edit."""
    with immediate(db):
        result = mission_table.JOURNAL.change_within(db, mission_id, command, seen_version=seen_version,
                                                     request_id=request_id, fingerprint=fingerprint)
        put(db, card, within=True)
    return result


def keep_mission_rewards(db, mission_id: str, entry: dict) -> str | None:
    """Inside the caller's transaction (a mission result recorded, web/missions.py and web/mission_table.py):
    the rewards and difficulty a result form gave for `mission_id`, kept as the library's entry of that mission
    (its mission_rewards part) to be offered on every result form after. Nothing is written when the library
    holds them already, so a result confirmed as offered adds no library entry, nor where the library is damaged."""
    lib = library_id(db, within=True)
    try:
        held = JOURNAL.get(db, lib).get("mission_rewards", {}).get(mission_id)
    except DamagedDocument:  # the result still counts; the Cards page says the library is damaged
        return None
    if held == entry:
        return None
    return put(db, CardEntry("mission-rewards", "mission_rewards", mission_id, entry), within=True)


def verify(db, part: str, key: str, shipped: dict | None, request_id: str | None = None,
           fingerprint: str | None = None, seen_version: int | None = None) -> str:
    """A class board or species card checked against the printed one, in one tap: the table's entry (else the
    shipped one, `shipped`) kept as it is with "verified" set. A stale page is refused (its version), so what is
    marked is what the player read."""
    def command(doc):
        entry = doc.get(part, {}).get(key) or shipped
        if part not in ("class_boards", "species", "mission_rewards") or entry is None:
            raise KeyError(key)
        return ({**doc, part: {**doc.get(part, {}), key: {**entry, "verified": True}}},
                f"Checked the {WORDS[part]} {key}: the values are the printed ones")

    return _change(db, command, request_id, fingerprint, seen_version)

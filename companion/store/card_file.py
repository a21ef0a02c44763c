"""The card file shared between groups (docs/card-file.md): the card library and the table's maps as one file, and
that file merged into another table's library and maps without replacing anything there.

A merge goes item by item (an adversary description card, a boss board, a class board, a whole deck new to the
library, a map) and, in a deck the library already has, card by card:

- the same name with equal content is skipped (also when an earlier import kept it as "Name (2)");
- a new name is added;
- the same name with other content keeps both: the incoming one is added as "Name (2)" (the first free number),
  a deck card renamed inside its deck. A boss's deck follows its board's new name (`FOLLOWS`).

The parts are the library's PARTS, each merged by its shape (a deck: `deck_parts`), so a part added to the
format is merged without a change here. The whole import is one transaction and one entry of the library's
journal: the merged library is checked by `load_library` before it is stored, the maps the file brings are
created in the same transaction, each naming that entry (store/maps.py `withdraw_imported`: undoing the entry
withdraws them, redoing it brings them back), and a retried request id is applied once. A file refused (its
format, a field, a map) changes nothing.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..db import immediate
from ..schemas.files.card_library import (
    FOLLOWS, MAP_NAME_MAX, PARTS, CardFileError, deck_parts, load_card_file, load_library,
)
from ..schemas.files.scenario import ScenarioFileError
from . import cards, maps
from .journal import Written

NAME_MAX = 60  # a card's or an item's name (card_library._name)
SHOWN = 6  # names listed for one kind in the summary before "…"


@dataclass(frozen=True)
class Kind:
    """What was merged, in words: its noun and what follows it ("card", " in the species deck Grallok")."""
    noun: str
    rest: str = ""

    def counted(self, n: int) -> str:
        return f"{n} {self.noun if n == 1 else _plural(self.noun)}{self.rest}"

    def renamed(self, old: str, new: str) -> str:
        return f"{old} → {new}{self.rest}" if self.rest else f"the {self.noun} {old} → {new}"


@dataclass
class Merged:
    """What an import did: the names added, skipped (already here, equal) and kept both (name -> new name), by kind."""
    added: dict = field(default_factory=dict)  # Kind -> [name]
    skipped: dict = field(default_factory=dict)
    kept: list = field(default_factory=list)  # (Kind, name, the name it was added as)

    def add(self, book: str, kind: Kind, name: str) -> None:
        getattr(self, book).setdefault(kind, []).append(name)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.kept)

    def summary(self, label: str) -> str:
        """"Imported cards.json: added …. Skipped … already here: …. Kept both of …: …", each kind and name."""
        said = []
        if self.added:
            said.append("added " + ", ".join(f"{k.counted(len(v))} ({_names(v)})" for k, v in self.added.items()))
        if self.skipped:
            n = sum(len(v) for v in self.skipped.values())
            said.append(f"skipped {n} already here: " + ", ".join(
                f"{k.counted(len(v))} ({_names(v)})" for k, v in self.skipped.items()))
        if self.kept:
            said.append(f"kept both of {len(self.kept)}, the one from the file renamed: " + "; ".join(
                k.renamed(old, new) for k, old, new in self.kept))
        if not said:
            return f"Imported {label}: the file holds no cards and no maps."
        return f"Imported {label}: " + ". ".join(s[0].upper() + s[1:] if i else s for i, s in enumerate(said)) + "."

    def entry(self, label: str) -> str:
        """The journal entry's one line (the page shows the whole summary)."""
        said = []
        if self.added:
            said.append(f"added {sum(len(v) for v in self.added.values())}")
        if self.kept:
            said.append(f"kept both of {len(self.kept)}")
        if self.skipped:
            said.append(f"skipped {sum(len(v) for v in self.skipped.values())}")
        return f"Imported {label}" + (f" ({', '.join(said)})" if said else "")


def _names(names: list) -> str:
    return ", ".join(names[:SHOWN]) + (f", … ({len(names) - SHOWN} more)" if len(names) > SHOWN else "")


def _plural(noun: str) -> str:
    if noun.endswith("s"):  # "species"
        return noun
    return noun[:-1] + "ies" if noun.endswith("y") else noun + "s"


def _kind(part: str) -> Kind:
    """An item of `part` in words: the store's word for it, or for a part it has none for yet, its entry."""
    if part in cards.WORDS:
        return Kind(cards.WORDS[part])
    return Kind("entry", f" of {part.replace('_', ' ')}")


def _words(part: str) -> str:
    return cards.WORDS.get(part, part.replace("_", " "))


def _free_at(name: str, n: int, max_len: int) -> str:
    suffix = f" ({n})"
    return name[: max_len - len(suffix)].rstrip() + suffix


def _free(name: str, taken, max_len: int = NAME_MAX) -> str:
    """`name` with the first free " (n)" from 2, held to the name's length limit."""
    n = 2
    while _free_at(name, n, max_len) in taken:
        n += 1
    return _free_at(name, n, max_len)


def _is_variant(stored: str, name: str, max_len: int = NAME_MAX) -> bool:
    """`stored` is `name` or a copy an import kept both of (`_free`'s "Name (2)")."""
    m = re.fullmatch(r"(.*) \((\d+)\)", stored)
    return stored == name or bool(m) and int(m.group(2)) >= 2 and _free_at(name, int(m.group(2)), max_len) == stored


def merge_library(doc: dict, incoming: dict, merged: Merged) -> dict:
    """The library `doc` with `incoming` (both checked library documents) merged in; `merged` says what was done."""
    decks = deck_parts()
    renamed: dict = {}  # part -> {incoming name: the name it stands under here}
    out = dict(doc)
    for part in PARTS:
        have = dict(doc.get(part, {}))  # a library stored before the part existed has none
        names = renamed.setdefault(part, {})
        for name, item in incoming.get(part, {}).items():
            key = renamed.get(FOLLOWS.get(part), {}).get(name, name)
            if part in decks and key in have:
                have[key] = _merge_deck(have[key], item, Kind("card", f" in the {_words(part)} {key}"), merged)
                continue
            kind = _kind(part)
            equal = next((n for n in have if _is_variant(n, key) and have[n] == item), None)
            if equal is not None:
                names[name] = equal
                merged.add("skipped", kind, equal)
            elif key not in have:
                have[key] = item
                names[name] = key
                merged.add("added", kind, key + (_counted_cards(item) if part in decks else ""))
            else:
                new = _free(key, have)
                have[new], names[name] = item, new
                merged.kept.append((kind, key, new))
        out[part] = have
    return out


def _counted_cards(deck: dict) -> str:
    n = len(deck.get("cards", []))
    return f": {n} card{'s' if n != 1 else ''}"


def _same_card(here: dict, card: dict) -> bool:
    """The card, or a copy of it an earlier import kept both of under "Name (2)"."""
    return here == card or _is_variant(here["name"], card["name"]) and {**here, "name": card["name"]} == card


def _merge_deck(deck: dict, incoming: dict, kind: Kind, merged: Merged) -> dict:
    """A deck the library has, with the incoming deck's cards merged in one by one. Cards are matched as a
    multiset: a deck may hold two copies of a card, and a file with one copy more adds that copy."""
    cards_here = list(deck["cards"])
    unmatched = list(range(len(cards_here)))
    taken = {c["name"] for c in cards_here}
    new_names: dict = {}  # an incoming card's content -> the name it was kept under
    for card in incoming["cards"]:
        i = next((i for i in unmatched if _same_card(cards_here[i], card)), None)
        if i is not None:
            unmatched.remove(i)
            merged.add("skipped", kind, cards_here[i]["name"])
            continue
        same_name = [c for c in cards_here if c["name"] == card["name"]]
        if not same_name or any(c == card for c in same_name):  # new, or one copy more of a card it has
            cards_here.append(card)
            merged.add("added", kind, card["name"])
            continue
        content = json.dumps(card, sort_keys=True)
        new = new_names.get(content) or _free(card["name"], taken)
        new_names[content] = new
        taken.add(new)
        cards_here.append({**card, "name": new})
        merged.kept.append((kind, card["name"], new))
    return {**deck, "cards": cards_here}


def merge_maps(have: list[tuple[str, dict]], incoming: dict, merged: Merged) -> list[tuple[str, tuple]]:
    """The maps to make, (name, prepared map), of `incoming` (name -> prepared (columns, rows, doc)) beside the
    maps the table `have`s ((name, doc))."""
    kind, made = Kind("map"), []
    taken = {n for n, _ in have}
    for name, ready in incoming.items():
        here = next((n for n, doc in have if _is_variant(n, name, MAP_NAME_MAX) and doc == ready[2]), None)
        if here is not None:
            merged.add("skipped", kind, here)
            continue
        new = name if name not in taken else _free(name, taken, MAP_NAME_MAX)
        if new != name:
            merged.kept.append((kind, name, new))
        else:
            merged.add("added", kind, name)
        taken.add(new)
        have = [*have, (new, ready[2])]
        made.append((new, ready))
    return made


def export(db) -> dict:
    """The card file: the library and every map the table has, by name (a second map of one name as "Name (2)")."""
    _, doc = cards.get(db)
    shared: dict = {}
    for name, map_doc in maps.shown(db):
        shared[name if name not in shared else _free(name, shared, MAP_NAME_MAX)] = map_doc
    return {**doc, "maps": shared}


def read(source) -> tuple[dict, dict]:
    """A card file checked whole before anything is stored: (its library, its maps name -> prepared map);
    CardFileError names the first bad field ("maps.Lair.layout.orientation: …")."""
    library, raw_maps = load_card_file(source)
    ready = {}
    for name, doc in raw_maps.items():
        try:
            ready[name] = maps.prepared(doc)
        except ScenarioFileError as exc:
            where, _, what = str(exc).partition(": ")
            at = "" if where in ("file", "map") else ("" if where.startswith("[") else ".") + where
            raise CardFileError(f"maps.{name}{at}: {what}") from None
    return library, ready


def import_file(db, source, label: str, request_id: str | None = None, fingerprint: str | None = None) -> Merged:
    """Merge a card file into the table's library and maps, in one transaction and one library entry. CardFileError
    (nothing changed) names the bad field; the same request id sent again raises AlreadyApplied."""
    library, incoming_maps = read(source)
    lib = cards.library_id(db)  # made first: its creation is a transaction of its own
    merged = Merged()
    try:
        with immediate(db):
            made: list = []

            def command(doc):
                new = merge_library(doc, library, merged)
                made.extend(merge_maps(maps.shown(db), incoming_maps, merged))
                if not merged.changed:
                    raise _AllHere()
                checked = load_library(new)  # nothing invalid stored, not even half of an import
                return Written(checked, merged.entry(label),
                               {"maps_imported": cards.JOURNAL.row(db, lib)["maps_imported"] + len(made)})

            cards.JOURNAL.change_within(db, lib, command, request_id=request_id, fingerprint=fingerprint)
            if made:
                entry = db.execute("SELECT MAX(id) FROM card_history WHERE owner_id = ?", [lib]).fetchone()[0]
                for name, ready in made:
                    maps.create_imported(db, name, ready, entry)
    except _AllHere:
        pass  # everything was here already: no entry, the version unchanged (no other tablet reloads for it)
    return merged


class _AllHere(Exception):
    """Nothing of the file is new: the import writes nothing."""

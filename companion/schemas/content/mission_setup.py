"""The card library read as a mission's set-up: the adversary kinds a map's placement icons name, their
species and class decks as engine cards, the event decks split by round (p.10-11, 46-47).

A placement icon names an adversary type; it matches a description card by its name, its name without
" (sample)", or its species and class ("Grallok Sentry"), or a boss board by its name (p.48). A boss is
played from each of its actions' structured form (the text as the engine plays it); a board that has only
the printed text for one of them is refused, naming the action to complete on the Cards page.
"""
from __future__ import annotations

from ...phantom.boss import Boss
from ...phantom.criticals import critical_from_dict
from ...phantom.hexmap import HexMap
from ...phantom.play import AdversaryKind, BossCard, BossKind, EventCard, EventEffect, MissionError
from ...phantom.scenario import Action, Card, ClassCard
from ..files.card_actions import CardSchema
from ..files.card_library import BossCardSchema, ClassCardSchema, EventCardSchema, LibrarySchema

SAMPLE = " (sample)"


def _card(name: str, row: dict) -> Card:
    actions = tuple(Action(**{**a, "conditions": tuple(a["conditions"])}) for a in row["actions"])
    return Card(name, row["ap"], actions, round=row["round"])


def _class_card(c: dict) -> ClassCard:
    rows = sorted(c["rows"].items(), key=lambda kv: kv[1]["ap"])
    return ClassCard(c["name"], tuple((color, _card(c["name"], row)) for color, row in rows))


def _boss_card(c: dict) -> BossCard:
    return BossCard(c["name"], tuple(c["actions"]), c.get("persistent", False), c.get("text") or "")


def _event(number: str, e: dict, rounds: str = "") -> EventCard:
    effects = tuple(EventEffect(x["stat"], x["amount"], x.get("side") or "adversaries", x.get("type") or None)
                    for x in e.get("effects", ()))
    places = e.get("places") or {}
    return EventCard(number, e["name"], e.get("text", ""), effects, places.get("count", 0), places.get("type"),
                     e.get("mission_event", ""), e.get("event_adversary", ""), rounds=rounds)


def engine_card(kind: str, card: dict):
    """A card of the library (a card form's kind, the file's shape as stored) as the mission plays it: a card
    typed at the table joins its deck as this (decks.type_card)."""
    schema = {"species-card": CardSchema, "class-card": ClassCardSchema, "boss-card": BossCardSchema,
              "event-card": EventCardSchema}.get(kind)
    if schema is None:
        raise ValueError(f"{kind!r} is not a kind of deck card")
    c = schema().load(card)  # its ranges as the engine's RangeSpec, as set-up reads the library
    if kind == "species-card":
        return _card(c["name"], c)
    if kind == "class-card":
        return _class_card(c)
    if kind == "boss-card":
        return _boss_card(c)
    return _event("0", c, c["rounds"])


TYPED_EVENTS = "Typed at the table"  # the library's event deck that events typed as they came up join


def library_deck(library: dict, key: str) -> tuple[str, str]:
    """A mission's deck key ("class:Sentry", "events") as the card form's kind and the library deck a card typed
    for it joins: the class deck Sentry, the boss deck of the board the boss is played from, ...."""
    if key == "events":
        return "event-card", TYPED_EVENTS
    kind, _, name = key.partition(":")
    if kind == "boss":
        found = _board(library.get("bosses", {}), name)
        return "boss-card", found[0] if found else name
    if kind in ("species", "class") and name:
        return f"{kind}-card", name
    raise MissionError("deck", f"{key!r} is not a deck of this mission")


def _description(adversaries: dict, type_: str) -> dict | None:
    for name, a in adversaries.items():
        if type_ in (name, name.removesuffix(SAMPLE), f"{a['species']} {a['class']}"):
            return a
    return None


def _board(bosses: dict, type_: str) -> tuple[str, dict] | None:
    for name, b in bosses.items():
        if type_ in (name, name.removesuffix(SAMPLE)):
            return name, b
    return None


def _boss_kind(type_: str, name: str, board: dict, deck: dict | None,
               physical=()) -> tuple[BossKind, list[BossCard]]:
    """A boss board as the mission plays it: its attributes, and its inherent action and #1-#3 as cards."""
    actions = [("inherent action", None, board["inherent"])] + [
        (f"Action #{a['number']} ({a['name']})", a["number"], a) for a in board["actions"]]
    for label, _, a in actions:
        if not a.get("actions"):
            raise MissionError("map", f"the {name} boss board's {label} has only its printed text "
                                      f"({a['text'] or 'none'!r}), not the actions the AI plays: on the Cards "
                                      f"page, enter them under Boss board, {label.split(' (')[0]}")
    cards = tuple((n, _card(a["name"] if n is None else f"#{n} {a['name']}", {**a, "round": False}))
                  for _, n, a in actions)
    boss_cards = [_boss_card(c) for c in (deck or {}).get("cards", [])]
    if not boss_cards and f"boss:{type_}" not in physical:
        raise MissionError("map", f"the {name} has no Boss Adversary Action cards (p.10 step 6): add them on the "
                                  f"Cards page under Boss action card, Boss {name}")
    return BossKind(type=type_, boss=Boss.from_content({"name": name, **board}), cards=cards), boss_cards


def placed_types(hexmap: HexMap, characters: int | None = None) -> list[str]:
    """The adversary types the map's placement icons name, for a party of `characters` (None: any size, p.9)."""
    return sorted({p.type for _, p in hexmap.placements
                   if characters is None or p.min_characters <= characters <= p.max_characters})


def set_up_content(library: dict, hexmap: HexMap, difficulty: int, physical=(), characters: int | None = None
                   ) -> dict:
    """The keyword arguments of `mission.set_up` that come from the card library (kinds, decks, events).
    `physical`: the decks the table draws itself, which may have no card yet (typed as they come up);
    `characters`: the party's size, so a type placed only for a larger party needs no card (p.9)."""
    lib = LibrarySchema().load(library)
    kinds, species, classes, bosses = [], {}, {}, {}
    needed = placed_types(hexmap, characters)
    for type_ in placed_types(hexmap):
        a = _description(lib["adversaries"], type_)
        if a is None:
            found = _board(lib["bosses"], type_)
            if found is not None:
                name, board = found
                kind, bosses[type_] = _boss_kind(type_, name, board, lib["boss_decks"].get(name), physical)
                kinds.append(kind)
                continue
            if type_ not in needed:  # placed only for a larger party: its card is asked for when it is needed
                continue
            raise MissionError("map", f"the map places {type_!r}, but the card library has no adversary "
                                      "description card or boss board of that name: add it on the Cards page")
        stats = a["difficulties"][str(difficulty)]
        critical = critical_from_dict(a.get("critical"), type_) or critical_from_dict(
            {"text": a.get("critical_ability")}, type_)
        kinds.append(AdversaryKind(type_, a["species"], a["class"], difficulty, stats["hp"], stats["attack"],
                                   stats["guard"], stats["range"], critical=critical))
        species[a["species"]] = [_card(c["name"], c) for c in lib["species_decks"].get(a["species"], {})
                                 .get("cards", [])]
        classes[a["class"]] = [_class_card(c) for c in lib["class_decks"].get(a["class"], {}).get("cards", [])]
    events = {"1-5": [], "6+": []}
    for deck in lib["event_decks"].values():
        for e in deck["cards"]:
            events[e["rounds"]].append(_event(str(len(events["1-5"]) + len(events["6+"]) + 1), e))
    return {"kinds": kinds, "species_decks": species, "class_decks": classes, "boss_decks": bosses,
            "events_1_5": events["1-5"], "events_6_plus": events["6+"], "whole_decks": _whole_decks(lib, kinds)}


def _whole_decks(lib: dict, kinds: list) -> list[str]:
    """The decks whose cards were typed in whole, not as they came up at a table (`table_drawn`): a physical
    one with one card left can only turn up that card (decks.last_card)."""
    def whole(deck):
        return bool(deck and deck.get("cards")) and not deck.get("table_drawn")
    keys = [f"{kind}:{name}" for kind, part in (("species", "species_decks"), ("class", "class_decks"))
            for name, deck in lib[part].items() if whole(deck)]
    return keys + [f"boss:{k.type}" for k in kinds if isinstance(k, BossKind)
                   and whole(lib["boss_decks"].get((_board(lib["bosses"], k.type) or ("",))[0]))]

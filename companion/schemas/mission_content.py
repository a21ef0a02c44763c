"""The card library read as a mission's set-up: the adversary kinds a map's placement icons name, their
species and class decks as engine cards, the event decks split by round (p.10-11, 46-47).

A placement icon names an adversary type; it matches a description card by its name, its name without
" (sample)", or its species and class ("Grallok Sentry"). Boss boards are not yet played at the table:
their actions are printed text the AI cannot read.
"""
from __future__ import annotations

from ..phantom.hexmap import HexMap
from ..phantom.mission import AdversaryKind, EventCard, MissionError
from ..phantom.scenario import Action, Card, ClassCard
from .card_file import LibrarySchema

SAMPLE = " (sample)"


def _card(name: str, row: dict) -> Card:
    actions = tuple(Action(**{**a, "conditions": tuple(a["conditions"])}) for a in row["actions"])
    return Card(name, row["ap"], actions, row["round"])


def _class_card(c: dict) -> ClassCard:
    rows = sorted(c["rows"].items(), key=lambda kv: kv[1]["ap"])
    return ClassCard(c["name"], tuple((color, _card(c["name"], row)) for color, row in rows))


def _description(adversaries: dict, type_: str) -> dict | None:
    for name, a in adversaries.items():
        if type_ in (name, name.removesuffix(SAMPLE), f"{a['species']} {a['class']}"):
            return a
    return None


def set_up_content(library: dict, hexmap: HexMap, difficulty: int) -> dict:
    """The keyword arguments of `mission.set_up` that come from the card library (kinds, decks, events)."""
    lib = LibrarySchema().load(library)
    kinds, species, classes = [], {}, {}
    for type_ in sorted({p.type for _, p in hexmap.placements}):
        a = _description(lib["adversaries"], type_)
        if a is None:
            if type_ in lib["bosses"]:
                raise MissionError("map", f"{type_!r} is a boss: boss boards are not played at the table yet")
            raise MissionError("map", f"the map places {type_!r}, but the card library has no adversary "
                                      "description card of that name: add it on the Cards page")
        stats = a["difficulties"][str(difficulty)]
        kinds.append(AdversaryKind(type_, a["species"], a["class"], difficulty, stats["hp"], stats["attack"],
                                   stats["guard"], stats["range"]))
        species[a["species"]] = [_card(c["name"], c) for c in lib["species_decks"].get(a["species"], {})
                                 .get("cards", [])]
        classes[a["class"]] = [_class_card(c) for c in lib["class_decks"].get(a["class"], {}).get("cards", [])]
    events = {"1-5": [], "6+": []}
    for deck in lib["event_decks"].values():
        for i, e in enumerate(deck["cards"]):
            events[e["rounds"]].append(EventCard(str(len(events["1-5"]) + len(events["6+"]) + 1), e["name"],
                                                 e["text"]))
    return {"kinds": kinds, "species_decks": species, "class_decks": classes,
            "events_1_5": events["1-5"], "events_6_plus": events["6+"]}

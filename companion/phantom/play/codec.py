"""A mission as plain JSON shapes (lists, dicts, strings and numbers), so it survives a restart:
`mission_to_dict` and `mission_from_dict`, which reads it back equal."""
from __future__ import annotations

import copy
from dataclasses import replace

from ..board import Board, Figure
from ..boss import Boss
from ..criticals import critical_from_dict
from ..decision import DecisionDie
from ..hazards import HazardRule
from ..hexmap import HexMap, Layout, Placement
from ..scenario import Action, Card, ClassCard, RangeSpec
from .state import (
    ActionChoice, AdversaryKind, AdversaryState, BossCard, BossKind, CharacterState, Choice, Deck, Drawn, EventCard,
    EventEffect, Mission, MissionError, MissionResult, Round, map_order,
)

FORMAT = "phantom-epoch-mission/1"


def mission_to_dict(mission: Mission) -> dict:
    """The whole mission as lists, dicts, strings and numbers; `mission_from_dict` reads it back equal."""
    m = mission.map
    lab = m.label
    rnd = mission.round
    return {
        "format": FORMAT,
        "mission_id": mission.mission_id,
        "difficulty": mission.difficulty,
        "seed": mission.seed,
        "shuffles": mission.shuffles,
        "map": _map_to_dict(m),
        "figures": [{"id": f.id, "side": f.side, "at": lab(f.at), "color": f.color, "type": f.type, "hp": f.hp,
                     "max_hp": f.max_hp, "attack": f.attack, "guard": f.guard, "range": f.range,
                     "conditions": list(f.conditions)} for f in mission.board.figures],
        "characters": [{"id": c.id, "name": c.name, "species": c.species, "color": c.color, "max_ap": c.max_ap,
                        "max_hp": c.max_hp, "attack": c.attack, "guard": c.guard, "range": c.range,
                        "bandage_slots": c.bandage_slots, "bandages": c.bandages,
                        "discard": [[a.name, a.ap] for a in c.discard],
                        "lasting": [[a.name, a.ap, how] for a, how in c.lasting], "last_rest": c.last_rest,
                        "nova_cells": c.nova_cells, "defeated": c.defeated,
                        **({"criticals": [a.to_dict() for a in c.criticals]} if c.criticals else {})}
                       for c in mission.characters],
        "kinds": [_kind_to_dict(k) for k in mission.kinds],
        "adversaries": [{"id": a.id, "type": a.type, "source": a.source, "defeated": a.defeated}
                        for a in mission.adversaries],
        "decks": {key: {"cards": [_any_card_to_dict(c) for c in d.cards],
                        "discard": [_any_card_to_dict(c) for c in d.discard]} for key, d in mission.decks},
        "events": {"cards": [_event_to_dict(e) for e in mission.events.cards],
                   "discard": [_event_to_dict(e) for e in mission.events.discard]},
        "persistent": [[t, _boss_card_to_dict(c)] for t, c in mission.persistent],
        "round": None if rnd is None else {
            "number": rnd.number, "die": {"color": rnd.die.color, "primary": rnd.die.primary,
                                          "secondary": rnd.die.secondary},
            "event": None if rnd.event is None else _event_to_dict(rnd.event), "phase": rnd.phase,
            "choices": [[cid, {"rest": c.rest, "cards": [[a.name, a.ap] for a in c.cards], "modifier": c.modifier,
                              **({"guard": c.guard} if c.guard else {})}]
                        for cid, c in rnd.choices],
            "drawn": [[t, {"species": None if d.species is None else _any_card_to_dict(d.species),
                           "class": None if d.class_card is None else _any_card_to_dict(d.class_card),
                           "boss": None if d.boss is None else _boss_card_to_dict(d.boss)}] for t, d in rnd.drawn],
            "character_order": list(rnd.character_order), "acting": list(rnd.acting), "done": list(rnd.done),
            "current": rnd.current, "at_start": list(rnd.at_start), "passed": list(rnd.passed),
            # sparse: a mission stored before these reads and writes as it was
            **({"attacks_over": True} if rnd.attacks_over else {}),
            **({"critical": rnd.critical} if rnd.critical else {}),
            **({"event_done": list(rnd.event_done)} if rnd.event_done else {}),
            **({"event_placed": rnd.event_placed} if rnd.event_placed else {})},
        "rounds": mission.rounds,
        "objective_met": mission.objective_met,
        "primary_target": mission.primary_target,
        "nova_cells": [[lab(h), n] for h, n in mission.nova_cells],
        "orbs_activated": [lab(h) for h in mission.orbs_activated],
        "orbs_taken": list(mission.orbs_taken),
        "treasures_taken": list(mission.treasures_taken),
        "result": None if mission.result is None else {"success": mission.result.success,
                                                        "round": mission.result.round,
                                                        "reasons": list(mission.result.reasons)},
        "hazard_rules": [{"name": r.name, "damage": r.damage, "condition": r.condition, "page": r.page}
                         for r in mission.hazard_rules],
    }


def mission_from_dict(d: dict) -> Mission:
    """Read `mission_to_dict`'s shape back; anything else raises MissionError."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise MissionError("format", f"not a saved mission (format must be {FORMAT!r})")
    try:
        return _mission_from_dict(d)
    except MissionError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MissionError("mission", f"a saved mission that cannot be read: {exc!r}") from None


def _mission_from_dict(d: dict) -> Mission:
    m = _map_from_dict(d["map"])
    P = m.layout.parse
    figures = tuple(Figure(f["id"], f["side"], P(f["at"]), f["color"], f["type"], f["hp"], f["max_hp"], f["attack"],
                           f["guard"], f["range"], tuple(f["conditions"])) for f in d["figures"])
    characters = tuple(CharacterState(
        c["id"], c["name"], c["species"], c["color"], c["max_ap"], c["max_hp"], c["attack"], c["guard"], c["range"],
        c["bandage_slots"], c["bandages"], tuple(ActionChoice(n, ap) for n, ap in c["discard"]),
        tuple((ActionChoice(n, ap), how) for n, ap, how in c["lasting"]), c["last_rest"], c["nova_cells"],
        c["defeated"], tuple(critical_from_dict(a) for a in c.get("criticals", ()))) for c in d["characters"])
    decks = tuple((key, Deck(tuple(_any_card_from_dict(key, c) for c in v["cards"]),
                             tuple(_any_card_from_dict(key, c) for c in v["discard"])))
                  for key, v in d["decks"].items())
    r = d["round"]
    rnd = None
    if r is not None:
        rnd = Round(
            r["number"], DecisionDie(**r["die"]), None if r["event"] is None else _event_from_dict(r["event"]),
            r["phase"],
            tuple((cid, Choice(c["rest"], tuple(ActionChoice(n, ap) for n, ap in c["cards"]), c["modifier"],
                                       c.get("guard", 0)))
                  for cid, c in r["choices"]),
            tuple((t, Drawn(None if x["species"] is None else _card_from_dict(x["species"]),
                            None if x["class"] is None else _card_from_dict(x["class"]),
                            None if x["boss"] is None else _boss_card_from_dict(x["boss"]))) for t, x in r["drawn"]),
            tuple(r["character_order"]), tuple(r["acting"]), tuple(r["done"]), r["current"], tuple(r["at_start"]),
            tuple(r.get("passed", ())), r.get("attacks_over", False), r.get("critical"),
            tuple(r.get("event_done", ())), r.get("event_placed", 0))
    res = d["result"]
    return Mission(
        d["mission_id"], d["difficulty"], Board(m, figures), characters, tuple(_kind_from_dict(k) for k in d["kinds"]),
        tuple(AdversaryState(a["id"], a["type"], a["source"], a["defeated"]) for a in d["adversaries"]), decks,
        Deck(tuple(_event_from_dict(e) for e in d["events"]["cards"]),
             tuple(_event_from_dict(e) for e in d["events"]["discard"])),
        tuple((t, _boss_card_from_dict(c)) for t, c in d["persistent"]), rnd, d["rounds"], d["objective_met"],
        d["primary_target"], tuple((P(h), n) for h, n in d["nova_cells"]), tuple(P(h) for h in d["orbs_activated"]),
        tuple(d["orbs_taken"]), tuple(d["treasures_taken"]),
        None if res is None else MissionResult(res["success"], res["round"], tuple(res["reasons"])),
        d["seed"], d["shuffles"], tuple(HazardRule(**r) for r in d.get("hazard_rules", ())))


def _map_to_dict(m: HexMap) -> dict:
    lab = m.label

    def labelled(pairs):
        return {lab(h): v for h, v in pairs}

    return {
        "layout": {"orientation": m.layout.orientation, "shifted": m.layout.shifted},
        "spaces": sorted((lab(h) for h in m.spaces), key=lambda s: map_order(m, m.layout.parse(s))),
        "walls": sorted([lab(a), lab(b)] for a, b in m.walls),
        "doors": labelled(m.doors), "terrain": labelled(m.terrain), "hazards": labelled(m.hazards),
        "objects": labelled(m.objects), "orbs": labelled(m.orbs), "treasures": labelled(m.treasures),
        "entry_points": sorted(lab(h) for h in m.entry_points),
        "placements": {lab(h): {"type": p.type, "min_characters": p.min_characters,
                                "max_characters": p.max_characters} for h, p in m.placements},
        "hazard_tokens": sorted(lab(h) for h in m.hazard_tokens),
    }


_MAPS_READ: list = []  # (map dict, HexMap): a mission reloaded after an undo keeps its map (immutable)
_MAPS_KEPT = 4


def _map_from_dict(d: dict) -> HexMap:
    for seen, hexmap in _MAPS_READ:
        if seen == d:
            return hexmap
    hexmap = _read_map(d)
    _MAPS_READ.insert(0, (copy.deepcopy(d), hexmap))  # a copy: the caller may change its dict afterwards
    del _MAPS_READ[_MAPS_KEPT:]
    return hexmap


def _read_map(d: dict) -> HexMap:
    layout = Layout(**d["layout"])
    P = layout.parse

    def keyed(items):
        return {P(k): v for k, v in items.items()}

    hexmap = HexMap.build(layout, [P(s) for s in d["spaces"]], [(P(a), P(b)) for a, b in d["walls"]],
                          doors=keyed(d["doors"]), terrain=keyed(d["terrain"]), hazards=keyed(d["hazards"]),
                          objects=keyed(d["objects"]), orbs=keyed(d["orbs"]), treasures=keyed(d["treasures"]),
                          entry_points=[P(s) for s in d["entry_points"]],
                          placements={P(k): Placement(**v) for k, v in d["placements"].items()})
    tokens = frozenset(P(s) for s in d.get("hazard_tokens", ()))  # missions saved before tokens had none
    if not tokens <= set(hexmap.hazard_at):
        raise MissionError("map", "a Hazard token lies on a space with no hazard")
    return replace(hexmap, hazard_tokens=tokens) if tokens else hexmap


def _action_to_dict(a: Action) -> dict:
    return {"type": a.type, "value": a.value, "range": a.range.text(), "targets": a.targets, "pierce": a.pierce,
            "conditions": list(a.conditions), "name": a.name, "target": a.target,
            "damage_multiplier": a.damage_multiplier, "die": a.die, "per_character": a.per_character}


def _action_from_dict(d: dict) -> Action:
    rng = d["range"]
    spec = RangeSpec() if rng is None else RangeSpec(explicit=rng) if isinstance(rng, int) else RangeSpec(int(rng))
    return Action(d["type"], d["value"], spec, d["targets"], d["pierce"], tuple(d["conditions"]), d["name"],
                  d["target"], d["damage_multiplier"], d["die"], d.get("per_character", False))


def card_to_dict(c: Card | ClassCard) -> dict:
    """A species or class Action card (a class card keeps its rows in the printed order)."""
    if isinstance(c, ClassCard):
        return {"name": c.name, "rows": [{"color": color, **card_to_dict(row)} for color, row in c.rows]}
    return {"name": c.name, "ap": c.ap, "round": c.round, "actions": [_action_to_dict(a) for a in c.actions]}


def _card_from_dict(d: dict) -> Card | ClassCard:
    if "rows" in d:
        return ClassCard(d["name"], tuple((r["color"], _card_from_dict({k: v for k, v in r.items() if k != "color"}))
                                          for r in d["rows"]))
    return Card(d["name"], d["ap"], tuple(_action_from_dict(a) for a in d["actions"]), d["round"])


def _boss_card_to_dict(c: BossCard) -> dict:
    return {"name": c.name, "actions": list(c.actions), "persistent": c.persistent, "text": c.text}


def _boss_card_from_dict(d: dict) -> BossCard:
    return BossCard(d["name"], tuple(d["actions"]), d["persistent"], d["text"])


def _any_card_to_dict(c) -> dict:
    return _boss_card_to_dict(c) if isinstance(c, BossCard) else card_to_dict(c)


def _any_card_from_dict(key: str, d: dict):
    return _boss_card_from_dict(d) if key.startswith("boss:") else _card_from_dict(d)


def _event_to_dict(e: EventCard) -> dict:
    out = {"number": e.number, "name": e.name, "text": e.text}
    if e.effects:  # sparse: a mission stored before events had effects reads and writes as it was
        out["effects"] = [{"stat": x.stat, "amount": x.amount, "side": x.side, "type": x.type} for x in e.effects]
    if e.places:
        out["places"] = {"count": e.places, "type": e.places_type}
    for key in ("mission_event", "event_adversary"):
        if getattr(e, key):
            out[key] = getattr(e, key)
    return out


def _event_from_dict(d: dict) -> EventCard:
    places = d.get("places") or {}
    return EventCard(d["number"], d["name"], d["text"], tuple(EventEffect(**x) for x in d.get("effects", ())),
                     places.get("count", 0), places.get("type"), d.get("mission_event", ""),
                     d.get("event_adversary", ""))


def _kind_to_dict(k) -> dict:
    if isinstance(k, BossKind):
        b = k.boss
        return {"boss": {"name": b.name, "character_counts": list(b.character_counts), "hp": list(b.hp),
                         "attack": list(b.attack), "guard": list(b.guard), "range": list(b.range),
                         "inherent": {"name": b.inherent.name, "ap": b.inherent.ap, "text": b.inherent.text},
                         "actions": [{"number": a.number, "name": a.name, "ap": a.ap, "text": a.text}
                                     for a in b.actions], "critical_ability": b.critical_ability},
                "type": k.type, "cards": [[n, card_to_dict(c)] for n, c in k.cards], "color": k.color}
    out = {"type": k.type, "species": k.species, "class_name": k.class_name, "difficulty": k.difficulty,
           "hp": k.hp, "attack": k.attack, "guard": k.guard, "range": k.range, "standees": k.standees}
    if k.critical is not None:
        out["critical"] = k.critical.to_dict()
    return out


def _kind_from_dict(d: dict):
    if "boss" in d:
        return BossKind(d["type"], Boss.from_content(d["boss"]), tuple((n, _card_from_dict(c)) for n, c in d["cards"]),
                        d["color"])
    return AdversaryKind(**{**d, "critical": critical_from_dict(d.get("critical"))})

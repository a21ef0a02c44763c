"""The scenario file of DESIGN.md ("phantom-epoch-scenario/1"): read, check, write.

`load_scenario` turns the JSON text (or an already parsed dict) into an engine
`Scenario` or raises `ScenarioFileError` with one line naming the bad field
and quoting the bad value, e.g. `figures[1].at: 'Z-99' is not a space of this
map`. `dump_scenario` writes the same format back (the map editor's export),
so a file read and written again says the same thing.
"""
from __future__ import annotations

import json
import re

from marshmallow import ValidationError, fields, post_dump, validate, validates_schema

from ...phantom.board import SIDES, Board, Figure
from ...phantom.conditions import CONDITIONS, ConditionError, condition_name
from ...phantom.decision import COLORS, DIRECTIONS, DecisionDie, DecisionDieError
from ...phantom.hexmap import (
    DOOR_STATES, HAZARDS, OBJECTS, ORIENTATIONS, SHIFTS, TERRAIN, HexMap, Layout, MapError, Placement, neighbours,
)
from ...phantom.scenario import (
    ACTION_TYPES, ATTACK_DICE, CONDITION_TARGETS, FORMAT, Action, Card, ClassCard, RangeSpec, Scenario, ScenarioError,
    Turn,
)
from .base import FileSchema, first_problem, one_of, problem_line, whole

MAX_BYTES = 2 * 1024 * 1024
RANGE_TEXT = re.compile(r"^[+-][0-9]{1,2}$")
ATTACK_FACES = ("critical", "fumble")
ACCURACY_FACES = ("miss", "block", "success")


class ScenarioFileError(ValueError):
    """One line: the field, what is wrong, and the value that was given."""


def _label_map(choices):
    return fields.Dict(keys=fields.String(), values=one_of(choices), load_default=dict)


class ConditionField(fields.String):
    """A condition of p.37 by the one list (data/phantom-epoch/conditions.json), read as the table types it
    ("knocked-down" -> "Knocked Down"); any other name is refused with the names that are known."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return condition_name(super()._deserialize(value, attr, data, **kwargs))
        except ConditionError:
            raise ValidationError(f"is not a condition of p.37 (known: {', '.join(CONDITIONS)})") from None


class LayoutSchema(FileSchema):
    orientation = one_of(ORIENTATIONS, load_default="pointy")
    shifted = one_of(SHIFTS, load_default="even")


class PlacementSchema(FileSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=60))
    min_characters = whole(1, 4, load_default=1)
    max_characters = whole(1, 4, load_default=4)


class FigureSchema(FileSchema):
    id = fields.String(required=True, validate=validate.Length(min=1, max=60))
    side = one_of(SIDES, required=True)
    at = fields.String(required=True)
    color = one_of(COLORS, load_default=None, allow_none=True)
    type = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=60))
    hp = whole(0, 999, load_default=0)
    max_hp = whole(0, 999, load_default=0)
    attack = whole(-9, 99, load_default=0)
    guard = whole(-9, 99, load_default=0)
    range = whole(1, 99, load_default=1)
    conditions = fields.List(ConditionField(), load_default=list)

    @validates_schema
    def hp_within_max(self, data, **kwargs):
        if data.get("max_hp") and data.get("hp", 0) > data["max_hp"]:
            raise ValidationError(f"must be at most max_hp ({data['max_hp']})", "hp")


class RangeField(fields.Field):
    """"+N" / "-N" (a modifier to the base range) or a whole number (an explicit range), p.18."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
            return RangeSpec(explicit=value)
        if isinstance(value, str) and RANGE_TEXT.match(value):
            return RangeSpec(modifier=int(value))
        raise ValidationError('must be a modifier like "+1" or "-1", or a whole number of spaces')

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else value.text()


class ActionSchema(FileSchema):
    type = one_of(ACTION_TYPES, required=True)
    value = whole(-9, 99, load_default=0)
    range = RangeField(load_default=RangeSpec())
    targets = whole(1, 9, load_default=1)
    pierce = whole(0, 99, load_default=0)
    conditions = fields.List(ConditionField(), load_default=list)
    name = ConditionField(load_default=None)
    target = one_of(CONDITION_TARGETS, load_default="self")
    damage_multiplier = whole(1, 9, load_default=1)
    die = one_of(ATTACK_DICE, load_default="basic")
    per_character = fields.Boolean(load_default=False)  # value per character embarked (p.48)

    @validates_schema
    def condition_needs_a_name(self, data, **kwargs):
        if data.get("type") == "condition" and not data.get("name"):
            raise ValidationError("a condition action needs the condition's name", "name")

    @post_dump
    def per_character_only_when_set(self, data, **kwargs):
        # files written before it existed stay byte-for-byte the same
        if not data.get("per_character"):
            data.pop("per_character", None)
        return data


class RowSchema(FileSchema):
    """One color's row of a Class Action card (p.47)."""
    ap = whole(0, 99, required=True)
    round = fields.Boolean(load_default=False)
    actions = fields.List(fields.Nested(ActionSchema), load_default=list)


class CardSchema(FileSchema):
    """A card to perform: `ap` and `actions`, or a Class Action card's `rows`, one per color (p.47)."""
    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    ap = whole(0, 99, load_default=None)
    round = fields.Boolean(load_default=False)
    actions = fields.List(fields.Nested(ActionSchema), load_default=list)
    rows = fields.Dict(keys=one_of(COLORS), values=fields.Nested(RowSchema), load_default=None,
                       validate=validate.Length(min=1))

    @validates_schema
    def ap_or_rows(self, data, **kwargs):
        if data.get("rows") is None and data.get("ap") is None:
            raise ValidationError("required (or rows, one per color, for a Class Action card)", "ap")
        if data.get("rows") is not None and (data.get("ap") is not None or data.get("actions")):
            raise ValidationError("a card with rows has its AP and actions in each row", "rows")


class TurnSchema(FileSchema):
    adversary = fields.String(required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True, validate=validate.Length(min=1, max=6))
    primary_target = fields.String(load_default=None)
    boss = fields.Boolean(load_default=False)
    characters_embarked = whole(1, 4, load_default=None, allow_none=True)


class AttackFace(fields.Field):
    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
            return value
        if value in ATTACK_FACES:
            return value
        raise ValidationError("must be a number, critical or fumble")


class RollsSchema(FileSchema):
    attack = fields.List(AttackFace(), load_default=list)
    accuracy = fields.List(one_of(ACCURACY_FACES), load_default=list)


class DieSchema(FileSchema):
    color = one_of(COLORS, required=True)
    primary = one_of(DIRECTIONS, required=True)
    secondary = one_of(DIRECTIONS, required=True)


class ScenarioSchema(FileSchema):
    format = fields.String(required=True, validate=validate.Equal(FORMAT, error=f"must be {FORMAT!r}"))
    layout = fields.Nested(LayoutSchema, load_default=lambda: {"orientation": "pointy", "shifted": "even"})
    spaces = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    walls = fields.List(fields.List(fields.String(), validate=validate.Length(equal=2, error="must be two spaces")),
                        load_default=list)
    doors = _label_map(DOOR_STATES)
    terrain = _label_map(TERRAIN)
    hazards = _label_map(HAZARDS)
    objects = _label_map(OBJECTS)
    orbs = fields.List(fields.String(), load_default=list)
    treasures = fields.List(fields.String(), load_default=list)
    orb_numbers = fields.Dict(keys=fields.String(), values=whole(1, 999), load_default=dict)
    treasure_numbers = fields.Dict(keys=fields.String(), values=whole(1, 999), load_default=dict)
    entry_points = fields.List(fields.String(), load_default=list)
    placements = fields.Dict(keys=fields.String(), values=fields.Nested(PlacementSchema), load_default=dict)
    figures = fields.List(fields.Nested(FigureSchema), load_default=list)
    decision_die = fields.Nested(DieSchema, load_default=None, allow_none=True)
    turn = fields.Nested(TurnSchema, load_default=None, allow_none=True)
    rolls = fields.Nested(RollsSchema, load_default=None, allow_none=True)


# -- reading --------------------------------------------------------------------------------------

def load_scenario(source) -> Scenario:
    """JSON text, bytes or a parsed dict -> Scenario; ScenarioFileError names the first bad field."""
    data = parse_json(source)
    try:
        doc = ScenarioSchema().load(data)
    except ValidationError as exc:
        where, message = first_problem(exc.messages)
        raise ScenarioFileError(problem_line(where, message, data)) from None
    return _build(doc, data)


def parse_json(source) -> dict:
    """JSON text or bytes (or a dict) -> dict; ScenarioFileError for what is not a JSON object."""
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes):
        if len(source) > MAX_BYTES:
            raise ScenarioFileError(f"file: larger than {MAX_BYTES // 1024 // 1024} MB")
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioFileError("file: not UTF-8 text") from None
    try:
        data = json.loads(source)
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(f"file: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise ScenarioFileError("file: nested too deeply") from None
    if not isinstance(data, dict):
        raise ScenarioFileError("file: must be a JSON object with a \"format\" field")
    return data


def _build(doc: dict, raw: dict) -> Scenario:
    layout = Layout(**doc["layout"])

    def space(label, where):
        try:
            return layout.parse(label)
        except MapError:
            raise ScenarioFileError(f"{where}: {label!r} is not a space label like L-4") from None

    spaces = []
    for i, text in enumerate(doc["spaces"]):
        try:
            spaces.extend(layout.parse_rect(text))
        except MapError:
            raise ScenarioFileError(f"spaces[{i}]: {text!r} is not a space like M-3 or a rectangle like A-1:L-8")
    on_map = set(spaces)

    def on(label, where):
        h = space(label, where)
        if h not in on_map:
            raise ScenarioFileError(f"{where}: {label!r} is not a space of this map")
        return h

    walls = []
    for i, (a, b) in enumerate(doc["walls"]):
        ha, hb = on(a, f"walls[{i}][0]"), on(b, f"walls[{i}][1]")
        if hb not in neighbours(ha):
            raise ScenarioFileError(f"walls[{i}]: {a!r} and {b!r} are not adjacent; a wall lies between two "
                                    "adjacent spaces")
        walls.append((ha, hb))
    tokens = {name: {on(k, f"{name}.{k}"): v for k, v in doc[name].items()}
              for name in ("doors", "terrain", "hazards", "objects")}
    orbs = {on(k, f"orbs[{i}]"): None for i, k in enumerate(doc["orbs"])}
    treasures = {on(k, f"treasures[{i}]"): None for i, k in enumerate(doc["treasures"])}
    for name, tokens_ in (("orb", orbs), ("treasure", treasures)):
        for k, number in doc[f"{name}_numbers"].items():
            h = on(k, f"{name}_numbers.{k}")
            if h not in tokens_:
                raise ScenarioFileError(f"{name}_numbers.{k}: no {name} at {k!r} (list it in {name}s first)")
            tokens_[h] = number  # a numbered orb or treasure is a campaign one (p.33, "Orbs")
    entry = [on(k, f"entry_points[{i}]") for i, k in enumerate(doc["entry_points"])]
    placements = {on(k, f"placements.{k}"): Placement(**v) for k, v in doc["placements"].items()}
    try:
        m = HexMap.build(layout, spaces, walls, orbs=orbs, treasures=treasures, entry_points=entry,
                         placements=placements, **tokens)
    except MapError as exc:
        raise ScenarioFileError(f"map: {exc}") from None

    figures, seen, where_at = [], set(), {}
    for i, f in enumerate(doc["figures"]):
        if f["id"] in seen:
            raise ScenarioFileError(f"figures[{i}].id: {f['id']!r} is used by another figure")
        seen.add(f["id"])
        h = on(f["at"], f"figures[{i}].at")
        if h in where_at:
            raise ScenarioFileError(f"figures[{i}].at: {f['at']!r} already holds {where_at[h]!r}")
        where_at[h] = f["id"]
        figures.append(Figure(f["id"], f["side"], h, f["color"], f["type"], f["hp"], f["max_hp"], f["attack"],
                              f["guard"], f["range"], tuple(f["conditions"])))
    board = Board(m, tuple(figures))
    die = DecisionDie(**doc["decision_die"]) if doc["decision_die"] else None
    turn = None
    if doc["turn"]:
        t = doc["turn"]
        turn = Turn(t["adversary"], tuple(_card_of(c) for c in t["cards"]), t["primary_target"], t["boss"],
                    t["characters_embarked"])
    try:
        return Scenario(board, die, turn, doc["rolls"])
    except (ScenarioError, DecisionDieError) as exc:
        raise ScenarioFileError(str(exc)) from None


def _card_of(c: dict) -> Card | ClassCard:
    def card(name, row):
        actions = tuple(Action(**{**a, "conditions": tuple(a["conditions"])}) for a in row["actions"])
        return Card(name, row["ap"], actions, round=row["round"])

    if c["rows"] is None:
        return card(c["name"], c)
    order = sorted(c["rows"].items(), key=lambda kv: (kv[1]["ap"], COLORS.index(kv[0])))
    return ClassCard(c["name"], tuple((color, card(c["name"], row)) for color, row in order))


# -- writing --------------------------------------------------------------------------------------

def dump_scenario(s: Scenario) -> dict:
    """The scenario file of a Scenario (spaces listed one by one, in label order)."""
    m = s.board.map
    lab = m.label

    def by_label(pairs):
        return {lab(h): v for h, v in sorted(pairs, key=lambda p: _order(m, p[0]))}

    out = {
        "format": FORMAT,
        "layout": {"orientation": m.layout.orientation, "shifted": m.layout.shifted},
        "spaces": [lab(h) for h in sorted(m.spaces, key=lambda h: _order(m, h))],
        "walls": [[lab(a), lab(b)] for a, b in sorted(m.walls)],
        "doors": by_label(m.doors), "terrain": by_label(m.terrain), "hazards": by_label(m.hazards),
        "objects": by_label(m.objects),
        "orbs": [lab(h) for h, _ in m.orbs], "treasures": [lab(h) for h, _ in m.treasures],
        **{f"{name}_numbers": {lab(h): n for h, n in pairs if n is not None}
           for name, pairs in (("orb", m.orbs), ("treasure", m.treasures)) if any(n is not None for _, n in pairs)},
        "entry_points": [lab(h) for h in sorted(m.entry_points)],
        "placements": {lab(h): {"type": p.type, "min_characters": p.min_characters,
                                "max_characters": p.max_characters} for h, p in m.placements},
        "figures": [_figure(f, lab) for f in s.board.figures],
    }
    if s.decision_die:
        d = s.decision_die
        out["decision_die"] = {"color": d.color, "primary": d.primary, "secondary": d.secondary}
    if s.turn:
        out["turn"] = {"adversary": s.turn.adversary, "cards": [_card(c) for c in s.turn.cards]}
        if s.turn.primary_target:
            out["turn"]["primary_target"] = s.turn.primary_target
        if s.turn.boss:
            out["turn"]["boss"] = True
        if s.turn.characters_embarked is not None:
            out["turn"]["characters_embarked"] = s.turn.characters_embarked
    if s.rolls:
        out["rolls"] = {k: list(v) for k, v in s.rolls.items()}
    return out


def _order(m: HexMap, h):
    col, row = m.layout.to_offset(h)
    return (row, col)


def _figure(f: Figure, lab) -> dict:
    out = {"id": f.id, "side": f.side, "at": lab(f.at), "color": f.color, "type": f.type, "hp": f.hp,
           "max_hp": f.max_hp, "attack": f.attack, "guard": f.guard, "range": f.range,
           "conditions": list(f.conditions)}
    return {k: v for k, v in out.items() if v is not None}


def _card(c: Card | ClassCard) -> dict:
    if isinstance(c, ClassCard):
        return {"name": c.name, "rows": {color: {k: v for k, v in _card(row).items() if k != "name"}
                                         for color, row in c.rows}}
    actions = []
    for a in c.actions:
        item = {"type": a.type, "value": a.value}
        if a.range.text() is not None:
            item["range"] = a.range.text()
        if a.targets != 1:
            item["targets"] = a.targets
        if a.pierce:
            item["pierce"] = a.pierce
        if a.conditions:
            item["conditions"] = list(a.conditions)
        if a.type == "condition":
            item.update(name=a.name, target=a.target)
        if a.damage_multiplier != 1:
            item["damage_multiplier"] = a.damage_multiplier
        if a.die != "basic":
            item["die"] = a.die
        if a.per_character:
            item["per_character"] = True
        actions.append(item)
    return {"name": c.name, "ap": c.ap, "round": c.round, "actions": actions}

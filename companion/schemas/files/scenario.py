"""The scenario file of DESIGN.md ("phantom-epoch-scenario/1"): read, check, write.

`load_scenario` turns the JSON text (or an already parsed dict) into an engine
`Scenario` or raises `ScenarioFileError` with one line naming the bad field
and quoting the bad value, e.g. `figures[1].at: 'Z-99' is not a space of this
map`. `dump_scenario` writes the same format back (the map editor's export),
so a file read and written again says the same thing.

The format is checked here in plain Python, field by field in the order below, and not with marshmallow:
`companion resolve` and `companion sight` read one file per process, and importing marshmallow alone
costs more than the rest of their start-up. The rules are those of a strict `FileSchema` (unknown fields
refused, whole numbers strict, marshmallow's wording for the common problems), and the card library and
the campaign content reuse the action and card readers through `card_actions` (their marshmallow side),
so an action is defined once.
"""
from __future__ import annotations

import re

from ...phantom import keywords
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
from . import json_text
from .problems import problem_line

MAX_BYTES = 2 * 1024 * 1024
RANGE_TEXT = re.compile(r"^[+-][0-9]{1,2}$")
ATTACK_FACES = ("critical", "fumble")
ACCURACY_FACES = ("miss", "block", "success")
_TRUE = {"t", "T", "true", "True", "TRUE", "on", "On", "ON", "y", "Y", "yes", "Yes", "YES", "1", 1}
_FALSE = {"f", "F", "false", "False", "FALSE", "off", "Off", "OFF", "n", "N", "no", "No", "NO", "0", 0}


class ScenarioFileError(ValueError):
    """One line: the field, what is wrong, and the value that was given."""


class Problem(ValueError):
    """The first problem found: where (a path of keys and indexes) and marshmallow's wording of what."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path, self.message = path, message


# -- field readers: each returns the value as loaded, or raises Problem at its path ---------------------------

_REQUIRED = object()


def _fields(data, path: tuple, readers: dict, *, after=None) -> dict:
    """An object of named fields, each read by its reader `(value, path) -> value` or given its default
    (`(reader, default)`; _REQUIRED: it must be there); unknown fields are refused (FileSchema)."""
    if not isinstance(data, dict):
        raise Problem(path, "Invalid input type.")
    out = {}
    for name, (read, default) in readers.items():
        if name in data:
            value = data[name]
            out[name] = None if value is None and default is None else read(value, path + (name,))
        elif default is _REQUIRED:
            raise Problem(path + (name,), "Missing data for required field.")
        else:
            out[name] = default() if callable(default) else default
    for name in data:
        if name not in readers:
            raise Problem(path + (name,), "Unknown field.")
    if after is not None:
        after(out, path)
    return out


def _string(lo=None, hi=None):
    def read(value, path):
        if not isinstance(value, str):
            raise Problem(path, "Not a valid string.")
        _length(value, path, lo, hi)
        return value
    return read


def _length(value, path, lo, hi):
    n = len(value)
    if lo is not None and hi is not None and not lo <= n <= hi:
        raise Problem(path, f"Length must be between {lo} and {hi}.")
    if lo is not None and hi is None and n < lo:
        raise Problem(path, f"Shorter than minimum length {lo}.")
    if hi is not None and lo is None and n > hi:
        raise Problem(path, f"Longer than maximum length {hi}.")


def whole(lo=0, hi=99):
    def read(value, path):
        if isinstance(value, bool) or not isinstance(value, int):
            raise Problem(path, "Not a valid integer.")
        if not lo <= value <= hi:
            raise Problem(path, f"Must be greater than or equal to {lo} and less than or equal to {hi}.")
        return value
    return read


def one_of(choices):
    def read(value, path):
        if not isinstance(value, str):
            raise Problem(path, "Not a valid string.")
        if value not in choices:
            raise Problem(path, f"must be one of {', '.join(choices)}")
        return value
    return read


def _boolean(value, path):
    try:
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
    except TypeError:  # unhashable
        pass
    raise Problem(path, "Not a valid boolean.")


def _list(item, lo=None, hi=None, message=None):
    def read(value, path):
        if not isinstance(value, list):
            raise Problem(path, "Not a valid list.")
        out = [item(v, path + (i,)) for i, v in enumerate(value)]
        if message and not lo <= len(out) <= hi:
            raise Problem(path, message)
        if not message:
            _length(out, path, lo, hi)
        return out
    return read


def _mapping(values, keys=None, lo=None):
    def read(value, path):
        if not isinstance(value, dict):
            raise Problem(path, "Not a valid mapping type.")
        out = {}
        for k, v in value.items():
            if keys is not None:
                keys(k, path + (k,))
            out[k] = values(v, path + (k,))
        _length(out, path, lo, None)
        return out
    return read


def _condition(value, path):
    """A condition of p.37 by the one list (data/phantom-epoch/conditions.json), read as the table types it
    ("knocked-down" -> "Knocked Down"); any other name is refused with the names that are known."""
    _string()(value, path)
    try:
        return condition_name(value)
    except ConditionError:
        raise Problem(path, f"is not a condition of p.37 (known: {', '.join(CONDITIONS)})") from None


def _range(value, path):
    """"+N" / "-N" (a modifier to the base range) or a whole number (an explicit range), p.18."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
        return RangeSpec(explicit=value)
    if isinstance(value, str) and RANGE_TEXT.match(value):
        return RangeSpec(modifier=int(value))
    raise Problem(path, 'must be a modifier like "+1" or "-1", or a whole number of spaces')


def _attack_face(value, path):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
        return value
    if value in ATTACK_FACES:
        return value
    raise Problem(path, "must be a number, critical or fumble")


def _nested(readers, after=None):
    return lambda value, path: _fields(value, path, readers, after=after)


def _action_checks(data, path):
    if data["type"] == "condition":
        if not data["name"]:
            raise Problem(path + ("name",), "a condition action needs the condition's name")
        # A condition action's name is the condition it gives (p.37, the one list); any other action may
        # carry its printed name.
        data["name"] = _condition(data["name"], path + ("name",))


ACTION = {
    "type": (one_of(ACTION_TYPES), _REQUIRED),
    "value": (whole(-9, 99), 0),
    "range": (_range, RangeSpec),
    "targets": (whole(1, 9), 1),
    "pierce": (whole(0, 99), 0),
    "conditions": (_list(_condition), list),
    "name": (_string(1, 60), None),
    "target": (one_of(CONDITION_TARGETS), "self"),
    "damage_multiplier": (whole(1, 9), 1),  # "damage x2": applied after Guard (p.21)
    "die": (one_of(ATTACK_DICE), "basic"),
    "per_character": (_boolean, False),  # value per character embarked (p.48)
}
read_action = _nested(ACTION, _action_checks)
_ROW = {  # one color's row of a Class Action card (p.47)
    "name": (_string(1, 60), None),
    "ap": (whole(0, 99), _REQUIRED),
    "round": (_boolean, False),
    "actions": (_list(read_action), list),
}


def _card_checks(data, path):
    if data["rows"] is None and data["ap"] is None:
        raise Problem(path + ("ap",), "required (or rows, one per color, for a Class Action card)")
    if data["rows"] is not None and (data["ap"] is not None or data["actions"]):
        raise Problem(path + ("rows",), "a card with rows has its AP and actions in each row")


CARD = {  # a card to perform: `ap` and `actions`, or a Class Action card's `rows`, one per color (p.47)
    "name": (_string(1, 60), _REQUIRED),
    "ap": (whole(0, 99), None),
    "round": (_boolean, False),
    "actions": (_list(read_action), list),
    "rows": (_mapping(_nested(_ROW), keys=one_of(COLORS), lo=1), None),
}
read_card = _nested(CARD, _card_checks)


def _hp_within_max(data, path):
    if data["max_hp"] and data["hp"] > data["max_hp"]:
        raise Problem(path + ("hp",), f"must be at most max_hp ({data['max_hp']})")


_LABELS = _list(_string())
SCENARIO = {
    "format": (lambda v, p: v if v == FORMAT else _refuse(v, p, f"must be {FORMAT!r}"), _REQUIRED),
    "layout": (_nested({"orientation": (one_of(ORIENTATIONS), "pointy"), "shifted": (one_of(SHIFTS), "even")}),
               lambda: {"orientation": "pointy", "shifted": "even"}),
    "spaces": (_list(_string(), 1), _REQUIRED),
    "walls": (_list(_list(_string(), 2, 2, "must be two spaces")), list),
    "doors": (_mapping(one_of(DOOR_STATES)), dict),
    "terrain": (_mapping(one_of(TERRAIN)), dict),
    "hazards": (_mapping(one_of(HAZARDS)), dict),
    "objects": (_mapping(one_of(OBJECTS)), dict),
    "orbs": (_LABELS, list),
    "treasures": (_LABELS, list),
    "orb_numbers": (_mapping(whole(1, 999)), dict),
    "treasure_numbers": (_mapping(whole(1, 999)), dict),
    "entry_points": (_LABELS, list),
    "placements": (_mapping(_nested({"type": (_string(1, 60), _REQUIRED), "min_characters": (whole(1, 4), 1),
                                     "max_characters": (whole(1, 4), 4)})), dict),
    "figures": (_list(_nested({
        "id": (_string(1, 60), _REQUIRED),
        "side": (one_of(SIDES), _REQUIRED),
        "at": (_string(), _REQUIRED),
        "color": (one_of(COLORS), None),
        "type": (_string(1, 60), None),
        "hp": (whole(0, 999), 0),
        "max_hp": (whole(0, 999), 0),
        "attack": (whole(-9, 99), 0),
        "guard": (whole(-9, 99), 0),
        "range": (whole(1, 99), 1),
        "conditions": (_list(_condition), list),
    }, _hp_within_max)), list),
    "decision_die": (_nested({"color": (one_of(COLORS), _REQUIRED), "primary": (one_of(DIRECTIONS), _REQUIRED),
                              "secondary": (one_of(DIRECTIONS), _REQUIRED)}), None),
    "turn": (_nested({
        "adversary": (_string(), _REQUIRED),
        "cards": (_list(read_card, 1, 6), _REQUIRED),
        "primary_target": (_string(), None),
        "boss": (_boolean, False),
        "characters_embarked": (whole(1, 4), None),
    }), None),
    "rolls": (_nested({"attack": (_list(_attack_face), list), "accuracy": (_list(one_of(ACCURACY_FACES)), list)}),
              None),
}


def _refuse(value, path, message):
    raise Problem(path, message)


# -- reading --------------------------------------------------------------------------------------

def load_scenario(source) -> Scenario:
    """JSON text, bytes or a parsed dict -> Scenario; ScenarioFileError names the first bad field."""
    data = parse_json(source)
    try:
        doc = _fields(data, (), SCENARIO)
    except Problem as exc:
        raise ScenarioFileError(problem_line(exc.path, exc.message, data)) from None
    return _build(doc, data)


def parse_json(source) -> dict:
    """JSON text or bytes (or a dict) -> dict; ScenarioFileError for what is not a JSON object."""
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes):
        if len(source) > MAX_BYTES:
            raise ScenarioFileError(f"file: larger than {MAX_BYTES // 1024 // 1024} MB")
    try:
        data = json_text.loads(source)
    except json_text.JsonTextError as exc:
        raise ScenarioFileError(f"{exc.where or 'file'}: {exc.message}") from None
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
        return Card(row.get("name") or name, row["ap"], actions, round=row["round"])

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
        return {"name": c.name, "rows": {color: {k: v for k, v in _card(row).items() if k != "name" or v != c.name}
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
        if keywords.acts(a) == "condition":
            item.update(name=a.name, target=a.target)
        elif a.name is not None:
            item["name"] = a.name
        if a.damage_multiplier != 1:
            item["damage_multiplier"] = a.damage_multiplier
        if a.die != "basic":
            item["die"] = a.die
        if a.per_character:
            item["per_character"] = True
        actions.append(item)
    return {"name": c.name, "ap": c.ap, "round": c.round, "actions": actions}

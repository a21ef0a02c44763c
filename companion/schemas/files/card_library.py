"""The card library file ("phantom-epoch-cards/1"): what the card editor stores, exports and imports.

The card file a group shares (docs/card-file.md) is this document with one optional part more, "maps": each
of the table's mission maps by name, its value the map's scenario file (phantom-epoch-scenario/1, as the map
editor exports it). The format stays "phantom-epoch-cards/1": "maps" and any part added later are optional
keys, so every file written before them still imports; an app older than a part refuses a file holding it,
naming the part (an unknown field), and changes nothing. The stored library never holds "maps" (the maps
live in their own table): `load_card_file` takes them out for the store, which assembles them on export.

```json
{"format": "phantom-epoch-cards/1",
 "adversaries": {"Grallok Sentry": {"species": "Grallok", "class": "Sentry", "critical_ability": "...",
                 "critical": {"condition": "Knocked Down", "damage": 0, "push": 0, "adjacent_attack": null,
                              "text": "..."},
                 "difficulties": {"1": {"hp": 5, "attack": 0, "guard": 0, "range": 1}, "2": {...}, "3": {...},
                                  "4": {...}}, "sample": true}},
 "species_decks": {"Grallok": {"cards": [{"name": "Charge", "ap": 3, "round": false,
                                           "actions": [{"type": "move", "value": 3}]}]}},
 "class_decks": {"Sentry": {"cards": [{"name": "Guard Post",
                 "rows": {"dark-blue": {"ap": 2, "round": false, "actions": [...]}, "light-blue": {...},
                          "red": {...}, "yellow": {...}}}]}},
 "bosses": {"Mutant Grallok": {<one entry of data/phantom-epoch/bosses.json>}},
   (its inherent action and each numbered action: name, ap, printed text and "actions", the text as
    the engine plays it, in the form of a card's actions; a board without them loads, but is refused
    at a mission's set-up)
 "boss_decks": {"Mutant Grallok": {"cards": [{"name": "Rampage", "actions": [1, 2], "persistent": false}]}},
 "event_decks": {"Sample events": {"cards": [{"name": "Sandstorm", "rounds": "1-5", "text": "...",
                                               "mission_event": "", "event_adversary": "",
                                               "places": {"count": 2, "type": null}}]}},
 "class_boards": {"Ranger": {"weapon": {"name": "Longbow", "range": 4}, "critical": {...}, "bandage_slots": 2,
                             "item_slots": 2, "starting_attachment": "Ranged attachment", "verified": false}},
 "species": {"Grallok": {"hp": 10, "ap": 6, "special": "...", "verified": false}},
 "mission_rewards": {"berkav-1": {"difficulty": 1, "sp": 2, "vanished_tech": 0, "fame": {"Berkav": 1},
                                  "unlocks": ["berkav-2"], "verified": false}}}
```

A class board entered here replaces the shipped one of data/phantom-epoch/class-boards.json for the missions
set up after it; "verified" stays false until a player says the values were copied from the board itself.
A species' numbers (its Character Species card, p.43 A-B: maximum HP and AP, and its special attribute) are
typed here once for every campaign and replace species.json's (which holds none, the rulebook text printing
none); "verified" as for a class board. A library stored before a part existed loads with it empty.
A mission's rewards as its Mission book prints them (p.14 step 4: SP for each character, Vanished technology,
fame by planet, the missions it unlocks) and its difficulty rating (which sets the attachment draw, p.9 and
p.14 step 6) are kept here, keyed by mission id, the first time a table records that mission's result, and
offered on every result form after; they replace missions.json's `rewards`, which are null (the rulebook
prints no Mission book).

Actions are the scenario file's (companion.schemas.files.card_actions.ActionSchema), so a
card entered here is a card the engine plays. Every part is keyed by name, so a
change's history entry holds only what it touched. `"sample": true` marks the
shipped sample content.
"""
from __future__ import annotations

import json

from marshmallow import ValidationError, fields, validate, validates_schema

from ...phantom.cards import DIFFICULTIES, EVENT_ROUNDS
from ...phantom.conditions import CONDITIONS
from ...phantom.decision import COLORS
from ...phantom.play.state import EVENT_SIDES, EVENT_STATS
from ...phantom.sheet import MAX_NUMBER  # a species card's numbers are bounded as a sheet's own
from .base import FileSchema, first_problem, one_of, problem_line, whole
from .card_actions import ActionSchema, CardSchema
from .scenario import ScenarioFileError, parse_json

FORMAT = "phantom-epoch-cards/1"
MAX_ITEMS = 500  # per part: a card file of more is not a table's typing (the game has a few dozen adversaries)
MAX_DECK_CARDS = 200
MAX_MAPS = 100
MAP_NAME_MAX = 80  # the map editor's name limit (schemas/forms/maps.py NAME_MAX)
BOSS_COUNTS = (2, 3, 4)  # p.48: a column per number of characters embarked
PARTS = ("adversaries", "species_decks", "class_decks", "bosses", "boss_decks", "event_decks", "class_boards",
         "species", "mission_rewards")
MISSION_ID = r"^[a-z0-9-]{1,40}$"  # a mission's id as missions.json gives it ("berkav-1")
FOLLOWS = {"boss_decks": "bosses"}  # a part keyed by another's names: a boss's deck is keyed by its board's name


def _name(max_len=60, **kw):
    return fields.String(validate=validate.Length(min=1, max=max_len), **kw)


def _text(**kw):
    return fields.String(validate=validate.Length(max=600), load_default="", **kw)


def _cards(schema):
    return fields.List(fields.Nested(schema), load_default=list, validate=validate.Length(
        max=MAX_DECK_CARDS, error=f"a deck holds at most {MAX_DECK_CARDS} cards"))


class StatsSchema(FileSchema):
    hp = whole(1, 999, required=True)
    attack = whole(-9, 99, required=True)
    guard = whole(-9, 99, required=True)
    range = whole(1, 99, required=True)


class CriticalSchema(FileSchema):
    """A critical ability in the form the mission applies (p.20): a condition on the target, extra damage, a
    push, an Attack ±N on all adjacent enemies, and the printed text for anything else."""
    condition = one_of(CONDITIONS, load_default=None, allow_none=True)
    damage = whole(0, 20, load_default=0)
    push = whole(0, 9, load_default=0)
    adjacent_attack = whole(-9, 9, load_default=None, allow_none=True)
    text = _text()


class WeaponSchema(FileSchema):
    name = _name(required=True)
    range = whole(1, 20, required=True)


class ClassBoardSchema(FileSchema):
    """A Character Class board (p.41): G the weapon and its base range (p.21), A the inherent critical ability
    (p.20, structured as the mission applies it), F bandage slots (p.38), E item slots and the starting
    attachment. `verified`: a player copied the values from the board (the rulebook text prints none)."""
    weapon = fields.Nested(WeaponSchema, required=True)
    critical = fields.Nested(CriticalSchema, load_default=None, allow_none=True)
    bandage_slots = whole(0, 9, required=True)
    item_slots = whole(0, 6, required=True)
    starting_attachment = fields.String(load_default="", validate=validate.Length(max=60))
    verified = fields.Boolean(load_default=False)
    sample = fields.Boolean(load_default=False)


_CARD_NUMBER = {"required": "Required: the number printed on the species card (p.43).",
                "invalid": "Enter a whole number.", "null": "Required: the number printed on the species card (p.43)."}


class SpeciesNumbersSchema(FileSchema):
    """A Character Species card (p.43): A the maximum HP, B the maximum AP, and its special attribute as printed.
    `verified`: a player copied the numbers from the card (the rulebook text prints none)."""
    hp = whole(1, MAX_NUMBER, required=True, error_messages=_CARD_NUMBER)
    ap = whole(1, MAX_NUMBER, required=True, error_messages=_CARD_NUMBER)
    special = fields.String(load_default="", validate=validate.Length(max=600))
    verified = fields.Boolean(load_default=False)
    sample = fields.Boolean(load_default=False)


class MissionRewardsSchema(FileSchema):
    """What the Mission book prints at the end of one mission (p.14 step 4): SP for each character, Vanished
    technology, fame by planet name, the ids of the missions it unlocks; and its difficulty rating (p.9: the
    attachment draw of p.14 step 6 follows it, not the adversaries' difficulty), None where not known.
    `verified`: a player checked the values against the Mission book."""
    difficulty = whole(1, 4, load_default=None, allow_none=True)
    sp = whole(0, 99, load_default=0)
    vanished_tech = whole(0, 99, load_default=0)
    fame = fields.Dict(keys=_name(), values=whole(-99, 99), load_default=dict,
                       validate=validate.Length(max=20))
    unlocks = fields.List(fields.String(validate=validate.Regexp(MISSION_ID, error="not a mission id")),
                          load_default=list, validate=validate.Length(max=60))
    verified = fields.Boolean(load_default=False)


class AdversarySchema(FileSchema):
    species = _name(required=True)
    class_ = _name(required=True, data_key="class", attribute="class")
    critical_ability = _text()
    critical = fields.Nested(CriticalSchema, load_default=None, allow_none=True)  # the text above, structured
    difficulties = fields.Dict(keys=fields.String(validate=validate.OneOf([str(d) for d in DIFFICULTIES],
                                                                          error="must be a difficulty 1-4")),
                               values=fields.Nested(StatsSchema), required=True)
    sample = fields.Boolean(load_default=False)

    @validates_schema
    def every_difficulty(self, data, **kwargs):
        missing = [str(d) for d in DIFFICULTIES if str(d) not in data.get("difficulties", {})]
        if missing:
            raise ValidationError(f"the card has HP, Attack, Guard and Range for difficulty 1-4 (p.46); "
                                  f"difficulty {', '.join(missing)} is missing", "difficulties")


class SpeciesDeckSchema(FileSchema):
    cards = _cards(CardSchema)
    sample = fields.Boolean(load_default=False)
    table_drawn = fields.Boolean(load_default=False)  # its cards were typed as they came up: maybe not all


class ClassRowSchema(FileSchema):
    ap = whole(0, 99, required=True)
    round = fields.Boolean(load_default=False)
    actions = fields.List(fields.Nested(ActionSchema), load_default=list)


class ClassCardSchema(FileSchema):
    name = _name(required=True)
    rows = fields.Dict(keys=one_of(COLORS), values=fields.Nested(ClassRowSchema), required=True)

    @validates_schema
    def one_row_per_color(self, data, **kwargs):
        missing = [c for c in COLORS if c not in data.get("rows", {})]
        if missing:
            raise ValidationError(f"a class card has one row per color ({', '.join(COLORS)}); "
                                  f"{', '.join(missing)} is missing (p.47)", "rows")


class ClassDeckSchema(FileSchema):
    cards = _cards(ClassCardSchema)
    sample = fields.Boolean(load_default=False)
    table_drawn = fields.Boolean(load_default=False)  # its cards were typed as they came up: maybe not all


def _structured():
    # The printed text as the engine plays it (the actions of a class card's row); None: not entered yet,
    # so the board cannot be played at the table (older files, boards typed in before this existed).
    return fields.List(fields.Nested(ActionSchema), load_default=None, allow_none=True,
                       validate=validate.Length(max=6))


class BossActionSchema(FileSchema):
    number = whole(1, 9, required=True)
    name = _name(required=True)
    ap = whole(0, 99, required=True)
    text = _text()
    actions = _structured()


class InherentSchema(FileSchema):
    name = _name(load_default="Inherent")
    ap = whole(0, 99, required=True)
    text = _text()
    actions = _structured()


class BossSchema(FileSchema):
    character_counts = fields.List(whole(1, 4), required=True)
    hp = fields.List(whole(1, 999), required=True)
    attack = fields.List(whole(-9, 99), required=True)
    guard = fields.List(whole(-9, 99), required=True)
    range = fields.List(whole(1, 99), required=True)
    inherent = fields.Nested(InherentSchema, required=True)
    critical_ability = _text()
    actions = fields.List(fields.Nested(BossActionSchema), required=True, validate=validate.Length(min=1, max=9))
    verified = fields.Boolean(load_default=False)
    sample = fields.Boolean(load_default=False)

    @validates_schema
    def a_column_per_character_count(self, data, **kwargs):
        counts = data.get("character_counts", [])
        missing = [n for n in BOSS_COUNTS if n not in counts]
        if missing:
            raise ValidationError(f"no attributes for {', '.join(map(str, missing))} characters; the board has a "
                                  "column for 2, 3 and 4 characters embarked (p.30, 48)", "character_counts")
        for name in ("hp", "attack", "guard", "range"):
            if len(data.get(name, [])) != len(counts):
                raise ValidationError(f"must give one value per character count ({len(counts)})", name)
        numbers = [a["number"] for a in data.get("actions", [])]
        if len(set(numbers)) != len(numbers):
            raise ValidationError("two actions have the same number", "actions")


class BossCardSchema(FileSchema):
    """p.49 Figure 35: a card names action numbers (A) or grants another effect (B), its text."""
    name = _name(required=True)
    actions = fields.List(whole(1, 9), load_default=list, validate=validate.Length(max=3))
    persistent = fields.Boolean(load_default=False)
    text = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=600))

    @validates_schema
    def actions_or_an_effect(self, data, **kwargs):
        if not data.get("actions") and not (data.get("text") or "").strip():
            raise ValidationError("name the action numbers, or give the card's other effect as its text (p.49)",
                                  "actions")


class BossDeckSchema(FileSchema):
    cards = _cards(BossCardSchema)
    sample = fields.Boolean(load_default=False)
    table_drawn = fields.Boolean(load_default=False)  # its cards were typed as they came up: maybe not all


class EventEffectSchema(FileSchema):
    """A number the event changes this round, which the AI applies (p.12 step 2): Move, Attack, Range or Guard
    ±N for the adversaries (all, or one type) or the characters."""
    stat = one_of(EVENT_STATS, required=True)
    amount = fields.Integer(required=True, strict=True, validate=[
        validate.Range(min=-9, max=9), validate.NoneOf([0], error="a change of 0 changes nothing")])
    side = one_of(EVENT_SIDES, required=False)
    type = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=60))


class EventPlacesSchema(FileSchema):
    """Adversaries the event places (p.26, p.59): how many, and of which type (null: the mission's event
    adversary, named in the Mission book)."""
    count = whole(1, 9, required=True)
    type = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=60))


class EventCardSchema(FileSchema):
    name = _name(required=True)
    rounds = one_of(EVENT_ROUNDS, required=True)
    text = _text()
    mission_event = _text()
    event_adversary = _text()
    places = fields.Nested(EventPlacesSchema, load_default=None, allow_none=True)
    effects = fields.List(fields.Nested(EventEffectSchema), load_default=list)


class EventDeckSchema(FileSchema):
    cards = _cards(EventCardSchema)
    sample = fields.Boolean(load_default=False)
    table_drawn = fields.Boolean(load_default=False)  # its cards were typed as they came up: maybe not all


def _part(schema):
    return fields.Dict(keys=_name(), values=fields.Nested(schema), load_default=dict, validate=validate.Length(
        max=MAX_ITEMS, error=f"at most {MAX_ITEMS} by name in one library"))


class LibrarySchema(FileSchema):
    format = fields.String(required=True, validate=validate.Equal(FORMAT, error=f"must be {FORMAT!r}"))
    note = fields.String(load_default=None, validate=validate.Length(max=600))
    adversaries = _part(AdversarySchema)
    species_decks = _part(SpeciesDeckSchema)
    class_decks = _part(ClassDeckSchema)
    bosses = _part(BossSchema)
    boss_decks = _part(BossDeckSchema)
    event_decks = _part(EventDeckSchema)
    class_boards = _part(ClassBoardSchema)
    species = _part(SpeciesNumbersSchema)
    mission_rewards = _part(MissionRewardsSchema)

    @validates_schema
    def boss_cards_name_board_actions(self, data, **kwargs):
        for boss, deck in data.get("boss_decks", {}).items():
            board = data.get("bosses", {}).get(boss)
            if board is None:
                raise ValidationError(f"{boss!r} has no boss board; enter the board first", "boss_decks")
            numbers = {a["number"] for a in board["actions"]}
            for card in deck["cards"]:
                wrong = [n for n in card["actions"] if n not in numbers]
                if wrong:
                    raise ValidationError(f"{card['name']!r} names action #{wrong[0]}, which the {boss} board "
                                          "does not have", "boss_decks")


class CardFileError(ScenarioFileError):
    """One line: the field, what is wrong, and the value given."""


EMPTY = {"format": FORMAT, **{p: {} for p in PARTS}}


def load_library(source) -> dict:
    """JSON text, bytes or a dict -> the checked library document (what is stored and exported)."""
    try:
        data = parse_json(source)
    except ScenarioFileError as exc:
        raise CardFileError(str(exc)) from None
    try:
        doc = LibrarySchema().load(data)
    except ValidationError as exc:
        where, message = first_problem(exc.messages)
        raise CardFileError(problem_line(where, message, data)) from None
    return dump_library(doc)


def deck_parts() -> tuple[str, ...]:
    """The parts whose items are decks (a list of cards, merged card by card): read off the schema, so a part
    added later is merged by its shape without a change to the merge."""
    declared = LibrarySchema._declared_fields
    return tuple(p for p in PARTS if "cards" in declared[p].value_field.nested._declared_fields)


def load_card_file(source) -> tuple[dict, dict]:
    """A card file (JSON text, bytes or a dict) -> (the checked library, its maps by name, each a JSON object
    the store reads as a scenario file). CardFileError names the first bad field; nothing is half read."""
    try:
        data = parse_json(source)
    except ScenarioFileError as exc:
        raise CardFileError(str(exc)) from None
    maps = data.get("maps", {})
    if not isinstance(maps, dict):
        raise CardFileError("maps: must be an object of maps by name (each a phantom-epoch-scenario/1 file)")
    if len(maps) > MAX_MAPS:
        raise CardFileError(f"maps: at most {MAX_MAPS} maps in one card file (got {len(maps)})")
    for name, doc in maps.items():
        if not name.strip() or len(name) > MAP_NAME_MAX:
            raise CardFileError(f"maps: a map's name is 1 to {MAP_NAME_MAX} characters (got {json.dumps(name)[:60]})")
        if not isinstance(doc, dict):
            raise CardFileError(f"maps.{name}: must be a map (a phantom-epoch-scenario/1 object)")
    library = load_library({k: v for k, v in data.items() if k != "maps"})
    return library, maps


def dump_library(doc: dict) -> dict:
    """The loaded document back as JSON data (range specs as text, the class key named "class")."""
    return without_none(LibrarySchema().dump(doc))


def without_none(value):
    # an action's unset range or condition name is left out, as in a scenario file
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_none(v) for v in value]
    return value

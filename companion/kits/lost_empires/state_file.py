"""The `state` of an exported Lost Empires game, checked before it is read (kits/game_file.py)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games import lost_empires as le
from ..state_file import Count, PlayerSchema, Seat, Strict, Text, VerdictSchema


class SideSchema(Strict):
    artifacts = Count()
    gates = Count(0, le.GATES)
    command_used = Count(0, le.COMMAND)
    supply_used = fields.Boolean(required=True)
    passed = fields.Boolean(required=True)
    deck = fields.List(fields.Tuple((Text(), fields.Integer(strict=True, validate=validate.Range(min=1, max=2)))),
                       required=True)
    # the discard pile's copies (destroyed units, played supports): written only when not empty (ADDED)
    discard = fields.List(fields.Tuple((Text(), fields.Integer(strict=True, validate=validate.Range(min=1, max=2)))),
                          load_default=list)


class UnitSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^u\d{1,9}$"))
    card = Text()
    owner = Count(0, 1)
    at = fields.String(required=True, validate=validate.OneOf(le.battlefields()))
    control = Count(0, 9)
    offense = Count(0, 9)
    defense = Count(0, 9)
    keywords = fields.List(fields.String(validate=validate.OneOf(le.KEYWORDS)), required=True)
    weight = fields.String(required=True, allow_none=True, validate=validate.OneOf(le.WEIGHTS))
    damage = Count(0, le.DESTROYED_AT - 1)
    drained = fields.Boolean(required=True)
    elite_token = fields.Boolean(required=True)
    played_turn = Count(0, 10**9)
    damaged_by = Seat()


class ActivationSchema(Strict):
    unit = fields.String(required=True)
    actions = Count(0, 2)
    attacks_left = Count(0, 2)
    attacked = fields.Boolean(required=True)
    frontline = fields.Boolean(required=True)


class LibraryCardSchema(Strict):
    """A card whose stats the table typed (the game's card library): a unit's, or a support's cost alone."""
    name = Text()
    kind = fields.String(required=True, validate=validate.OneOf(["unit", "support"]))
    control = fields.Integer(required=True, strict=True, allow_none=True, validate=validate.Range(min=0, max=9))
    offense = fields.Integer(required=True, strict=True, allow_none=True, validate=validate.Range(min=0, max=9))
    defense = fields.Integer(required=True, strict=True, allow_none=True, validate=validate.Range(min=0, max=9))
    command = Count(0, le.COMMAND)
    supply = Count(0, le.SUPPLY)
    keywords = fields.List(fields.String(validate=validate.OneOf(le.KEYWORDS)), required=True)
    weight = fields.String(required=True, allow_none=True, validate=validate.OneOf(le.WEIGHTS))
    verified = fields.Boolean(required=True, validate=validate.Equal(False))
    by_table = fields.Boolean(required=True, validate=validate.Equal(True))


class GrantSchema(Strict):
    unit = fields.String(required=True, validate=validate.Regexp(r"^u\d{1,9}$"))
    action = fields.String(required=True, validate=validate.OneOf(le.GRANTS))
    source = fields.String(required=True, validate=validate.Length(max=60))


class LostEmpiresSchema(Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(equal=le.PLAYERS))
    sides = fields.List(fields.Nested(SideSchema), required=True, validate=validate.Length(equal=le.PLAYERS))
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    first = Seat()
    rolls = fields.List(fields.List(fields.Integer(strict=True)), required=True)
    round = Count(1, 10**6)
    phase = fields.String(required=True, validate=validate.OneOf(le.PHASE_KEYS))
    step = Count(1, 2)
    turn = Count(0, 1)
    turn_no = Count(1, 10**9)
    mandatory = fields.Boolean(required=True)
    activated = fields.Boolean(required=True)
    activation = fields.Nested(ActivationSchema, required=True, allow_none=True)
    units = fields.List(fields.Nested(UnitSchema), required=True)
    applied = fields.List(fields.String(validate=validate.OneOf(le.PHASE_KEYS)), required=True)
    ruthless = fields.List(fields.String(validate=validate.OneOf(le.OBJECTIVES)), required=True)
    combat = fields.List(fields.String(), required=True)
    elite_rule = fields.String(required=True, validate=validate.OneOf(le.ELITE_RULES))
    verdict = fields.Nested(VerdictSchema, required=True, allow_none=True)
    next_id = Count(1, 10**9)
    library = fields.List(fields.Nested(LibraryCardSchema), load_default=list)
    grant = fields.Nested(GrantSchema, load_default=None, allow_none=True)

    @validates_schema
    def consistent(self, data, **kwargs):
        ids = [u["id"] for u in data.get("units", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two units share an id.", "units")
        act = data.get("activation")
        if act and act["unit"] not in ids:
            raise ValidationError(f"The activated unit {act['unit']!r} is not in play.", "activation")

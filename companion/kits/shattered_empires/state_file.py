"""The `state` of an exported Shattered Empires game, checked before it is read (kits/game_file.py)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games import shattered_empires as se
from ..state_file import Count, PlayerSchema, Seat, Strict, Text


SeSeat = lambda: Count(0, se.MAX_PLAYERS - 1)  # noqa: E731
Names = lambda: fields.List(Text(), required=True)  # noqa: E731
MaybeText = lambda: fields.String(required=True, allow_none=True, validate=validate.Length(min=1, max=200))  # noqa: E731
Stat = lambda: Count(0, 999)  # noqa: E731


class SeVerdictSchema(Strict):
    winner = Seat(se.MAX_PLAYERS - 1)
    how = fields.List(fields.String(), required=True)


class SeSideSchema(Strict):
    base = fields.String(required=True, allow_none=True)
    faction = fields.String(required=True, allow_none=True)
    base_hp, base_damage, base_queue, base_yield, base_command = Stat(), Stat(), Stat(), Stat(), Stat()
    ability = fields.String(required=True, validate=validate.Length(max=300))
    deck = fields.List(fields.Tuple((Text(), Count(1, 999))), required=True)
    sideboard = Names()
    deck_left, hand, hand_max, cp, yield_used = Stat(), Stat(), Stat(), Stat(), Stat()
    resource_played = fields.Boolean(required=True)
    begin_triggers = Names()
    end_triggers = Names()
    scrapyard = Names()
    out = fields.Boolean(required=True)


class ModSchema(Strict):
    card = Text()
    hp = Stat()
    damage = Stat()


class SeUnitSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^u\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    type = fields.String(required=True, validate=validate.OneOf(se.UNIT_TYPES))
    hp, damage, shields_max, shields, evasion, hit = Stat(), Stat(), Stat(), Stat(), Stat(), Stat()
    weapons = fields.List(Stat(), required=True)
    fired = fields.List(Count(0, 99), required=True)
    repair, auto_repair = Stat(), Stat()
    repaired = fields.Boolean(required=True)
    intercept = fields.Boolean(required=True)
    launcher, yields, command, queue = Stat(), Stat(), Stat(), Stat()
    testing = fields.Boolean(required=True)
    unique = fields.Boolean(required=True)
    mods = fields.List(fields.Nested(ModSchema), required=True)


class AssetSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[ap]\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    kind = fields.String(required=True, validate=validate.OneOf(["research", "resource"]))
    yields, command, queue = Stat(), Stat(), Stat()
    unique = fields.Boolean(required=True)


class ProjectSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^p\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    kind = fields.String(required=True, validate=validate.OneOf(["construction", "research"]))
    cost, allocated = Stat(), Stat()
    alternate = MaybeText()
    requires = fields.String(required=True, allow_none=True, validate=validate.OneOf(se.UNIT_TYPES))
    target = fields.String(required=True, allow_none=True)
    unit = fields.Nested(SeUnitSchema, required=True, allow_none=True)
    mod = fields.Nested(ModSchema, required=True, allow_none=True)
    asset = fields.Nested(AssetSchema, required=True, allow_none=True)

    @validates_schema
    def becomes_one_thing(self, data, **kwargs):
        if sum(data.get(k) is not None for k in ("unit", "mod", "asset")) != 1:
            raise ValidationError("A project becomes exactly one of a unit, a modification or a research.", "unit")


class StaffSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^s\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    designation = fields.String(required=True, validate=validate.OneOf(se.DESIGNATIONS))
    cost = Stat()
    on = fields.String(required=True, allow_none=True)


class SeAttackSchema(Strict):
    attacker = fields.String(required=True)
    targets = fields.List(fields.Tuple((Count(0, 99), Text())), required=True)
    ignore_stations = fields.Boolean(required=True)


class ShatteredEmpiresSchema(Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=se.MIN_PLAYERS, max=se.MAX_PLAYERS))
    sides = fields.List(fields.Nested(SeSideSchema), required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    round = Count(1, 10**6)
    turn = SeSeat()
    step = fields.String(required=True, validate=validate.OneOf(se.STEP_KEYS))
    applied = fields.List(fields.String(validate=validate.OneOf(se.STEP_KEYS)), required=True)
    units = fields.List(fields.Nested(SeUnitSchema), required=True)
    projects = fields.List(fields.Nested(ProjectSchema), required=True)
    assets = fields.List(fields.Nested(AssetSchema), required=True)
    staff = fields.List(fields.Nested(StaffSchema), required=True)
    attack = fields.Nested(SeAttackSchema, required=True, allow_none=True)
    combat = fields.List(fields.String(), required=True)
    launches = fields.List(Text(), load_default=list)  # older files have none pending
    verdict = fields.Nested(SeVerdictSchema, required=True, allow_none=True)
    next_id = Count(1, 10**9)

    @validates_schema
    def consistent(self, data, **kwargs):
        n = len(data.get("players", []))
        if len(data.get("sides", [])) != n:
            raise ValidationError("One side per player.", "sides")
        ids = [u["id"] for u in data.get("units", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two units share an id.", "units")
        for key in ("units", "projects", "assets", "staff"):
            if any(x["owner"] >= n for x in data.get(key, [])):
                raise ValidationError("An owner is not one of the players.", key)
        if data.get("turn", 0) >= n:
            raise ValidationError("The turn is not one of the players'.", "turn")
        for s in data.get("staff", []):
            if s["on"] not in (None, se.BASE, *ids):
                raise ValidationError(f"Personnel {s['id']!r} is on a unit not in play.", "staff")
        att = data.get("attack")
        if att and att["attacker"] not in ids:
            raise ValidationError(f"The attacking unit {att['attacker']!r} is not in play.", "attack")

"""The `state` of an exported Aldarra Reborn game, checked before it is read (kits/game_file.py)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games import aldarra as al
from ..state_file import Count, PlayerSchema, Strict, Text, VerdictSchema


class AlTileSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[A-G][1-7]$"))
    kind = fields.String(required=True, validate=validate.OneOf(al.KINDS))
    stronghold = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0, max=3))
    explored = fields.Boolean(required=True)
    crystal = fields.Boolean(required=True)


AlSeat = lambda: Count(0, al.MAX_PLAYERS - 1)  # noqa: E731


class AlUnitsSchema(Strict):
    at = fields.String(required=True)
    owner = AlSeat()
    kind = fields.String(required=True, validate=validate.OneOf(al.UNITS))
    count = Count(1, 99)


class AlSideSchema(Strict):
    vp = Count()
    coins = Count()
    crystals = Count()
    orders = Count(0, al.ORDERS)
    objectives = Count(0, al.HAND)
    claimed = Count()
    explore_hand = Count(0, al.HAND)
    discoveries = fields.List(Text(), required=True)
    upgraded = fields.List(fields.String(validate=validate.OneOf(al.UNITS)), required=True)
    bought_round = Count(0, 10**6)
    hostages = fields.List(fields.Tuple((AlSeat(), fields.String(validate=validate.OneOf(al.UNITS)), Count(1, 99))),
                           required=True)


class AlOrderSchema(Strict):
    player = AlSeat()
    at = fields.String(required=True)
    explored = fields.Boolean(required=True)


class AlCombatSchema(Strict):
    at = fields.String(required=True)
    attacker = AlSeat()
    seats = fields.List(AlSeat(), required=True)
    round = Count(1, 10**6)
    step = fields.String(required=True, validate=validate.OneOf(["light", "heavy", "retreat"]))
    rolled = fields.Boolean(required=True)
    delayed = fields.List(AlSeat(), required=True)
    escalation = Count()
    escalation_hits = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0))
    pending = fields.List(fields.Tuple((AlSeat(), Count(1, 10**6))), required=True)
    destroyed = Count()
    retreat_next = Count(0, al.MAX_PLAYERS)


class AldarraSchema(Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=al.MIN_PLAYERS, max=al.MAX_PLAYERS))
    sides = fields.List(fields.Nested(AlSideSchema), required=True)
    tiles = fields.List(fields.Nested(AlTileSchema), required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    round = Count(0, 10**6)
    phase = fields.String(required=True, validate=validate.OneOf(al.PHASE_KEYS))
    step = Count(0, 5)
    turn_order = fields.List(AlSeat(), required=True)
    chooser = Count(0, 10**6)
    new_order = fields.List(fields.Integer(strict=True, validate=validate.Range(min=-1, max=3)), required=True)
    crystals_left = Count()
    spawn_rolled = fields.Boolean(required=True)
    units = fields.List(fields.Nested(AlUnitsSchema), required=True)
    order = fields.Nested(AlOrderSchema, required=True, allow_none=True)
    combat = fields.Nested(AlCombatSchema, required=True, allow_none=True)
    last_combat = fields.List(fields.String(), required=True)
    built = fields.List(fields.Tuple((fields.String(), Count())), required=True)
    founded = fields.List(fields.Tuple((fields.String(), fields.String())), load_default=list)
    applied = fields.List(fields.String(validate=validate.Regexp(r"^(mine|drew:[0-3]|discovery:[0-3])$")),
                          required=True)
    verdict = fields.Nested(VerdictSchema, required=True, allow_none=True)

    @validates_schema
    def consistent(self, data, **kwargs):
        n = len(data.get("players", []))
        if len(data.get("sides", [])) != n:
            raise ValidationError("One side per player.", "sides")
        if sorted(data.get("turn_order", [])) != list(range(n)):
            raise ValidationError("The turn order lists each player once.", "turn_order")
        ids = {t["id"] for t in data.get("tiles", [])}
        for name in ("units", "order", "combat"):
            items = data.get(name) or []
            for item in items if isinstance(items, list) else [items]:
                if item["at"] not in ids:
                    raise ValidationError(f"{item['at']!r} is not a territory on the board.", name)

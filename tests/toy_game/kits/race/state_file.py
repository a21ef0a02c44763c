"""The `state` of an exported Race to Ten game, checked before it is read."""
from __future__ import annotations

from marshmallow import fields, validate

from companion.games.frame import STAGES
from companion.kits.state_file import Count, PlayerSchema, Seat, Strict, VerdictSchema

from ...games import race as rules


class SideSchema(Strict):
    points = Count(0, rules.GOAL + rules.MOST)


class RaceSchema(Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=2, max=4))
    sides = fields.List(fields.Nested(SideSchema), required=True, validate=validate.Length(min=2, max=4))
    stage = fields.String(required=True, validate=validate.OneOf(STAGES))
    round = Count(1)
    turn = Seat(3)
    verdict = fields.Nested(VerdictSchema, required=True, allow_none=True)

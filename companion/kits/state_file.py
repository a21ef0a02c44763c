"""What every game's state schema shares: a strict base (unknown keys refused), counts, seats, names,
players and the verdict. Each kit's state_file.py checks its game's `state` in an exported file with these."""
from __future__ import annotations

from marshmallow import fields, validate

from ..games.frame import COLORS, NAME_MAX
from ..schemas.files.base import FileSchema

Count = lambda lo=0, hi=9999: fields.Integer(required=True, strict=True, validate=validate.Range(min=lo, max=hi))  # noqa: E731
Seat = lambda hi=1: fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0, max=hi))  # noqa: E731
Text = lambda n=80: fields.String(required=True, validate=validate.Length(min=1, max=n))  # noqa: E731


Strict = FileSchema  # a game's state is a file format: the one strict base of companion/schemas/files


class PlayerSchema(Strict):
    name = Text(NAME_MAX)
    color = fields.String(required=True, validate=validate.OneOf(COLORS))
    faction = fields.String(required=True, allow_none=True)


class VerdictSchema(Strict):
    winner = Seat(3)
    how = fields.List(fields.String(), required=True)

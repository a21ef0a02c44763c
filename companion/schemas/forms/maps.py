"""Forms of the map editor."""
from __future__ import annotations

from marshmallow import fields, validate

from ...phantom.hexmap import ORIENTATIONS, SHIFTS
from ...phantom.mapedit import MAX_COLUMNS, MAX_ROWS, TOOLS
from ..fields import choice, count, text
from .base import FormSchema

NAME_MAX = 80


def labels(what: str) -> fields.List:
    return fields.List(fields.String(validate=validate.Length(max=20)), required=True,
                       validate=validate.Length(min=1, max=2000, error=f"Tap or drag over at least one {what}."),
                       error_messages={"required": f"Tap or drag over at least one {what}."})


class NewMapForm(FormSchema):
    name = text(NAME_MAX)
    orientation = choice(ORIENTATIONS)
    shifted = choice(SHIFTS)
    columns = count(1, MAX_COLUMNS)
    rows = count(1, MAX_ROWS)


class PaintForm(FormSchema):
    tool = choice(TOOLS)
    spaces = labels("space")
    number = count(1, 999, required=False)
    placement_type = text(60, required=False)
    min_characters = count(1, 4, required=False, default=1)
    max_characters = count(1, 4, required=False, default=4)


class WallForm(FormSchema):
    edges = labels("edge between two spaces")
    wall = choice(["wall", "nowall"])


class ResizeForm(FormSchema):
    columns = count(1, MAX_COLUMNS)
    rows = count(1, MAX_ROWS)


class RenameForm(FormSchema):
    name = text(NAME_MAX)

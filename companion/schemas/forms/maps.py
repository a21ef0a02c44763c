"""Forms of the map editor."""
from __future__ import annotations

from marshmallow import fields, pre_load, validate

from ...phantom.hexmap import ORIENTATIONS, SHIFTS
from ...phantom.mapedit import MAX_COLUMNS, MAX_ROWS, TOOLS
from ..fields import choice, count, text, version
from .base import FormSchema

NAME_MAX = 80


def labels(what: str) -> fields.List:
    return fields.List(fields.String(validate=validate.Length(max=20)), required=True,
                       validate=validate.Length(min=1, max=2000, error=f"Tap or drag over at least one {what}."),
                       error_messages={"required": f"Tap or drag over at least one {what}."})


class Edit(FormSchema):
    """A change to a map drawn on the editor: it carries the version the device saw, so a tablet one step
    behind never overwrites another's newer paint (409, the map as it now stands)."""
    version = version()


class LayoutChoice(FormSchema):
    """A layout: its orientation and which rows (columns) are shifted, or both in one picture's `layout`
    ("pointy even"), as the new-map form's pictures send it."""
    orientation = choice(ORIENTATIONS)
    shifted = choice(SHIFTS)

    @pre_load
    def split_layout(self, data, **kwargs):
        data = dict(data)
        picked = data.pop("layout", None)
        if isinstance(picked, str) and " " in picked:
            data["orientation"], _, data["shifted"] = picked.partition(" ")
        return data


class LayoutForm(LayoutChoice, Edit):
    """A map's layout changed afterwards."""


class NewMapForm(LayoutChoice):
    name = text(NAME_MAX)
    columns = count(1, MAX_COLUMNS)
    rows = count(1, MAX_ROWS)


class CopyMapForm(FormSchema):
    """Copying a map: nothing but the request id the form was drawn with, so a retry makes one copy."""


class DeleteMapForm(FormSchema):
    """Deleting a map for good: the box ticked says the table means it."""
    confirm = choice(("yes",))


class PaintForm(Edit):
    tool = choice(TOOLS)
    spaces = labels("space")
    number = count(1, 999, required=False)
    placement_type = text(60, required=False)
    min_characters = count(1, 4, required=False, default=1)
    max_characters = count(1, 4, required=False, default=4)


class WallForm(Edit):
    edges = labels("edge between two spaces")
    wall = choice(["wall", "nowall"])


class ResizeForm(Edit):
    columns = count(1, MAX_COLUMNS)
    rows = count(1, MAX_ROWS)


class RenameForm(Edit):
    name = text(NAME_MAX)

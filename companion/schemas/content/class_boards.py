"""data/phantom-epoch/class-boards.json: each Character Class board (p.41) as the mission table uses it — the
weapon and its base range (G, p.21), the inherent critical ability (A, p.20) in the structured form the attack
flow applies, bandage slots (F, p.38), item slots (E) and the starting attachment. The rulebook text prints
none of a board's values, so each board says whether a player has checked it ("verified")."""
from __future__ import annotations

from marshmallow import fields, validate

from ...phantom.content import ClassBoard
from ...phantom.criticals import critical_from_dict
from ..files.card_library import CriticalSchema
from .base import ContentSchema


class WeaponSchema(ContentSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    range = fields.Integer(required=True, validate=validate.Range(min=1, max=20))


class ClassBoardSchema(ContentSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    weapon = fields.Nested(WeaponSchema, required=True)
    critical = fields.Nested(CriticalSchema, required=True)
    bandage_slots = fields.Integer(required=True, validate=validate.Range(min=0, max=9))
    item_slots = fields.Integer(required=True, validate=validate.Range(min=0, max=6))
    starting_attachment = fields.String(load_default="", validate=validate.Length(max=60))
    verified = fields.Boolean(required=True)


class ClassBoardsFile(ContentSchema):
    boards = fields.List(fields.Nested(ClassBoardSchema), required=True, validate=validate.Length(min=1))


def class_boards(loaded: dict) -> dict[str, ClassBoard]:
    """The checked file's boards by class name, as the engine reads them."""
    return {b["name"]: ClassBoard(b["weapon"]["name"], b["weapon"]["range"],
                                  critical_from_dict(b["critical"], f"{b['name']} class board"), b["bandage_slots"],
                                  b["item_slots"], b["starting_attachment"], b["verified"])
            for b in loaded["boards"]}

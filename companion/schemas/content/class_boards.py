"""data/phantom-epoch/class-boards.json: each Character Class board (p.41) as the mission table uses it — the
weapon and its base range (G, p.21), the inherent critical ability (A, p.20) in the structured form the attack
flow applies, bandage slots (F, p.38), item slots (E) and the starting attachment. The rulebook text prints
none of a board's values, so each board says whether a player has checked it ("verified"). A board the table
entered on the Cards page (the card library's "class_boards") replaces the shipped one (`table_boards`)."""
from __future__ import annotations

from marshmallow import fields, validate

from ...phantom.content import ClassBoard
from ...phantom.criticals import critical_from_dict
from ..files import card_library as cf
from .base import ContentSchema


class ClassBoardSchema(ContentSchema, cf.ClassBoardSchema):
    """The card library's class board, named, with its critical ability required and `verified` said."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    critical = fields.Nested(cf.CriticalSchema, required=True)
    verified = fields.Boolean(required=True)


class ClassBoardsFile(ContentSchema):
    boards = fields.List(fields.Nested(ClassBoardSchema), required=True, validate=validate.Length(min=1))


def class_board(name: str, b: dict) -> ClassBoard:
    """One board (the content file's or the card library's) as the engine reads it."""
    return ClassBoard(b["weapon"]["name"], b["weapon"]["range"], critical_from_dict(b.get("critical"),
                                                                                      f"{name} class board"),
                      b["bandage_slots"], b["item_slots"], b.get("starting_attachment", ""), b.get("verified", False))


def class_boards(loaded: dict) -> dict[str, ClassBoard]:
    """The checked file's boards by class name, as the engine reads them."""
    return {b["name"]: class_board(b["name"], b) for b in loaded["boards"]}


def table_boards(shipped: dict[str, ClassBoard], library: dict) -> dict[str, ClassBoard]:
    """The boards a mission set up now uses: the shipped ones, each replaced by the table's edit of it."""
    return {**shipped, **{name: class_board(name, b) for name, b in library.get("class_boards", {}).items()}}


def board_entries(loaded: dict, library: dict) -> dict[str, dict]:
    """Every class board as the card library stores it (the shipped ones, then the table's), by class name."""
    shipped = {b["name"]: {k: v for k, v in b.items() if k != "name"} for b in loaded["boards"]}
    return {**shipped, **library.get("class_boards", {})}

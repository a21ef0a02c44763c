"""Validate data/lost-empires/*.json at start-up and build the Lost Empires rules' Content.

A bad file stops start-up with the file and the field named (as data/phantom-epoch/ does).
"""
from __future__ import annotations

from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games.frame import Die, Face
from ...games.lost_empires import KEYWORDS, WEIGHTS, Card, Content, Faction
from ...schemas.content.base import ContentError, load_files
from ...schemas.content.base import ContentSchema as _Base

Name = lambda: fields.String(required=True, validate=validate.Length(min=1, max=80))  # noqa: E731
Stat = lambda hi=9: fields.Integer(required=True, allow_none=True, strict=True,  # noqa: E731
                                   validate=validate.Range(min=0, max=hi))


class CardSchema(_Base):
    name = Name()
    kind = fields.String(required=True, allow_none=True, validate=validate.OneOf(["unit", "support"]))
    control = Stat()
    offense = Stat()
    defense = Stat()
    command = Stat(4)
    supply = Stat(1)
    keywords = fields.List(fields.String(validate=validate.OneOf(KEYWORDS)), required=True)
    weight = fields.String(required=True, allow_none=True, validate=validate.OneOf(WEIGHTS))
    verified = fields.Boolean(required=True)


class FactionSchema(_Base):
    name = Name()
    keyword = fields.String(required=True, allow_none=True, validate=validate.OneOf(KEYWORDS))
    starter = fields.List(Name(), required=True, validate=validate.Length(equal=9))
    cards = fields.List(fields.Nested(CardSchema), required=True, validate=validate.Length(min=9, max=16))

    @validates_schema
    def starter_cards_exist(self, data, **kwargs):
        names = [c["name"] for c in data.get("cards", [])]
        if len(names) != len(set(names)):
            raise ValidationError("a card is listed twice", "cards")
        missing = [n for n in data.get("starter", []) if n not in names]
        if missing:
            raise ValidationError(f"starter deck card(s) not in the faction's cards: {', '.join(missing)}", "starter")


class FactionsFile(_Base):
    factions = fields.List(fields.Nested(FactionSchema), required=True, validate=validate.Length(min=2))


class FaceSchema(_Base):
    label = fields.String(required=True, validate=validate.Length(min=1, max=8))
    value = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=9))
    critical = fields.Boolean(required=True)


class DieSchema(_Base):
    faces = fields.List(fields.Nested(FaceSchema), required=True, validate=validate.Length(min=2, max=20))
    verified = fields.Boolean(required=True)


class DiceFile(_Base):
    result_die = fields.Nested(DieSchema, required=True)


FILES = {"factions.json": FactionsFile, "dice.json": DiceFile}


def load_lost_empires_content(folder: Path) -> Content:
    files = load_files(folder, FILES)
    factions = tuple(
        Faction(f["name"], f["keyword"], tuple(Card(**{**c, "keywords": tuple(c["keywords"])}) for c in f["cards"]),
                tuple(f["starter"]))
        for f in files["factions.json"]["factions"])
    if len({f.name for f in factions}) != len(factions):
        raise ContentError(f"{Path(folder) / 'factions.json'}: field factions: a faction is listed twice")
    die = files["dice.json"]["result_die"]
    return Content(factions, Die("result", tuple(Face(**x) for x in die["faces"]), die["verified"]))

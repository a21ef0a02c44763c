"""Validate data/shattered-empires/cards.json at start-up and build the Shattered Empires rules' Content.

A bad file stops start-up with the file and the field named (as data/lost-empires/ does).
"""
from __future__ import annotations

from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games.shattered_empires import CARD_TYPES, DESIGNATIONS, UNIT_TYPES, Base, Card, Content
from ...schemas.content.base import ContentSchema as _Base
from ...schemas.content.base import load_files

Name = lambda: fields.String(required=True, validate=validate.Length(min=1, max=80))  # noqa: E731
Stat = lambda hi=99: fields.Integer(load_default=0, strict=True, validate=validate.Range(min=0, max=hi))  # noqa: E731
Flag = lambda: fields.Boolean(load_default=False)  # noqa: E731
Maybe = lambda options: fields.String(load_default=None, allow_none=True, validate=validate.OneOf(options))  # noqa: E731


class CardSchema(_Base):
    name = Name()
    type = fields.String(required=True, validate=validate.OneOf(CARD_TYPES))
    faction = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40))
    cost = Stat()
    unit = Maybe(UNIT_TYPES)
    requires = Maybe(UNIT_TYPES)
    hp = Stat()
    shields = Stat()
    evasion = Stat(12)
    hit = Stat(12)
    weapons = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=99)), load_default=list)
    repair = Stat()
    auto_repair = Stat()
    intercept = Flag()
    launcher = Stat(9)
    yields = Stat()
    command = Stat()
    queue = Stat()
    designation = Maybe(DESIGNATIONS)
    alternate = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=200))
    unlimited = Flag()
    unique = Flag()
    sideboard = Flag()
    instant = Flag()
    verified = fields.Boolean(required=True)

    @validates_schema
    def shaped_for_its_type(self, data, **kwargs):
        if data["type"] == "personnel" and not data.get("designation"):
            raise ValidationError("a personnel card needs its designation", "designation")
        if data["type"] == "construction":
            if bool(data.get("unit")) == bool(data.get("requires")):
                raise ValidationError("a construction project is a unit (unit) or a modification (requires)", "unit")
            if not data.get("hp"):
                raise ValidationError("a unit or modification needs hit points", "hp")


class BaseSchema(_Base):
    name = Name()
    faction = Name()
    hp = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=999))
    queue = Stat(20)
    yields = Stat()
    command = Stat()
    ability = fields.String(load_default="", validate=validate.Length(max=300))
    verified = fields.Boolean(required=True)


class StarterSchema(_Base):
    faction = Name()
    deck = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=1, max=99)),
                       required=True)


class CardsFile(_Base):
    cards = fields.List(fields.Nested(CardSchema), required=True, validate=validate.Length(min=1))
    bases = fields.List(fields.Nested(BaseSchema), required=True, validate=validate.Length(min=2))
    starters = fields.List(fields.Nested(StarterSchema), load_default=list)

    @validates_schema
    def names_agree(self, data, **kwargs):
        names = [c["name"] for c in data.get("cards", [])]
        if len(names) != len(set(names)):
            raise ValidationError("a card is listed twice", "cards")
        if len({b["name"] for b in data.get("bases", [])}) != len(data.get("bases", [])):
            raise ValidationError("a base is listed twice", "bases")
        for s in data.get("starters", []):
            missing = [n for n in s["deck"] if n not in names]
            if missing:
                raise ValidationError(f"starter deck card(s) not in the cards: {', '.join(missing)}", "starters")


def load_shattered_empires_content(folder: Path) -> Content:
    doc = load_files(folder, {"cards.json": CardsFile})["cards.json"]
    cards = tuple(Card(**{**c, "weapons": tuple(c["weapons"])}) for c in doc["cards"])
    bases = tuple(Base(**b) for b in doc["bases"])
    starters = tuple((s["faction"], tuple(sorted(s["deck"].items()))) for s in doc["starters"])
    return Content(cards, bases, starters)

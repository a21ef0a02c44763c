"""Validate data/aldarra-reborn/*.json at start-up and build the Aldarra Reborn rules' Content.

A bad file stops start-up with the file and the field named (as data/lost-empires/ does).
"""
from __future__ import annotations

from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games.aldarra import CLASSES, COLORS, FACTIONS, UNITS, BuyOption, Content, FactionInfo, Stats, UnitCard
from ...games.frame import Die, Face
from ...schemas.content.base import ContentError, load_files
from ...schemas.content.base import ContentSchema as _Base

Count = lambda lo=0, hi=99: fields.Integer(required=True, strict=True,  # noqa: E731
                                           validate=validate.Range(min=lo, max=hi))


class StatsSchema(_Base):
    dice = fields.Dict(keys=fields.String(validate=validate.OneOf(COLORS)), values=Count(1, 9), required=True)
    armor = Count(1, 20)
    coins = Count(0, 99)
    crystals = Count(0, 9)


class UnitSchema(_Base):
    name = fields.String(required=True, validate=validate.OneOf(UNITS))
    classification = fields.String(required=True, validate=validate.OneOf(CLASSES))
    standard = fields.Nested(StatsSchema, required=True)
    upgraded = fields.Nested(StatsSchema, required=True)
    verified = fields.Boolean(required=True)

    @validates_schema
    def buildings(self, data, **kwargs):
        # p.4: the two Buildings are the Fortress and the Outpost; every other unit is an airship.
        if (data.get("name") in ("Fortress", "Outpost")) != (data.get("classification") == "building"):
            raise ValidationError("Fortresses and Outposts are the Buildings (p.4)", "classification")


class UnitsFile(_Base):
    units = fields.List(fields.Nested(UnitSchema), required=True, validate=validate.Length(equal=len(UNITS)))

    @validates_schema
    def every_unit_once(self, data, **kwargs):
        if sorted(u["name"] for u in data.get("units", [])) != sorted(UNITS):
            raise ValidationError(f"list each unit once: {', '.join(UNITS)}", "units")


class FaceSchema(_Base):
    label = fields.String(required=True, validate=validate.Length(min=1, max=8))
    value = Count(0, 9)
    critical = fields.Boolean(required=True)  # the face explodes


class DieSchema(_Base):
    faces = fields.List(fields.Nested(FaceSchema), required=True, validate=validate.Length(equal=8))
    verified = fields.Boolean(required=True)


class DiceFile(_Base):
    dice = fields.Dict(keys=fields.String(validate=validate.OneOf(COLORS)), values=fields.Nested(DieSchema),
                       required=True, validate=validate.Length(equal=len(COLORS)))


class OptionSchema(_Base):
    pay = fields.String(required=True, validate=validate.OneOf(["coins", "crystals"]))
    amount = Count(1, 99)
    vp = Count(1, 20)


class BuyFile(_Base):
    options = fields.List(fields.Nested(OptionSchema), required=True, validate=validate.Length(min=1, max=9))
    verified = fields.Boolean(required=True)


class FactionSchema(_Base):
    name = fields.String(required=True, validate=validate.OneOf(FACTIONS))
    abilities = fields.List(fields.String(validate=validate.Length(min=1, max=400)), required=True)
    starting_discovery = fields.String(required=True, allow_none=True)
    verified = fields.Boolean(required=True)


class FactionsFile(_Base):
    factions = fields.List(fields.Nested(FactionSchema), required=True, validate=validate.Length(equal=len(FACTIONS)))


FILES = {"units.json": UnitsFile, "dice.json": DiceFile, "buy_vp.json": BuyFile, "factions.json": FactionsFile}


def _stats(d: dict) -> Stats:
    return Stats(tuple((c, d["dice"][c]) for c in COLORS if c in d["dice"]), d["armor"], d["coins"], d["crystals"])


def load_aldarra_content(folder: Path) -> Content:
    files = load_files(folder, FILES)
    units = tuple(UnitCard(u["name"], u["classification"], _stats(u["standard"]), _stats(u["upgraded"]),
                           u["verified"]) for u in files["units.json"]["units"])
    dice = tuple(Die(c, tuple(Face(**f) for f in files["dice.json"]["dice"][c]["faces"]),
                     files["dice.json"]["dice"][c]["verified"]) for c in COLORS)
    for d in dice:
        if all(f.critical for f in d.faces):
            raise ContentError(f"{Path(folder) / 'dice.json'}: field dice.{d.name}: every face explodes; a roll "
                               "would never end")
    factions = tuple(FactionInfo(f["name"], tuple(f["abilities"]), f["starting_discovery"], f["verified"])
                     for f in files["factions.json"]["factions"])
    if len({f.name for f in factions}) != len(FACTIONS):
        raise ContentError(f"{Path(folder) / 'factions.json'}: field factions: a faction is listed twice")
    return Content(units, dice, tuple(BuyOption(**o) for o in files["buy_vp.json"]["options"]), factions)

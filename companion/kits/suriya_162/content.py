"""Validate data/suriya-162/*.json at start-up and build the Suriya 162 rules' Content.

A bad file stops start-up with the file and the field named (as data/lost-empires/ does).
"""
from __future__ import annotations

from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games.suriya_162 import BONUSES, HEADQUARTER, KINDS, Content, SymbolDie, Symbols, Terrain
from ...schemas.content.base import ContentError, load_files
from ...schemas.content.base import ContentSchema as _Base

Name = lambda: fields.String(required=True, validate=validate.Length(min=1, max=40))  # noqa: E731
Small = lambda hi=9: fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=hi))  # noqa: E731
Flag = lambda: fields.Boolean(required=True)  # noqa: E731
DICE = ("basic", "elite", "general", "attacker")


def _unique(names: list[str], field: str) -> None:
    if len(names) != len(set(names)):
        raise ValidationError("a name is listed twice", field)


class TerrainSchema(_Base):
    name = Name()
    attack = Small()
    defend = Small()
    min_units = Small(6)
    defend_zero = Flag()
    ignores_target_bonuses = Flag()
    discard_to_enter = Small(6)
    highest_tray = Flag()
    hidden = fields.Boolean(load_default=False)  # Forest: no damage from effects outside combat (Locations)
    tiles = Small(16)
    verified = Flag()


class TerrainFile(_Base):
    terrains = fields.List(fields.Nested(TerrainSchema), required=True, validate=validate.Length(min=2))

    @validates_schema
    def named_once(self, data, **kwargs):
        names = [t["name"] for t in data.get("terrains", [])]
        _unique(names, "terrains")
        if HEADQUARTER not in names:
            raise ValidationError(f"the {HEADQUARTER} terrain is missing", "terrains")


class FaceSchema(_Base):
    damage = Small()
    defend = Small()
    tactic = Small()


class DieSchema(_Base):
    name = fields.String(required=True, validate=validate.OneOf(DICE))
    faces = fields.List(fields.Nested(FaceSchema), required=True, validate=validate.Length(min=2, max=20))
    verified = Flag()


class DiceFile(_Base):
    dice = fields.List(fields.Nested(DieSchema), required=True)

    @validates_schema
    def every_die(self, data, **kwargs):
        names = [d["name"] for d in data.get("dice", [])]
        _unique(names, "dice")
        if sorted(names) != sorted(DICE):
            raise ValidationError(f"give the faces of each die: {', '.join(DICE)}", "dice")


class UnitSchema(_Base):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    hp = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=1, max=20))
    verified = Flag()


class FactionsSchema(_Base):
    names = fields.List(Name(), required=True, validate=validate.Length(min=2, max=4))
    verified = Flag()


Slot = lambda: fields.List(fields.String(allow_none=True, validate=validate.OneOf(tuple(BONUSES))),  # noqa: E731
                           required=True, validate=validate.Length(min=1, max=20))


class TraySchema(_Base):
    BU = Slot()
    EU = Slot()
    verified = Flag()


class UnitsFile(_Base):
    units = fields.List(fields.Nested(UnitSchema), required=True)
    factions = fields.Nested(FactionsSchema, required=True)
    tray = fields.Nested(TraySchema, required=True)

    @validates_schema
    def every_kind(self, data, **kwargs):
        kinds = [u["kind"] for u in data.get("units", [])]
        _unique(kinds, "units")
        if sorted(kinds) != sorted(KINDS):
            raise ValidationError("give BU, EU and GU", "units")
        _unique(data.get("factions", {}).get("names", []), "factions")


FILES = {"terrain.json": TerrainFile, "dice.json": DiceFile, "units.json": UnitsFile}


def load_suriya_content(folder: Path) -> Content:
    files = load_files(folder, FILES)
    terrains = tuple(Terrain(**t) for t in files["terrain.json"]["terrains"])
    if sum(t.tiles for t in terrains) < 5:
        raise ContentError(f"{Path(folder) / 'terrain.json'}: field terrains: fewer than 5 tiles to draw (B2)")
    dice = tuple(SymbolDie(d["name"], tuple(Symbols(**f) for f in d["faces"]), d["verified"])
                 for d in files["dice.json"]["dice"])
    units = files["units.json"]
    return Content(terrains, dice, tuple((u["kind"], u["hp"]) for u in units["units"]),
                   tuple(units["factions"]["names"]),
                   tuple((k, tuple(units["tray"][k])) for k in ("BU", "EU")))

"""Validate data/phantom-epoch/*.json at start-up and build the engine's CampaignContent.

A bad file stops start-up with the file and the field named.
"""
from __future__ import annotations

from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ..files.card_actions import ActionSchema
from ...phantom.content import (
    CampaignContent, ClassInfo, FameTier, MissionInfo, StartingItem, planet_missions,
)
from ...phantom.decision import COLORS
from ...phantom.dice import DiceError
from ...phantom.dice_faces import dice_table
from .base import ContentError, ContentSchema, load_files
from .class_boards import ClassBoardsFile, class_boards
from .mission_rewards import check_rewards, rewards_field

Name = lambda: fields.String(required=True, validate=validate.Length(min=1, max=80))  # noqa: E731


class StartingItemSchema(ContentSchema):
    number = fields.String(required=True)
    name = Name()
    once_per_mission = fields.Boolean(required=True)


class ClassSchema(ContentSchema):
    name = Name()
    starting = fields.Boolean(required=True)
    starting_items = fields.List(fields.Nested(StartingItemSchema), load_default=list)


class ItemSlotsSchema(ContentSchema):
    value = fields.Integer(required=True, validate=validate.Range(min=1, max=6))


class ClassesFile(ContentSchema):
    classes = fields.List(fields.Nested(ClassSchema), required=True, validate=validate.Length(min=1))
    item_slots = fields.Nested(ItemSlotsSchema, required=True)


class SpeciesSchema(ContentSchema):
    name = Name()
    playable = fields.Boolean(required=True)
    hp = fields.Integer(allow_none=True, required=True, validate=validate.Range(min=1))
    ap = fields.Integer(allow_none=True, required=True, validate=validate.Range(min=1))
    special = fields.String(allow_none=True, required=True)
    verified = fields.Boolean(required=True)


class SpeciesFile(ContentSchema):
    species = fields.List(fields.Nested(SpeciesSchema), required=True, validate=validate.Length(min=1))


class PlanetSchema(ContentSchema):
    name = Name()
    missions = fields.Integer(required=True, validate=validate.Range(min=1, max=99))


class FameTierSchema(ContentSchema):
    tier = fields.Integer(required=True, validate=validate.Range(min=1, max=9))
    min_fame = fields.Integer(required=True, validate=validate.Range(min=0))


class PlanetsFile(ContentSchema):
    planets = fields.List(fields.Nested(PlanetSchema), required=True, validate=validate.Length(min=1))
    fame_tiers = fields.List(fields.Nested(FameTierSchema), required=True, validate=validate.Length(min=1))


class MissionSchema(ContentSchema):
    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9-]+$"))
    name = Name()
    planet = fields.String(allow_none=True, required=True)
    verified = fields.Boolean(required=True)


class PlanetMissionsSchema(ContentSchema):
    count = fields.Integer(required=True, validate=validate.Range(min=1, max=99))
    verified = fields.Boolean(required=True)


class MissionsFile(ContentSchema):
    """The missions (the tutorial, then each planet's), which are open at the start, and each one's rewards and
    difficulty rating (schemas/content/mission_rewards.py)."""
    tutorial = fields.Nested(MissionSchema, required=True)
    initially_available = fields.List(fields.String(), required=True)
    planet_missions = fields.Nested(PlanetMissionsSchema, required=True)
    rewards = rewards_field()


class ConditionSchema(ContentSchema):
    name = Name()
    kind = fields.String(required=True, validate=validate.OneOf(["beneficial", "detrimental"]))
    page = fields.Integer(required=True)
    text = fields.String(required=True, validate=validate.Length(min=1))


class ConditionsFile(ContentSchema):
    conditions = fields.List(fields.Nested(ConditionSchema), required=True, validate=validate.Length(min=1))


class HazardSchema(ContentSchema):
    name = fields.String(required=True, validate=validate.OneOf(["fire", "poison", "trap"]))
    damage = fields.Integer(required=True, validate=validate.Range(min=0))
    condition = fields.String(allow_none=True, required=True)
    page = fields.Integer(required=True)
    text = fields.String(required=True)


class HazardsFile(ContentSchema):
    hazards = fields.List(fields.Nested(HazardSchema), required=True, validate=validate.Length(equal=3))


class BossActionSchema(ContentSchema):
    number = fields.Integer(required=True)
    name = Name()
    ap = fields.Integer(required=True, validate=validate.Range(min=0))
    text = fields.String(required=True)
    actions = fields.List(fields.Nested(ActionSchema), load_default=None)  # the text as the AI plays it


class BossSchema(ContentSchema):
    name = Name()
    character_counts = fields.List(fields.Integer(), required=True)
    hp = fields.List(fields.Integer(validate=validate.Range(min=1)), required=True)
    attack = fields.List(fields.Integer(), required=True)
    guard = fields.List(fields.Integer(), required=True)
    range = fields.List(fields.Integer(validate=validate.Range(min=1)), required=True)
    inherent = fields.Nested(BossActionSchema(exclude=["number"]), required=True)
    critical_ability = fields.String(required=True)
    actions = fields.List(fields.Nested(BossActionSchema), required=True)
    verified = fields.Boolean(required=True)


class BossesFile(ContentSchema):
    bosses = fields.List(fields.Nested(BossSchema), required=True)


class AttackDieSchema(ContentSchema):
    color = fields.String(required=True, validate=validate.OneOf(COLORS))
    faces = fields.List(fields.Raw(), required=True)
    verified = fields.Boolean(required=True)


class FacesSchema(ContentSchema):
    faces = fields.List(fields.Raw(), required=True)
    verified = fields.Boolean(required=True)


class AttackDiceSchema(ContentSchema):
    basic = fields.Nested(AttackDieSchema, required=True)
    blitz = fields.Nested(AttackDieSchema, required=True)


class DiceFile(ContentSchema):
    """Face tables (p.36 lacks them): the shape here, the faces by the engine's own check."""
    attack_dice = fields.Nested(AttackDiceSchema, required=True)
    accuracy_die = fields.Nested(FacesSchema, required=True)
    decision_die = fields.Nested(FacesSchema, required=True)

    @validates_schema
    def faces_fit_the_dice(self, data, **kwargs):
        try:
            dice_table(data)
        except DiceError as exc:
            raise ValidationError(exc.problem, exc.field or "_schema") from None


FILES = {
    "classes.json": ClassesFile, "species.json": SpeciesFile, "planets.json": PlanetsFile,
    "missions.json": MissionsFile, "conditions.json": ConditionsFile, "hazards.json": HazardsFile,
    "bosses.json": BossesFile, "dice.json": DiceFile, "class-boards.json": ClassBoardsFile,
}


def load_campaign_content(folder: Path) -> tuple[CampaignContent, dict]:
    """The engine's content, and the raw validated files for display (conditions, hazards, boss)."""
    files = load_files(folder, FILES)
    planets = tuple(p["name"] for p in files["planets.json"]["planets"])
    mfile = files["missions.json"]
    tut = mfile["tutorial"]
    count = mfile["planet_missions"]["count"]
    missions = (MissionInfo(tut["id"], tut["name"], tut["planet"], None),) + planet_missions(planets, count)
    ids = tuple(m.id for m in missions)
    for mid in mfile["initially_available"]:
        if mid not in ids:
            raise ContentError(f"{Path(folder) / 'missions.json'}: field initially_available: no mission {mid!r}")
    check_rewards(mfile["rewards"], ids, planets, str(Path(folder) / "missions.json"))
    cfile = files["classes.json"]
    boards = class_boards(files["class-boards.json"])
    content = CampaignContent(
        planets=planets,
        fame_tiers=tuple(FameTier(t["tier"], t["min_fame"]) for t in files["planets.json"]["fame_tiers"]),
        classes=tuple(ClassInfo(c["name"], tuple(StartingItem(**i) for i in c["starting_items"]),
                                boards.get(c["name"])) for c in cfile["classes"]),
        species=tuple(s["name"] for s in files["species.json"]["species"] if s["playable"]),
        missions=missions,
        initially_available=tuple(mfile["initially_available"]),
        item_slots=cfile["item_slots"]["value"],
        dice=dice_table(files["dice.json"]),
    )
    return content, files

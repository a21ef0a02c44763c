"""The campaign export file: {"format": "phantom-epoch-campaign/1", "exported_at": ..., "campaign": {...}}.

`load_campaign_file` checks every field and returns a Campaign, or raises
ValueError with one line naming the bad field; nothing is written before that.
"""
from __future__ import annotations

import json

from marshmallow import ValidationError, fields, validate, validates_schema

from ...phantom.campaign import FORMAT, NAME_MAX, NOTES_MAX, Campaign, campaign_from_dict, campaign_to_dict
from .base import FileSchema
from .exports import read_export, validated

Text = lambda n=NAME_MAX, **kw: fields.String(required=True, validate=validate.Length(min=1, max=n), **kw)  # noqa: E731
Count = lambda lo=0, hi=9999: fields.Integer(required=True, strict=True, validate=validate.Range(min=lo, max=hi))  # noqa: E731
Ident = lambda: fields.String(required=True, validate=validate.Regexp(r"^[a-z]\d{1,9}$"))  # noqa: E731


class CardSchema(FileSchema):
    name = Text()
    sp = Count(0, 99)


class EquipmentSchema(FileSchema):
    id = Ident()
    name = Text()
    slot = fields.String(required=True, validate=validate.OneOf(["head", "body", "feet"]))
    tier = Count(1, 3)
    planet = Text()
    cost = Count(0, 999)
    charge_slots = Count(0, 10)
    equipped = fields.Boolean(required=True)
    charges = Count(0, 10)
    guard = fields.Integer(load_default=0, strict=True, validate=validate.Range(min=-9, max=9))


class AttachmentSchema(FileSchema):
    id = Ident()
    name = Text()
    type = Text()
    tier = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=1, max=4))
    charge_slots = Count(0, 10)
    starting = fields.Boolean(required=True)
    equipped = fields.Boolean(required=True)
    charges = Count(0, 10)
    guard = fields.Integer(load_default=0, strict=True, validate=validate.Range(min=-9, max=9))


class ItemSchema(FileSchema):
    id = Ident()
    number = Text(8)
    name = Text()
    once_per_mission = fields.Boolean(required=True)
    equipped = fields.Boolean(required=True)


class CharacterSchema(FileSchema):
    id = Ident()
    name = Text()
    class_name = Text()
    species = Text()
    nova_cells = Count(0, 99999)
    sp = Count(0, 9999)
    cards = fields.List(fields.Nested(CardSchema), required=True)
    equipment = fields.List(fields.Nested(EquipmentSchema), required=True)
    attachments = fields.List(fields.Nested(AttachmentSchema), required=True)
    items = fields.List(fields.Nested(ItemSchema), required=True)
    completed = fields.List(fields.String(), required=True)
    sp_rewarded = fields.List(fields.String(), required=True)
    refund_allowed = fields.Boolean(required=True)
    active = fields.Boolean(required=True)
    version = Count(1, 10**9)
    max_hp = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=99))
    max_ap = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=99))


class MissionStatusSchema(FileSchema):
    available = fields.Boolean(required=True)
    completed = fields.Boolean(required=True)
    all_taken = fields.Boolean(required=True, allow_none=True)


class ExpeditionSchema(FileSchema):
    deck = Text()
    card = Text(12)
    result = fields.String(required=True, validate=validate.OneOf(["shuffle", "discard"]))
    note = fields.String(required=True, validate=validate.Length(max=500))
    effects = fields.List(fields.String(validate=validate.Length(max=200)), load_default=list)


class RequirementSchema(FileSchema):
    kind = fields.String(required=True, validate=validate.OneOf(["schematic", "equipment", "simulation"]))
    name = Text()
    found = fields.Boolean(required=True)


class UpgradeSchema(FileSchema):
    id = Ident()
    name = Text()
    cost = Count(0, 99)
    requirements = fields.List(fields.Nested(RequirementSchema), required=True)
    paid = fields.Boolean(required=True)
    performed = fields.Boolean(required=True)


class CampaignSchema(FileSchema):
    name = Text()
    notes = fields.String(required=True, validate=validate.Length(max=NOTES_MAX))
    vanished_tech = Count(0, 9999)
    fame = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=0)),
                       required=True)
    missions = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[a-z0-9-]+$")),
                           values=fields.Nested(MissionStatusSchema), required=True)
    characters = fields.List(fields.Nested(CharacterSchema), required=True)
    orbs_taken = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1)), required=True)
    treasures_taken = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1)), required=True)
    rewarded = fields.List(fields.String(), required=True)
    location = fields.String(required=True, allow_none=True)
    last_mission = fields.String(required=True, allow_none=True)
    planetary_drawn = fields.Boolean(required=True)
    expeditions = fields.List(fields.Nested(ExpeditionSchema), required=True)
    discarded_expeditions = fields.List(fields.String(), required=True)
    unlocked_expeditions = fields.List(fields.String(), required=True)
    shop_cards = fields.List(fields.Nested(EquipmentSchema), load_default=list)
    upgrades = fields.List(fields.Nested(UpgradeSchema), required=True)
    extra_classes = fields.List(Text(), required=True)
    extra_species = fields.List(Text(), required=True)
    standalone_tier = fields.Integer(required=True, allow_none=True, strict=True,
                                     validate=validate.Range(min=1, max=4))
    reward_pickers = fields.List(fields.String(), required=True)
    reward_max_tier = fields.Integer(required=True, allow_none=True, strict=True)
    reward_mission = fields.String(required=True, allow_none=True)
    next_id = Count(1, 10**9)
    version = Count(1, 10**9)

    @validates_schema
    def consistent(self, data, **kwargs):
        ids = [c["id"] for c in data.get("characters", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two characters share an id.", "characters")
        if data.get("location") is not None and data["location"] not in data.get("fame", {}):
            raise ValidationError(f"Unknown planet {data['location']!r}.", "location")


class CampaignFileSchema(FileSchema):
    format = fields.String(required=True)
    exported_at = fields.String(load_default=None)
    campaign = fields.Nested(CampaignSchema, required=True)

    @validates_schema
    def known_format(self, data, **kwargs):
        if data.get("format") != FORMAT:
            raise ValidationError(f"Unsupported format {data.get('format')!r}; this app reads {FORMAT!r}.", "format")


def dump_campaign_file(campaign: Campaign, exported_at: str) -> str:
    return json.dumps({"format": FORMAT, "exported_at": exported_at, "campaign": campaign_to_dict(campaign)},
                      ensure_ascii=False, indent=2)


def load_campaign_file(text: str | bytes) -> Campaign:
    raw = read_export(text, "campaign", FORMAT, "format and campaign")
    data = validated("campaign", lambda: CampaignFileSchema().load(raw))
    doc = data["campaign"]
    ids = [u["id"] for u in doc["upgrades"]]
    for ch in doc["characters"]:
        ids += [ch["id"]] + [t["id"] for kind in ("equipment", "attachments", "items") for t in ch[kind]]
    # New ids must not collide with imported ones, whatever next_id the file says.
    doc["next_id"] = max([doc["next_id"]] + [int(i[1:]) + 1 for i in ids])
    return campaign_from_dict(doc)

"""The mission-result, training and attachment-reward forms."""
from __future__ import annotations

import re

from marshmallow import ValidationError, fields, pre_load, validates_schema

from ..phantom.characters import ATTACHMENT_TYPES
from .fields import FormSchema, choice, count, text


def numbers(text: str) -> list[int]:
    """'1, 3 4' -> [1, 3, 4]: campaign orb/treasure numbers as printed on the map."""
    parts = [p for p in re.split(r"[\s,;]+", text or "") if p]
    if any(not p.isascii() or not p.isdigit() or not 1 <= int(p) <= 999 for p in parts):
        raise ValidationError("Enter the numbers printed on the map, separated by commas, e.g. 1, 3.")
    return [int(p) for p in parts]


class TokenNumbers(fields.Field):
    def _deserialize(self, value, attr, data, **kwargs):
        return tuple(numbers(value if isinstance(value, str) else ""))


class PartyForm(FormSchema):
    party = fields.List(fields.String(), required=True, error_messages={
        "required": "Tick the characters who embarked.", "null": "Tick the characters who embarked."})
    outcome = choice(["success", "failure"])

    @validates_schema
    def party_chosen(self, data, **kwargs):
        if not data.get("party"):
            raise ValidationError("Tick the characters who embarked.", "party")


class MissionResultForm(PartyForm):
    mission = text()
    difficulty = count(1, 4, required=False)
    sp = count(0, 99, required=False, default=0)
    vanished_tech = count(0, 99, required=False, default=0)
    unlocks = fields.List(fields.String(), load_default=list)
    orbs = TokenNumbers(load_default=())
    treasures = TokenNumbers(load_default=())
    all_taken = choice(["yes", "no"], required=False)
    nova_cells = fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=False, error_messages={"invalid": "Enter a whole number."}), load_default=dict)
    fame = fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=False, error_messages={"invalid": "Enter a whole number."}), load_default=dict)

    @pre_load
    def gather(self, data, **kwargs):
        # nova_<character id> and fame_<planet> boxes become two dicts
        data = dict(data)
        data["nova_cells"] = {k[5:]: data.pop(k) for k in list(data) if k.startswith("nova_")}
        data["fame"] = {k[5:]: data.pop(k) for k in list(data) if k.startswith("fame_")}
        return data

    @validates_schema
    def ranges(self, data, **kwargs):
        for key, low, high in (("nova_cells", 0, 999), ("fame", -99, 99)):
            for value in data.get(key, {}).values():
                if not low <= value <= high:
                    raise ValidationError(f"Enter a whole number from {low} to {high}.", key)


class TrainingForm(PartyForm):
    planet = text()
    tier = count(1, 4)


class RewardPickForm(FormSchema):
    character = text()
    name = text()
    type = choice(ATTACHMENT_TYPES)
    tier = count(1, 4)
    charge_slots = count(0, 10, required=False, default=0)


class CloseRewardsForm(FormSchema):
    """Nothing to fill in: closing the attachment draw."""

"""The mission-result, training and attachment-reward forms."""
from __future__ import annotations

import re

from marshmallow import ValidationError, fields, pre_load, validates_schema

from ...phantom.characters import ATTACHMENT_TYPES
from ..fields import choice, count, flag, text
from .base import FormSchema


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


class BookRewardsForm(FormSchema):
    """The rewards printed in the Mission book (p.14): SP for each character, Vanished technology, fame per
    planet (fame_<planet> boxes) and the missions it unlocks; the mission's difficulty rating (the attachment
    draw, p.9 and p.14 step 6); `book_checked`: a player read them off the Mission book. Offered filled from
    the table's entry of the mission (schemas/content/mission_rewards.py)."""
    difficulty = count(1, 4, required=False)
    book_checked = flag()
    sp = count(0, 99, required=False, default=0)
    vanished_tech = count(0, 99, required=False, default=0)
    unlocks = fields.List(fields.String(), load_default=list)
    fame = fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=False, error_messages={"invalid": "Enter a whole number."}), load_default=dict)

    @pre_load
    def gather_fame(self, data, **kwargs):
        data = dict(data)
        data["fame"] = {k[5:]: data.pop(k) for k in list(data) if k.startswith("fame_")}
        return data

    @validates_schema
    def fame_range(self, data, **kwargs):
        if any(not -99 <= v <= 99 for v in data.get("fame", {}).values()):
            raise ValidationError("Enter a whole number from -99 to 99.", "fame")


class MissionResultForm(PartyForm, BookRewardsForm):
    mission = text()
    orbs = TokenNumbers(load_default=())
    treasures = TokenNumbers(load_default=())
    all_taken = choice(["yes", "no"], required=False)
    nova_cells = fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=False, error_messages={"invalid": "Enter a whole number."}), load_default=dict)

    @pre_load
    def gather_nova(self, data, **kwargs):
        # nova_<character id> boxes become one dict
        data = dict(data)
        data["nova_cells"] = {k[5:]: data.pop(k) for k in list(data) if k.startswith("nova_")}
        return data

    @validates_schema
    def nova_range(self, data, **kwargs):
        if any(not 0 <= v <= 999 for v in data.get("nova_cells", {}).values()):
            raise ValidationError("Enter a whole number from 0 to 999.", "nova_cells")


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

"""Forms of the character sheet."""
from __future__ import annotations

from ...phantom.campaign import NAME_MAX
from ...phantom.characters import ATTACHMENT_TYPES
from ...phantom.conditions import CONDITIONS
from marshmallow import pre_load

from ..fields import choice, count, delta, flag, text, version
from .base import FormSchema

KINDS = ["equipment", "attachments", "items"]


class CharacterForm(FormSchema):
    """A new character (the campaign sheet's form)."""
    name = text(NAME_MAX)
    class_name = text(NAME_MAX)
    species = text(NAME_MAX)


class EditCharacterForm(CharacterForm):
    """A character's sheet edited: with the sheet's version, so a stale sheet never overwrites a newer one."""
    version = version()


class CounterForm(FormSchema):
    what = choice(["nova_cells", "sp"])
    delta = delta()


class ActiveForm(FormSchema):
    active = flag()


class BuyCardForm(FormSchema):
    card_name = text(NAME_MAX)
    sp_cost = count(1, 99)


class RefundForm(FormSchema):
    card_name = text(NAME_MAX)


class AttachmentForm(FormSchema):
    name = text(NAME_MAX)
    type = choice(ATTACHMENT_TYPES)
    tier = count(1, 4, required=False)
    charge_slots = count(0, 10, required=False, default=0)
    starting = flag()
    # the critical ability printed on the card (p.20), as the mission applies it; all blank: none
    critical_condition = choice(CONDITIONS, required=False)
    critical_damage = count(0, 20, required=False, default=0)
    critical_push = count(0, 9, required=False, default=0)
    critical_adjacent_attack = count(-9, 9, required=False)
    critical_text = text(600, required=False)


class ItemForm(FormSchema):
    number = text(8, required=False)
    name = text(NAME_MAX)
    once_per_mission = flag()


class ThingForm(FormSchema):
    kind = choice(KINDS)
    thing = text()


class ChargeForm(FormSchema):
    kind = choice(KINDS[:2])
    thing = text()
    delta = delta(-1, 1)


class GiveNovaForm(FormSchema):
    to_character = text()
    amount = count(1, 999)


class GiveThingForm(FormSchema):
    kind = choice(KINDS[:2])
    thing = text()
    to_character = text()

    @pre_load
    def split_ref(self, data, **kwargs):
        # the picker sends "equipment:e3" so one select names both kind and card
        data = dict(data)
        kind, _, thing = (data.pop("thing_ref", None) or "").partition(":")
        if thing:
            data.setdefault("kind", kind)
            data.setdefault("thing", thing)
        return data


class NumbersForm(FormSchema):
    """The HP and AP of the character's species card (p.43), carried into every mission; blank: not known."""
    max_hp = count(1, 99, required=False)
    max_ap = count(1, 99, required=False)


class GuardForm(FormSchema):
    """One step of the Guard printed on an equipment or attachment card."""
    kind = choice(KINDS[:2])
    thing = text()
    delta = delta(-1, 1)

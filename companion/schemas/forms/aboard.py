"""Between-missions forms: shop, expeditions, the Phantom Epoch upgrade board."""
from __future__ import annotations

from marshmallow import ValidationError, fields

from ...phantom.aboard import EXPEDITION_RESULTS, REQUIREMENT_KINDS
from ...phantom.characters import SLOTS
from ..fields import choice, count, text
from .base import FormSchema


class BuyEquipmentForm(FormSchema):
    character = text()
    name = text()
    slot = choice(SLOTS)
    tier = count(1, 3)
    cost = count(0, 999)
    charge_slots = count(0, 10, required=False, default=0)
    planet = text(required=False)


class SellForm(FormSchema):
    character = text()
    thing = text()


class ExpeditionForm(FormSchema):
    deck = choice(["planetary", "story"])
    card = text(12)
    result = choice(EXPEDITION_RESULTS)
    note = text(500, required=False)


class UnlockExpeditionForm(FormSchema):
    deck = text()
    card = text(12)


class Requirements(fields.Field):
    """One requirement a line, 'schematic: Engine core' (kind, a colon, the name)."""

    def _deserialize(self, value, attr, data, **kwargs):
        out = []
        for n, line in enumerate((value or "").splitlines(), 1):
            if not line.strip():
                continue
            kind, sep, req = line.partition(":")
            kind = kind.strip().lower()
            if not sep or kind not in REQUIREMENT_KINDS or not req.strip():
                raise ValidationError(f"Line {n}: write 'schematic: name', 'equipment: name' or 'simulation: name'.")
            if len(req.strip()) > 80:
                raise ValidationError(f"Line {n}: a name is at most 80 characters.")
            out.append((kind, req.strip()))
        return tuple(out)


class UpgradeForm(FormSchema):
    name = text()
    cost = count(0, 99)
    requirements = Requirements(load_default=())


class UpgradeActionForm(FormSchema):
    upgrade = text()
    action = choice(["found", "pay", "perform"])
    index = count(0, 99, required=False, default=0)

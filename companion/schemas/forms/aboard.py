"""Between-missions forms: shop, expeditions, the Phantom Epoch upgrade board."""
from __future__ import annotations

from marshmallow import ValidationError, fields, pre_load, validates_schema

from ...phantom.aboard import CATALOGUE_KINDS, EXPEDITION_RESULTS, REQUIREMENT_KINDS
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


class BuyFromCatalogueForm(FormSchema):
    """One tap on a card of the table's catalogue: who buys, and which card."""
    character = text()
    card = text()


class GainFromCatalogueForm(FormSchema):
    """One tap on an attachment or item card of the table's catalogue: who gains it, which card."""
    character = text()
    kind = choice(CATALOGUE_KINDS)
    card = text()


def _changes() -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=False, error_messages={"invalid": "Enter a whole number."}), load_default=dict)


# The boxes of an expedition's result, one per character (nova_<id>, sp_<id>) or planet (fame_<planet>).
EFFECT_BOXES = {"nova_": "nova_cells", "sp_": "sp", "fame_": "fame"}


class ExpeditionForm(FormSchema):
    deck = choice(["planetary", "story"])
    card = text(12)
    result = choice(EXPEDITION_RESULTS)
    note = text(500, required=False)
    nova_cells = _changes()
    sp = _changes()
    fame = _changes()
    vanished_tech = count(-99, 99, required=False, default=0)
    item_character = text(required=False)
    item_number = text(8, required=False)
    item_name = text(required=False)

    @pre_load
    def gather_boxes(self, data, **kwargs):
        data = {k: v for k, v in dict(data).items() if v != "" or not k.startswith(tuple(EFFECT_BOXES))}
        for prefix, name in EFFECT_BOXES.items():
            data[name] = {k[len(prefix):]: data.pop(k) for k in list(data) if k.startswith(prefix)}
        return data

    @validates_schema
    def effect_ranges(self, data, **kwargs):
        for name in EFFECT_BOXES.values():
            if any(not -999 <= v <= 999 for v in data.get(name, {}).values()):
                raise ValidationError("Enter a whole number from -999 to 999.", name)


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

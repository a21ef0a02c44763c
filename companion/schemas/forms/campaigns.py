"""Forms of the campaign sheet and the home page."""
from __future__ import annotations

from marshmallow import fields

from ...phantom.campaign import NAME_MAX, NOTES_MAX
from ..fields import choice, count, delta, flag, text, version
from .base import FormSchema


class NewCampaignForm(FormSchema):
    """A new campaign and, seat by seat, the party it starts with (each seat may stay empty)."""
    name = text(NAME_MAX)
    standalone_tier = count(1, 4, required=False)
    character_1 = text(NAME_MAX, required=False)
    class_1 = text(NAME_MAX, required=False)
    species_1 = text(NAME_MAX, required=False)
    character_2 = text(NAME_MAX, required=False)
    class_2 = text(NAME_MAX, required=False)
    species_2 = text(NAME_MAX, required=False)
    character_3 = text(NAME_MAX, required=False)
    class_3 = text(NAME_MAX, required=False)
    species_3 = text(NAME_MAX, required=False)
    character_4 = text(NAME_MAX, required=False)
    class_4 = text(NAME_MAX, required=False)
    species_4 = text(NAME_MAX, required=False)


class RenameForm(FormSchema):
    name = text(NAME_MAX)
    version = version()


class NotesForm(FormSchema):
    notes = text(NOTES_MAX, required=False)
    version = version()


class DeltaForm(FormSchema):
    delta = delta()


class FameForm(FormSchema):
    planet = text()
    delta = delta()


class MissionFlagForm(FormSchema):
    mission = text()
    available = flag()
    all_taken = choice(["yes", "no"], required=False)


class TokenForm(FormSchema):
    kind = choice(["orb", "treasure"])
    number = count(1, 999)


class CustomForm(FormSchema):
    kind = choice(["class", "species"])
    name = text(NAME_MAX)


class ArchiveForm(FormSchema):
    archived = flag()


class ConfirmForm(FormSchema):
    confirm = fields.String(required=True, error_messages={"required": "Type the campaign's name to confirm."})

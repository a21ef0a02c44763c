"""Forms of a Shattered Empires game: Bases and decks, the cards played in each step, combat, repair."""
from __future__ import annotations

from marshmallow import ValidationError, fields, pre_load, validate

from ...games import shattered_empires as se
from ...schemas.fields import choice, count, delta, flag, text
from ..forms import DeckCards, GameForm

SEATS = [str(i) for i in range(se.MAX_PLAYERS)]
MAX_WEAPONS = 6


class BaseForm(GameForm):
    player = choice(SEATS)
    base = text()


class DeckForm(GameForm):
    player = choice(SEATS)
    starter = flag()
    cards = DeckCards(fields.String(validate=validate.Length(max=90)), load_default=dict)  # none ticked: refused 422
    sideboard = fields.List(fields.String(validate=validate.Length(max=80)), load_default=list)


class CardForm(GameForm):
    card = text()


class AllocateForm(GameForm):
    project = text(12)
    amount = count(1, 99)
    target = text(12, required=False)


class ModifyForm(GameForm):
    project = text(12)
    target = text(12)


class AssignForm(GameForm):
    personnel = text(12)
    to = text(12)


class DeclareForm(GameForm):
    """One target per weapon (blank: that weapon is not assigned now)."""
    attacker = text(12)
    ignore_stations = flag()
    weapon_1 = text(40, required=False)
    weapon_2 = text(40, required=False)
    weapon_3 = text(40, required=False)
    weapon_4 = text(40, required=False)
    weapon_5 = text(40, required=False)
    weapon_6 = text(40, required=False)


class Shots(fields.List):
    """Defending weapons as 'unit:weapon', e.g. 'u4:0' (the return-fire and intercept check boxes)."""

    def _deserialize(self, value, attr, data, **kwargs):
        out = []
        for item in super()._deserialize(value, attr, data, **kwargs):
            uid, sep, w = item.partition(":")
            if not sep or not w.isdigit() or not w.isascii():
                raise ValidationError(f"{item[:20]!r} is not a weapon.")
            out.append((uid, int(w)))
        return tuple(out)


class Rolls(fields.List):
    """Evasion rolls as 'unit:weapon=face'; no face: the app rolls that d6."""

    def _deserialize(self, value, attr, data, **kwargs):
        out = {}
        for item in super()._deserialize(value, attr, data, **kwargs):
            key, sep, face = item.partition("=")
            if not sep:
                raise ValidationError(f"{item[:20]!r} is not a roll.")
            if face:
                if not (face.isdigit() and face.isascii() and 1 <= int(face) <= se.D6):
                    raise ValidationError(f"A d6 shows 1 to 6; {face[:6]!r} is not a face.")
                out[key] = int(face)
        return out


class ResolveForm(GameForm):
    back = Shots(fields.String(validate=validate.Length(max=20)), load_default=tuple)
    intercept = Shots(fields.String(validate=validate.Length(max=20)), load_default=tuple)
    rolls = Rolls(fields.String(validate=validate.Length(max=24)), load_default=dict)
    cover = text(12, required=False)  # a unit with Intercept that becomes the target instead
    roll_for_me = flag()  # the table asked the app to roll the dice it did not tap

    @pre_load
    def face_buttons(self, data, **kwargs):
        """A shot's face buttons send `face:unit:weapon` = face; fold them into `rolls` as "unit:weapon=face"."""
        faces = [f"{k[5:]}={v}" for k, v in data.items() if k.startswith("face:") and isinstance(v, str) and v]
        if not faces:
            return data
        rolls = data.get("rolls", [])
        return {**data, "rolls": [*([rolls] if isinstance(rolls, str) else rolls), *faces]}


class LauncherForm(GameForm):
    unit = text(12)
    found = count(0, 9)


class RepairForm(GameForm):
    repairer = text(12)
    target = text(12)
    amount = count(1, 99)


class ProjectForm(GameForm):
    project = text(12)


class PromoteForm(GameForm):
    unit = text(12)
    card = text()


class TriggersForm(GameForm):
    player = choice(SEATS)
    begin = text(600, required=False)
    end = text(600, required=False)


class HandForm(GameForm):
    player = choice(SEATS)
    delta = delta(-9, 9)


class CommandDamageForm(GameForm):
    target = text(40)
    damage = count(1, 99)

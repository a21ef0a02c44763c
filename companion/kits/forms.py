"""What every game kit's forms share: the version and request id every game form carries, a result die's face,
and a deck chosen in the deck builder."""
from __future__ import annotations

from marshmallow import ValidationError, fields

from ..schemas.fields import request_id, version
from ..schemas.forms.base import FormSchema


class GameForm(FormSchema):
    """Every change to a game says which version of it the device saw (409 when another device saved first)."""
    version = version()
    request_id = request_id()


class DieField(fields.Field):
    """A result die face as the face buttons send it: '2', or '4c' for a critical; 'roll' asks the app."""

    def _deserialize(self, value, attr, data, **kwargs):
        v = str(value).strip()
        if v == "roll":
            return "roll"
        if len(v) in (1, 2) and v[0] in "0123456789" and v[1:] in ("", "c"):
            return (int(v[0]), v.endswith("c"))
        raise ValidationError(f"A die shows a face from 0 to 9 or the critical; {v[:12]!r} is not a face. "
                              "Tap the face the die shows.")


def die(required: bool = True) -> DieField:
    return DieField(required=required, error_messages={"required": "Tap the face the die shows.",
                                                       "null": "Tap the face the die shows."})


class DeckCards(fields.List):
    """Chosen cards as 'Name×copies' (the deck builder's check boxes send 'Name×2')."""

    def _deserialize(self, value, attr, data, **kwargs):
        out = {}
        for item in super()._deserialize(value, attr, data, **kwargs):
            name, sep, n = item.rpartition("×")
            if not sep or not name or not n.isdigit() or not n.isascii():
                raise ValidationError(f"{item[:40]!r} is not a card with its number of copies.")
            out[name] = out.get(name, 0) + int(n)
        return out

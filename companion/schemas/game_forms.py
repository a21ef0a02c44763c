"""Forms of the game frame: a new game from the home page, and the version every game form carries."""
from __future__ import annotations

from marshmallow import ValidationError, fields

from ..games.catalog import RULES
from ..games.frame import COLORS, NAME_MAX
from .fields import choice, request_id, text, version
from .forms.base import FormSchema


class NewGameForm(FormSchema):
    game = choice(RULES)
    name = text(80)
    name_1 = text(NAME_MAX)
    color_1 = choice(COLORS)
    name_2 = text(NAME_MAX)
    color_2 = choice(COLORS)
    # Seats 3 and 4 for games of up to 4 players; left blank, the seat is empty.
    name_3 = text(NAME_MAX, required=False)
    color_3 = choice(COLORS, required=False)
    name_4 = text(NAME_MAX, required=False)
    color_4 = choice(COLORS, required=False)


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

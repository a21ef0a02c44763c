"""The home page's form for a new game: which registered game, its name, and up to four seats."""
from __future__ import annotations

from ..games.frame import COLORS, NAME_MAX
from ..schemas.fields import choice, text
from ..schemas.forms.base import FormSchema
from . import KITS


class NewGameForm(FormSchema):
    game = choice(KITS)
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

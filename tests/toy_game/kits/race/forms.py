"""Race to Ten's one form: the points a turn adds."""
from __future__ import annotations

from companion.kits.forms import GameForm
from companion.schemas.fields import count

from ...games import race as rules


class AddForm(GameForm):
    amount = count(1, rules.MOST)

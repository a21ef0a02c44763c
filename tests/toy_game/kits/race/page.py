"""Race to Ten's page: its template, its context beside the frame's (each amount as the rules take it now), its one
action."""
from __future__ import annotations

from companion.games.frame import allowed

from ...games import race as rules
from . import forms

TEMPLATE = "games/race/page.html"  # in this kit's templates/ folder
LABELS = {"amount": "Points to add"}


def context(g: rules.Game, content) -> dict:
    """Each amount with whether the rules take it now and, if not, why (`allowed`): the page offers it so."""
    return {"amounts": [(n, *allowed(rules.add, g, n)) for n in range(1, rules.MOST + 1)]}


ACTIONS = {"add": (forms.AddForm, lambda g, f, c: rules.add(g, f.amount))}

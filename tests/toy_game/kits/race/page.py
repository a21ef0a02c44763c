"""Race to Ten's page: its template, its (empty) context beside the frame's, its one action."""
from __future__ import annotations

from ...games import race as rules
from . import forms

TEMPLATE = "games/race/page.html"  # in this kit's templates/ folder
LABELS = {"amount": "Points to add"}


def context(g: rules.Game, content) -> dict:
    return {"amounts": range(1, rules.MOST + 1)}


ACTIONS = {"add": (forms.AddForm, lambda g, f, c: rules.add(g, f.amount))}

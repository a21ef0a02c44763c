"""The one family of refusals every engine raises (as python-chess's errors share ValueError).

Standard library only: the rules engines (companion/phantom, companion/games) subclass it, and the web
maps any of them to one answer (422 naming the field, with the rulebook page when there is one).
"""
from __future__ import annotations


class RuleError(ValueError):
    """A command or input the rules refuse. `field` names what to fix (a form field, a file's key, or ""),
    `message` says why in the table's words, `page` is the rulebook page that decides it, if one does."""

    field: str = ""
    message: str = ""
    page: str | None = None

    def __init__(self, field: str = "", message: str | None = None, page: str | None = None, *, text: str | None = None):
        if message is None:  # raised with one argument: the message alone
            field, message = "", field
        self.field = field
        self.message = message
        self.page = page
        super().__init__(text if text is not None else message)

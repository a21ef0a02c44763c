"""A page read as the table reads it."""
from __future__ import annotations

import re

# A rulebook citation is a button opening its summary (companion/web/rules.py, `cite`); read, it is its label.
# One in brackets is held on one line with them by a span.
_CITATION = re.compile(r'<button type="button" class="cite"[^>]*>([^<]*)</button>')
_BRACKETED = re.compile(r'<span class="cited">\((<button type="button" class="cite"[^>]*>[^<]*</button>)\)</span>')


def as_read(html: str) -> str:
    """The page's HTML with each citation's button replaced by its label ("(p.16)" reads as "(p.16)")."""
    return _CITATION.sub(r"\1", _BRACKETED.sub(r"(\1)", html))

"""A page read as the table reads it."""
from __future__ import annotations

import re

# A rulebook citation is a button opening its summary (companion/web/rules.py, `cite`); read, it is its label.
_CITATION = re.compile(r'<button type="button" class="cite"[^>]*>([^<]*)</button>')


def as_read(html: str) -> str:
    """The page's HTML with each citation's button replaced by its label ("(p.16)" reads as "(p.16)")."""
    return _CITATION.sub(r"\1", html)

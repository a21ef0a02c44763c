"""What a name looks like to the people at the table: the characters they can see.

Zero-width characters and bidirectional controls (Unicode category Cf) print as nothing, so "Crash Camp\\u200b"
would pass for a second "Crash Camp" and a name of only such characters would look blank. Every name the app
keeps goes through `visible` first, so blank checks and duplicate checks compare what is seen. Standard library
only: the engines use it (tests/test_purity.py)."""
from __future__ import annotations

import unicodedata


def invisible(ch: str) -> bool:
    """A character that prints as nothing: zero-width spaces and joiners, bidirectional controls, BOM."""
    return unicodedata.category(ch) == "Cf"


def visible(value: str | None) -> str:
    """The name with invisible format characters removed and white space folded to single spaces."""
    return " ".join("".join(ch for ch in unicodedata.normalize("NFC", value or "") if not invisible(ch)).split())


def same(a: str, b: str) -> bool:
    """Two names the table could not tell apart."""
    return visible(a).casefold() == visible(b).casefold()

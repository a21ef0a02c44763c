"""Undo and redo as a tablet sends them: each carries the version its page's bottom bar was drawn at
(templates/_bottom_bar.html), so a stale undo is refused (store/journal.py)."""
from __future__ import annotations

import re

BAR_VERSION = re.compile(r'<footer class="bottombar".*?name="version" value="(\d+)"', re.S)


def seen(table, page_url: str) -> int:
    """The version the page at `page_url` shows in its undo bar (what its Undo and Redo would send)."""
    return int(BAR_VERSION.search(table.get(page_url).get_data(as_text=True)).group(1))


"""Bad input as the tests send it and the page shows the refusal."""
from __future__ import annotations

import re

SCRIPT = "<script>alert(1)</script>"


def as_read(html: str) -> str:
    """A page's text as the table reads it: the tags gone (a rulebook page in a message is a button, web/rules.py),
    the text, still escaped, kept."""
    return re.sub(r"<[^>]*>", "", html)


def shown_errors(resp) -> dict:
    """{label: message} from the errors list, as read; a counter's inline message is under ''."""
    body = resp.get_data(as_text=True)
    out = {label: as_read(msg) for label, msg in re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", body, re.S)}
    for msg in re.findall(r'<p class="errors inline" role="alert">(.*?)</p>', body, re.S):
        out[""] = as_read(msg).strip()
    return out

"""Bad input as the tests send it and the page shows the refusal."""
from __future__ import annotations

import re

from helpers.reading import as_read

SCRIPT = "<script>alert(1)</script>"


def shown_errors(resp) -> dict:
    """{label: message} from the errors list, as read; a counter's inline message is under ''."""
    body = as_read(resp.get_data(as_text=True))
    out = {label: msg for label, msg in re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", body, re.S)}
    for msg in re.findall(r'<p class="errors inline" role="alert">(.*?)</p>', body, re.S):
        out[""] = msg.strip()
    return out

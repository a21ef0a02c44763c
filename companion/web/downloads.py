"""A document sent to be saved as a file, named after the document in whatever script its name is written.

HTTP headers are Latin-1 (waitress refuses anything else with a 500), so the name goes twice (RFC 6266):
`filename` spelled in ASCII for old clients, `filename*` in UTF-8 (RFC 5987) for every browser of today."""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from flask import Response


def file_stem(name: str, fallback: str, lower: bool = True) -> str:
    """The name's words joined by hyphens ("Crash Camp" -> "crash-camp", "Карта 2" -> "карта-2")."""
    stem = "-".join(re.findall(r"\w+", name))
    return (stem.lower() if lower else stem) or fallback


def download(body: str | bytes, stem: str, suffix: str, fallback: str, mimetype: str = "application/json") -> Response:
    """`body` as an attachment called `stem + suffix`; `fallback` stands for a stem with no ASCII letters."""
    ascii_stem = "-".join(re.findall(r"[A-Za-z0-9_]+", unicodedata.normalize("NFKD", stem)
                                     .encode("ascii", "ignore").decode("ascii"))) or fallback
    disposition = f'attachment; filename="{ascii_stem}{suffix}"'
    if ascii_stem != stem:
        disposition += f"; filename*=UTF-8''{quote(stem + suffix, safe='')}"
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": disposition})

"""Reading an exported file (a campaign or a game): JSON, its format, and schema errors as one line."""
from __future__ import annotations

from marshmallow import ValidationError

from ..messages import first_error
from . import json_text


def read_export(text: str | bytes, what: str, fmt: str, expected: str) -> dict:
    """The file's JSON object, or ValueError saying in one line why it is not a `what` file."""
    try:
        raw = json_text.loads(text)
    except json_text.JsonTextError as exc:
        if exc.where:
            raise ValueError(f"field {exc.where}: {exc.message}.") from None
        raise ValueError(f"Not a {what} file: {exc.message}.") from None
    if not isinstance(raw, dict):
        raise ValueError(f"Not a {what} file: expected a JSON object with {expected}.")
    if "format" in raw and raw["format"] != fmt:
        raise ValueError(f"field format: unsupported format {raw['format']!r}; this app reads {fmt!r}.")
    return raw


def validated(what: str, load, prefix: str = ""):
    """`load()` through a schema; its first error as ValueError("field a.0.b: message")."""
    try:
        return load()
    except RecursionError:
        raise ValueError(f"Not a {what} file: nested too deeply.") from None
    except ValidationError as exc:
        where, message = first_error(exc)
        raise ValueError(f"field {prefix}{where}: {message}") from None

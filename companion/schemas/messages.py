"""A validation error in one line: the first bad field, dotted ("a.0.b"), and its message."""
from __future__ import annotations

from marshmallow import ValidationError


def _flatten(messages, prefix=""):
    if isinstance(messages, dict):
        for key, value in messages.items():
            yield from _flatten(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(messages, list) and messages and not isinstance(messages[0], str):
        for value in messages:
            yield from _flatten(value, prefix)
    else:
        yield prefix, " ".join(messages) if isinstance(messages, list) else str(messages)


def first_error(exc: ValidationError) -> tuple[str, str]:
    """The first bad field as ("a.0.b", "message")."""
    return next(_flatten(exc.messages), ("", "invalid"))

"""A file's first problem as one line naming the field and quoting the value: shared by the marshmallow file
formats (`base.FileSchema`) and the scenario file's own reader, which imports no marshmallow so that
`companion resolve` starts quickly."""
from __future__ import annotations

import json


def first_problem(messages, path=()):
    """The first (path, message) in marshmallow's nested messages; list indexes and dict keys kept."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key == "value" and path:  # a dict value's errors: name the key, not "value"
                return first_problem(value, path)
            if key == "key" and path:
                return path, "not a space label"
            return first_problem(value, path + (key,))
    if isinstance(messages, list):
        text = [m for m in messages if isinstance(m, str)]
        if text:
            return path, " ".join(text)
        for value in messages:
            return first_problem(value, path)
    return path, str(messages)


def problem_line(path, message, data) -> str:
    where = ""
    for key in path:
        where += f"[{key}]" if isinstance(key, int) else (f".{key}" if where else str(key))
    if message == "Unknown field.":
        return f"{where}: unknown field (a typo? see the scenario format in DESIGN.md)"
    value, found = data, True
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            found = False
            break
    message = message.rstrip(".")
    if message.startswith("Missing data"):
        return f"{where}: required"
    return f"{where}: {message}" + (f" (got {json.dumps(value)[:60]})" if found else "")

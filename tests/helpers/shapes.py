"""What a value is, as plain nested tuples: dataclasses by class and field, sets sorted, so two values that are
equal have the same shape, whatever order a set was built in or the fields are declared in. The fixture of
states written before the phantom codec (tests/data/phantom_states_before_codec.json) keeps the digest of what
the old readers read."""
from __future__ import annotations

import dataclasses
import enum
import hashlib


def shape(value):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__, tuple(sorted((f.name, shape(getattr(value, f.name)))
                                                      for f in dataclasses.fields(value))))
    if isinstance(value, enum.Enum):
        return repr(value)
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted((shape(v) for v in value), key=repr)))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(shape(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((shape(k), shape(v)) for k, v in value.items()), key=repr)))
    return (type(value).__name__, repr(value))


def digest(value) -> str:
    return hashlib.sha256(repr(shape(value)).encode("utf-8")).hexdigest()

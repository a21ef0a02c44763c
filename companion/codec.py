"""Frozen dataclasses to plain JSON shapes and back, driven by the dataclasses' own type hints.

One mechanism for every game's state (and anything else built of frozen dataclasses): `encode` gives
dicts, lists and plain values (tuples become lists, enums their value), so a state equals itself after a
JSON round trip; `decode(cls, doc)` reads such a document back by walking `cls`'s type hints: nested
dataclasses, tuple[X, ...] and fixed tuples, list, dict, X | None, unions, Literal and enums.

Reading is as forgiving as the hand-written readers it replaces were, so every stored state still
loads: a key the document lacks takes the field's default, a key the class no longer has is ignored.
Checking a file from outside is the edge's job (the marshmallow schemas of each game's kit).
Standard library only: the rules engines use it.
"""
from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

__all__ = ["encode", "decode", "state_codec", "ADDED"]

# The metadata of a field added after states were stored: it is written only when it differs from its default,
# so a stored state without it still writes back byte for byte (tests/test_codec.py).
ADDED = {"omit_default": True}


def encode(value):
    """Plain JSON shapes: dataclasses as dicts in field order, tuples and lists as lists, enums by value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not (f.metadata.get("omit_default") and getattr(value, f.name) == f.default)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(tp, doc):
    """The value of type `tp` that `encode` wrote as `doc`."""
    if doc is None:
        return None
    if tp is Any or tp is object:
        return doc
    if dataclasses.is_dataclass(tp):
        return _dataclass(tp, doc)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(doc)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in doc)
        if not args:
            return tuple(doc)
        if len(args) != len(doc):
            raise ValueError(f"expected {len(args)} values, not {len(doc)}")
        return tuple(decode(a, v) for a, v in zip(args, doc))
    if origin is list:
        (arg,) = get_args(tp) or (Any,)
        return [decode(arg, v) for v in doc]
    if origin is dict:
        key, val = get_args(tp) or (Any, Any)
        return {decode(key, k): decode(val, v) for k, v in doc.items()}
    if origin is Union or origin is types.UnionType:
        return _union(get_args(tp), doc)
    if origin is Literal:
        if doc not in get_args(tp):
            raise ValueError(f"{doc!r} is not one of {get_args(tp)!r}")
        return doc
    return doc


def state_codec(cls):
    """(to_dict, from_dict) for a game whose whole state is the frozen dataclass `cls`."""
    return encode, lambda doc: decode(cls, doc)


@cache
def _hints(cls) -> tuple[tuple[str, Any], ...]:
    """The init fields of `cls` with their resolved types (annotations are strings under `from __future__`)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _dataclass(cls, doc: dict):
    return cls(**{name: decode(tp, doc[name]) for name, tp in _hints(cls) if name in doc})


def _union(args: tuple, doc):
    """The first member type the JSON value fits: a dict for a dataclass, a list for a tuple or list, and so on."""
    for arg in args:
        if arg is type(None):
            continue
        if _fits(arg, doc):
            return decode(arg, doc)
    raise ValueError(f"{doc!r} fits none of {args!r}")


def _fits(tp, doc) -> bool:
    if tp is Any or tp is object:
        return True
    if dataclasses.is_dataclass(tp):
        return isinstance(doc, dict)
    origin = get_origin(tp)
    if origin in (tuple, list):
        return isinstance(doc, list)
    if origin is dict:
        return isinstance(doc, dict)
    if origin is Literal:
        return doc in get_args(tp)
    if origin is Union or origin is types.UnionType:
        return any(_fits(a, doc) for a in get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return any(doc == m.value for m in tp)
    if tp is float:
        return isinstance(doc, (int, float)) and not isinstance(doc, bool)
    if tp is int:
        return isinstance(doc, int) and not isinstance(doc, bool)
    return isinstance(tp, type) and isinstance(doc, tp)

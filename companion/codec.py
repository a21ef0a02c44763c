"""Frozen dataclasses to plain JSON shapes and back, driven by the dataclasses' own type hints.

One mechanism for every stored state (each game's, a Phantom Epoch campaign and a mission): `encode` gives
dicts, lists and plain values (dataclasses as dicts in field order, tuples and lists as lists, sets as sorted
lists, enums by value), so a state equals itself after a JSON round trip; `decode(cls, doc)` reads such a
document back by walking `cls`'s type hints: nested and generic dataclasses, tuple[X, ...] and fixed
tuples, list, set, dict, X | None, unions (a dataclass fits a dict holding its required keys), Literal and
enums.

Where a stored shape is not the plain one, the type says so, so the states stored before this codec still
read and write back byte for byte (tests/test_codec.py, tests/test_codec_phantom.py):
- field metadata, about the field's key in its dataclass's document: `key` (the name it is stored under),
  `omit` (a value not written; a document without the key reads as it; ADDED omits the default) and
  `flatten` (a nested dataclass whose keys are written into this document);
- `typing.Annotated` markers, about a value's shape: `AS_OBJECT` (pairs written as a JSON object),
  `Sorted(key)` (a set in another order than its written values'), `Shape(write, read)` (a value with its
  own shape, like a space of a map written as its label), `Kept(n)` (the last n values read are reused
  when the same document comes again: an immutable part keeps its caches).
`Shape` functions are given the `context` the caller passed (a mission's map layout for its labels).

Reading is as forgiving as the hand-written readers it replaces were, so every stored state still
loads: a key the document lacks takes the field's default, a key the class no longer has is ignored.
Checking a file from outside is the edge's job (the marshmallow schemas).
Standard library only: the rules engines use it.
"""
from __future__ import annotations

import copy
import dataclasses
import enum
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Callable, Literal, Union, get_args, get_origin

__all__ = ["encode", "decode", "state_codec", "ADDED", "AS_OBJECT", "Sorted", "Shape", "Kept"]

# The metadata of a field added after states were stored: it is written only when it differs from its default,
# so a stored state without it still writes back byte for byte (tests/test_codec.py).
ADDED = {"omit_default": True}


class _AsObject:
    """A tuple of (key, value) pairs written as a JSON object, in the tuple's order."""

    def __repr__(self):
        return "AS_OBJECT"


AS_OBJECT = _AsObject()


@dataclass(frozen=True)
class Sorted:
    """A set written in the order of `key(item, context)`, not of its written values."""
    key: Callable[[Any, Any], Any]


@dataclass(frozen=True)
class Shape:
    """A value with its own JSON shape: `write(value, context)` gives it, `read(doc, context)` reads it back."""
    write: Callable[[Any, Any], Any]
    read: Callable[[Any, Any], Any]


@dataclass(frozen=True, eq=False)
class Kept:
    """The last `size` values read are kept: the same document again reads as the same (immutable) object."""
    size: int
    read: list = dataclasses.field(default_factory=list, compare=False, repr=False)  # (document, value)

    def value(self, doc, read: Callable[[], Any]):
        for seen, value in self.read:
            if seen == doc:
                return value
        value = read()
        self.read.insert(0, (copy.deepcopy(doc), value))  # a copy: the caller may change its dict afterwards
        del self.read[self.size:]
        return value


def encode(value, context=None):
    """Plain JSON shapes: dataclasses as dicts in field order, tuples and lists as lists, enums by value."""
    return _encode(value, Any, context)


def decode(tp, doc, context=None):
    """The value of type `tp` that `encode` wrote as `doc`."""
    if get_origin(tp) is Annotated:
        base, *marks = get_args(tp)
        for mark in marks:
            if isinstance(mark, Shape):
                return mark.read(doc, context)
            if isinstance(mark, Kept):
                return mark.value(doc, lambda: decode(base, doc, context))
        if doc is not None and AS_OBJECT in marks:
            key, val = _pair(base)
            return tuple((decode(key, k, context), decode(val, v, context)) for k, v in doc.items())
        return decode(base, doc, context)
    if doc is None:
        return None
    if tp is Any or tp is object or isinstance(tp, typing.TypeVar):
        return doc
    if dataclasses.is_dataclass(get_origin(tp) or tp):
        return _dataclass(tp, doc, context)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(doc)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, context) for v in doc)
        if not args:
            return tuple(doc)
        if len(args) != len(doc):
            raise ValueError(f"expected {len(args)} values, not {len(doc)}")
        return tuple(decode(a, v, context) for a, v in zip(args, doc))
    if origin in (list, set, frozenset):
        (arg,) = get_args(tp) or (Any,)
        return origin(decode(arg, v, context) for v in doc)
    if tp in (tuple, list, set, frozenset):
        return tp(doc)
    if origin is dict:
        key, val = get_args(tp) or (Any, Any)
        return {decode(key, k, context): decode(val, v, context) for k, v in doc.items()}
    if origin is Union or origin is types.UnionType:
        return _union(get_args(tp), doc, context)
    if origin is Literal:
        if doc not in get_args(tp):
            raise ValueError(f"{doc!r} is not one of {get_args(tp)!r}")
        return doc
    return doc


def state_codec(cls):
    """(to_dict, from_dict) for a state that is the frozen dataclass `cls`."""
    return encode, lambda doc: decode(cls, doc)


# -- the fields of a dataclass, as the codec reads them ------------------------------------------------------

@dataclass(frozen=True)
class _Field:
    name: str
    key: str
    tp: Any
    omits: bool  # a value equal to `omitted` is not written, and a missing key reads as it
    omitted: Any
    flatten: bool
    reads_omitted: bool  # a missing key reads as `omitted` (not as the field's default: it has none, or another)
    required: bool  # the document must hold it (no default): how a union tells dataclasses apart


@cache
def _fields(tp) -> tuple[_Field, ...]:
    """The init fields of dataclass `tp` (a generic one with its type arguments) with their resolved types."""
    cls = get_origin(tp) or tp
    hints = typing.get_type_hints(cls, include_extras=True)  # annotations are strings under `from __future__`
    params = getattr(cls, "__parameters__", ())
    bound = dict(zip(params, get_args(tp))) if params else {}
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        hint = _bind(hints[f.name], bound)
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        omits = "omit" in f.metadata or bool(f.metadata.get("omit_default"))
        omitted = f.metadata["omit"] if "omit" in f.metadata else (
            f.default if f.default is not dataclasses.MISSING else
            f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
        flatten = bool(f.metadata.get("flatten"))
        out.append(_Field(f.name, f.metadata.get("key", f.name), hint, omits, omitted, flatten,
                          "omit" in f.metadata, not (has_default or omits or flatten)))
    return tuple(out)


def _bind(hint, bound: dict):
    """`hint` with a generic dataclass's type variables replaced by its arguments (Any when it has none)."""
    if isinstance(hint, typing.TypeVar):
        return bound.get(hint, Any)
    params = getattr(hint, "__parameters__", ())
    return hint[tuple(bound.get(p, Any) for p in params)] if params else hint


def _pair(tp) -> tuple[Any, Any]:
    """The key and value types of tuple[tuple[K, V], ...]."""
    args = get_args(tp)
    return get_args(args[0]) if args and len(get_args(args[0])) == 2 else (Any, Any)


# -- writing ---------------------------------------------------------------------------------------------------

def _encode(value, tp, context):
    if get_origin(tp) is Annotated:
        base, *marks = get_args(tp)
        for mark in marks:
            if isinstance(mark, Shape):
                return mark.write(value, context)
        if value is not None and AS_OBJECT in marks:
            key, val = _pair(base)
            return {_encode(k, key, context): _encode(v, val, context) for k, v in value}
        order = next((m for m in marks if isinstance(m, Sorted)), None)
        if order is not None and isinstance(value, (set, frozenset)):
            (arg,) = get_args(base) or (Any,)
            return [_encode(v, arg, context) for v in sorted(value, key=lambda v: order.key(v, context))]
        return _encode(value, base, context)
    if value is None:
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        return _encode_dataclass(value, tp if get_origin(tp) is cls else cls, context)
    if isinstance(value, enum.Enum):
        return value.value
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _encode(value, _member(get_args(tp), value), context)
    if isinstance(value, (list, tuple)):
        args = get_args(tp) if origin in (tuple, list) else ()
        if len(args) == 2 and args[1] is Ellipsis or len(args) == 1:
            return [_encode(v, args[0], context) for v in value]
        if len(args) == len(value):
            return [_encode(v, a, context) for v, a in zip(value, args)]
        return [_encode(v, Any, context) for v in value]
    if isinstance(value, (set, frozenset)):
        (arg,) = get_args(tp) or (Any,)
        return sorted(_encode(v, arg, context) for v in value)
    if isinstance(value, dict):
        key, val = get_args(tp) if origin is dict else (Any, Any)
        return {_encode(k, key, context): _encode(v, val, context) for k, v in value.items()}
    return value


def _encode_dataclass(value, tp, context) -> dict:
    doc = {}
    for f in _fields(tp):
        v = getattr(value, f.name)
        if f.omits and v == f.omitted:
            continue
        if f.flatten:
            doc.update(_encode(v, f.tp, context))
        else:
            doc[f.key] = _encode(v, f.tp, context)
    return doc


def _member(args: tuple, value):
    """The member of a union that `value` is an instance of (Any when none says so)."""
    for arg in args:
        base = get_args(arg)[0] if get_origin(arg) is Annotated else arg
        cls = get_origin(base) or base
        if isinstance(cls, type) and isinstance(value, cls):
            return arg
    return Any


# -- reading ---------------------------------------------------------------------------------------------------

def _dataclass(tp, doc: dict, context):
    cls = get_origin(tp) or tp
    values = {}
    for f in _fields(tp):
        if f.flatten:
            values[f.name] = decode(f.tp, doc, context)
        elif f.key in doc:
            values[f.name] = decode(f.tp, doc[f.key], context)
        elif f.reads_omitted:
            values[f.name] = f.omitted
    return cls(**values)


def _union(args: tuple, doc, context):
    """The first member type the JSON value fits: a dict for a dataclass, a list for a tuple or list, and so on."""
    for arg in args:
        if arg is type(None):
            continue
        if _fits(arg, doc):
            return decode(arg, doc, context)
    raise ValueError(f"{doc!r} fits none of {args!r}")


def _fits(tp, doc) -> bool:
    if tp is Any or tp is object:
        return True
    if get_origin(tp) is Annotated:
        base, *marks = get_args(tp)
        return any(isinstance(m, Shape) for m in marks) or _fits(base, doc)
    if dataclasses.is_dataclass(get_origin(tp) or tp):
        return isinstance(doc, dict) and all(f.key in doc for f in _fields(tp) if f.required)
    origin = get_origin(tp)
    if origin in (tuple, list, set, frozenset):
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

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
`Shape` functions are given the `context` the caller passed (a mission's map layout for its labels). The
markers are defined in companion/codec_marks.py (named here too), so a module names them without this one.

Reading is as forgiving as the hand-written readers it replaces were, so every stored state still
loads: a key the document lacks takes the field's default, a key the class no longer has is ignored.
Checking a file from outside is the edge's job (the marshmallow schemas).
Standard library only: the rules engines use it.
"""
from __future__ import annotations

import dataclasses
import enum
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Callable, Literal, Union, get_args, get_origin

# The markers live in companion/codec_marks.py, so that a stored class's module names them without importing
# the codec (a turn imports the map and the scenario, and never encodes or decodes); named here too.
from .codec_marks import AS_OBJECT, Kept, Shape, Sorted

__all__ = ["encode", "decode", "state_codec", "ADDED", "AS_OBJECT", "Sorted", "Shape", "Kept"]

# The metadata of a field added after states were stored: it is written only when it differs from its default,
# so a stored state without it still writes back byte for byte (tests/test_codec.py).
ADDED = {"omit_default": True}


def encode(value, context=None):
    """Plain JSON shapes: dataclasses as dicts in field order, tuples and lists as lists, enums by value."""
    return _write_any(value, context)


def decode(tp, doc, context=None):
    """The value of type `tp` that `encode` wrote as `doc`."""
    return _reader(tp)(doc, context)


def state_codec(cls):
    """(to_dict, from_dict) for a state that is the frozen dataclass `cls`."""
    read = _reader(cls)
    return encode, lambda doc: read(doc, None)


# -- the fields of a dataclass, as the codec reads them ------------------------------------------------------

@dataclass(frozen=True)
class _Field:
    """One field of a stored dataclass, as the codec reads and writes it."""
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


# -- writing: one function per type, made once from its hints (a state is written on every step) ------------

_PLAIN = (str, int, float, bool, type(None))


def _same(value, context):
    return value


def _write_any(value, context):
    """A value whose type the hints do not say (Any, a bare tuple): by what it is."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _writer(type(value))(value, context)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_write_any(v, context) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_write_any(v, context) for v in value)
    if isinstance(value, dict):
        return {k: _write_any(v, context) for k, v in value.items()}
    return value


@cache
def _writer(tp) -> Callable[[Any, Any], Any]:
    """(value, context) -> its JSON shape, for values of type `tp`."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return _annotated_writer(args[0], args[1:])
    if dataclasses.is_dataclass(origin or tp):
        return _DataclassWriter(tp)
    if tp in _PLAIN or origin is Literal:
        return _same
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda value, context: None if value is None else value.value
    if origin is Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if all(_writer(a) is _same for a in members):
            return _same
        if len(members) == 1:
            one = _writer(members[0])
            return lambda value, context: None if value is None else one(value, context)
        choices = tuple((_class_of(a), _writer(a)) for a in members)

        def member(value, context):
            if value is None:
                return None
            for cls, write in choices:
                if isinstance(value, cls):
                    return write(value, context)
            return _write_any(value, context)
        return member
    if origin in (tuple, list) and (len(args) == 1 or len(args) == 2 and args[1] is Ellipsis):
        item = _writer(args[0])
        if item is _same:
            return lambda value, context: None if value is None else list(value)
        return lambda value, context: None if value is None else [item(v, context) for v in value]
    if origin is tuple and args:
        items = tuple(_writer(a) for a in args)
        return lambda value, context: None if value is None else [w(v, context) for w, v in zip(items, value)]
    if origin in (set, frozenset) and args:
        item = _writer(args[0])
        return lambda value, context: None if value is None else sorted(item(v, context) for v in value)
    if origin is dict and args:
        key, val = _writer(args[0]), _writer(args[1])
        return lambda value, context: None if value is None else {key(k, context): val(v, context)
                                                                   for k, v in value.items()}
    return _write_any


def _annotated_writer(base, marks):
    for mark in marks:
        if isinstance(mark, Shape):
            return mark.write
    if AS_OBJECT in marks:
        key_type, val_type = _pair(base)
        key, val = _writer(key_type), _writer(val_type)
        return lambda value, context: None if value is None else {key(k, context): val(v, context)
                                                                   for k, v in value}
    order = next((m.key for m in marks if isinstance(m, Sorted)), None)
    if order is not None:
        item = _writer((get_args(base) or (Any,))[0])
        return lambda value, context: None if value is None else [
            item(v, context) for v in sorted(value, key=lambda v: order(v, context))]
    return _writer(base)


class _DataclassWriter:
    """Writes a dataclass's fields in order; the plan is made on first use (a class may refer to itself)."""

    def __init__(self, tp):
        self.tp, self.cls, self.plan = tp, get_origin(tp) or tp, None

    def __call__(self, value, context):
        if value is None:
            return None
        if type(value) is not self.cls:  # a subclass, or a value the hints do not describe
            return _write_any(value, context)
        if self.plan is None:
            self.plan = tuple((f.name, f.key, _writer(f.tp), f.omits, f.omitted, f.flatten) for f in _fields(self.tp))
        doc = {}
        for name, key, write, omits, omitted, flatten in self.plan:
            v = getattr(value, name)
            if omits and v == omitted:
                continue
            if flatten:
                doc.update(write(v, context))
            else:
                doc[key] = write(v, context)
        return doc


def _class_of(tp) -> type | tuple[()]:
    """The class a value of a union's member `tp` is an instance of (for Annotated[X, ...] or X[...], X's)."""
    base = get_args(tp)[0] if get_origin(tp) is Annotated else tp
    cls = get_origin(base) or base
    return cls if isinstance(cls, type) else ()


# -- reading: one function per type, made once ------------------------------------------------------------------

@cache
def _reader(tp) -> Callable[[Any, Any], Any]:
    """(document, context) -> the value of type `tp` it holds."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return _annotated_reader(args[0], args[1:])
    if tp is Any or tp is object or isinstance(tp, typing.TypeVar):
        return _same
    if dataclasses.is_dataclass(origin or tp):
        return _DataclassReader(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda doc, context: None if doc is None else tp(doc)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            if item is _same:
                return lambda doc, context: None if doc is None else tuple(doc)
            return lambda doc, context: None if doc is None else tuple([item(v, context) for v in doc])
        if not args:
            return lambda doc, context: None if doc is None else tuple(doc)
        items = tuple(_reader(a) for a in args)

        def fixed(doc, context):
            if doc is None:
                return None
            if len(items) != len(doc):
                raise ValueError(f"expected {len(items)} values, not {len(doc)}")
            return tuple(r(v, context) for r, v in zip(items, doc))
        return fixed
    if origin in (list, set, frozenset):
        item = _reader((args or (Any,))[0])
        return lambda doc, context: None if doc is None else origin(item(v, context) for v in doc)
    if tp in (tuple, list, set, frozenset):
        return lambda doc, context: None if doc is None else tp(doc)
    if origin is dict:
        key, val = (_reader(args[0]), _reader(args[1])) if args else (_same, _same)
        return lambda doc, context: None if doc is None else {key(k, context): val(v, context) for k, v in doc.items()}
    if origin is Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if len(members) == 1 and not (members[0] in _PLAIN or get_origin(members[0]) is Literal):
            one = _reader(members[0])  # X | None: nothing to choose
            return lambda doc, context: None if doc is None else one(doc, context)
        if all(dataclasses.is_dataclass(get_origin(a) or a) for a in members):  # told apart by their keys
            choices = tuple((tuple(f.key for f in _fields(a) if f.required), _reader(a)) for a in members)

            def dataclass_member(doc, context):
                if doc is None:
                    return None
                for keys, read in choices:
                    if isinstance(doc, dict) and all(k in doc for k in keys):
                        return read(doc, context)
                raise ValueError(f"{doc!r} fits none of {args!r}")
            return dataclass_member
        return lambda doc, context: None if doc is None else _union(args, doc, context)
    if origin is Literal:
        def literal(doc, context):
            if doc is not None and doc not in args:
                raise ValueError(f"{doc!r} is not one of {args!r}")
            return doc
        return literal
    if tp in (str, int, float, bool):
        # A damaged stored value of the wrong kind ("zz" for a fame) is refused here, by name, rather than
        # failing later inside a rule or a page (issue 35: damage named, never a 500).
        def scalar(doc, context):
            if not _fits(tp, doc):
                raise ValueError(f"{doc!r} is not a {tp.__name__}")
            return doc
        return scalar
    return _same


def _annotated_reader(base, marks):
    for mark in marks:
        if isinstance(mark, Shape):
            return mark.read
        if isinstance(mark, Kept):
            read = _reader(base)
            return lambda doc, context: mark.value(doc, lambda: read(doc, context))
    if AS_OBJECT in marks:
        key_type, val_type = _pair(base)
        key, val = _reader(key_type), _reader(val_type)
        return lambda doc, context: None if doc is None else tuple((key(k, context), val(v, context))
                                                                    for k, v in doc.items())
    return _reader(base)


class _DataclassReader:
    """Reads a dataclass's fields by their keys; the plan is made on first use (a class may refer to itself)."""

    def __init__(self, tp):
        self.tp, self.cls, self.plan = tp, get_origin(tp) or tp, None

    def __call__(self, doc, context):
        if doc is None:
            return None
        if self.plan is None:
            fields = [(f, _reader(f.tp)) for f in _fields(self.tp)]
            self.plan = (tuple((f.name, f.key) for f, read in fields if read is _same and not f.flatten),
                         tuple((f.name, f.key, read) for f, read in fields if read is not _same and not f.flatten),
                         tuple((f.name, read) for f, read in fields if f.flatten),
                         {f.name: f.omitted for f, _ in fields if f.reads_omitted})
        plain, keyed, flattened, omitted = self.plan
        values = {name: doc[key] for name, key in plain if key in doc}
        for name, key, read in keyed:
            if key in doc:
                values[name] = read(doc[key], context)
        for name, read in flattened:
            values[name] = read(doc, context)
        for name, value in omitted.items():
            values.setdefault(name, value)
        return self.cls(**values)


def _union(args: tuple, doc, context):
    """The first member type the JSON value fits: a dict for a dataclass, a list for a tuple or list, and so on."""
    for arg in args:
        if arg is type(None):
            continue
        if _fits(arg, doc):
            return _reader(arg)(doc, context)
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

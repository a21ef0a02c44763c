"""`@record`: the engines' frozen dataclass, declared without compiling anything.

A record is a `@dataclass(frozen=True)` to everything that uses it: the same fields and defaults
(`field(...)`, `default_factory`, `kw_only`, `compare`, `repr`), `dataclasses.fields`, `replace`,
`asdict` and `is_dataclass`, value equality between records of one class, a hash from the compared
fields, the dataclass repr, `__post_init__`, `__match_args__`, and `FrozenInstanceError` on any
assignment. What differs is how its methods come to be: Python 3.11's dataclass writes the source of
six functions per class and compiles each at import, about 1 ms a class on a table's laptop: 35 of the
54 ms `import companion.phantom.turn` took (issue 37), for methods a turn then almost never calls. A
record's methods are closures over the class's field list, made in microseconds (0.08 ms a class).

The standard library's dataclass still reads the class (fields, defaults, `__match_args__`); only its
method writing is switched off, and the methods below are set in its place unless the class body
defines its own, as dataclass does. Its `__dataclass_params__` therefore says frozen=False, so a stdlib
`@dataclass(frozen=True)` may not extend a record (TypeError at import): extend one with `@record`.
`tests/test_record.py` holds a record and a dataclass declared alike to the same behaviour.
"""
from __future__ import annotations

import dataclasses
from _thread import get_ident
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter

__all__ = ["record", "FrozenInstanceError"]


def record(cls=None, /, *, eq: bool = True, kw_only: bool = False):
    """`@record`, `@record(eq=False)` (identity equality and hash), `@record(kw_only=True)`."""
    def wrap(cls):
        return _declare(cls, eq, kw_only)
    return wrap if cls is None else wrap(cls)


def _declare(cls, eq: bool, kw_only: bool):
    if cls.__dict__.get("__doc__") is None:
        # dataclass would otherwise build a docstring from inspect.signature, the costliest step left
        cls.__doc__ = f"{cls.__name__}({', '.join(cls.__dict__.get('__annotations__', {}))})"
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only)
    every = list(dataclasses.fields(cls))
    own = cls.__dict__
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    cls.__setattr__, cls.__delattr__ = _frozen_setattr, _frozen_delattr
    methods = {"__init__": _init(cls, every), "__repr__": _repr([f.name for f in every if f.repr])}
    if eq:
        methods["__eq__"] = _eq(_key([f.name for f in every if f.compare]))
        if own.get("__hash__") is None:  # as dataclass(frozen=True): a class body's __eq__ alone still hashes
            methods["__hash__"] = _hash(_key([f.name for f in every if (f.compare if f.hash is None else f.hash)]))
    for name, fn in methods.items():
        if name == "__hash__" or name not in own:
            fn.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, fn)
    return cls


def _key(names: list[str]):
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names)


def _eq(key):
    def __eq__(self, other):
        if other is self:  # as the dataclass's tuple comparison finds it, NaN fields and all
            return True
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(key):
    def __hash__(self):
        return hash(key(self))
    return __hash__


def _repr(names: list[str]):
    running: set = set()

    def __repr__(self):
        key = id(self), get_ident()
        if key in running:  # a record inside itself (through a list or dict) shows as ..., as a dataclass's does
            return "..."
        running.add(key)
        try:
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({inner})"
    return __repr__


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _init(cls, every: list):
    """An __init__ taking the init fields as dataclass's does: positionally in order (kw_only ones by
    name only), each missing one from its default or default_factory, then __post_init__."""
    given = [f for f in every if f.init]
    positional = tuple(f.name for f in given if not f.kw_only)
    accepted = frozenset(f.name for f in given)
    most = len(positional)
    post_init = getattr(cls, "__post_init__", None) is not None
    title = cls.__qualname__
    plans: dict = {}

    def plan(named: frozenset):
        """What fills the fields not in `named`: plain defaults, factories to call, and the missing ones."""
        if named not in plans:
            rest = [f for f in every if f.name not in named]
            plans[named] = ({f.name: f.default for f in rest if f.default is not MISSING},
                            tuple((f.name, f.default_factory) for f in rest if f.default_factory is not MISSING),
                            tuple(f.name for f in rest if f.init and f.default is MISSING
                                  and f.default_factory is MISSING))
        return plans[named]

    by_count: list = [None] * (most + 1)  # the plan when only the first k fields are given, made on first use
    everything = plan(accepted)

    def __init__(self, *args, **kwargs):
        n = len(args)
        if n > most:
            raise TypeError(f"{title}.__init__() takes {most + 1} positional arguments but {n + 1} were given")
        values = self.__dict__
        if n:
            values.update(zip(positional, args))
        if kwargs:
            if not accepted.issuperset(kwargs):
                wrong = next(k for k in kwargs if k not in accepted)
                raise TypeError(f"{title}.__init__() got an unexpected keyword argument {wrong!r}")
            if n and not values.keys().isdisjoint(kwargs):
                twice = next(k for k in kwargs if k in values)
                raise TypeError(f"{title}.__init__() got multiple values for argument {twice!r}")
            values.update(kwargs)
            # every init field named, as replace() does, needs no new set built
            defaults, factories, missing = everything if len(values) == len(accepted) else plan(frozenset(values))
        else:
            ready = by_count[n]
            if ready is None:
                ready = by_count[n] = plan(frozenset(positional[:n]))
            defaults, factories, missing = ready
        if missing:
            raise TypeError(f"{title}.__init__() missing {len(missing)} required argument"
                            f"{'s' if len(missing) > 1 else ''}: {', '.join(map(repr, missing))}")
        if defaults:
            values.update(defaults)
        for name, factory in factories:
            values[name] = factory()
        if post_init:
            self.__post_init__()
    return __init__

"""The `typing.Annotated` markers of companion/codec.py, about a stored value's shape.

`AS_OBJECT` (pairs written as a JSON object), `Sorted(key)` (a set in another order than its written
values'), `Shape(write, read)` (a value with its own shape, like a space of a map written as its label) and
`Kept(n)` (the last n values read are reused when the same document comes again). A module whose classes are
stored names them in its type hints and at its top (a map's `Space`, a scenario's shapes); only the codec
reads them. They are apart from the codec so that importing such a module, as a turn imports the map and the
scenario, does not import the codec. Standard library only: the rules engines use it.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

__all__ = ["AS_OBJECT", "Sorted", "Shape", "Kept"]


class _AsObject:
    """A tuple of (key, value) pairs written as a JSON object, in the tuple's order."""

    def __repr__(self):
        return "AS_OBJECT"


AS_OBJECT = _AsObject()


# Plain classes, not dataclasses: each marker is made once, at its module's import, and only read after (the
# engine's import would otherwise pay for methods nothing calls). A marker is equal to one with the same
# functions and hashes by them, as a frozen dataclass would.
class Sorted:
    """A set written in the order of `key(item, context)`, not of its written values."""
    __slots__ = ("key",)

    def __init__(self, key: Callable[[Any, Any], Any]):
        self.key = key

    def __eq__(self, other):
        return other.__class__ is self.__class__ and other.key == self.key

    def __hash__(self):
        return hash((self.key,))

    def __repr__(self):
        return f"Sorted(key={self.key!r})"


class Shape:
    """A value with its own JSON shape: `write(value, context)` gives it, `read(doc, context)` reads it back."""
    __slots__ = ("write", "read")

    def __init__(self, write: Callable[[Any, Any], Any], read: Callable[[Any, Any], Any]):
        self.write, self.read = write, read

    def __eq__(self, other):
        return other.__class__ is self.__class__ and (other.write, other.read) == (self.write, self.read)

    def __hash__(self):
        return hash((self.write, self.read))

    def __repr__(self):
        return f"Shape(write={self.write!r}, read={self.read!r})"


class Kept:
    """The last `size` values read are kept: the same document again reads as the same (immutable) object.
    Equal only to itself: each one keeps its own values."""
    __slots__ = ("size", "read")

    def __init__(self, size: int):
        self.size = size
        self.read: list = []  # (document, value), the latest first

    def __repr__(self):
        return f"Kept(size={self.size!r})"

    def value(self, doc, read: Callable[[], Any]):
        for seen, value in self.read:
            if seen == doc:
                return value
        value = read()
        self.read.insert(0, (copy.deepcopy(doc), value))  # a copy: the caller may change its dict afterwards
        del self.read[self.size:]
        return value

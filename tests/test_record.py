"""`@record` behaves as `@dataclass(frozen=True)` to everything the engines and the codec do with their values
(companion/record.py), and declaring one compiles nothing (issue 37: the engine's import)."""
from __future__ import annotations

import builtins
import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from companion.record import record


@dataclass(frozen=True)
class StdPoint:
    x: int
    y: int = 0
    tags: tuple = ()
    notes: dict = field(default_factory=dict, compare=False, repr=False)
    scale: float = field(default=1.0, kw_only=True)


@record
class Point:
    x: int
    y: int = 0
    tags: tuple = ()
    notes: dict = field(default_factory=dict, compare=False, repr=False)
    scale: float = field(default=1.0, kw_only=True)


@record
class Derived:
    """A value that fills a field from the others after __init__, as board.Board does."""
    a: int
    b: int
    total: int = field(init=False, default=0)

    def __post_init__(self):
        object.__setattr__(self, "total", self.a + self.b)


@record
class Child(Point):
    z: int = 5


@record(eq=False)
class Identity:
    items: dict


@record
class OwnEq:
    name: str
    size: int = 0

    def __eq__(self, other):  # compares by name only; dataclass(frozen=True) still hashes it by its fields
        return isinstance(other, OwnEq) and other.name == self.name


@record(kw_only=True)
class Named:
    a: int
    b: int = 2


def pair(*args, **kwargs):
    return StdPoint(*args, **kwargs), Point(*args, **kwargs)


@pytest.mark.parametrize("args,kwargs", [((1,), {}), ((1, 2), {}), ((1, 2, ("t",)), {"scale": 2.0}),
                                         ((), {"x": 3, "tags": ("a",)}), ((4,), {"notes": {"k": 1}, "y": 9})])
def test_a_record_is_built_read_and_shown_as_the_dataclass_is(args, kwargs):
    std, rec = pair(*args, **kwargs)
    assert [f.name for f in dataclasses.fields(rec)] == [f.name for f in dataclasses.fields(std)]
    assert dataclasses.asdict(rec) == dataclasses.asdict(std)
    assert dataclasses.astuple(rec) == dataclasses.astuple(std)
    assert repr(rec) == repr(std).replace("StdPoint", "Point")
    assert dataclasses.is_dataclass(rec) and Point.__match_args__ == StdPoint.__match_args__


def test_equality_and_hash_follow_the_compared_fields_of_one_class():
    a, b = Point(1, 2, notes={"x": 1}), Point(1, 2, notes={"y": 2})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1  # notes is compare=False
    assert Point(1, 2) != Point(1, 3) and Point(1) != Child(1) and Point(1) != (1, 0, (), 1.0)
    assert hash(Point(1, 2)) == hash(StdPoint(1, 2))  # the same tuple hashed
    assert Child(1, z=6) != Child(1) and Child(1).z == 5


def test_a_record_inside_itself_shows_as_the_dataclass_does():
    rec_box, std_box = [], []
    rec, std = Point(1, tags=(rec_box,)), StdPoint(1, tags=(std_box,))
    rec_box.append(rec)
    std_box.append(std)
    assert repr(rec) == repr(std).replace("StdPoint", "Point") == "Point(x=1, y=0, tags=([...],), scale=1.0)"


def test_replace_copy_and_pickle_keep_the_value():
    p = Point(1, 2, ("a",), scale=3.0)
    assert dataclasses.replace(p, y=7) == Point(1, 7, ("a",), scale=3.0)
    assert copy.deepcopy(p) == p and pickle.loads(pickle.dumps(p)) == p
    d = Derived(2, 3)
    assert d.total == 5 and dataclasses.replace(d, a=10).total == 13
    with pytest.raises(ValueError):
        dataclasses.replace(d, total=1)  # an init=False field, as for a dataclass


def test_a_record_refuses_assignment_and_deletion():
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2
    with pytest.raises(FrozenInstanceError):
        del p.x
    with pytest.raises(FrozenInstanceError):
        p.other = 1
    assert p.x == 1


@pytest.mark.parametrize("call", [lambda: Point(), lambda: Point(1, 2, (), {}, 5),
                                  lambda: Point(1, x=2), lambda: Point(1, nope=3), lambda: Named(1),
                                  lambda: Named(b=1)])
def test_wrong_arguments_are_a_type_error_as_for_a_dataclass(call):
    with pytest.raises(TypeError):
        call()


def test_eq_false_is_identity_and_a_class_body_eq_is_kept():
    a, b = Identity({}), Identity({})
    assert a != b and a == a and hash(a) == object.__hash__(a)
    assert OwnEq("x", 1) == OwnEq("x", 2) and hash(OwnEq("x", 1)) == hash(("x", 1))
    assert Named(a=1) == Named(a=1, b=2)


def test_declaring_a_record_compiles_nothing(monkeypatch):
    compiled = []
    for name in ("exec", "eval", "compile"):
        real = getattr(builtins, name)
        monkeypatch.setattr(builtins, name, lambda *a, _real=real, _name=name, **k: compiled.append(_name) or _real(*a, **k))

    @record
    class Late:
        a: int
        b: str = ""

    assert compiled == [] and Late(1) == Late(1, "")


def test_every_engine_value_is_a_record():
    """The engines declare their values one way; a stray @dataclass(frozen=True) would compile again at import."""
    from companion import ROOT
    from pathlib import Path
    stray = [str(p.relative_to(ROOT)) for d in ("companion/phantom", "companion/games")
             for p in (Path(ROOT) / d).rglob("*.py") if "@dataclass" in p.read_text()]
    assert stray == []


def test_a_stdlib_frozen_dataclass_may_not_extend_a_record_and_a_record_may():
    """As record.py says: the dataclass refuses at declaration (not later, at a table), and @record is the way."""
    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen one"):
        @dataclass(frozen=True)
        class Stray(Point):
            z: int = 0

    @record
    class Kept(Point):
        z: int = 0

    assert Kept(1, z=2).z == 2 and dataclasses.replace(Kept(1), z=3) == Kept(1, z=3)

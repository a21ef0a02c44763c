"""One state codec for every game (companion/codec.py): read back by the dataclasses' own type hints, and
byte-compatible with the states that the hand-written readers and writers stored before it."""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Generic, Literal, TypeVar

import pytest

from companion.codec import AS_OBJECT, Kept, Shape, Sorted, decode, encode
from companion.kits import KITS

# Written by the code before the codec (commit d43d1c4): a played state of each game as the stores and
# export files held it, and the repr of the state its hand-written from_dict read from it.
BEFORE = json.loads((Path(__file__).parent / "data" / "game_states_before_codec.json").read_text(encoding="utf-8"))


def stored(doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))  # as store/games.py writes a state


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_a_state_stored_before_the_codec_reads_as_it_did_and_writes_back_byte_for_byte(key):
    rules = KITS[key].rules
    doc = BEFORE[key]["state"]
    state = rules.from_dict(doc)
    assert repr(state) == BEFORE[key]["read_as"]
    assert stored(rules.to_dict(state)) == stored(doc)
    assert rules.from_dict(json.loads(stored(rules.to_dict(state)))) == state


def test_every_game_registered_before_the_codec_has_a_state_written_then_and_is_still_registered():
    # The four games of commit d43d1c4; a game added since never had a hand-written reader and needs no entry
    # (its export/import round trip is tests/test_game_kits.py's).
    assert sorted(BEFORE) == ["aldarra-reborn", "lost-empires", "shattered-empires", "suriya-162"]
    assert set(BEFORE) <= set(KITS)


class Mood(enum.Enum):
    CALM = "calm"
    ANGRY = "angry"


@dataclass(frozen=True)
class Leaf:
    name: str
    weight: int | None = None


@dataclass(frozen=True)
class Tree:
    leaves: tuple[Leaf, ...]
    pair: tuple[str, int]
    nested: tuple[tuple[int | None, ...], ...] = ()
    best: Leaf | None = None
    mood: Mood = Mood.CALM
    side: Literal["left", "right"] = "left"
    tags: list[str] = field(default_factory=list)
    scores: dict[str, tuple[int, ...]] = field(default_factory=dict)
    either: int | tuple[int, int] = 0


def test_nested_dataclasses_tuples_optionals_enums_literals_lists_dicts_and_unions_round_trip():
    t = Tree(leaves=(Leaf("a", 1), Leaf("b")), pair=("x", 2), nested=((1, None), ()), best=Leaf("c", 3),
             mood=Mood.ANGRY, side="right", tags=["t"], scores={"s": (1, 2)}, either=(4, 5))
    doc = json.loads(json.dumps(encode(t)))
    assert doc["mood"] == "angry" and doc["pair"] == ["x", 2] and doc["best"] == {"name": "c", "weight": 3}
    assert decode(Tree, doc) == t
    assert decode(Tree, {**doc, "either": 7}).either == 7


def test_a_missing_key_takes_the_default_and_an_unknown_key_is_ignored():
    t = decode(Tree, {"leaves": [{"name": "a"}], "pair": ["x", 1], "gone": True})
    assert t == Tree(leaves=(Leaf("a"),), pair=("x", 1))


def test_a_value_that_fits_the_type_nowhere_is_refused():
    with pytest.raises(ValueError):
        decode(Tree, {"leaves": [], "pair": ["x", 1], "side": "up"})
    with pytest.raises(ValueError):
        decode(Tree, {"leaves": [], "pair": ["x", 1, 2]})


# -- where a stored shape is not the plain one, the hints say so (Phantom Epoch's campaign and mission use these)

# A point stored as a name the context gives it, like a mission's spaces as their labels under its map's layout.
NAMES = {(0, 0): "home", (1, 0): "east", (0, 1): "south"}
Point = Annotated[tuple[int, int], Shape(lambda p, names: names[p],
                                         lambda name, names: {v: k for k, v in names.items()}[name])]
T = TypeVar("T")


@dataclass(frozen=True)
class Pile(Generic[T]):
    items: tuple[T, ...] = ()


@dataclass(frozen=True)
class Inner:
    a: int
    b: int = 0


@dataclass(frozen=True)
class Stored:
    kind: str = field(metadata={"key": "class"})
    inner: Inner = field(metadata={"flatten": True})
    at: Point = (0, 0)
    seen: Annotated[frozenset[Point], Sorted(lambda p, names: (p[1], p[0]))] = frozenset()
    marks: Annotated[tuple[tuple[Point, int], ...], AS_OBJECT] = ()
    note: str | None = field(default=None, metadata={"omit": None})
    count: int | None = field(default=0, metadata={"omit": None})
    pile: Pile[Leaf] = Pile()
    choice: tuple[Leaf | Tree, ...] = ()


def test_renamed_flattened_omitted_object_and_sorted_fields_and_context_shapes_are_written_as_declared():
    s = Stored("x", Inner(1, 2), at=(1, 0), seen=frozenset({(1, 0), (0, 1), (0, 0)}), marks=(((0, 1), 3),),
               count=None, pile=Pile((Leaf("l", 1),)), choice=(Leaf("a"), Tree((), ("p", 1))))
    doc = json.loads(json.dumps(encode(s, NAMES)))
    assert list(doc) == ["class", "a", "b", "at", "seen", "marks", "pile", "choice"]  # note and count omitted
    assert doc["at"] == "east" and doc["seen"] == ["home", "east", "south"] and doc["marks"] == {"south": 3}
    assert doc["pile"] == {"items": [{"name": "l", "weight": 1}]}
    back = decode(Stored, doc, NAMES)
    assert back == s and back.count is None and back.note is None  # a missing "omit" key reads as it
    assert type(back.pile.items[0]) is Leaf and type(back.choice[1]) is Tree  # by type argument, by required keys


def test_a_kept_value_read_again_from_the_same_document_is_the_same_object():
    @dataclass(frozen=True)
    class Holder:
        big: Annotated[Leaf, Kept(2)]

    first = decode(Holder, {"big": {"name": "m"}}).big
    assert decode(Holder, {"big": {"name": "m"}}).big is first
    assert decode(Holder, {"big": {"name": "n"}}).big is not first


@dataclass(frozen=True)
class Node:
    name: str
    children: tuple[Node, ...] = ()


def test_a_class_that_holds_itself_round_trips():
    n = Node("root", (Node("a"), Node("b", (Node("c"),))))
    assert decode(Node, json.loads(json.dumps(encode(n)))) == n

"""One state codec for every game (companion/codec.py): read back by the dataclasses' own type hints, and
byte-compatible with the states that the hand-written readers and writers stored before it."""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pytest

from companion.codec import decode, encode
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

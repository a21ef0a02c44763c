"""The face tables of Phantom Epoch's dice (p.36), read from data/phantom-epoch/dice.json.

The rulebook names the icons but not how many of each a die has, so the tables are editable content
("verified": false until a user checks them against their dice) and `dice_table` checks only what p.36 does
say. A turn never reads them (results entered at the table are never checked against the tables: the tables
may be wrong, the physical dice are not), so they live apart from companion/phantom/dice.py and importing
the engine does not build them.
"""
from __future__ import annotations

from .decision import DecisionDie, DecisionDieError
from .dice import (ACCURACY_RESULTS, ATTACK_DICE, CRITICAL, DIE_NAMES, FUMBLE, SIDES, AttackFace, DiceError,
                   parse_accuracy_result, parse_attack_result)
from ..record import record


# -- face tables (content, unverified until a user checks them against their dice) -----------------------

@record
class AttackDie:
    """An Attack die's faces (data/phantom-epoch/dice.json)."""
    key: str  # basic / blitz
    faces: tuple[AttackFace, ...]
    verified: bool = False

    @property
    def name(self) -> str:
        return DIE_NAMES[self.key]


@record
class AccuracyDie:
    """The Accuracy die's faces (data/phantom-epoch/dice.json)."""
    faces: tuple[str, ...]
    verified: bool = False


@record
class DecisionDieFaces:
    """The decision die's faces (data/phantom-epoch/dice.json)."""
    faces: tuple[DecisionDie, ...]
    verified: bool = False


@record
class DiceTable:
    """Every die of the game, as data/phantom-epoch/dice.json gives them."""
    basic: AttackDie
    blitz: AttackDie
    accuracy: AccuracyDie
    decision: DecisionDieFaces

    def attack_die(self, key: str) -> AttackDie:
        return {"basic": self.basic, "blitz": self.blitz}[key]


def dice_table(raw) -> DiceTable:
    """The face tables from dice.json's shape (after the app's schema has read it), checked against what
    p.36 does say: Attack and Decision dice have 8 faces; each Attack die shows numbers, Critical Strike
    and Fumble; the Accuracy die shows Miss, Block and Success."""
    if not isinstance(raw, dict):
        raise DiceError("", f"the dice table must be an object, not {raw!r}")
    attack = _field(raw, "attack_dice", dict, "")
    dice = {}
    for key in ATTACK_DICE:
        where = f"attack_dice.{key}"
        entry = _field(attack, key, dict, "attack_dice")
        faces = tuple(parse_attack_result(f, f"{where}.faces[{i}]")
                      for i, f in enumerate(_faces(entry, where)))
        if not any(isinstance(f, int) for f in faces) or CRITICAL not in faces or FUMBLE not in faces:
            raise DiceError(f"{where}.faces", "an Attack die shows numbers, critical and fumble (p.36)")
        dice[key] = AttackDie(key, faces, _verified(entry, where))
    entry = _field(raw, "accuracy_die", dict, "")
    faces = tuple(parse_accuracy_result(f, f"accuracy_die.faces[{i}]")
                  for i, f in enumerate(_faces(entry, "accuracy_die", sides=None)))
    missing = [r for r in ACCURACY_RESULTS if r not in faces]
    if missing:
        raise DiceError("accuracy_die.faces", f"the Accuracy die shows miss, block and success (p.36); "
                                              f"{', '.join(missing)} is missing")
    accuracy = AccuracyDie(faces, _verified(entry, "accuracy_die"))
    entry = _field(raw, "decision_die", dict, "")
    decision = []
    for i, face in enumerate(_faces(entry, "decision_die")):
        where = f"decision_die.faces[{i}]"
        if not isinstance(face, dict):
            raise DiceError(where, f"must be an object with color, primary and secondary, not {face!r}")
        try:
            decision.append(DecisionDie(face.get("color"), face.get("primary"), face.get("secondary")))
        except DecisionDieError as exc:
            raise DiceError(where, str(exc)) from None
    return DiceTable(dice["basic"], dice["blitz"], accuracy,
                     DecisionDieFaces(tuple(decision), _verified(entry, "decision_die")))


def _field(raw: dict, name: str, kind: type, parent: str):
    where = f"{parent}.{name}" if parent else name
    if name not in raw:
        raise DiceError(where, "is missing")
    value = raw[name]
    if not isinstance(value, kind):
        raise DiceError(where, f"must be an object, not {value!r}")
    return value


def _faces(entry: dict, where: str, sides: int | None = SIDES) -> list:
    faces = entry.get("faces")
    if not isinstance(faces, list) or not faces:
        raise DiceError(f"{where}.faces", f"must be a list of faces, not {faces!r}")
    if sides is not None and len(faces) != sides:
        raise DiceError(f"{where}.faces", f"the die is {sides}-sided (p.36): {sides} faces, not {len(faces)}")
    return faces


def _verified(entry: dict, where: str) -> bool:
    value = entry.get("verified")
    if not isinstance(value, bool):
        raise DiceError(f"{where}.verified", f"must be true or false, not {value!r}")
    return value

"""The scenario file's actions and cards as marshmallow schemas, for the formats that nest them (the card
library, the campaign content): loading and dumping are the scenario file's own plain readers
(`scenario.read_action`, `scenario.read_card`), so an action is defined and checked in one place."""
from __future__ import annotations

from marshmallow import ValidationError

from .base import FileSchema
from .scenario import ACTION, CARD, Problem, read_action, read_card


def _messages(exc: Problem):
    """marshmallow's nested messages for a problem at a path: {"actions": {0: {"type": ["..."]}}}."""
    messages: object = [exc.message]
    for key in reversed(exc.path):
        messages = {key: messages}
    return messages


def dump_action(a: dict) -> dict:
    out = {}
    for name in ACTION:
        if name in a:
            value = a[name]
            out[name] = value.text() if name == "range" and value is not None else value
    if not out.get("per_character"):  # files written before it existed stay the same
        out.pop("per_character", None)
    return out


def dump_card(c: dict) -> dict:
    out = {name: c[name] for name in CARD if name in c}
    if out.get("actions") is not None:
        out["actions"] = [dump_action(a) for a in out["actions"]]
    if out.get("rows") is not None:
        out["rows"] = {color: {**row, "actions": [dump_action(a) for a in row.get("actions", [])]}
                       for color, row in out["rows"].items()}
    return out


class _Plain(FileSchema):
    """A FileSchema whose load and dump are plain functions (Nested fields call only these two)."""
    read = staticmethod(lambda data, path: data)
    write = staticmethod(lambda obj: obj)

    def load(self, data, *, many=None, partial=None, unknown=None):
        try:
            return self.read(data, ())
        except Problem as exc:
            raise ValidationError(_messages(exc)) from None

    def dump(self, obj, *, many=None):
        return self.write(obj)


class ActionSchema(_Plain):
    read = staticmethod(read_action)
    write = staticmethod(dump_action)


class CardSchema(_Plain):
    read = staticmethod(read_card)
    write = staticmethod(dump_card)

"""The game export file: {"format": "table-companion-game/1", "game": KEY, "name", "exported_at", "state": {...}}.

`state` is checked by the game's own schema (its kit's `state_schema`); "state_format" names the version
of that game's state (its rules module's FORMAT). `load_game_file` returns (kind, name, state) or
raises ValueError with one line naming the bad field; nothing is written before that.
"""
from __future__ import annotations

import json

from marshmallow import ValidationError, fields, validate, validates_schema

from ..schemas.files.exports import read_export, validated
from ..games.registry import RULES
from . import KITS
from .state_file import Strict, Text

FORMAT = "table-companion-game/1"


class GameFileSchema(Strict):
    format = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(RULES))  # the registry itself: read at each check
    name = Text()
    exported_at = fields.String(load_default=None)
    state_format = fields.String(required=True)
    state = fields.Dict(required=True)

    @validates_schema
    def known_state_format(self, data, **kwargs):
        rules = RULES.get(data.get("game"))
        if rules and data.get("state_format") != rules.FORMAT:
            raise ValidationError(f"unsupported {data.get('state_format')!r}; this app reads {rules.FORMAT!r}.",
                                  "state_format")


def dump_game_file(kind: str, name: str, state, exported_at: str) -> str:
    return json.dumps({"format": FORMAT, "game": kind, "name": name, "exported_at": exported_at,
                       "state_format": RULES[kind].FORMAT, "state": RULES[kind].to_dict(state)}, ensure_ascii=False, indent=2)


def load_game_file(text: str | bytes) -> tuple[str, str, object]:
    raw = read_export(text, "game", FORMAT, "format, game, name and state")
    data = validated("game", lambda: GameFileSchema().load(raw))
    state = validated("game", lambda: KITS[data["game"]].state_schema().load(data["state"]), prefix="state.")
    return data["game"], data["name"], RULES[data["game"]].from_dict(state)

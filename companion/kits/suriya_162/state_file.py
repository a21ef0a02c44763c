"""The `state` of an exported Suriya 162 game, checked before it is read (kits/game_file.py)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...games import suriya_162 as su
from ..state_file import Count, PlayerSchema, Strict, Text


class SuriyaUnitSchema(Strict):
    kind = fields.String(required=True, validate=validate.OneOf(su.KINDS))
    hp = Count(1, 20)
    name = fields.String(required=True, validate=validate.Length(max=40))
    converted = fields.Boolean(required=True)


SuriyaSeat = lambda: fields.Integer(required=True, allow_none=True, strict=True,  # noqa: E731
                                    validate=validate.Range(min=0, max=su.MAX_PLAYERS - 1))


class SuriyaSpaceSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^s\d{1,9}$"))
    name = Text()
    terrain = Text(40)
    high = fields.Boolean(required=True)
    owner = SuriyaSeat()
    units = fields.List(fields.Nested(SuriyaUnitSchema), required=True, validate=validate.Length(max=su.SQUAD_LIMIT))
    base = Count(0, su.BASE_HP)
    headquarter = fields.Boolean(required=True)
    command = fields.Boolean(required=True)
    exhaust = Count(0, 99)
    # the tile's hex on the drawn map (axial); absent for a tile off the drawn map
    at = fields.List(fields.Integer(strict=True, validate=validate.Range(min=-50, max=50)), allow_none=True,
                     validate=validate.Length(equal=2))


class ContinueCardSchema(Strict):
    name = Text()
    cost = Count(0, 99)
    kept_turn = Count(0, 10**9)


class KnownCardSchema(Strict):
    """A card as the table typed it when first playing it in this game (its name and two costs)."""
    name = Text()
    cost = Count(0, 99)
    continue_cost = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0, max=99))


class TacticCardSchema(Strict):
    """A Tactic card as the table typed it when first playing it in this game (its name and effect)."""
    name = Text(40)
    damage = Count(0, 99)
    defend = Count(0, 99)
    ignore_terrain = fields.Boolean(required=True)


class SuriyaSideSchema(Strict):
    minerals = Count()
    hand = Count(0, su.HAND_LIMIT + 99)
    bases_built = Count(0, su.BASE_TOKENS)
    headquarters_destroyed = Count(0, su.MAX_PLAYERS - 1)
    continuing = fields.List(fields.Nested(ContinueCardSchema), required=True)


class DraftSchema(Strict):
    round = Count(1, 9)
    shown = fields.List(Text(40), required=True, validate=validate.Length(max=su.DRAFT_SHOWN))
    picks = Count(0, 4)
    done = fields.Boolean(required=True)
    # 3-4 players' tiles in hand (C2); absent in files written before it was tracked
    hands = fields.List(fields.List(Text(40), validate=validate.Length(max=su.TILES_EACH)), required=False,
                        validate=validate.Length(max=su.MAX_PLAYERS))


class SuriyaVerdictSchema(Strict):
    winner = SuriyaSeat()
    how = fields.List(fields.String(), required=True)


class SuriyaSchema(Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=su.MIN_PLAYERS, max=su.MAX_PLAYERS))
    sides = fields.List(fields.Nested(SuriyaSideSchema), required=True)
    spaces = fields.List(fields.Nested(SuriyaSpaceSchema), required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    first = SuriyaSeat()
    rolls = fields.List(fields.List(fields.Integer(strict=True, allow_none=True)), required=True)
    draft = fields.Nested(DraftSchema, required=True)
    turn = Count(0, su.MAX_PLAYERS - 1)
    turn_no = Count(1, 10**9)
    phase = fields.String(required=True, validate=validate.OneOf(su.PHASE_KEYS))
    applied = fields.Boolean(required=True)
    gained = fields.String(required=False, validate=validate.OneOf(["", *su.GAIN_FROM]))  # 3.2; absent in older files
    combat = fields.List(fields.String(), required=True)
    verdict = fields.Nested(SuriyaVerdictSchema, required=True, allow_none=True)
    next_id = Count(1, 10**9)
    # the cards played in this game as typed (issue 34); absent in older files and when none was played
    known_cards = fields.List(fields.Nested(KnownCardSchema), required=False)
    # the Tactic cards and Generals typed in this game (issue 38); absent in older files and when none was typed
    known_tactics = fields.List(fields.Nested(TacticCardSchema), required=False)
    known_generals = fields.List(fields.Nested(SuriyaUnitSchema), required=False)

    @validates_schema
    def consistent(self, data, **kwargs):
        n = len(data.get("players", []))
        if len(data.get("sides", [])) != n:
            raise ValidationError("one side per player.", "sides")
        seats = [data.get("first"), data.get("turn")] + [s["owner"] for s in data.get("spaces", [])]
        if any(x is not None and x >= n for x in seats):
            raise ValidationError(f"a seat beyond the {n} players.", "spaces")
        ids = [s["id"] for s in data.get("spaces", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two spaces share an id.", "spaces")
        if any((s["units"] or s["base"]) and s["owner"] is None for s in data.get("spaces", [])):
            raise ValidationError("a Space with units or a Base has no owner.", "spaces")
        for field in ("known_cards", "known_tactics", "known_generals"):
            names = [" ".join(c["name"].split()).casefold() for c in data.get(field, [])]
            if len(names) != len(set(names)) or not all(names):
                raise ValidationError("Two of them share a name, or one has none.", field)

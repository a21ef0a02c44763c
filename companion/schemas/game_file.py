"""The game export file: {"format": "table-companion-game/1", "game": KEY, "name", "exported_at", "state": {...}}.

`state` is checked by the game's own schema; "state_format" names the version
of that game's state (its rules module's FORMAT). `load_game_file` returns (kind, name, state) or
raises ValueError with one line naming the bad field; nothing is written before that.
"""
from __future__ import annotations

import json

from marshmallow import ValidationError, fields, validate, validates_schema

from ..games import aldarra as al
from ..games import lost_empires as le
from ..games import shattered_empires as se
from ..games import suriya_162 as su
from ..games.catalog import RULES
from ..games.frame import COLORS, NAME_MAX
from .files.base import FileSchema as _Strict
from .files.exports import read_export, validated

FORMAT = "table-companion-game/1"
Count = lambda lo=0, hi=9999: fields.Integer(required=True, strict=True, validate=validate.Range(min=lo, max=hi))  # noqa: E731
Seat = lambda hi=1: fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0, max=hi))  # noqa: E731
Text = lambda n=80: fields.String(required=True, validate=validate.Length(min=1, max=n))  # noqa: E731


class PlayerSchema(_Strict):
    name = Text(NAME_MAX)
    color = fields.String(required=True, validate=validate.OneOf(COLORS))
    faction = fields.String(required=True, allow_none=True)


class VerdictSchema(_Strict):
    winner = Seat(3)
    how = fields.List(fields.String(), required=True)


class SideSchema(_Strict):
    artifacts = Count()
    gates = Count(0, le.GATES)
    command_used = Count(0, le.COMMAND)
    supply_used = fields.Boolean(required=True)
    passed = fields.Boolean(required=True)
    deck = fields.List(fields.Tuple((Text(), fields.Integer(strict=True, validate=validate.Range(min=1, max=2)))),
                       required=True)


class UnitSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^u\d{1,9}$"))
    card = Text()
    owner = Count(0, 1)
    at = fields.String(required=True, validate=validate.OneOf(le.battlefields()))
    control = Count(0, 9)
    offense = Count(0, 9)
    defense = Count(0, 9)
    keywords = fields.List(fields.String(validate=validate.OneOf(le.KEYWORDS)), required=True)
    weight = fields.String(required=True, allow_none=True, validate=validate.OneOf(le.WEIGHTS))
    damage = Count(0, le.DESTROYED_AT - 1)
    drained = fields.Boolean(required=True)
    elite_token = fields.Boolean(required=True)
    played_turn = Count(0, 10**9)
    damaged_by = Seat()


class ActivationSchema(_Strict):
    unit = fields.String(required=True)
    actions = Count(0, 2)
    attacks_left = Count(0, 2)
    attacked = fields.Boolean(required=True)
    frontline = fields.Boolean(required=True)


class LostEmpiresSchema(_Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(equal=le.PLAYERS))
    sides = fields.List(fields.Nested(SideSchema), required=True, validate=validate.Length(equal=le.PLAYERS))
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    first = Seat()
    rolls = fields.List(fields.List(fields.Integer(strict=True)), required=True)
    round = Count(1, 10**6)
    phase = fields.String(required=True, validate=validate.OneOf(le.PHASE_KEYS))
    step = Count(1, 2)
    turn = Count(0, 1)
    turn_no = Count(1, 10**9)
    mandatory = fields.Boolean(required=True)
    activated = fields.Boolean(required=True)
    activation = fields.Nested(ActivationSchema, required=True, allow_none=True)
    units = fields.List(fields.Nested(UnitSchema), required=True)
    applied = fields.List(fields.String(validate=validate.OneOf(le.PHASE_KEYS)), required=True)
    ruthless = fields.List(fields.String(validate=validate.OneOf(le.OBJECTIVES)), required=True)
    combat = fields.List(fields.String(), required=True)
    elite_rule = fields.String(required=True, validate=validate.OneOf(le.ELITE_RULES))
    verdict = fields.Nested(VerdictSchema, required=True, allow_none=True)
    next_id = Count(1, 10**9)

    @validates_schema
    def consistent(self, data, **kwargs):
        ids = [u["id"] for u in data.get("units", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two units share an id.", "units")
        act = data.get("activation")
        if act and act["unit"] not in ids:
            raise ValidationError(f"The activated unit {act['unit']!r} is not in play.", "activation")


# -- Shattered Empires ------------------------------------------------------------------------------

SeSeat = lambda: Count(0, se.MAX_PLAYERS - 1)  # noqa: E731
Names = lambda: fields.List(Text(), required=True)  # noqa: E731
MaybeText = lambda: fields.String(required=True, allow_none=True, validate=validate.Length(min=1, max=200))  # noqa: E731
Stat = lambda: Count(0, 999)  # noqa: E731


class SeVerdictSchema(_Strict):
    winner = Seat(se.MAX_PLAYERS - 1)
    how = fields.List(fields.String(), required=True)


class SeSideSchema(_Strict):
    base = fields.String(required=True, allow_none=True)
    faction = fields.String(required=True, allow_none=True)
    base_hp, base_damage, base_queue, base_yield, base_command = Stat(), Stat(), Stat(), Stat(), Stat()
    ability = fields.String(required=True, validate=validate.Length(max=300))
    deck = fields.List(fields.Tuple((Text(), Count(1, 999))), required=True)
    sideboard = Names()
    deck_left, hand, hand_max, cp, yield_used = Stat(), Stat(), Stat(), Stat(), Stat()
    resource_played = fields.Boolean(required=True)
    begin_triggers = Names()
    end_triggers = Names()
    scrapyard = Names()
    out = fields.Boolean(required=True)


class ModSchema(_Strict):
    card = Text()
    hp = Stat()
    damage = Stat()


class SeUnitSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^u\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    type = fields.String(required=True, validate=validate.OneOf(se.UNIT_TYPES))
    hp, damage, shields_max, shields, evasion, hit = Stat(), Stat(), Stat(), Stat(), Stat(), Stat()
    weapons = fields.List(Stat(), required=True)
    fired = fields.List(Count(0, 99), required=True)
    repair, auto_repair = Stat(), Stat()
    repaired = fields.Boolean(required=True)
    intercept = fields.Boolean(required=True)
    launcher, yields, command, queue = Stat(), Stat(), Stat(), Stat()
    testing = fields.Boolean(required=True)
    unique = fields.Boolean(required=True)
    mods = fields.List(fields.Nested(ModSchema), required=True)


class AssetSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[ap]\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    kind = fields.String(required=True, validate=validate.OneOf(["research", "resource"]))
    yields, command, queue = Stat(), Stat(), Stat()
    unique = fields.Boolean(required=True)


class ProjectSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^p\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    kind = fields.String(required=True, validate=validate.OneOf(["construction", "research"]))
    cost, allocated = Stat(), Stat()
    alternate = MaybeText()
    requires = fields.String(required=True, allow_none=True, validate=validate.OneOf(se.UNIT_TYPES))
    target = fields.String(required=True, allow_none=True)
    unit = fields.Nested(SeUnitSchema, required=True, allow_none=True)
    mod = fields.Nested(ModSchema, required=True, allow_none=True)
    asset = fields.Nested(AssetSchema, required=True, allow_none=True)

    @validates_schema
    def becomes_one_thing(self, data, **kwargs):
        if sum(data.get(k) is not None for k in ("unit", "mod", "asset")) != 1:
            raise ValidationError("A project becomes exactly one of a unit, a modification or a research.", "unit")


class StaffSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^s\d{1,9}$"))
    card = Text()
    owner = SeSeat()
    designation = fields.String(required=True, validate=validate.OneOf(se.DESIGNATIONS))
    cost = Stat()
    on = fields.String(required=True, allow_none=True)


class SeAttackSchema(_Strict):
    attacker = fields.String(required=True)
    targets = fields.List(fields.Tuple((Count(0, 99), Text())), required=True)
    ignore_stations = fields.Boolean(required=True)


class ShatteredEmpiresSchema(_Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=se.MIN_PLAYERS, max=se.MAX_PLAYERS))
    sides = fields.List(fields.Nested(SeSideSchema), required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    round = Count(1, 10**6)
    turn = SeSeat()
    step = fields.String(required=True, validate=validate.OneOf(se.STEP_KEYS))
    applied = fields.List(fields.String(validate=validate.OneOf(se.STEP_KEYS)), required=True)
    units = fields.List(fields.Nested(SeUnitSchema), required=True)
    projects = fields.List(fields.Nested(ProjectSchema), required=True)
    assets = fields.List(fields.Nested(AssetSchema), required=True)
    staff = fields.List(fields.Nested(StaffSchema), required=True)
    attack = fields.Nested(SeAttackSchema, required=True, allow_none=True)
    combat = fields.List(fields.String(), required=True)
    verdict = fields.Nested(SeVerdictSchema, required=True, allow_none=True)
    next_id = Count(1, 10**9)

    @validates_schema
    def consistent(self, data, **kwargs):
        n = len(data.get("players", []))
        if len(data.get("sides", [])) != n:
            raise ValidationError("One side per player.", "sides")
        ids = [u["id"] for u in data.get("units", [])]
        if len(ids) != len(set(ids)):
            raise ValidationError("Two units share an id.", "units")
        for key in ("units", "projects", "assets", "staff"):
            if any(x["owner"] >= n for x in data.get(key, [])):
                raise ValidationError("An owner is not one of the players.", key)
        if data.get("turn", 0) >= n:
            raise ValidationError("The turn is not one of the players'.", "turn")
        for s in data.get("staff", []):
            if s["on"] not in (None, se.BASE, *ids):
                raise ValidationError(f"Personnel {s['id']!r} is on a unit not in play.", "staff")
        att = data.get("attack")
        if att and att["attacker"] not in ids:
            raise ValidationError(f"The attacking unit {att['attacker']!r} is not in play.", "attack")


# -- Suriya 162 ----------------------------------------------------------------------------------------

class SuriyaUnitSchema(_Strict):
    kind = fields.String(required=True, validate=validate.OneOf(su.KINDS))
    hp = Count(1, 20)
    name = fields.String(required=True, validate=validate.Length(max=40))
    converted = fields.Boolean(required=True)


SuriyaSeat = lambda: fields.Integer(required=True, allow_none=True, strict=True,  # noqa: E731
                                    validate=validate.Range(min=0, max=su.MAX_PLAYERS - 1))


class SuriyaSpaceSchema(_Strict):
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


class ContinueCardSchema(_Strict):
    name = Text()
    cost = Count(0, 99)
    kept_turn = Count(0, 10**9)


class SuriyaSideSchema(_Strict):
    minerals = Count()
    hand = Count(0, su.HAND_LIMIT + 99)
    bases_built = Count(0, su.BASE_TOKENS)
    headquarters_destroyed = Count(0, su.MAX_PLAYERS - 1)
    continuing = fields.List(fields.Nested(ContinueCardSchema), required=True)


class DraftSchema(_Strict):
    round = Count(1, 9)
    shown = fields.List(Text(40), required=True, validate=validate.Length(max=su.DRAFT_SHOWN))
    picks = Count(0, 4)
    done = fields.Boolean(required=True)
    # 3-4 players' tiles in hand (C2); absent in files written before it was tracked
    hands = fields.List(fields.List(Text(40), validate=validate.Length(max=su.TILES_EACH)), required=False,
                        validate=validate.Length(max=su.MAX_PLAYERS))


class SuriyaVerdictSchema(_Strict):
    winner = SuriyaSeat()
    how = fields.List(fields.String(), required=True)


class SuriyaSchema(_Strict):
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


# -- Aldarra Reborn -------------------------------------------------------------------------------------

class AlTileSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[A-G][1-7]$"))
    kind = fields.String(required=True, validate=validate.OneOf(al.KINDS))
    stronghold = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0, max=3))
    explored = fields.Boolean(required=True)
    crystal = fields.Boolean(required=True)


AlSeat = lambda: Count(0, al.MAX_PLAYERS - 1)  # noqa: E731


class AlUnitsSchema(_Strict):
    at = fields.String(required=True)
    owner = AlSeat()
    kind = fields.String(required=True, validate=validate.OneOf(al.UNITS))
    count = Count(1, 99)


class AlSideSchema(_Strict):
    vp = Count()
    coins = Count()
    crystals = Count()
    orders = Count(0, al.ORDERS)
    objectives = Count(0, al.HAND)
    claimed = Count()
    explore_hand = Count(0, al.HAND)
    discoveries = fields.List(Text(), required=True)
    upgraded = fields.List(fields.String(validate=validate.OneOf(al.UNITS)), required=True)
    bought_round = Count(0, 10**6)
    hostages = fields.List(fields.Tuple((AlSeat(), fields.String(validate=validate.OneOf(al.UNITS)), Count(1, 99))),
                           required=True)


class AlOrderSchema(_Strict):
    player = AlSeat()
    at = fields.String(required=True)
    explored = fields.Boolean(required=True)


class AlCombatSchema(_Strict):
    at = fields.String(required=True)
    attacker = AlSeat()
    seats = fields.List(AlSeat(), required=True)
    round = Count(1, 10**6)
    step = fields.String(required=True, validate=validate.OneOf(["light", "heavy", "retreat"]))
    rolled = fields.Boolean(required=True)
    delayed = fields.List(AlSeat(), required=True)
    escalation = Count()
    escalation_hits = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=0))
    pending = fields.List(fields.Tuple((AlSeat(), Count(1, 10**6))), required=True)
    destroyed = Count()
    retreat_next = Count(0, al.MAX_PLAYERS)


class AldarraSchema(_Strict):
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(min=al.MIN_PLAYERS, max=al.MAX_PLAYERS))
    sides = fields.List(fields.Nested(AlSideSchema), required=True)
    tiles = fields.List(fields.Nested(AlTileSchema), required=True)
    stage = fields.String(required=True, validate=validate.OneOf(["setup", "play", "over"]))
    round = Count(0, 10**6)
    phase = fields.String(required=True, validate=validate.OneOf(al.PHASE_KEYS))
    step = Count(0, 5)
    turn_order = fields.List(AlSeat(), required=True)
    chooser = Count(0, 10**6)
    new_order = fields.List(fields.Integer(strict=True, validate=validate.Range(min=-1, max=3)), required=True)
    crystals_left = Count()
    spawn_rolled = fields.Boolean(required=True)
    units = fields.List(fields.Nested(AlUnitsSchema), required=True)
    order = fields.Nested(AlOrderSchema, required=True, allow_none=True)
    combat = fields.Nested(AlCombatSchema, required=True, allow_none=True)
    last_combat = fields.List(fields.String(), required=True)
    built = fields.List(fields.Tuple((fields.String(), Count())), required=True)
    founded = fields.List(fields.Tuple((fields.String(), fields.String())), load_default=list)
    applied = fields.List(fields.String(validate=validate.OneOf(["mine"])), required=True)
    verdict = fields.Nested(VerdictSchema, required=True, allow_none=True)

    @validates_schema
    def consistent(self, data, **kwargs):
        n = len(data.get("players", []))
        if len(data.get("sides", [])) != n:
            raise ValidationError("One side per player.", "sides")
        if sorted(data.get("turn_order", [])) != list(range(n)):
            raise ValidationError("The turn order lists each player once.", "turn_order")
        ids = {t["id"] for t in data.get("tiles", [])}
        for name in ("units", "order", "combat"):
            items = data.get(name) or []
            for item in items if isinstance(items, list) else [items]:
                if item["at"] not in ids:
                    raise ValidationError(f"{item['at']!r} is not a territory on the board.", name)


STATE_SCHEMAS = {le.KEY: LostEmpiresSchema, al.KEY: AldarraSchema, su.KEY: SuriyaSchema,
                 se.KEY: ShatteredEmpiresSchema}


class GameFileSchema(_Strict):
    format = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(list(RULES)))
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
    state = validated("game", lambda: STATE_SCHEMAS[data["game"]]().load(data["state"]), prefix="state.")
    return data["game"], data["name"], RULES[data["game"]].from_dict(state)

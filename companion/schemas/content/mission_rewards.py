"""Each mission's rewards as its Mission book prints them (p.14 step 4) and its difficulty rating (p.9, p.14 step 6),
as the result forms offer them: the table's entry in the card library ("mission_rewards", kept the first time a
table records the mission) over data/phantom-epoch/missions.json's `rewards`, which are null and unverified (the
rulebook prints no Mission book).

missions.json must give every mission one entry, and nothing else: a value the table never typed is null, a
value given is a whole number in its range, a fame change names a planet and an unlock a mission (a bad entry
stops start-up naming `rewards.<mission>.<field>`).
"""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate

from .base import ContentError, ContentSchema

BOOK_FIELDS = ("difficulty", "sp", "vanished_tech", "fame", "unlocks")


def _number(lo: int, hi: int):
    return fields.Integer(strict=True, required=True, allow_none=True, validate=validate.Range(min=lo, max=hi))


class BookRewardsSchema(ContentSchema):
    """One mission's entry: null where the Mission book's value is not known yet; `verified` said."""
    difficulty = _number(1, 4)
    sp = _number(0, 99)
    vanished_tech = _number(0, 99)
    fame = fields.Dict(keys=fields.String(), values=fields.Integer(
        strict=True, validate=validate.Range(min=-99, max=99)), required=True, allow_none=True)
    unlocks = fields.List(fields.String(), required=True, allow_none=True)
    verified = fields.Boolean(required=True)


class RewardsField(fields.Field):
    """Mission id -> its BookRewardsSchema entry; a bad one named `rewards.<mission>.<field>` (no Dict "value")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("must be an object of missions by id")
        loaded, problems = {}, {}
        for mid, entry in value.items():
            if not isinstance(entry, dict):
                problems[str(mid)] = ["must be an object of the Mission book's values (null where not known)"]
                continue
            try:
                loaded[mid] = BookRewardsSchema().load(entry)
            except ValidationError as exc:
                problems[str(mid)] = exc.messages
        if problems:
            raise ValidationError(problems)
        return loaded


def rewards_field():
    return RewardsField(required=True)


def check_rewards(rewards: dict, missions: tuple[str, ...], planets: tuple[str, ...], where: str) -> None:
    """Every mission has one entry, each naming only known planets and missions; ContentError naming the field."""
    for mid in missions:
        if mid not in rewards:
            raise ContentError(f"{where}: field rewards.{mid}: missing (every mission has an entry, null where "
                               "the Mission book's values are not known)")
    for mid, entry in rewards.items():
        if mid not in missions:
            raise ContentError(f"{where}: field rewards.{mid}: no mission {mid!r}")
        for planet in entry["fame"] or {}:
            if planet not in planets:
                raise ContentError(f"{where}: field rewards.{mid}.fame: no planet {planet!r}")
        for other in entry["unlocks"] or ():
            if other not in missions:
                raise ContentError(f"{where}: field rewards.{mid}.unlocks: no mission {other!r}")


def rewards_entries(missions_file: dict, library: dict) -> dict[str, dict]:
    """Every mission's rewards by id: missions.json's, each replaced by the table's entry in the card library."""
    table = library.get("mission_rewards", {})
    return {mid: table.get(mid, entry) for mid, entry in missions_file["rewards"].items()}


def known(entry: dict | None) -> bool:
    """Whether any of the Mission book's values was given (an entry of nulls is offered as empty boxes)."""
    return entry is not None and any(entry.get(k) is not None for k in BOOK_FIELDS)


def table_entry(difficulty: int | None, sp: int, vanished_tech: int, fame: dict, unlocks, verified: bool) -> dict:
    """What the card library keeps for a mission after a result form typed its rewards (its mission_rewards
    shape): the fame changes that are not 0, the unlocks in the order given."""
    return {"difficulty": difficulty, "sp": sp, "vanished_tech": vanished_tech,
            "fame": {p: v for p, v in fame.items() if v}, "unlocks": list(dict.fromkeys(unlocks)),
            "verified": verified}

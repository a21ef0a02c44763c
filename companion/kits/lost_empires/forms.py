"""Forms of a Lost Empires game: set-up, orders, combat, the Control and Wrap Up prompts."""
from __future__ import annotations

from marshmallow import fields, validate

from ...games import lost_empires as le
from ...schemas.fields import choice, count, delta, flag, text
from ..forms import DeckCards, GameForm, die

SEAT = ["0", "1"]


class RollForm(GameForm):
    """Both result dice for each player, or 'roll' for the app to roll them (p.3)."""
    die_1a = die()
    die_1b = die()
    die_2a = die()
    die_2b = die()


class FactionForm(GameForm):
    player = choice(SEAT)
    faction = text()


class DeckForm(GameForm):
    player = choice(SEAT)
    starter = flag()
    cards = DeckCards(fields.String(validate=validate.Length(max=90)), load_default=dict)  # none ticked: refused 422


class PlayUnitForm(GameForm):
    card = text()
    at = choice(le.battlefields(), required=False)  # Eye of Gliese: an objective with a friendly unit
    control = count(0, 9)
    offense = count(0, 9)
    defense = count(0, 9)
    command = count(0, le.COMMAND)
    supply = count(0, le.SUPPLY, required=False, default=0)
    keywords = fields.List(fields.String(validate=validate.OneOf(le.KEYWORDS, error="Choose one of the keywords.")),
                           load_default=list)
    weight = choice(le.WEIGHTS, required=False)
    drained = flag()


class PlaySupportForm(GameForm):
    card = text()
    command = count(0, le.COMMAND)
    supply = count(0, le.SUPPLY, required=False, default=0)


class ActivateForm(GameForm):
    unit = text()
    token = choice(["command", "supply", "free"])  # free: Eye of Gliese's errata


class GrantForm(GameForm):
    unit = text()
    action = choice(le.GRANTS)
    source = text(60, required=False)


class GrantedMoveForm(GameForm):
    unit = text()
    to = choice(le.battlefields())


class MoveForm(GameForm):
    unit = text()
    to = choice(le.battlefields())


class AttackForm(GameForm):
    attacker = text()
    defender = text()
    attack_die = die(required=False)
    defense_die = die(required=False)
    roll = flag()  # "Roll for me": both dice rolled by the app


class AbilityForm(GameForm):
    unit = text()
    draining = flag()
    attack = flag()


class DamageForm(GameForm):
    unit = text()
    delta = delta(-3, 3)
    by = choice(SEAT, required=False)


class RuthlessForm(GameForm):
    battlefield = choice(le.OBJECTIVES)
    unit = text()


class ArtifactForm(GameForm):
    player = choice(SEAT)
    delta = delta(-9, 9)


class FallBackForm(GameForm):
    player = choice(SEAT)
    to = choice(le.battlefields())


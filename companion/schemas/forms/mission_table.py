"""Forms of the mission table: the set-up, and every step of a round. Each step carries the version the
device saw (409 when another device saved first); bad input is a 422 naming the field."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from ...phantom.conditions import CONDITIONS, DETRIMENTAL
from ...phantom.decision import COLORS, DIRECTIONS
from ...phantom.hexmap import HAZARDS, OBJECTS
from ..fields import choice, count, delta, request_id, text, version
from .base import FormSchema

SLOTS = (1, 2, 3, 4)
ATTACK_FACES = ("0", "1", "2", "3", "4", "5", "6", "critical", "fumble")
ACCURACY_FACES = ("success", "block", "miss")


class NewMissionForm(FormSchema):
    campaign = count(1, 10**9, required=False)
    mission = text(60)
    map = count(1, 10**9)
    difficulty = count(1, 4)
    # Seats 1-4: a campaign character's id (or a name without a campaign), its maximum HP and AP from its
    # species card; a blank seat is empty.
    character_1 = text(60, required=False)
    hp_1 = count(1, 99, required=False)
    ap_1 = count(1, 99, required=False)
    character_2 = text(60, required=False)
    hp_2 = count(1, 99, required=False)
    ap_2 = count(1, 99, required=False)
    character_3 = text(60, required=False)
    hp_3 = count(1, 99, required=False)
    ap_3 = count(1, 99, required=False)
    character_4 = text(60, required=False)
    hp_4 = count(1, 99, required=False)
    ap_4 = count(1, 99, required=False)
    request_id = request_id()  # a set-up sent twice makes one mission
    # the decks the table draws as its own physical cards ("events", "species:Grallok", ...); the app shuffles
    # the others
    physical = fields.List(fields.String(validate=validate.Length(max=80)), load_default=list)

    @validates_schema
    def seats(self, data, **kwargs):
        taken = [n for n in SLOTS if data.get(f"character_{n}")]
        if not taken:
            raise ValidationError("Choose at least one character to embark.", "character_1")
        if data.get("campaign"):
            return  # a campaign character may bring its numbers from its sheet (checked at set-up)
        for n in taken:
            for f, what in ((f"hp_{n}", "maximum HP"), (f"ap_{n}", "maximum AP")):
                if data.get(f) is None:
                    raise ValidationError(f"Enter the character's {what} from its species card.", f)


class StepForm(FormSchema):
    version = version()
    request_id = request_id()  # a step sent again after its answer was lost is applied once


class PlaceForm(StepForm):
    character = text(60)
    space = text(8)  # tapped on the map


class DieForm(StepForm):
    color = choice(COLORS)
    primary = choice(DIRECTIONS)
    secondary = choice(DIRECTIONS)


class RestForm(StepForm):
    character = text(60)


class RevealForm(StepForm):
    """Tied characters in the order the players chose, first to last (p.12 step 7); blank without a tie."""
    order_1 = text(60, required=False)
    order_2 = text(60, required=False)
    order_3 = text(60, required=False)
    order_4 = text(60, required=False)


class SelectForm(StepForm):
    character = text(60)
    ap = count(0, 99)
    guard = count(-9, 9, required=False, default=0)  # the Guard this round's cards give (p.21 step 5)


class MoveForm(StepForm):
    """Where a figure went. With the card's MP (Move N / Leap N) the engine checks the space is within reach
    (p.24); without, the space is taken as the table tapped it (an adversary moved by hand)."""
    figure = text(60)
    space = text(8)  # tapped on the map
    mp = count(0, 99, required=False)  # a face tapped: the card's MP (p.24)
    mp_typed = count(0, 99, required=False)  # "Another MP", typed for a card whose MP no face shows: it wins
    mode = choice(("move", "leap"), required=False)


class PlaceAnywayForm(StepForm):
    """A figure put on a space for an effect the app does not model; the log says so."""
    figure = text(60)
    space = text(8)  # tapped on the map


class HpForm(StepForm):
    figure = text(60)
    delta = delta()


class DoorForm(StepForm):
    space = text(8)


class HazardForm(StepForm):
    """A hazard the figure entered on the way to the space it ended on (p.33)."""
    figure = text(60)
    space = text(8)


class HazardTokenForm(StepForm):
    """A Hazard token an Action card or a mission event places (p.38)."""
    kind = choice(HAZARDS)
    space = text(8)  # tapped on the map


class EndTurnForm(StepForm):
    """The orbs next to the character that it activates as its turn ends (p.24); unticked ones are blank."""
    orb_1 = text(8, required=False)
    orb_2 = text(8, required=False)
    orb_3 = text(8, required=False)


PLACED_BY = ("mission", "mission-event", "event")  # the sources of p.26 during play; "map" is the set-up's


class PlaceAdversaryForm(StepForm):
    type = text(60)
    source = choice(PLACED_BY)
    space = text(8)  # tapped on the map


class RedrawBossForm(StepForm):
    """A Boss card whose text says to draw another (p.58): keep it beside the board if persistent, or not."""
    type = text(60)
    keep = choice(("yes", "no"))


class HealForm(StepForm):
    """A Heal by `figure` on itself, or on `target` (an ally) within the Heal's range, 1 if blank (p.25)."""
    figure = text(60)
    value = count(1, 9)
    target = text(60, required=False)
    range = count(0, 20, required=False)


class StunnedForm(StepForm):
    character = text(60)
    card = text(60)


class ConditionForm(StepForm):
    figure = text(60)
    condition = text(30)
    on = choice(("yes", "no"))


ROLL_FACES = tuple(f"attack:{f}" for f in ATTACK_FACES) + tuple(f"accuracy:{f}" for f in ACCURACY_FACES)
ROLLS = 6  # dice entered for one adversary turn: its attack dice and the Accuracy dice the lines call for


class AdversaryRollsForm(StepForm):
    """The dice the players rolled for the AI's plan, in the order the plan asks for them (p.21)."""
    roll_1 = choice(ROLL_FACES, required=False)
    roll_2 = choice(ROLL_FACES, required=False)
    roll_3 = choice(ROLL_FACES, required=False)
    roll_4 = choice(ROLL_FACES, required=False)
    roll_5 = choice(ROLL_FACES, required=False)
    roll_6 = choice(ROLL_FACES, required=False)


class FailForm(StepForm):
    reason = text(120)


INFLICTED = tuple(c for c in CONDITIONS if c in DETRIMENTAL)


class AttackForm(AdversaryRollsForm):
    """The attack helper (p.20-22): a character's Attack on an adversary from the dice entered."""
    target = text(60)
    die = choice(("basic", "blitz"))
    value = count(-9, 9, required=False, default=0)
    pierce = count(0, 9, required=False, default=0)
    # p.21: the card's range modifier is added to the base range of the class board's weapon; an explicit range
    # on the card replaces it (blank: none).
    range_modifier = count(-9, 9, required=False, default=0)
    range = count(1, 20, required=False)
    # The conditions the card's Attack inflicts, applied if it succeeds (p.21 step 7); blank: none.
    inflict_1 = choice(INFLICTED, required=False)
    inflict_2 = choice(INFLICTED, required=False)
    # The line of sight the attacker draws (p.19): what it crosses, nearest first, comma-separated; blank: the
    # line with the fewest Accuracy rolls.
    line = text(300, required=False)


class AttackRangeForm(FormSchema):
    """The card's range as the attack helper is being filled (a GET: it asks which targets that range allows,
    and keeps the target chosen); the same boxes as AttackForm's."""
    range_modifier = count(-9, 9, required=False, default=0)
    range = count(1, 20, required=False)
    target = text(60, required=False)


class CriticalForm(StepForm):
    """The critical ability a character activates after its Critical Strike (p.20), by its place in the list."""
    critical = count(0, 9)


class NameCardForm(StepForm):
    """Which card came up from a deck the table draws itself (p.12 steps 2 and 5): the deck and the card."""
    deck = text(80)
    came_up = text(80)


class TypedCardForm(StepForm):
    """A card of a deck the table draws itself that the app did not have yet, typed as it came up: the deck,
    the card's name and its content as one line (docs/card-lines.md)."""
    deck = text(80)
    name = text(60)
    line = text(2000)


class EventNoteForm(StepForm):
    """What the table did for an Event card's mission event or event adversary, from the Mission book (p.59)."""
    note = text(200)


# -- the table's corrections and giving a mission up (play/corrections.py) ------------------------------------

class CorrectHpForm(StepForm):
    figure = text(60)
    hp = count(0, 99)


class CorrectSpaceForm(StepForm):
    figure = text(60)
    space = text(8)  # tapped on the map


class CorrectObjectForm(StepForm):
    space = text(8)
    state = choice(OBJECTS)


class DeleteMissionForm(FormSchema):
    """Deleting a one-off mission for good: the box ticked says the table means it."""
    confirm = choice(("yes",))
    request_id = request_id()

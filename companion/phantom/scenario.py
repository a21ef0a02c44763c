"""One adversary turn as the engine sees it: the board, the round's decision die and the drawn cards.

This is the scenario file of DESIGN.md ("phantom-epoch-scenario/1") after it
has been read and checked; `companion.schemas.files.scenario` does the reading
(marshmallow stays out of the engine). Actions keep the card's own words:
`range` is either a modifier to the adversary's base range ("+1", "-1") or an
explicit range that cannot be modified (p.18, "Range").
"""
from __future__ import annotations

from dataclasses import field
from typing import Annotated

from ..codec_marks import Shape
from ..errors import RuleError
from .board import Board
from . import keywords
from .decision import DecisionDie
from .dice import ATTACK_DICE  # noqa: F401  (the scenario's choice of Attack die)
from ..record import record

FORMAT = "phantom-epoch-scenario/1"
# The action keywords are entries of companion/phantom/keywords.py; these name them for the file formats.
ACTION_TYPES = keywords.REGISTRY  # a live view: a keyword added there is one here
CONDITION_TARGETS = ("self", "ally")


class ScenarioError(RuleError):
    """A scenario that does not fit the rules (an adversary that is not on the board, ...)."""


@record
class RangeSpec:
    """An action's range: `modifier` added to the base range, or `explicit` (p.18)."""
    modifier: int = 0
    explicit: int | None = None

    def resolve(self, base: int) -> int:
        return self.explicit if self.explicit is not None else max(0, base + self.modifier)

    def text(self) -> str | int | None:
        if self.explicit is not None:
            return self.explicit
        return f"{self.modifier:+d}" if self.modifier else None

    @classmethod
    def from_text(cls, text: str | int | None) -> "RangeSpec":
        """What `text` wrote: None (the base range), an explicit range, or a modifier like "+1"."""
        return cls() if text is None else cls(explicit=text) if isinstance(text, int) else cls(int(text))


# Stored as its text (None, an explicit range or "+1"). Shapes are named here, not written in the annotations:
# a string annotation is evaluated with the class's namespace as its globals.
RANGE_TEXT = Shape(lambda r, _: r.text(), lambda text, _: RangeSpec.from_text(text))


@record
class Action:
    """One action of a card: its keyword (companion/phantom/keywords.py), number and options."""
    type: str
    value: int = 0
    range: Annotated[RangeSpec, RANGE_TEXT] = RangeSpec()
    targets: int = 1
    pierce: int = 0
    conditions: tuple[str, ...] = ()  # inflicted by an attack
    name: str | None = None  # the condition a `condition` action gives
    target: str = "self"  # who a `condition` action is for: self / ally
    damage_multiplier: int = 1  # "damage x2": applied after Guard (p.21)
    die: str = "basic"  # the Attack die: adversaries roll the Basic one unless the card says otherwise (p.21)
    # "Heal 2 per character that embarked on the mission" (Mutant Grallok board, p.48): `value` is per
    # character who embarked, defeated ones included (p.30), so the mission supplies the count.
    per_character: bool = False

    def __post_init__(self):
        if self.type not in keywords.REGISTRY:
            raise ScenarioError(f"action type must be one of {', '.join(keywords.REGISTRY)}, not {self.type!r}")


@record
class Card:
    """An adversary's action card: its name, AP, round effect and actions."""
    name: str
    ap: int
    # Has a round effect (p.28: never converted to movement). Declared before `actions` because stored missions
    # hold it there; keyword-only, so a card is still built as Card(name, ap, actions).
    round: bool = field(default=False, kw_only=True)
    actions: tuple[Action, ...] = ()


# A class card's rows stored as each row's card with its color. The codec is imported when a card is written
# or read, never by a turn (docs/ARCHITECTURE.md, "Lazy imports").
def _write_rows(rows, context):
    from ..codec import encode
    return [{"color": color, **encode(card, context)} for color, card in rows]


def _read_rows(doc, context):
    from ..codec import decode
    return tuple((row["color"], decode(Card, row, context)) for row in doc)


ROWS = Shape(_write_rows, _read_rows)


@record
class ClassCard:
    """An Adversary Class Action card as printed: one row per HP-base color (p.47); an adversary performs
    only the row of its own color."""
    name: str
    rows: Annotated[tuple[tuple[str, Card], ...], ROWS]  # (color, that row as a card), lowest AP first as printed

    def row(self, color: str | None) -> Card:
        for c, card in self.rows:
            if c == color:
                return card
        raise ScenarioError(f"{self.name}: no row for {color!r}, the adversary's color "
                            f"(rows: {', '.join(c for c, _ in self.rows)})")


@record
class Turn:
    """Whose turn it is and the cards it plays."""
    adversary: str
    cards: tuple[Card | ClassCard, ...] = ()
    primary_target: str | None = None  # a mission rule naming every adversary's primary target (p.27, p.50)
    boss: bool = False  # a boss: each "card" is one action, the inherent one first (p.30)
    characters_embarked: int | None = None  # for actions whose value is per character embarked (p.48)


@record
class Scenario:
    """A board, the decision die, a turn and any dice already rolled: what resolve_turn plays."""
    board: Board
    decision_die: DecisionDie | None = None
    turn: Turn | None = None
    rolls: dict | None = None  # {"attack": [...], "accuracy": [...]}: dice already rolled at the table
    hazards: tuple = ()  # hazards.HazardRule values: entering one applies it (p.33); none given, the turn only names it

    def __post_init__(self):
        if self.turn is not None:
            figure = next((f for f in self.board.figures if f.id == self.turn.adversary), None)
            if figure is None:
                raise ScenarioError(f"turn.adversary: no figure {self.turn.adversary!r} on the board")
            if figure.side != "adversary":
                raise ScenarioError(f"turn.adversary: {self.turn.adversary!r} is a {figure.side}, not an adversary")
            for i, card in enumerate(self.turn.cards):
                if isinstance(card, ClassCard) and not any(c == figure.color for c, _ in card.rows):
                    raise ScenarioError(f"turn.cards[{i}].rows: no row for {figure.color!r}, the color of "
                                        f"{figure.id!r} (p.47: it performs only its color's row)")
            per = [a for c in self.turn.cards for row in (c.rows if isinstance(c, ClassCard) else (("", c),))
                   for a in row[1].actions if a.per_character]
            embarked = self.turn.characters_embarked
            if per and (isinstance(embarked, bool) or not isinstance(embarked, int) or embarked < 1):
                raise ScenarioError(f"turn.characters_embarked: an action is per character embarked, so the turn "
                                    f"needs how many characters embarked (1-4), not {embarked!r}")
            forced = self.turn.primary_target
            if forced is not None and not any(f.id == forced and f.side != "adversary" for f in self.board.figures):
                raise ScenarioError(f"turn.primary_target: no enemy {forced!r} on the board")

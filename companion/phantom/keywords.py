"""Card action keywords: each one entry, read by the scenario reader, a typed card's line, the adversary's
turn, the preview's danger layer and the rule summaries.

What a keyword does is said by its entry's fields, not by matching its name elsewhere: `acts` names the step of
a turn that performs it (companion/phantom/turn.py keeps one handler per step), `plan` how a movement chooses
its end (companion/phantom/movement.py), and the flags the rules that tell keywords apart (p.28's "Move, Leap or
Teleport", p.37's "Move or Leap", MP that a condition changes). A keyword that works as an existing one does
(another movement along a path, say) is one entry here and its summary in data/rules/phantom-epoch.json; one
that does something new adds its handler too (docs/ARCHITECTURE.md, "Adding an action keyword").
"""
from __future__ import annotations
from ..record import record


ACTS = ("movement", "attack", "heal", "condition", "damage")
PLANS = (None, "path", "retreat", "teleport")


@record
class Keyword:
    """One action keyword as cards print it."""
    name: str  # as stored and typed: "move"
    title: str  # as printed on a card: "Move"
    code: str  # its initial in a typed card line ("M3"), docs/card-lines.md; "" for none
    acts: str  # the step of a turn that performs it, one of ACTS
    page: int  # where the rulebook describes it; its summary in data/rules/phantom-epoch.json lists `name`
    plan: str | None = None  # a movement's way of choosing its end, one of PLANS
    mode: str | None = None  # a path movement's kind of step (companion/phantom/paths.py): "move" or "leap"
    in_mp: bool = False  # measured in MP, which a condition's `mp` effect changes (p.37)
    relocates: bool = False  # a movement for p.28's "Convert to movement" ("no Move, Leap or Teleport")
    stands_up: bool = False  # p.37: a Knocked Down figure stands up with its first MP ("round effect, Move or Leap")
    walks: bool = False  # enters every space of its path (hazards on the way, p.33), not only its end
    numbered: bool = True  # written as its title and a number ("Move 3"); a condition action names its condition

    def __post_init__(self):
        if self.acts not in ACTS:
            raise ValueError(f"keyword {self.name}: acts must be one of {', '.join(ACTS)}, not {self.acts!r}")
        if self.plan not in PLANS or (self.plan is None) != (self.acts != "movement"):
            raise ValueError(f"keyword {self.name}: a movement, and only a movement, has a plan")
        if (self.plan == "path") != (self.mode is not None):
            raise ValueError(f"keyword {self.name}: a path movement, and only one, has a mode")

    @property
    def is_movement(self) -> bool:
        return self.acts == "movement"


REGISTRY: dict[str, Keyword] = {k.name: k for k in (
    Keyword("move", "Move", "m", "movement", 24, plan="path", mode="move", in_mp=True, relocates=True,
            stands_up=True, walks=True),
    Keyword("leap", "Leap", "l", "movement", 24, plan="path", mode="leap", in_mp=True, relocates=True,
            stands_up=True),
    Keyword("retreat", "Retreat", "r", "movement", 29, plan="retreat", in_mp=True, walks=True),
    Keyword("teleport", "Teleport", "t", "movement", 25, plan="teleport", relocates=True),
    Keyword("attack", "Attack", "a", "attack", 20),
    Keyword("heal", "Heal", "h", "heal", 25),
    Keyword("condition", "Condition", "", "condition", 36, numbered=False),
    Keyword("damage", "Damage", "d", "damage", 22),
)}


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def movements() -> tuple[str, ...]:
    return tuple(k.name for k in REGISTRY.values() if k.is_movement)


def with_flag(flag: str) -> tuple[str, ...]:
    """The keywords whose `flag` (in_mp, relocates, stands_up, walks) is set."""
    return tuple(k.name for k in REGISTRY.values() if getattr(k, flag))


def has(actions, flag: str) -> bool:
    """Does any of `actions` (each with a `type`) have a keyword with `flag` set?"""
    return any(getattr(REGISTRY[a.type], flag) for a in actions if a.type in REGISTRY)


def acts(action) -> str:
    """The step of a turn that performs `action` (one with a `type`): "movement", "attack", ..."""
    return REGISTRY[action.type].acts


def mode(action) -> str | None:
    """A path movement's kind of step ("move" or "leap"), else None."""
    return REGISTRY[action.type].mode

"""A character's turn as its cards say (p.23-25): a Move N or Leap N checked against the figure's reach
(paths.py), with the reason a space is out of reach, opening the closed doors its path goes through (p.34); a placement the table makes anyway for an effect the app
does not model; the hazards on the path a move took (p.33); and a Heal on the character or an ally in the
Heal's range, with bandages (p.25). The Attack itself is attacks.character_attack, with the card's range."""
from __future__ import annotations

from dataclasses import replace

from ..conditions import budget
from ..paths import Reach, reach
from ..board import Board
from .figures import heal, move_figure, open_door
from .state import Mission, MissionError, Update, figure_on_map, not_over, parse_space, resting_now
from ...record import record

MODES = ("move", "leap")


def name_of(mission: Mission, fid: str) -> str:
    """A figure as the table says it: a character's name, an adversary's type and number."""
    ch = next((c for c in mission.characters if c.id == fid), None)
    return ch.name if ch is not None else fid


def reachable(mission: Mission, figure_id: str, mp: int | None = None, mode: str = "move") -> Reach:
    """Where the figure can end a Move or Leap of `mp` MP (None: any distance), and the fewest MP to each
    space (p.24; INTERPRETATIONS.md "Movement")."""
    if mode not in MODES:
        raise MissionError("mode", f"a movement is {' or '.join(MODES)}, not {mode!r}")
    if mp is not None and (isinstance(mp, bool) or not isinstance(mp, int) or mp < 0):
        raise MissionError("mp", f"MP is a whole number 0 or more, not {mp!r}")
    figure = figure_on_map(mission, figure_id)
    return reach(_doors_opened(mission.board) if figure.side == "character" else mission.board, figure, mode, mp)


def _doors_opened(board: Board) -> Board:
    """The board with every closed door open: where a character can get, since its Move or Leap opens the doors
    it goes through (p.34: "Only characters can open doors"; an adversary's reach keeps them as walls). Made
    once per board, its map once per map (both immutable), so the page's reach and the move search it once."""
    m = board.map
    if not m.closed_doors:
        return board
    memo = board.__dict__
    if "_play_doors_opened" not in memo:
        opened = m.__dict__.get("_play_doors_opened")
        if opened is None:
            opened = m
            for h in m.closed_doors:
                opened = opened.with_door(h, "open")
            m.__dict__["_play_doors_opened"] = opened
        memo["_play_doors_opened"] = replace(board, map=opened)
    return memo["_play_doors_opened"]


def reachable_costs(mission: Mission, figure_id: str, mode: str = "move") -> dict[str, int]:
    """Every space the figure can end a Move (or Leap) on, by label, with the fewest card MP it needs: the path's
    MP plus what the movement budget spends first (Knocked Down's 1 MP, an MP change of a condition, p.37), so
    the page shows those within the card's MP when the figure is tapped. None when its conditions let it take
    no movement."""
    figure = figure_on_map(mission, figure_id)
    b = budget(figure.conditions, mode, 99)
    if b.cannot is not None:
        return {}
    r = reachable(mission, figure_id, None, mode)
    return {mission.map.label(h): cost + b.overhead for h, cost in r.cost.items() if h != r.start}


@record
class MoveFaces:
    """The MP of a Move or Leap offered as one tap each (p.24), in place of typing the card's number: `values`
    from the fewest MP that reach a space (1, or more when the budget spends some first: Knocked Down's 1 MP to
    stand up, p.37) up to the most the figure can use now, its farthest space's cost (more reaches nothing
    new; MP may be spent short of the card's, p.24). The round records each chosen card by its name and AP
    only (p.12 step 3: the table taps the AP), so no card's Move value is known and none is invented; another
    value is typed.
    `chosen`: the one face, preselected, when there is only one. Empty when the figure can take no movement
    now (its conditions, p.37, a rest turn, p.13) or it is no character's turn."""
    values: tuple[int, ...] = ()
    reason: str = "the MP after Move or Leap on the card played"
    page: str = "24"

    @property
    def chosen(self) -> int | None:
        return self.values[0] if len(self.values) == 1 else None


def move_faces(mission: Mission, figure_id: str, move_costs: dict[str, int] | None = None) -> MoveFaces:
    """`move_costs`: the figure's `reachable_costs` for a Move when the caller has them already."""
    figure = mission.figure(figure_id)
    if figure is None or figure.side != "character" or resting_now(mission, figure_id):
        return MoveFaces()
    moves = reachable_costs(mission, figure_id) if move_costs is None else move_costs
    every = list(moves.values()) + list(reachable_costs(mission, figure_id, "leap").values())
    return MoveFaces(tuple(range(min(every), max(every) + 1))) if every else MoveFaces()


@record
class EndTurnSays:
    """What End turn ends, said on its button (issue 38): the figure whose turn it is (`who`), and for a
    character whether a Move or Leap was recorded this turn (`moved`: the round keeps the spaces its checked
    moves entered; a placement anyway is no Move). A rest turn plays no Move to miss (p.13)."""
    who: str = ""
    moved: bool = True

    @property
    def said(self) -> str:
        if not self.who:
            return "End turn"
        return f"End {self.who}'s turn" + ("" if self.moved else " without moving")


def end_turn_says(mission: Mission) -> EndTurnSays:
    rnd = mission.round
    figure = mission.figure(rnd.current) if rnd is not None and rnd.current else None
    if figure is None:
        return EndTurnSays()
    who = name_of(mission, figure.id)
    if figure.side != "character" or resting_now(mission, figure.id):
        return EndTurnSays(who)
    return EndTurnSays(who, bool(rnd.passed))


def move_by_card(mission: Mission, figure_id: str, to: str, mp: int, mode: str = "move") -> Update:
    """A Move N or Leap N (p.24): `to` must be a space the figure can end on within `mp` MP, or it is refused
    with the reason (the MP it needs, a wall or enemy in the way, a space it cannot end on). The hazard it
    ends on acts at once (figures.move_figure); the hazards its Move passed on the fewest-MP path are
    remembered for the turn, for the table to confirm as entered on the way (p.33; a Leap enters only the
    space it ends on)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    h = parse_space(mission.map, to, "to")
    who = name_of(mission, figure.id)
    if mode not in MODES:
        raise MissionError("mode", f"a movement is {' or '.join(MODES)}, not {mode!r}")
    if isinstance(mp, bool) or not isinstance(mp, int) or mp < 0:
        raise MissionError("mp", f"MP is a whole number 0 or more, not {mp!r}")
    b = budget(figure.conditions, mode, mp, who)
    if b.cannot is not None:
        raise MissionError("mp", b.reasons[0])
    # A door is opened only when the space cannot be reached within the MP with the doors shut: the app cannot
    # see which way the figure went, and the "Open door" tap stays for a door taken by choice (docs/rules.md).
    within = reach(mission.board, figure, mode, b.mp)
    if h not in within.cost and figure.side == "character":
        within = reachable(mission, figure.id, b.mp, mode)
    if h not in within.cost:
        raise MissionError("to", _why_not(mission, figure, h, mp, mode, who, b.overhead))
    path = within.path_to(h)
    if b.stands_up is not None:
        mission = replace(mission, board=mission.board.with_figure(figure.without_condition(b.stands_up.name)))
    m = mission.map
    opened: list[str] = []
    for x in path:  # each door of the path opened as the figure goes through it: in the same change as the move
        if x in m.closed_doors:
            mission = open_door(mission, m.label(x)).mission
            opened.append(f"{who} opens the door on {m.label(x)} by going through it (p.34): an empty space from "
                          "now on (p.38)")
    update = move_figure(mission, figure.id, to)
    passed = tuple(m.label(x) for x in within.hazards_entered(h) if x != h)
    # The turn remembers every space entered (a Leap: only its end), so the page offers the hazards of the
    # path taken, and an empty record means no checked move yet.
    entered = path[1:] if mode == "move" else path[-1:]
    rnd = update.mission.round
    moved = update.mission
    if rnd is not None and rnd.current == figure.id:
        moved = replace(moved, round=replace(rnd, passed=rnd.passed + tuple(m.label(x) for x in entered)))
    cost = within.cost[h]
    reasons = list(b.reasons) + [
        f"{who}: {mode.capitalize()} {mp} — {cost} MP by {' → '.join(m.label(x) for x in path)} (p.24)"]
    reasons += opened
    if passed:
        reasons.append(f"the path goes through the hazard(s) on {', '.join(passed)}: confirm each one entered (p.33)")
    # move_figure's first reason ("Vera moves B-6 -> F-3") is the line above without its MP: said once
    return Update(moved, tuple(reasons) + update.reasons[1:])


@record
class PassedHazards:
    """The hazards a character's Move may have entered before the space it ended on, for the table to confirm
    each one entered (`spaces`: label and hazard, in order), and the rule (`reason`, `page`)."""
    spaces: tuple[tuple[str, str], ...] = ()
    reason: str = "A hazard its Move entered before the space it ended on"
    page: str = "33"


def passed_hazards(mission: Mission) -> PassedHazards:
    """p.33: a figure entering a hazard on its way suffers it. For the character whose turn it is: after a
    move checked against the card's MP, the hazards on the path it took (the round remembers the spaces
    entered this turn; a Leap enters only its last space, p.24); before one, every hazard on the map but the
    space it stands on — one under an ally too, since moving through the ally enters it — nearest first.
    None when it is no character's turn."""
    rnd = mission.round
    figure = mission.figure(rnd.current) if rnd is not None and rnd.current else None
    if figure is None or figure.side != "character":
        return PassedHazards()
    m = mission.map
    passed = rnd.passed
    if passed:
        here = m.label(figure.at)
        seen: list[tuple[str, str]] = []
        for label in passed:
            h = m.parse(label)
            if h in m.hazard_at and label != here and label not in (x for x, _ in seen):
                seen.append((label, m.hazard_at[h]))
        return PassedHazards(tuple(seen))
    near = m.ranges_from(figure.at)
    spaces = sorted((h for h in m.hazard_at if h != figure.at), key=lambda h: (near.get(h, 10**6), m.label(h)))
    return PassedHazards(tuple((m.label(h), m.hazard_at[h]) for h in spaces))


def _why_not(mission: Mission, figure, h, mp: int, mode: str, who: str, overhead: int = 0) -> str:
    m = mission.map
    label = m.label(h)
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != figure.id:
        return f"{label} holds {name_of(mission, here.id)}: a movement ends on an empty space or a hazard (p.24)"
    door = h in m.closed_doors and figure.side != "character"  # a character's movement opens it (p.34)
    if m.is_blocking_object(h) or door or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        return f"{label} is not an empty space or a hazard: a movement ends on one (p.24, p.34)"
    anywhere = reachable(mission, figure.id, None, mode)
    if h in anywhere.cost:
        spent = f", {overhead} of them before the path (p.37)" if overhead > 0 else ""
        return (f"{label} needs {anywhere.cost[h] + overhead} MP for {who}'s {mode.capitalize()}{spent}, which has "
                f"{mp} (p.24)")
    enemies = "" if mode == "leap" else " or enemies"
    return f"{who} cannot get to {label} with any {mode.capitalize()}: walls{enemies} are in every way (p.24)"


def place_anyway(mission: Mission, figure_id: str, to: str) -> Update:
    """The table puts the figure on `to` without the reach check, for an effect the app does not model
    (a Teleport, a push, a card's special movement); the log says so. It still ends on an empty space or a
    hazard, and a hazard it ends on acts (p.24, p.33)."""
    update = move_figure(mission, figure_id, to)
    return Update(update.mission, (f"{name_of(mission, figure_id)} is placed on {to} anyway: an effect the app "
                                   "does not model, so its reach is not checked",) + update.reasons)


def heal_ally(mission: Mission, healer_id: str, target_id: str, value: int, heal_range: int | None = None) -> Update:
    """A character's Heal (p.25) on itself or an ally (a character) within the Heal's range, 1 when the card
    gives none; bandages as figures.heal."""
    not_over(mission)
    healer = figure_on_map(mission, healer_id)
    target = figure_on_map(mission, target_id)
    if healer.side != "character":
        raise MissionError("figure", f"{name_of(mission, healer.id)} is not a character")
    if target.side != healer.side:
        raise MissionError("target", f"{name_of(mission, target.id)} is not {name_of(mission, healer.id)} or an "
                                     "ally: a Heal targets the character or its allies (p.25)")
    rng = 1 if heal_range is None else heal_range
    if not isinstance(rng, int) or isinstance(rng, bool) or rng < 0:
        raise MissionError("range", f"a Heal's range is a whole number 0 or more, not {heal_range!r}")
    distance = mission.map.range_between(healer.at, target.at)
    if distance is None or distance > rng:
        why = "its range is 1 when the card gives none" if heal_range is None else f"the Heal reaches {rng}"
        raise MissionError("target", f"{name_of(mission, target.id)} is out of range: range "
                                     f"{'none' if distance is None else distance}, {why} (p.25)")
    return heal(mission, target.id, value, by=healer.id)


REST_ALLOWS = (
    "Detrimental conditions were removed at the start of the rest turn, before any effect",
    "Equip and unequip attachments and equipment",
    "Recharge attachments or equipment with nova cells from the play area",
    "Move nova cells between Equipment and Attachment cards",
    "Play equipped Item cards (items are not equipped or unequipped during a mission)",
)


@record
class RestTurn:
    """A character's rest turn (p.13): what it may do (`allows`), and that it plays no Character Action cards,
    so no Move or Attack (`refuses`). Empty `allows` when the figure whose turn it is does not rest."""
    character: str = ""
    allows: tuple[str, ...] = ()
    refuses: str = "no Character Action cards are played on a rest turn: no Move, Leap or Attack"
    page: str = "13"

    @property
    def said(self) -> str:
        return f"Rest turn: {self.refuses} (p.{self.page})."


def rest_turn(mission: Mission) -> RestTurn:
    rnd = mission.round
    if rnd is None or not rnd.current or not resting_now(mission, rnd.current):
        return RestTurn()
    return RestTurn(rnd.current, REST_ALLOWS)

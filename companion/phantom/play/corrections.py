"""The table is the authority: what the players fix by hand when the table and the app disagree, and a
mission given up.

A correction is not an action of the rules: it spends no MP, enters no hazard, draws no card. It puts a
figure's HP, space or conditions, or an object's state, as the table has them, says so in the log
("Correction: ...") and is undone like any step. The AI plans from the corrected mission, since it plans
from the mission as stored. HP 0 still defeats (p.23, p.26): the table saying so is how a defeat the app
missed is recorded.
"""
from __future__ import annotations

from dataclasses import replace

from ..hexmap import OBJECTS
from .figures import add_condition, remove_condition, set_hp
from .state import Mission, MissionError, Update, figure_on_map, finished, not_over, parse_space

CORRECTED = "Correction by the table"


def correct_hp(mission: Mission, figure_id: str, hp: int) -> Update:
    """A figure's HP as the table counts it (0 to its maximum); at 0 it is defeated (p.23, p.26). The same
    change as the HP stepper's (set_hp), logged as the table's correction."""
    before = figure_on_map(mission, figure_id).hp
    out = set_hp(mission, figure_id, hp)
    return Update(out.mission, (f"{CORRECTED}: {figure_id}'s HP {before} -> {hp}",) + out.reasons[1:])


def correct_space(mission: Mission, figure_id: str, to: str) -> Update:
    """A figure put where it stands at the table: any space of the map that holds no other figure, no object
    that blocks, no closed door, gap or orb. No MP is spent and a hazard there is not entered (the table
    applies a hazard it agrees was entered with its own control)."""
    not_over(mission)
    figure = figure_on_map(mission, figure_id)
    h = parse_space(mission.map, to, "space")
    m = mission.map
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != figure.id:
        raise MissionError("space", f"{to!r} already holds {here.id}: two figures never share a space (p.34)")
    if m.is_blocking_object(h) or h in m.closed_doors or m.terrain_at.get(h) == "gap" or h in m.orb_at:
        raise MissionError("space", f"{to!r} holds an object, a closed door, a gap or an orb: no figure stands "
                                    "there (p.34)")
    moved = replace(figure, at=h)
    return Update(replace(mission, board=mission.board.with_figure(moved)),
                  (f"{CORRECTED}: {figure.id} put on {m.label(h)} (was {m.label(figure.at)}); no MP spent, "
                   "no hazard entered",))


def correct_condition(mission: Mission, figure_id: str, name: str, on: bool) -> Update:
    """A condition token put on or taken off as the table has it (the rules of p.37 still apply to a token
    put on: Burning and Frozen cancel each other)."""
    update = (add_condition if on else remove_condition)(mission, figure_id, name)
    return Update(update.mission, tuple(f"{CORRECTED}: {r}" for r in update.reasons))


def correct_object(mission: Mission, space: str, state: str) -> Update:
    """An object's state as the table has it: destructible (intact), damaged, destroyed or indestructible
    (p.33-34)."""
    not_over(mission)
    h = parse_space(mission.map, space, "space")
    objects = dict(mission.map.objects)
    if h not in objects:
        raise MissionError("space", f"{space!r} holds no object")
    if state not in OBJECTS:
        raise MissionError("state", f"an object is {', '.join(OBJECTS)}, not {state!r}")
    if state != "destroyed" and h in mission.board.figure_at:
        raise MissionError("state", f"{mission.board.figure_at[h].id} stands on {space}: only a destroyed object "
                                    "can share its space with a figure (p.33)")
    board = replace(mission.board, map=mission.map.with_object(h, state))
    return Update(replace(mission, board=board),
                  (f"{CORRECTED}: the object on {mission.map.label(h)} is {state} (was {objects[h]})",))


def abandon(mission: Mission) -> Update:
    """The table gives the mission up: it ends as a failure, as when an objective that is not optional is
    failed (p.13); a failed mission can be attempted again any number of times."""
    not_over(mission)
    return finished(mission, False, ["The table abandoned the mission: it is a failure; a failed mission can be "
                                     "attempted again any number of times (p.13)"])

"""A mission as plain JSON shapes (lists, dicts, strings and numbers), so it survives a restart:
`mission_to_dict` and `mission_from_dict`, which reads it back equal.

The one codec (companion/codec.py) writes it from the state's type hints (play/state.py, hexmap.py,
board.py, scenario.py say where the stored shape is not the plain one); a space is written as its label
under the mission map's layout: the codec is given the map to write, its layout to read."""
from __future__ import annotations

from ...codec import decode, encode
from ..hexmap import Layout
from .state import Mission, MissionError

FORMAT = "phantom-epoch-mission/1"


def mission_to_dict(mission: Mission) -> dict:
    """The whole mission as lists, dicts, strings and numbers; `mission_from_dict` reads it back equal."""
    return {"format": FORMAT, **encode(mission, mission.map)}


def mission_from_dict(d: dict) -> Mission:
    """Read `mission_to_dict`'s shape back; anything else raises MissionError."""
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise MissionError("format", f"not a saved mission (format must be {FORMAT!r})")
    try:
        mission = decode(Mission, d, decode(Layout, d["map"]["layout"]))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MissionError("mission", f"a saved mission that cannot be read: {exc!r}") from None
    if not mission.map.hazard_tokens <= set(mission.map.hazard_at):
        raise MissionError("map", "a Hazard token lies on a space with no hazard")
    return mission

"""A mission map checked for the mistakes of copying one from the book: walls that leak, doors that close
nothing, entry points no one can stand on, rooms no one can reach.

The map editor shows these as a map is drawn; a mission refuses to start on a map that has any
(`refuse_problems`). Each problem names its spaces and says why, with the rulebook page.

- A *diagonal gap*: an edge between two spaces that is no wall, while a wall ends at each of its two
  corners, one on either side of it (the wall between columns G and H stored only between spaces of the same
  row: G-1|H-1 and G-2|H-2 are walls, G-1|H-2 is not, and a figure steps from G-1 to H-2 through the "wall").
  A wall that ends at both corners on the *same* side is an opening cut into a wall (a doorway), not a gap.
- A door not *between two spaces*: going round its six neighbours, the spaces one can step to from the door
  form one group (a door in open floor, in a room's corner, or against the void): closing it separates
  nothing (p.34: a closed door is treated as a wall).
- An entry point on a door, a gap or an object: a character must be placed on it (p.11 step 12, p.33), and
  none can stand there (p.34 Empty Spaces, p.35 Gaps).
- Spaces no entry point reaches with every door open: walls close them in, so whatever is there (an
  adversary's placement icon, a treasure) can never be reached (p.35 Walls).
"""
from __future__ import annotations


from .hexmap import DIRECTIONS, Hex, HexMap, MapError, edge
from ..record import record

KINDS = ("gap", "door", "entry", "unreached")


@record
class Problem:
    kind: str  # one of KINDS
    spaces: tuple[str, ...]  # the labels it is about, for the editor to mark
    reason: str
    page: str

    @property
    def text(self) -> str:
        return f"{self.reason} ({self.page})"


def check_map(m: HexMap) -> tuple[Problem, ...]:
    """Every problem of the map, in the order above; () for a map that is fine."""
    open_ = _wall_free(m)
    return (*_diagonal_gaps(m, open_), *_doors(m, open_), *_entry_points(m), *_unreached(m, open_))


def refuse_problems(m: HexMap, field: str = "map") -> None:
    """A mission can't be played on a map with problems: refused naming them all."""
    problems = check_map(m)
    if problems:
        raise MapError(field, "this map has problems to fix in the map editor first: "
                       + "; ".join(p.text for p in problems))


def _wall_free(m: HexMap) -> dict:
    """Each space's neighbours with no wall between (doors count as open): built once per check, since the
    editor checks the map on every paint."""
    cut: dict = {}
    for a, b in m.walls:
        cut.setdefault(a, set()).add(b)
        cut.setdefault(b, set()).add(a)
    return {h: frozenset(n for n in ((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)
                         if n in m.spaces and n not in cut.get(h, ())) for h in m.spaces}


def _walled(open_: dict, a: Hex, b: Hex) -> bool:
    """A wall, or the play area's border (p.35: the boundary is a wall)."""
    return b not in open_.get(a, ())


def _common(a: Hex, b: Hex) -> list[Hex]:
    """The two hexes beside both of the adjacent a and b: one at each corner of their edge."""
    near = {(a[0] + dq, a[1] + dr) for dq, dr in DIRECTIONS}
    return [(b[0] + dq, b[1] + dr) for dq, dr in DIRECTIONS if (b[0] + dq, b[1] + dr) in near]


def _diagonal_gaps(m: HexMap, open_: dict):
    # A gap needs a lone wall at a corner of the edge, so one of its two spaces touches a wall or the border:
    # only those spaces' edges are looked at.
    touching = [h for h, ns in open_.items() if len(ns) < len(DIRECTIONS)]
    for a, b in sorted({edge(h, n) for h in touching for n in open_[h]}):
        sides = []  # at each corner of a|b: the one space (a or b) a lone wall there touches, else None
        for c in _common(a, b):
            on_a, on_b = _walled(open_, a, c), _walled(open_, b, c)
            sides.append(a if on_a and not on_b else b if on_b and not on_a else None)
        if len(sides) == 2 and None not in sides and sides[0] != sides[1]:
            la, lb = m.label(a), m.label(b)
            yield Problem("gap", (la, lb), f"gap in a wall between {la} and {lb}: walls end at both corners of "
                          f"that edge, so a figure steps diagonally through the wall; wall {la}|{lb} too", "p.35")


def _doors(m: HexMap, open_: dict):
    for door, _state in m.doors:
        ring = [(door[0] + dq, door[1] + dr) for dq, dr in DIRECTIONS]
        steps = [not _walled(open_, door, n) for n in ring]
        # Going round the door: the neighbours one steps to, in groups joined where no wall lies between them.
        joined = [steps[i] and steps[i - 1] and not _walled(open_, ring[i - 1], n) for i, n in enumerate(ring)]
        groups = sum(o and not j for o, j in zip(steps, joined)) or (1 if any(steps) else 0)
        if groups < 2:
            label = m.label(door)
            yield Problem("door", (label,), f"door on {label} is not between two spaces: every space beside it is "
                          "on one side (open floor, a corner or the edge of the map), so closing it separates "
                          "nothing; put it in a wall's opening", "p.34")


def _entry_points(m: HexMap):
    doors, objects = m.door_states, m.object_at
    for h in sorted(m.entry_points):
        what = ("a door" if h in doors else "a gap" if m.terrain_at.get(h) == "gap"
                else f"an object ({objects[h]})" if h in objects else None)
        if what:
            label = m.label(h)
            yield Problem("entry", (label,), f"entry point on {label} lies on {what}: a character is placed on "
                          "an entry point and can't stand there", "p.11, p.34")


def _unreached(m: HexMap, open_: dict):
    if not m.entry_points:
        return
    seen = set(m.entry_points)
    frontier = list(seen)
    while frontier:  # every door open: only walls and the border stop a figure
        h = frontier.pop()
        for n in open_[h]:
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    left = set(m.spaces) - seen
    while left:  # one problem per walled-in room
        start = min(left)
        room, frontier = {start}, [start]
        while frontier:
            h = frontier.pop()
            for n in open_[h]:
                if n in left and n not in room:
                    room.add(n)
                    frontier.append(n)
        left -= room
        labels = tuple(m.label(h) for h in sorted(room, key=lambda h: (h[1], m.layout.to_offset(h)[0])))
        inside = [f"{p.type} placement" for h, p in m.placements if h in room]
        inside += ["a treasure" for h, _ in m.treasures if h in room] + ["an orb" for h, _ in m.orbs if h in room]
        named = ", ".join(labels[:4]) + (f" and {len(labels) - 4} more" if len(labels) > 4 else "")
        yield Problem("unreached", labels, f"no entry point reaches {named}: walls close {'it' if len(labels) == 1 else 'them'} in"
                      + (f", with {', '.join(inside)} inside" if inside else "")
                      + "; open a way in or make them void", "p.35")

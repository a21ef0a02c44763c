"""The dealt board as the page draws it: one hexagon per territory, laid out on the hex board every game draws
(companion/hexboard.py: pointy hexes in rows, odd rows shifted as the rules read the board), with its
terrain, id, crystal, Stronghold and units; `legal` marks where the step's choice may go."""
from __future__ import annotations

from dataclasses import dataclass

from ...games import aldarra as rules
from ...hexboard import Grid, fit, grid_view

# A short mark per terrain beside its colour (colour alone is not enough to read the board).
MARKS = {"Forest": "♣ Forest", "Copper Deposit": "Cu 1", "Silver Deposit": "Ag 2", "Gold Deposit": "Au 3",
         "Jetstream Entry Point": "≋ Jet", "Crystal Deposit": "◆ Deposit", "Mountain": "▲ Mount",
         "Ancient Ruins": "⌂ Ruins"}
SHORT = {"Dreadnought": "Dn", "Cruiser": "Cr", "Destroyer": "Ds", "Frigate": "Fr", "Engineer": "En",
         "Fortress": "Ft", "Outpost": "Op"}
# Where each line sits below the hex's centre, in px, and its font size (app.css: .tid, .tmark, .units): the
# labels are squeezed to the hex's width at their line where they would spill (hexboard.fit).
ID_DY, MARK_DY, MARK_PX, UNITS_DY, UNITS_STEP, UNITS_PX = -17, -7, 7, 3, 8, 8


@dataclass(frozen=True)
class Group:
    color: str
    text: str  # "2Fr 1En"
    title: str  # "Ann: 2 Frigate, 1 Engineer"
    dy: int = 0
    fit: int | None = None  # the width it is squeezed to, where it would spill out of its hex


@dataclass(frozen=True)
class Territory:
    id: str
    kind: str
    css: str
    mark: str
    points: str
    x: int
    y: int
    stronghold: str | None  # the owner's colour
    crystal: bool
    explored: bool
    groups: tuple[Group, ...]
    legal: bool
    title: str
    mark_fit: int | None = None
    # Its accessible name: what is drawn on it first, then what that means ("A1 ♣ Forest 2Fr — Forest; Ann: 2
    # Frigate"), so the name holds the text shown and voice control can tap it by that (WCAG 2.5.3).
    name: str = ""


@dataclass(frozen=True)
class Board:
    view_box: str
    territories: tuple[Territory, ...]
    id_dy: int = ID_DY  # the lines' places below each hex's centre, as the marks' squeezing counts them
    mark_dy: int = MARK_DY


def board(g: rules.Game, legal: tuple[str, ...] = ()) -> Board:
    rows = -(-len(g.tiles) // rules.WIDTH)
    grid = grid_view(Grid("pointy", "even"), rules.WIDTH, rows)
    out = []
    for t, cell in zip(g.tiles, grid.cells):
        groups = []
        for k, owner in enumerate(rules.owners_at(g, t.id)):
            units = rules.units_at(g, t.id, owner)
            p = g.players[owner]
            text = " ".join(f"{u.count}{SHORT[u.kind]}" for u in units)
            dy = UNITS_DY + UNITS_STEP * k
            groups.append(Group(p.color, text, f"{p.name}: " + ", ".join(f"{u.count} {u.kind}" for u in units),
                                dy, fit(text, UNITS_PX, dy)))
        owner = g.players[t.stronghold] if t.stronghold is not None else None
        what = f"{owner.name}'s Stronghold" if owner else t.kind
        title = "; ".join([f"{t.id}: {what}"] + (["crystal"] if t.crystal else []) + (["explored"] if t.explored else [])
                          + [x.title for x in groups])
        kind = rules.terrain(t)  # a Stronghold replaced its tile (p.8): not drawn as what lay under it
        mark = "★ Home" if owner else MARKS.get(t.kind, t.kind)
        out.append(Territory(t.id, kind, "kind-" + kind.lower().replace(" ", "-"), mark, cell.points, cell.x, cell.y,
                             owner.color if owner else None, t.crystal, t.explored, tuple(groups), t.id in legal, title,
                             fit(mark, MARK_PX, MARK_DY),
                             " ".join([t.id, mark, *(x.text for x in groups)]) + " — " + title.removeprefix(f"{t.id}: ")))
    return Board(grid.view_box, tuple(out))

"""Suriya 162's map as the page draws it: one hexagon per Space laid on the drawn map (its `at`), on the hex
board every game draws (companion/hexboard.py: its geometry, scale and margin), its terrain, holder, squad, Base and tokens; a line between the centres of each pair of adjacent Spaces; and,
while the terrain is placed, the open hexes a tile may go to."""
from __future__ import annotations

from dataclasses import dataclass

from ...games import suriya_162 as rules
from ...hexboard import Grid, bounds, fit, points, scaled, view_box
from ...hexgrid import neighbours

LAYOUT = Grid("pointy", "even")
# Each line's place below the hex's centre and its font size (app.css .tid, .tmark, .units); a label that would
# spill out of its hex is squeezed to fit (hexboard.fit).
LINES = {"name": (-10, 8), "base": (0, 7), "squad": (10, 8), "tokens": (19, 7)}


@dataclass(frozen=True)
class Cell:
    id: str  # the Space's id, or "q,r" for an open hex
    name: str
    css: str
    points: str
    x: int
    y: int
    color: str | None  # the holder's colour
    squad: str  # "2 BU 1 EU"
    base: str  # "HQ 3/3", "Base 2/3"
    tokens: str
    title: str
    fits: dict  # line -> the width its label is squeezed to, where it would spill

    def fit(self, line: str) -> int | None:
        return self.fits.get(line)


@dataclass(frozen=True)
class MapView:
    view_box: str
    cells: tuple[Cell, ...]
    links: tuple[tuple[int, int, int, int], ...]  # adjacent Spaces, centre to centre
    spots: tuple[Cell, ...]
    off_map: tuple[str, ...]  # Spaces placed without a hex (adjacent to all)


def _xy(p) -> tuple[int, int]:
    return scaled(LAYOUT, p)


def _cell(h, id_, name, css, title, color=None, squad="", base="", tokens="") -> Cell:
    x, y = _xy(LAYOUT.centre(h))
    fits = {line: w for line, text in (("name", name), ("base", base), ("squad", squad), ("tokens", tokens))
            if (w := fit(text, LINES[line][1], LINES[line][0]))}
    return Cell(id_, name, css, points(LAYOUT, LAYOUT.corners(h)), x, y, color, squad, base, tokens, title, fits)


def map_view(g: rules.Game, content: rules.Content, spots: tuple = ()) -> MapView | None:
    placed = [s for s in g.spaces if s.at is not None]
    if not placed:
        return None
    cells = []
    for s in placed:
        holder = g.players[s.owner] if s.owner is not None else None
        squad = " ".join(f"{n}{k}" for k in rules.KINDS if (n := sum(1 for u in s.units if u.kind == k)))
        base = (f"{'HQ' if s.headquarter else 'Base'} {s.base}/{rules.BASE_HP}") if s.base else ""
        tokens = " ".join(x for x in ("⚑" if s.command else "", "✕" * s.exhaust) if x)
        title = "; ".join(x for x in (s.name, "higher tray" if s.high else "",
                                      f"held by {holder.name}" if holder else "", squad, base,
                                      "Command Token" if s.command else "",
                                      f"{s.exhaust} Exhaust" if s.exhaust else "") if x)
        # a Headquarter is named by its holder on the map ("HQ 3/3" says what it is): "David's Headquarter" spills
        label = holder.name if s.headquarter and holder else s.name
        cells.append(_cell(s.at, s.id, label, "t-" + s.terrain.lower().replace(" ", "-") + (" high" if s.high else ""),
                           title, holder.color if holder else None, squad, base, tokens))
    where = {s.at: s for s in placed}
    links = []
    for s in placed:
        for n in neighbours(s.at):
            if n in where and n > s.at:
                (x1, y1), (x2, y2) = _xy(LAYOUT.centre(s.at)), _xy(LAYOUT.centre(n))
                links.append((x1, y1, x2, y2))
    hexes = []
    if g.stage == "setup" and not g.draft.done and len(placed) == len(g.spaces):
        hexes = list(rules.open_spots(g, rules.placer(g) if g.first is not None else None))
    open_ = [_cell(h, f"{h[0]},{h[1]}", "open", "open", f"Open hex ({h[0]},{h[1]}): tap to place the tile here")
             for h in hexes]
    box = view_box(bounds(LAYOUT, [s.at for s in placed] + hexes))
    return MapView(box, tuple(cells), tuple(links), tuple(open_), tuple(s.name for s in g.spaces if s.at is None))

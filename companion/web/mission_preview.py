"""The mission page's preview: what each adversary would do if its turn came now, drawn as a ghost layer over
the map, the danger layer (the spaces each adversary could attack this round), and for a space a character
may move to, who could attack it there and whose target would change. All of it the engine's (play/preview.py);
nothing here changes the mission, so these are plain GETs outside the command path."""
from __future__ import annotations

import threading
from dataclasses import dataclass

from flask import Blueprint, request

from ..phantom.mapview import figure_marks, plan_view
from ..phantom.play import Destination, Preview, destination, preview
from ..phantom.play.state import parse_space
from .mission_page import drawing, mission_row, namer, playing
from .render import respond

bp = Blueprint("mission_preview", __name__, url_prefix="/table")

COLORS = 12  # preview.css colours the adversaries' danger with this many classes, in turn order

# id(mission) -> (mission, its preview): the layer and a destination asked right after it, on a mission read
# once by the store (store/snapshots.py), share one preview. Shared by waitress's threads, hence the lock.
_PREVIEWS: dict = {}
_KEEP = 8
_LOCK = threading.Lock()


def previewed(m) -> Preview:
    with _LOCK:
        hit = _PREVIEWS.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    got = preview(playing(m))
    with _LOCK:
        _PREVIEWS[id(m)] = (m, got)
        while len(_PREVIEWS) > _KEEP:
            _PREVIEWS.pop(next(iter(_PREVIEWS)))
    return got


@dataclass(frozen=True)
class PreviewLayer:
    """What mission_table/_preview_layer.html draws."""
    mission_id: int
    version: int
    preview: Preview
    ghosts: tuple  # (adversary preview, its path and lines as the real plan's (mapview.plan_view), colour index,
    # the labels of its danger spaces)
    cells: dict  # space label -> the drawn grid's cell (its polygon and centre)
    label: object  # Hex -> label
    where: dict  # figure id -> the label of its space
    marks: dict  # figure id -> the short name its standee shows (mapview.figure_marks)
    named: object
    held: str = ""  # the adversary held on the map: its plan alone
    destination: Destination | None = None  # the space held, for the character whose turn it is


@bp.get("/<int:mission_id>/preview")
def layer(mission_id: int):
    """The ghost layer, the danger layer and the "Why?" panel. With `at` (a space held on the map): the adversary
    standing there alone, or for the character whose turn it is, who could attack it there and whose target
    would change."""
    row = mission_row(mission_id)
    m = row.mission
    now = previewed(m)
    where = {f.id: f.at for f in m.board.figures}
    view = drawing(m.map)[0]
    ghosts = tuple((a, plan_view(m.map, a.start, a.plan.steps, where), i % COLORS,
                    sorted(m.map.label(h) for h in a.danger)) for i, a in enumerate(now.adversaries))
    held, there = "", None
    at = request.args.get("at", "")
    if at:
        h = parse_space(m.map, at, "at")
        standing = m.board.figure_at.get(h)
        current = m.figure(m.round.current) if m.round and m.round.current else None
        if standing is not None and standing.side == "adversary":
            held = standing.id
        elif current is not None and current.side == "character" and now.adversaries:
            there = destination(playing(m), current.id, at, now)
    ctx = PreviewLayer(mission_id, row.version, now, ghosts, {c.label: c for c in view.grid.cells},
                       m.map.label, {f.id: m.map.label(f.at) for f in m.board.figures},
                       {fg.id: fg.text for fg in figure_marks(m.map, m.board.figures)}, namer(m, row.campaign_id),
                       held, there)
    return respond("mission_table/_preview_layer.html", ctx)

"""The map editor: make, paint, resize, export and import mission maps."""
from __future__ import annotations

import json
from pathlib import Path

from dataclasses import dataclass
from functools import partial
from typing import Any

from flask import Blueprint, current_app, request, url_for

from ..phantom.hexmap import Layout, Placement
from ..phantom.mapcheck import check_map
from ..phantom.mapedit import TOOL_WORDS, paint, relayout, resize, set_walls
from ..phantom.mapview import LEGEND, layout_previews, map_view, marked_cells
from ..schemas.forms.maps import (
    CopyMapForm, DeleteMapForm, LayoutForm, NewMapForm, PaintForm, RenameForm, ResizeForm, WallForm,
)
from ..schemas.files.scenario import ScenarioFileError
from ..store import backups
from ..store import maps as store
from .commands import Area, RequestForm, answer_with, fingerprint, history_routes, run, seen_version
from .database import get_db
from .downloads import download, file_stem
from .pages import DocumentPage, document_state
from .render import form_state, go, is_htmx, parse, respond

bp = Blueprint("maps", __name__, url_prefix="/maps")


def samples_dir() -> Path:
    return Path(current_app.config["DATA_DIR"]) / "phantom-epoch" / "maps"


def sample_maps() -> list[dict]:
    return [{"file": p.name, "name": p.stem.replace("-", " ").capitalize() + " (sample)"}
            for p in sorted(samples_dir().glob("*.json"))]


def index_page(status=200, errors=None):
    ctx = {"maps": store.listing(get_db()), "layouts": layout_previews(),
           "samples": sample_maps(), **form_state(errors)}
    return respond("maps/index.html", ctx, status)


def index_answer(status=200, errors=None, conflict=None, **_):
    """The maps page answering a form posted from it: a conflict (its request id already used for another map) is
    said under the form that was sent, what was typed kept."""
    return index_page(status, errors or ({"request_id": conflict} if conflict else None))


@dataclass(frozen=True, kw_only=True)
class MapEditorPage(DocumentPage):
    """What maps/editor.html shows: the map as drawn, the tools, the bottom bar."""

    map_id: int
    row: dict
    view: Any  # mapview.map_view of the map being edited
    tool_words: Any
    problems: tuple  # mapcheck.Problem: what a mission would refuse, shown as the map is drawn
    problem_cells: tuple  # the spaces those problems are about, outlined on the map
    oob: bool  # an htmx answer: the problems box is swapped in beside the map
    view_layout: str  # the map's layout as the layout pictures name it ("pointy even")
    legend_entries: tuple = LEGEND
    layouts: tuple = ()


def editor_context(map_id: int, errors=None, conflict=None) -> MapEditorPage:
    row, draft = store.JOURNAL.get(get_db(), map_id)  # NotFound: 404 (web/answers.py)
    view, problems = map_view(draft.map, draft.columns, draft.rows, draft.figures), check_map(draft.map)
    return MapEditorPage(map_id=map_id, row=row, view=view, tool_words=TOOL_WORDS, problems=problems,
                         problem_cells=marked_cells(view, {s for p in problems for s in p.spaces}), oob=is_htmx(),
                         view_layout=f"{draft.map.layout.orientation} {draft.map.layout.shifted}",
                         layouts=layout_previews(),
                         **document_state(store.JOURNAL, map_id, errors, conflict))


def editor(map_id: int, status=200, errors=None, block="main", conflict=None, **_):
    """The editor page; an answer's other details (a retried rename's notice) change nothing on it. A conflict
    (another tablet changed the map first) is said over the map, which is drawn as it now stands."""
    return respond("maps/editor.html", editor_context(map_id, errors, conflict), status, block=block)


@bp.get("")
def index():
    return index_page()


@bp.post("")
def create():
    answer_with(index_answer)
    f = parse(NewMapForm)
    map_id = store.create(get_db(), f.name, Layout(f.orientation, f.shifted), f.columns, f.rows,
                          request_id=f.request_id, fingerprint=fingerprint())
    return go(url_for(".show", map_id=map_id))


@bp.post("/import")
def import_map():
    answer_with(index_answer)
    sent, body = parse(RequestForm), fingerprint()  # its request id: the same import sent again makes one map
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return index_page(422, {"map_file": "Choose a map file (.json) in the scenario format."})
    try:
        name = Path(upload.filename).stem.replace("-", " ").replace("_", " ")  # the export's file name undone
        map_id = store.import_doc(get_db(), name, upload.read(), request_id=sent.request_id,
                                  fingerprint=body)
    except ScenarioFileError as exc:
        return index_page(422, {"map_file": f"{upload.filename}: {exc}. Nothing was imported."})
    return go(url_for(".show", map_id=map_id))


@bp.post("/samples")
def open_sample():
    chosen = {s["file"]: s for s in sample_maps()}.get(request.form.get("sample", ""))
    if chosen is None:
        return index_page(422, {"sample": "Choose one of the sample maps."})
    doc = json.loads((samples_dir() / chosen["file"]).read_text(encoding="utf-8"))
    return go(url_for(".show", map_id=store.import_doc(get_db(), chosen["name"], doc, sample=True)))


@bp.get("/<int:map_id>")
def show(map_id: int):
    return editor(map_id)


def painted(map_id: int, status=200, errors=None, conflict=None, **_):
    """The map editor's answer to an edit or a poll: for htmx only the painted map, the errors, the bottom bar
    and the version and request ids the forms send next."""
    return editor(map_id, status, errors, block="paint", conflict=conflict)


MAP = Area("map", store.JOURNAL, page=painted,  # an edit is given the Draft
           url=lambda map_id: url_for("maps.show", map_id=map_id))
history_routes(bp, MAP, "/<int:map_id>", log=None, poll=True)


def _edit(map_id: int, schema, operation):
    """Parse the form, run the edit in one transaction (commands.run); 422 naming the field for anything refused."""
    return run(MAP, map_id, schema, operation)


@bp.post("/<int:map_id>/paint")
def paint_spaces(map_id: int):
    return _edit(map_id, PaintForm, lambda d, f: paint(
        d, f.tool, f.spaces, f.number,
        Placement(f.placement_type, f.min_characters, f.max_characters) if f.placement_type else None))


@bp.post("/<int:map_id>/walls")
def walls(map_id: int):
    return _edit(map_id, WallForm, lambda d, f: set_walls(d, [e.split("|") for e in f.edges], f.wall == "wall"))


@bp.post("/<int:map_id>/resize")
def resize_map(map_id: int):
    return _edit(map_id, ResizeForm, lambda d, f: resize(d, f.columns, f.rows))


@bp.post("/<int:map_id>/layout")
def change_layout(map_id: int):
    return _edit(map_id, LayoutForm, lambda d, f: relayout(d, Layout(f.orientation, f.shifted)))


@bp.post("/<int:map_id>/copy")
def copy_map(map_id: int):
    answer_with(index_answer)
    f = parse(CopyMapForm)
    return go(url_for(".show", map_id=store.copy(get_db(), map_id, request_id=f.request_id,
                                                                  fingerprint=fingerprint())))


@bp.post("/<int:map_id>/delete")
def delete_map(map_id: int):
    """A map deleted for good (a backup is taken first); a mission set up on it keeps its own copy of the map."""
    answer_with(index_answer)
    store.JOURNAL.row(get_db(), map_id)  # NotFound: 404 (web/answers.py)
    parse(DeleteMapForm)
    backups.take(Path(current_app.config["DATABASE"]), "before-delete")
    store.JOURNAL.delete(get_db(), map_id)
    return go(url_for(".index"))


@bp.post("/<int:map_id>/rename")
def rename(map_id: int):
    answer_with(partial(editor, map_id))
    f = parse(RenameForm)
    store.JOURNAL.change(get_db(), map_id, lambda _draft: store.Renamed(f.name), seen_version=seen_version(f),
                         request_id=f.request_id, fingerprint=fingerprint())
    return go(url_for(".show", map_id=map_id))


@bp.get("/<int:map_id>/export")
def export(map_id: int):
    name, doc = store.export(get_db(), map_id)
    return download(json.dumps(doc, indent=1, ensure_ascii=False), file_stem(name, "map", lower=False), ".json", "map")

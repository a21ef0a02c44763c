"""Mission maps in SQLite: each one a scenario file (phantom-epoch-scenario/1) with its grid size.

The document is exactly what the map's export writes; a board position's
decision die, turn and rolls ride along untouched. Every edit reads the
document back through `load_scenario`, so a map the engine would refuse is
never stored.
"""
from __future__ import annotations


from ..phantom.board import Board
from ..phantom.hexmap import Layout
from ..phantom.mapedit import MAX_COLUMNS, MAX_ROWS, Draft, Edit, fitted_size, new_draft
from ..phantom.scenario import Scenario
from ..schemas.files.scenario import ScenarioFileError, dump_scenario, load_scenario, parse_json
from ..schemas.forms.maps import NAME_MAX
from .documents import MAP_JOURNAL, MAPS, NotFound, Outcome, dump, unique_name
from .snapshots import Snapshots

__all__ = ["NotFound", "JOURNAL", "create", "import_doc", "get", "edit", "export"]
JOURNAL = MAP_JOURNAL
BOARD_EXTRAS = ("decision_die", "turn", "rolls")


def _doc(draft: Draft, old: dict | None = None) -> dict:
    out = dump_scenario(Scenario(Board(draft.map, draft.figures)))
    for key in BOARD_EXTRAS:
        if old and key in old:
            out[key] = old[key]
    return out


DRAFTS = Snapshots()  # stored document text -> its checked map: a paint reads back what it just wrote


def _draft(row: dict, doc: dict) -> Draft:
    found = DRAFTS.get(row["doc"])
    if found is not None and (found.columns, found.rows) == (row["columns"], row["rows"]):
        return found
    s = load_scenario(doc)
    draft = Draft(s.board.map, row["columns"], row["rows"], s.board.figures)
    DRAFTS.put(row["doc"], draft)
    return draft


def create(db, name: str, layout: Layout, columns: int, rows: int, request_id: str | None = None) -> int:
    """The new map's id; sent again with the same request id, the first one's."""
    draft = new_draft(layout, columns, rows)
    return MAPS.create(db, {"name": unique_name(MAPS, db, name), "columns": columns, "rows": rows},
                       _doc(draft), f"Created the map {name!r} ({columns}x{rows})", request_id=request_id)


def import_doc(db, name: str, source, sample: bool = False) -> int:
    """A scenario file (text, bytes or dict) as a new map; ScenarioFileError names the bad field."""
    data = parse_json(source)
    s = load_scenario(data)
    columns, rows = fitted_size(s.board.map)
    if columns > MAX_COLUMNS or rows > MAX_ROWS:  # the editor's own limit: the form refuses a bigger grid too
        raise ScenarioFileError(f"map: {columns} columns by {rows} rows; a map has at most "
                                f"{MAX_COLUMNS} columns and {MAX_ROWS} rows")
    # A name from a file name: held to the form's limit (the file's name cannot be corrected on a tablet).
    name = " ".join(str(name).split())[:NAME_MAX] or "Imported map"
    doc = _doc(Draft(s.board.map, columns, rows, s.board.figures), data)
    return MAPS.create(db, {"name": unique_name(MAPS, db, name), "columns": columns, "rows": rows,
                            "sample": int(sample)}, doc, f"Imported the map {name!r}")


def get(db, map_id: int) -> tuple[dict, Draft]:
    row, doc = MAPS.get(db, map_id)
    return row, _draft(row, doc)


def edit(db, map_id: int, operation, *, seen_version: int | None = None, request_id: str | None = None) -> Edit:
    """Run `operation(draft) -> Edit` in one transaction and record it (undoable; a retried request once)."""
    done = []

    def command(row, doc):
        result = operation(_draft(row, doc))
        done.append(result)
        d = result.draft
        new = _doc(d, doc)
        DRAFTS.put(dump(new), d)
        return Outcome(new, result.description, {"columns": d.columns, "rows": d.rows})

    MAPS.change(db, map_id, command, seen_version=seen_version, request_id=request_id)
    return done[0]


def rename(db, map_id: int, name: str) -> str:
    MAPS.change(db, map_id, lambda row, doc: Outcome(doc, f"Renamed the map {row['name']!r} to {name!r}",
                                                     {"name": name}))
    return name


def export(db, map_id: int) -> tuple[str, dict]:
    row, doc = MAPS.get(db, map_id)
    return row["name"], doc

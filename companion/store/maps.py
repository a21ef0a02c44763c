"""Mission maps in SQLite: each one a scenario file (phantom-epoch-scenario/1) with its grid size.

The document is exactly what the map's export writes; a board position's
decision die, turn and rolls ride along untouched. Every edit reads the
document back through `load_scenario`, so a map the engine would refuse is
never stored. The map editor changes a map through `JOURNAL.change` like
every area: a command is given the map's Draft and returns the engine's Edit
(phantom/mapedit.py), or a `Renamed`; `JOURNAL.get` reads (row, Draft).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..phantom.board import Board
from ..phantom.hexmap import Layout
from ..phantom.mapedit import MAX_COLUMNS, MAX_ROWS, Draft, Edit, fitted_size, new_draft
from ..phantom.scenario import Scenario
from ..schemas.files.scenario import ScenarioFileError, dump_scenario, load_scenario, parse_json
from ..schemas.forms.maps import NAME_MAX
from .journal import Journal, NotFound, Written, dump
from .snapshots import Snapshots

__all__ = ["NotFound", "JOURNAL", "Renamed", "create", "copy", "import_doc", "export", "listing", "shown", "prepared",
           "create_imported", "withdraw_imported"]
BOARD_EXTRAS = ("decision_die", "turn", "rolls")


@dataclass(frozen=True)
class Renamed:
    """A map's new name: a plain column of its row, undone like an edit."""
    name: str


def _doc(draft: Draft, old: dict | None = None) -> dict:
    out = dump_scenario(Scenario(Board(draft.map, draft.figures)))
    for key in BOARD_EXTRAS:
        if old and key in old:
            out[key] = old[key]
    return out


DRAFTS = Snapshots()  # stored document text -> its checked map: a paint reads back what it just wrote


def _draft(row: dict) -> Draft:
    found = DRAFTS.get(row["doc"])
    if found is not None and (found.columns, found.rows) == (row["columns"], row["rows"]):
        return found
    s = load_scenario(json.loads(row["doc"]))
    draft = Draft(s.board.map, row["columns"], row["rows"], s.board.figures)
    DRAFTS.put(row["doc"], draft)
    return draft


def _written(result: Edit | Renamed, row: dict) -> Written:
    old = json.loads(row["doc"])
    if isinstance(result, Renamed):
        return Written(old, f"Renamed the map {row['name']!r} to {result.name!r}", {"name": result.name})
    d = result.draft
    new = _doc(d, old)
    DRAFTS.put(dump(new), d)
    return Written(new, result.description, {"columns": d.columns, "rows": d.rows})


JOURNAL = Journal("map", "maps", "map_history", "owner_id", document="doc", load=lambda row: (row, _draft(row)),
                  read=_draft, written=_written,
                  hidden=lambda row: bool(row.get("withdrawn")))  # its card file's import undone (card_file.py)


def listing(db) -> list[dict]:
    return list(db.query("SELECT id, name, columns, rows, sample, updated_at FROM maps WHERE NOT withdrawn "
                         "ORDER BY updated_at DESC, id DESC"))


def shown(db) -> list[tuple[str, dict]]:
    """Every map the table has (none withdrawn), oldest first: (its name, its scenario document)."""
    return [(r["name"], JOURNAL.decode(_document, r)) for r in
            db.query("SELECT id, name, doc FROM maps WHERE NOT withdrawn ORDER BY id")]


def withdraw_imported(db, entry_id: int, undone: bool) -> None:
    """The card library's `stepped` hook: undoing the import entry `entry_id` withdraws the maps it made that no
    one changed since (version 1; one edited since is the table's work now, and stays); redoing it brings them
    back."""
    if undone:
        db.execute("UPDATE maps SET withdrawn = 1 WHERE import_entry = ? AND version = 1", [entry_id])
    else:
        db.execute("UPDATE maps SET withdrawn = 0 WHERE import_entry = ?", [entry_id])


def prepared(source) -> tuple[int, int, dict]:
    """A scenario file as a map would store it: (columns, rows, the document); ScenarioFileError names the
    bad field."""
    data = parse_json(source)
    s = load_scenario(data)
    columns, rows = fitted_size(s.board.map)
    if columns > MAX_COLUMNS or rows > MAX_ROWS:  # the editor's own limit: the form refuses a bigger grid too
        raise ScenarioFileError(f"map: {columns} columns by {rows} rows; a map has at most "
                                f"{MAX_COLUMNS} columns and {MAX_ROWS} rows")
    return columns, rows, _doc(Draft(s.board.map, columns, rows, s.board.figures), data)


def create_imported(db, name: str, prepared_map: tuple[int, int, dict], import_entry: int) -> int:
    """A map a card file brought, inside the caller's transaction: its row names the library entry that made it
    (undoing that entry withdraws it, card_file.py)."""
    columns, rows, doc = prepared_map
    return JOURNAL.create_within(db, {"name": name, "columns": columns, "rows": rows, "import_entry": import_entry},
                                 doc, f"Imported the map {name!r} with a card file")


def unique_name(db, name: str, max_len: int = 80) -> str:
    """An import never replaces what is there; it becomes a copy beside it."""
    candidate, n = name, 1
    while any(db["maps"].rows_where("name = ?", [candidate], limit=1)):
        n += 1
        suffix = " (copy)" if n == 2 else f" (copy {n - 1})"
        candidate = name[: max_len - len(suffix)] + suffix
    return candidate


def create(db, name: str, layout: Layout, columns: int, rows: int, request_id: str | None = None,
           fingerprint: str | None = None) -> int:
    """The new map's id; sent again with the same request id, the first one's (with another body: ReusedRequest)."""
    draft = new_draft(layout, columns, rows)
    return JOURNAL.create(db, {"name": unique_name(db, name), "columns": columns, "rows": rows},
                          _doc(draft), f"Created the map {name!r} ({columns}x{rows})", request_id=request_id,
                          fingerprint=fingerprint)


def import_doc(db, name: str, source, sample: bool = False, request_id: str | None = None,
               fingerprint: str | None = None) -> int:
    """A scenario file (text, bytes or dict) as a new map; ScenarioFileError names the bad field. Sent again
    with the same request id, the first one's map."""
    columns, rows, doc = prepared(source)
    # A name from a file name: held to the form's limit (the file's name cannot be corrected on a tablet).
    name = " ".join(str(name).split())[:NAME_MAX] or "Imported map"
    return JOURNAL.create(db, {"name": unique_name(db, name), "columns": columns, "rows": rows,
                               "sample": int(sample)}, doc, f"Imported the map {name!r}",
                          request_id=request_id, fingerprint=fingerprint)


def copy(db, map_id: int, request_id: str | None = None, fingerprint: str | None = None) -> int:
    """A copy of the map beside it ("… (copy)"), to draw a variant: its own history starts here."""
    name, doc = export(db, map_id)
    return import_doc(db, name, doc, request_id=request_id, fingerprint=fingerprint)


def _document(row: dict) -> dict:
    return json.loads(row["doc"])


def export(db, map_id: int) -> tuple[str, dict]:
    """The map's name and its scenario document as stored; DamagedDocument when its JSON does not read back."""
    row = JOURNAL.row(db, map_id)
    return row["name"], JOURNAL.decode(_document, row)

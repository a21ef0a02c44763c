"""One journal for every undoable document: campaigns, games, missions, maps and the card library.

A document is one row of its table (the JSON in `document`, a `version` that
goes up on every change, undo and redo) and its entries table: one entry per
user action with a readable description and the diff it made
(companion/changes.py). The same steps hold for every kind:

- change: BEGIN IMMEDIATE; a request id seen before answers AlreadyApplied
  (checked before the version: a retry carries the version its first send
  made stale); a version the device saw that is no longer current answers
  Stale; the command runs on what the area reads from the row; the new
  document, its derived columns and one entry are written; the entries an
  undo left are abandoned. A command that raises changes nothing.
- undo / redo: the newest done entry with a diff gets its befores written
  back (redo: the oldest undone one its afters).
- applied_requests (migration 7) keeps every request id a create, change,
  undo or redo carried, with what it did, so a retried undo is recognised
  even after another device has redone the same entry. Its fingerprint (what the
  request carried, migration 8) tells a retry from the same id sent with
  another body, which is refused (ReusedRequest). Undo and redo check the
  version the device saw, like a change.
- every write that raises a version (a change, an undo or redo, a note) tells
  the `listen`ers (kind, id, new version) once its transaction has committed:
  the web's stream to the other tablets (web/stream.py), one hook for every kind.
- a stored document that cannot be read back (its JSON, its shape, a value its
  codec refuses: flipped bytes SQLite's own checks do not see) raises
  DamagedDocument naming it by its row's columns, from every read, change,
  undo and redo, and nothing is written; `decode` is the one guard.

Each area module (store/campaigns.py, games.py, mission_table.py, maps.py,
cards.py) exposes its JOURNAL, keeps only its own queries and says, in its
Journal's hooks, how its rows are read and written. Callers call the
JOURNAL's methods directly: there is one signature for each step.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from sqlite_utils.db import NotFoundError

from .. import changes
from ..db import after_commit, immediate, now

REQUESTS = "applied_requests"
COLUMN = "$column"  # diff paths under it are plain columns of the row (a map's name and size), undone with it
_LISTENERS: list[Callable[[str, int, int], None]] = []


def listen(told: Callable[[str, int, int], None]) -> None:
    """`told(kind, doc_id, version)` after every committed write that raised a document's version (once each)."""
    if told not in _LISTENERS:
        _LISTENERS.append(told)


def _tell(kind: str, doc_id: int, version: int) -> None:
    for told in _LISTENERS:
        told(kind, doc_id, version)


class NotFound(NotFoundError, LookupError):
    """No such document (or one the area hides, like a campaign in the bin)."""


class Stale(Exception):
    """The document changed since the device loaded it (another device saved first)."""

    message = "This was changed on another device; here is the current state. Nothing was saved."


class ReusedRequest(Exception):
    """A request id already applied, sent again with another body or for another document: the page that sent it
    was stale or damaged. Nothing changes; the tablet is told to reload rather than "already saved"."""

    message = "This form was already used for another change; reload the page. Nothing was saved."


class DamagedDocument(Exception):
    """A stored document that cannot be read back as its area reads it (bad JSON, a bad shape, a value its codec
    refuses): named by its row's plain columns, which SQLite still reads. The journal has no error family of its
    own (NotFound, Stale, ReusedRequest and AlreadyApplied each stand alone), so this stands beside them, an
    Exception and neither a ValueError nor a RuleError: no handler of a refusal (422) or a bad file may take it."""

    def __init__(self, kind: str, doc_id: int, name: str, what: str):
        super().__init__(kind, doc_id, name, what)
        self.kind, self.doc_id, self.name, self.what = kind, doc_id, name, what

    @property
    def message(self) -> str:
        return f"{self.name!r} cannot be read back: {self.what}. Nothing was changed."


DECODE_ERRORS = (ValueError, TypeError, LookupError, AttributeError)  # what json, the codecs and the schemas raise


def what_is_wrong(exc: BaseException) -> str:
    """A decoding failure in one line a table can read."""
    if isinstance(exc, json.JSONDecodeError):
        msg = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg  # "Invalid control character at"
        return f"its stored text is not valid JSON ({msg} at character {exc.pos})"
    if isinstance(exc, KeyError):
        return f"a field it needs is missing or unknown ({exc.args[0]!r})" if exc.args else "a field it needs is missing"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"a stored value does not read back ({text[:160]}{'…' if len(text) > 160 else ''})"


class AlreadyApplied(Exception):
    """This request was applied before (its answer was lost on the way): nothing changes."""

    message = "This step was already saved (its answer was lost on the way): here is the current state."

    def __init__(self, action: str = "", owner_id: int | None = None):
        super().__init__(action, owner_id)
        self.action, self.owner_id = action, owner_id


@dataclass(frozen=True)
class Entry:
    id: int
    at: str
    description: str
    status: str  # done / undone (abandoned entries are never listed)


@dataclass(frozen=True)
class Status:
    """What a page's bottom bar shows (web/pages.py): whether undo and redo can step, the newest change in
    force, the version."""
    can_undo: bool
    can_redo: bool
    last_change: Entry | None  # the newest entry still done (after an undo, the one before the undone one)
    version: int


@dataclass(frozen=True)
class Written:
    """What a command's result stores: the new document, one sentence, and plain columns undone with it.

    A command may return one itself (the journal's default `written` hook takes it as it is)."""
    doc: Any
    description: str
    columns: dict = field(default_factory=dict)


def dump(doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


class Played:
    """A document's changes, undos and redos made in memory the journal's way (one diff per change, what an undo
    left abandoned by the next change), for `Journal.create_played` to write at once: how `companion bench`
    fills its scratch database with long histories quickly. Documents without plain columns only."""

    def __init__(self, doc):
        self.doc = json.loads(dump(doc))  # as stored and read back
        self.entries: list[list] = []  # [at, description, diff as stored, status]
        self._undone: list[list] = []  # the undone entries, newest undone last

    def change(self, doc, description: str, at: str) -> None:
        for entry in self._undone:
            entry[3] = "abandoned"
        self._undone = []
        self.entries.append([at, description, changes.stored(changes.diff(self.doc, doc)), "done"])  # as `change`
        self.doc = json.loads(dump(doc))

    def undo(self) -> bool:
        entry = next((e for e in reversed(self.entries) if e[3] == "done" and e[2] != "[]"), None)
        return entry is not None and self._step(entry, True)

    def redo(self) -> bool:
        return bool(self._undone) and self._step(self._undone[-1], False)  # the oldest entry still undone

    def _step(self, entry: list, undo: bool) -> bool:
        self.doc = json.loads(dump(changes.apply(self.doc, changes.loaded(entry[2]), 1 if undo else 2)))
        entry[3] = "undone" if undo else "done"
        if undo:
            self._undone.append(entry)
        else:
            self._undone.pop()
        return True


def applied(db, request_id: str | None) -> dict | None:
    """What `request_id` did before (any kind: ids are drawn at random per form), or None."""
    if not request_id:
        return None
    try:
        return db[REQUESTS].get(request_id)
    except NotFoundError:
        return None


def _as_is(row: dict):
    return row


@dataclass(frozen=True)
class Journal:
    """One kind of undoable document. The hooks are the area's only say in how its rows are handled:

    load(row) -> what `get` returns; read(row) -> what a command is given;
    written(result, row) -> Written; encode(doc, columns) -> the JSON a new document is stored as (`create`
    is given the engine's object; a game's kind, among the columns, names its rules); derive(doc) -> columns
    that follow the document on every write (a campaign's name); refuse(row) raises when the row takes no
    change now (a finished game); hidden(row) -> True makes a row NotFound unless asked for with include_hidden;
    locked(row) raises when its history may not be stepped now (a mission already in its campaign's book);
    stepped(db, entry_id, undone) follows an undo or redo of one entry inside its transaction (what the entry
    did outside the document: a mission's mark of being in the book).
    """
    kind: str  # applied_requests.kind
    table: str
    entries: str
    owner: str  # the entries' column naming their document
    document: str = "state"
    load: Callable[[dict], Any] = _as_is
    read: Callable[[dict], Any] = _as_is
    written: Callable[[Any, dict], Written] = lambda result, row: result  # noqa: E731
    encode: Callable[[Any, dict], Any] = lambda doc, columns: doc  # noqa: E731
    derive: Callable[[Any], dict] | None = None
    refuse: Callable[[dict], None] | None = None
    hidden: Callable[[dict], bool] | None = None
    locked: Callable[[dict], None] | None = None
    stepped: Callable[[Any, int, bool], None] | None = None
    stale: type = Stale
    page_size: int = 30

    # -- reading -------------------------------------------------------------------------------------------

    def row(self, db, doc_id: int, include_hidden: bool = False) -> dict:
        try:
            row = db[self.table].get(doc_id)
        except NotFoundError:
            raise NotFound(doc_id) from None
        if self.hidden and not include_hidden and self.hidden(row):
            raise NotFound(doc_id)
        return row

    def get(self, db, doc_id: int, include_hidden: bool = False):
        return self.decode(self.load, self.row(db, doc_id, include_hidden))

    def decode(self, hook: Callable[[dict], Any], row: dict):
        """`hook(row)` (the area's `load` or `read`, or any reading of the stored document); DamagedDocument when
        it cannot be read back, named by the row's columns."""
        try:
            return hook(row)
        except DECODE_ERRORS as exc:
            raise DamagedDocument(self.kind, row["id"], str(row.get("name") or f"{self.kind} {row['id']}"),
                                  what_is_wrong(exc)) from exc

    def version(self, db, doc_id: int) -> int:
        found = db.execute(f"SELECT version FROM [{self.table}] WHERE id = ?", [doc_id]).fetchone()
        if found is None:
            raise NotFound(doc_id)
        return found[0]

    def history(self, db, doc_id: int, page: int = 1, size: int | None = None) -> tuple[list[Entry], bool]:
        """Newest first, one page; the bool says whether an older page exists."""
        size = size or self.page_size
        rows = db.execute(f"SELECT id, at, description, status FROM [{self.entries}] WHERE [{self.owner}] = ? "
                          "AND status != 'abandoned' ORDER BY id DESC LIMIT ? OFFSET ?",
                          [doc_id, size + 1, (page - 1) * size]).fetchall()
        return [Entry(*r) for r in rows[:size]], len(rows) > size

    def status(self, db, doc_id: int) -> Status:
        """The one way to read a document's undo state: what every undo bar shows."""
        current = self.version(db, doc_id)
        e, o = self.entries, self.owner
        can_undo, can_redo = db.execute(
            f"SELECT EXISTS(SELECT 1 FROM [{e}] WHERE [{o}] = ? AND status = 'done' AND diff != '[]'), "
            f"EXISTS(SELECT 1 FROM [{e}] WHERE [{o}] = ? AND status = 'undone')", [doc_id, doc_id]).fetchone()
        last = db.execute(f"SELECT id, at, description, status FROM [{e}] WHERE [{o}] = ? AND status = 'done' "
                          "ORDER BY id DESC LIMIT 1", [doc_id]).fetchone()
        return Status(bool(can_undo), bool(can_redo), Entry(*last) if last else None, current)

    # -- request ids -------------------------------------------------------------------------------------

    def check_request(self, db, request_id: str | None, doc_id: int | None = None,
                      fingerprint: str | None = None) -> None:
        """AlreadyApplied when `request_id` did this very request before; ReusedRequest when it did another (another
        kind of document, another document, another body: its `fingerprint` (the path included, so an undo's id
        is not a redo's), when both sends carry one)."""
        done = applied(db, request_id)
        if done is None:
            return
        same = (done["kind"] == self.kind and (doc_id is None or done["owner_id"] == doc_id)
                and (done["fingerprint"] is None or fingerprint is None or done["fingerprint"] == fingerprint))
        if not same:
            raise ReusedRequest()
        raise AlreadyApplied(done["action"], done["owner_id"])

    def said(self, db, done: dict) -> str:
        """What an applied request (`applied`'s row, of this kind) did, in the words of its entry."""
        found = db.execute(f"SELECT description FROM [{self.entries}] WHERE id = ?", [done["entry_id"]]).fetchone()
        what = found[0] if found else "the change"
        return {"undo": f"Undo ({what})", "redo": f"Redo ({what})"}.get(done["action"], what)

    def _record(self, db, request_id, action: str, doc_id: int, entry_id: int | None,
                fingerprint: str | None = None) -> None:
        if request_id:
            db[REQUESTS].insert({"request_id": request_id, "kind": self.kind, "owner_id": doc_id,
                                 "entry_id": entry_id, "action": action, "at": now(), "fingerprint": fingerprint})

    # -- writing -------------------------------------------------------------------------------------------

    def create(self, db, columns: dict, doc, description: str, *, request_id: str | None = None,
               fingerprint: str | None = None) -> int:
        """The new document's id; a create sent again with the same request id gives the first one's.

        `doc` is what the area's engine holds (a Campaign, a game's state, a Mission), stored by `encode`."""
        with immediate(db):
            try:
                self.check_request(db, request_id, fingerprint=fingerprint)
            except AlreadyApplied as done:
                return done.owner_id
            return self.create_within(db, columns, doc, description, request_id=request_id, fingerprint=fingerprint)

    def create_within(self, db, columns: dict, doc, description: str, *, request_id: str | None = None,
                      fingerprint: str | None = None) -> int:
        """`create` inside a transaction the caller holds, its request id checked (the maps a card file brings,
        made with the library's change)."""
        stamp = now()
        doc = self.encode(doc, columns)
        doc_id = db[self.table].insert({**columns, **self._derived(doc), self.document: dump(doc),
                                        "created_at": stamp, "updated_at": stamp}).last_pk
        entry_id = self._add(db, doc_id, description, [], request_id, abandon=False)
        self._record(db, request_id, "create", doc_id, entry_id, fingerprint)
        return doc_id

    def create_played(self, db, columns: dict, played: Played, description: str, at: str) -> int:
        """A new document with the history `played` in memory, in one transaction: `description` (its creation,
        dated `at`), then each played entry; the document as played last."""
        with immediate(db):
            last = played.entries[-1][0] if played.entries else at
            doc_id = db[self.table].insert({**columns, **self._derived(played.doc), self.document: dump(played.doc),
                                            "created_at": at, "updated_at": last}).last_pk
            db.conn.executemany(f"INSERT INTO [{self.entries}] ([{self.owner}], at, description, diff, status) "
                                "VALUES (?, ?, ?, ?, ?)", [(doc_id, at, description, "[]", "done")]
                                + [(doc_id, *entry) for entry in played.entries])
        return doc_id

    def change(self, db, doc_id: int, command, *, seen_version: int | None = None, request_id: str | None = None,
               description: str | None = None, fingerprint: str | None = None):
        """Run `command(read(row))` and record its result as one entry, all in one transaction."""
        with immediate(db):
            return self.change_within(db, doc_id, command, seen_version=seen_version, request_id=request_id,
                                      description=description, fingerprint=fingerprint)

    def change_within(self, db, doc_id: int, command, *, seen_version: int | None = None,
                      request_id: str | None = None, description: str | None = None, fingerprint: str | None = None):
        """`change` inside a transaction the caller holds (a mission recorded together with its mark)."""
        row = self.row(db, doc_id)
        self.check_request(db, request_id, doc_id, fingerprint)
        if seen_version is not None and seen_version != row["version"]:
            raise self.stale()
        if self.refuse:
            self.refuse(row)
        doc = self.decode(self.read, row)  # DamagedDocument before the command runs: nothing is written
        before = json.loads(row[self.document])
        result = command(doc)
        out = self.written(result, row)
        diff = changes.diff(before, out.doc)
        diff += [[[COLUMN, k], row[k], v] for k, v in out.columns.items() if row[k] != v]
        self._write(db, row, out.doc, out.columns)
        entry_id = self._add(db, doc_id, description or out.description, diff, request_id)
        self._record(db, request_id, "change", doc_id, entry_id, fingerprint)
        return result

    def undo(self, db, doc_id: int, *, seen_version: int | None = None, request_id: str | None = None,
             fingerprint: str | None = None) -> str | None:
        """Undo the newest change; its description, or None when there is none. Stale when the document is no
        longer at `seen_version`: a tablet one step behind must not undo another tablet's newer step."""
        return self._step(db, doc_id, True, request_id, seen_version, fingerprint)

    def redo(self, db, doc_id: int, *, seen_version: int | None = None, request_id: str | None = None,
             fingerprint: str | None = None) -> str | None:
        return self._step(db, doc_id, False, request_id, seen_version, fingerprint)

    def note(self, db, doc_id: int, description: str, columns: dict | None = None, *,
             include_hidden: bool = False) -> dict:
        """Plain columns changed (archived, finished) and said in the history, not undoable; the row before."""
        with immediate(db):
            row = self.row(db, doc_id, include_hidden)
            self.touch(db, row, columns or {})
            self._add(db, doc_id, description, [], None, abandon=False)
            return row

    def touch(self, db, row: dict, columns: dict) -> None:
        """Plain columns written and the version raised, inside the caller's transaction (no entry); the listeners
        told once it commits. Every write that raises a version comes here, so none is missed."""
        version = row["version"] + 1
        db[self.table].update(row["id"], {**columns, "version": version, "updated_at": now()})
        after_commit(lambda: _tell(self.kind, row["id"], version))

    def delete(self, db, doc_id: int, include_hidden: bool = False) -> dict:
        """The document and its entries gone for good; the row it was."""
        with immediate(db):
            row = self.row(db, doc_id, include_hidden)
            self.delete_within(db, row)
            return row

    def delete_within(self, db, row: dict) -> None:
        """`delete` inside the caller's transaction; its entries go by ON DELETE CASCADE."""
        db[self.table].delete(row["id"])
        db[REQUESTS].delete_where("kind = ? AND owner_id = ?", [self.kind, row["id"]])

    def _step(self, db, doc_id: int, undo: bool, request_id: str | None, seen_version: int | None = None,
              fingerprint: str | None = None) -> str | None:
        with immediate(db):
            row = self.row(db, doc_id)
            self.check_request(db, request_id, doc_id, fingerprint)
            if seen_version is not None and seen_version != row["version"]:
                raise self.stale()
            if self.locked:
                self.locked(row)
            self.decode(self.read, row)  # a damaged document is not stepped: its diffs would land on what it lost
            entry = db.execute(
                f"SELECT id, description, diff FROM [{self.entries}] WHERE [{self.owner}] = ? AND status = ? "
                f"AND diff != '[]' ORDER BY id {'DESC' if undo else 'ASC'} LIMIT 1",
                [doc_id, "done" if undo else "undone"]).fetchone()
            if entry is None:
                return None
            side = 1 if undo else 2
            diff = changes.loaded(entry[2])
            columns = {c[0][1]: c[side] for c in diff if c[0][:1] == [COLUMN]}
            doc = changes.apply(json.loads(row[self.document]), [c for c in diff if c[0][:1] != [COLUMN]], side)
            self._write(db, row, doc, columns)
            db[self.entries].update(entry[0], {"status": "undone" if undo else "done"})
            if self.stepped:
                self.stepped(db, entry[0], undo)
            self._record(db, request_id, "undo" if undo else "redo", doc_id, entry[0], fingerprint)
            return entry[1]

    def _derived(self, doc) -> dict:
        return self.derive(doc) if self.derive else {}

    def _write(self, db, row: dict, doc, columns: dict) -> None:
        self.touch(db, row, {**columns, **self._derived(doc), self.document: dump(doc)})

    def _add(self, db, doc_id: int, description: str, diff: list, request_id: str | None,
             abandon: bool = True) -> int:
        if abandon:  # a new change after an undo: what was undone can no longer be redone
            db.execute(f"UPDATE [{self.entries}] SET status = 'abandoned' WHERE [{self.owner}] = ? "
                       "AND status = 'undone'", [doc_id])
        return db[self.entries].insert({self.owner: doc_id, "at": now(), "description": description,
                                        "diff": changes.stored(diff), "request_id": request_id or None}).last_pk

"""Backups: list (with what the retention policy keeps, the last known good one and the space taken), take one,
download, delete one kept until deleted, restore (the current file is kept as a backup first), and what an
interrupted restore left to decide."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, request, send_file

from ..store import backups, retention
from .database import check_documents
from .render import form_state, respond

bp = Blueprint("backups", __name__, url_prefix="/backups")

NOT_RESTORED = 507  # Insufficient Storage: a full disk stopped the restore before it replaced anything
FAILED = 503  # anything else that stopped it (another device's long write holding the file, a read error)


def _db_path() -> Path:
    return Path(current_app.config["DATABASE"])


@bp.app_context_processor
def interrupted_restore():
    """Every page can say that a restore was interrupted, and offer the state from before it."""
    return {"interrupted_restore": backups.interrupted(_db_path())}


def page(status: int = 200, errors=None, message=None):
    ctx = {**retention.listing(_db_path()), "limits": retention.LIMITS, "bound": retention.AUTOMATIC_BOUND,
           "message": message, **form_state(errors)}
    return respond("backups/index.html", ctx, status)


@bp.get("")
def index():
    return page()


@bp.post("/take")
def take():
    made = backups.take(_db_path(), "by-hand")
    return page(message=f"Backup {made.name} taken.")


@bp.post("/interrupted/keep")
def keep_after_interrupted():
    """The table looked at what the interrupted restore left and keeps it: the note goes."""
    backups.dismiss_interrupted(_db_path())
    return page(message="Kept the current state; the safety copy stays in the list below.")


@bp.get("/<name>")
def download(name: str):
    try:
        path = backups.find(_db_path(), name)
    except FileNotFoundError:
        abort(404)
    return send_file(path, as_attachment=True, download_name=name, mimetype="application/vnd.sqlite3")


@bp.post("/<name>/delete")
def delete(name: str):
    if request.form.get("confirm") != "delete":
        return page(422, {"confirm": "Tick the box to confirm: a deleted backup cannot be brought back."})
    try:
        backups.delete(_db_path(), name)
    except FileNotFoundError:
        abort(404)
    except backups.NotDeleted as exc:
        return page(422, {"confirm": str(exc)})
    return page(message=f"Deleted backup {name}.")


@bp.post("/<name>/restore")
def restore(name: str):
    if request.form.get("confirm") != "restore":
        return page(422, {"confirm": "Tick the box to confirm: everything since that backup is replaced."})
    try:
        safety = backups.restore(_db_path(), name)
    except FileNotFoundError:
        abort(404)
    except ValueError as exc:
        return page(422, {"confirm": str(exc)})
    except backups.NotRestored as exc:
        return page(NOT_RESTORED if exc.disk_full else FAILED, {"confirm": str(exc)})
    check_documents(current_app)  # every document is the backup's now: the home page's damaged ones with them
    kept = f" The state before restoring is kept as {safety.name}." if safety else ""
    return page(message=f"Restored {name}.{kept}")

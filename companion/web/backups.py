"""Backups: list, download, restore (the current file is kept as a backup first)."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, request, send_file

from ..store import backups
from .render import form_state, respond

bp = Blueprint("backups", __name__, url_prefix="/backups")


def _db_path() -> Path:
    return Path(current_app.config["DATABASE"])


def page(status: int = 200, errors=None, message=None):
    ctx = {"backups": backups.list_backups(backups.folder(_db_path())), "message": message, **form_state(errors)}
    return respond("backups/index.html", ctx, status)


@bp.get("")
def index():
    return page()


@bp.post("/take")
def take():
    made = backups.take(_db_path(), "by-hand")
    return page(message=f"Backup {made.name} taken.")


@bp.get("/<name>")
def download(name: str):
    try:
        path = backups.find(_db_path(), name)
    except FileNotFoundError:
        abort(404)
    return send_file(path, as_attachment=True, download_name=name, mimetype="application/vnd.sqlite3")


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
    kept = f" The state before restoring is kept as {safety.name}." if safety else ""
    return page(message=f"Restored {name}.{kept}")

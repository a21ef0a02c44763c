"""Table Companion: a tablet companion for board-game tables."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict | None = None) -> Flask:
    # Flask (and datetime, for the session's lifetime) is imported here, not above: `companion resolve` and
    # `sight` import this package and never serve.
    from datetime import timedelta

    from flask import Flask

    test_config = dict(test_config or {})
    instance = Path(test_config.pop("INSTANCE_PATH", None) or os.environ.get("COMPANION_INSTANCE") or ROOT / "instance")
    app = Flask(__name__, instance_path=str(instance.resolve()), template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "companion.sqlite3"),
        DATA_DIR=str(ROOT / "data"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a tablet left open all evening keeps working
        WTF_CSRF_HEADERS=["X-CSRFToken"],
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_PERMANENT=True,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        TRUSTED_HOSTS=["localhost", "127.0.0.1", "::1"],
        TABLE_PIN=None,
        BACKUP_ON_START=True,
    )
    app.config.update(test_config)
    Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)  # owner-only: the table's data

    from .web import setup

    setup.init_app(app)
    return app

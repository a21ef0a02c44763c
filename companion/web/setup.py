"""Wiring the app: secret key, content, database, CSRF, security, compression, blueprints."""
from __future__ import annotations

import os
import secrets
import uuid
from pathlib import Path

from flask import Flask
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect
from jinja2 import ChoiceLoader

from ..kits import KITS
from ..kits.templates import kit_templates
from ..schemas.content.campaign import load_campaign_content
from ..store import instance
from . import (
    aboard, answers, backups, bounds, campaigns, cards, characters, database, games, home, maps, mission_preview,
    mission_table, missions, rules, security, stream,
)
from .render import field_label

csrf = CSRFProtect()
compress = Compress()

# What is compressed when the browser asks (Accept-Encoding: from a LAN address over plain http Chromium offers
# gzip and deflate): the pages, their htmx fragments, JSON and the static files. The first-steps mission page goes
# as 12 KB instead of 60 KB (gzip), the 30x24 one as 60 KB instead of 330 KB (companion bench, mission_browser).
# Never text/event-stream: a compressor holds a stream's events back until its buffer fills, and a tablet
# waiting for the next event would wait for many.
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "application/manifest+json", "image/svg+xml"]


def secret_key(instance: Path) -> str:
    """Generated into instance/ on first start; never a default string, never committed."""
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def init_app(app: Flask) -> None:
    instance.check_writable(Path(app.instance_path))  # before the secret key and the database are written there
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(Path(app.instance_path))
    content, files = load_campaign_content(Path(app.config["DATA_DIR"]) / "phantom-epoch")
    app.extensions["phantom_content"] = content
    app.extensions["phantom_files"] = files
    app.extensions["game_content"] = {key: kit.load_content(Path(app.config["DATA_DIR"]) / kit.data)
                                      for key, kit in KITS.items()}
    bounds.init_app(app)
    database.init_app(app)
    csrf.init_app(app)
    security.init_app(app)
    rules.init_app(app)  # data/rules/ checked, and the `cite` filter every reason and refusal is drawn with
    stream.init_app(app)  # the other tablets told of each committed change
    answers.init_app(app)  # refusals, conflicts, retries and missing documents: answered here for every view
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    compress.init_app(app)

    app.jinja_loader = ChoiceLoader([app.jinja_loader, kit_templates(KITS)])  # each game's page in its kit
    app.jinja_env.globals["field_label"] = field_label  # every form's error list names fields this way
    # One id per form drawn: a tablet that sends the same form again (its answer lost) is recognised.
    app.jinja_env.globals["request_id"] = lambda: uuid.uuid4().hex

    for module in (home, campaigns, characters, missions, aboard, backups, games, maps, cards, mission_table, mission_preview, rules):
        app.register_blueprint(module.bp)
    security.limit_pin(app)  # wraps home.pin_check, so after the blueprints

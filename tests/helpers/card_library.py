"""The card library as a test reads it: the card file the Cards page exports, and how many history entries
the library has (a change is one entry; a refused or repeated one, none)."""
from __future__ import annotations

import json

from companion import db as dbmod


def library(table) -> dict:
    return json.loads(table.get("/cards/export").data)


def history_rows(app) -> int:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT count(*) FROM card_history").fetchone()[0]
    finally:
        db.conn.close()

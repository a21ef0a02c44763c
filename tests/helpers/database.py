"""Reading the app's database file directly, as a test checks what was really stored."""
from __future__ import annotations

import sqlite3


def one(app, sql, args=()):
    """The first column of the first row `sql` gives on the app's database."""
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(sql, args).fetchone()[0]
    finally:
        conn.close()

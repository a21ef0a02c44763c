"""Backups as an older install would have taken them: shared by the restore tests."""
from __future__ import annotations

from companion import db as dbmod
from companion.store import backups

LEDGERS = ("schema_migrations", "_sqlite_migrations")  # the app's own ledger, or sqlite-utils' once bridged


def old_backup(app, upto=5, name="companion-20200101T000000000000-by-hand.sqlite3"):
    """The live data as an install that had run only the first `upto` migrations would have backed it up:
    a fresh file migrated that far, every row copied over in the columns it had then."""
    target = backups.folder(app.config["DATABASE"]) / name
    target.parent.mkdir(parents=True, exist_ok=True)
    old = dbmod.connect(target)
    every = dbmod.MIGRATIONS
    try:
        dbmod.MIGRATIONS = every[:upto]
        dbmod.migrate(old)
    finally:
        dbmod.MIGRATIONS = every
    old.execute("PRAGMA foreign_keys = OFF")
    old.execute("ATTACH DATABASE ? AS live", [app.config["DATABASE"]])
    live = dbmod.connect(app.config["DATABASE"])
    for table in old.table_names():
        if table in LEDGERS or table.startswith("sqlite_"):
            continue
        kept = [c for c in old[table].columns_dict if c in live[table].columns_dict]
        cols = ", ".join(f'"{c}"' for c in kept)
        old.execute(f'INSERT INTO main."{table}" ({cols}) SELECT {cols} FROM live."{table}"')
    live.conn.close()
    old.execute("DETACH DATABASE live")
    old.conn.close()
    return name

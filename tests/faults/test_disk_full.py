"""(h) A full disk: every write answers the app's own message with 507 and keeps nothing of itself; the pages
go on being served. Simulated with SQLite's own limit on the file's size (max_page_count: the same SQLITE_FULL
a full disk gives), and on a real size-limited tmpfs where the tests may mount one."""
from __future__ import annotations

import html
import os
import shutil
import subprocess

import pytest

from companion import create_app
from companion import db as dbmod
from conftest import Table, campaign_state

MESSAGE = "The laptop's disk is full — nothing was saved"
READS = ("/", "/campaigns/1", "/campaigns/1/history", "/maps", "/cards", "/backups")


def fame(app) -> int:
    return campaign_state(app).fame["Berkav"]


def writes_until_full(app, table) -> tuple[int, object]:
    saved = 0
    for _ in range(400):
        resp = table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": 1})
        if resp.status_code != 200:
            return saved, resp
        saved += 1
    pytest.fail("the disk never filled")


def test_a_write_on_a_full_database_file_is_507_and_reads_go_on(app, table, campaign, monkeypatch):
    connect = dbmod.connect
    limit = []

    def limited(path):
        db = connect(path)
        if not limit:  # two pages more than the file has now, for every connection from now on
            limit.append(db.execute("PRAGMA page_count").fetchone()[0] + 2)
        db.execute(f"PRAGMA max_page_count = {limit[0]}")
        return db

    monkeypatch.setattr(dbmod, "connect", limited)
    saved, refused = writes_until_full(app, table)
    body = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 507 and MESSAGE in body
    assert "Internal Server Error" not in body
    monkeypatch.undo()
    assert fame(app) == saved  # every 200 kept, the refused one not
    assert {url: table.get(url).status_code for url in READS} == {url: 200 for url in READS}


def test_a_real_full_disk(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(small)],
                                           capture_output=True).returncode:
        pytest.skip("this machine does not let the tests mount a size-limited filesystem")
    app = None
    try:
        app = create_app({"INSTANCE_PATH": str(small / "instance"), "TESTING": True})
        table = Table(app.test_client())
        table.post("/campaigns", {"name": "Full"}, htmx=False)
        assert table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": 1}).status_code == 200
        assert table.get("/cards").status_code == 200  # its first visit makes the card library: a write
        with open(small / "filler", "wb") as f:
            f.write(b"\0" * (shutil.disk_usage(small).free - 4096))
        saved, refused = writes_until_full(app, table)
        assert refused.status_code == 507 and MESSAGE in html.unescape(refused.get_data(as_text=True))
        assert table.post("/backups/take", {"_form": "take"}).status_code == 507  # a backup is a write too
        assert {url: table.get(url).status_code for url in READS} == {url: 200 for url in READS}
        (small / "filler").unlink()
        assert fame(app) == 1 + saved
        assert table.post("/campaigns/1/fame", {"planet": "Berkav", "delta": 1}).status_code == 200
    finally:
        if app is not None:
            app.extensions["db_keepalive"].conn.close()
        if subprocess.run(["umount", str(small)], capture_output=True).returncode:
            subprocess.run(["umount", "-l", str(small)], check=False)

"""Take the Day and Night screenshots: the mission table and an Aldarra Reborn board, landscape and portrait.

Starts the app under waitress on a scratch instance folder (127.0.0.1, a free port); sets up a round in progress
on First steps (scripts/mission_screenshots.py: its plan drawn, a character hurt and conditioned) and an Aldarra
Reborn game dealt for three players, and saves each page at 1024x768 and 768x1024 with the device's setting
light and dark (the colours follow it: static/js/scheme.js) as docs/<page>-<day|night>-<width>x<height>.png.
Needs the test extras and Debian's chromium:

    .venv/bin/python scripts/scheme_screenshots.py [--output docs]
"""
from __future__ import annotations

import random
import sys
import tempfile

from mission_screenshots import ROOT, SIZES, round_in_progress
from playwright.sync_api import expect
from screenshot import output_dir, save, tablet, too_big  # scripts/screenshot.py: the served app, a tablet's page

from companion import create_app

MAX_BYTES = 400_000
SCHEMES = (("day", "light"), ("night", "dark"))


def aldarra_game(app) -> int:
    """Three players' Aldarra Reborn, its board dealt (the first step of play)."""
    from companion.db import connect
    from companion.games import aldarra as al
    from companion.games.frame import Player
    from companion.store import games as store

    players = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))
    game = al.next_step(al.new_game(players, random.Random(8))).state
    db = connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.create(db, {"kind": "aldarra-reborn", "name": "Night on Sordane"}, game, "Screenshot")
    finally:
        db.conn.close()


def main(argv=None) -> int:
    out = output_dir("scheme_screenshots", __doc__, argv, ROOT / "docs")
    if out is None:
        return 2
    shots = []
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as instance:
        app = create_app({"INSTANCE_PATH": instance})
        pages = (("mission", f"/table/{round_in_progress(app, ROOT / 'data/phantom-epoch/maps/first-steps.json')}",
                  "#actionbar"),
                 ("aldarra", f"/games/{aldarra_game(app)}", "#board .aboard"))
        for width, height in SIZES:
            with tablet(app, width, height) as page:
                for scheme, media in SCHEMES:
                    page.emulate_media(color_scheme=media)
                    for name, url, ready in pages:
                        page.goto(url)
                        expect(page.locator(ready)).to_be_visible()
                        expect(page.locator("html")).to_have_attribute("data-scheme", media)
                        page.wait_for_timeout(200)  # the map centred on the action (missiontable.js)
                        shots.append(save(page, out / f"{name}-{scheme}-{width}x{height}.png"))
    return too_big("scheme_screenshots", shots, MAX_BYTES)


if __name__ == "__main__":
    sys.exit(main())

"""Take the main-screen screenshots of Lost Empires and Shattered Empires at 1024x768.

Starts the app under waitress on a scratch instance folder (127.0.0.1, a free port), puts each game in a
position of round 2 through its rules (Lost Empires: units on the battlefields, a unit activated with its
attack's die faces offered, cards typed once offered again in one tap; Shattered Empires: the Combat Phase,
a ship aimed with one target chooser per weapon), and saves docs/lost-empires-1024x768.png and
docs/shattered-empires-1024x768.png. Needs the test extras and Debian's chromium:

    .venv/bin/python scripts/game_screenshots.py [--output docs]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from playwright.sync_api import expect
from screenshot import save, tablet, too_big  # scripts/screenshot.py: the served app, a tablet's page

from companion import create_app
from companion.db import connect
from companion.games import lost_empires as le
from companion.games import shattered_empires as se
from companion.games.frame import Player
from companion.store import games as store

SEATS = (Player("Ann", "red"), Player("Bob", "blue"))
MAX_BYTES = 400_000


def lost_empires(content: le.Content) -> le.Game:
    """Round 2, Ann's turn: her Frontline Patroller activated in the center against Bob's Dust Marine (the
    browser story's game, tests/browser/test_lost_empires_journey.py)."""
    g = le.roll_for_first(le.new_game(SEATS), (6, 4)).state
    for seat, faction in ((0, "Feng"), (1, "Terra Corps")):
        g = le.choose_faction(g, content, seat, faction).state
        g = le.set_deck(g, content, seat, le.starter_deck(content.faction(faction))).state
    g = le.next_step(g).state
    g = le.play_unit(g, "Frontline Patroller", le.UnitStats(1, 2, 2, 1, 0, ("FRONTLINE",))).state
    g = le.activate(g, "u1", "command").state  # FRONTLINE: into the center the turn it is played (p.14)
    for to in ("left", "center"):
        g = le.move(g, "u1", to).state
    g = le.end_turn(g).state
    g = le.play_unit(g, "Dust Marine", le.UnitStats(1, 2, 2, 1, 0)).state
    g = le.end_turn(g).state
    g = le.play_unit(g, "Hound", le.UnitStats(1, 1, 1, 0, 1, ("RUTHLESS",), "light")).state
    g = le.end_turn(g).state
    g = le.pass_turn(g).state
    g = le.pass_turn(g).state
    while g.round == 1:
        g = le.next_step(g).state
    g = le.activate(g, "u2", "command").state  # Bob's Dust Marine to the center
    for to in ("right", "center"):
        g = le.move(g, "u2", to).state
    g = le.end_turn(g).state
    return le.activate(g, "u1", "command").state  # Ann's Patroller, its attack next


def shattered_empires(content: se.Content) -> se.Game:
    """Ann's Combat Phase in turn 3: her Empire Destroyer and Interceptor against Bob's Raider and base."""
    g = se.new_game(SEATS)
    for seat, base, faction in ((0, "Imperial Command Hub", "Empire"), (1, "Alliance Haven", "Alliance")):
        g = se.choose_base(g, content, seat, base).state
        g = se.set_deck(g, content, seat, content.starter(faction)).state
    g = se.begin(g).state
    units = (replace(se._unit_of(content.card("Empire Destroyer"), "u1", 0), testing=False),
             replace(se._unit_of(content.card("Interceptor"), "u2", 0), testing=False),
             replace(se._unit_of(content.card("Alliance Raider"), "u3", 1), testing=False, damage=1))
    project = se.Project("p4", "Frigate", 0, "construction", 4, allocated=2,
                         unit=se._unit_of(content.card("Frigate"), "u5", 0))
    return replace(g, units=units, projects=(project,), next_id=6, turn=0, round=3, step="combat")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(Path(__file__).resolve().parent.parent / "docs"))
    args = ap.parse_args(argv)
    out = Path(args.output)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"INSTANCE_PATH": f"{tmp}/instance"})
        games = app.extensions["game_content"]
        db = connect(app.config["DATABASE"])
        shots = []
        for key, state, query, ready in (
                ("lost-empires", lost_empires(games["lost-empires"]), "", "#combat"),
                ("shattered-empires", shattered_empires(games["shattered-empires"]), "?attacker=u1", "#actions")):
            game_id = store.JOURNAL.create(db, {"kind": key, "name": "Night war"}, state, "Screenshot position")
            shots.append((key, f"/games/{game_id}{query}", ready))
        db.conn.close()
        saved = []
        with tablet(app) as page:
            for key, url, ready in shots:
                page.goto(url)
                expect(page.locator(ready)).to_be_visible()
                # the board beside the panel the table acts in: the page scrolled to that panel's top when it
                # starts below the fold
                page.evaluate("(sel) => { const top = document.querySelector(sel).getBoundingClientRect().top;"
                              " if (top > 400) window.scrollTo(0, top + window.scrollY - 70); }", ready)
                saved.append(save(page, out / f"{key}-1024x768.png"))
    return too_big("game_screenshots", saved, MAX_BYTES)


if __name__ == "__main__":
    sys.exit(main())

"""Aldarra Reborn on a 1024x768 touch tablet (issue 38): a die that explodes three times in a row tapped face by
face (p.10-11), with the order and combat forms beside the board and the score headers whole."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.games import aldarra as al
from companion.store import games as store

from .conftest import LiveServer
from .helpers import settled, tap_face


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("aldarra-explosions")),
                                    "GAME_SEED": 8})).start()
    yield server
    server.stop()


def new_game(page: Page) -> None:
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Aldarra Reborn")
    new.get_by_label("Game name").fill("Triple")
    for i, (name, color) in enumerate((("Ann", "blue"), ("Bob", "red"), ("Cy", "green")), 1):
        new.get_by_label(re.compile(rf"^Player {i}\b")).fill(name)
        new.get_by_label(f"Color {i}").select_option(color)
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))


def to_a_combat(live_server, page: Page) -> str:
    """A Frigate of Ann's against one of Bob's on a middle territory, the combat started (one logged change)."""
    db = dbmod.connect(live_server.app.config["DATABASE"])
    game_id = int(page.url.rsplit("/", 1)[1])
    at = store.JOURNAL.get(db, game_id).state.tiles[17].id

    def fight(st: al.Game) -> al.Outcome:
        st = replace(st, stage="play", round=1, phase="expansion", step=0, turn_order=(0, 1, 2),
                     units=(al.Units(at, 0, "Frigate", 1), al.Units(at, 1, "Frigate", 1)), order=al.Order(0, at))
        return al.start_combat(st, at)
    try:
        store.JOURNAL.change(db, game_id, fight)
    finally:
        db.conn.close()
    page.reload()
    settled(page)
    return at


def test_a_triple_explosion_is_tapped_face_by_face_beside_the_board(tablet: Page, live_server):
    page = tablet
    new_game(page)
    to_a_combat(live_server, page)
    roll = page.locator("#roll-form")
    # p.10-11: "If any dice roll a number with a *, add that number to your total, roll that die again" — as
    # long as it rolls its * face. Each * opens the next re-roll row, however deep (it stopped at the third).
    tap_face(roll, "Ann green die 1: 1*")
    tap_face(roll, "Ann green die 1 re-roll: 1*")
    tap_face(roll, "Ann green die 1 re-roll re-roll: 1*")
    tap_face(roll, "Ann green die 1 re-roll re-roll re-roll: 1*")
    tap_face(roll, "Ann green die 1 re-roll re-roll re-roll re-roll: 0")
    tap_face(roll, "Bob green die 1: 0")
    roll.get_by_role("button", name="Record the roll", exact=True).tap()
    settled(page)
    expect(page.locator("#lastlog")).to_contain_text("green 1*+1*+1*+1*+0 = 4")

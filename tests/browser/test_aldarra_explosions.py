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


WORDS_BROKEN = """() => Array.from(document.querySelectorAll('#score th')).flatMap(th => {
  const out = [];
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.data.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
})"""


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024)])
def test_the_order_and_combat_forms_sit_beside_the_board_and_the_headers_stay_whole(tablet: Page, live_server, size):
    # Issue 38: at 1024x768 the order and combat forms sat below the score table, so the board scrolled out of
    # view while dice were tapped; the score headers broke mid-word ("Syndicat|e", "Objective|s").
    page = tablet
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        new_game(page)
        to_a_combat(live_server, page)
        assert page.evaluate(WORDS_BROKEN) == []
        if size == (1024, 768):
            board = page.locator("#board").bounding_box()
            combat = page.locator("#combat").bounding_box()
            score = page.locator("#score").bounding_box()
            assert combat["x"] >= board["x"] + board["width"] - 1  # beside the board, not under it
            assert combat["y"] < score["y"]  # the form first, the score table after it
            assert combat["y"] < size[1]  # in view with the board, without scrolling
            if __import__("os").environ.get("GAME_SCREENSHOTS"):
                page.screenshot(path=f"{__import__('os').environ['GAME_SCREENSHOTS']}/aldarra-combat-1024x768.png")
        elif __import__("os").environ.get("GAME_SCREENSHOTS"):
            page.screenshot(path=f"{__import__('os').environ['GAME_SCREENSHOTS']}/aldarra-combat-768x1024.png",
                            full_page=True)
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})

"""Issue 26: the Character Class boards (p.41: A critical ability p.20, E item slots, F bandage slots p.38, G weapon
and base range p.21) are edited on the Cards page like the adversary cards. The shipped boards are placeholders
marked unverified; a change goes through the card library's journal (undoable, versioned, its request id applied
once) and is what a mission set up after it embarks with, while a mission set up before keeps the old board."""
from __future__ import annotations

import re

import pytest

from companion import create_app
from conftest import character_ids
from helpers.card_library import history_rows, library
from helpers.table_player import mission_state as mission
from helpers.page_forms import find_form, page_forms, submitted

ID = "c" * 32


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def ranger_form(table) -> dict:
    page = table.get("/cards?class_board=Ranger").get_data(as_text=True)
    return submitted(page.split('id="class-board"')[1].split("</form>")[0])


def set_up(table, ids) -> int:
    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Vincent"], "hp_1": "12", "ap_1": "7",
                                 "character_2": ids["Augustus"], "hp_2": "10", "ap_2": "6"}, htmx=False)
    assert resp.status_code == 303
    return int(resp.headers["Location"].rsplit("/", 1)[1])


def test_the_cards_page_shows_every_class_board_unverified_and_change_fills_the_form(table):
    page = table.get("/cards").get_data(as_text=True)
    boards = page.split('id="class-boards"')[1].split("</section>")[0]
    for name in ("Healer", "Ranger", "Rogue", "Warrior"):
        item = boards.split(f'id="class-board-{name.lower()}"')[1].split("</li>")[0]
        assert "unverified" in item and "Change" in item
    form = ranger_form(table)
    assert form["name"] == "Ranger" and form["weapon.name"] == "Longbow" and form["weapon.range"] == "4"
    assert form["critical.damage"] == "1" and "verified" not in form  # the rulebook prints no board's values


def test_a_changed_board_is_one_undoable_entry_applied_once_and_used_by_later_missions(app, table, campaign):
    ids = character_ids(app)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    before = set_up(table, ids)
    form = {**ranger_form(table), "weapon.name": "Recurve bow", "weapon.range": "5", "bandage_slots": "3",
            "critical.damage": "", "critical.condition": "Stunned", "critical.text": "The target is Stunned.",
            "request_id": ID}
    entries = history_rows(app)
    resp = table.post("/cards/class-board", form)
    assert resp.status_code == 200 and "Entered the class board Ranger" in resp.get_data(as_text=True)
    assert table.post("/cards/class-board", form).status_code == 200  # its answer lost: sent again
    assert history_rows(app) == entries + 1
    board = library(table)["class_boards"]["Ranger"]
    assert board["weapon"] == {"name": "Recurve bow", "range": 5} and board["bandage_slots"] == 3
    assert board["critical"]["condition"] == "Stunned" and board["verified"] is False
    item = table.get("/cards").get_data(as_text=True).split('id="class-board-ranger"')[1].split("</li>")[0]
    assert "Recurve bow · base range 5" in item and "unverified" in item

    after = set_up(table, ids)
    augustus = lambda m: next(c for c in m.characters if c.name == "Augustus")
    new, old = augustus(mission(app, after)), augustus(mission(app, before))
    assert (new.range, new.bandage_slots) == (5, 3) and new.criticals[0].condition == "Stunned"
    assert (old.range, old.bandage_slots) == (4, 2) and old.criticals[0].damage == 1  # set up before: unchanged

    page = table.get("/cards").get_data(as_text=True)
    version = re.search(r'action="/cards/undo".*?name="version" value="(\d+)"', page, re.S).group(1)
    assert table.post("/cards/undo", {"version": version}).status_code == 200
    assert "class_boards" not in library(table) or "Ranger" not in library(table)["class_boards"]
    assert augustus(mission(app, set_up(table, ids))).range == 4  # back to the shipped board


def test_a_bad_board_is_refused_naming_the_box_and_nothing_changes(app, table):
    form = {**ranger_form(table), "weapon.range": "0"}
    entries = history_rows(app)
    resp = table.post("/cards/class-board", form)
    assert resp.status_code == 422
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert any("Range" in k for k in errors), errors
    assert history_rows(app) == entries


def test_verified_is_ticked_only_by_the_player(table):
    table.post("/cards/class-board", {**ranger_form(table), "verified": "on"})
    assert library(table)["class_boards"]["Ranger"]["verified"] is True
    item = table.get("/cards").get_data(as_text=True).split('id="class-board-ranger"')[1].split("</li>")[0]
    assert "unverified" not in item


def test_a_character_carries_as_many_items_as_the_tables_class_board_has_slots(app, table, campaign):
    # p.41 E: the item slots of the Character Class board; the table's edit of the Warrior board counts.
    form = {**submitted(table.get("/cards?class_board=Warrior").get_data(as_text=True)
                        .split('id="class-board"')[1].split("</form>")[0]), "item_slots": "1"}
    assert table.post("/cards/class-board", form).status_code == 200
    sheet = f"{campaign}/characters/{character_ids(app)['Vincent']}"
    for name in ("Rope", "Lantern"):
        add = find_form(table.get(sheet).get_data(as_text=True), "/items")
        assert table.post(add.action, add.fill(name=name)).status_code == 200
    page = table.get(sheet).get_data(as_text=True)
    ids = [f.hidden["thing"] for f in page_forms(page) if f.action.endswith("/equip") and f.hidden.get("kind") == "items"]
    first = find_form(page, "/equip", kind="items", thing=ids[0])
    assert table.post(first.action, first.fill()).status_code == 200
    second = find_form(table.get(sheet).get_data(as_text=True), "/equip", kind="items", thing=ids[1])
    refused = table.post(second.action, second.fill())
    assert refused.status_code == 422
    assert "already carries 1 item (the Warrior class board" in refused.get_data(as_text=True)

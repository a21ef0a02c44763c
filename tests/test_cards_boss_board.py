"""A boss board in the card library (issue 6; p.48, 58): its inherent action and actions #1-#3 carry, next
to their printed text, the actions the AI plays, in a card's own action form. The shipped Mutant Grallok
has them; an older file without them still loads; export/import carries them; the boss form enters and
changes them, and refuses a bad one naming the box as the player reads it, changing nothing."""
from __future__ import annotations

import io
import json
import re

from conftest import Table

from companion import create_app
from companion import db as dbmod
from companion.schemas.files.card_library import load_library
from helpers.history import seen
from helpers.page_forms import submitted

MUTANT_ACTIONS = {  # p.48, 58: Inherent "Move 2"; #1 Claw "Attack"; #2 Crushing Leap; #3 Regenerate
    "Inherent": [{"type": "move", "value": 2}],
    "Claw": [{"type": "attack", "value": 0}],
    "Crushing Leap": [{"type": "leap", "value": 2}, {"type": "damage", "value": 3, "conditions": ["Knocked Down"]}],
    "Regenerate": [{"type": "heal", "value": 2, "range": 0, "per_character": True}],
}


def library(table) -> dict:
    return json.loads(table.get("/cards/export").data)


def history(app):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return [db.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in ("card_libraries", "card_history")]
    finally:
        db.conn.close()


def essentials(actions):
    """What a player entered: an action's type and the boxes that differ from a card's defaults."""
    defaults = {"targets": 1, "pierce": 0, "conditions": [], "target": "self", "damage_multiplier": 1,
                "die": "basic", "per_character": False}
    return [{k: v for k, v in a.items() if defaults.get(k, object()) != v} for a in actions]


def test_the_sample_mutant_grallok_has_every_action_as_the_ai_plays_it(table):
    table.post("/cards/samples", htmx=False)
    board = library(table)["bosses"]["Mutant Grallok"]
    assert essentials(board["inherent"]["actions"]) == MUTANT_ACTIONS["Inherent"]
    for a in board["actions"]:
        assert essentials(a["actions"]) == MUTANT_ACTIONS[a["name"]], a["name"]
    assert board["actions"][1]["text"] == "Leap 2. Deal 3 damage and Knocked Down to all Adjacent Figures."


def test_an_older_board_with_printed_text_only_still_loads_unchanged():
    old = {"format": "phantom-epoch-cards/1", "bosses": {"Big One": {
        "character_counts": [2, 3, 4], "hp": [20, 24, 28], "attack": [1, 2, 2], "guard": [0, 0, 1],
        "range": [1, 1, 1], "inherent": {"name": "Inherent", "ap": 1, "text": "Move 1"},
        "actions": [{"number": 1, "name": "Swipe", "ap": 3, "text": "Attack +1"}]}}}
    doc = load_library(old)
    board = doc["bosses"]["Big One"]
    assert board["inherent"]["text"] == "Move 1" and "actions" not in board["inherent"]
    assert board["actions"][0]["text"] == "Attack +1" and "actions" not in board["actions"][0]


def test_export_then_import_carries_the_structured_actions(table, tmp_path):
    table.post("/cards/samples", htmx=False)
    exported = table.get("/cards/export").data
    other = Table(create_app({"INSTANCE_PATH": str(tmp_path / "other"), "TESTING": True}).test_client())
    resp = other.post("/cards/import", {"file": (io.BytesIO(exported), "cards.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code == 200
    board = library(other)["bosses"]["Mutant Grallok"]
    assert board == json.loads(exported)["bosses"]["Mutant Grallok"]
    assert essentials(board["actions"][2]["actions"]) == MUTANT_ACTIONS["Regenerate"]


def boss_form(**extra) -> dict:
    form = {"_form": "boss", "name": "Big One", "inherent.ap": 1, "inherent.text": "Move 1",
            "inherent.actions.0.type": "move", "inherent.actions.0.value": 1,
            "actions.0.name": "Swipe", "actions.0.ap": 3, "actions.0.text": "Attack +1",
            "actions.0.actions.0.type": "attack", "actions.0.actions.0.value": 1,
            "actions.1.name": "Mend", "actions.1.ap": 5, "actions.1.text": "Heal 1 per character to self",
            "actions.1.actions.0.type": "heal", "actions.1.actions.0.value": 1, "actions.1.actions.0.range": 0,
            "actions.1.actions.0.per_character": "on"}
    for n in (2, 3, 4):
        form.update({f"attributes.{n}.{s}": v for s, v in (("hp", 10 * n), ("attack", 1), ("guard", 0), ("range", 1))})
    return {**form, **extra}


def test_the_boss_form_enters_each_actions_structured_form(table):
    table.get("/cards")
    resp = table.post("/cards/boss", {**boss_form(), "version": seen(table, "/cards")})
    assert resp.status_code == 200
    board = library(table)["bosses"]["Big One"]
    assert essentials(board["inherent"]["actions"]) == [{"type": "move", "value": 1}]
    assert essentials(board["actions"][0]["actions"]) == [{"type": "attack", "value": 1}]
    assert essentials(board["actions"][1]["actions"]) == [{"type": "heal", "value": 1, "range": 0,
                                                           "per_character": True}]


def test_a_bad_structured_action_is_refused_naming_the_box_and_nothing_changes(app, table):
    table.get("/cards")
    before = history(app)
    resp = table.post("/cards/boss", {**boss_form(**{"actions.1.actions.0.type": "regenerate"}), "version": seen(table, "/cards")})
    assert resp.status_code == 422
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert "must be one of move, leap" in errors["Action #2, action 1: Type"]
    resp = table.post("/cards/boss", {**boss_form(**{"inherent.actions.0.range": "far"}), "version": seen(table, "/cards")})
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert resp.status_code == 422 and "Inherent, action 1: Range" in errors
    assert history(app) == before


def test_change_fills_the_boss_form_with_the_stored_board_and_saving_it_keeps_it(table):
    table.post("/cards/samples", htmx=False)
    page = table.get("/cards?boss=Mutant Grallok").get_data(as_text=True)
    form = page.split('id="boss"')[1].split("</form>")[0]
    assert 'name="actions.1.name" value="Crushing Leap"' in form
    assert re.search(r'<option value="damage"\s+selected>', form.split('name="actions.1.actions.1.type"')[1])
    assert re.search(r'name="actions.2.actions.0.per_character" value="on"\s+checked', form)
    before = library(table)["bosses"]["Mutant Grallok"]
    assert table.post("/cards/boss", {**submitted(form), "version": seen(table, "/cards")}).status_code == 200
    after = library(table)["bosses"]["Mutant Grallok"]
    for slot_before, slot_after in zip([before["inherent"], *before["actions"]], [after["inherent"], *after["actions"]]):
        assert essentials(slot_after["actions"]) == essentials(slot_before["actions"])
        assert slot_after["text"] == slot_before["text"]


def test_a_boss_card_names_actions_or_gives_its_other_effect(app, table):
    # p.49 Figure 35: A. actions referenced; B. other: special effects (with the persistent icon or not).
    table.post("/cards/samples", htmx=False)
    resp = table.post("/cards/boss-card", {"version": seen(table, "/cards"), "_form": "boss-card", "deck": "Mutant Grallok", "name": "Roar",
                                           "persistent": "on", "text": "All characters are Stunned."})
    assert resp.status_code == 200
    roar = library(table)["boss_decks"]["Mutant Grallok"]["cards"][-1]
    assert roar == {"name": "Roar", "actions": [], "persistent": True, "text": "All characters are Stunned."}
    before = history(app)
    resp = table.post("/cards/boss-card", {"version": seen(table, "/cards"), "_form": "boss-card", "deck": "Mutant Grallok", "name": "Nothing"})
    assert resp.status_code == 422
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert "name the action numbers, or give the card&#39;s other effect" in errors["Actions"]
    assert history(app) == before


def test_an_action_typed_in_without_its_name_is_refused_not_dropped(app, table):
    table.get("/cards")
    before = history(app)
    form = boss_form(**{"actions.2.actions.0.type": "move", "actions.2.actions.0.value": 4})
    resp = table.post("/cards/boss", {**form, "version": seen(table, "/cards")})
    assert resp.status_code == 422
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert "Action 3: Name" in errors and "Action 3: AP" in errors
    assert history(app) == before

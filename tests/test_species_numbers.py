"""Issue 34, item 5 ("Nothing typed that the app knows"): each species' HP and AP typed once on the Cards page
serve every character of that species in every campaign (p.43 A-B), marked unverified until a player checks
them; a new character starts with its class board's starting attachment added and equipped (p.8, 41, 45); the
set-up seats the campaign's active characters without a tap; a class board or species card is checked against
the printed one in one tap."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion import create_app
from companion import db as dbmod
from companion.schemas.files.card_library import FORMAT, PARTS, load_library
from companion.store import cards as card_store
from conftest import campaign_state, character_ids
from helpers.history import seen
from helpers.card_library import history_rows, library
from helpers.table_player import mission_state as mission
from helpers.page_forms import find_form, submitted


@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 1})


def errors(resp) -> dict:
    return dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))


def species_form(table, name: str) -> dict:
    """The species form as the Cards page draws it after "Change" (or "Enter") on `name`."""
    page = table.get(f"/cards?species={name}").get_data(as_text=True)
    return submitted(page.split('id="species"')[1].split("</form>")[0])


def enter_species(table, name: str, hp: int, ap: int, special: str = "") -> None:
    resp = table.post("/cards/species", {**species_form(table, name), "hp": str(hp), "ap": str(ap),
                                         "special": special})
    assert resp.status_code == 200, resp.get_data(as_text=True)


def new_campaign(table, name: str, characters) -> str:
    url = table.post("/campaigns", {"name": name}, htmx=False).headers["Location"]
    for who, cls, species in characters:
        resp = table.post(f"{url}/characters", {"name": who, "class_name": cls, "species": species})
        assert resp.status_code == 200
    return url


def set_up_form(table, campaign_id: int) -> tuple[str, dict]:
    """The set-up page of the campaign and what its form sends as drawn (no box typed in)."""
    page = table.get(f"/table/new?campaign={campaign_id}").get_data(as_text=True)
    form = page.split('action="/table"')[1].split("</form>")[0]
    return page, submitted(form)


def test_species_numbers_typed_once_serve_new_characters_of_every_campaign_and_the_set_up(app, table):
    enter_species(table, "Grallok", 10, 6, "Thick hide")
    enter_species(table, "Human", 8, 7)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    parties = {1: [("Vincent", "Warrior", "Grallok"), ("Augustus", "Ranger", "Human")],
               2: [("Korg", "Rogue", "Grallok"), ("Ada", "Healer", "Human")]}
    for n, party in parties.items():
        url = new_campaign(table, f"Campaign {n}", party)
        ids = character_ids(app, n)
        grallok = table.get(f"{url}/characters/{ids[party[0][0]]}").get_data(as_text=True)
        assert re.search(r'name="max_hp" value=""[^>]*placeholder="10"', grallok)
        assert re.search(r'name="max_ap" value=""[^>]*placeholder="6"', grallok)
        numbers = grallok.split('id="species-numbers"')[1].split("</p>")[0]
        assert "HP 10, AP 6" in numbers and "Thick hide" in numbers and "unverified" in numbers

        page, sent = set_up_form(table, n)
        assert sent["character_1"] == ids[party[0][0]] and sent["character_2"] == ids[party[1][0]]
        assert not any(k.startswith(("hp_", "ap_")) for k in sent)  # nothing typed
        assert re.search(r'name="hp_1" value=""[^>]*placeholder="10"', page)
        assert re.search(r'name="ap_2" value=""[^>]*placeholder="7"', page)
        assert "HP 10, AP 6 from its species, unverified" in page
        resp = table.post("/table", {**sent, "mission": "awakening", "map": "1", "difficulty": "2"}, htmx=False)
        assert resp.status_code == 303, resp.get_data(as_text=True)
        embarked = {c.name: (c.max_hp, c.max_ap) for c in mission(app, int(resp.headers["Location"].rsplit("/", 1)[1])).characters}
        assert embarked == {party[0][0]: (10, 6), party[1][0]: (8, 7)}

    # a sheet's own numbers still win over the species' for that one character
    ids = character_ids(app, 1)
    table.post(f"/campaigns/1/characters/{ids['Vincent']}/numbers", {"max_hp": "12", "max_ap": ""})
    page, _ = set_up_form(table, 1)
    assert "HP 12, AP 6 from its sheet, unverified" in page  # its AP is still the species'

    # checked against the card in one tap: "unverified" goes everywhere the numbers are shown
    cards = table.get("/cards").get_data(as_text=True)
    item = cards.split('id="species-human"')[1].split("</li>")[0]
    assert "unverified" in item and "HP 8 · AP 7" in item
    form = find_form(cards, "/cards/verify", "These are the card's numbers", key="Human")
    resp = table.post("/cards/verify", form.fill())
    assert resp.status_code == 200 and "Checked the species card Human" in resp.get_data(as_text=True)
    assert library(table)["species"]["Human"] == {"hp": 8, "ap": 7, "special": "", "verified": True, "sample": False}
    page, _ = set_up_form(table, 2)
    assert "Ada (Healer, Human): HP 8, AP 7 from its species (leave" in page


def test_bad_species_numbers_are_refused_naming_the_box_and_nothing_changes(app, table):
    table.get("/cards")  # the library started
    entries = history_rows(app)
    for box, value, label in (("hp", "0", "HP"), ("ap", "x", "AP"), ("hp", "", "HP")):
        resp = table.post("/cards/species", {**species_form(table, "Slink"), "ap": "5", "hp": "9", box: value})
        assert resp.status_code == 422
        assert label in errors(resp), errors(resp)
        assert 'aria-invalid="true"' in resp.get_data(as_text=True).split('id="species"')[1].split("</form>")[0]
    resp = table.post("/cards/species", {**species_form(table, "Slink"), "hp": "9", "ap": "5", "special": "x" * 601})
    assert resp.status_code == 422 and "Special attribute" in errors(resp)
    # nothing to check yet: a species with no numbers is not marked verified
    cards = table.get("/cards").get_data(as_text=True)
    assert "These are the card's numbers" not in cards.split('id="species-slink"')[1].split("</li>")[0]
    version = re.search(r'action="/cards/undo".*?name="version" value="(\d+)"', cards, re.S).group(1)
    resp = table.post("/cards/verify", {"part": "species", "key": "Slink", "version": version, "_form": "verify"})
    assert resp.status_code == 422 and "Species" in errors(resp)
    assert history_rows(app) == entries and "Slink" not in library(table).get("species", {})


def test_a_new_ranger_starts_with_its_boards_starting_attachment_equipped_and_one_undo_removes_both(app, table):
    url = new_campaign(table, "The Historians", [])
    before = seen(table, url)
    resp = table.post(f"{url}/characters", {"name": "Augustus", "class_name": "Ranger", "species": "Human"})
    assert resp.status_code == 200
    assert "with the starting attachment Ranged attachment equipped" in resp.get_data(as_text=True)
    (augustus,) = campaign_state(app).characters
    (attachment,) = augustus.attachments
    assert (attachment.name, attachment.type, attachment.tier) == ("Ranged attachment", "starting", None)
    assert attachment.starting and attachment.equipped
    assert seen(table, url) == before + 1  # one change
    sheet = table.get(f"{url}/characters/{augustus.id}").get_data(as_text=True)
    assert "Ranged attachment" in sheet

    resp = table.post(f"{url}/undo", {"version": seen(table, url), "back": "campaign"})
    assert resp.status_code == 200 and campaign_state(app).characters == ()

    # the table's edit of the board: its starting attachment is the one a new Ranger gets
    page = table.get("/cards?class_board=Ranger").get_data(as_text=True)
    board = submitted(page.split('id="class-board"')[1].split("</form>")[0])
    assert table.post("/cards/class-board", {**board, "starting_attachment": "Hawk Sight"}).status_code == 200
    table.post(f"{url}/characters", {"name": "Augustus", "class_name": "Ranger", "species": "Human"})
    assert [(a.name, a.equipped) for a in campaign_state(app).characters[0].attachments] == [("Hawk Sight", True)]
    # a Healer gets its Medical Kit and its starting attachment, in the same one entry
    table.post(f"{url}/characters", {"name": "Sylvestia", "class_name": "Healer", "species": "Slink"})
    healer = campaign_state(app).characters[1]
    assert [i.name for i in healer.items] == ["Medical Kit"]
    assert [(a.name, a.equipped) for a in healer.attachments] == [("Medical attachment", True)]


def test_set_up_seats_the_active_characters_in_order_at_most_four_one_per_class(app, table):
    url = new_campaign(table, "Crowded", [("Ann", "Healer", "Human"), ("Ben", "Ranger", "Grallok"),
                                          ("Cas", "Rogue", "Slink"), ("Dov", "Ranger", "Human"),
                                          ("Eli", "Warrior", "Grallok"), ("Fay", "Rogue", "Human"),
                                          ("Gus", "Warrior", "Slink")])
    ids = character_ids(app)
    assert table.post(f"{url}/characters/{ids['Cas']}/active", {}).status_code == 200  # retired
    _, sent = set_up_form(table, 1)
    assert [sent.get(f"character_{n}") for n in (1, 2, 3, 4)] == [ids["Ann"], ids["Ben"], ids["Eli"], ids["Fay"]]
    # a one-off mission has no party to seat
    page = table.get("/table/new").get_data(as_text=True)
    assert not re.search(r'name="character_1"[^>]*value="[^"]', page)


def test_a_class_board_is_checked_in_one_tap_without_retyping_it(app, table):
    cards = table.get("/cards").get_data(as_text=True)
    form = find_form(cards, "/cards/verify", "These are the board's values", key="Warrior")
    entries = history_rows(app)
    resp = table.post("/cards/verify", {**form.fill(), "request_id": "d" * 32})
    assert resp.status_code == 200 and "Checked the class board Warrior" in resp.get_data(as_text=True)
    assert table.post("/cards/verify", {**form.fill(), "request_id": "d" * 32}).status_code == 200  # sent again
    assert history_rows(app) == entries + 1
    shipped = json.loads((Path(app.config["DATA_DIR"]) / "phantom-epoch" / "class-boards.json").read_text())["boards"]
    warrior = next({k: v for k, v in b.items() if k != "name"} for b in shipped if b["name"] == "Warrior")
    stored = library(table)["class_boards"]["Warrior"]
    assert stored["verified"] is True
    assert {k: stored[k] for k in ("weapon", "bandage_slots", "item_slots", "starting_attachment")} == \
        {k: warrior[k] for k in ("weapon", "bandage_slots", "item_slots", "starting_attachment")}
    item = table.get("/cards").get_data(as_text=True).split('id="class-board-warrior"')[1].split("</li>")[0]
    assert "unverified" not in item and "These are the board's values" not in item
    # a page drawn before another change is refused, so what is marked is what the player read
    stale = find_form(cards, "/cards/verify", "These are the board's values", key="Rogue").fill()
    assert table.post("/cards/verify", stale).status_code == 409
    assert "Rogue" not in library(table)["class_boards"]


def test_a_library_stored_before_the_species_part_loads_and_takes_species_numbers(app, table):
    old = {"format": FORMAT, **{part: {} for part in PARTS if part != "species"}}  # as stored before it
    assert load_library(old)["species"] == {}
    assert load_library(json.dumps(old))["class_decks"] == {}
    db = dbmod.connect(app.config["DATABASE"])
    try:
        lib = card_store.library_id(db)
        with db.conn:  # the document as a library stored before this part existed holds it
            db.conn.execute("UPDATE card_libraries SET doc = ? WHERE id = ?", (json.dumps(old), lib))
    finally:
        db.conn.close()
    assert "species" not in library(table)
    assert table.get("/cards").status_code == 200 and table.get("/table/new").status_code == 200
    enter_species(table, "Slink", 7, 8)
    assert library(table)["species"]["Slink"]["hp"] == 7

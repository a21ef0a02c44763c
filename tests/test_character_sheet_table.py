"""Characters bring their sheet (issue 18): HP and AP entered once on the character sheet and carried into
the mission; the Guard printed on an equipped attachment plus the Guard this round's cards give is the
Guard an adversary's Attack meets (p.21 step 5), and the plan says where it comes from."""
from __future__ import annotations

import html

from conftest import campaign_state, character_ids
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import step, text


def test_the_sheet_feeds_the_table_and_the_guard_of_equipment_and_cards_meets_the_attack(app, table, campaign):
    ids = character_ids(app)
    vincent = f"{campaign}/characters/{ids['Vincent']}"
    assert table.post(f"{vincent}/numbers", {"max_hp": "12", "max_ap": "7"}).status_code == 200
    assert table.post(f"{vincent}/attachments", {"name": "Bulwark", "type": "shield", "starting": "1"}).status_code == 200
    bulwark = next(a.id for a in campaign_state(app).characters[1].attachments if a.name == "Bulwark")
    for _ in range(2):
        assert table.post(f"{vincent}/guard", {"kind": "attachments", "thing": bulwark, "delta": "1"}).status_code == 200
    assert table.post(f"{vincent}/equip", {"kind": "attachments", "thing": bulwark}).status_code == 200
    sheet = text(table.get(vincent))
    assert "Bulwark +2" in sheet and 'name="max_hp" value="12"' in sheet
    refused = table.post(f"{vincent}/numbers", {"max_hp": "0", "max_ap": "7"})
    assert refused.status_code == 422 and campaign_state(app).characters[1].max_hp == 12

    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    assert "HP 12, AP 7 from its sheet" in text(table.get("/table/new?campaign=1"))
    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Vincent"], "character_2": ids["Augustus"]}, htmx=False)
    assert resp.status_code == 422 and "maximum HP from its species card, here or once on its character sheet" in text(resp)  # no numbers on its sheet yet
    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Vincent"], "character_2": ids["Augustus"],
                                 "hp_2": "10", "ap_2": "6"}, htmx=False)
    assert resp.status_code == 303
    step(table, "place", character=ids["Vincent"], space="B-6")
    step(table, "place", character=ids["Augustus"], space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    refused = step(table, "select", character=ids["Vincent"], ap="8")
    assert refused.status_code == 422 and "maximum AP of 7" in text(refused)  # the sheet's AP
    step(table, "select", character=ids["Vincent"], ap="3", guard="1")
    step(table, "select", character=ids["Augustus"], ap="5")
    step(table, "reveal")
    step(table, "next")
    step(table, "move", figure=ids["Vincent"], space="G-3")  # next to the Sentry on H-3
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    page = html.unescape(text(step(table, "next")))
    assert "Grallok Sentry-1's turn" in page
    assert ("Vincent's Guard this round: +2 from equipment and attachments, +1 from this round's cards = 3"
            in page)
    page = html.unescape(text(step(table, "adversary", roll_1="attack:4")))
    assert "Vincent's Guard this round: +2 from equipment and attachments, +1 from this round's cards = 3" in page
    assert "Guard (step 5, p.21): Vincent's 3" in page and "Damage 2 = attack value 5 - Guard 3" in page

"""Names as the table typed them, not internal ids or codes (issue 26): a one-off character's name as typed, a
card's condition action as the card prints it."""
from __future__ import annotations

import random

from companion.phantom.play import Embarking, one_off_id, set_up
from companion.schemas.content.mission_setup import set_up_content
from companion.store.cards import samples
from companion.web.mission_page import namer
from helpers.mission_table import DATA, first_steps


def test_a_one_off_characters_name_is_shown_as_typed_not_its_id():
    # "Next turn: lio" — the id may stay a slug, the page shows the name typed.
    hexmap = first_steps().map
    party = [Embarking(one_off_id("Lio"), "Lio", "", max_ap=6, max_hp=9, color="red"),
             Embarking(one_off_id("Berkav 1"), "Berkav 1", "", max_ap=6, max_hp=9, color="yellow")]
    m = set_up("sample-1", hexmap, 2, party, rng=random.Random(3), **set_up_content(samples(DATA), hexmap, 2)).mission
    said = namer(m, None)
    assert said("Next turn: lio") == "Next turn: Lio"
    assert said("damage 3 → berkav-1, lio") == "damage 3 → Berkav 1, Lio"
    assert said("Grallok Sentry-1 attacks lio") == "Grallok Sentry-1 attacks Lio"


def test_the_cards_page_shows_a_condition_action_as_the_card_prints_it(table):
    table.post("/cards/samples", htmx=False)
    page = table.get("/cards").get_data(as_text=True)
    assert "Thick Hide (sample) · 3 AP" in page
    line = page.split("Thick Hide (sample) · 3 AP")[1].split("<form")[0]
    assert "Barrier on itself" in line and "condition 0" not in line

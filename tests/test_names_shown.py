"""Names as the table typed them, not internal ids or codes (issue 26): a one-off character's name as typed, a
card's condition action as the card prints it."""
from __future__ import annotations

import random
from dataclasses import replace

from companion.phantom.hexmap import HexMap, Placement
from companion.phantom.play import Embarking, attack_on_turn, one_off_id, place_character, set_up, start_next_turn
from companion.schemas.content.mission_setup import set_up_content
from companion.store.cards import samples
from companion.web.mission_page import namer
from helpers.mission import (
    ARCHER, BOSS, BOSS_CARDS, BRAM, CLASSES, EARLY, LATE, SCOUT, SENTRY, SPECIES, VERA, L, P, figure, to_turns,
)
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


def test_a_blocked_attacks_log_headline_names_the_blocker_in_words():
    # p.21 step 4: a Block on the Accuracy die makes the figure or object on the line the new target; the log's
    # headline says so in words ("blocked by object:D-3"), not the outcome's code "blocked-by:object:D-3".
    m = HexMap.build(L, L.parse_rect("A-1:J-8"), objects={P("D-3"): "destructible"},
                     entry_points=[P(e) for e in ("A-1", "A-3", "A-5", "A-7")],
                     placements={P("E-3"): Placement("grallok-sentry", 1, 4)})
    out = set_up("berkav-1", m, 2, (VERA, BRAM), (ARCHER, SENTRY, SCOUT, BOSS), species_decks=SPECIES,
                 class_decks=CLASSES, boss_decks=BOSS_CARDS, events_1_5=EARLY, events_6_plus=LATE,
                 rng=random.Random(7)).mission
    out = place_character(place_character(out, "vera", "A-3").mission, "bram", "A-7").mission
    out = start_next_turn(to_turns(out, vera=[("Dash", 1)], bram=[("Charge", 6)])).mission
    out = replace(out, board=out.board.with_figure(replace(figure(out, "bram"), at=P("C-3"))))
    update = attack_on_turn(out, "grallok-sentry-1", {"attack": [3], "accuracy": ["success", "block"]},
                            attack_range=4)
    assert update.reasons[0] == "vera attacks grallok-sentry-1: blocked by object:D-3"


def test_a_mission_from_the_book_is_titled_by_its_printed_name_not_its_id(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"mission": "berkav-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Lio", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.status_code == 303
    home = table.get("/").get_data(as_text=True)
    assert "Berkav-1 on First steps" in home and "berkav-1 on" not in home

"""The mission table on the tablet (issue 6): set-up from a sample map and the sample cards, a round with
a character turn and an adversary turn planned by the AI, undo, polling by a second device, a stale
version, bad input (422 naming the field, nothing changed), and the result in the campaign book."""
from __future__ import annotations

import re

import pytest

from companion.phantom.mapview import FIGURE_LAYOUT
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import (
    start_campaign_mission, start_first_steps, step, text, to_doors_and_hazards_turn, to_first_turn, version,
)


@pytest.fixture
def mission(table):
    """First steps (sample map) with Vera and Bram against the Grallok Sentry its icon places for two."""
    return start_first_steps(table)


def to_adversary_turn(table):
    to_first_turn(table)
    step(table, "move", figure="vera", space="G-3")  # next to the sentry on H-3
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    return step(table, "next")


def test_set_up_places_the_adversaries_for_two_characters_and_shows_the_map(table, mission):
    page = text(table.get(mission))
    assert 'id="map-paint"' in page and 'id="map-grid"' in page
    assert "<title>Grallok Sentry-1</title>" in page  # H-3's icon is for 2-4 characters
    assert "Grallok Archer" not in page.split('id="map-plan"')[0].split('class="figures"')[1]  # H-5: 3-4 only
    assert "Choose a character, then tap an entry point" in page


def test_a_round_with_the_ai_plan_shown_then_applied_from_the_dice(table, mission):
    page = text(to_adversary_turn(table))
    assert "Grallok Sentry-1's turn — the plan" in page
    # vera stands next to the Sentry: a Melee Attack needs no line of sight (p.21), so none is drawn; the
    # target ring shows whom it attacks.
    x, y = re.search(r'data-figure="vera"><title>Vera</title>\s*<circle cx="(\d+)" cy="(\d+)"', page).groups()
    vera = (int(x), int(y) - FIGURE_LAYOUT["pointy"]["disc"][1])  # her space's centre: her disc sits above it
    assert 'class="sight"' not in page and '<circle class="target" cx="{}" cy="{}"'.format(*vera) in page
    assert "Basic Attack die — attack on Vera" in page
    assert "Why?" in page
    resp = step(table, "adversary", roll_1="attack:2")
    assert resp.status_code == 200
    assert "as the AI planned it" in text(resp)
    assert re.search(r"Vera · G-3 · HP [0-9]+/10", text(resp)).group(0) != "Vera · G-3 · HP 10/10"
    assert "End round 1" in text(resp)
    resp = step(table, "end-round")
    assert "Round 2: the decision die" in text(resp)


def test_undo_walks_back_steps_and_a_second_device_sees_the_change(table, mission, client):
    to_adversary_turn(table)
    step(table, "adversary", roll_1="attack:2")
    seen = version(table)
    assert client.get(f"{mission}/poll?seen={seen}").status_code == 204
    resp = table.post(f"{mission}/undo", {"version": seen})
    assert "Undid: Grallok Sentry-1&#39;s turn" in text(resp)
    assert "Grallok Sentry-1's turn — the plan" in text(resp)
    assert "Vera · G-3 · HP 10/10" in text(resp)
    polled = client.get(f"{mission}/poll?seen={seen}")
    assert polled.status_code == 200 and f'data-version="{seen + 1}"' in text(polled)
    table.post(f"{mission}/redo", {"version": version(table)})
    assert "End round 1" in text(table.get(mission))


def to_archer_turn(table):
    """The Grallok Archer placed on I-6 by the mission in round 1; vera's, the Sentry's and bram's turns
    played: the Archer's turn (Volley, a Ranged Attack on bram)."""
    to_first_turn(table)
    step(table, "end-turn")
    step(table, "next")
    step(table, "adversary", roll_1="attack:2")
    step(table, "next")
    step(table, "end-turn")
    return step(table, "next")


POINTY_CORNERS = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")  # drawing order


def corner(page: str, label: str, name: str) -> tuple[int, int]:
    """The drawn point of a named corner of a space, from the tap grid's polygon for it."""
    points = re.search(rf'<polygon points="([^"]+)" data-label="{label}"/>', page).group(1).split()
    xy = [tuple(int(v) for v in p.split(",")) for p in points]
    assert min(xy, key=lambda p: p[1]) == xy[0]  # the polygon starts at the top corner
    return xy[POINTY_CORNERS.index(name)]


def test_the_sight_line_is_drawn_between_the_corners_the_ai_chose(table, mission):
    # p.27 DETERMINING LINE OF SIGHT: the adversary draws one particular corner-to-corner segment; the map
    # shows that one, the one its reasons name, for the players to copy onto the physical map (issue 6).
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    assert step(table, "place-adversary", type="Grallok Archer", space="I-6", source="mission").status_code == 200
    step(table, "select", character="vera", ap="3")
    step(table, "select", character="bram", ap="5")
    step(table, "reveal")
    page = text(to_archer_turn(table))
    assert "Grallok Archer-1's turn — the plan" in page and "attack → Bram (range 5)" in page
    said = re.search(r"draws line of sight from the ([a-z ]+) of ([A-Z]+-\d+) to the ([a-z ]+) of ([A-Z]+-\d+)",
                     page).groups()
    assert said == ("top", "H-6", "upper right", "C-6")  # the Archer moved to H-6 first; bram is on C-6
    lines = re.findall(r'<line class="sight" x1="(-?\d+)" y1="(-?\d+)" x2="(-?\d+)" y2="(-?\d+)"/>', page)
    assert len(lines) == 1
    x1, y1, x2, y2 = map(int, lines[0])
    assert (x1, y1) == corner(page, "H-6", "top") and (x2, y2) == corner(page, "C-6", "upper right")
    centre = re.search(r'<circle class="target" cx="(\d+)" cy="(\d+)"', page).groups()
    assert (x2, y2) != tuple(map(int, centre))  # not the old centre-to-centre line


def test_each_disc_reads_a_short_name_of_its_own(table, mission):
    # At the table the minis are told apart by type and HP base colour (p.26): each disc shows the type's
    # initial and the adversary's number on its colour ring; characters show their names' initials.
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    page = text(step(table, "place-adversary", type="Grallok Sentry", space="I-6", source="mission"))
    discs = dict(re.findall(r'<title>([^<]+)</title>\s*(?:<polygon class="halo"[^>]*/>\s*)?<circle [^>]*/>'
                            r'<text class="name"[^>]*>([^<]+)</text>', page))
    assert discs == {"Vera": "V", "Bram": "B", "Grallok Sentry-1": "S1", "Grallok Sentry-2": "S2"}
    assert re.search(r'class="fig fig-adversary (red|yellow|dark-blue|light-blue)" data-figure="Grallok Sentry-2"',
                     page)

@pytest.mark.parametrize("action, data, field", [
    ("place", {"character": "vera", "space": "A-2"}, "Space"),  # not an entry point
    ("place", {"character": "nobody", "space": "B-6"}, "Character"),
    ("die", {"color": "purple", "primary": "N", "secondary": "W"}, "Color"),
    ("move", {"figure": "Grallok Sentry-1", "space": ""}, "Space"),
    ("move", {"figure": "Grallok Sentry-1", "space": "ZZ-99"}, "Space"),
    ("move", {"figure": "Grallok Sentry-1", "space": "D-2"}, "Space"),  # a destructible object: not empty (p.24)
    ("hp", {"figure": "Grallok Sentry-1", "delta": "0"}, "Change"),
])
def test_bad_input_is_422_naming_the_field_and_changes_nothing(table, mission, action, data, field):
    before = version(table)
    resp = step(table, action, **data)
    assert resp.status_code == 422
    assert f"<strong>{field}</strong>" in text(resp)
    assert version(table) == before


def test_a_stale_version_is_409_with_the_current_state(table, mission):
    resp = table.post(f"{mission}/do/place", {"version": "0", "character": "vera", "space": "B-6"})
    assert resp.status_code == 409
    assert "changed on another device" in text(resp)
    assert version(table) == 1


def test_set_up_refuses_bad_input_naming_the_field(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "7", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6"}, htmx=False)
    assert resp.status_code == 422 and "<strong>Mission difficulty</strong>" in text(resp)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera"},
                      htmx=False)
    assert resp.status_code == 422 and "maximum HP" in text(resp)
    assert table.get("/table/1").status_code == 404


def test_a_finished_mission_is_recorded_in_its_campaign_book(app, table, campaign):
    from conftest import campaign_state, character_ids

    ids = character_ids(app)
    assert "The Historians" in text(table.get("/table/new"))
    setup = text(table.get("/table/new?campaign=1"))
    assert f'<option value="{ids["Vincent"]}"' in setup and "Vincent (Warrior, Grallok)" in setup
    assert '<option value="awakening"' in setup
    start_campaign_mission(app, table)
    resp = step(table, "fail", reason="The relay was destroyed")
    assert "Mission failed in round 1" in text(resp)
    assert "Record in the campaign book" in text(resp)
    resp = table.post("/table/1/record", htmx=False)
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/campaigns/1/missions")
    c = campaign_state(app)
    assert c.last_mission == "awakening"
    assert not c.missions["awakening"].completed  # a failure does not complete it (p.13)


def test_the_attack_helper_waits_for_the_dice_then_applies_the_damage(table, mission):
    to_first_turn(table)
    step(table, "move", figure="vera", space="G-3")  # next to the sentry on H-3 (8 HP at difficulty 2)
    before = version(table)
    resp = step(table, "attack", target="Grallok Sentry-1", die="basic")
    assert resp.status_code == 422 and "<strong>Rolls</strong>: roll Basic Attack die" in text(resp)
    assert version(table) == before
    resp = step(table, "attack", target="Grallok Sentry-1", die="basic", roll_1="attack:2")
    assert resp.status_code == 200 and "Vera attacks Grallok Sentry-1: hit" in text(resp)
    assert re.search(r"Grallok Sentry-1 · H-3 · HP [0-7]/8", text(resp))


def to_tied_reveal(table):
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap="4")
    return step(table, "select", character="bram", ap="4")


def test_tied_characters_go_in_the_order_the_players_tap(table, mission):
    # p.12 step 7: characters with the same initiative go in the order the players decide.
    page = text(to_tied_reveal(table))
    assert "Tie at initiative 4: the players choose who goes first" in page
    assert 'name="order_1" value="vera"' in page and 'name="order_2" value="bram"' in page
    before = version(table)
    resp = step(table, "reveal")
    assert resp.status_code == 422 and "<strong>Character order</strong>" in text(resp)
    resp = step(table, "reveal", order_1="bram", order_2="bram")
    assert resp.status_code == 422 and "twice" in text(resp)
    assert version(table) == before
    resp = step(table, "reveal", order_1="bram", order_2="vera")
    assert resp.status_code == 200
    order = text(resp).split('id="turn-order"')[1].split("</ol>")[0]
    assert order.index("Bram") < order.index("Vera")
    assert "Next turn: Bram" in text(resp)


def test_an_event_adversary_is_placed_by_a_tap_and_drops_no_nova_cells(table, mission):
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    page = text(step(table, "die", color="red", primary="N", secondary="W"))
    assert 'id="place-adversary-form" data-tap="space"' in page
    before = version(table)
    resp = step(table, "place-adversary", type="Grallok Sentry", source="event", space="ZZ-9")
    assert resp.status_code == 422 and "<strong>Space</strong>" in text(resp)
    resp = step(table, "place-adversary", type="Nobody", source="event", space="F-2")
    assert resp.status_code == 422 and version(table) == before
    resp = step(table, "place-adversary", type="Grallok Sentry", source="event", space="F-2")
    assert resp.status_code == 200
    assert "Grallok Sentry-2" in text(resp) and "will drop no nova cells (p.26)" in text(resp)
    assert "Grallok Sentry-2 · F-2" in text(resp)


def test_the_last_choice_reveals_the_turn_order_once_the_events_adversary_is_placed(table, mission):
    # p.12 steps 2-4: the Event card (here Reinforcements, placing 1 adversary) is performed, each character
    # chooses, the cards are revealed. Nothing is left to decide, so the choice completing them is the reveal.
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character="vera", ap="3")
    page = text(step(table, "select", character="bram", ap="5"))
    # its adversary not yet placed, the reveal waits: an adversary placed after the draw takes no turn (p.26)
    assert "once its adversaries are placed, the turn order shows by itself" in page and "Reveal: turn order" in page
    assert table.post(f"{mission}/undo", {"version": version(table)}).status_code == 200
    assert step(table, "place-adversary", type="Grallok Sentry", source="event", space="F-2").status_code == 200
    page = text(table.get(mission))
    assert 'id="choice-bram"' in page and 'id="turn-order"' not in page  # Bram has still to choose
    resp = step(table, "select", character="bram", ap="5")
    assert resp.status_code == 200 and "Every character has chosen: the cards are revealed" in text(resp)
    page = text(table.get(mission))
    assert 'id="turn-order"' in page and "Reveal: turn order" not in page and "Next turn: Vera" in page
    order = page.split('id="turn-order"')[1].split("</ol>")[0]
    assert order.index("Vera") < order.index("Bram") and "Grallok Sentry-2" in order  # the event's Sentry acts
    # one change, one undo: the reveal goes back with the choice that made it
    assert table.post(f"{mission}/undo", {"version": version(table)}).status_code == 200
    page = text(table.get(mission))
    assert 'id="choice-bram"' in page and 'id="turn-order"' not in page and "Next turn" not in page
    assert "AP 3" in page.split('id="choice-vera"')[1].split("</div>")[0]  # Vera's choice stays


def test_a_correction_defeating_the_last_character_to_choose_reveals_the_turn_order(table, mission):
    # p.12 step 3-4 and p.23: a defeated character takes no turn and chooses no cards; once Bram, the last one
    # still to choose, is corrected to 0 HP, every living character has chosen and the cards are revealed.
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "place-adversary", type="Grallok Sentry", source="event", space="F-2")  # Reinforcements done
    step(table, "select", character="vera", ap="3")
    resp = step(table, "correct-hp", figure="bram", hp="0")
    assert resp.status_code == 200 and "Every character has chosen: the cards are revealed" in text(resp)
    page = text(table.get(mission))
    assert 'id="turn-order"' in page and "Next turn: Vera" in page and 'id="choice-bram"' not in page


def test_ending_the_turn_next_to_an_orb_offers_to_activate_it(table, mission):
    # p.24: a character ending its turn next to an orb may activate it.
    to_first_turn(table)
    page = text(step(table, "move", figure="vera", space="I-5"))  # next to the orb on I-4
    assert 'name="orb_1" value="I-4"' in page
    resp = step(table, "end-turn", orb_1="I-4")
    assert resp.status_code == 200 and "Vera activates the orb on I-4" in text(resp)


def test_a_character_opens_a_door_with_a_tap_and_retrieves_treasure_at_turn_end(table):
    page = to_doors_and_hazards_turn(table)
    assert "Open door G-5" in page
    resp = step(table, "door", space="A-9")
    assert resp.status_code == 422 and "not a closed door" in text(resp)
    resp = step(table, "door", space="G-5")
    assert resp.status_code == 200 and "the door on G-5 is open" in text(resp)
    assert "Open door G-5" not in text(resp)
    # p.25: treasure on or next to the character's space is retrieved as its turn ends.
    page = text(step(table, "move", figure="vera", space="N-2"))
    assert "Ending the turn here retrieves the treasure on N-1 (p.25)" in page
    resp = step(table, "end-turn")
    assert "Vera retrieves the treasure on N-1: read #21 in the Extras book (p.25)" in text(resp)


def test_heal_gives_a_bandage_and_a_stunned_character_discards_to_act(table, mission):
    # p.25: each heal that recovers HP gives a Bandage token; p.37: a Stunned character discards a card.
    to_first_turn(table)
    step(table, "hp", figure="vera", delta="-3")
    page = text(step(table, "heal", figure="vera", value="2"))
    assert "Heal 2: Vera HP 7 -&gt; 9 (p.25)" in page and "Bandages: 1" in page
    page = text(step(table, "condition", figure="vera", condition="Stunned", on="yes"))
    assert "Discard Round 1 cards" in page
    resp = step(table, "stunned", character="vera", card="Nope")
    assert resp.status_code == 422 and "&#39;Nope&#39; is not one of Vera&#39;s selected cards" in text(resp)
    resp = step(table, "stunned", character="vera", card="Round 1 cards")
    assert resp.status_code == 200 and "is no longer Stunned (p.37)" in text(resp)


def test_a_campaign_mission_shows_its_characters_by_name_not_by_campaign_id(app, table, campaign):
    """The figures of a campaign's characters carry the campaign's ids (c2, c3) so the result goes back to
    them; the table reads their names: the turn order, whose turn it is, the map, the log and the AI's
    reasons (found by the three-round browser story)."""
    from conftest import character_ids

    ids = character_ids(app)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                          "character_1": ids["Vincent"], "hp_1": "12", "ap_1": "7",
                          "character_2": ids["Augustus"], "hp_2": "10", "ap_2": "6"}, htmx=False)
    step(table, "place", character=ids["Vincent"], space="B-6")
    step(table, "place", character=ids["Augustus"], space="C-6")
    step(table, "die", color="red", primary="N", secondary="W")
    step(table, "select", character=ids["Vincent"], ap="3")
    step(table, "select", character=ids["Augustus"], ap="5")
    step(table, "reveal")
    page = text(step(table, "next"))
    assert "<h2>Vincent's turn</h2>" in page
    assert f"<h2>{ids['Vincent']}'s turn</h2>" not in page
    assert re.search(r'<li>Augustus <b class="initiative" title="Initiative">5</b></li>', page)
    assert '<title>Vincent</title>' in page and 'data-figure="' + ids["Vincent"] + '"' in page  # forms keep the id
    page = text(step(table, "move", figure=ids["Vincent"], space="G-3"))
    assert "Vincent moves B-6 -&gt; G-3" in page and f"{ids['Vincent']} moves" not in page
    assert "Vincent · G-3 · HP 12/12" in page
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    page = text(step(table, "next"))
    assert "attack → Vincent (range 1)" in page and "Basic Attack die — attack on Vincent" in page
    assert "Targets Vincent:" in page


def test_a_finished_campaign_mission_names_its_party(app, table, campaign):
    """The end-of-mission report reads the characters' names, not the campaign's ids (issue 18: found by the
    four-character browser story, which showed "Party: c1, c3, c4, c5")."""
    ids = start_campaign_mission(app, table)
    page = text(step(table, "fail", reason="The relay was destroyed"))
    assert "Party: Vincent, Augustus." in page
    assert ids["Vincent"] + "," not in page.split("Party:")[1].split(".")[0]


def test_every_condition_of_the_one_list_can_be_toggled_at_the_table(table, mission):
    # data/phantom-epoch/conditions.json is the one list (p.37): Blinded, Vulnerable and Weakened too.
    from companion.phantom.conditions import CONDITIONS

    to_first_turn(table)
    page = text(table.get("/table/1"))
    for name in CONDITIONS:
        assert f'name="condition" value="{name}"' in page
    for name in ("Blinded", "Vulnerable", "Weakened"):
        resp = step(table, "condition", figure="vera", condition=name, on="yes")
        assert resp.status_code == 200 and f"✓ {name}" in text(resp)
    resp = step(table, "condition", figure="vera", condition="Sleepy", on="yes")
    assert resp.status_code == 422
    assert "condition" in text(resp) and "&#39;Sleepy&#39; is not a condition of p.37" in text(resp)
    assert "Knocked Down" in text(resp) and "Weakened" in text(resp)

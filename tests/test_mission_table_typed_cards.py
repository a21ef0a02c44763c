"""Issue 34, "Cards typed when they come up": a deck the table draws from its own cards needs no card in the
library at set-up (nor the Event deck its five Round 1-5 cards, p.10 step 8). When the round asks which card
came up and the app does not have it, the table types it there in one line: it joins the card library (an
entry of its own, undone there) and the deck as the card that came up, and the AI plans that very turn from
it; the next mission offers it by name. A retried request adds it once; a bad line changes nothing."""
from __future__ import annotations

import re

from companion.phantom.play import adversary_scenario
from companion.store import cards as card_store
from helpers.mission_table import app, step  # noqa: F401  (the seeded app fixture)
from helpers.page_forms import find_form
from helpers.table_player import mission_state
from test_card_lines import hidden
from test_mission_table_own_decks import prompt

PHYSICAL = ["events", "species:Grallok", "class:Sentry"]
SENTRY = "Grallok Sentry-1"
CLASS_LINE = "r2: Move 2, Attack 1 r+1 | y3: Attack 2 | lb4: Move 1, Attack 1 | db5: Attack 3 range 4"


def library(app):
    from companion import db as dbmod
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return card_store.get(db)[1]
    finally:
        db.conn.close()


def sentry_card(table):
    page = table.get("/cards").get_data(as_text=True)
    resp = table.post("/cards/adversary", {**hidden(page, "adversary-line"), "name": "Grallok Sentry",
                                           "species": "Grallok", "class": "Sentry",
                                           "line": "6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | critical Knocked Down"})
    assert resp.status_code == 200, resp.get_data(as_text=True)


def set_up(table, **extra) -> str:
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7",
                                 "physical": PHYSICAL, **extra}, htmx=False)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    url = resp.headers["Location"]
    step(table, "place", url, character="vera", space="B-6")
    step(table, "place", url, character="bram", space="C-6")
    return url


def typed(table, url, deck, name, line, **override):
    form = find_form(table.get(url).get_data(as_text=True), "/card", deck=deck)
    data = {**form.fill(name=name, line=line), **override}
    return table.post(form.action, data), data


def test_a_new_group_types_each_card_as_it_comes_up_and_the_ai_plans_from_it(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)  # the only card typed before set-up: the type's description card (HP, Guard, p.46)
    url = set_up(table)

    # Round 1 begins on the die (p.12 step 1); then the Event deck is the table's and the app knows none of its
    # cards: it asks for a new one (step 2).
    assert prompt(table, url) == {}
    assert step(table, "die", url, color="red", primary="N", secondary="W").status_code == 200
    assert prompt(table, url) == {"Event deck": []}
    page = table.get(url).get_data(as_text=True)
    assert "New to the app: type it in one line" in page
    resp, _ = typed(table, url, "events", "Dust Storm", "Dust everywhere | Range -1")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    m = mission_state(app, 1)
    assert m.round.event.name == "Dust Storm" and m.round.event.rounds == "1-5"

    step(table, "select", url, character="vera", ap="3")
    step(table, "select", url, character="bram", ap="5")
    assert prompt(table, url) == {"Grallok species deck": [], "Sentry class deck": []}
    assert typed(table, url, "species:Grallok", "Rush", "2: Move 3")[0].status_code == 200
    resp, sent = typed(table, url, "class:Sentry", "Hold the Line", CLASS_LINE)
    assert resp.status_code == 200
    again = table.post(f"{url}/card", sent)  # its answer lost on the Wi-Fi: sent again with the same request id
    assert again.status_code == 200

    m = mission_state(app, 1)
    assert m.round.phase == "turns"  # the last card named revealed the order (p.12 steps 4-5)
    for _ in range(6):
        if mission_state(app, 1).round.current == SENTRY:
            break
        step(table, "end-turn" if mission_state(app, 1).round.current else "next", url)
    scenario = adversary_scenario(mission_state(app, 1))
    assert [c.name for c in scenario.turn.cards] == ["Rush", "Hold the Line"]  # planned from the typed cards

    lib = library(app)
    assert [c["name"] for c in lib["species_decks"]["Grallok"]["cards"]] == ["Rush"]
    assert [c["name"] for c in lib["class_decks"]["Sentry"]["cards"]] == ["Hold the Line"]  # once, not twice
    assert lib["class_decks"]["Sentry"]["cards"][0]["rows"]["yellow"]["actions"][0]["value"] == 2
    assert [c["name"] for c in lib["event_decks"]["Typed at the table"]["cards"]] == ["Dust Storm"]

    # The next mission: a deck of cards typed as they came up may hold more, so it stays the table's own by
    # default (the app would shuffle only the cards seen); the cards typed once are offered by name.
    setup = table.get("/table/new").get_data(as_text=True).split('id="setup-needs"')[1].split("</section>")[0]
    sentry = next(li for li in re.findall(r'<li class="need.*?</li>', setup, re.S) if "Sentry class deck" in li)
    assert 'value="class:Sentry" checked' in sentry
    unticked = table.get("/table/new?physical_sent=1").get_data(as_text=True)
    assert "Sentry class deck (for Grallok Sentry)</strong>: 1 card typed as they came up, maybe not all of the " \
           "deck" in unticked
    url2 = set_up(table)
    step(table, "die", url2, color="red", primary="N", secondary="W")  # the die first (p.12 step 1)
    assert prompt(table, url2) == {"Event deck": ["Dust Storm"]}
    # Its one typed Sentry card may not be the whole deck: it is asked at the reveal, never assumed (p.12 step 5).
    assert "class:Sentry" in mission_state(app, 2).physical and "class:Sentry" not in mission_state(app, 2).whole


def test_a_typed_card_joins_its_deck_as_the_engine_plays_it():
    from companion.phantom.scenario import RangeSpec
    from companion.schemas.content.mission_setup import engine_card
    from companion.schemas.forms.cards import parse_card_form

    entry = parse_card_form("class-card", {"deck": "Sentry", "name": "Hold the Line", "line": CLASS_LINE}).entry
    card = engine_card("class-card", entry)
    assert [c for c, _ in card.rows] == ["red", "yellow", "light-blue", "dark-blue"]  # lowest AP first (p.47)
    red = dict(card.rows)["red"]
    assert red.actions[1].range == RangeSpec(modifier=1) and dict(card.rows)["dark-blue"].actions[0].range == \
        RangeSpec(explicit=4)


def test_a_bad_line_at_the_table_is_refused_naming_its_part_and_changes_nothing(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)
    url = set_up(table)
    step(table, "die", url, color="red", primary="N", secondary="W")  # the die first (p.12 step 1)
    before, lib = mission_state(app, 1), library(app)
    resp, _ = typed(table, url, "events", "Dust Storm", "Dust | Rnage -1")
    assert resp.status_code == 422
    assert "the effect (Rnage -1)" in resp.get_data(as_text=True)
    assert mission_state(app, 1) == before and library(app) == lib
    resp, _ = typed(table, url, "events", "Dust Storm", "6+: Dust")  # round 1 turns a Round 1-5 card
    assert resp.status_code == 422 and "Round 1-5 card" in resp.get_data(as_text=True)
    assert mission_state(app, 1) == before and library(app) == lib


def test_undo_takes_the_card_out_of_the_deck_and_the_library_keeps_it(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)
    url = set_up(table)
    step(table, "die", url, color="red", primary="N", secondary="W")  # the die first (p.12 step 1)
    assert typed(table, url, "events", "Dust Storm", "Dust | Range -1")[0].status_code == 200
    assert mission_state(app, 1).round.event.name == "Dust Storm"  # typed after the die: turned at once
    v = int(re.search(r'data-version="(\d+)"', table.get(url).get_data(as_text=True)).group(1))
    page = table.get(url).get_data(as_text=True)
    undo = find_form(page, "/undo")
    assert table.post(undo.action, undo.fill()).status_code == 200
    assert mission_state(app, 1).events.cards == () and mission_state(app, 1).round.event is None and v > 0
    assert prompt(table, url) == {"Event deck": []}
    assert "Dust Storm" in str(library(app)["event_decks"])  # the library's own undo is on the Cards page


def test_set_up_with_every_deck_drawn_by_the_table_needs_no_deck_card(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.status_code == 422  # the app drawing the decks: it needs their cards
    assert set_up(table).endswith("/table/1")


def test_a_species_deck_two_types_share_gives_each_its_own_card(app, table):
    """p.12 step 5: "the Grallok Sentry will draw one Grallok Adversary Species Action card … The Grallok Archers
    will draw one Grallok Adversary Species Action card": with four characters First steps places both types,
    so the table names (or types) a Grallok card for each, never one physical card for both."""
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)
    page = table.get("/cards").get_data(as_text=True)
    assert table.post("/cards/adversary", {**hidden(page, "adversary-line"), "name": "Grallok Archer",
                                           "species": "Grallok", "class": "Archer",
                                           "line": "4/0/0/4 5/0/0/5 6/1/0/5 8/1/0/6"}).status_code == 200
    party = {f"character_{n}": name for n, name in enumerate(("Vera", "Bram", "Mira", "Quill"), 1)}
    party.update({f"{k}_{n}": v for n in range(1, 5) for k, v in (("hp", "10"), ("ap", "6"))})
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", **party,
                                 "physical": PHYSICAL + ["class:Archer"]}, htmx=False)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    url = resp.headers["Location"]
    assert step(table, "place-party", url).status_code == 200  # everyone on the next free entry point, one tap
    step(table, "die", url, color="red", primary="N", secondary="W")  # the die first, then the Event card (p.12 steps 1-2)
    assert typed(table, url, "events", "Quiet", "Nothing happens")[0].status_code == 200
    for who, ap in (("vera", "2"), ("bram", "3"), ("mira", "4"), ("quill", "5")):
        step(table, "select", url, character=who, ap=ap)
    assert prompt(table, url) == {"Grallok species deck, for the Grallok Archer": [],
                                  "Grallok species deck, for the Grallok Sentry": [],
                                  "Archer class deck": [], "Sentry class deck": []}
    assert typed(table, url, "species:Grallok|Grallok Archer", "Rush", "2: M3")[0].status_code == 200
    # the one Rush the table holds came up for the Archer: not also for the Sentry
    form = find_form(table.get(url).get_data(as_text=True), "/do/name-card", deck="species:Grallok|Grallok Sentry",
                     came_up="Rush")
    refused = table.post(form.action, form.fill())
    assert refused.status_code == 422 and "came up for another adversary type already" in refused.get_data(as_text=True)
    assert typed(table, url, "species:Grallok|Grallok Sentry", "Hide", "3 round: Barrier")[0].status_code == 200
    assert typed(table, url, "class:Sentry", "Hold", CLASS_LINE)[0].status_code == 200
    assert typed(table, url, "class:Archer", "Volley", "r2:A0|y3:A0 t2|lb4:R2,A1|db5:A1")[0].status_code == 200
    m = mission_state(app, 1)
    assert m.round.phase == "turns"
    drawn = dict(m.round.drawn)
    assert (drawn["Grallok Archer"].species.name, drawn["Grallok Sentry"].species.name) == ("Rush", "Hide")
    assert sorted(c.name for c in m.deck("species:Grallok").cards) == []  # both drawn


def test_place_party_puts_everyone_on_the_next_free_entry_points(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    sentry_card(table)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7",
                                 "physical": PHYSICAL}, htmx=False)
    url = resp.headers["Location"]
    step(table, "place", url, character="bram", space="C-6")  # the players chose Bram's; Vera has no preference
    page = table.get(url).get_data(as_text=True)
    assert "Place everyone on the next free entry points" in page
    assert step(table, "place-party", url).status_code == 200
    m = mission_state(app, 1)
    assert {m.map.label(m.figure(c).at) for c in ("vera", "bram")} == {"B-6", "C-6"}
    assert m.map.label(m.figure("bram").at) == "C-6"
    assert step(table, "place-party", url).status_code == 422  # nobody left to place: not offered either
    assert "Place everyone" not in table.get(url).get_data(as_text=True)

"""Issue 28, "The table's own decks": at set-up the group chooses, deck by deck, whether the app shuffles it or
the table draws its physical cards (p.10 steps 6 and 8). For a physical deck the round asks which card came up,
one tap among that deck's cards not yet drawn (names only), before the Event card (p.12 step 2) and the
Adversary Action cards (p.12 step 5); an empty physical deck offers its discards again (p.12 step 5). A card
named gives the same AI plan as the same card drawn by the app."""
from __future__ import annotations

import html
import re
from dataclasses import replace

from companion.phantom.decision import DecisionDie
from companion.phantom.play import (
    Deck, adversary_scenario, begin_round, deck_prompts, name_card, next_step, reveal, select_cards,
)
from companion.phantom.turn import resolve_turn
from helpers.mission_table import app, step  # noqa: F401  (the seeded app fixture)
from helpers.page_forms import find_form
from helpers.table_player import mission_state

SENTRY = "Grallok Sentry-1"
PHYSICAL = ["events", "species:Grallok", "class:Sentry"]


def set_up(table, physical=()) -> str:
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7",
                                 "physical": list(physical)}, htmx=False)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    url = resp.headers["Location"]
    step(table, "place", url, character="vera", space="B-6")
    step(table, "place", url, character="bram", space="C-6")
    return url


def prompt(table, url) -> dict:
    """The page's "Which card came up?" panel: deck label -> the card names offered."""
    page = table.get(url).get_data(as_text=True)
    if 'id="deck-prompt"' not in page:
        return {}
    panel = page.split('id="deck-prompt"')[1].split("</section>")[0]
    decks = re.split(r'<div class="stack deck-prompt"', panel)[1:]
    # the cards offered are the name-card buttons; a new card's typing form is not one of them
    return {html.unescape(re.search(r"<strong>([^<]+)</strong>", deck).group(1)):
            [html.unescape(n) for n in re.findall(r'/do/name-card".*?type="submit">([^<]+)</button>', deck, re.S)]
            for deck in decks}


def tap(table, url, deck, card):
    form = find_form(table.get(url).get_data(as_text=True), "/do/name-card", deck=deck, came_up=card)
    resp = table.post(form.action, form.fill())
    assert resp.status_code == 200, resp.get_data(as_text=True)


def to_sentry_turn(table, url):
    for _ in range(8):
        rnd = mission_state(app_of(table), int(url.rsplit("/", 1)[1])).round
        if rnd.current == SENTRY:
            return
        step(table, "end-turn" if rnd.current else "next", url)
    raise AssertionError("the Sentry's turn never came")


def app_of(table):
    return table.client.application


def play_round(table, url, physical_names=None):
    """The die, the cards chosen, the reveal; the physical decks' cards named first when given."""
    assert step(table, "die", url, color="red", primary="N", secondary="W").status_code == 200
    if physical_names:  # the die first, then the Event card (p.12 steps 1-2)
        tap(table, url, "events", physical_names["events"])
    step(table, "select", url, character="vera", ap="3")
    step(table, "select", url, character="bram", ap="5")
    if physical_names:
        tap(table, url, "species:Grallok", physical_names["species"])
        tap(table, url, "class:Sentry", physical_names["class"])
    mission_id = int(url.rsplit("/", 1)[1])
    event = mission_state(app_of(table), mission_id).round.event
    if event is not None and event.places:  # its adversary, left out here, holds the reveal back: the table's tap
        resp = step(table, "reveal", url)
        assert resp.status_code == 200, resp.get_data(as_text=True)
    # otherwise the last choice, or the last card named after it, revealed the cards (p.12 steps 4-5)
    assert mission_state(app_of(table), mission_id).round.phase == "turns"


def test_set_up_offers_every_deck_of_the_chosen_maps_mission_to_draw_by_hand(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    page = table.get("/table/new").get_data(as_text=True)
    decks = page.split('id="setup-needs"')[1].split("</section>")[0]  # each deck's line says "We draw it ourselves"
    for key, label in (("events", "Event deck"), ("species:Grallok", "Grallok species deck"),
                       ("class:Sentry", "Sentry class deck"), ("class:Archer", "Archer class deck")):
        assert f'name="physical" form="setup-form" value="{key}"' in decks and label in decks
        assert f'value="{key}" checked' not in decks  # the library has its cards: the app draws it unless ticked


def test_a_mission_with_the_event_deck_and_the_sentrys_decks_drawn_by_the_table(app, table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    app_url = set_up(table)  # the app shuffles every deck
    url = set_up(table, PHYSICAL)
    m = mission_state(app, 2)
    assert m.physical == tuple(PHYSICAL) and mission_state(app, 1).physical == ()
    assert prompt(table, app_url) == {}

    # Issue 38: the die is step 1 and the Event card step 2 (p.12): no Event asked before the die.
    assert prompt(table, app_url) == {} and prompt(table, url) == {}
    die = table.get(url).get_data(as_text=True).split('id="die"')[1].split("</section>")[0]
    assert die.count('class="btn die-face') == 8 and "disabled" not in die and "step 5" not in die
    assert step(table, "die", url, color="red", primary="N", secondary="W").status_code == 200
    # Round 1 (p.10 step 8): only the Round 1-5 events may come up, by name, in no deck order.
    offered = prompt(table, url)
    assert offered == {"Event deck": ["Dust Storm (sample)", "Echoes (sample)", "Flicker (sample)",
                                      "Reinforcements (sample)", "Stale Air (sample)"]}
    early = step(table, "select", url, character="vera", ap="3")  # step 3 waits for the Event (step 2)
    assert early.status_code == 422 and "p.12 step 2" in early.get_data(as_text=True)
    assert mission_state(app, 2).round.event is None

    play_round(table, app_url)  # the app draws its cards: the physical mission names the same ones
    drawn_by_app = mission_state(app, 1).round
    cards = {"events": drawn_by_app.event.name, "species": drawn_by_app.drawn_for("Grallok Sentry").species.name,
             "class": drawn_by_app.drawn_for("Grallok Sentry").class_card.name}
    tap(table, url, "events", cards["events"])  # the Event card turned after the die: drawn at once
    assert mission_state(app, 2).round.event.name == cards["events"] and not prompt(table, url).get("Event deck")
    step(table, "select", url, character="vera", ap="3")
    step(table, "select", url, character="bram", ap="5")
    assert set(prompt(table, url)) == {"Grallok species deck", "Sentry class deck"}
    assert prompt(table, url)["Grallok species deck"] == sorted(
        c.name for c in mission_state(app, 2).deck("species:Grallok").cards)
    early = step(table, "reveal", url)
    assert early.status_code == 422 and "which card came up" in early.get_data(as_text=True)
    tap(table, url, "species:Grallok", cards["species"])
    tap(table, url, "class:Sentry", cards["class"])
    assert step(table, "reveal", url).status_code == 200

    m = mission_state(app, 2)
    assert m.round.event.name == cards["events"] and m.named == ()
    assert (m.round.drawn_for("Grallok Sentry").species.name, m.round.drawn_for("Grallok Sentry").class_card.name) \
        == (cards["species"], cards["class"])
    assert cards["species"] not in [c.name for c in m.deck("species:Grallok").cards]  # drawn: no longer offered
    assert cards["events"] not in [c.name for c in m.events.cards]

    # Both modes give the same plan for the same card (the AI reads only the card drawn).
    to_sentry_turn(table, app_url)
    to_sentry_turn(table, url)
    plans = [resolve_turn(adversary_scenario(mission_state(app, n), {"attack": [2]})) for n in (1, 2)]
    assert plans[0].steps == plans[1].steps and plans[0].explanation == plans[1].explanation


def test_an_empty_physical_deck_offers_its_discards_and_the_draw_says_the_table_reshuffled(app, table):
    # p.12 step 5: "If there are no cards left in the deck, shuffle the discard pile to form a new deck."
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    set_up(table, PHYSICAL)
    names = {"events": "Flicker (sample)", "species": "Rush (sample)", "class": None}
    m = mission_state(app, 1)
    names["class"] = m.deck("class:Sentry").cards[0].name
    play_round(table, "/table/1", names)
    m = mission_state(app, 1)
    species = m.deck("species:Grallok")
    emptied = replace(m, decks=tuple((k, Deck((), species.cards) if k == "species:Grallok" else d) for k, d in m.decks),
                      round=replace(m.round, phase="select", drawn=()))
    (grallok,) = [p for p in deck_prompts(emptied) if p.key == "species:Grallok"]
    assert grallok.cards == tuple(sorted(c.name for c in species.cards))
    named = name_card(emptied, "species:Grallok", species.cards[-1].name).mission
    named = name_card(named, "class:Sentry", named.deck("class:Sentry").cards[0].name).mission
    out = reveal(named)
    assert any("the table shuffles its discarded cards to form a new deck (p.12 step 5)" in r for r in out.reasons)
    assert out.mission.round.drawn_for("Grallok Sentry").species == species.cards[-1]
    assert len(out.mission.deck("species:Grallok").cards) == len(species.cards) - 1


def test_a_card_not_in_the_deck_or_a_deck_the_app_draws_is_refused_and_nothing_changes(app, table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    url = set_up(table, ["events"])
    before = mission_state(app, 1)
    for deck, card, field in (("class:Sentry", "Guard Post", "Deck"), ("events", "Tremor (sample)", "Came up"),
                              ("events", "<b>Nope</b>", "Came up")):
        resp = step(table, "name-card", url, deck=deck, came_up=card)
        assert resp.status_code == 422 and f"<strong>{field}</strong>" in resp.get_data(as_text=True), (deck, card)
        assert "<b>Nope</b>" not in resp.get_data(as_text=True)
    assert mission_state(app, 1) == before  # Tremor is a Round 6+ event: not before round 6 (p.10 step 8)


def test_a_physical_deck_with_one_card_left_is_not_asked_about_its_card_is_drawn(app, table):
    # p.12 step 5: the top card of the deck is drawn; with one card left it can only be that one, so the table
    # is not asked which card came up (issue 38).
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    set_up(table, PHYSICAL)
    m = mission_state(app, 1)
    only = m.deck("class:Sentry").cards[0]
    one_left = replace(m, decks=tuple((k, Deck((only,), d.discard) if k == "class:Sentry" else d) for k, d in m.decks),
                       round=None)
    names = {"events": "Flicker (sample)", "species": "Rush (sample)"}
    named = name_card(one_left, "events", names["events"]).mission
    rnd = begin_round(named, DecisionDie("red", "N", "W")).mission
    rnd = select_cards(rnd, "vera", [("Round 1 cards", 3)]).mission
    rnd = select_cards(rnd, "bram", [("Round 1 cards", 5)]).mission
    (sentry,) = [p for p in deck_prompts(rnd) if p.key == "class:Sentry"]
    assert sentry.named == only.name and sentry.last  # no question: the page leaves it out
    assert next_step(rnd).why.count("Sentry") == 0  # the draw waits only for the Grallok species card
    out = reveal(name_card(rnd, "species:Grallok", names["species"]).mission)
    assert out.mission.round.drawn_for("Grallok Sentry").class_card == only
    assert any(f"the table drew {only.name} from the" in r for r in out.reasons)
    # A deck typed as its cards came up may hold cards the app has not seen: its one known card is still asked.
    partial = replace(rnd, whole=tuple(k for k in rnd.whole if k != "class:Sentry"))
    (asked,) = [p for p in deck_prompts(partial) if p.key == "class:Sentry"]
    assert asked.named is None and not asked.last and "Sentry" in next_step(partial).why

"""Issue 34, item 4, "The app says what comes first": on an empty app the home page is the first-run path (party,
the first mission's adversary cards or "we draw our own", the map, set-up), each step's state and the next one a
button, with "import a card file from another group"; once a mission table exists it folds away. The set-up
page lists what the chosen map's mission still lacks before anything is filled in (mission_needs.needs), and
every field a set-up refusal names is labelled in words."""
from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom.play import EVENTS
from companion.schemas.content.mission_needs import DONE, NEEDED, ON_FORM, YOURS, needs
from companion.schemas.files.card_library import EMPTY
from companion.schemas.files.scenario import load_scenario
from companion.schemas.forms.mission_table import NewMissionForm
from companion.store.cards import samples
from companion.web.home import FIRST_STEPS, first_run
from companion.web.mission_table import setup_label
from helpers.page_forms import find_form
from helpers.reading import as_read

DATA = Path(ROOT) / "data" / "phantom-epoch"
SAMPLE_CARDS = json.loads((DATA / "sample-cards.json").read_text(encoding="utf-8"))


def first_steps_map():
    return load_scenario(json.loads((DATA / "maps" / "first-steps.json").read_text())).board.map


def states(run) -> list[str]:
    return [s.state for s in run.steps]


# -- the first-run path's states (home.first_run) -------------------------------------------------------------

def test_the_first_step_not_done_is_next_and_the_rest_wait():
    assert FIRST_STEPS == ("party", "cards", "map", "setup")
    empty = first_run(None, None, False, False, False)
    assert states(empty) == ["next", "later", "later", "later"] and empty.next == "party" and not empty.folded
    assert states(first_run(1, None, False, False, False)) == ["next", "later", "later", "later"]
    party = first_run(1, 1, False, False, False)
    # the cards never hold the way: set-up asks for what it needs, a deck the table draws needs none
    assert states(party) == ["done", "optional", "next", "later"] and party.party_id == 1
    assert states(first_run(1, 1, False, True, False)) == ["done", "optional", "done", "next"]
    assert states(first_run(1, 1, True, False, False)) == ["done", "done", "next", "later"]
    assert states(first_run(1, 1, True, True, False)) == ["done", "done", "done", "next"]
    # a map opened before the campaign: the campaign is still next, the map done
    assert states(first_run(None, None, False, True, False)) == ["next", "later", "done", "later"]
    played = first_run(1, 1, True, True, True)
    assert states(played) == ["done"] * 4 and played.next is None and played.folded


def test_step_one_goes_on_with_the_campaign_whose_party_is_missing():
    assert first_run(3, None, False, False, False).campaign_id == 3  # its sheet, to add characters
    assert first_run(3, 2, False, False, False).campaign_id == 2  # the one with a party, which set-up takes


# -- the home page --------------------------------------------------------------------------------------------

def first_run_panel(table) -> str:
    page = table.get("/").get_data(as_text=True)
    assert 'id="first-run"' in page, "the home page shows no first-run path"
    return page.split('id="first-run"')[1].split("</section>")[0]


def next_button(panel: str) -> tuple[str, str]:
    item = panel.split('aria-current="step"')[1].split("</li>")[0]
    href, words = re.search(r'<a class="btn primary" href="([^"]+)">([^<]+)</a>', item).groups()
    return html.unescape(href), html.unescape(words)


def add_characters(table, url, *names):
    for name, cls, species in names:
        assert table.post(f"{url}/characters", {"name": name, "class_name": cls, "species": species}).status_code == 200


def test_an_empty_app_walks_the_first_run_path_step_by_step(table):
    panel = first_run_panel(table)
    assert "First steps with the box" in panel
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["next", "later", "later", "later"]
    assert next_button(panel) == ("#new-campaign", "Start a campaign ›")
    home = table.get("/").get_data(as_text=True)
    assert 'id="new-campaign"' in home  # the button's anchor: the New campaign form
    assert "Campaigns and games" in home and "No campaign yet." in home  # the list is still there

    url = table.post("/campaigns", {"name": "The Historians"}, htmx=False).headers["Location"]
    add_characters(table, url, ("Sylvestia", "Healer", "Slink"))
    panel = first_run_panel(table)
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["next", "later", "later", "later"]
    assert next_button(panel) == (f"{url}#new-character", "Add characters ›")  # one is not a party yet

    add_characters(table, url, ("Vincent", "Warrior", "Grallok"))
    panel = first_run_panel(table)
    # the cards may wait for set-up, which asks for each description card it needs: the map is next
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["done", "optional", "next", "later"]
    assert next_button(panel) == ("/maps", "Open a sample map or make one ›")
    assert 'href="/cards#one-line">Enter cards ›' in panel and "set-up asks for each adversary" in panel

    assert table.post("/cards/samples", htmx=False).status_code == 303
    panel = first_run_panel(table)
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["done", "done", "next", "later"]
    assert next_button(panel) == ("/maps", "Open a sample map or make one ›")

    assert table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False).status_code == 303
    panel = first_run_panel(table)
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["done", "done", "done", "next"]
    assert next_button(panel) == ("/table/new?campaign=1", "Set up the mission ›")
    ids = {ch["name"]: ch["id"] for ch in campaign_characters(table)}
    assert table.get("/table/new?campaign=1").status_code == 200

    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Sylvestia"], "hp_1": "9", "ap_1": "6",
                                 "character_2": ids["Vincent"], "hp_2": "12", "ap_2": "7"}, htmx=False)
    assert resp.status_code == 303, as_read(resp.get_data(as_text=True))
    home = table.get("/").get_data(as_text=True)
    assert 'id="first-run"' not in home  # play is going: the home page is as it always was
    assert "<summary>First steps</summary>" in home  # folded to a small link
    assert "Awakening on First steps (sample)" in home


def campaign_characters(table) -> list[dict]:
    from conftest import campaign_state

    return [{"name": ch.name, "id": ch.id} for ch in campaign_state(table.client.application).characters]


def test_a_card_file_from_another_group_is_imported_from_the_empty_home_page(table):
    form = find_form(table.get("/").get_data(as_text=True), "/cards/import")
    assert form.action == "/cards/import" and form.hidden["request_id"]
    small = {"format": "phantom-epoch-cards/1",
             "adversaries": {"Grallok Sentry (sample)": SAMPLE_CARDS["adversaries"]["Grallok Sentry (sample)"]}}
    resp = table.post(form.action, {**form.hidden, "file": (io.BytesIO(json.dumps(small).encode()), "ours.json")},
                      htmx=False, content_type="multipart/form-data")
    assert resp.status_code == 200
    page = as_read(resp.get_data(as_text=True))
    assert "Imported ours.json: added 1 adversary description card (Grallok Sentry (sample))" in page  # the Cards page
    panel = first_run_panel(table)
    assert re.findall(r'<li class="step step-(\w+)"', panel) == ["next", "done", "later", "later"]


def test_a_bad_card_file_from_the_home_page_is_refused_on_the_cards_page(table):
    form = find_form(table.get("/").get_data(as_text=True), "/cards/import")
    resp = table.post(form.action, {**form.hidden, "file": (io.BytesIO(b"{nope"), "broken.json")},
                      htmx=False, content_type="multipart/form-data")
    assert resp.status_code == 422 and "Nothing was imported" in as_read(resp.get_data(as_text=True))


# -- what the mission needs (mission_needs.needs) -------------------------------------------------------------

def by_what(items) -> dict:
    return {n.what: n for n in items}


def test_an_empty_library_lacks_every_type_the_maps_icons_name_for_the_party():
    items = by_what(needs(dict(EMPTY), first_steps_map(), (), 4))
    assert items["A map with entry points"].state == DONE
    for type_ in ("Grallok Sentry", "Grallok Archer"):
        need = items[f"{type_}: its Adversary Description card (or boss board)"]
        assert (need.state, need.fix, need.page, need.type) == (NEEDED, "adversary", "46", type_)
    # First steps places its Archer for 3-4 characters only (p.9 step 7): two characters need no Archer card
    two = by_what(needs(dict(EMPTY), first_steps_map(), (), 2))
    assert "Grallok Archer: its Adversary Description card (or boss board)" not in two
    items = two
    assert items["Event deck: Round 1-5 cards"].state == NEEDED
    assert items["At least 2 characters"].state == DONE
    assert not any(n.deck.startswith(("species:", "class:")) for n in items.values())  # unknown without a card


def test_with_the_cards_each_deck_the_app_draws_is_listed_once_and_a_deck_drawn_by_the_table_needs_none():
    library = samples(DATA)
    items = needs(library, first_steps_map(), (), 4)
    assert [n.state for n in items] == [DONE] * len(items)
    decks = {n.deck: n for n in items if n.deck}
    assert set(decks) == {"species:Grallok", "class:Sentry", "class:Archer", EVENTS}
    assert decks["species:Grallok"].what == "Grallok species deck (for Grallok Archer, Grallok Sentry)"
    no_species = {**library, "species_decks": {}, "event_decks": {}}
    decks = {n.deck: n for n in needs(no_species, first_steps_map(), (), 2) if n.deck}
    assert decks["species:Grallok"].state == NEEDED and decks["species:Grallok"].fix == "species-card"
    assert decks[EVENTS].state == NEEDED and "0 Round 1-5 event cards" in decks[EVENTS].words
    drawn = {n.deck: n for n in needs(no_species, first_steps_map(), ("species:Grallok", EVENTS), 2) if n.deck}
    for key in ("species:Grallok", EVENTS):
        assert drawn[key].state == YOURS and drawn[key].words == \
            "you draw it yourself: cards are typed when they come up"


def test_a_boss_is_matched_to_its_board_and_its_deck_by_set_ups_rule():
    lair = load_scenario(json.loads((DATA / "maps" / "mutant-grallok-lair.json").read_text())).board.map
    items = by_what(needs(samples(DATA), lair, (), 3))
    assert items["Mutant Grallok: its boss board"].state == DONE
    boss = next(n for n in items.values() if n.deck == "boss:Mutant Grallok")
    assert boss.state == DONE


def test_no_map_a_map_without_entry_points_and_a_party_of_one_are_needs():
    assert needs(dict(EMPTY), None)[0].state == NEEDED and needs(dict(EMPTY), None)[0].fix == "maps"
    from dataclasses import replace
    bare = replace(first_steps_map(), entry_points=frozenset())
    assert needs(dict(EMPTY), bare)[0].state == NEEDED and needs(dict(EMPTY), bare)[0].fix == "map"
    party = by_what(needs(dict(EMPTY), None, (), 1))["At least 2 characters"]
    assert (party.state, party.fix, party.page) == (NEEDED, "campaign", "8")
    assert by_what(needs(dict(EMPTY), None, (), None))["At least 2 characters"].state == ON_FORM


# -- the set-up page's panel ----------------------------------------------------------------------------------

def needs_panel(body: str) -> str:
    return body.split('id="setup-needs"')[1].split("</section>")[0]


def need_line(panel: str, what: str) -> str:
    for item in re.findall(r"<li class=\"need.*?</li>", panel, re.S):
        if f"<strong>{what}</strong>" in html.unescape(item):
            return item
    raise AssertionError(f"no line for {what!r} in {as_read(panel)}")


def test_the_set_up_page_lists_the_missing_description_cards_before_anything_is_posted(table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    page = table.get("/table/new").get_data(as_text=True)
    panel = needs_panel(page)
    assert "What this mission needs" in panel and "On First steps (sample)" in panel
    line = need_line(panel, "Grallok Sentry: its Adversary Description card (or boss board)")
    assert 'class="need need-needed"' in line and "Its description card in one line" in line
    assert 'class="cite"' in line  # its page is a citation the table can open
    # typed right there in one line, it is saved and the page comes back with its decks listed
    form = find_form(page, "/cards/adversary", name="Grallok Sentry")
    resp = table.post(form.action, form.fill(line="6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | critical Knocked Down"),
                      htmx=False)
    assert resp.status_code == 303 and resp.headers["Location"].startswith("/table/new")
    panel = needs_panel(table.get(resp.headers["Location"]).get_data(as_text=True))
    assert "need-done" in need_line(panel, "Grallok Sentry: its Adversary Description card")
    # the library has no card of its decks: they are the table's own, ticked, typed as they come up
    line = need_line(panel, "Sentry class deck (for Grallok Sentry)")
    assert "need-yours" in line and 'value="class:Sentry" checked' in line


def test_ticking_a_deck_the_table_draws_changes_its_line_with_and_without_script(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    page = table.get("/table/new").get_data(as_text=True)
    assert 'hx-trigger="change from:#setup-form, change from:.deck-toggle"' in page and 'id="setup-form"' in page
    assert 'value="species:Grallok"' in page  # the checkbox the table ticks
    line = need_line(needs_panel(page), "Grallok species deck (for Grallok Archer, Grallok Sentry)")
    assert "need-done" in line and "the app shuffles and draws" in line
    # htmx: the panel alone, for the form's values
    part = table.client.get("/table/new?map=1&physical=species:Grallok&physical_sent=1",
                            headers={"HX-Request": "true", "HX-Target": "setup-needs"})
    body = part.get_data(as_text=True)
    assert body.strip().startswith('<section class="panel needs" id="setup-needs"') and "<form" not in body
    line = need_line(needs_panel(body), "Grallok species deck (for Grallok Archer, Grallok Sentry)")
    assert "need-yours" in line and "you draw it yourself: cards are typed when they come up" in line
    assert "HX-Target" in part.headers["Vary"]
    # no script: the form sent back here by GET keeps what was filled in and ticked
    page = table.get("/table/new?_form=setup&mission=sample-1&map=1&physical=species:Grallok&physical=events"
                     "&physical_sent=1&character_1=Vera").get_data(as_text=True)
    assert "need-yours" in need_line(needs_panel(page), "Event deck: Round 1-5 cards")
    assert re.search(r'value="species:Grallok" checked', page) and re.search(r'value="events" checked', page)
    assert 'value="Vera"' in page and 'value="sample-1"' in page


def test_the_panel_follows_the_map_chosen(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    table.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)
    lair = re.search(r'<option value="(\d+)"[^>]*>Mutant', table.get("/table/new").get_data(as_text=True)).group(1)
    part = table.client.get(f"/table/new?map={lair}", headers={"HX-Request": "true", "HX-Target": "setup-needs"})
    assert "Mutant Grallok: its boss board" in html.unescape(part.get_data(as_text=True))


def test_a_campaign_of_one_character_is_sent_to_its_sheet(table):
    url = table.post("/campaigns", {"name": "Solo"}, htmx=False).headers["Location"]
    add_characters(table, url, ("Vera", "Healer", "Human"))
    line = need_line(needs_panel(table.get("/table/new?campaign=1").get_data(as_text=True)), "At least 2 characters")
    assert "need-needed" in line and f'href="{url}#new-character"' in line


# -- labels -----------------------------------------------------------------------------------------------------

SOURCES = ["companion/phantom/play/setup.py", "companion/schemas/content/mission_setup.py",
           "companion/schemas/forms/mission_table.py", "companion/web/mission_table.py", "companion/phantom/mapcheck.py"]
# sample values for the f-strings' holes: a seat number, an index, a species, class, boss type, space, the
# figure checked (a character's or an adversary kind's, `where`) and its number's name
HOLES = {"n": ["2"], "i": ["0"], "k.species": ["Grallok"], "k.class_name": ["Sentry"], "k.type": ["Mutant Grallok"],
         "hexmap.label(h)": ["H-4"], "where": ["characters[1]", "kinds[0]"], "name": ["max_hp", "hp"]}


def refusal_fields() -> set[str]:
    """Every field a set-up refusal names in the engine, the card library's reading and the form: the first
    argument of each MissionError / MapError, the second of each ValidationError, f-strings filled in."""
    found = set()
    for source in SOURCES:
        text = (Path(ROOT) / source).read_text(encoding="utf-8")
        for f, field in re.findall(r"(?:MissionError|MapError)\(\s*(f?)\"([^\"]+)\"", text):
            found |= fill(field) if f else {field}
        for f, field in re.findall(r"ValidationError\(\s*f?\"[^\"]*\",\s*(f?)\"([^\"]+)\"\)", text):
            found |= fill(field) if f else {field}
    return found


def fill(field: str) -> set[str]:
    """The field an f-string names, each hole filled with each of its sample values."""
    hole = re.search(r"\{([^}]+)\}", field)
    if hole is None:
        return {field}
    return {f for value in HOLES[hole.group(1)] for f in fill(field[:hole.start()] + value + field[hole.end():])}


def words(label: str) -> bool:
    return bool(label) and not re.search(r"[_\[\]]|\w\.\w|^[a-z]", label)


def test_every_field_a_set_up_refusal_names_has_a_label_in_words():
    fields = refusal_fields() | set(NewMissionForm().fields) | {f"{k}_{n}" for k in ("character", "hp", "ap")
                                                                 for n in (1, 2, 3, 4)}
    fields |= {"species:Grallok", "class:Sentry", "boss:Mutant Grallok", "events_6_plus", "colors.H-4",
               "species_decks.Grallok", "class_decks.Sentry[0]", "boss_decks.Mutant Grallok[1]", "kinds[0].hp"}
    assert {"events_1_5", "map", "mission_id", "character_2", "species_decks.Grallok",
            "class_decks.Sentry[0]", "characters[1].max_hp"} <= fields  # the scan found the engine's
    unlabelled = {f: setup_label(f) for f in fields if not words(setup_label(f))}
    assert unlabelled == {}
    assert setup_label("events_1_5") == "Event deck — Round 1-5 cards"
    assert setup_label("species_decks.Grallok") == "Grallok species deck"
    assert setup_label("class_decks.Sentry[0]") == "Sentry class deck, card 1"
    assert setup_label("hp_2") == "Max HP of character 2"


def test_a_set_up_refused_for_its_event_deck_says_so_in_words(table):
    cards = {**samples(DATA), "event_decks": {}}
    table.post("/cards/import", {"file": (io.BytesIO(json.dumps(cards).encode()), "no-events.json")},
               htmx=False, content_type="multipart/form-data")
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7",
                                 "physical_sent": "1"},  # the Event deck unticked: the app is to draw it
                      htmx=False)
    body = html.unescape(resp.get_data(as_text=True))
    assert resp.status_code == 422 and "<strong>Event deck — Round 1-5 cards</strong>" in body
    assert "Events 1 5" not in body
    # and the panel, drawn again with the refusal, says what to do about it
    assert "need-needed" in need_line(needs_panel(body), "Event deck: Round 1-5 cards")


def test_a_new_campaign_starts_with_its_party_from_the_home_page(table):
    from conftest import campaign_state

    form = find_form(table.get("/").get_data(as_text=True), "/campaigns", button="New campaign")
    party = {"name": "The Historians"}
    for n, (name, cls, species) in enumerate((("Vera", "Healer", "Human"), ("Bram", "Warrior", "Grallok"),
                                              ("Mira", "Ranger", "Slink"), ("Quill", "Rogue", "Human")), 1):
        party.update({f"character_{n}": name, f"class_{n}": cls, f"species_{n}": species})
    wrong = {**party, "character_3": ""}  # a class and species chosen for a seat with no name
    resp = table.post(form.action, form.fill(**wrong), htmx=False)
    assert resp.status_code == 422 and "<strong>Character 3</strong>" in resp.get_data(as_text=True)
    assert "No campaign yet" in table.get("/").get_data(as_text=True)  # nothing created
    resp = table.post(form.action, form.fill(**party), htmx=False)
    assert resp.status_code == 303
    again = table.post(form.action, form.fill(**party), htmx=False)  # the same request id: one campaign
    assert again.headers["Location"] == resp.headers["Location"]
    c = campaign_state(table.client.application)
    assert [(ch.name, ch.class_name, ch.species) for ch in c.characters] == [
        ("Vera", "Healer", "Human"), ("Bram", "Warrior", "Grallok"), ("Mira", "Ranger", "Slink"),
        ("Quill", "Rogue", "Human")]
    assert all(a.equipped for ch in c.characters for a in ch.attachments if a.starting)
    assert [a.name for a in c.characters[2].attachments] == ["Ranged attachment"]  # the Ranger board's (p.41)
    panel = first_run_panel(table)
    assert re.findall(r'<li class="step step-(\w+)"', panel)[0] == "done"  # campaign and party: step 1 done

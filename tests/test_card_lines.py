"""A card typed as one line (docs/card-lines.md): every shipped sample card written as its line reads back equal
to the card its form stores; each kind of mistake names its part; writing any card as a line and reading it
back gives the same card (a property test); the Cards page takes a line, shows it read, and stays open with the
deck kept for the next card."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from companion.phantom.conditions import CONDITIONS
from companion.phantom.decision import COLORS
from companion.schemas.files import card_library as cf
from companion.schemas.files.card_lines import read_line, write_line
from companion.schemas.forms.cards import KINDS, parse_card_form

SAMPLES = json.loads((Path(__file__).parents[1] / "data/phantom-epoch/sample-cards.json").read_text())
DECKS = {"species_decks": "species-card", "class_decks": "class-card", "event_decks": "event-card",
         "boss_decks": "boss-card"}


def stored(kind: str, card: dict) -> dict:
    """The card as its form stores it (the library file's schema, loaded and dumped), less the sample mark."""
    schema = KINDS[kind][2]
    out = cf.without_none(schema().dump(schema().load(card)))
    out.pop("sample", None)
    return out


def from_line(kind: str, line: str, **boxes) -> dict:
    key_field = KINDS[kind][1]
    form = {key_field: boxes.pop("key", "Deck"), "line": line, **boxes}
    entry = dict(parse_card_form(kind, form).entry)
    entry.pop("sample", None)  # a card typed in is never the shipped sample
    return entry


def sample_cards():
    for name, a in SAMPLES["adversaries"].items():
        yield "adversary", a, {"key": name, "species": a["species"], "class": a["class"]}
    for part, kind in DECKS.items():
        for deck, d in SAMPLES[part].items():
            for c in d["cards"]:
                yield kind, c, {"key": deck, "name": c["name"]}


@pytest.mark.parametrize("kind, card, boxes", list(sample_cards()),
                         ids=[f"{k}:{b.get('name', b['key'])}" for k, _, b in sample_cards()])
def test_every_sample_card_written_as_a_line_reads_back_equal_to_its_form(kind, card, boxes):
    assert from_line(kind, write_line(kind, card), **boxes) == stored(kind, card)


def test_a_four_row_class_card_is_about_forty_characters():
    line = "r2: Move 2, Attack 1 | y3: Attack 2 | lb4: Move 1 | db5: Attack 3"
    card = from_line("class-card", line, name="Hold the Line")
    assert len(line) <= 70
    assert card["rows"]["red"] == {"ap": 2, "round": False, "actions": [
        {"type": "move", "value": 2, "targets": 1, "pierce": 0, "conditions": [], "target": "self",
         "damage_multiplier": 1, "die": "basic"},
        {"type": "attack", "value": 1, "targets": 1, "pierce": 0, "conditions": [], "target": "self",
         "damage_multiplier": 1, "die": "basic"}]}
    assert set(card["rows"]) == set(COLORS)


def test_the_short_forms_read_as_the_long_ones():
    short = from_line("class-card", "r2:M2,A1 r+1 t2 p1|y3:L2,R1|lb4:T3,H2 r0|db5:D3 inflict Stunned", name="C")
    long = from_line("class-card", "red 2: Move 2, Attack 1 range +1 targets 2 pierce 1 | yellow 3: Leap 2, "
                                   "Retreat 1 | light-blue 4: Teleport 3, Heal 2 range 0 | dark-blue 5: Damage 3 "
                                   "inflict Stunned", name="C")
    assert short == long
    assert len("r2:M2,A1|y3:A2|lb4:M1,A1|db5:A3") == 31  # issue 34: a four-row card in about 40 characters


def test_actions_and_their_options():
    card = from_line("species-card", '3 round: "Spit" Attack 2 range +1 targets 2 pierce 1 x2 die blitz '
                                     'inflict Bleeding/knocked down, Barrier ally, Heal 2 range 0 per character',
                     name="Venom")
    attack, barrier, heal = card["actions"]
    assert card["ap"] == 3 and card["round"] is True
    assert (attack["name"], attack["value"], attack["range"], attack["targets"], attack["pierce"],
            attack["damage_multiplier"], attack["die"], attack["conditions"]) == (
        "Spit", 2, "+1", 2, 1, 2, "blitz", ["Bleeding", "Knocked Down"])
    assert (barrier["type"], barrier["name"], barrier["target"]) == ("condition", "Barrier", "ally")
    assert (heal["range"], heal["per_character"]) == (0, True)


def test_description_and_event_lines():
    a = from_line("adversary", "6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/2 | critical Knocked Down, push 1",
                  key="Grallok Sentry", species="Grallok", **{"class": "Sentry"})
    assert a["difficulties"]["4"] == {"hp": 12, "attack": 2, "guard": 1, "range": 2}
    assert (a["critical"]["condition"], a["critical"]["push"]) == ("Knocked Down", 1)
    e = from_line("event-card", "Dust | characters Move -1 | Grallok Archer Range +1 | place 2 Grallok Sentry",
                  name="Dust", rounds="6+")
    assert e["rounds"] == "6+" and e["text"] == "Dust"
    assert e["effects"] == [{"stat": "move", "amount": -1, "side": "characters"},
                            {"stat": "range", "amount": 1, "side": "adversaries", "type": "Grallok Archer"}]
    assert e["places"] == {"count": 2, "type": "Grallok Sentry"}


@pytest.mark.parametrize("kind, line, part", [
    ("class-card", "r2: Move 2 | y3: Atack 2 | lb4: Attack 1 | db5: Move 1", "row 2 (y3: Atack 2), action 1"),
    ("class-card", "r2: Move 2 | q3: Attack 2 | lb4: Attack 1 | db5: Move 1", "row 2 (q3: Attack 2)"),
    ("class-card", "r2: Move 2 | r3: Attack 2 | lb4: Attack 1 | db5: Move 1", "a red row already"),
    ("class-card", "r2: Move 2 | y3: Attack 2", "dark-blue, light-blue is missing"),  # the card's own rule, in the line's words
    ("class-card", "r2 Move 2 | y3: Attack 2 | lb4: Attack 1 | db5: Move 1", "row 1 (r2 Move 2)"),
    ("species-card", "2: Move", "needs its number"),
    ("species-card", "2: Move three", "'three' is not a number"),
    ("species-card", "2: Attack 2 inflict Bleedin", "'Bleedin' is not a condition of p.37"),
    ("species-card", "2: Attack 2 sideways", "'sideways' is not an option of Attack"),
    ("species-card", "2: Attack 2 die golden", "die 'golden' is not an Attack die"),
    ("species-card", "2: Move 2,, Attack 1", "action 2: an action is missing"),
    ("species-card", "2: Move 200", "action 1"),  # the schema's range, on the line's part
    ("adversary", "6/0/0/1 8/1/0/1 10/1/1/1", "3 given"),
    ("adversary", "6/0/0/1 8/1/0 10/1/1/1 12/2/1/1", "difficulty 2 (8/1/0)"),
    ("adversary", "6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | crit Stunned", "only 'critical …' may follow"),
    ("event-card", "A quiet round", "start with the rounds it is for"),
    ("event-card", "1-5: Dust | Range minus one", "the effect (Range minus one)"),
    ("boss-card", "1 three", "'three' is not a number"),
])
def test_each_kind_of_mistake_names_its_part(kind, line, part):
    boxes = {"key": "X", "species": "G", "class": "S"} if kind == "adversary" else {"name": "Y"}
    with pytest.raises(ValidationError) as exc:
        from_line(kind, line, **boxes)
    assert part in exc.value.messages["line"]


# -- the property: any card written as a line reads back the same ---------------------------------------------

_n = st.integers(0, 9)
_number_action = st.fixed_dictionaries(
    {"type": st.sampled_from(["move", "leap", "retreat", "teleport", "attack", "heal", "damage"]),
     "value": st.integers(-9, 99)},
    optional={"range": st.one_of(st.integers(0, 99), st.sampled_from(["+1", "-1", "+2", "-3", "+12"])),
              "targets": st.integers(1, 9), "pierce": st.integers(0, 99),
              "conditions": st.lists(st.sampled_from(CONDITIONS), max_size=2),
              "name": st.text("abcdefghij XYZ-'", min_size=1, max_size=20).filter(lambda s: s.strip() == s and s),
              "damage_multiplier": st.integers(1, 9), "die": st.sampled_from(["basic", "blitz"]),
              "per_character": st.booleans(), "target": st.sampled_from(["self", "ally"])})
_condition_action = st.fixed_dictionaries({"type": st.just("condition"), "name": st.sampled_from(CONDITIONS)},
                                          optional={"target": st.sampled_from(["self", "ally"]),
                                                    "range": st.integers(0, 9), "value": st.integers(1, 9)})
_actions = st.lists(st.one_of(_number_action, _condition_action), max_size=4)
_row = st.fixed_dictionaries({"ap": st.integers(0, 99), "round": st.booleans(), "actions": _actions})
_stats = st.fixed_dictionaries({"hp": st.integers(1, 999), "attack": st.integers(-9, 99),
                                "guard": st.integers(-9, 99), "range": st.integers(1, 99)})
_words = st.text("abcdefghijklmnop qrstuvwxyz,.;!'", max_size=40).map(str.strip)
CARDS = {
    "species-card": _row.map(lambda r: {"name": "Card", **r}),
    "class-card": st.fixed_dictionaries({c: _row for c in COLORS}).map(lambda rows: {"name": "Card", "rows": rows}),
    "adversary": st.fixed_dictionaries(
        {"species": st.just("Grallok"), "class": st.just("Sentry"),
         "difficulties": st.fixed_dictionaries({str(d): _stats for d in (1, 2, 3, 4)})},
        optional={"critical": st.fixed_dictionaries(
            {"condition": st.sampled_from(CONDITIONS)},
            optional={"damage": st.integers(1, 20), "push": st.integers(1, 9), "adjacent_attack": st.integers(-9, 9),
                      "text": _words.filter(bool)})}).map(
        lambda a: {**a, "critical_ability": (a.get("critical") or {}).get("text", "")}),
    "event-card": st.fixed_dictionaries(
        {"name": st.just("Card"), "rounds": st.sampled_from(["1-5", "6+"]), "text": _words},
        optional={"effects": st.lists(st.fixed_dictionaries(
            {"stat": st.sampled_from(["move", "attack", "range", "guard"]),
             "amount": st.integers(-9, 9).filter(bool), "side": st.sampled_from(["adversaries", "characters"])}),
            max_size=2),
            "places": st.fixed_dictionaries({"count": st.integers(1, 9)},
                                            optional={"type": st.sampled_from(["Grallok Archer", "Slink Sentry"])}),
            "mission_event": _words, "event_adversary": _words}),
    "boss-card": st.fixed_dictionaries({"name": st.just("Card"), "actions": st.lists(st.integers(1, 9), min_size=1,
                                                                                       max_size=3),
                                        "persistent": st.booleans()}, optional={"text": _words.filter(bool)}),
}


@pytest.mark.parametrize("kind", sorted(CARDS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_writing_a_card_as_a_line_and_reading_it_back_gives_the_same_card(kind, data):
    card = stored(kind, data.draw(CARDS[kind]))
    boxes = {"key": "Grallok Sentry", "species": "Grallok", "class": "Sentry"} if kind == "adversary" else {
        "name": "Card"}
    assert from_line(kind, write_line(kind, card), **boxes) == card


# -- the Cards page ------------------------------------------------------------------------------------------

def hidden(html: str, form_id: str) -> dict:
    """The hidden fields of one form of the page, as the tablet sends them (its request id and version)."""
    form = html[html.index(f'id="{form_id}"'):]
    form = form[:form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_a_card_typed_as_a_line_is_shown_read_then_saved_and_the_form_stays_open_with_its_deck(table):
    page = table.get("/cards").get_data(as_text=True)
    assert 'id="class-card-line"' in page and "How to type a card in one line" in page
    line = "r2: Move 2, Attack 3 range 3 | y3: Attack 2 | lb4: Attack 1 | db5: Move 1"
    read = table.get("/cards/read/class-card", query_string={"line": line}).get_data(as_text=True)
    assert "Reads as:" in read and "red 2 AP: move 2, attack 3 (range 3)" in read
    wrong = table.get("/cards/read/class-card", query_string={"line": line.replace("y3", "q3")})
    assert "row 2 (q3: Attack 2)" in wrong.get_data(as_text=True)

    resp = table.post("/cards/class-card", {**hidden(page, "class-card-line"), "deck": "Sentry",
                                            "name": "Hold the Line", "line": line})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Added &#39;Hold the Line&#39; in the class deck Sentry" in html
    form = html[html.index('id="class-card-line"'):]
    form = form[:form.index("</form>")]
    assert 'name="deck" value="Sentry"' in form and 'name="name" value=""' in form  # the next card, same deck
    details = html[:html.index('id="class-card-line"')].rsplit("<details", 1)[1]
    assert details.startswith(' class="panel" open')
    assert "r2: Move 2, Attack 3 range 3 | y3: Attack 2 | lb4: Attack 1 | db5: Move 1" in html  # its line, listed


def test_a_line_with_a_mistake_is_refused_422_naming_the_part_and_nothing_is_saved(table):
    page = table.get("/cards").get_data(as_text=True)
    resp = table.post("/cards/species-card", {**hidden(page, "species-card-line"),
                                              "deck": "Grallok", "name": "Rush", "line": "2: Mvoe 3"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "The card in one line" in html and "the card, action 1: &#39;Mvoe 3&#39; is not an action" in html
    assert "Rush" not in table.get("/cards").get_data(as_text=True).split('id="library"')[1].split("</section>")[0]

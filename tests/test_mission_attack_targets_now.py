"""The attack helper offers only the targets the rules allow now (issue 38): each adversary or object beyond
the Attack's range (the base range, the card's modifier or explicit range: p.18, p.21) or out of sight
(p.18-19) is listed disabled with the engine's reason, not refused only on Resolve."""
from __future__ import annotations

import html
import re

from companion.phantom import play as rules
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, text, to_first_turn
from test_mission_character_turn import mission, vera_turn, walled


def test_a_target_beyond_the_range_says_so_and_the_cards_range_brings_it_in():
    m = vera_turn(mission(placements={"E-3": ("grallok-sentry", 1, 4)}))  # Vera on A-3: range 4, base range 1
    [sentry] = [t for t in rules.attack_targets(m).choices if t.value == "grallok-sentry-1"]
    assert sentry.refused == "out of range: range 4, the Attack reaches 1 (base range 1) (p.18, p.21)"
    assert rules.attack_targets(m, range_modifier=3).choices[0].refused == ""
    assert rules.attack_targets(m, attack_range=4).choices[0].refused == ""
    assert "the Attack reaches 3 (the card's explicit range)" in rules.attack_targets(m, attack_range=3).choices[0].refused
    # the same reason the Attack itself gives when made (character_attack)
    try:
        rules.character_attack(m, "vera", "grallok-sentry-1", {"attack": [2]})
    except rules.MissionError as exc:
        assert sentry.refused.startswith(exc.message.split(" is ", 1)[1])


def test_a_target_with_no_line_of_sight_is_refused_whatever_the_range():
    walls = walled("C-3") + walled("D-3") + walled("D-2") + walled("D-4")
    m = vera_turn(mission(walls=walls, placements={"E-3": ("grallok-sentry", 1, 4)}))
    [sentry] = rules.attack_targets(m, attack_range=9).choices
    assert sentry.refused.startswith("no line of sight from vera to grallok-sentry-1") and "(p.18-19)" in sentry.refused


def test_the_helper_lists_the_target_out_of_range_disabled_and_the_cards_range_offers_it(table):
    assert start_first_steps(table) == "/table/1"
    to_first_turn(table)  # Vera on B-6, the Grallok Sentry on H-3: out of Vera's base range
    assert 'data-helper="/table/1/attack"' in text(table.get("/table/1"))
    helper = "/table/1/attack"
    drawn = html.unescape(text(table.get(helper)))
    radio = re.search(r'<input type="radio" name="target" value="[^"]*Sentry-1"[^>]*>', drawn).group(0)
    assert "disabled" in radio and "out of range: range" in drawn and "the Attack reaches 1" in drawn
    far = html.unescape(text(table.get(helper + "?range_modifier=0&range=12")))
    radio = re.search(r'<input type="radio" name="target" value="[^"]*Sentry-1"[^>]*>', far).group(0)
    assert "disabled" not in radio and "out of range" not in far
    assert 'name="range" min="1" max="20" value="12"' in far  # the range typed is kept in its field

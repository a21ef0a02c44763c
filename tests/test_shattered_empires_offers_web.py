"""Shattered Empires pages ask for every die (issue 20): an ignored Defense Station's shot at an evasive attacker."""
from __future__ import annotations

import re
from dataclasses import replace

from companion.games import shattered_empires as se
from helpers.games import rewrite, until


def _station_shot_pending(app, g):
    until(g, "combat")
    content = app.extensions["game_content"]["shattered-empires"]

    def position(state):
        attacker = replace(se._unit_of(content.card("Frigate"), "u1", 0), testing=False, evasion=5, shields=0)
        station = replace(se._unit_of(content.card("Defense Platform"), "u2", 1), testing=False)
        return replace(state, units=(attacker, station), turn=0, next_id=3,
                       attack=se.Attack("u1", ((0, "base-1"),), True))
    rewrite(app, position)


def test_the_stations_shot_asks_for_its_die_with_face_buttons(app, se_started):
    g = se_started
    _station_shot_pending(app, g)
    body = g.table.get(g.url).get_data(as_text=True)
    assert re.findall(r'name="face:u2:0" value="(\d)"', body) == ["1", "2", "3", "4", "5", "6"]
    assert "Roll the untapped dice for me" in body
    resp = g.do("resolve", {}, form="resolve", status=422)
    assert "tap the face its d6 shows" in resp.get_data(as_text=True)
    assert g.row.state.attack is not None  # nothing rolled, nothing changed
    page = g.do("resolve", {"face:u2:0": "1"}, form="resolve").get_data(as_text=True)
    assert "rolled 1 + Hit" in page and "a miss" in page


def test_roll_for_me_is_one_tap_away(app, se_started):
    g = se_started
    _station_shot_pending(app, g)
    page = g.do("resolve", {"roll_for_me": "1"}, form="resolve").get_data(as_text=True)
    assert "The ignored Defense Station fires first" in page and g.row.state.attack is None


def test_a_launchers_search_is_recorded_by_the_table(app, se_started):
    g = se_started
    content = app.extensions["game_content"]["shattered-empires"]

    def completed(state):
        launcher = replace(se._unit_of(content.card("Frigate"), "u1", 0), launcher=1, testing=True)
        return replace(state, units=(launcher,), next_id=2, launches=("u1",))
    rewrite(app, completed)
    before = g.row.state.sides[0]
    body = g.table.get(g.url).get_data(as_text=True)
    assert "None in the deck" in body and "1 found" in body
    page = g.do("launcher", {"unit": "u1", "found": "1"}, form="launcher-u1").get_data(as_text=True)
    after = g.row.state.sides[0]
    assert (after.hand, after.deck_left) == (before.hand + 1, before.deck_left - 1)
    assert "None in the deck" not in page


def test_a_launcher_destroyed_before_its_search_leaves_no_prompt(app, se_started):
    g = se_started
    rewrite(app, lambda state: replace(state, units=(), launches=("u1",)))
    assert g.table.get(g.url).status_code == 200
    assert "None in the deck" not in g.table.get(g.url).get_data(as_text=True)

"""Shattered Empires pages ask for every die (issue 20): an ignored Defense Station's shot at an evasive attacker."""
from __future__ import annotations

import re
from dataclasses import replace

from companion.games import shattered_empires as se
from helpers.games import rewrite, until


def _station_shot_pending(app, g):
    # the Combat Phase written with its units: with none to fire it would pass by itself on the way (issue 38)
    content = app.extensions["game_content"]["shattered-empires"]

    def position(state):
        attacker = replace(se._unit_of(content.card("Frigate"), "u1", 0), testing=False, evasion=5, shields=0)
        station = replace(se._unit_of(content.card("Defense Platform"), "u2", 1), testing=False)
        return replace(state, units=(attacker, station), turn=0, next_id=3, step="combat",
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


def _two_ships(app, g):
    """Ann's Frigate (2 weapons) and Bob's Alliance Raider (Evasion) in Ann's Combat Phase, nothing declared (the
    step written with them: without a unit to fire it would pass by itself on the way, issue 38)."""
    content = app.extensions["game_content"]["shattered-empires"]

    def position(state):
        ship = replace(se._unit_of(content.card("Frigate"), "u1", 0), testing=False)
        raider = replace(se._unit_of(content.card("Alliance Raider"), "u2", 1), testing=False)
        return replace(state, units=(ship, raider), turn=0, next_id=3, attack=None, step="combat")
    rewrite(app, position)
    return content


def test_a_two_weapon_ship_is_aimed_with_one_chooser_per_weapon_and_its_evasion_die_tapped(app, se_started):
    # Issue 29: 6 weapon-target dropdowns for a 2-weapon ship; now one tap per weapon on its target, and the
    # evasion d6 (Evasion) a face button, never rolled by the app unless asked.
    g = se_started
    _two_ships(app, g)
    ship = g.row.state.units[0]
    body = g.table.get(g.url).get_data(as_text=True)
    declare = re.search(r'<form[^>]*id="declare".*?</form>', body, re.S).group(0)
    assert "<select" not in declare.split("ignore_stations")[0]
    assert sorted(set(re.findall(r'name="(weapon_\d)"', declare))) == [f"weapon_{k + 1}" for k in ship.ready()]
    assert len(ship.weapons) == 2
    assert re.findall(r'name="weapon_1" value="([^"]+)"', declare) == ["u2", "base-1"]
    g.do("declare", {"attacker": "u1", "weapon_1": "u2"}, form="declare")
    body = g.table.get(g.url).get_data(as_text=True)
    assert re.findall(r'name="face:u1:0" value="(\d)"', body) == ["1", "2", "3", "4", "5", "6"]
    assert "— the d6's face —" not in body
    resp = g.do("resolve", {}, form="resolve", status=422)  # no face tapped: nothing rolled (Evasion)
    assert g.row.state.attack is not None and "the app's d6" not in resp.get_data(as_text=True)
    page = g.do("resolve", {"face:u1:0": "6"}, form="resolve").get_data(as_text=True)
    assert "rolled 6 + Hit" in page and "the app's d6" not in page


def test_the_attacker_is_tapped_first_when_several_may_attack(app, se_started):
    g = se_started
    content = _two_ships(app, g)

    def second(state):
        other = replace(se._unit_of(content.card("Interceptor"), "u3", 0), testing=False)
        return replace(state, units=state.units + (other,), next_id=4)
    rewrite(app, second)
    body = g.table.get(g.url).get_data(as_text=True)
    assert 'id="declare"' not in body and "Tap the unit that attacks." in body
    assert re.findall(r'aria-label="Attack with ([^"]+)"', body) == ["Frigate", "Interceptor"]
    body = g.table.get(f"{g.url}?attacker=u3").get_data(as_text=True)
    assert 'name="attacker" value="u3"' in body and "Interceptor attacks" in body


def test_queue_is_offered_disabled_with_the_reason_once_the_queue_is_full(app, se_started):
    g = se_started
    until(g, "queue")

    def full(state):
        projects = tuple(se.Project(f"p{k}", "Frigate", 0, "construction", 4) for k in range(se.queue_max(state, 0)))
        return replace(state, projects=projects, next_id=20)
    rewrite(app, full)
    body = g.table.get(g.url).get_data(as_text=True)
    buttons = re.findall(r'<button class="btn" name="card" value="[^"]+"([^>]*)>Queue', body)
    assert buttons and all("disabled" in b and "The Queue is full" in b for b in buttons)

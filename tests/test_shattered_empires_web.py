"""The Shattered Empires pages through the test client: set-up with Bases and decks, the stepper through the
turn's steps, projects, personnel, combat with evasion and return fire, repair, undo, export and import."""
from __future__ import annotations

import io
import json
from dataclasses import replace

from companion import db as dbmod
from companion.games.frame import Outcome, Verdict
from companion.store import games as store
from helpers.games import game_state, until
from helpers.history import seen


def test_three_players_may_sit_down(app, table):
    resp = table.post("/games/new", {"game": "shattered-empires", "name": "Big", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue", "name_3": "Cy", "color_3": "green"})
    assert resp.status_code == 204
    assert [p.name for p in game_state(app).state.players] == ["Ann", "Bob", "Cy"]


def test_set_up_with_bases_and_a_built_deck(app, new_se):
    g = new_se
    g.do("base", {"player": "0", "base": "Imperial Command Hub"}, form="base-0")
    cards = [f"{n}×4" for n in ("Autofactory", "Ore Refinery", "Command Relay", "Interceptor", "Frigate",
                                "Repair Tender", "Defense Platform", "Armor Plating", "Ace Pilot", "Fleet Captain")]
    page = g.do("deck", {"player": "0", "cards": cards, "sideboard": "Imperial Academy"}, form="deck-0")
    assert "Deck (40)" in page.get_data(as_text=True) and "Sideboard:</b> Imperial Academy" in page.get_data(as_text=True)
    assert g.row.state.sides[0].sideboard == ("Imperial Academy",)


def test_the_stepper_walks_a_turn_and_the_page_says_each_step(se_started):
    # A turn where Ann does nothing: the steps with nothing to decide pass by themselves, each named in the log
    # (issue 38); the Queue and the Acquisition Phase wait, since her hand holds cards to play.
    g = se_started
    page = g.table.get(g.url).get_data(as_text=True)
    assert "(Re)Fill Queue — Ann&#39;s turn" in page and g.row.state.sides[0].hand == 9  # 7 + 2 drawn
    assert "Acquisition Phase — Ann&#39;s turn" in g.do("next").get_data(as_text=True)
    assert "(Re)Fill Queue — Bob&#39;s turn" in g.do("next").get_data(as_text=True)
    assert g.row.state.sides[0].hand == 7  # 7 + 2 drawn, 2 discarded at the end
    log = g.table.get(f"{g.url}/log").get_data(as_text=True)
    for name in ("Ann: Beginning of the Turn", "Ann: Draw Phase", "Ann: Allocation Phase", "Ann: Combat Phase",
                 "Ann: Repair and Replenish Phase", "Ann: End of the Turn", "Bob: Beginning of the Turn"):
        assert f"{name}: nothing to do — passed" in log


def test_a_project_built_with_yield_then_personnel_then_an_attack_with_evasion(se_started):
    g = se_started
    until(g, "queue")
    g.do("play", {"card": "Frigate"}, form="queue")
    until(g, "allocation")
    pid = g.row.state.projects[0].id
    # the Yield all assigned, the Allocation Phase has nothing left to decide: it passes by itself (issue 38)
    page = g.do("allocate", {"project": pid, "amount": "3"}, form=f"allocate-{pid}").get_data(as_text=True)
    assert "Frigate completed: it goes into Testing" in page and "in Testing" in page
    s = g.row.state
    assert s.units[0].testing and s.sides[0].cp == 3
    # Bob's turn: an Interceptor for him (queue, 2 Yield), then Ann's next turn: the Frigate leaves Testing.
    until(g, "queue")  # Ann's Combat (the Frigate in Testing), Repair and End have nothing to do: Bob's Queue
    g.do("play", {"card": "Interceptor"}, form="queue")
    until(g, "allocation")
    pid = g.row.state.projects[0].id
    g.do("allocate", {"project": pid, "amount": "2"}, form=f"allocate-{pid}")
    until(g, "queue")  # Bob's Acquisition, then the rest of his turn passes by itself: Ann's next Queue
    assert not g.row.state.units[0].testing
    until(g, "acquisition")
    g.do("play", {"card": "Chief Engineer"}, form="acquire")
    staff = g.row.state.staff[0].id
    frigate, interceptor = (u.id for u in g.row.state.units)
    g.do("assign", {"personnel": staff, "to": frigate}, form=f"assign-{staff}")
    assert g.row.state.sides[0].cp == 3 - 1 - 1  # hired for 1 CP, assigned for 1 CP more
    assert g.row.state.staff[0].on == frigate
    until(g, "combat")
    g.do("declare", {"attacker": frigate, "weapon_2": interceptor}, form="declare")
    page = g.do("resolve", {"rolls": f"{frigate}:1=3", "back": f"{interceptor}:0"}, form="resolve")
    text = page.get_data(as_text=True)
    assert "rolled 3 + Hit 1 = 4 against Evasion 4: a hit" in text
    s = g.row.state
    assert s.units[1].damage == 1 and s.units[0].shields == 1  # return fire took one shield point


def test_undo_takes_back_a_step_and_export_import_round_trips(app, table, se_started):
    g = se_started  # Ann's Queue: her Beginning of the Turn and Draw Phase passed by themselves
    g.do("next")  # to the Acquisition Phase: the Allocation Phase, no project to fund, passed by itself
    assert g.row.state.step == "acquisition"
    table.post(f"{g.url}/undo", {"version": seen(table, g.url)})
    assert g.row.state.sides[0].hand == 9 and g.row.state.step == "queue"
    doc = table.client.get(f"{g.url}/export").get_data(as_text=True)
    resp = table.post("/games/import", {"_form": "import-game", "game_file": (io.BytesIO(doc.encode()), "n.json")})
    assert resp.status_code == 204
    assert game_state(app, 2).state == g.row.state
    assert json.loads(doc)["state_format"] == "shattered-empires-game/1"


def test_the_results_page_names_the_winner(app, se_started):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, 1, lambda s: Outcome(
            replace(s, stage="over", verdict=Verdict(0, ("Every base but Ann’s is destroyed.",))), "end"))
    finally:
        db.conn.close()
    page = se_started.table.get(f"{se_started.url}/results").get_data(as_text=True)
    assert "Ann wins" in page and "Every base but Ann’s is destroyed." in page


def test_an_interceptor_may_become_the_target_from_the_resolve_form(app, se_started):
    # Intercept: "Alternatively, the unit with Intercept may choose to become the target of the attack. When
    # becoming the target of the attack, effective evasion is 0."
    from companion.games import shattered_empires as se
    g = se_started
    units = (se.Unit("u1", "Frigate", 0, "capital", 5, weapons=(2, 1), hit=1, testing=False),
             se.Unit("u2", "Interceptor", 1, "fighter", 3, evasion=4, weapons=(1,), intercept=True),
             # a damaged unit with Repair: the Repair step has a choice, so Next stops there and Back returns
             se.Unit("u3", "Repair Tender", 0, "capital", 3, damage=1, repair=1, testing=False))
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, 1, lambda s: Outcome(replace(s, units=units), "units"))
    finally:
        db.conn.close()
    until(g, "combat")
    g.do("declare", {"attacker": "u1", "weapon_1": "base-1"}, form="declare")
    page = g.table.get(g.url).get_data(as_text=True)
    assert "Interceptor (effective evasion 0)" in page
    text = g.do("resolve", {"cover": "u2"}, form="resolve").get_data(as_text=True)
    assert "Interceptor becomes the target of the attack: its effective evasion is 0 (Intercept)." in text
    s = g.row.state
    assert s.sides[1].base_damage == 0 and s.units[1].damage == 2
    g.do("next")
    g.do("back")
    g.do("declare", {"attacker": "u1", "weapon_2": "base-1"}, form="declare")
    g.do("resolve", {"cover": "u1"}, form="resolve", status=422)
    assert g.row.state.attack is not None and g.row.state.sides[1].base_damage == 0


def test_a_queued_modification_gets_its_unit_from_its_own_form(app, se_started):
    # Modification: a Modification augments an existing unit of the required type; it is chosen apart from
    # assigning Yield, so a finished one left in the Queue needs no more Yield.
    from companion.games import shattered_empires as se
    g = se_started
    until(g, "queue")
    g.do("play", {"card": "Armor Plating"}, form="queue")
    pid = g.row.state.projects[0].id
    frigate = se.Unit("u9", "Frigate", 0, "capital", 5, weapons=(2, 1), testing=False)
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, 1, lambda s: Outcome(replace(s, units=(frigate,)), "units"))
    finally:
        db.conn.close()
    until(g, "allocation")
    page = g.table.get(g.url).get_data(as_text=True)
    assert "Choose the unit Armor Plating modifies" in page
    g.do("modify", {"project": pid, "target": "nope"}, form=f"modify-{pid}", status=422)
    assert g.row.state.projects[0].target is None
    g.do("modify", {"project": pid, "target": "u9"}, form=f"modify-{pid}")
    assert g.row.state.projects[0].target == "u9" and g.row.state.sides[0].yield_used == 0


def test_command_damage_is_a_checked_action(se_started):
    # Command Card: the text is resolved at the table; the damage it deals is recorded and checked.
    g = se_started
    g.do("command-damage", {"target": "base-1", "damage": "4"}, form="command-damage")
    assert g.row.state.sides[1].base_damage == 4
    for bad, says in (({"target": "base-9", "damage": "2"}, "no base"), ({"target": "u77", "damage": "2"}, "no unit"),
                      ({"target": "base-1", "damage": "0"}, "Damage")):
        assert says in g.do("command-damage", bad, form="command-damage", status=422).get_data(as_text=True)
    assert g.row.state.sides[1].base_damage == 4

"""The game frame and the Lost Empires pages through the test client: a game from the home page,
set-up, turns, combat, control, the stepper, undo/redo, polling, stale forms, export and import."""
from __future__ import annotations

import io
import json
import re

from companion import db as dbmod
from companion.store import games as store
from helpers.games import game_state, play
from helpers.reading import as_read
from helpers.history import seen


def test_a_new_game_is_listed_on_the_home_page(table, new_game):
    home = table.get("/").get_data(as_text=True)
    assert "Lost Empires" in home and "Friday" in home and 'href="/games/1"' in home


def test_set_up_with_the_starter_decks_then_round_1(app, started):
    s = started.row.state
    assert (s.stage, s.first, s.round, s.phase) == ("play", 0, 1, "order")
    assert [p.faction for p in s.players] == ["Feng", "Terra Corps"]
    assert sum(n for _, n in s.sides[1].deck) == 18
    page = started.table.get(started.url).get_data(as_text=True)
    assert "Ann&#39;s turn" in page and "Round 1: only 2 command and 1 supply (p.3)" in as_read(page)


def test_a_tied_first_player_roll_says_roll_again(new_game):
    resp = new_game.do("roll", {"die_1a": "1", "die_1b": "2", "die_2a": "2", "die_2b": "1"})
    assert "roll again" in resp.get_data(as_text=True)
    assert new_game.row.state.first is None


def test_a_digital_roll_uses_the_faces_from_data(new_game):
    for _ in range(20):
        new_game.do("roll", {n: "roll" for n in ("die_1a", "die_1b", "die_2a", "die_2b")})
        if new_game.row.state.first is not None:
            break
    totals = [t for roll in new_game.row.state.rolls for t in roll]
    assert all(2 <= t <= 8 for t in totals)  # two faces of 1-4 from data/lost-empires/dice.json


def test_a_round_of_play_attack_control_and_gate(app, started):
    g = started
    play(g, "Hound", control=2, offense=3, command=2)
    g.do("end-turn")
    play(g, "Dust Marine", control=1, defense=1, command=1)
    g.do("end-turn")
    g.do("pass")  # Ann passes; Bob goes on
    # Bob's pass ends the Order Phase; the Control (Ann and Bob control nothing: units are in the hives), Gate and
    # Casualty Phases and Wrap Up (nobody to fall back) have nothing to decide and pass by themselves (p.10-11)
    g.do("pass")
    s = g.row.state
    assert [x.artifacts for x in s.sides] == [0, 0]
    assert (s.round, s.first, s.phase) == (2, 1, "order")
    # Round 2: Bob first. Bob moves to the left objective; Ann follows and attacks with a critical.
    marine, hound = (u.id for u in sorted(s.units, key=lambda u: u.owner, reverse=True))
    g.do("activate", {"unit": marine, "token": "command"})
    g.do("move", {"unit": marine, "to": "left"})
    g.do("end-activation")
    g.do("end-turn")
    g.do("activate", {"unit": hound, "token": "command"})
    g.do("move", {"unit": hound, "to": "left"})
    resp = g.do("attack", {"attacker": hound, "defender": marine, "attack_die": "4c", "defense_die": "1"})
    body = resp.get_data(as_text=True)
    assert "1 additional damage" in body  # 3 + 4 against 1 + 1: 2 damage + 1 for the critical
    assert next(u for u in g.row.state.units if u.id == marine).damage == 3


def test_undo_and_redo_from_the_game_page(app, started):
    play(started, "Hound")
    assert len(started.row.state.units) == 1
    resp = started.table.post(f"{started.url}/undo", {"version": seen(started.table, started.url)})
    assert "Undid: Ann played Hound" in resp.get_data(as_text=True)
    assert started.row.state.units == ()
    started.table.post(f"{started.url}/redo", {"version": seen(started.table, started.url)})
    assert len(started.row.state.units) == 1


def test_a_second_device_sees_a_change_through_the_poll(app, table, started):
    v = started.row.version
    assert table.client.get(f"{started.url}/poll?seen={v}", headers={"HX-Request": "true"}).status_code == 204
    play(started, "Hound")
    resp = table.client.get(f"{started.url}/poll?seen={v}", headers={"HX-Request": "true"})
    assert resp.status_code == 200 and "Hound" in resp.get_data(as_text=True)
    assert f"seen={started.row.version}" in resp.get_data(as_text=True)


def test_a_stale_form_is_told_with_409_and_nothing_changes(app, started):
    old = str(started.row.version)
    play(started, "Hound")
    before = started.row
    resp = started.table.post(f"{started.url}/do/pass", {"version": old})
    assert resp.status_code == 409
    assert "changed on another device" in resp.get_data(as_text=True)
    assert started.row == before


def test_the_stepper_refuses_next_during_the_order_phase(started):
    resp = started.do("next", status=422)
    assert "both players have passed (p.10)" in as_read(resp.get_data(as_text=True))


def test_export_and_import_a_game(app, table, started):
    play(started, "Hound")
    resp = table.client.get(f"{started.url}/export")
    doc = json.loads(resp.get_data(as_text=True))
    assert doc["format"] == "table-companion-game/1" and doc["game"] == "lost-empires"
    resp = table.post("/games/import", {"_form": "import-game",
                                        "game_file": (io.BytesIO(json.dumps(doc).encode()), "friday.json")})
    assert resp.status_code == 204
    assert game_state(app, 2).state == started.row.state


def test_finish_shows_the_results_and_delete_removes_the_game(app, table, started):
    assert table.post(f"{started.url}/finish").status_code == 204
    page = table.get(f"{started.url}/results").get_data(as_text=True)
    assert "Finished without a winner" in page
    assert table.post(f"{started.url}/delete").status_code == 204
    assert table.get(started.url).status_code == 404


def test_the_results_screen_names_the_winner_and_how(app, table, started):
    from dataclasses import replace

    from companion.games import lost_empires as le
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.change(db, 1, lambda s: le.next_step(replace(s, phase="gate", sides=(
            le.Side(artifacts=4, gates=3), s.sides[1]))))
    finally:
        db.conn.close()
    page = table.get(f"{started.url}/results").get_data(as_text=True)
    assert "Ann wins" in page and "fourth gate" in page


def test_every_game_page_varies_on_hx_request(table, started):
    assert "HX-Request" in table.get(started.url).headers["Vary"]
    # the page follows the other tablets by the game's stream, its poll asked when the stream says so
    page = table.get(started.url).get_data(as_text=True)
    assert re.search(r'hx-get="/games/1/poll\?seen=\d+" data-stream="/games/1/stream" hx-trigger="poll"', page)


def test_a_third_player_is_refused_by_a_two_player_game(table):
    # The new-game form has seats 3 and 4 for games of up to 4 players; Lost Empires is for 2 (p.3).
    resp = table.post("/games/new", {"_form": "new-game", "game": "lost-empires", "name": "Crowd", "name_1": "Ann", "color_1": "red",
                                     "name_2": "Bob", "color_2": "blue", "name_3": "Cy", "color_3": "green"})
    assert resp.status_code == 422
    assert "for 2 players (p.3)" in as_read(resp.get_data(as_text=True))

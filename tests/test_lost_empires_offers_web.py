"""Lost Empires pages offer only what can be done now (issue 20): Activate without tokens, the RUTHLESS tap once."""
from __future__ import annotations

import re
from dataclasses import replace

from helpers.games import rewrite


def _ready_hound(app, started, command_used, supply_used):
    def position(g):
        from companion.games import lost_empires as le
        units = (le.Unit("u9", "Hound", 0, "hive-0", 2, 3, 2, (), played_turn=0),)
        used = le.command_limit(g.round) if command_used == "all" else command_used
        sides = (replace(g.sides[0], command_used=used, supply_used=supply_used), g.sides[1])
        return replace(g, units=units, sides=sides, turn=0, next_id=10)
    rewrite(app, position)
    return started.table.get(started.url).get_data(as_text=True)


def test_activate_offers_only_the_tokens_left(app, started):
    body = _ready_hound(app, started, command_used="all", supply_used=False)
    assert "with supply" in body and "with command" not in body
    body = _ready_hound(app, started, command_used="all", supply_used=True)
    assert "Activate Hound" not in body and 'action="/games/1/do/activate"' not in body
    body = _ready_hound(app, started, command_used=0, supply_used=False)
    assert "Activate Hound with command" in body and "Activate Hound with supply" in body


def test_the_ruthless_tap_is_offered_once_and_refused_again(app, started):
    from companion.games import lost_empires as le

    def won(g):
        units = (le.Unit("u1", "Hound", 0, "center", 3, 3, 2, ("RUTHLESS",)),
                 le.Unit("u2", "Dust Marine", 1, "center", 1, 2, 2, ()))
        return replace(g, units=units, next_id=3, phase="gate", ruthless=("center",))
    rewrite(app, won)
    body = started.table.get(started.url).get_data(as_text=True)
    assert "1 damage to Dust Marine" in body
    page = started.do("ruthless", {"battlefield": "center", "unit": "u2"}).get_data(as_text=True)
    assert "1 damage to Dust Marine" not in page
    assert le.unit(started.row.state, "u2").damage == 1
    resp = started.do("ruthless", {"battlefield": "center", "unit": "u2"}, status=422)
    assert "once" in resp.get_data(as_text=True) and le.unit(started.row.state, "u2").damage == 1


def test_a_card_typed_once_is_played_again_in_one_tap(app, started):
    from helpers.games import play
    from helpers.page_player import parse_page
    g = started
    play(g, "Hound", control=2, offense=3, defense=1, command=1, keywords=["ELITE"], weight="light")
    g.do("end-turn")
    g.do("pass")  # Bob passes: Ann plays on
    body = g.table.get(g.url).get_data(as_text=True)
    assert "entered by the table" in body
    (again,) = [o for o in parse_page("http://localhost" + g.url, 200, body).offers if o.text.startswith("Hound C2 O3 D1")]
    values = [(c.name, c.value) for c in again.controls]
    g.table.post(again.path, dict(values) | {"keywords": "ELITE"})  # the one tap: every value is on the button's form
    hounds = [u for u in g.row.state.units if u.card == "Hound"]
    assert [(u.control, u.offense, u.defense, u.keywords, u.weight) for u in hounds] == [(2, 3, 1, ("ELITE",), "light")] * 2
    assert g.row.state.library[0].by_table


def test_the_card_library_travels_with_the_exported_game(app, table, started):
    from helpers.games import play
    play(started, "Hound", control=2, offense=3, defense=1, command=1)
    exported = table.get(f"{started.url}/export").get_data()
    import io
    resp = table.post("/games/import", {"game_file": (io.BytesIO(exported), "g.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code in (204, 303)
    from helpers.games import game_state
    assert [c.name for c in game_state(app, 2).state.library] == ["Hound"]


def test_a_granted_move_then_back_to_the_active_unit(app, started):
    from companion.games import lost_empires as le
    g = started

    def moved(state):
        units = (le.Unit("u1", "Hound", 0, "left", 2, 3, 2, (), drained=True),
                 le.Unit("u3", "Edgeguard", 0, "center", 1, 2, 2, ()))
        return replace(state, units=units, next_id=4, turn=0, activation=le.Activation("u3", 1), activated=True)
    rewrite(app, moved)
    body = g.table.get(g.url).get_data(as_text=True)
    assert "A card grants another unit an action" in body
    page = g.do("grant", {"unit": "u1", "action": "move or attack", "source": "Edgeguard"}).get_data(as_text=True)
    assert "Granted to Hound" in page and "Granted move: Hound to" in page
    page = g.do("granted-move", {"unit": "u1", "to": "center"}).get_data(as_text=True)
    state = g.row.state
    assert le.unit(state, "u1").at == "center" and le.unit(state, "u1").drained and state.grant is None
    assert "Granted to Hound" not in page and state.activation.unit == "u3"
    g.do("granted-move", {"unit": "u1", "to": "left"}, status=422)  # once: nothing granted any more


def _button(body: str, label: str) -> str:
    return re.search(rf"<button[^>]*>{re.escape(label)}</button>", body).group(0)


def test_end_turn_is_disabled_with_must_pass_until_a_unit_is_played_or_activated(app, started):
    # Issue 29: "End turn" was offered, then refused: "must Pass (p.8)".
    from helpers.games import play
    g = started
    body = g.table.get(g.url).get_data(as_text=True)
    assert "disabled" in _button(body, "End turn") and "disabled" not in _button(body, "Pass")
    why = re.search(r'id="end-turn-why">(.*?)</p>', body, re.S).group(1)
    assert "so must Pass" in why and 'hx-get="/rules/lost-empires/8"' in why  # the page a tap target
    play(g, "Hound", command=1)
    body = g.table.get(g.url).get_data(as_text=True)
    assert "disabled" not in _button(body, "End turn") and 'id="end-turn-why"' not in body


def test_back_in_the_first_phase_is_disabled_with_the_reason(app, started):
    body = started.table.get(started.url).get_data(as_text=True)
    back = re.search(r'action="/games/1/back".*?(<button[^>]*>)', body, re.S).group(1)
    assert "disabled" in back and "first phase of the round" in back  # its reason on the button
    started.do("back", status=422)  # a stale page pressing it anyway: the same rule refuses it


def test_a_card_played_again_is_disabled_with_the_reason_when_it_cannot_be_paid(app, started):
    from helpers.games import play
    g = started
    play(g, "Hound", control=2, offense=3, defense=1, command=2)  # round 1: all 2 command (p.3)
    g.do("end-turn")
    g.do("pass")
    body = g.table.get(g.url).get_data(as_text=True)
    again = re.search(r'<button class="btn" aria-label="Play Hound again"[^>]*>', body).group(0)
    assert "disabled" in again and "Hound costs 2 command" in again
    assert re.search(r'<p class="note">Hound: Hound costs 2 command', body)


def test_damage_and_artifacts_minus_are_disabled_at_zero(app, started):
    from helpers.games import play
    g = started
    play(g, "Hound", command=1)
    body = g.table.get(g.url).get_data(as_text=True)
    assert re.search(r'aria-label="Hound damage minus one" disabled title="Hound has 0 damage', body)
    assert re.search(r'aria-label="Ann artifacts \(card effect\) minus one" disabled title="Ann has 0 artifacts', body)
    assert 'aria-label="Hound damage plus one">' in body


def test_a_support_typed_once_is_played_again_in_one_tap_until_both_copies_are_discarded(app, started):
    # Issue 29: card stats typed once per card, offered again; copies counted across play and discard (p.4, 8).
    from helpers.games import rewrite
    from helpers.page_player import parse_page
    g = started
    rewrite(app, lambda s: replace(s, round=2))  # 4 command: room for both copies
    g.do("play-support", {"card": "Blast Fire", "command": "1", "supply": "0"}, form="play")
    assert [(c.name, c.kind, c.command) for c in g.row.state.library] == [("Blast Fire", "support", 1)]
    body = g.table.get(g.url).get_data(as_text=True)
    (again,) = [o for o in parse_page("http://localhost" + g.url, 200, body).offers
                if o.text.startswith("Blast Fire support")]
    assert again.path.endswith("/do/play-support") and all(c.kind == "hidden" for c in again.controls)
    g.table.post(again.path, {c.name: c.value for c in again.controls})  # the one tap
    assert g.row.state.sides[0].discard == (("Blast Fire", 2),)
    body = g.table.get(g.url).get_data(as_text=True)
    assert "Blast Fire support" not in body  # both copies discarded: neither in the deck's list nor again
    import io
    exported = g.table.get(f"{g.url}/export").get_data()
    resp = g.table.post("/games/import", {"game_file": (io.BytesIO(exported), "g.json")}, htmx=False,
                        content_type="multipart/form-data")
    assert resp.status_code in (204, 303)  # the discard pile travels too (it was refused as an unknown field)
    from helpers.games import game_state
    imported = game_state(app, 2).state
    assert imported.library == g.row.state.library and imported.sides[0].discard == (("Blast Fire", 2),)


def test_back_into_an_order_phase_both_players_passed_offers_no_orders(app, started):
    # Issue 29: Pass, End turn and the cards were offered there, each refused: "has passed and takes no more
    # turns this Order Phase (p.10)".
    g = started
    g.do("pass")
    # the Control Phase with both players passed (the second pass would apply it by itself when nothing waits
    # there, issue 38): the position written, then Back into the Order Phase
    rewrite(app, lambda s: replace(s, phase="control", sides=tuple(replace(x, passed=True) for x in s.sides)))
    g.do("back")
    body = g.table.get(g.url).get_data(as_text=True)
    orders = re.search(r'<section class="panel" id="orders">(.*?)</section>', body, re.S).group(1)
    assert "takes no more turns this Order Phase" in orders and "Tap Next for the Control Phase" in orders
    assert "<form" not in orders


def test_artifacts_plus_is_disabled_once_the_boxs_20_tokens_are_all_held(app, started):
    # The box holds 20 Artifact tokens (Components); a card effect cannot give one the supply no longer has.
    from helpers.games import rewrite
    g = started
    rewrite(app, lambda s: replace(s, sides=(replace(s.sides[0], artifacts=12), replace(s.sides[1], artifacts=8))))
    body = g.table.get(g.url).get_data(as_text=True)
    assert re.search(r'aria-label="Ann artifacts \(card effect\) plus one" disabled title="the box holds 20 '
                     r'Artifact tokens and the players hold 20: none is left', body)
    before = g.row.state
    refused = g.table.post(f"{g.url}/do/artifacts", {"form_id": "artifacts-0", "player": "0", "delta": "1",
                                                      "version": str(g.row.version)})
    assert refused.status_code == 422 and "20 Artifact tokens" in refused.get_data(as_text=True)
    assert g.row.state == before

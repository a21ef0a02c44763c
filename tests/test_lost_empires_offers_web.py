"""Lost Empires pages offer only what can be done now (issue 20): Activate without tokens, the RUTHLESS tap once."""
from __future__ import annotations

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

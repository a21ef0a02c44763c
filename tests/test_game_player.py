"""Every registered game played through its pages with only what they offer (issue 20, item 8).

A short seeded run per game: a new game from the home page's own form, then seeded presses of whatever
the game page offers, failing on any 5xx, any offered control refused as malformed, markup shown as text,
or a broken invariant (scores and supplies never negative or over the box, a once-only thing at most once,
copies of a card never more than the deck's, nothing offered refused by rule (issue 29: a one-tap control or one
the game's stage, phase, turn or step forbids), no die rolled by the app without its roll for me, and no step with
nothing to decide left waiting for a tap (issue 38: the rules' `idle` is None after every command)).
scripts/play-games runs the same player longer over many seeds.
"""
from __future__ import annotations

import pytest

import toy_game
from companion import create_app
from companion.kits import KITS
from helpers.game_player import play_game

STEPS = 200  # per game: all four games well under a minute together


@pytest.mark.parametrize("key", list(KITS))
def test_a_game_played_from_what_its_pages_offer(tmp_path, key):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 20})
    run = play_game(app, key, seed=20, steps=STEPS)
    assert not run.failures, "\n".join(str(f) for f in run.failures[:10])
    assert run.steps == STEPS or run.over, f"{key} stalled after {run.steps} presses: {run.stalled}"
    assert sum(run.actions.values()) > 0


def test_a_game_known_only_by_its_kit_is_played_from_its_pages_too(tmp_path):
    # The toy of tests/toy_game/ has no entry of its own in helpers/game_player.py: the player reads the
    # frame.GameState fields (players, sides, stage) and the shared invariants hold.
    with toy_game.registered() as race:
        app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 20})
        run = play_game(app, race.KEY, seed=20, steps=STEPS)
    assert not run.failures, "\n".join(str(f) for f in run.failures[:10])
    assert run.over and run.actions["/games/1/do/add"] > 0, run


def test_the_ruthless_tap_is_pressed_once_and_not_offered_again(app, started):
    # The player's once-only invariant, from a RUTHLESS win written as a recorded change.
    import random
    from dataclasses import replace

    from companion.games import lost_empires as le
    from helpers.game_player import invariants
    from helpers.games import rewrite
    from helpers.page_player import Player

    def won(state):
        units = (le.Unit("u1", "Hound", 0, "center", 3, 3, 2, ("RUTHLESS",)),
                 le.Unit("u2", "Dust Marine", 1, "center", 1, 2, 2, ()))
        return replace(state, units=units, next_id=3, phase="gate", ruthless=("center",))
    rewrite(app, won)
    player = Player(app.test_client(), random.Random(1), invariants=[invariants(app, 1, "lost-empires")])
    page = player.open(started.url)
    (tap,) = [o for o in page.offers if o.path.endswith("/do/ruthless")]
    player.submit(tap)
    assert not player.failures and not [o for o in player.page.offers if o.path.endswith("/do/ruthless")]
    assert le.unit(started.row.state, "u2").damage == 1


def test_the_airship_invariant_catches_a_frigate_that_escapes_its_combat():
    # The move the referee caught (issue 29, p.9): C3→C5 into Bob's Frigate, then C5→A3 before any fight.
    from dataclasses import replace
    from types import SimpleNamespace

    from companion.games import aldarra as al
    from companion.games.frame import Player as Seat
    from helpers.game_player import Airships

    seats = tuple(Seat(n, c) for n, c in (("Ann", "blue"), ("Bob", "red"), ("Cy", "green")))
    tiles = tuple(al.Tile(f"{chr(65 + i // al.WIDTH)}{i % al.WIDTH + 1}", "Copper Deposit") for i in range(39))
    g = al.Game(seats, tuple(al.Side(orders=2) for _ in seats), tiles, stage="play", round=1, phase="expansion",
                turn_order=(0, 1, 2), order=al.Order(0, "C5"))

    def press(frm, to):
        return (SimpleNamespace(path="/games/1/do/move"), [("frm", frm), ("to", to), ("kind", "Frigate")], 200)

    check = Airships()
    entered = replace(g, units=(al.Units("C5", 0, "Frigate", 1), al.Units("C5", 1, "Frigate", 1)))
    assert check.check(al, entered, press("C3", "C5")) == []
    escaped = replace(g, units=(al.Units("A3", 0, "Frigate", 1), al.Units("C5", 1, "Frigate", 1)))
    (complaint,) = check.check(al, escaped, press("C5", "A3"))
    assert "entered C5 in this order (combat) and must stop there (p.9)" in complaint
    # and after the order's combat began, no move at all
    check = Airships()
    fighting = replace(entered, combat=al.Combat("C5", 0, (0, 1)))
    assert check.check(al, fighting, None) == []
    assert "after the order's combat began" in check.check(al, replace(escaped, combat=None), press("B1", "C5"))[0]


def test_the_player_catches_a_step_with_nothing_to_decide_left_waiting(app, started):
    # Issue 38: after a command no step with nothing to decide waits (the Casualty Phase is the rules', p.11); after
    # Back the table may stand on one again.
    from dataclasses import replace
    from types import SimpleNamespace

    from helpers.game_player import invariants
    from helpers.games import rewrite

    rewrite(app, lambda s: replace(s, phase="casualty"))  # written as it stands, not passed
    check = invariants(app, 1, "lost-empires")
    page = SimpleNamespace(offers=[])

    def pressed(path):
        return SimpleNamespace(last=(SimpleNamespace(path=path, describe=lambda: path), [], 200), answer=None)
    with pytest.raises(AssertionError, match="nothing to decide: Casualty Phase"):
        check(pressed("/games/1/do/damage"), page)
    check(pressed("/games/1/back"), page)

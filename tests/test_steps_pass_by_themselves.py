"""Issue 38: in every game a step with nothing to decide passes by itself, written in the game's log, and one Undo
takes it back with the step before it; the end of a round or a turn with nothing to do costs at most 2 taps.
(Aldarra Reborn's round end is in tests/test_aldarra_web.py, beside its fixtures.)"""
from __future__ import annotations

from dataclasses import replace

from companion.games import lost_empires as le
from companion.games import shattered_empires as se
from helpers.games import rewrite, set_up
from helpers.history import seen

MOST_TAPS = 2


def undo(g):
    resp = g.table.post(f"{g.url}/undo", {"version": seen(g.table, g.url)})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]


def log(g) -> str:
    return g.table.get(f"{g.url}/log").get_data(as_text=True)


# -- Lost Empires: the Control, Gate, Casualty and Wrap Up Phases are the rules' (p.10-11) -----------------------

def test_the_end_of_a_lost_empires_round_with_nothing_to_do_is_the_two_passes(started):
    g = started
    taps = 0
    for _ in range(2):  # Ann passes, then Bob: the Order Phase ends (p.10)
        g.do("pass")
        taps += 1
    s = g.row.state
    assert (s.round, s.phase, s.first, s.turn) == (2, "order", 1, 1) and taps <= MOST_TAPS
    text = log(g)
    for line in ("Control Phase: nothing to decide (p.10) — passed", "Gate Phase: nothing to decide (p.11) — passed",
                 "Casualty Phase: nothing to decide (p.11) — passed",
                 "Wrap Up Phase, 1 Fall back: no unit in an enemy hive, nothing to do (p.11) — passed",
                 "Round 2 begins: Bob is First Player"):
        assert line in text
    undo(g)  # one Undo: Bob's pass and every phase that passed with it
    s = g.row.state
    assert (s.round, s.phase, s.turn) == (1, "order", 1) and s.sides[0].passed and not s.sides[1].passed


def test_a_ruthless_side_with_its_damage_to_deal_holds_the_gate_phase(app, started):
    # RUTHLESS "may deal 1 damage" (p.15): a choice, so the Gate Phase waits; once it is dealt, the rest passes.
    g = started
    units = (le.Unit("u1", "Hound", 0, "center", 3, 3, 2, ("RUTHLESS",)),
             le.Unit("u2", "Dust Marine", 1, "center", 1, 2, 2, (), damage=2))
    rewrite(app, lambda s: replace(s, units=units, next_id=3))
    g.do("pass")
    g.do("pass")
    s = g.row.state
    assert (s.round, s.phase, s.ruthless) == (1, "gate", ("center",))
    answer = g.do("ruthless", {"battlefield": "center", "unit": "u2"}).get_data(as_text=True)
    s = g.row.state
    assert (s.round, s.phase) == (2, "order") and not [u for u in s.units if u.id == "u2"]  # 3 damage: destroyed
    assert "Dust Marine (Bob) has 3 damage and is destroyed" in answer  # the reasons of the phases passed


def test_a_unit_in_an_enemy_hive_holds_wrap_up_step_1(app, started):
    # Fall back (p.11): where to is the player's choice, so Wrap Up step 1 waits for it.
    g = started
    rewrite(app, lambda s: replace(s, units=(le.Unit("u1", "Hound", 0, le.hive(1), 3, 3, 2, ()),), next_id=2))
    g.do("pass")
    g.do("pass")
    s = g.row.state
    assert (s.round, s.phase, s.step) == (1, "wrapup", 1)
    g.do("fall-back", {"player": "0", "to": le.hive(0)})
    assert (g.row.state.round, g.row.state.phase) == (2, "order")


# -- Shattered Empires: a turn where the player plays nothing ---------------------------------------------------

def test_a_shattered_empires_turn_with_nothing_done_costs_two_nexts(se_started):
    g = se_started  # Ann's Beginning of the Turn (no trigger listed) and Draw Phase passed by themselves
    assert g.row.state.step == "queue"  # her hand holds cards she may queue: a choice
    g.do("next")  # Allocation: no project to fund, passed; Acquisition waits (cards to play)
    assert g.row.state.step == "acquisition"
    g.do("next")  # Combat (no unit out of Testing), Repair, End pass; Bob's Beginning and Draw pass too
    s = g.row.state
    assert (s.turn, s.step) == (1, "queue")
    undo(g)  # one Undo: back to Ann's Acquisition Phase
    s = g.row.state
    assert (s.turn, s.step) == (0, "acquisition")


def test_a_unit_that_may_fire_holds_the_combat_phase(app, se_started):
    content = app.extensions["game_content"][se.KEY]
    ship = replace(se._unit_of(content.card("Frigate"), "u1", 0), testing=False)
    g = replace(se_started.row.state, step="combat", units=(ship,))
    assert se.idle(g) is None  # a weapon to fire: the player's choice (Combat Phase)
    assert se.idle(replace(g, units=(replace(ship, testing=True),))) == "Ann: Combat Phase: nothing to do"


# -- Suriya 162: an Upkeep with nothing to pay, the Income Phase once its card is gained --------------------------

def test_the_end_of_a_suriya_turn_is_next_and_the_card_gained(su_game):
    g = set_up(su_game)  # Tyra's Upkeep: no Continue card, passed by itself
    assert (g.row.state.turn, g.row.state.phase) == (0, "action")
    g.do("next")  # the Income Phase: 3.1 and 3.3 applied; 3.2's card is a choice, so it waits
    s = g.row.state
    assert (s.phase, s.gained) == ("income", "")
    g.do("gain", {"card": "Hawk Brigade", "source": "central"})  # the turn ends; David's Upkeep passes too
    s = g.row.state
    assert (s.turn, s.phase) == (1, "action")
    assert "David: Upkeep: nothing to do — passed" in log(g)
    undo(g)  # one Undo: the gain, the end of the turn and David's Upkeep
    s = g.row.state
    assert (s.turn, s.phase, s.gained) == (0, "income", "")


def test_a_game_where_nothing_is_ever_to_decide_still_stops_within_the_next_round():
    # frame.settle: the chain of passed steps stops at the round after the one it began in, in one result
    from dataclasses import dataclass
    from types import SimpleNamespace

    from companion.games.frame import Outcome, Step, settle

    @dataclass(frozen=True)
    class Idle:
        stage: str = "play"
        round: int = 1

    rules = SimpleNamespace(current_step=lambda g: Step(g.round, "Turn", "Step", "."),
                            idle=lambda g: "Turn: nothing to do",
                            next_step=lambda g: Outcome(replace(g, round=g.round + 1), f"Round {g.round + 1}"))
    done = settle(rules, Outcome(Idle(), "Began"))
    assert done.state.round == 3 and done.description == (
        "Began; Turn: nothing to do — passed: Round 2; Turn: nothing to do — passed: Round 3")

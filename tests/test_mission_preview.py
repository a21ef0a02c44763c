"""The preview (issue 28): during a character's turn, each adversary still to act this round has the plan its turn
would make now (p.26-30) — the very plan its turn makes when nothing changes before it — and the spaces it could
attack this round; asking for it changes nothing in the mission (no journal entry, no card drawn, no die)."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.phantom.decision import COLORS, DecisionDie
from companion.phantom.play import (
    Embarking, adversary_scenario, begin_round, destination, end_turn, place_adversary, place_character, preview,
    reveal, select_cards, set_up, start_next_turn, still_to_act,
)
from companion.phantom.play.state import MissionError
from companion.phantom.paths import reach
from companion.phantom.turn import resolve_turn
from companion.schemas.content.mission_setup import set_up_content
from companion.schemas.files.scenario import load_scenario
from companion.store import mission_table as store
from companion.store.cards import samples
from companion.web.database import get_db
from helpers.mission_table import DATA, app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_first_steps, to_first_turn

MAP = load_scenario(json.loads((DATA / "maps" / "first-steps.json").read_text())).board.map
CONTENT = set_up_content(samples(DATA), MAP, 2)
VERA = Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red")
AUGUSTUS = Embarking("augustus", "Augustus", "Human", max_ap=6, max_hp=10, color="yellow")


def at_turns(seed: int, die: DecisionDie, spots: list[str], ap=(5, 2)):
    """First steps with the sample decks shuffled by `seed`, Vera and Augustus on their entry points then put on
    spots[0] and spots[1], one more adversary on each further spot (a Sentry or an Archer in turn), the cards
    chosen and revealed: the turns of round 1, nobody's turn begun."""
    m = set_up("preview", MAP, 2, [VERA, AUGUSTUS], rng=random.Random(seed), **CONTENT).mission
    m = place_character(place_character(m, "vera", "B-6").mission, "augustus", "C-6").mission
    to = dict(zip(("vera", "augustus"), map(MAP.parse, spots)))
    m = replace(m, board=replace(m.board, figures=tuple(replace(f, at=to.get(f.id, f.at)) for f in m.board.figures)))
    for i, label in enumerate(spots[2:]):
        m = place_adversary(m, ("Grallok Sentry", "Grallok Archer")[i % 2], label).mission
    m = begin_round(m, die).mission
    m = select_cards(select_cards(m, "vera", [("Cards", ap[0])]).mission, "augustus", [("Cards", ap[1])]).mission
    return reveal(m, ("vera", "augustus")).mission


FREE = sorted(MAP.label(h) for h in MAP.spaces
              if h not in MAP.object_at and h not in MAP.orb_at and h not in {f.at for f in at_turns(
                  1, DecisionDie("red", "N", "W"), ["B-6", "C-6"]).board.figures if f.side == "adversary"})


@st.composite
def missions(draw):
    spots = draw(st.lists(st.sampled_from(FREE), min_size=2, max_size=5, unique=True))
    die = DecisionDie(draw(st.sampled_from(COLORS)), draw(st.sampled_from("NSEW")), draw(st.sampled_from("NSEW")))
    ap = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    return draw(st.integers(0, 10_000)), die, spots, ap


def words(sentence: str) -> list[str]:
    return sorted(sentence.lower().replace(",", " ").replace(";", " ").split())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(missions())
def test_a_preview_is_the_plan_the_turn_makes_when_nothing_changes_before_it(drawn):
    m = start_next_turn(at_turns(*drawn)).mission
    if m.figure(m.round.current).side != "character":
        return  # an adversary's turn first: nothing to preview from a character's turn
    shown = preview(m)
    assert [a.adversary for a in shown.adversaries] == list(still_to_act(m))
    # The characters end their turns without moving until the first adversary's turn begins.
    while True:
        m = end_turn(m).mission
        m = start_next_turn(m).mission
        if m.figure(m.round.current).side == "adversary":
            break
    real = resolve_turn(adversary_scenario(m))
    ahead = shown.of(m.round.current)
    assert ahead.plan.steps == real.steps  # each movement, path, target, line of sight and die to roll
    assert ahead.primary_target == real.primary_target and ahead.plan.start == real.start
    assert {f.id: f for f in ahead.plan.board.figures} == {f.id: f for f in real.board.figures}
    # The same sentences; a tie names the figures in the board's order, which the end of a turn may change.
    assert list(map(words, ahead.plan.explanation)) == list(map(words, real.explanation))
    ends = [s.movement.end for s in real.steps if s.movement is not None and s.performed]
    assert ahead.end == (ends[-1] if ends else m.figure(m.round.current).at)


def sentry(m):
    return next(f for f in m.board.figures if f.type == "Grallok Sentry")


def test_the_sentry_targets_vera_until_augustus_stands_closer():
    """The browser story's position: the Sentry on H-3 needs fewer MP to attack Vera (C-6) than Augustus (B-6),
    p.27; with Augustus on E-4 it would switch to him, and it could attack him there this round."""
    m = start_next_turn(at_turns(1, DecisionDie("red", "N", "W"), ["C-6", "B-6"])).mission
    assert m.round.current == "augustus"
    shown = preview(m)
    s = shown.of(sentry(m).id)
    assert s.primary_target == "vera"
    assert any("fewest MP" in r and "vera" in r for r in s.plan.explanation)
    assert "red N/W" in shown.dice and "p.12 step 1" in shown.dice
    there = destination(m, "augustus", "E-4", shown)
    assert sentry(m).id in there.attackers and MAP.parse("E-4") in s.danger
    assert [(x.adversary, x.before, x.after) for x in there.switches] == [(sentry(m).id, "vera", "augustus")]
    assert there.switches[0].text() == f"{sentry(m).id} would switch to augustus (p.27)"
    # Far from the Sentry, Augustus changes nothing.
    assert destination(m, "augustus", "A-6", shown).switches == ()


def test_the_danger_is_what_its_card_lets_it_attack_walls_respected():
    """The sample Sentry's cards this round: a Move 2, then a range-1 Attack (p.47's dark blue row). The spaces it
    could attack are the neighbours across an open edge (no wall, p.18) of the spaces that Move can end on;
    Vera, 4 MP away, is out of its reach this round, and E-4, next to D-4, is in it."""
    m = start_next_turn(at_turns(1, DecisionDie("red", "N", "W"), ["C-6", "B-6"])).mission
    me = sentry(m)
    s = preview(m).of(me.id)
    sc = adversary_scenario(m, adversary=me.id)
    cards = [c.row(me.color) if hasattr(c, "row") else c for c in sc.turn.cards]
    assert [a.type for c in cards for a in c.actions] == ["move", "attack"]
    ends = reach(sc.board, sc.board.figure(me.id), "move", cards[0].actions[0].value).ends()
    assert s.danger == {n for e in ends for n in MAP.open_neighbours[e]} - {me.at}
    assert MAP.parse("E-4") in s.danger and MAP.parse("C-6") not in s.danger
    assert any("Attack range 1" in r and "after 2 MP" in r for r in s.danger_reasons)


def test_a_knocked_down_adversary_stands_with_1_mp_then_attacks():
    """p.37: a Knocked Down figure attacks only once it has spent 1 MP to remove the token; the Sentry's Move 2
    leaves it 1 MP, so it could attack the neighbours of the spaces one step away, not nothing (turn.py plays
    the turn so: it stands, moves 1 and attacks)."""
    m = start_next_turn(at_turns(1, DecisionDie("red", "N", "W"), ["C-6", "B-6"])).mission
    me = sentry(m)
    down = replace(m, board=m.board.with_figure(replace(me, conditions=("Knocked Down",))))
    s = preview(down).of(me.id)
    sc = adversary_scenario(down, adversary=me.id)
    ends = reach(sc.board, sc.board.figure(me.id), "move", 1).ends()
    assert s.danger == {n for e in ends for n in MAP.open_neighbours[e]} - {me.at} and s.danger
    assert s.danger < preview(m).of(me.id).danger  # 1 MP less than standing
    assert "Knocked Down: 1 MP of its first Move or Leap removes the token" in s.danger_reasons[0]
    assert any("after 1 MP" in r for r in s.danger_reasons)


def test_nothing_to_preview_before_the_cards_are_drawn():
    m = set_up("preview", MAP, 2, [VERA, AUGUSTUS], rng=random.Random(1), **CONTENT).mission
    shown = preview(m)
    assert shown.adversaries == () and shown.page == "12" and "cards are drawn" in shown.reason


def test_a_destination_refuses_a_space_that_is_not_on_the_map_or_taken():
    m = start_next_turn(at_turns(1, DecisionDie("red", "N", "W"), ["C-6", "B-6"])).mission
    with pytest.raises(MissionError) as bad:
        destination(m, "augustus", "Z-99", preview(m))
    assert bad.value.field == "space"
    with pytest.raises(MissionError) as taken:
        destination(m, "augustus", "C-6", preview(m))
    assert "already holds vera" in taken.value.message


# -- the mission page: the preview is read, never written --------------------------------------------------------

def test_asking_for_the_preview_changes_nothing_in_the_mission(app, table):  # noqa: F811
    """Vera's turn on First steps (Vera on B-6, Bram on C-6): the Sentry would go for Bram; held, E-4 says it would
    switch to Vera. Neither answer writes anything: the same version, history, decks, dice and board."""
    start_first_steps(table)
    to_first_turn(table)
    with app.app_context():
        db = get_db()
        before = store.JOURNAL.get(db, 1)
        history = store.JOURNAL.history(db, 1)[0]
    page = table.get("/table/1").get_data(as_text=True)
    assert 'id="preview-toggle"' in page and "js/preview.js" in page
    layer = table.get("/table/1/preview")
    assert layer.status_code == 200
    body = layer.get_data(as_text=True)
    assert 'data-adversary="Grallok Sentry-1" data-target="bram"' in body and "Why?" in body
    held = table.get("/table/1/preview?at=E-4").get_data(as_text=True)
    assert "Vera on E-4" in held and "Grallok Sentry-1 would switch to Vera" in held
    assert table.get("/table/1/preview?at=Z-99").status_code == 422
    with app.app_context():
        db = get_db()
        after = store.JOURNAL.get(db, 1)
        assert after.version == before.version
        assert store.JOURNAL.history(db, 1)[0] == history
        assert after.mission == before.mission  # the same decks, dice, board and round

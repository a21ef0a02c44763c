"""Issue 26 in the mission engine: the class board as content (base range, bandage slots, critical ability,
p.20-21, p.38, p.41), a Fumble ending the turn's Attacks (p.20), a rest turn's limits (p.13), critical
abilities applied (p.20), Event cards that place adversaries or send the table to the Mission book (p.26,
p.59), the mission's end when every adversary is defeated (p.13-14) and nova cells retrieved (p.25)."""
from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom.criticals import CriticalAbility
from companion.phantom.play import (
    EventCard, MissionError, Seat, activate_critical, event_task, adversary_scenario, apply_adversary_turn, attack_on_turn,
    attack_targets, critical_offer, embarking, end_round, end_turn, heal, meet_objective, mission_from_dict,
    mission_to_dict, move_by_card, next_step, place_adversary, record_event, rest_turn,
)
from companion.phantom.campaign import Character
from companion.phantom.decision import COLORS, DecisionDie
from companion.phantom.scenario import Action
from companion.phantom.turn import resolve_turn
from companion.schemas.content.campaign import load_campaign_content
from helpers.mission import (
    BRAM, P, SENTRY, VERA, figure, klass, new, play, said, species, stack, start, to_turns, with_discard,
)

KNOCK = CriticalAbility("Grallok Sentry", "the target is Knocked Down", condition="Knocked Down")
RANGER = replace(VERA, range=4, criticals=(CriticalAbility("Ranger class board", "1 damage", damage=1),
                                           CriticalAbility("Scope attachment", "push 1", push=1)))


def _at(m, fid, label):
    return replace(m, board=m.board.with_figure(replace(figure(m, fid), at=P(label))))


def test_the_class_boards_are_content_marked_unverified_and_embark_with_the_character():
    # p.41: A critical ability, F bandage slots, G weapon and base range; the rulebook prints no values.
    content, _ = load_campaign_content(Path(ROOT) / "data" / "phantom-epoch")
    boards = content.boards()
    assert set(boards) == {"Healer", "Ranger", "Rogue", "Warrior"}
    assert all(not b.verified and b.range >= 1 and b.bandage_slots >= 1 and b.critical for b in boards.values())
    ranger = Character("c1", "Augustus", "Ranger", "Human", max_hp=10, max_ap=6)
    (e,) = embarking([Seat(1, "c1")], [ranger], {}, boards)
    assert (e.range, e.bandage_slots, e.criticals) == (boards["Ranger"].range, boards["Ranger"].bandage_slots,
                                                       (boards["Ranger"].critical,))


def test_a_ranged_attack_uses_the_base_range_plus_the_modifier_or_the_explicit_range():
    # p.21: "For an action that has a range modifier (+/-), values are added to or subtracted from the figure's
    # base range"; "If an action has an explicit range, then the range of the action cannot be modified".
    m = start(to_turns(new({"E-1": ("grallok-sentry", 1, 4)}, characters=(RANGER, BRAM)),
                       vera=[("Shot", 1)], bram=[("Charge", 6)]))
    assert m.round.current == "vera" and m.map.range_between(figure(m, "vera").at, P("E-1")) == 4
    hit = attack_on_turn(m, "grallok-sentry-1", {"attack": [3]})
    assert figure(hit.mission, "grallok-sentry-1").hp < 8
    with pytest.raises(MissionError, match=r"reaches 3 \(base range 4 -1 on the card\)"):
        attack_on_turn(m, "grallok-sentry-1", {"attack": [3]}, range_modifier=-1)
    with pytest.raises(MissionError, match="reaches 2 .the card's explicit range"):
        attack_on_turn(m, "grallok-sentry-1", {"attack": [3]}, attack_range=2, range_modifier=5)


def test_a_fumble_ends_the_characters_attacks_for_the_turn():
    # p.20 FUMBLE: "the attacker can perform no further Attacks this turn".
    m = start(to_turns(new({"B-1": ("grallok-sentry", 1, 4)}), vera=[("Slash", 1)], bram=[("Charge", 6)]))
    m = _at(m, "vera", "A-1")
    fumbled = attack_on_turn(m, "grallok-sentry-1", {"attack": ["fumble"]}).mission
    with pytest.raises(MissionError, match="no further Attacks this turn") as later:
        attack_on_turn(fumbled, "grallok-sentry-1", {"attack": [6]})
    assert later.value.page == "20" and figure(fumbled, "grallok-sentry-1").hp == 8
    assert attack_targets(fumbled).choices == () and "fumbled" in attack_targets(fumbled).reason
    nxt = start(end_turn(fumbled).mission)  # the next turn (Bram) attacks again
    assert not nxt.round.attacks_over and mission_from_dict(mission_to_dict(fumbled)) == fumbled


def test_a_rest_turn_refuses_moves_and_attacks_and_says_what_it_allows():
    # p.13: resting characters "will not be able to play any Character Action cards on their turn"; they may
    # remove detrimental conditions, equip, recharge, move nova cells and play items.
    m = with_discard(new({"B-1": ("grallok-sentry", 1, 4)}), "vera", "Slash")
    m = start(to_turns(m, vera=None, bram=[("Charge", 6)], order=()))
    m = play(m, until="vera") if m.round.current != "vera" else m
    m = m if m.round.current == "vera" else start(m)
    assert m.round.current == "vera"
    with pytest.raises(MissionError, match="resting this turn") as moving:
        move_by_card(m, "vera", "A-2", 2)
    assert moving.value.page == "13"
    with pytest.raises(MissionError, match="no Attack"):
        attack_on_turn(m, "grallok-sentry-1", {"attack": [2]})
    rest = rest_turn(m)
    assert rest.page == "13" and any("Equip" in a for a in rest.allows) and any("nova cells" in a for a in rest.allows)
    assert attack_targets(m).choices == ()


def test_heal_is_refused_past_the_bandage_slots_and_at_full_hp():
    # p.38 BANDAGE TOKENS: "A Heal action only affects a character if they have an empty bandage slot".
    m = start(to_turns(new(), vera=[("Slash", 1)], bram=[("Charge", 6)]))
    m = replace(m, board=m.board.with_figure(replace(figure(m, "bram"), hp=2)))
    m = heal(heal(m, "bram", 1).mission, "bram", 1).mission
    assert m.character("bram").bandages == 2
    with pytest.raises(MissionError, match="bandage slots are full") as full:
        heal(m, "bram", 1)
    assert full.value.page == "38"


def test_a_character_critical_strike_offers_its_abilities_one_tap_each():
    # p.20: "Rolling a Critical Strike optionally activates a single critical ability"; the player chooses.
    m = start(to_turns(new({"B-1": ("grallok-sentry", 1, 4)}, characters=(RANGER, BRAM)),
                       vera=[("Shot", 1)], bram=[("Charge", 6)]))
    m = _at(m, "vera", "A-1")
    m = attack_on_turn(m, "grallok-sentry-1", {"attack": ["critical"]}).mission
    offer = critical_offer(m)
    assert offer.target == "grallok-sentry-1" and [a[2] for a in offer.abilities] == [True, False]
    hp = figure(m, "grallok-sentry-1").hp
    done = activate_critical(m, 0)
    assert figure(done.mission, "grallok-sentry-1").hp == hp - 1 and said(done.reasons, "p.20")
    assert critical_offer(done.mission).abilities == ()
    with pytest.raises(MissionError, match="no Critical Strike"):
        activate_critical(done.mission, 1)
    pushed = activate_critical(m, 1)  # shown for the table to apply
    assert said(pushed.reasons, "by hand") and figure(pushed.mission, "grallok-sentry-1").hp == hp


def test_an_adversary_critical_strike_applies_its_cards_ability_even_at_0_damage():
    # p.20: a Critical Strike activates the Adversary Description card's critical ability; "In the rare
    # circumstance that rolling a Critical Strike deals 0 damage, a critical ability may still be activated".
    m = new({"B-1": ("grallok-sentry", 1, 4)}, kinds=(replace(SENTRY, critical=KNOCK),))
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Sentry",
              klass("Smash", (2, 2, 2, 2), COLORS, Action("attack", -9)))
    m = play(to_turns(m, vera=[("Slash", 5)], bram=[("Charge", 5)], order=["vera", "bram"]), until="grallok-sentry-1")
    m = start(m)
    resolution = resolve_turn(adversary_scenario(m, {"attack": ["critical"]}))
    target = resolution.primary_target
    out = apply_adversary_turn(m, resolution)
    assert "Knocked Down" in figure(out.mission, target).conditions and said(out.reasons, "critical ability")


def test_an_event_that_places_adversaries_and_its_mission_book_note():
    # p.26: an adversary placed by an Event card drops no nova cells; p.59: "event adversary" and "mission
    # event" are in the Mission book.
    m = new({"E-3": ("grallok-sentry", 1, 4)})
    event = EventCard("E1", "Reinforcements", "Place the event adversary", places=1, event_adversary="See book")
    m = replace(m, events=replace(m.events, cards=(event,) + m.events.cards))
    m = to_turns(m, vera=[("Slash", 1)], bram=[("Charge", 6)])
    assert m.round.event == event and m.round.event.book
    task = event_task(m)
    assert task.event == event and task.remaining == 1 and "grallok-sentry" in task.types
    placed = place_adversary(m, "grallok-sentry", "H-4", "event")
    assert said(placed.reasons, "no nova cells") and placed.mission.round.event_placed == 1  # of its 1
    assert event_task(placed.mission).remaining == 0 and event_task(placed.mission).icons == ()  # none offered
    noted = record_event(placed.mission, "Placed the Sentry on H-4")
    assert noted.mission.round.event_done == ("Placed the Sentry on H-4",)
    assert mission_from_dict(mission_to_dict(noted.mission)) == noted.mission
    with pytest.raises(MissionError, match="note"):
        record_event(noted.mission, " ")


def test_every_adversary_defeated_is_offered_and_succeeds_at_the_end_of_the_round():
    # p.13-14: "A successful mission concludes at the end of the round in which the final mission objective is
    # met"; p.25: nova cells retrieved by ending a turn on or next to them, kept in the mission's result.
    m = start(to_turns(new({"B-1": ("grallok-sentry", 1, 4)}), vera=[("Slash", 1)], bram=[("Charge", 6)]))
    m = _at(m, "vera", "A-1")
    m = replace(m, board=m.board.with_figure(replace(figure(m, "grallok-sentry-1"), hp=1)))
    m = attack_on_turn(m, "grallok-sentry-1", {"attack": [6]}).mission
    step = next_step(m)
    assert step.ends == "all-adversaries-defeated" and step.step == "end-turn" and step.pick_up == 1
    m = meet_objective(m).mission
    assert next_step(m).ends == "" and m.result is None
    m = end_turn(m).mission
    assert m.character("vera").nova_cells == 1 and m.nova_cells == ()
    m = play(m)
    done = end_round(m).mission
    assert done.result.success and done.result.round == 1


def test_the_decision_die_picks_the_critical_target_of_a_multi_target_attack():
    # p.20: "For adversary Attacks, use the Decision die to determine which target it applies to."
    m = new({"A-2": ("grallok-sentry", 1, 4)}, kinds=(replace(SENTRY, critical=KNOCK),))  # beside
    m = stack(stack(m, "species:Grallok", species("Aim", 1)), "class:Sentry",
              klass("Sweep", (2, 2, 2, 2), COLORS, Action("attack", -9, targets=2)))
    m = to_turns(m, die=DecisionDie("red", "S", "W"), vera=[("Slash", 5)], bram=[("Charge", 5)],
                 order=["vera", "bram"])
    m = start(play(m, until="grallok-sentry-1"))
    resolution = resolve_turn(adversary_scenario(m, {"attack": ["critical", "critical"]}))
    assert sorted(t.target for s in resolution.steps for t in s.targets) == ["bram", "vera"]
    out = apply_adversary_turn(m, resolution)
    knocked = [c for c in ("vera", "bram") if "Knocked Down" in figure(out.mission, c).conditions]
    assert len(knocked) == 1 and said(out.reasons, "Decision die picks")


def test_the_card_editor_enters_an_adversarys_critical_ability_and_an_events_placement(table):
    # The Adversary Description card's critical ability as content (p.20, p.46), and an Event card placing
    # adversaries (p.26, p.59), through the card editor's own forms.
    from helpers.page_forms import find_form

    page = table.get("/cards").get_data(as_text=True)
    form = find_form(page, "/cards/adversary", _form="adversary")  # the boxes (beside it, the one-line form)
    assert "Knocked Down" in form.options["critical.condition"]
    data = form.fill(**{"name": "Slink Stalker", "species": "Slink", "class": "Stalker",
                        "critical_ability": "The target is Knocked Down and pushed 1.",
                        "critical.condition": "Knocked Down", "critical.push": "1",
                        **{f"difficulties.{d}.{s}": "1" for d in (1, 2, 3, 4) for s in ("hp", "attack", "guard",
                                                                                           "range")}})
    assert table.post(form.action, data).status_code == 200
    event = find_form(table.get("/cards").get_data(as_text=True), "/cards/event-card", _form="event-card")
    sent = table.post(event.action, event.fill(**{"deck": "Mine", "name": "Ambush", "rounds": "1-5",
                                                  "event_adversary": "See the book", "places.count": "2"}))
    assert sent.status_code == 200
    lib = json.loads(table.get("/cards/export").data)
    assert lib["adversaries"]["Slink Stalker"]["critical"] == {"condition": "Knocked Down", "push": 1, "damage": 0,
                                                               "text": ""}
    assert lib["event_decks"]["Mine"]["cards"][0]["places"] == {"count": 2}


def test_the_page_offers_a_characters_critical_abilities_one_tap_each(app, table):
    # p.20: after a Critical Strike the player chooses which critical ability to activate; the page offers each
    # as a button, and the one the app applies (the Ranger board's damage) is applied.
    import random as _random

    from companion import db as dbmod
    from companion.phantom.play import correct_space, place_character, reveal, select_cards, set_up, begin_round
    from companion.phantom.play import start_next_turn
    from companion.schemas.content.mission_setup import set_up_content
    from companion.store import mission_table as store
    from companion.store.cards import samples
    from helpers.mission_table import DATA, first_steps
    from helpers.page_forms import find_form

    hexmap = first_steps().map
    boards = app.extensions["phantom_content"].boards()
    party = embarking([Seat(1, "augustus"), Seat(2, "bram")],
                      [Character("augustus", "Augustus", "Ranger", "Human", max_hp=10, max_ap=6),
                       Character("bram", "Bram", "Warrior", "Grallok", max_hp=12, max_ap=7)], {}, boards)
    m = set_up("sample-1", hexmap, 2, party, rng=_random.Random(3), **set_up_content(samples(DATA), hexmap, 2)).mission
    m = correct_space(place_character(m, "augustus", "B-6").mission, "augustus", "G-3").mission
    m = place_character(m, "bram", "C-6").mission
    m = begin_round(m, DecisionDie("red", "N", "W")).mission
    m = select_cards(select_cards(m, "augustus", [("Cards", 1)]).mission, "bram", [("Cards", 6)]).mission
    m = start_next_turn(reveal(m).mission).mission
    db = dbmod.connect(app.config["DATABASE"])
    try:
        store.JOURNAL.create(db, {"name": "Criticals"}, m, "Set up")
    finally:
        db.conn.close()
    page = table.get("/table/1").get_data(as_text=True)
    attack = find_form(page, "/do/attack")
    resp = table.post(attack.action, attack.fill(target="Grallok Sentry-1", die="basic", roll_1="attack:critical"))
    assert resp.status_code == 200 and "may activate one critical ability" in resp.get_data(as_text=True)
    page = table.get("/table/1").get_data(as_text=True)
    offer = find_form(page, "/do/critical", critical="0")
    assert any("Ranger class board" in b for b in offer.buttons)
    hp = int(re.search(r"Grallok Sentry-1 · [A-J]-\d+ · HP (\d+)/", page).group(1))
    done = html.unescape(table.post(offer.action, offer.fill()).get_data(as_text=True))
    assert "activates a critical ability (Ranger class board)" in done
    assert f"Grallok Sentry-1 suffers 1 damage: HP {hp} -> {hp - 1}" in done
    assert "/do/critical" not in table.get("/table/1").get_data(as_text=True)  # once per Critical Strike

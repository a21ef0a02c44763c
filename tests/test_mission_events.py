"""Event cards with effects the AI applies the round they are drawn (issue 18): Move, Attack, Range, Guard ±N
for the adversaries (all or one type) or the characters, entered in the card editor; the plan cites the event."""
from __future__ import annotations

import html
from dataclasses import replace

from companion.phantom.decision import DecisionDie
from companion.phantom.play import EventCard, EventEffect, begin_round, event_notes, place_character
from companion.phantom.play.attacks import _moved_by_event, this_round
from companion.phantom.scenario import Action, Card
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import first_steps, text
from helpers.history import seen

DUST = EventCard("3", "Dust Storm", "every Range -1", (
    EventEffect("range", -1), EventEffect("attack", 2, type="Grallok Sentry"), EventEffect("guard", -1, "characters"),
    EventEffect("move", -2, type="Grallok Sentry")))


def round_with(event):
    m = place_character(first_steps(), "vera", "B-6").mission
    m = place_character(m, "bram", "C-6").mission
    m = begin_round(m, DecisionDie("red", "N", "W")).mission
    return replace(m, round=replace(m.round, event=event))


def test_the_round_as_the_ai_sees_it_carries_the_event_effects():
    m = round_with(DUST)
    seen = {f.id: f for f in this_round(m).figures}
    sentry = m.figure("Grallok Sentry-1")
    assert seen["Grallok Sentry-1"].attack == sentry.attack + 2
    assert seen["Grallok Sentry-1"].range == max(1, sentry.range - 1)
    assert seen["vera"].guard == m.figure("vera").guard - 1
    assert event_notes(m) == ("Event #3 Dust Storm: Range -1 for every adversary; Attack +2 for Grallok Sentry; "
                              "Guard -1 for every character; Move -2 for Grallok Sentry this round (p.12 step 2); "
                              "the AI plans with it",)
    card = Card("Charge", 2, (Action("move", 3), Action("attack", 1)))
    moved = _moved_by_event(m, sentry, card)
    assert [a.value for a in moved.actions] == [1, 1]  # Move 3 - 2; the Attack untouched
    assert event_notes(round_with(None)) == () and this_round(round_with(None)) == round_with(None).board


def test_an_event_card_with_effects_is_entered_in_the_card_editor_and_reaches_the_table(table):
    resp = table.post("/cards/event-card", {"version": seen(table, "/cards"), "deck": "Mine", "name": "Gale", "rounds": "1-5", "text": "Wind",
                                            "effects.0.stat": "range", "effects.0.amount": "-1",
                                            "effects.0.side": "adversaries", "effects.1.side": "adversaries"})
    assert resp.status_code == 200, text(resp)
    page = html.unescape(text(table.get("/cards/export")))
    assert '"effects": [' in page and '"stat": "range"' in page and '"amount": -1' in page
    refused = table.post("/cards/event-card", {"version": seen(table, "/cards"), "deck": "Mine", "name": "Calm", "rounds": "1-5",
                                               "effects.0.amount": "2", "effects.0.side": "adversaries"})
    assert refused.status_code == 422 and "Calm" not in text(table.get("/cards/export"))

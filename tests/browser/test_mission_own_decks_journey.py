"""Issue 28, "The table's own decks", on a 1024x768 touch tablet: a mission set up with the Event deck and the
Grallok Sentry's species and class decks drawn by the table; round 1 asks which Event card came up (its Round 1-5
cards, names only, p.10 step 8) and, before the reveal, which Adversary Action cards came up (p.12 step 5), one
tap each; the round then goes on with those cards."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import create_app

from .conftest import LiveServer
from .helpers import decision_die, press, select_ap, set_up_first_steps, tap_space, turn_order_shown


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("own-decks-instance")),
                                    "GAME_SEED": 1})).start()
    yield server
    server.stop()


def test_a_round_drawn_from_the_tables_own_event_and_sentry_decks(tablet: Page):
    page = tablet
    set_up_first_steps(page, own_decks=("Event deck", "Grallok species deck", "Sentry class deck"))
    tap_space(page, "B-6")
    tap_space(page, "C-6")

    decision_die(page, 1, "red", "N", "W")  # the die first, then the Event card (p.12 steps 1-2)
    prompt = page.locator("#deck-prompt")
    expect(prompt.locator("#deck-events form.inline button")).to_have_text(  # the cards (not the new card form)
        ["Dust Storm (sample)", "Echoes (sample)", "Flicker (sample)", "Reinforcements (sample)",
         "Stale Air (sample)"])
    press(page, "Stale Air (sample)", prompt)
    expect(page.locator("#event")).to_contain_text("Stale Air (sample)")
    expect(page.locator("#deck-prompt")).to_have_count(0)  # the adversaries draw once every card is chosen
    for who, ap in (("vera", "3"), ("bram", "5")):
        select_ap(page.locator(f"#choice-{who}"), ap)

    expect(prompt.locator("strong")).to_have_text(["Grallok species deck", "Sentry class deck"])
    press(page, "Rush (sample)", prompt.locator("#deck-species-grallok"))
    press(page, prompt.locator("#deck-class-sentry form.inline button").first.inner_text(), prompt.locator("#deck-class-sentry"))
    turn_order_shown(page)
    expect(page.locator("#result")).to_contain_text("the table drew Rush (sample) from the Grallok species deck")
    expect(page.locator("#deck-prompt")).to_have_count(0)

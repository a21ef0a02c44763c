"""Two players' first Shattered Empires game, on a 1024x768 touch tablet.

One story, as the issue's "Done when": a new game from the home page, a Base and a 40-card deck each,
three turns each through the stepper, an Empire Destroyer built with Yield over two turns that leaves
Testing, a combat with shields and an evasion roll, and Bob's base destroyed to end the game. The attack by
taps (issue 29): a target tapped per weapon, the evasion d6 by its face, the taps counted.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import assert_touch_target, count_taps, settled, step_name, tap, tap_face



def step_to(page: Page, expected: str) -> None:
    """Tap Next until the stepper shows `expected`."""
    for _ in range(9):
        if expected in step_name(page).inner_text():
            return
        tap(page, "Next ›")
    expect(step_name(page)).to_contain_text(expected)


def whole_turn(page: Page, who: str, then: str) -> None:
    """Tap Next until `then`'s turn: the steps of `who`'s turn with nothing to decide, and of `then`'s before the
    first with a choice, pass by themselves (issue 38)."""
    for _ in range(9):
        if step_name(page).inner_text().endswith(f"{then}'s turn"):
            return
        tap(page, "Next ›")
    expect(step_name(page)).to_contain_text(f"{then}'s turn")


def allocate(page: Page, card: str, amount: str) -> None:
    form = page.locator("#actions form").filter(has=page.get_by_role("button", name=f"Assign Yield to {card}"))
    form.get_by_label(f"Yield for {card}").select_option(amount)
    tap(page, f"Assign Yield to {card}")


def test_three_turns_each_to_a_destroyed_base(tablet: Page):
    page = tablet
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Shattered Empires")
    new.get_by_label("Game name").fill("Night war")
    new.get_by_label("Player 1", exact=True).fill("Ann")
    new.get_by_label("Player 2", exact=True).fill("Bob")
    new.get_by_label("Color 2").select_option("blue")
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(step_name(page)).to_have_text("Set-up — Bases and decks")

    # A Base and a 40-card deck each.
    page.locator("#seat-0").get_by_role("button", name="Imperial Command Hub").tap()
    settled(page)
    page.locator("#seat-1").get_by_role("button", name="Alliance Haven").tap()
    settled(page)
    page.get_by_role("button", name="Empire starter deck").tap()
    expect(page.locator("#deck-0")).to_contain_text("Deck (40)")
    page.get_by_role("button", name="Alliance starter deck").tap()
    expect(page.locator("#deck-1")).to_contain_text("Deck (40)")
    tap(page, "Begin round 1")
    # Ann, turn 1: her Beginning of the Turn (no trigger listed) and Draw Phase (2 cards) pass by themselves
    # (issue 38); then she queues the Empire Destroyer (5) and assigns 3 Yield.
    expect(step_name(page)).to_have_text("(Re)Fill Queue — Ann's turn")
    expect(page.get_by_label("Ann hand")).to_have_text("9")
    expect(page.locator("#result")).to_contain_text("Ann: Draw Phase: nothing to do — passed")
    tap(page, "Queue Empire Destroyer")
    step_to(page, "Allocation Phase")
    expect(page.get_by_label("Ann command points")).to_have_text("3")
    allocate(page, "Empire Destroyer", "3")
    expect(page.get_by_label("Ann yield left")).to_have_text("0")
    whole_turn(page, "Ann", "Bob")

    # Bob, turn 1: an Alliance Raider (Evasion 5), built at once.
    step_to(page, "(Re)Fill Queue")
    tap(page, "Queue Alliance Raider")
    step_to(page, "Allocation Phase")
    allocate(page, "Alliance Raider", "2")
    step_to(page, "Acquisition Phase")
    expect(page.locator("#side-1")).to_contain_text("in Testing")
    whole_turn(page, "Bob", "Ann")

    # Ann, turn 2: 2 more Yield complete the Destroyer: into Testing.
    step_to(page, "Allocation Phase")
    allocate(page, "Empire Destroyer", "2")
    step_to(page, "Acquisition Phase")
    expect(page.locator("#result")).to_contain_text("Empire Destroyer completed: it goes into Testing")
    expect(page.locator("#unit-u2")).to_contain_text("in Testing")
    whole_turn(page, "Ann", "Bob")
    whole_turn(page, "Bob", "Ann")

    # Ann, turn 3: the Destroyer has left Testing; it attacks the Raider (evasion roll) and the base.
    expect(page.locator("#result")).to_contain_text("Testing ends: Empire Destroyer may attack")
    expect(page.locator("#unit-u2")).not_to_contain_text("in Testing")
    step_to(page, "Combat Phase")
    # The only unit that may attack is aimed at once: one chooser per weapon it has (issue 29: 6 dropdowns and
    # an attacker dropdown), a tap on each weapon's target, and the evasion d6 tapped by its face.
    declare = page.locator("#declare")
    expect(declare).to_contain_text("Empire Destroyer attacks")
    expect(declare.locator("fieldset.faces")).to_have_count(2)  # the Destroyer's 2 weapons (3 and 2 damage)
    expect(declare.locator("select")).to_have_count(0)
    taps = count_taps(page)
    tap_face(declare, "Weapon 1 at Alliance Raider (Bob)")
    tap_face(declare, "Weapon 2 at Bob's base")
    tap(page, "Announce attack")
    assert taps() == 3
    resolve = page.locator("#resolve")
    expect(resolve.locator("select")).to_have_count(0)
    taps = count_taps(page)
    tap_face(resolve, "Evasion roll for weapon 1: 4")
    assert taps() == 1
    resolve.get_by_role("checkbox", name=re.compile("Fire back: Alliance Raider weapon 1")).check()
    assert_touch_target(page.get_by_role("button", name="Resolve damage"))
    tap(page, "Resolve damage")
    last = page.locator("#last-attack")
    expect(last).to_contain_text("rolled 4 + Hit 1 = 5 against Evasion 5: a hit")
    expect(last).to_contain_text("Alliance Raider weapon 1 at Empire Destroyer: 2 damage, 2 to shields and 0 to the hull")
    expect(last).to_contain_text("Alliance Raider has 3 damage against 3 hit points: destroyed")
    expect(page.get_by_label("Bob base damage")).to_have_text("2")
    # both weapons fired: the Combat Phase has nothing left, and the Repair and Replenish Phase refills the
    # shields by itself (nothing to repair), so the return fire's 2 shield points are back at once
    expect(page.locator("#unit-u2")).to_contain_text("shields 3/3")
    expect(page.locator("#result")).to_contain_text("Shields replenish to full")
    whole_turn(page, "Ann", "Bob")
    whole_turn(page, "Bob", "Ann")

    # Ann, turn 4: a Command card's damage recorded, then the Destroyer finishes the base.
    step_to(page, "Combat Phase")
    # Command Card: the card's text is resolved at the table; its damage is recorded against the base.
    page.get_by_text("Damage from a Command card").tap()
    form = page.locator("#command-damage")
    form.get_by_label("Target").select_option(label="Bob's base")
    form.get_by_label("Amount of damage").select_option("13")
    tap(page, "Record Command damage")
    expect(page.get_by_label("Bob base damage")).to_have_text("15")
    declare = page.locator("#declare")
    tap_face(declare, "Weapon 1 at Bob's base")
    tap(page, "Announce attack")
    tap(page, "Resolve damage")
    expect(step_name(page)).to_have_text("Game over — Results")
    page.get_by_role("link", name="Final results ›").tap()
    expect(page.locator("#verdict")).to_contain_text("Ann wins")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024

"""The rule behind a page reference, on a 1024x768 touch tablet: a refusal's page is a tap that opens the rule's
summary over the page (the page stays as it was), and the Rules page finds a rule as one types."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import assert_touch_target, settled


def test_a_page_reference_opens_its_rule_and_the_rules_page_searches(tablet: Page):
    page = tablet

    # a. A Lost Empires game: its set-up step cites the rulebook; the citation is a tap target.
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Lost Empires")
    new.get_by_label("Game name").fill("Reference")
    new.get_by_label("Player 1", exact=True).fill("Ann")
    new.get_by_label("Player 2", exact=True).fill("Bob")
    new.get_by_label("Color 2").select_option("blue")
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    settled(page)
    cite = page.locator("button.cite").first
    assert_touch_target(cite)
    expect(page.locator("#rule-pop")).to_be_hidden()
    url = page.url

    # b. The tap opens the summary over the page, with the page to open in the book; Close shuts it.
    cite.tap()
    settled(page)  # a look-up, nothing to save: the save state comes back at once
    panel = page.locator("#rule-pop")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Lost Empires rulebook, p.")
    expect(panel.locator("h3").first).to_be_visible()
    assert page.url == url
    panel.get_by_role("button", name="Close").tap()
    expect(panel).to_be_hidden()

    # c. The game's Rules page: typing narrows the summaries without a reload.
    page.get_by_role("link", name="Rules", exact=True).last.tap()
    expect(page.get_by_role("heading", name="Rules — Lost Empires rulebook")).to_be_visible()
    every = page.locator("#rule-list li").count()
    page.get_by_label("Search the rules").fill("gate")
    expect(page.locator("#rule-list .hint")).to_contain_text("with “gate”")
    assert 0 < page.locator("#rule-list li").count() < every
    expect(page.locator("#rule-list")).to_contain_text("Gate, Casualty and Wrap Up Phases")

    # d. Phantom Epoch's Rules page shows the conditions and hazards with the marks the map draws.
    page.goto("/rules/phantom-epoch")
    expect(page.locator("#rule-conditions li", has_text="Knocked Down").locator("text")).to_have_text("KD")
    expect(page.locator("#rule-hazards li", has_text="Fire").locator(".tok-fire")).to_be_visible()

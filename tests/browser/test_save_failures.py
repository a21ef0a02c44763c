"""A failed save is never silent (the issue's data-safety list): the tablet shows NOT SAVED."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_a_save_that_fails_shows_not_saved_and_changes_nothing(tablet, live_server):
    page = tablet
    page.goto("/")
    page.get_by_label("Campaign name").fill("Lost Wi-Fi")
    page.get_by_role("button", name="New campaign", exact=True).click()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    berkav = page.locator("output[aria-label='Berkav']")
    expect(berkav).to_have_text("0")

    # The laptop drops off the Wi-Fi: the request never arrives.
    page.route("**/fame", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Berkav plus one").click()
    banner = page.locator("#save-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("NOT SAVED")
    expect(page.locator("#savestate")).to_have_text("NOT SAVED — retry")
    expect(berkav).to_have_text("0")

    # The server answers with an error: htmx swaps nothing, so the banner must say so.
    page.unroute("**/fame")
    page.route("**/fame", lambda route: route.fulfill(status=500, body="boom"))
    page.get_by_role("button", name="Berkav plus one").click()
    expect(banner).to_contain_text("refused the change (500)")
    page.unroute("**/fame")

    # Reload (the banner's button) and try again: saved, and the banner is gone.
    page.get_by_role("button", name="Reload").click()
    expect(banner).to_be_hidden()
    page.get_by_role("button", name="Berkav plus one").click()
    expect(berkav).to_have_text("1")
    expect(page.locator("#savestate")).to_have_text("● saved")


def test_a_refused_value_shows_the_rule_and_keeps_what_was_typed(tablet):
    page = tablet
    page.goto("/")
    page.get_by_role("link", name=re.compile("Lost Wi-Fi")).click()
    page.get_by_role("button", name="Orbos minus one").click()
    counter = page.locator("form.counter").filter(has=page.locator("output[aria-label='Orbos']"))
    expect(counter.get_by_role("alert")).to_contain_text("cannot go below 0")
    expect(counter.get_by_role("alert")).to_contain_text("p.16")
    form = page.locator("#new-character")
    form.get_by_label("Name").fill("Bram <the bold>")
    form.get_by_role("button", name="Add character").click()
    expect(form.get_by_role("alert")).to_contain_text("Class")
    expect(form.get_by_label("Name")).to_have_value("Bram <the bold>")
    expect(page.locator("#savestate")).to_contain_text("not saved")

"""Issue 27: a character's sheet in portrait (768x1024): its equipment and attachment tables fit the screen, so
every button on the page ("Unequip" included) is on screen, none cut off at the right edge."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import press

PORTRAIT = {"width": 768, "height": 1024}


def outside(page: Page) -> list[str]:
    """Each visible button whose box reaches past the viewport's left or right edge, with where it is."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('button, .btn')).filter(b => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && (r.left < 0 || r.right > window.innerWidth + 0.5);
      }).map(b => `${b.textContent.trim()} at ${Math.round(b.getBoundingClientRect().left)}..` +
                  `${Math.round(b.getBoundingClientRect().right)}`)""")


def test_every_button_of_a_character_sheet_is_on_screen_in_portrait(tablet: Page):
    page = tablet
    page.goto("/")
    page.get_by_label("Campaign name").fill("The Portraitists")
    page.get_by_role("button", name="New campaign", exact=True).tap()
    page.wait_for_load_state()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+$"))
    form = page.locator("#new-character")
    form.get_by_label("Name", exact=True).fill("Maximiliana Vandersloot")
    form.get_by_label("Class").select_option("Warrior")
    form.get_by_label("Species").select_option("Grallok")
    press(page, "Add character", form)
    page.get_by_role("link", name=re.compile(r"^Maximiliana Vandersloot\b")).tap()
    page.wait_for_load_state()
    # Two attachments, one with a Guard and equipped: the widest rows the sheet draws (charges, Guard, actions).
    attachments = page.locator("#attachments")
    for name in ("Grallok Plate of the Northern Reaches", "Sensor Array"):
        attachments.locator("summary").first.tap()
        attachments.get_by_label("Name").fill(name)
        attachments.get_by_role("button", name="Add attachment").tap()
        expect(attachments.locator("tr", has_text=name)).to_be_visible()
    plate = attachments.locator("tr", has_text="Grallok Plate of the Northern Reaches")
    plate.get_by_role("button", name="One more Guard").tap()
    expect(plate.locator("b")).to_have_text("+1")
    plate.get_by_role("button", name="Equip").tap()
    expect(plate.get_by_role("button", name="Unequip")).to_be_visible()

    page.set_viewport_size(PORTRAIT)
    try:
        page.reload()
        page.wait_for_load_state()
        for details in page.locator("main details").all():  # the folded forms open: their buttons count too
            details.evaluate("d => { d.open = true; }")
        wide = page.evaluate("""() => Array.from(document.querySelectorAll('main *')).filter(
            e => e.getBoundingClientRect().right > window.innerWidth + 0.5).slice(-5).map(
            e => `${e.tagName}.${e.className} ${e.id} ${Math.round(e.getBoundingClientRect().right)}`)""")
        assert page.evaluate("document.documentElement.scrollWidth") <= PORTRAIT["width"], wide
        assert outside(page) == []
        unequip = page.locator("#attachments").get_by_role("button", name="Unequip")  # the starting one too
        assert unequip.count() == 2
        for i in range(unequip.count()):
            expect(unequip.nth(i)).to_be_in_viewport()
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})

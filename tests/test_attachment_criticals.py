"""Issue 26: an Attachment card may carry a critical ability (p.20: "These may come from the Adversary Description
card, a Character Class board, attachments, or other sources"). Entered once on the character sheet in the same
structured form as the class board's, it embarks while equipped (p.41 D: "Only effects of equipped attachments are
active"), and after the character's Critical Strike the page offers it beside the class board's, one tap each; the
one tapped is applied (its condition), the other is not."""
from __future__ import annotations

import html

from conftest import campaign_state, character_ids
from helpers.mission_table import app, start_campaign_mission, step  # noqa: F401  (the seeded app fixture)
from helpers.page_forms import find_form
from helpers.table_player import mission_state

from companion.phantom.campaign import Attachment, Character, character
from companion.phantom.content import ClassBoard
from companion.phantom.criticals import CriticalAbility
from companion.phantom.play import Seat, embarking

SCOPE = CriticalAbility("Scope attachment", "The target is Stunned.", condition="Stunned")


def test_only_an_equipped_attachments_critical_ability_embarks_after_the_class_boards():
    # p.20: critical abilities come from the class board and attachments; p.41 D: only equipped attachments act.
    board_critical = CriticalAbility("Ranger class board", damage=1)
    boards = {"Ranger": ClassBoard("Longbow", 4, board_critical, 2, 2)}
    worn = Attachment("a1", "Scope", "ranged", 1, critical=SCOPE, equipped=True)
    spare = Attachment("a2", "Spike", "melee", 1, critical=CriticalAbility("Spike attachment", damage=2))
    ranger = Character("c1", "Augustus", "Ranger", "Human", max_hp=10, max_ap=6, attachments=(worn, spare))
    (e,) = embarking([Seat(1, "c1")], [ranger], {}, boards)
    assert e.criticals == (board_critical, SCOPE)


def test_the_sheet_enters_an_attachments_critical_and_the_critical_strike_offers_it_one_tap(app, table, campaign):
    ids = character_ids(app)
    sheet = f"{campaign}/characters/{ids['Augustus']}"
    form = find_form(table.get(sheet).get_data(as_text=True), "/attachments")  # the sheet's own form
    resp = table.post(form.action, form.fill(name="Scope", type="ranged", tier="1", critical_condition="Stunned",
                                             critical_text="The target is Stunned."))
    assert resp.status_code == 200
    (scope,) = [a for a in character(campaign_state(app), ids["Augustus"]).attachments if a.name == "Scope"]
    assert scope.critical == SCOPE
    assert "critical: The target is Stunned." in table.get(sheet).get_data(as_text=True)
    assert table.post(f"{sheet}/equip", {"kind": "attachments", "thing": scope.id}).status_code == 200

    start_campaign_mission(app, table)
    augustus = next(c for c in mission_state(app).characters if c.id == ids["Augustus"])
    assert [a.source for a in augustus.criticals] == ["Ranger class board", "Scope attachment"]
    step(table, "correct-space", figure=ids["Augustus"], space="G-3")
    step(table, "select", character=ids["Augustus"], ap="1")
    step(table, "select", character=ids["Vincent"], ap="6")
    step(table, "reveal")
    step(table, "next")
    assert mission_state(app).round.current == ids["Augustus"]
    page = table.get("/table/1").get_data(as_text=True)
    attack = find_form(page, "/do/attack")
    resp = table.post(attack.action, attack.fill(target="Grallok Sentry-1", die="basic", roll_1="attack:critical"))
    assert resp.status_code == 200
    page = table.get("/table/1").get_data(as_text=True)
    board, scope_offer = find_form(page, "/do/critical", critical="0"), find_form(page, "/do/critical", critical="1")
    assert any("Ranger class board" in b for b in board.buttons)
    assert any("Scope attachment: The target is Stunned." in b for b in scope_offer.buttons)
    done = html.unescape(table.post(scope_offer.action, scope_offer.fill()).get_data(as_text=True))
    assert "activates a critical ability (Scope attachment)" in done
    sentry = mission_state(app).figure("Grallok Sentry-1")
    assert sentry.conditions == ("Stunned",) and sentry.hp == 5  # the Scope's condition, not the board's damage
    assert "/do/critical" not in table.get("/table/1").get_data(as_text=True)  # one per Critical Strike (p.20)

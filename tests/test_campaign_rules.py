"""The campaign rules engine (companion/phantom), rule by rule, with the rulebook page."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom import aboard, characters, missions
from companion.phantom import campaign as rules
from companion.phantom.campaign import CampaignError, StaleVersion
from companion.schemas.content.campaign import load_campaign_content

CONTENT, _ = load_campaign_content(Path(ROOT) / "data" / "phantom-epoch")


def historians():
    """The rulebook's own example campaign (Figure 3, p.14): The Historians."""
    c = rules.new_campaign("The Historians", CONTENT)
    for name, cls, sp in [("Sylvestia", "Healer", "Slink"), ("Vincent", "Warrior", "Grallok"),
                          ("Augustus", "Ranger", "Human")]:
        c = characters.add_character(c, CONTENT, name, cls, sp).campaign
    return c


def ids(c):
    return {ch.name: ch.id for ch in c.characters}


def report(c, mission="berkav-1", success=True, party=None, **kw):
    party = tuple(ids(c).values()) if party is None else party
    return missions.MissionReport(mission, success, party, **kw)


def test_new_campaign_has_awakening_and_berkav_1_available():
    # p.17: "Initially the only unlocked mission is Berkav-1"; Awakening is the tutorial (p.3).
    c = rules.new_campaign("The Historians", CONTENT)
    available = sorted(m for m, st in c.missions.items() if st.available)
    assert available == ["awakening", "berkav-1"]
    assert len(c.missions) == 1 + 3 * 12
    assert c.fame == {"Berkav": 0, "Thespara": 0, "Orbos": 0}


def test_healer_starts_with_the_medical_kit():
    # p.8: "The Healer class also starts with a unique item, a medical kit."
    c = historians()
    sylvestia, vincent = c.characters[0], c.characters[1]
    assert [i.name for i in sylvestia.items] == ["Medical Kit"]
    assert vincent.items == ()


def test_fame_tiers_of_the_campaign_sheet():
    # p.14 Figure 3: tier 2 equipment at 5 fame, tier 3 at 10.
    assert [CONTENT.shop_tier(f) for f in (0, 4, 5, 9, 10, 30)] == [1, 1, 2, 2, 3, 3]


def test_fame_never_goes_below_zero():
    # p.16: "It is not, however, possible to ever go below 0 fame."
    c = rules.adjust_fame(historians(), "Berkav", 2).campaign
    with pytest.raises(CampaignError, match=r"below 0.*p\.16") as exc:
        rules.adjust_fame(c, "Berkav", -3)
    assert exc.value.field == "delta"


def test_vanished_technology_is_shared_and_never_below_zero():
    c = rules.adjust_vanished_tech(historians(), 1).campaign
    assert c.vanished_tech == 1
    with pytest.raises(CampaignError, match="below 0"):
        rules.adjust_vanished_tech(c, -2)


def test_campaign_treasure_is_taken_once_per_campaign():
    # p.9: campaign treasure with a number, once retrieved, is not placed again.
    c = rules.take_campaign_token(historians(), "treasure", 2).campaign
    with pytest.raises(CampaignError, match="already retrieved"):
        rules.take_campaign_token(c, "treasure", 2)
    assert rules.take_campaign_token(c, "orb", 2).campaign.orbs_taken == (2,)


def test_stale_version_is_refused():
    c = historians()
    renamed = rules.rename(c, "Historians II", c.version).campaign
    with pytest.raises(StaleVersion):
        rules.rename(renamed, "Third name", c.version)


def test_mission_success_gives_rewards_and_unlocks():
    # p.14 steps 3-5: update character sheets, gain rewards, mark completed and unlocked missions.
    c = historians()
    who = ids(c)
    change = missions.record_mission(c, CONTENT, report(
        c, difficulty=2, sp=3, fame={"Berkav": 5}, vanished_tech=1, unlocks=("berkav-2",),
        nova_cells={who["Sylvestia"]: 12}, all_taken=True))
    c = change.campaign
    assert [ch.sp for ch in c.characters] == [3, 3, 3]
    assert c.characters[0].nova_cells == 12
    assert c.fame["Berkav"] == 5 and c.vanished_tech == 1
    assert c.missions["berkav-1"].completed and c.missions["berkav-1"].all_taken is True
    assert c.missions["berkav-2"].available
    assert all("berkav-1" in ch.completed for ch in c.characters)
    assert c.location == "Berkav"
    assert "Fame on Berkav +5 (now 5)" in change.reasons


def test_sp_rewards_once_per_character_other_rewards_once_per_campaign():
    # p.14 4a-4b: SP once per character per mission, even on replays; other rewards once per campaign.
    c = historians()
    who = ids(c)
    c = missions.record_mission(c, CONTENT, report(c, sp=3, fame={"Berkav": 2},
                                                   party=(who["Sylvestia"], who["Vincent"]))).campaign
    c = characters.add_character(c, CONTENT, "Bram", "Rogue", "Human").campaign
    who = ids(c)
    replay = missions.record_mission(c, CONTENT, report(
        c, sp=3, fame={"Berkav": 2}, party=(who["Sylvestia"], who["Bram"])))
    c = replay.campaign
    sp = {ch.name: ch.sp for ch in c.characters}
    assert sp == {"Sylvestia": 3, "Vincent": 3, "Augustus": 0, "Bram": 3}
    assert c.fame["Berkav"] == 2
    assert any("once per character" in r and "p.14" in r for r in replay.reasons)
    assert any("once per campaign" in r for r in replay.reasons)


def test_failure_keeps_campaign_orbs_and_treasure():
    # p.13: "The rewards from any campaign orbs activated or campaign treasures retrieved before
    # mission failure are kept." No SP, no completion.
    c = historians()
    change = missions.record_mission(c, CONTENT, report(c, success=False, sp=3, orbs=(1,), treasures=(4,)))
    c = change.campaign
    assert c.orbs_taken == (1,) and c.treasures_taken == (4,)
    assert not c.missions["berkav-1"].completed
    assert [ch.sp for ch in c.characters] == [0, 0, 0]


@pytest.mark.parametrize("party_names, message", [
    (("Sylvestia",), "at least two characters"),
    (("Sylvestia", "Vincent", "Augustus", "Bram", "Cora"), "At most 4"),
    (("Sylvestia", "Cora"), "one character of a given class"),
])
def test_party_rules(party_names, message):
    # p.8: maximum of one character per class and of 4 characters in a mission; solo: at least two.
    c = historians()
    c = characters.add_character(c, CONTENT, "Bram", "Rogue", "Human").campaign
    c = characters.add_character(c, CONTENT, "Cora", "Healer", "Grallok").campaign
    party = tuple(ids(c)[n] for n in party_names)
    with pytest.raises(CampaignError, match=message) as exc:
        missions.record_mission(c, CONTENT, report(c, party=party))
    assert exc.value.field == "party"
    assert "p.8" in str(exc.value)


def test_mission_must_be_available():
    c = historians()
    with pytest.raises(CampaignError, match="not available"):
        missions.record_mission(c, CONTENT, report(c, mission="orbos-5"))


def test_fame_loss_in_rewards_stops_at_zero():
    c = historians()
    change = missions.record_mission(c, CONTENT, report(c, fame={"Thespara": -3}))
    assert change.campaign.fame["Thespara"] == 0
    assert any("never goes below 0" in r for r in change.reasons)


def test_attachment_reward_helper_draws_up_to_mission_difficulty():
    # p.14 step 6: difficulty 2 → 4 cards from Tier 1 and 4 from Tier 2; each character picks one.
    c = historians()
    change = missions.record_mission(c, CONTENT, report(c, difficulty=2))
    assert any("Tier 1, Tier 2" in r and "8 cards" in r for r in change.reasons)
    c = change.campaign
    syl = ids(c)["Sylvestia"]
    with pytest.raises(CampaignError, match="above it"):
        missions.pick_attachment_reward(c, syl, "Nova Remedial Kit", "medical", 3, 1)
    c = missions.pick_attachment_reward(c, syl, "Nova Remedial Kit", "medical", 2, 1).campaign
    assert c.characters[0].attachments[-1].tier == 2  # after the Healer's starting attachment
    with pytest.raises(CampaignError, match="no attachment reward"):
        missions.pick_attachment_reward(c, syl, "Another", "melee", 1, 0)


def after_berkav_mission(fame=0, nova=20):
    c = historians()
    c = missions.record_mission(c, CONTENT, report(c, fame={"Berkav": fame})).campaign
    syl = ids(c)["Sylvestia"]
    return characters.adjust(c, syl, "nova_cells", nova).campaign, syl


def test_shop_is_on_the_last_missions_planet_gated_by_fame():
    # p.16: buy on the planet of the last mission; higher tiers need fame (p.14).
    c, syl = after_berkav_mission(fame=4)
    c2 = aboard.buy_equipment(c, CONTENT, syl, "Impervium Helm", "head", 1, 6, 1).campaign
    helm = c2.characters[0].equipment[0]
    assert (helm.planet, c2.characters[0].nova_cells) == ("Berkav", 14)
    with pytest.raises(CampaignError, match=r"needs 5 fame.*p\.16"):
        aboard.buy_equipment(c, CONTENT, syl, "Prodigious Jacket", "body", 2, 8, 0)
    with pytest.raises(CampaignError, match="last mission"):
        aboard.buy_equipment(c, CONTENT, syl, "Orbos Boots", "feet", 1, 3, 0, planet="Orbos")


def test_buying_without_enough_nova_cells_is_refused():
    c, syl = after_berkav_mission(nova=5)
    with pytest.raises(CampaignError, match="has 5 nova cells") as exc:
        aboard.buy_equipment(c, CONTENT, syl, "Impervium Helm", "head", 1, 6, 1)
    assert exc.value.field == "cost"


def test_no_shop_after_awakening():
    # p.16: "If the last mission did not have a planet name in the title ... (such as the tutorial
    # mission, "Awakening"), then shopping is not available."
    c = historians()
    c = missions.record_mission(c, CONTENT, report(c, mission="awakening")).campaign
    assert aboard.shop_planets(c, CONTENT) == {}
    with pytest.raises(CampaignError, match="Awakening"):
        aboard.buy_equipment(c, CONTENT, c.characters[0].id, "Helm", "head", 1, 1, 0)


def test_selling_gives_half_the_cost_rounded_down():
    # p.16: "equipment can be sold for half of its nova cell cost (rounded down)".
    c, syl = after_berkav_mission(nova=20)
    c = aboard.buy_equipment(c, CONTENT, syl, "Boots of Directed Combustibility", "feet", 1, 7, 0).campaign
    boots = c.characters[0].equipment[0]
    c = aboard.sell_equipment(c, syl, boots.id).campaign
    assert c.characters[0].nova_cells == 20 - 7 + 3
    assert c.characters[0].equipment == ()


def test_dismantle_gives_the_tier_and_starting_attachments_cannot_be_dismantled():
    # p.16: "a Tier 2 attachment ... they receive 2 nova cells"; "Starting attachments may not be dismantled."
    c = historians()
    syl = ids(c)["Sylvestia"]
    c = characters.add_attachment(c, syl, "Hemorrhage Inducer", "melee", 2, 0, False).campaign
    c = characters.add_attachment(c, syl, "Healer's Emblem", "starting", None, 1, True).campaign
    tier2, starting = c.characters[0].attachments[1:]  # after the Healer board's starting attachment
    after = characters.dismantle(c, syl, tier2.id).campaign
    assert after.characters[0].nova_cells == 2
    with pytest.raises(CampaignError, match=r"may not be dismantled \(p\.16\)"):
        characters.dismantle(c, syl, starting.id)


def test_spend_sp_on_action_cards_without_refunds():
    # p.15: subtract the SP cost; "Once SP have been spent, they may not be refunded".
    c = historians()
    syl = ids(c)["Sylvestia"]
    c = characters.adjust(c, syl, "sp", 4).campaign
    c = characters.buy_card(c, syl, "Urgent Care", 3).campaign
    assert c.characters[0].sp == 1 and c.characters[0].cards[0].name == "Urgent Care"
    with pytest.raises(CampaignError, match="has 1 SP"):
        characters.buy_card(c, syl, "Triage", 2)
    with pytest.raises(CampaignError, match="training mission"):
        characters.refund_card(c, syl, "Urgent Care")


def test_training_mission_allows_one_refund_per_character():
    # p.15: "each participating character may refund one purchased Action card".
    c = historians()
    who = ids(c)
    c = characters.adjust(c, who["Vincent"], "sp", 6).campaign
    c = characters.buy_card(c, who["Vincent"], "Cleave", 2).campaign
    c = characters.buy_card(c, who["Vincent"], "Shield Wall", 3).campaign
    change = missions.record_training(c, CONTENT, "Thespara", 1, True, (who["Vincent"], who["Augustus"]))
    c = change.campaign
    assert c.location == "Thespara"  # shop and expeditions on the training planet (p.15)
    c = characters.refund_card(c, who["Vincent"], "Shield Wall").campaign
    assert c.characters[1].sp == 1 + 3
    with pytest.raises(CampaignError, match="no refund"):
        characters.refund_card(c, who["Vincent"], "Cleave")


def test_standalone_training_mission_allowance():
    # p.16: nova cells 15 x tier, SP 3 x tier.
    c = rules.new_campaign("One-shot", CONTENT, standalone_tier=2)
    c = characters.add_character(c, CONTENT, "Kit", "Rogue", "Slink").campaign
    assert (c.characters[0].nova_cells, c.characters[0].sp) == (30, 6)
    assert set(aboard.shop_planets(c, CONTENT)) == {"Berkav", "Thespara", "Orbos"}


def test_one_piece_of_equipment_per_slot():
    # p.41: "One piece of equipment per equipment type (head, body, or feet) can be equipped at a time."
    c, syl = after_berkav_mission(nova=20)
    c = aboard.buy_equipment(c, CONTENT, syl, "Helm A", "head", 1, 1, 0).campaign
    c = aboard.buy_equipment(c, CONTENT, syl, "Helm B", "head", 1, 1, 0).campaign
    a, b = c.characters[0].equipment
    c = characters.toggle_equipped(c, CONTENT, syl, "equipment", a.id).campaign
    change = characters.toggle_equipped(c, CONTENT, syl, "equipment", b.id)
    assert [e.equipped for e in change.campaign.characters[0].equipment] == [False, True]
    assert "in place of Helm A" in change.description


def test_charging_moves_nova_cells_onto_the_card():
    # p.10: charge by placing nova cells from the play area on the charge slots, up to their number.
    c, syl = after_berkav_mission(nova=3)
    c = aboard.buy_equipment(c, CONTENT, syl, "Impervium Helm", "head", 1, 1, 2).campaign
    helm = c.characters[0].equipment[0]
    c = characters.charge(c, syl, "equipment", helm.id, 1).campaign
    c = characters.charge(c, syl, "equipment", helm.id, 1).campaign
    assert (c.characters[0].nova_cells, c.characters[0].equipment[0].charges) == (0, 2)
    with pytest.raises(CampaignError, match="holds 2"):
        characters.charge(c, syl, "equipment", helm.id, 1)


def test_only_unequipped_cards_change_hands():
    # p.15: "Nova cells and unequipped attachments and equipment may be exchanged between characters."
    c, syl = after_berkav_mission(nova=10)
    vin = ids(c)["Vincent"]
    c = aboard.buy_equipment(c, CONTENT, syl, "Helm", "head", 1, 2, 0).campaign
    helm = c.characters[0].equipment[0]
    worn = characters.toggle_equipped(c, CONTENT, syl, "equipment", helm.id).campaign
    with pytest.raises(CampaignError, match="Unequip it first"):
        characters.give_thing(worn, syl, vin, "equipment", helm.id)
    c = characters.give_thing(c, syl, vin, "equipment", helm.id).campaign
    c = characters.give_nova_cells(c, syl, vin, 3).campaign
    assert c.characters[1].equipment[0].name == "Helm" and c.characters[1].nova_cells == 3


def test_one_planetary_expedition_between_missions():
    # p.17: "Only a single Planetary Expedition card may be drawn between missions."
    c, _ = after_berkav_mission()
    c = aboard.planetary_expedition(c, "7", "discard").campaign
    with pytest.raises(CampaignError, match="single Planetary Expedition"):
        aboard.planetary_expedition(c, "8", "shuffle")
    c = aboard.story_expedition(c, "3", "shuffle").campaign  # story cards any time a mission says so
    c = missions.record_mission(c, CONTENT, report(c)).campaign  # a new between-missions
    with pytest.raises(CampaignError, match="never be drawn again"):
        aboard.planetary_expedition(c, "7", "shuffle")
    assert aboard.planetary_expedition(c, "8", "shuffle").campaign.expeditions[-1].deck == "Berkav"


def test_no_planetary_expedition_after_awakening():
    # p.17: no Planetary Expedition card after a mission without a planet, such as Awakening.
    c = historians()
    c = missions.record_mission(c, CONTENT, report(c, mission="awakening")).campaign
    with pytest.raises(CampaignError, match="Awakening"):
        aboard.planetary_expedition(c, "1", "shuffle")


def test_upgrade_board_needs_every_checkbox():
    # p.31: find every schematic/equipment/simulation and pay the Vanished technology, then perform.
    c = rules.adjust_vanished_tech(historians(), 2).campaign
    c = aboard.add_upgrade(c, "Laboratory", 3, [("schematic", "Lab plans"), ("simulation", "Sim 4")]).campaign
    uid = c.upgrades[0].id
    with pytest.raises(CampaignError, match="has 2"):
        aboard.pay_upgrade(c, uid)
    c = rules.adjust_vanished_tech(c, 1).campaign
    c = aboard.pay_upgrade(c, uid).campaign
    assert c.vanished_tech == 0
    with pytest.raises(CampaignError, match="find Lab plans, Sim 4"):
        aboard.perform_upgrade(c, uid)
    c = aboard.toggle_found(aboard.toggle_found(c, uid, 0).campaign, uid, 1).campaign
    assert aboard.perform_upgrade(c, uid).campaign.upgrades[0].performed


def test_campaign_round_trips_through_its_dict_form():
    c = historians()
    c = missions.record_mission(c, CONTENT, report(c, difficulty=1, sp=2)).campaign
    c = aboard.add_upgrade(c, "Workshop", 1, [("equipment", "Anvil")]).campaign
    assert rules.campaign_from_dict(rules.campaign_to_dict(c)) == c


def test_names_are_checked():
    with pytest.raises(CampaignError, match="required"):
        rules.new_campaign("   ", CONTENT)
    with pytest.raises(CampaignError, match="at most 80"):
        rules.new_campaign("x" * 81, CONTENT)
    c = historians()
    with pytest.raises(CampaignError, match="Class must be one of"):
        characters.add_character(c, CONTENT, "Zed", "Necromancer", "Human")
    c = rules.add_custom(c, "class", "Necromancer", CONTENT).campaign
    assert characters.add_character(c, CONTENT, "Zed", "Necromancer", "Human").campaign.characters[-1].class_name == "Necromancer"


def test_commands_never_change_the_campaign_they_were_given():
    c = historians()
    before = rules.campaign_to_dict(c)
    missions.record_mission(c, CONTENT, report(c, sp=3, fame={"Berkav": 5}))
    with pytest.raises(CampaignError):
        missions.record_mission(c, CONTENT, report(c, party=(c.characters[0].id,)))
    assert rules.campaign_to_dict(c) == before


def test_unknown_unlocks_are_refused_even_on_a_replay():
    c = historians()
    c = missions.record_mission(c, CONTENT, report(c, unlocks=("berkav-2",))).campaign
    with pytest.raises(CampaignError, match="No mission 'berkav-99'") as exc:
        missions.record_mission(c, CONTENT, report(c, unlocks=("berkav-99",)))
    assert exc.value.field == "unlocks"


def test_an_attachment_without_a_tier_is_a_starting_attachment():
    # p.45: a starting attachment's tier is X. The character page offers the tier "— (starting)" next to the
    # Starting box: either one means starting, so the combination it offers is never refused (issue 20).
    c = historians()
    syl = ids(c)["Sylvestia"]
    c = characters.add_attachment(c, syl, "Healer's Emblem", "starting", None, 1, False).campaign
    emblem = c.characters[0].attachments[-1]
    assert emblem.starting and emblem.tier is None
    with pytest.raises(CampaignError, match="tier is 1 to 4"):
        characters.add_attachment(c, syl, "Odd", "melee", 7, 0, False)


def test_items_are_carried_up_to_the_class_boards_item_slots():
    # p.41 E: a Character Class board's item slots; a board the table changed on the Cards page counts instead.
    from dataclasses import replace

    c = historians()
    vin = ids(c)["Vincent"]
    for n in range(3):
        c = characters.add_item(c, vin, str(n), f"Item {n}", False).campaign
    items = [i.id for i in next(ch for ch in c.characters if ch.id == vin).items if not i.equipped]
    boards = CONTENT.boards()
    three = {**boards, "Warrior": replace(boards["Warrior"], item_slots=len(items) + 1)}
    worn = c
    for item in items:
        worn = characters.toggle_equipped(worn, CONTENT, vin, "items", item, three).campaign
    assert all(i.equipped for i in next(ch for ch in worn.characters if ch.id == vin).items)
    one = {**boards, "Warrior": replace(boards["Warrior"], item_slots=1)}
    held = characters.toggle_equipped(c, CONTENT, vin, "items", items[0], one).campaign
    with pytest.raises(CampaignError, match=r"already carries 1 item \(the Warrior class board's item slots, p.41 E\)"):
        characters.toggle_equipped(held, CONTENT, vin, "items", items[1], one)


def test_a_played_missions_report_takes_the_books_rewards_on_a_success_only():
    # p.14 step 4 (a success gains the book's rewards, a failure none, p.13); p.9: the draw follows the
    # mission's rating, else the difficulty it was set up at.
    played = missions.MissionReport("berkav-1", True, ("c1", "c2"), difficulty=2)
    with_book = missions.with_book_rewards(played, 3, 1, {"Berkav": 2}, ("berkav-2",), 4)
    assert (with_book.sp, with_book.vanished_tech, with_book.fame, with_book.unlocks, with_book.difficulty) == (
        3, 1, {"Berkav": 2}, ("berkav-2",), 4)
    assert missions.with_book_rewards(played, 0, 0, {}, (), None).difficulty == 2
    failed = replace(played, success=False)
    assert missions.with_book_rewards(failed, 3, 1, {"Berkav": 2}, (), 4) == failed


def test_a_training_missions_attachment_reward_is_the_p14_draw_at_its_tier():
    # p.15 "attachment rewards will be determined accordingly" -> p.14 step 6 at the chosen tier, one pick each.
    c = historians()
    who = ids(c)
    change = missions.record_training(c, CONTENT, "Orbos", 2, True, (who["Vincent"], who["Augustus"]))
    assert any("Tier 1, Tier 2 decks (8 cards)" in r for r in change.reasons)
    c = change.campaign
    assert (c.reward_max_tier, c.reward_pickers) == (2, (who["Vincent"], who["Augustus"]))
    c = missions.pick_attachment_reward(c, who["Vincent"], "Kinetic Gauntlet", "melee", 1, 0).campaign
    with pytest.raises(CampaignError, match="no attachment reward"):
        missions.pick_attachment_reward(c, who["Vincent"], "Second", "melee", 2, 0)

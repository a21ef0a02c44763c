"""Between missions without retyping (issue 26): the table's cards offered again, one-tap purchases, and an
expedition's effects applied to the sheets by its record (p.16-17, p.39)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion import ROOT
from companion.phantom import aboard, characters, missions
from companion.phantom import campaign as rules
from companion.phantom.campaign import CampaignError, campaign_from_dict, campaign_to_dict
from companion.schemas.content.campaign import load_campaign_content
from conftest import campaign_state, character_ids

CONTENT, _ = load_campaign_content(Path(ROOT) / "data" / "phantom-epoch")


def after_berkav(nova=20, fame=4):
    c = rules.new_campaign("The Historians", CONTENT)
    for name, cls, species in [("Sylvestia", "Healer", "Slink"), ("Vincent", "Warrior", "Grallok")]:
        c = characters.add_character(c, CONTENT, name, cls, species).campaign
    party = tuple(ch.id for ch in c.characters)
    c = missions.record_mission(c, CONTENT, missions.MissionReport("berkav-1", True, party,
                                                                   fame={"Berkav": fame})).campaign
    for ch in c.characters:
        c = characters.adjust(c, ch.id, "nova_cells", nova).campaign
    return c, [ch.id for ch in c.characters]


def test_equipment_typed_once_is_bought_again_with_one_tap_and_the_price_checked():
    # p.16: bought on the planet of the last mission, paid in nova cells.
    c, (syl, vin) = after_berkav()
    c = aboard.buy_equipment(c, CONTENT, syl, "Impervium Helm", "head", 1, 6, 1, guard=1).campaign
    assert [e.name for e in aboard.catalogue(c).equipment] == ["Impervium Helm"]
    c = aboard.buy_from_catalogue(c, CONTENT, vin, "impervium helm").campaign
    helm = c.characters[1].equipment[0]
    assert (helm.name, helm.slot, helm.tier, helm.cost, helm.charge_slots, helm.guard, helm.planet) == \
        ("Impervium Helm", "head", 1, 6, 1, 1, "Berkav")
    assert c.characters[1].nova_cells == 14
    poor = characters.adjust(c, vin, "nova_cells", -12).campaign
    with pytest.raises(CampaignError, match=r"has 2 nova cells; Impervium Helm costs 6 \(p\.16\)"):
        aboard.buy_from_catalogue(poor, CONTENT, vin, "Impervium Helm")
    with pytest.raises(CampaignError, match="type it in once") as unknown:
        aboard.buy_from_catalogue(c, CONTENT, vin, "Orbos Boots")
    assert unknown.value.field == "card"


def test_sold_equipment_goes_back_to_its_planet_deck_and_stays_in_the_catalogue():
    # p.16: "the Equipment card is put back in its original planet deck".
    c, (syl, _) = after_berkav()
    c = aboard.buy_equipment(c, CONTENT, syl, "Boots of Directed Combustibility", "feet", 1, 7, 0).campaign
    c = aboard.sell_equipment(c, syl, c.characters[0].equipment[0].id).campaign
    assert c.characters[0].equipment == ()
    assert [e.name for e in aboard.catalogue(c).equipment] == ["Boots of Directed Combustibility"]
    assert campaign_from_dict(json.loads(json.dumps(campaign_to_dict(c)))) == c


def test_attachments_and_items_typed_once_are_in_the_catalogue():
    c, (syl, vin) = after_berkav()
    c = characters.add_attachment(c, syl, "Hemorrhage Inducer", "melee", 2, 0, False).campaign
    c = characters.add_item(c, vin, "12", "Stim Pack", True).campaign
    cat = aboard.catalogue(c)
    assert "Hemorrhage Inducer" in [a.name for a in cat.attachments]
    assert ("12", "Stim Pack", True) in [(i.number, i.name, i.once_per_mission) for i in cat.items]


def test_an_expeditions_effects_are_applied_to_the_sheets_by_its_record():
    # p.17: the result's gains and losses applied; a loss larger than what is held takes all there is.
    c, (syl, vin) = after_berkav(nova=3, fame=1)
    c = characters.add_item(c, syl, "12", "Stim Pack", True).campaign
    effects = aboard.ExpeditionEffects(nova_cells={syl: 4, vin: -5}, sp={vin: 2}, fame={"Berkav": 1},
                                       vanished_tech=2, item_character=vin, item_name="stim pack")
    change = aboard.planetary_expedition(c, "7", "shuffle", effects=effects)
    c2 = change.campaign
    s, v = c2.characters
    assert (s.nova_cells, v.nova_cells, v.sp, c2.fame["Berkav"], c2.vanished_tech) == (7, 0, c.characters[1].sp + 2,
                                                                                        2, 2)
    assert [i.name for i in v.items] == ["Stim Pack"] and v.items[0].number == "12"  # from the catalogue
    record = c2.expeditions[-1]
    assert record.effects == ("Sylvestia +4 nova cells", "Vincent -5 nova cells (had 3: loses all, p.17)",
                              "Vincent +2 SP", "fame on Berkav +1", "Vanished technology +2",
                              "Vincent gained the item Stim Pack (#12)")
    assert "shuffled back into its deck: Sylvestia +4 nova cells" in change.description


def test_a_story_expedition_is_never_shuffled_back():
    # p.17: "The Story Expedition card deck is never shuffled."
    c, _ = after_berkav()
    change = aboard.story_expedition(c, "3", "shuffle")
    assert "returned to its place in the Story deck (never shuffled, p.17)" in change.description
    assert aboard.expedition_fate("Story", "shuffle").startswith("returned to its place")
    assert aboard.expedition_fate("Berkav", "shuffle") == "shuffled back into its deck"


def test_an_effect_on_a_planet_not_on_the_sheet_is_refused():
    c, _ = after_berkav()
    with pytest.raises(CampaignError, match="No planet 'Mars'"):
        aboard.story_expedition(c, "3", "shuffle", effects=aboard.ExpeditionEffects(fame={"Mars": 1}))


# -- through the aboard page's forms --------------------------------------------------------------------------

@pytest.fixture
def after_mission(table, campaign, app):
    who = character_ids(app)
    table.post(f"{campaign}/missions/result", {
        "mission": "berkav-1", "outcome": "success", "party": [who["Sylvestia"], who["Vincent"]],
        "difficulty": "1", "fame_Berkav": "4", "nova_" + who["Sylvestia"]: "12", "nova_" + who["Vincent"]: "12"})
    return campaign, who


def test_a_purchase_from_the_table_cards_is_one_tap(table, app, after_mission):
    url, who = after_mission
    resp = table.post(f"{url}/aboard/buy", {"character": who["Sylvestia"], "name": "Impervium Helm", "slot": "head",
                                            "tier": "1", "cost": "6", "charge_slots": "1"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="equipment-catalogue"' in page and 'value="Impervium Helm"' in page
    resp = table.post(f"{url}/aboard/buy-card", {"_form": "buy-card", "character": who["Vincent"], "card": "Impervium Helm"})
    assert resp.status_code == 200 and "Vincent bought Impervium Helm (tier 1 head, Berkav) for 6 nova cells" in \
        resp.get_data(as_text=True)
    assert campaign_state(app).characters[1].nova_cells == 6
    resp = table.post(f"{url}/aboard/buy-card", {"_form": "buy-card", "character": who["Vincent"], "card": "Impervium Helm"})
    assert resp.status_code == 200
    resp = table.post(f"{url}/aboard/buy-card", {"_form": "buy-card", "character": who["Vincent"], "card": "Impervium Helm"})
    assert resp.status_code == 422 and "has 0 nova cells" in resp.get_data(as_text=True), resp.get_data(as_text=True)


def test_an_expedition_form_applies_its_effects_and_a_story_card_is_not_shuffled(table, app, after_mission):
    url, who = after_mission
    resp = table.post(f"{url}/aboard/expedition", {
        "deck": "planetary", "card": "7", "result": "shuffle", "nova_" + who["Sylvestia"]: "4",
        "sp_" + who["Vincent"]: "", "fame_Berkav": "1", "item_character": who["Vincent"], "item_name": "Stim Pack",
        "item_number": "12"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Sylvestia +4 nova cells; fame on Berkav +1" in page
    c = campaign_state(app)
    assert c.characters[0].nova_cells == 16 and c.fame["Berkav"] == 5
    assert [i.name for i in c.characters[1].items] == ["Stim Pack"]
    page = table.post(f"{url}/aboard/expedition", {"deck": "story", "card": "3", "result": "shuffle"}
                      ).get_data(as_text=True)
    assert "Story 3 — returned to its place in the Story deck (never shuffled, p.17)" in page
    assert "shuffled back" not in page.split('id="expeditions"')[1].split("</ol>")[0].split("Story 3")[1][:60]
    bad = table.post(f"{url}/aboard/expedition", {"deck": "story", "card": "4", "result": "shuffle",
                                                  "nova_" + who["Sylvestia"]: "many"})
    assert bad.status_code == 422 and campaign_state(app).characters[0].nova_cells == 16


def test_an_exported_campaign_keeps_expedition_effects_and_the_shop(table, app, after_mission):
    url, who = after_mission
    table.post(f"{url}/aboard/buy", {"character": who["Sylvestia"], "name": "Helm", "slot": "head", "tier": "1",
                                     "cost": "2"})
    table.post(f"{url}/aboard/sell", {"character": who["Sylvestia"], "thing": campaign_state(app).characters[0]
                                      .equipment[0].id})
    table.post(f"{url}/aboard/expedition", {"deck": "story", "card": "3", "result": "shuffle", "fame_Berkav": "1"})
    exported = table.get(f"{url}/export")
    resp = table.post("/campaigns/import", {"file": (io.BytesIO(exported.data), "historians.json")}, htmx=False,
                      content_type="multipart/form-data")
    assert resp.status_code == 303, resp.get_data(as_text=True)
    copy = campaign_state(app, 2)
    assert [e.name for e in copy.shop_cards] == ["Helm"] and copy.expeditions[-1].effects == ("fame on Berkav +1",)


def test_an_attachment_or_item_typed_once_is_gained_again_with_one_tap(table, app, after_mission):
    url, who = after_mission
    table.post(f"{url}/characters/{who['Sylvestia']}/attachments", {"name": "Hemorrhage Inducer", "type": "melee",
                                                                    "tier": "2", "charge_slots": "1"})
    table.post(f"{url}/characters/{who['Sylvestia']}/items", {"number": "12", "name": "Stim Pack",
                                                              "once_per_mission": "on"})
    page = table.get(f"{url}/aboard").get_data(as_text=True)
    assert 'id="attachments-catalogue"' in page and 'value="Hemorrhage Inducer"' in page and "#12" in page
    resp = table.post(f"{url}/aboard/gain-card", {"_form": "gain-attachments", "character": who["Vincent"],
                                                  "kind": "attachments", "card": "Hemorrhage Inducer"})
    assert resp.status_code == 200 and "Vincent gained the tier 2 attachment Hemorrhage Inducer" in \
        resp.get_data(as_text=True)
    table.post(f"{url}/aboard/gain-card", {"character": who["Vincent"], "kind": "items", "card": "Stim Pack"})
    vincent = campaign_state(app).characters[1]
    att = vincent.attachments[-1]
    assert (att.name, att.type, att.tier, att.charge_slots) == ("Hemorrhage Inducer", "melee", 2, 1)
    assert [(i.number, i.name, i.once_per_mission) for i in vincent.items] == [("12", "Stim Pack", True)]
    unknown = table.post(f"{url}/aboard/gain-card", {"_form": "gain-items", "character": who["Vincent"],
                                                     "kind": "items", "card": "Jetpack"})
    assert unknown.status_code == 422 and "type it in once" in unknown.get_data(as_text=True)


def test_the_character_sheet_offers_the_table_cards_one_tap_with_the_price_checked(table, app, after_mission):
    # The same catalogue as aboard, on the sheet of the character who gains or buys: an attachment keeps the
    # critical ability it was typed with (p.20); an Equipment card is bought at its price on its planet (p.16).
    url, who = after_mission
    sylvestia, vincent = (f"{url}/characters/{who[n]}" for n in ("Sylvestia", "Vincent"))
    table.post(f"{sylvestia}/attachments", {"name": "Hemorrhage Inducer", "type": "melee", "tier": "2",
                                            "critical_condition": "Bleeding", "critical_damage": "1"})
    table.post(f"{sylvestia}/items", {"number": "12", "name": "Stim Pack"})
    table.post(f"{url}/aboard/buy", {"character": who["Sylvestia"], "name": "Impervium Helm", "slot": "head",
                                     "tier": "1", "cost": "7"})
    page = table.get(vincent).get_data(as_text=True)
    for kind, card in (("attachments", "Hemorrhage Inducer"), ("items", "Stim Pack"), ("equipment", "Impervium Helm")):
        offered = page.split(f'id="{kind}-catalogue"')[1].split("</div>")[0]
        assert f'value="{card}"' in offered, kind
    assert "critical: the target is Bleeding; 1 damage to the target" in page

    resp = table.post(f"{vincent}/gain-card", {"_form": "gain-attachments", "character": who["Vincent"],
                                               "kind": "attachments", "card": "Hemorrhage Inducer"})
    assert resp.status_code == 200 and "Vincent gained the tier 2 attachment Hemorrhage Inducer" in \
        resp.get_data(as_text=True) and "<h1>Vincent" in resp.get_data(as_text=True)  # the sheet answers
    table.post(f"{vincent}/gain-card", {"_form": "gain-items", "character": who["Vincent"], "kind": "items",
                                        "card": "Stim Pack"})
    resp = table.post(f"{vincent}/buy-card", {"_form": "buy-again", "character": who["Vincent"],
                                              "card": "Impervium Helm"})
    assert resp.status_code == 200 and "Vincent bought Impervium Helm (tier 1 head, Berkav) for 7 nova cells" in \
        resp.get_data(as_text=True)
    v = campaign_state(app).characters[1]
    att = v.attachments[-1]
    assert (att.name, att.critical.condition, att.critical.damage) == ("Hemorrhage Inducer", "Bleeding", 1)
    assert [i.name for i in v.items] == ["Stim Pack"] and [e.name for e in v.equipment] == ["Impervium Helm"]
    assert v.nova_cells == 5
    resp = table.post(f"{vincent}/buy-card", {"_form": "buy-again", "character": who["Vincent"],
                                              "card": "Impervium Helm"})
    assert resp.status_code == 422 and "has 5 nova cells; Impervium Helm costs 7" in resp.get_data(as_text=True)
    assert campaign_state(app).characters[1].nova_cells == 5

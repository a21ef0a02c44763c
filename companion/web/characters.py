"""A character sheet: SP and action cards, nova cells, equipment, attachments, items."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask import Blueprint, abort, url_for

from ..phantom import aboard as aboard_rules
from ..phantom import campaign as rules
from ..phantom import characters as ch_rules
from ..phantom import sheet as sheet_rules
from ..phantom.conditions import CONDITIONS
from ..schemas.forms.aboard import BuyFromCatalogueForm, GainFromCatalogueForm
from ..schemas.forms.characters import (
    ActiveForm, AttachmentForm, BuyCardForm, ChargeForm, CounterForm, EditCharacterForm, GiveNovaForm,
    GiveThingForm, GuardForm, ItemForm, NumbersForm, RefundForm, ThingForm,
)
from .cards import class_boards_in_use, species_in_use
from .campaign_context import CAMPAIGN, CampaignFrame, base_context, page_renderer, register_page
from .commands import run
from .render import content

bp = Blueprint("characters", __name__, url_prefix="/campaigns/<int:campaign_id>/characters/<character_id>")


@dataclass(frozen=True, kw_only=True)
class CharacterSheet(CampaignFrame):
    ch: Any  # the character shown
    others: list  # the campaign's other characters
    other_options: list
    giveable: list  # (kind:id, label) of what is not equipped and may be given
    classes: list
    species: list
    attachment_types: Any
    conditions: Any  # what an attachment's critical ability may inflict
    dismantle_value: Callable
    completed: list  # the missions it completed, labelled
    carried: Any  # what the sheet brings to the mission table (sheet.carried)
    species_card: Any  # its species' card as the table typed it once (HP, AP, special, verified), or None
    catalogue: Any  # aboard.Catalogue: the table's cards typed once, offered again one tap each
    no_shop: str | None  # why no Equipment card can be bought now, when no shop is open


def sheet_context(campaign_id: int, character_id: str, **kw) -> CharacterSheet:
    frame = base_context(campaign_id, f"character:{character_id}", **kw)
    c, info = frame["c"], frame["content"]
    try:
        ch = rules.character(c, character_id)
    except rules.CampaignError:  # a character id that is not in this campaign: there is no such page
        abort(404)
    others = [o for o in c.characters if o.id != character_id]
    numbers = species_in_use()
    return CharacterSheet(
        **frame, ch=ch, others=others, other_options=[(o.id, o.name) for o in others],
        giveable=[(f"equipment:{e.id}", f"{e.name} (equipment)") for e in ch.equipment if not e.equipped]
        + [(f"attachments:{a.id}", f"{a.name} (attachment)") for a in ch.attachments if not a.equipped],
        classes=rules.classes(c, info), species=rules.species(c, info),
        attachment_types=ch_rules.ATTACHMENT_TYPES, conditions=CONDITIONS, dismantle_value=ch_rules.dismantle_value,
        completed=[rules.mission_label(info, m) for m in ch.completed], carried=sheet_rules.carried(ch, numbers),
        species_card=numbers.get(ch.species),
        catalogue=aboard_rules.catalogue(c),
        no_shop=None if aboard_rules.shop_planets(c, info) else aboard_rules.no_shop_reason(c))


page = page_renderer("characters/character.html", sheet_context)
register_page("character", page, keyed=True)  # its bar sends "character:<id>"


def act(campaign_id: int, character_id: str, schema, command):
    url = url_for(".show", campaign_id=campaign_id, character_id=character_id)
    return run(CAMPAIGN, campaign_id, schema, command, page=page(campaign_id, character_id), url=url)


@bp.get("")
def show(campaign_id: int, character_id: str):
    return page(campaign_id, character_id)()


@bp.post("/edit")
def edit(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, EditCharacterForm, lambda c, f: ch_rules.edit_character(
        c, content(), character_id, f.version, f.name, f.class_name, f.species))


@bp.post("/counter")
def counter(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, CounterForm, lambda c, f: ch_rules.adjust(c, character_id, f.what, f.delta))


@bp.post("/active")
def active(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, ActiveForm, lambda c, f: ch_rules.set_active(c, character_id, f.active))


@bp.post("/cards")
def buy_card(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, BuyCardForm,
               lambda c, f: ch_rules.buy_card(c, character_id, f.card_name, f.sp_cost))


@bp.post("/cards/refund")
def refund_card(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, RefundForm, lambda c, f: ch_rules.refund_card(c, character_id, f.card_name))


@bp.post("/attachments")
def add_attachment(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, AttachmentForm, lambda c, f: ch_rules.add_attachment(
        c, character_id, f.name, f.type, f.tier, f.charge_slots, f.starting, critical={
            "condition": f.critical_condition, "damage": f.critical_damage, "push": f.critical_push,
            "adjacent_attack": f.critical_adjacent_attack, "text": f.critical_text}))


@bp.post("/buy-card")
def buy_card_again(campaign_id: int, character_id: str):
    """One tap on an Equipment card of the table's catalogue, bought as the aboard page buys it."""
    return act(campaign_id, character_id, BuyFromCatalogueForm,
               lambda c, f: aboard_rules.buy_from_catalogue(c, content(), f.character, f.card))


@bp.post("/gain-card")
def gain_card_again(campaign_id: int, character_id: str):
    """One tap on an attachment or item card of the table's catalogue, gained as the aboard page gains it."""
    return act(campaign_id, character_id, GainFromCatalogueForm,
               lambda c, f: aboard_rules.gain_from_catalogue(c, f.character, f.kind, f.card))


@bp.post("/items")
def add_item(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, ItemForm,
               lambda c, f: ch_rules.add_item(c, character_id, f.number, f.name, f.once_per_mission))


@bp.post("/equip")
def equip(campaign_id: int, character_id: str):
    boards = class_boards_in_use()  # read before the change's transaction (it may start the card library)
    return act(campaign_id, character_id, ThingForm,
               lambda c, f: ch_rules.toggle_equipped(c, content(), character_id, f.kind, f.thing, boards))


@bp.post("/charge")
def charge(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, ChargeForm,
               lambda c, f: ch_rules.charge(c, character_id, f.kind, f.thing, f.delta))


@bp.post("/dismantle")
def dismantle(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, ThingForm, lambda c, f: ch_rules.dismantle(c, character_id, f.thing))


@bp.post("/give-nova")
def give_nova(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, GiveNovaForm,
               lambda c, f: ch_rules.give_nova_cells(c, character_id, f.to_character, f.amount))


@bp.post("/give")
def give_thing(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, GiveThingForm,
               lambda c, f: ch_rules.give_thing(c, character_id, f.to_character, f.kind, f.thing))


@bp.post("/numbers")
def numbers(campaign_id: int, character_id: str):
    return act(campaign_id, character_id, NumbersForm,
               lambda c, f: sheet_rules.set_numbers(c, character_id, f.max_hp, f.max_ap))


@bp.post("/guard")
def guard(campaign_id: int, character_id: str):
    def command(c, f):
        things = getattr(rules.character(c, character_id), f.kind)
        now = next((t.guard for t in things if t.id == f.thing), 0)
        return sheet_rules.set_guard(c, character_id, f.kind, f.thing, now + f.delta)
    return act(campaign_id, character_id, GuardForm, command)

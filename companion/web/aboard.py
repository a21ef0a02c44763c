"""Aboard the Phantom Epoch between missions: shop, expeditions, the upgrade board."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, url_for

from ..phantom import aboard as rules
from ..phantom.characters import SLOTS
from ..schemas.forms.aboard import (
    BuyEquipmentForm, ExpeditionForm, SellForm, UnlockExpeditionForm, UpgradeActionForm, UpgradeForm,
)
from .campaign_context import CAMPAIGN, CampaignFrame, base_context, page_renderer, register_page
from .commands import run
from .render import content

bp = Blueprint("aboard", __name__, url_prefix="/campaigns/<int:campaign_id>/aboard")


@dataclass(frozen=True, kw_only=True)
class AboardPage(CampaignFrame):
    shops: list  # the planets whose shop is open
    no_shop: str | None  # why no shop is open, when none is
    slots: Any
    buyer_options: list
    for_sale: list  # (character, equipment, price)
    expedition_decks: list


def aboard_context(campaign_id: int, **kw) -> AboardPage:
    frame = base_context(campaign_id, "aboard", **kw)
    c = frame["c"]
    shops = rules.shop_planets(c, frame["content"])
    return AboardPage(
        **frame, shops=shops, no_shop=None if shops else rules.no_shop_reason(c), slots=SLOTS,
        buyer_options=[(ch.id, f"{ch.name} ({ch.nova_cells} nova cells)") for ch in c.characters if ch.active],
        for_sale=[(ch, e, rules.sale_price(e)) for ch in c.characters for e in ch.equipment],
        expedition_decks=list(c.fame) + [rules.STORY_DECK])


page = page_renderer("aboard/aboard.html", aboard_context)
register_page("aboard", page)


def act(campaign_id: int, schema, command):
    return run(CAMPAIGN, campaign_id, schema, command, page=page(campaign_id),
               url=url_for(".show", campaign_id=campaign_id))


@bp.get("")
def show(campaign_id: int):
    return page(campaign_id)()


@bp.post("/buy")
def buy(campaign_id: int):
    return act(campaign_id, BuyEquipmentForm, lambda c, f: rules.buy_equipment(
        c, content(), f.character, f.name, f.slot, f.tier, f.cost, f.charge_slots, planet=f.planet or None))


@bp.post("/sell")
def sell(campaign_id: int):
    return act(campaign_id, SellForm, lambda c, f: rules.sell_equipment(c, f.character, f.thing))


@bp.post("/expedition")
def expedition(campaign_id: int):
    def command(c, f):
        draw = rules.planetary_expedition if f.deck == "planetary" else rules.story_expedition
        return draw(c, f.card, f.result, f.note)
    return act(campaign_id, ExpeditionForm, command)


@bp.post("/expedition/unlock")
def unlock_expedition(campaign_id: int):
    return act(campaign_id, UnlockExpeditionForm, lambda c, f: rules.unlock_expedition(c, f.deck, f.card))


@bp.post("/upgrades")
def add_upgrade(campaign_id: int):
    return act(campaign_id, UpgradeForm, lambda c, f: rules.add_upgrade(c, f.name, f.cost, list(f.requirements)))


@bp.post("/upgrades/step")
def upgrade_step(campaign_id: int):
    def command(c, f):
        if f.action == "found":
            return rules.toggle_found(c, f.upgrade, f.index)
        return (rules.pay_upgrade if f.action == "pay" else rules.perform_upgrade)(c, f.upgrade)
    return act(campaign_id, UpgradeActionForm, command)

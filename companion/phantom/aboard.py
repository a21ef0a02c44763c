"""Between missions, aboard the Phantom Epoch (p.15-17, 31): shop, expeditions, upgrades."""
from __future__ import annotations

from dataclasses import field, replace

from .campaign import (
    Campaign, CampaignError, Change, Equipment, ExpeditionRecord, Requirement, Upgrade,
    character, clean_name, new_id, put_character,
)
from .characters import SLOTS, add_attachment, add_item, check_charge_slots, choose, find_thing
from .content import CampaignContent
from ..record import record

REQUIREMENT_KINDS = ("schematic", "equipment", "simulation")
EXPEDITION_RESULTS = ("shuffle", "discard")
STORY_DECK = "Story"


def shop_planets(c: Campaign, content: CampaignContent) -> dict:
    """Planet -> highest tier on sale. Empty when there is no shop (p.16)."""
    if c.standalone_tier:
        return {p: min(c.standalone_tier, max(t.tier for t in content.fame_tiers)) for p in c.fame}
    if c.location is None:
        return {}
    return {c.location: content.shop_tier(c.fame.get(c.location, 0))}


def no_shop_reason(c: Campaign) -> str:
    if c.last_mission is None and c.location is None:
        return "The shop opens after a mission on Berkav, Thespara or Orbos (p.16)."
    return "No shopping after a mission without a planet in its title, such as Awakening (p.16)."


def buy_equipment(c: Campaign, content: CampaignContent, character_id: str, name: str, slot: str, tier: int,
                  cost: int, charge_slots: int, planet: str | None = None, guard: int = 0) -> Change:
    ch = character(c, character_id)
    name = clean_name(name, "name", "Equipment name")
    slot = choose(slot, SLOTS, "slot", "Slot")
    shops = shop_planets(c, content)
    if not shops:
        raise CampaignError("planet", no_shop_reason(c))
    planet = planet or c.location
    if planet not in shops:
        raise CampaignError("planet", f"Equipment is bought on the planet of the last mission ({c.location}), "
                                      f"not {planet} (p.16).")
    if tier not in (1, 2, 3):
        raise CampaignError("tier", f"Equipment tier is 1 to 3 (got {tier}) (p.44).")
    if tier > shops[planet]:
        need = next(t.min_fame for t in content.fame_tiers if t.tier == tier)
        raise CampaignError("tier", f"Tier {tier} equipment on {planet} needs {need} fame; the team has "
                                    f"{c.fame.get(planet, 0)} (p.16).")
    if cost < 0 or cost > 999:
        raise CampaignError("cost", f"Cost is 0 to 999 nova cells (got {cost}).")
    if cost > ch.nova_cells:
        raise CampaignError("cost", f"{ch.name} has {ch.nova_cells} nova cells; {name} costs {cost} (p.16).")
    check_charge_slots(charge_slots)
    c, eid = new_id(c, "e")
    ch = character(c, character_id)
    item = Equipment(eid, name, slot, tier, planet, cost, charge_slots, guard=guard)
    ch = replace(ch, nova_cells=ch.nova_cells - cost, equipment=ch.equipment + (item,))
    return Change(put_character(c, ch), f"{ch.name} bought {name} (tier {tier} {slot}, {planet}) for {cost} nova cells")


def sale_price(item: Equipment) -> int:
    """Half the nova cell cost, rounded down (p.16)."""
    return item.cost // 2


def sell_equipment(c: Campaign, character_id: str, equipment_id: str) -> Change:
    """Half the cost, rounded down, after a mission on any planet (p.16)."""
    ch = character(c, character_id)
    item = find_thing(ch, "equipment", equipment_id)
    if c.location is None and not c.standalone_tier:
        raise CampaignError("thing", "Equipment is sold after a mission on a planet (p.16); the last mission had none.")
    price = sale_price(item)
    ch = replace(ch, equipment=tuple(e for e in ch.equipment if e.id != item.id),
                 nova_cells=ch.nova_cells + price + item.charges)
    text = f"{ch.name} sold {item.name} for {price} nova cells (half of {item.cost}, rounded down, p.16)"
    if item.charges:
        text += f" and took back {item.charges} charge(s)"
    # p.16: "the Equipment card is put back in its original planet deck": the shop offers it again.
    card = replace(item, equipped=False, charges=0)
    shop = tuple(e for e in c.shop_cards if e.name != card.name) + (card,)
    return Change(replace(put_character(c, ch), shop_cards=shop), text)


@record
class Catalogue:
    """The table's own cards, typed once and offered again: every Equipment card a character holds or sold back
    to its planet deck (p.16), every attachment and item card a character holds; one of each name."""
    equipment: tuple[Equipment, ...] = ()
    attachments: tuple = ()  # campaign.Attachment
    items: tuple = ()  # campaign.Item


def catalogue(c: Campaign) -> Catalogue:
    def unique(cards):
        seen = {}
        for card in cards:
            seen.setdefault(card.name.casefold(), card)
        return tuple(sorted(seen.values(), key=lambda card: card.name.casefold()))

    everyone = c.characters
    return Catalogue(unique([e for ch in everyone for e in ch.equipment] + list(c.shop_cards)),
                     unique(a for ch in everyone for a in ch.attachments),
                     unique(i for ch in everyone for i in ch.items))


def _named(cards, name: str):
    """The card of that name (as typed in any case), or None."""
    wanted = (name or "").strip().casefold()
    return next((card for card in cards if card.name.casefold() == wanted), None)


def buy_from_catalogue(c: Campaign, content: CampaignContent, character_id: str, name: str) -> Change:
    """One tap: an Equipment card of the catalogue bought as printed (its slot, tier, cost, charge slots and
    Guard), on its planet's shop, refused like any purchase when the fame or the nova cells fall short (p.16)."""
    card = _named(catalogue(c).equipment, name)
    if card is None:
        raise CampaignError("card", f"No Equipment card {name!r} among the table's cards; type it in once below.")
    return buy_equipment(c, content, character_id, card.name, card.slot, card.tier, card.cost, card.charge_slots,
                         planet=card.planet, guard=card.guard)


CATALOGUE_KINDS = ("attachments", "items")


def gain_from_catalogue(c: Campaign, character_id: str, kind: str, name: str) -> Change:
    """One tap: an attachment or item card of the catalogue gained by a character as printed (a reward, an
    expedition's find), its type, tier, charge slots and Guard or its number as typed the first time."""
    kind = choose(kind, CATALOGUE_KINDS, "kind", "Kind of card")
    card = _named(getattr(catalogue(c), kind), name)
    if card is None:
        raise CampaignError("card", f"No {'attachment' if kind == 'attachments' else 'item'} card {name!r} among "
                                    "the table's cards; type it in once on the character sheet.")
    if kind == "items":
        return add_item(c, character_id, card.number, card.name, card.once_per_mission)
    change = add_attachment(c, character_id, card.name, card.type, card.tier, card.charge_slots, card.starting,
                            critical=card.critical.to_dict() if card.critical else None)
    if not card.guard:
        return change
    ch = character(change.campaign, character_id)  # the Guard printed on the card comes along (p.21 step 5)
    ch = replace(ch, attachments=ch.attachments[:-1] + (replace(ch.attachments[-1], guard=card.guard),))
    return Change(put_character(change.campaign, ch), change.description)


@record
class ExpeditionEffects:
    """What an Expedition card's result gives or takes (p.17, p.39 F), applied to the sheets with its record:
    nova cells and SP by character id, fame by planet, Vanished technology, and an item card for a character."""
    nova_cells: dict = field(default_factory=dict)
    sp: dict = field(default_factory=dict)
    fame: dict = field(default_factory=dict)
    vanished_tech: int = 0
    item_character: str = ""
    item_number: str = ""
    item_name: str = ""


def _apply_effects(c: Campaign, effects: ExpeditionEffects) -> tuple[Campaign, tuple[str, ...]]:
    """p.17: a loss larger than what is held takes all there is, and the card is resolved anyway."""
    said = []

    def short(have: int, change: int) -> str:
        return f" (had {have}: loses all, p.17)" if have + change < 0 else ""

    for kind, word in (("nova_cells", "nova cells"), ("sp", "SP")):
        for cid, n in getattr(effects, kind).items():
            if not n:
                continue
            ch = character(c, cid)
            have = getattr(ch, kind)
            c = put_character(c, replace(ch, **{kind: max(0, have + n)}))
            said.append(f"{ch.name} {n:+d} {word}{short(have, n)}")
    for planet, n in effects.fame.items():
        if not n:
            continue
        if planet not in c.fame:
            raise CampaignError("fame", f"No planet {planet!r} on the Campaign sheet.")
        have = c.fame[planet]
        c = replace(c, fame={**c.fame, planet: max(0, have + n)})
        said.append(f"fame on {planet} {n:+d}{short(have, n)}")
    if effects.vanished_tech:
        have = c.vanished_tech
        c = replace(c, vanished_tech=max(0, have + effects.vanished_tech))
        said.append(f"Vanished technology {effects.vanished_tech:+d}{short(have, effects.vanished_tech)}")
    if effects.item_name.strip():
        if not effects.item_character:
            raise CampaignError("item_character", "Choose who gains the item.")
        known = _named(catalogue(c).items, effects.item_name)
        number = effects.item_number or (known.number if known else "")
        once = known.once_per_mission if known else False
        gained = add_item(c, effects.item_character, number, known.name if known else effects.item_name, once)
        c = gained.campaign
        said.append(gained.description)
    return c, tuple(said)


def expedition_fate(deck: str, result: str) -> str:
    """What became of the card (p.17, p.39 G): the Story deck is never shuffled."""
    if result == "discard":
        return "discarded from the campaign"
    return "returned to its place in the Story deck (never shuffled, p.17)" if deck == STORY_DECK else \
        "shuffled back into its deck"


def _deck_key(deck: str, card: str) -> str:
    return f"{deck}:{card}"


def _card(card: str) -> str:
    card = (card or "").strip()
    if not card or len(card) > 12:
        raise CampaignError("card", f"Card number is 1 to 12 characters (got {card!r}).")
    return card


def planetary_expedition(c: Campaign, card: str, result: str, note: str = "",
                         effects: ExpeditionEffects | None = None) -> Change:
    """One planetary card between missions, from the last mission's planet (p.17)."""
    card, result = _card(card), choose(result, EXPEDITION_RESULTS, "result", "Result")
    if c.location is None:
        raise CampaignError("card", "No planetary expedition after a mission without a planet, such as Awakening, "
                                    "or before the first mission (p.17).")
    if c.planetary_drawn:
        raise CampaignError("card", "Only a single Planetary Expedition card may be drawn between missions (p.17).")
    return _expedition(replace(c, planetary_drawn=True), c.location, card, result, note, effects)


def story_expedition(c: Campaign, card: str, result: str, note: str = "",
                     effects: ExpeditionEffects | None = None) -> Change:
    """Story cards are read by number when a mission says so; the deck is never shuffled (p.17)."""
    card, result = _card(card), choose(result, EXPEDITION_RESULTS, "result", "Result")
    return _expedition(c, STORY_DECK, card, result, note, effects)


def _expedition(c: Campaign, deck: str, card: str, result: str, note: str,
                effects: ExpeditionEffects | None = None) -> Change:
    if len(note or "") > 500:
        raise CampaignError("note", f"The note is at most 500 characters (got {len(note)}).")
    key = _deck_key(deck, card)
    if key in c.discarded_expeditions:
        raise CampaignError("card", f"{deck} expedition {card} was discarded from this campaign and can never be "
                                    "drawn again (p.39).")
    c, said = _apply_effects(c, effects or ExpeditionEffects())
    record = ExpeditionRecord(deck, card, result, (note or "").strip(), said)
    discarded = c.discarded_expeditions + ((key,) if result == "discard" else ())
    c = replace(c, expeditions=c.expeditions + (record,), discarded_expeditions=discarded)
    return Change(c, f"{deck} expedition {card} resolved and {expedition_fate(deck, result)}"
                     + (": " + "; ".join(said) if said else ""), said)


def unlock_expedition(c: Campaign, deck: str, card: str) -> Change:
    card = _card(card)
    if deck not in c.fame and deck != STORY_DECK:
        raise CampaignError("deck", f"No expedition deck {deck!r}.")
    key = _deck_key(deck, card)
    if key in c.unlocked_expeditions:
        raise CampaignError("card", f"{deck} expedition {card} is already unlocked.")
    return Change(replace(c, unlocked_expeditions=c.unlocked_expeditions + (key,)),
                  f"{deck} expedition {card} unlocked and shuffled into its deck (p.17)")


def add_upgrade(c: Campaign, name: str, cost: int, requirements: list[tuple[str, str]]) -> Change:
    name = clean_name(name, "name", "Upgrade name")
    if not 0 <= cost <= 99:
        raise CampaignError("cost", f"Vanished technology cost is 0 to 99 (got {cost}).")
    reqs = []
    for kind, req_name in requirements:
        kind = choose(kind, REQUIREMENT_KINDS, "requirements", "Requirement kind")
        reqs.append(Requirement(kind, clean_name(req_name, "requirements", "Requirement name")))
    c, uid = new_id(c, "u")
    return Change(replace(c, upgrades=c.upgrades + (Upgrade(uid, name, cost, tuple(reqs)),)),
                  f"Added the upgrade {name} to the Phantom Epoch Upgrade board")


def _upgrade(c: Campaign, upgrade_id: str) -> Upgrade:
    for u in c.upgrades:
        if u.id == upgrade_id:
            return u
    raise CampaignError("upgrade", f"No upgrade {upgrade_id!r}.")


def _put_upgrade(c: Campaign, u: Upgrade) -> Campaign:
    return replace(c, upgrades=tuple(u if x.id == u.id else x for x in c.upgrades))


def toggle_found(c: Campaign, upgrade_id: str, index: int) -> Change:
    u = _upgrade(c, upgrade_id)
    if not 0 <= index < len(u.requirements):
        raise CampaignError("index", f"{u.name} has no requirement {index + 1}.")
    if u.performed:
        raise CampaignError("index", f"{u.name} is already performed.")
    req = u.requirements[index]
    new_req = replace(req, found=not req.found)
    u = replace(u, requirements=u.requirements[:index] + (new_req,) + u.requirements[index + 1:])
    state = "found" if new_req.found else "not found"
    return Change(_put_upgrade(c, u), f"{u.name}: {req.kind} {req.name} marked {state}")


def pay_upgrade(c: Campaign, upgrade_id: str) -> Change:
    u = _upgrade(c, upgrade_id)
    if u.paid:
        raise CampaignError("upgrade", f"{u.name} is already paid.")
    if u.cost > c.vanished_tech:
        raise CampaignError("upgrade", f"{u.name} costs {u.cost} Vanished technology; the team has {c.vanished_tech} (p.31).")
    c = replace(c, vanished_tech=c.vanished_tech - u.cost)
    return Change(_put_upgrade(c, replace(u, paid=True)), f"Paid {u.cost} Vanished technology for {u.name} (p.31)")


def perform_upgrade(c: Campaign, upgrade_id: str) -> Change:
    u = _upgrade(c, upgrade_id)
    missing = [r.name for r in u.requirements if not r.found]
    if missing or not u.paid:
        parts = ([f"find {', '.join(missing)}"] if missing else []) + ([] if u.paid else ["pay its Vanished technology"])
        raise CampaignError("upgrade", f"{u.name} can be performed when every checkbox is filled (p.31): "
                                       f"still {' and '.join(parts)}.")
    return Change(_put_upgrade(c, replace(u, performed=True)), f"Performed the upgrade {u.name} (p.31)")

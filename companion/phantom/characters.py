"""Characters on a campaign: creation, SP and action cards, what they own and carry.

Rules: p.8 (character set-up), p.10 (equip and charge, items), p.15-16 (spend
SP, exchange between characters, dismantle), p.41-46 (the boards and cards).
"""
from __future__ import annotations

from dataclasses import replace

from .campaign import (
    ActionCard, Attachment, Campaign, CampaignError, Change, Character, Item,
    character, check_version, classes, clean_name, new_id, put_character, species,
)
from .conditions import CONDITIONS
from .content import CampaignContent
from .criticals import critical_from_dict

SLOTS = ("head", "body", "feet")
ATTACHMENT_TYPES = ("starting", "melee", "ranged", "shield", "medical", "dual", "any")
STANDALONE_NOVA_PER_TIER = 15  # p.16, optional standalone training missions
STANDALONE_SP_PER_TIER = 3


def choose(value: str, options, field_name: str, what: str) -> str:
    for o in options:
        if value == o:
            return o
    raise CampaignError(field_name, f"{what} must be one of {', '.join(options)} (got {value!r}).")


def standalone_allowance(tier: int) -> tuple[int, int]:
    """Nova cells and SP for each character of a standalone training mission (p.16)."""
    return STANDALONE_NOVA_PER_TIER * tier, STANDALONE_SP_PER_TIER * tier


def add_character(c: Campaign, content: CampaignContent, name: str, class_name: str, species_name: str,
                  boards: dict | None = None) -> Change:
    """New characters may join at any time (p.8); a Healer starts with the Medical Kit. Each starts with its
    Character Class board's starting attachment (p.8 step 1, p.41, p.45 "Starting") added and equipped: the
    board of `boards` by class name (the table's edits included), else the shipped one."""
    name = clean_name(name)
    class_name = choose(class_name, classes(c, content), "class_name", "Class")
    species_name = choose(species_name, species(c, content), "species", "Species")
    c, cid = new_id(c, "c")
    items = []
    info = content.class_info(class_name)
    for start in (info.starting_items if info else ()):
        c, iid = new_id(c, "i")
        items.append(Item(iid, start.number, start.name, start.once_per_mission))
    attachments = []
    board = (boards if boards is not None else content.boards()).get(class_name)
    if board is not None and board.starting_attachment:
        # p.45: a starting attachment's tier is an X; the board names it, and gives nothing else printed on it
        c, aid = new_id(c, "a")
        attachments.append(Attachment(aid, board.starting_attachment, "starting", None, starting=True, equipped=True))
    nova = sp = 0
    if c.standalone_tier:
        nova, sp = standalone_allowance(c.standalone_tier)
    ch = Character(cid, name, class_name, species_name, nova_cells=nova, sp=sp, items=tuple(items),
                   attachments=tuple(attachments))
    text = f"{name} the {species_name} {class_name} joined the campaign"
    if items:
        text += " with " + ", ".join(i.name for i in items)
    if attachments:
        text += f"{' and' if items else ' with'} the starting attachment {attachments[0].name} equipped (p.41)"
    if c.standalone_tier:
        text += f" ({nova} nova cells and {sp} SP for a tier {c.standalone_tier} standalone training mission, p.16)"
    return Change(replace(c, characters=c.characters + (ch,)), text)


def add_party(c: Campaign, content: CampaignContent, seats, boards: dict | None = None) -> Change:
    """A new campaign's party in one step (p.8): each seat `(slot, name, class, species)` joins as
    `add_character` has it; a refusal names that seat's field (`character_2`, `class_2`, `species_2`) and a seat
    whose name or choices are all blank is left empty."""
    said = []
    for slot, name, class_name, species_name in seats:
        if not (name or "").strip() and not class_name and not species_name:
            continue
        if not (name or "").strip():
            raise CampaignError(f"character_{slot}", "give the character a name, or leave its class and species "
                                                     "unchosen to leave the seat empty")
        try:
            change = add_character(c, content, name, class_name or "", species_name or "", boards)
        except CampaignError as exc:
            field = {"class_name": f"class_{slot}", "species": f"species_{slot}"}.get(exc.field, f"character_{slot}")
            raise CampaignError(field, exc.message, exc.page) from None
        c = change.campaign
        said.append(change.description)
    return Change(c, "; ".join(said))


def edit_character(c: Campaign, content: CampaignContent, character_id: str, version: int | None,
                   name: str, class_name: str, species_name: str) -> Change:
    ch = character(c, character_id)
    check_version(ch.version, version, f"{ch.name}'s sheet")
    name = clean_name(name)
    class_name = choose(class_name, classes(c, content), "class_name", "Class")
    species_name = choose(species_name, species(c, content), "species", "Species")
    new = replace(ch, name=name, class_name=class_name, species=species_name)
    return Change(put_character(c, new), f"Edited {name}'s sheet")


def set_active(c: Campaign, character_id: str, active: bool) -> Change:
    ch = character(c, character_id)
    return Change(put_character(c, replace(ch, active=active)),
                  f"{ch.name} {'returned to active duty' if active else 'retired'}")


def adjust(c: Campaign, character_id: str, what: str, delta: int) -> Change:
    """Counters change by deltas, so two devices adding at once both count."""
    ch = character(c, character_id)
    label = {"nova_cells": "Nova cells", "sp": "SP"}[what]
    new = getattr(ch, what) + delta
    if new < 0:
        raise CampaignError("delta", f"{ch.name} has {getattr(ch, what)} {label.lower() if what == 'nova_cells' else label}; "
                                     f"{delta:+d} would go below 0.")
    return Change(put_character(c, replace(ch, **{what: new})), f"{ch.name}: {label} {delta:+d} (now {new})")


def buy_card(c: Campaign, character_id: str, card_name: str, sp_cost: int) -> Change:
    """Spend SP on an action card; SP once spent are not refunded (p.15)."""
    ch = character(c, character_id)
    card_name = clean_name(card_name, "card_name", "Card name")
    if sp_cost < 1:
        raise CampaignError("sp_cost", f"An action card bought with SP costs 1 SP or more (got {sp_cost}).")
    if any(card.name.casefold() == card_name.casefold() for card in ch.cards):
        raise CampaignError("card_name", f"{ch.name} already owns {card_name!r}.")
    if sp_cost > ch.sp:
        raise CampaignError("sp_cost", f"{ch.name} has {ch.sp} SP; {card_name} costs {sp_cost} (p.15).")
    new = replace(ch, sp=ch.sp - sp_cost, cards=ch.cards + (ActionCard(card_name, sp_cost),))
    return Change(put_character(c, new), f"{ch.name} spent {sp_cost} SP on {card_name} (now {new.sp} SP)")


def refund_card(c: Campaign, character_id: str, card_name: str) -> Change:
    """After a successful training mission each character may refund one card (p.15)."""
    ch = character(c, character_id)
    if not ch.refund_allowed:
        raise CampaignError("card_name", f"{ch.name} has no refund: SP are refunded only after a successful "
                                         "training mission, one card per character (p.15).")
    card = next((x for x in ch.cards if x.name == card_name), None)
    if card is None:
        raise CampaignError("card_name", f"{ch.name} does not own {card_name!r}.")
    new = replace(ch, sp=ch.sp + card.sp, cards=tuple(x for x in ch.cards if x is not card), refund_allowed=False)
    return Change(put_character(c, new), f"{ch.name} refunded {card.name} for {card.sp} SP (training mission, p.15)")


def add_attachment(c: Campaign, character_id: str, name: str, type_: str, tier: int | None,
                   charge_slots: int, starting: bool, max_tier: int | None = None, critical: dict | None = None
                   ) -> Change:
    """`critical`: the critical ability printed on the card (p.20) as its structured form (condition, damage, push,
    adjacent_attack, text), or None."""
    ch = character(c, character_id)
    name = clean_name(name, "name", "Attachment name")
    if critical and critical.get("condition") and critical["condition"] not in CONDITIONS:
        raise CampaignError("critical_condition", f"{critical['condition']!r} is not a condition of p.37.")
    ability = critical_from_dict(critical, f"{name} attachment")
    type_ = choose(type_, ATTACHMENT_TYPES, "type", "Attachment type")
    # A starting attachment's tier is "X" (p.45): no tier and "starting" are one choice, so the page's
    # "— (starting)" tier means starting whether or not the box is ticked (docs/rules.md).
    starting = starting or tier is None
    if starting:
        tier = None
    elif tier not in (1, 2, 3, 4):
        raise CampaignError("tier", f"Attachment tier is 1 to 4 (got {tier!r}) (p.45).")
    if max_tier is not None and tier is not None and tier > max_tier:
        raise CampaignError("tier", f"Attachment rewards come from the decks up to the mission's difficulty "
                                    f"({max_tier}); tier {tier} is above it (p.14).")
    check_charge_slots(charge_slots)
    c, aid = new_id(c, "a")
    att = Attachment(aid, name, type_, tier, charge_slots, starting, critical=ability)
    tier_text = "starting" if starting else f"tier {tier}"
    return Change(put_character(c, replace(ch, attachments=ch.attachments + (att,))),
                  f"{ch.name} gained the {tier_text} attachment {name}")


def add_item(c: Campaign, character_id: str, number: str, name: str, once_per_mission: bool) -> Change:
    ch = character(c, character_id)
    name = clean_name(name, "name", "Item name")
    number = (number or "").strip() or "X"
    if len(number) > 8:
        raise CampaignError("number", f"Item number is at most 8 characters (got {number!r}).")
    c, iid = new_id(c, "i")
    item = Item(iid, number, name, once_per_mission)
    return Change(put_character(c, replace(ch, items=ch.items + (item,))), f"{ch.name} gained the item {name} (#{number})")


def check_charge_slots(charge_slots: int) -> None:
    if not 0 <= charge_slots <= 10:
        raise CampaignError("charge_slots", f"Charge slots are 0 to 10 (got {charge_slots}).")


def find_thing(ch: Character, kind: str, thing_id: str):
    for thing in getattr(ch, kind):
        if thing.id == thing_id:
            return thing
    raise CampaignError("thing", f"{ch.name} has no such {kind[:-1] if kind != 'equipment' else 'equipment'} ({thing_id!r}).")


def _swap(ch: Character, kind: str, new_thing) -> Character:
    return replace(ch, **{kind: tuple(new_thing if t.id == new_thing.id else t for t in getattr(ch, kind))})


def toggle_equipped(c: Campaign, content: CampaignContent, character_id: str, kind: str, thing_id: str,
                    boards: dict | None = None) -> Change:
    """One equipment per slot (p.41); items up to the item slots of the character's class board (p.41 E; `boards`
    by class name, the table's edits included; else the shipped board, else the two items of p.10).

    Equipping a second piece for a slot takes the first one off, as a player
    would swap the cards on the board.
    """
    ch = character(c, character_id)
    thing = find_thing(ch, kind, thing_id)
    if thing.equipped:
        return Change(put_character(c, _swap(ch, kind, replace(thing, equipped=False))), f"{ch.name} unequipped {thing.name}")
    text = f"{ch.name} equipped {thing.name}"
    if kind == "equipment":
        for other in ch.equipment:
            if other.equipped and other.slot == thing.slot:
                ch = _swap(ch, kind, replace(other, equipped=False))
                text += f" in place of {other.name} ({thing.slot} slot, p.41)"
    board = (boards if boards is not None else content.boards()).get(ch.class_name)
    slots = board.item_slots if board is not None else content.item_slots
    if kind == "items" and sum(i.equipped for i in ch.items) >= slots:
        where = f"the {ch.class_name} class board's item slots, p.41 E" if board is not None else "one per item slot, p.10"
        raise CampaignError("thing", f"{ch.name} already carries {slots} item{'s' if slots != 1 else ''} ({where}).")
    return Change(put_character(c, _swap(ch, kind, replace(thing, equipped=True))), text)


def charge(c: Campaign, character_id: str, kind: str, thing_id: str, delta: int) -> Change:
    """Move nova cells between the play area and a card's charge slots (p.10, 15)."""
    ch = character(c, character_id)
    thing = find_thing(ch, kind, thing_id)
    if delta > 0 and thing.charges + delta > thing.charge_slots:
        raise CampaignError("thing", f"{thing.name} holds {thing.charge_slots} charge(s); it has {thing.charges}.")
    if delta > 0 and ch.nova_cells < delta:
        raise CampaignError("thing", f"{ch.name} has no nova cell to charge {thing.name} with.")
    if delta < 0 and thing.charges + delta < 0:
        raise CampaignError("thing", f"{thing.name} has no charge to remove.")
    ch = replace(_swap(ch, kind, replace(thing, charges=thing.charges + delta)), nova_cells=ch.nova_cells - delta)
    verb = "charged" if delta > 0 else "took a nova cell off"
    return Change(put_character(c, ch), f"{ch.name} {verb} {thing.name} ({thing.charges + delta}/{thing.charge_slots})")


def dismantle_value(att: Attachment) -> int | None:
    """Nova cells for dismantling: the tier; None for a starting attachment (p.16)."""
    return None if att.starting or att.tier is None else att.tier


def dismantle(c: Campaign, character_id: str, attachment_id: str) -> Change:
    """An attachment gives nova cells equal to its tier; starting ones cannot be dismantled (p.16)."""
    ch = character(c, character_id)
    att = find_thing(ch, "attachments", attachment_id)
    if dismantle_value(att) is None:
        raise CampaignError("thing", f"{att.name} is a starting attachment; starting attachments may not be dismantled (p.16).")
    gain = att.tier + att.charges
    new = replace(ch, attachments=tuple(a for a in ch.attachments if a.id != att.id), nova_cells=ch.nova_cells + gain)
    text = f"{ch.name} dismantled {att.name} for {att.tier} nova cell(s) (tier {att.tier}, p.16)"
    if att.charges:
        text += f" and took back {att.charges} charge(s)"
    return Change(put_character(c, new), text)


def _recipient(c: Campaign, character_id: str) -> Character:
    try:
        return character(c, character_id)
    except CampaignError as exc:
        raise CampaignError("to_character", exc.message) from None


def give_nova_cells(c: Campaign, from_id: str, to_id: str, amount: int) -> Change:
    """Nova cells may be exchanged between characters between missions (p.15)."""
    giver, taker = character(c, from_id), _recipient(c, to_id)
    if giver.id == taker.id:
        raise CampaignError("to_character", "Choose another character to give nova cells to.")
    if amount < 1:
        raise CampaignError("amount", f"Give 1 or more nova cells (got {amount}).")
    if amount > giver.nova_cells:
        raise CampaignError("amount", f"{giver.name} has {giver.nova_cells} nova cells; cannot give {amount}.")
    c = put_character(c, replace(giver, nova_cells=giver.nova_cells - amount))
    c = put_character(c, replace(taker, nova_cells=taker.nova_cells + amount))
    return Change(c, f"{giver.name} gave {amount} nova cell(s) to {taker.name}")


def give_thing(c: Campaign, from_id: str, to_id: str, kind: str, thing_id: str) -> Change:
    """Unequipped equipment and attachments may be exchanged (p.15)."""
    giver, taker = character(c, from_id), _recipient(c, to_id)
    if giver.id == taker.id:
        raise CampaignError("to_character", "Choose another character to give it to.")
    thing = find_thing(giver, kind, thing_id)
    if thing.equipped:
        raise CampaignError("thing", f"{thing.name} is equipped; only unequipped equipment and attachments "
                                     "may be exchanged (p.15). Unequip it first.")
    c = put_character(c, replace(giver, **{kind: tuple(t for t in getattr(giver, kind) if t.id != thing.id)}))
    taker = character(c, to_id)
    c = put_character(c, replace(taker, **{kind: getattr(taker, kind) + (thing,)}))
    return Change(c, f"{giver.name} gave {thing.name} to {taker.name}")


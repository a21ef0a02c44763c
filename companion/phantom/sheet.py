"""What a character's sheet brings to the mission table: its maximum HP and AP (its Character Species card,
p.43 A-B: the species' numbers the table typed once for every campaign, or the sheet's own where a player
entered others) and the Guard printed on the equipment and attachments it has equipped (p.21 step 5, p.44-45).

The rulebook text prints no species' HP or AP, so nothing here invents them: a character with neither
its own numbers nor its species' asks for them at set-up.
"""
from __future__ import annotations

from dataclasses import replace

from .campaign import Campaign, CampaignError, Change, Character, character, put_character
from ..record import record

MAX_NUMBER = 99
GUARD_LIMIT = 9  # a card's printed modifier; wider than any the rules show, narrow enough to catch a typo


@record
class Carried:
    """The numbers a character embarks with, and where each came from (for the table to read)."""
    max_hp: int | None
    max_ap: int | None
    guard: int
    guard_sources: tuple[tuple[str, int], ...]  # (card name, its Guard) for each equipped card with one
    numbers_from: str  # "sheet", "species" or "" (none yet)
    unverified: bool = False  # a number is the species' and no player has checked it against the card yet


def carried(ch: Character, species_numbers: dict | None = None) -> Carried:
    """`species_numbers`: species name -> {"hp": .., "ap": .., "verified": ..}, the species' cards as the table
    typed them (`schemas.content.species.species_entries`; null: unknown)."""
    species = (species_numbers or {}).get(ch.species) or {}
    hp = ch.max_hp if ch.max_hp is not None else species.get("hp")
    ap = ch.max_ap if ch.max_ap is not None else species.get("ap")
    source = "sheet" if ch.max_hp is not None or ch.max_ap is not None else ("species" if hp or ap else "")
    from_species = (ch.max_hp is None and hp is not None) or (ch.max_ap is None and ap is not None)
    sources = tuple((t.name, t.guard) for t in (*ch.equipment, *ch.attachments) if t.equipped and t.guard)
    return Carried(hp, ap, sum(g for _, g in sources), sources, source,
                   unverified=from_species and not species.get("verified", False))


def _number(value, field: str, what: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_NUMBER:
        raise CampaignError(field, f"{what} is 1 to {MAX_NUMBER} (got {value!r}) (p.43).")
    return value


def set_numbers(c: Campaign, character_id: str, max_hp: int | None, max_ap: int | None) -> Change:
    """The HP and AP of the character's Character Species card (p.43 A-B), carried into every mission."""
    ch = character(c, character_id)
    new = replace(ch, max_hp=_number(max_hp, "max_hp", "Maximum HP"), max_ap=_number(max_ap, "max_ap", "Maximum AP"))
    said = ", ".join(f"{label} {v}" for label, v in (("HP", new.max_hp), ("AP", new.max_ap)) if v is not None)
    return Change(put_character(c, new), f"{ch.name}'s species card: {said or 'numbers cleared'} (p.43)")


def set_guard(c: Campaign, character_id: str, kind: str, thing_id: str, guard: int) -> Change:
    """The Guard modifier printed on an Equipment or Attachment card (p.44-45), counted while equipped."""
    ch = character(c, character_id)
    if kind not in ("equipment", "attachments"):
        raise CampaignError("kind", f"Guard is printed on equipment and attachments, not {kind!r}.")
    if not isinstance(guard, int) or isinstance(guard, bool) or not -GUARD_LIMIT <= guard <= GUARD_LIMIT:
        raise CampaignError("guard", f"Guard is -{GUARD_LIMIT} to {GUARD_LIMIT} (got {guard!r}).")
    things = getattr(ch, kind)
    thing = next((t for t in things if t.id == thing_id), None)
    if thing is None:
        raise CampaignError("thing", f"{ch.name} has no such {'equipment' if kind == 'equipment' else 'attachment'}.")
    new = replace(ch, **{kind: tuple(replace(t, guard=guard) if t is thing else t for t in things)})
    return Change(put_character(c, new), f"{ch.name}'s {thing.name}: Guard {guard:+d}")

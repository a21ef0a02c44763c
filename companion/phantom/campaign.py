"""A Phantom Epoch campaign: the Campaign and Character sheets as frozen data.

Every command is a function `(Campaign, ...) -> Change`: a new campaign and a
sentence for the history. A refused command raises `CampaignError`, naming the
field and quoting the rule, and the campaign is untouched (it is immutable).
Serialise with `campaign_to_dict`, parse with `campaign_from_dict`.
"""
from __future__ import annotations

from dataclasses import field, replace

from ..codec import ADDED, state_codec
from ..errors import RuleError
from ..names import visible
from .content import CampaignContent
from .criticals import CriticalAbility
from ..record import record

NAME_MAX = 80
NOTES_MAX = 4000
FORMAT = "phantom-epoch-campaign/1"


class CampaignError(RuleError):
    """A refused command. `field` names the form field the user should fix."""

    def __init__(self, field: str, message: str, page: str | None = None):
        super().__init__(field, message, page)


class StaleVersion(CampaignError):
    """The record changed since the device loaded it (another device saved first)."""

    def __init__(self, what: str):
        super().__init__("version", f"{what} was changed on another device; here is the current version. Nothing was saved.")


@record
class ActionCard:
    name: str
    sp: int


@record
class Equipment:
    id: str
    name: str
    slot: str  # head / body / feet
    tier: int
    planet: str
    cost: int
    charge_slots: int = 0
    equipped: bool = False
    charges: int = 0
    guard: int = 0  # the Guard modifier printed on the card (p.44 I), counted while equipped (p.21 step 5)


@record
class Attachment:
    id: str
    name: str
    type: str  # starting, melee, ranged, shield, medical, dual, any
    tier: int | None  # None: a starting attachment (an X on the card, p.45)
    charge_slots: int = 0
    starting: bool = False
    equipped: bool = False
    charges: int = 0
    guard: int = 0  # the Guard modifier printed on the card, counted while equipped (p.21 step 5)
    # A critical ability printed on the card (p.20), offered after the character's Critical Strike while equipped
    # (p.41 D: only effects of equipped attachments are active)
    critical: CriticalAbility | None = field(default=None, metadata=ADDED)


@record
class Item:
    id: str
    number: str
    name: str
    once_per_mission: bool = False
    equipped: bool = False


@record
class Character:
    id: str
    name: str
    class_name: str
    species: str
    nova_cells: int = 0
    sp: int = 0
    cards: tuple[ActionCard, ...] = ()
    equipment: tuple[Equipment, ...] = ()
    attachments: tuple[Attachment, ...] = ()
    items: tuple[Item, ...] = ()
    completed: tuple[str, ...] = ()
    sp_rewarded: tuple[str, ...] = ()
    refund_allowed: bool = False
    active: bool = True
    version: int = 1
    max_hp: int | None = None  # from its Character Species card (p.43 A), entered once on the sheet
    max_ap: int | None = None  # p.43 B


@record
class MissionStatus:
    available: bool = False
    completed: bool = False
    all_taken: bool | None = None  # the ✓ / ✗ of p.14


@record
class ExpeditionRecord:
    deck: str  # a planet, or "Story"
    card: str
    result: str  # shuffle / discard
    note: str = ""
    effects: tuple[str, ...] = field(default=(), metadata=ADDED)  # what it applied to the sheets, one line each (aboard.ExpeditionEffects)


@record
class Requirement:
    kind: str  # schematic / equipment / simulation
    name: str
    found: bool = False


@record
class Upgrade:
    id: str
    name: str
    cost: int
    requirements: tuple[Requirement, ...] = ()
    paid: bool = False
    performed: bool = False


@record
class Campaign:
    name: str
    notes: str = ""
    vanished_tech: int = 0
    fame: dict[str, int] = field(default_factory=dict)  # planet -> fame
    missions: dict[str, MissionStatus] = field(default_factory=dict)  # by mission id
    characters: tuple[Character, ...] = ()
    orbs_taken: tuple[int, ...] = ()
    treasures_taken: tuple[int, ...] = ()
    rewarded: tuple[str, ...] = ()  # missions whose once-per-campaign rewards were gained
    location: str | None = None  # planet of the last mission; None after Awakening or before any
    last_mission: str | None = None
    planetary_drawn: bool = False  # one planetary expedition per between-missions (p.17)
    expeditions: tuple[ExpeditionRecord, ...] = ()
    discarded_expeditions: tuple[str, ...] = ()  # "Berkav:7", "Story:3"
    unlocked_expeditions: tuple[str, ...] = ()
    shop_cards: tuple[Equipment, ...] = field(default=(), metadata=ADDED)  # sold equipment, back in its planet deck (p.16): offered again
    upgrades: tuple[Upgrade, ...] = ()
    extra_classes: tuple[str, ...] = ()
    extra_species: tuple[str, ...] = ()
    standalone_tier: int | None = None
    reward_pickers: tuple[str, ...] = ()  # characters still to pick an attachment reward (p.14)
    reward_max_tier: int | None = None
    reward_mission: str | None = None
    next_id: int = 1
    version: int = 1


@record
class Change:
    campaign: Campaign
    description: str
    reasons: tuple[str, ...] = ()


# -- parse / serialise -------------------------------------------------------

# Plain JSON shapes and back by the dataclasses' type hints (companion/codec.py): lists, not tuples, so a
# document equals itself after a JSON round trip; a key an older document lacks takes the field's default.
campaign_to_dict, campaign_from_dict = state_codec(Campaign)


# -- helpers shared by the command modules -----------------------------------

def clean_name(value: str, field_name: str = "name", what: str = "Name") -> str:
    value = visible(value)
    if not value:
        raise CampaignError(field_name, f"{what} is required.")
    if len(value) > NAME_MAX:
        raise CampaignError(field_name, f"{what} is at most {NAME_MAX} characters (got {len(value)}).")
    return value


def check_version(current: int, based_on: int | None, what: str) -> None:
    if based_on is not None and based_on != current:
        raise StaleVersion(what)


def new_id(c: Campaign, prefix: str) -> tuple[Campaign, str]:
    return replace(c, next_id=c.next_id + 1), f"{prefix}{c.next_id}"


def character(c: Campaign, character_id: str) -> Character:
    for ch in c.characters:
        if ch.id == character_id:
            return ch
    raise CampaignError("character", f"No character {character_id!r} in this campaign.")


def put_character(c: Campaign, ch: Character) -> Campaign:
    """Replace a character, bumping its version (any change to it counts)."""
    ch = replace(ch, version=ch.version + 1)
    return replace(c, characters=tuple(ch if x.id == ch.id else x for x in c.characters))


def mission_label(content: CampaignContent, mission_id: str) -> str:
    m = content.mission(mission_id)
    return m.name if m else mission_id


def classes(c: Campaign, content: CampaignContent) -> tuple[str, ...]:
    return tuple(ci.name for ci in content.classes) + c.extra_classes


def species(c: Campaign, content: CampaignContent) -> tuple[str, ...]:
    return content.species + c.extra_species


# -- campaign sheet ------------------------------------------------------------

def new_campaign(name: str, content: CampaignContent, standalone_tier: int | None = None) -> Campaign:
    name = clean_name(name, what="Campaign name")
    missions = {m.id: MissionStatus(available=m.id in content.initially_available) for m in content.missions}
    if standalone_tier is not None and standalone_tier not in (1, 2, 3, 4):
        raise CampaignError("standalone_tier", f"Difficulty tier is 1 to 4 (got {standalone_tier}).")
    return Campaign(name=name, fame={p: 0 for p in content.planets}, missions=missions,
                    standalone_tier=standalone_tier)


def rename(c: Campaign, name: str, version: int | None) -> Change:
    check_version(c.version, version, "The campaign")
    name = clean_name(name, what="Campaign name")
    return Change(replace(c, name=name, version=c.version + 1), f"Renamed the campaign from {c.name!r} to {name!r}")


def set_notes(c: Campaign, notes: str, version: int | None) -> Change:
    check_version(c.version, version, "The notes")
    notes = (notes or "").strip()
    if len(notes) > NOTES_MAX:
        raise CampaignError("notes", f"Notes are at most {NOTES_MAX} characters (got {len(notes)}).")
    return Change(replace(c, notes=notes, version=c.version + 1), "Edited the campaign notes")


def adjust_vanished_tech(c: Campaign, delta: int) -> Change:
    new = c.vanished_tech + delta
    if new < 0:
        raise CampaignError("delta", f"Vanished technology cannot go below 0 (have {c.vanished_tech}, change {delta:+d}).")
    return Change(replace(c, vanished_tech=new), f"Vanished technology {delta:+d} (now {new})")


def adjust_fame(c: Campaign, planet: str, delta: int) -> Change:
    if planet not in c.fame:
        raise CampaignError("planet", f"No planet {planet!r}; fame is kept for {', '.join(c.fame)}.")
    new = c.fame[planet] + delta
    if new < 0:
        raise CampaignError("delta", f"Fame on {planet} cannot go below 0 (have {c.fame[planet]}, change {delta:+d}) (p.16).")
    return Change(replace(c, fame={**c.fame, planet: new}), f"Fame on {planet} {delta:+d} (now {new})")


def set_mission(c: Campaign, content: CampaignContent, mission_id: str, available: bool | None = None,
                all_taken: bool | None = None) -> Change:
    if mission_id not in c.missions:
        raise CampaignError("mission", f"No mission {mission_id!r}.")
    st = c.missions[mission_id]
    label = mission_label(content, mission_id)
    if available is not None:
        st = replace(st, available=available)
        text = f"Marked {label} {'available' if available else 'not available'}"
    else:
        if not st.completed:
            raise CampaignError("all_taken", f"{label} is not completed; the ✓/✗ mark is for completed missions (p.14).")
        st = replace(st, all_taken=all_taken)
        text = f"Marked {label} {'✓ all campaign orbs and treasure taken' if all_taken else '✗ campaign orbs or treasure left'}"
    return Change(replace(c, missions={**c.missions, mission_id: st}), text)


def take_campaign_token(c: Campaign, kind: str, number: int) -> Change:
    """Campaign orbs and treasures (those with a number) are taken once per campaign (p.9)."""
    if number < 1:
        raise CampaignError("number", f"A campaign {kind} number is 1 or more (got {number}).")
    attr = "orbs_taken" if kind == "orb" else "treasures_taken"
    taken = getattr(c, attr)
    if number in taken:
        verb = "activated" if kind == "orb" else "retrieved"
        raise CampaignError("number", f"Campaign {kind} {number} was already {verb} in this campaign; "
                                      f"campaign {kind}s are taken once per campaign (p.9).")
    return Change(replace(c, **{attr: tuple(sorted(taken + (number,)))}),
                  f"Campaign {kind} {number} {'activated' if kind == 'orb' else 'retrieved'}")


def add_custom(c: Campaign, kind: str, name: str, content: CampaignContent) -> Change:
    """Advanced classes and new species a user adds to this campaign."""
    what = "Class" if kind == "class" else "Species"
    name = clean_name(name, "name", f"{what} name")
    existing = classes(c, content) if kind == "class" else species(c, content)
    if name.casefold() in (e.casefold() for e in existing):
        raise CampaignError("name", f"{what} {name!r} is already in this campaign.")
    if kind == "class":
        return Change(replace(c, extra_classes=c.extra_classes + (name,)), f"Added the class {name}")
    return Change(replace(c, extra_species=c.extra_species + (name,)), f"Added the species {name}")

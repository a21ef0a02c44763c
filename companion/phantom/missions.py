"""Mission results and training missions on the campaign (p.8, 13-16).

`record_mission` applies a whole result in one step and says, in `reasons`,
what it gave and what it withheld (SP once per character, other rewards once
per campaign), so the table sees why a replay paid less.
"""
from __future__ import annotations

from dataclasses import field, replace

from .campaign import (
    Campaign, CampaignError, Change, character, mission_label, put_character, take_campaign_token,
)
from .characters import add_attachment
from .content import CampaignContent
from ..record import record

MAX_PARTY = 4  # p.8: a maximum of 4 characters in a mission
MIN_SOLO_PARTY = 2  # p.8: playing solo, create at least two characters


@record
class MissionReport:
    mission_id: str
    success: bool
    party: tuple[str, ...]
    difficulty: int | None = None
    sp: int = 0
    nova_cells: dict = field(default_factory=dict)  # character id -> nova cells gained
    fame: dict = field(default_factory=dict)  # planet -> change
    vanished_tech: int = 0
    unlocks: tuple[str, ...] = ()
    orbs: tuple[int, ...] = ()
    treasures: tuple[int, ...] = ()
    all_taken: bool | None = None


def check_party(c: Campaign, party: tuple[str, ...]) -> list:
    """The embarking characters: 2-4, one per class (p.8)."""
    if len(set(party)) != len(party):
        raise CampaignError("party", "A character is listed twice in the party.")
    known = {ch.id: ch for ch in c.characters}
    unknown = [cid for cid in party if cid not in known]
    if unknown:
        raise CampaignError("party", f"No character {unknown[0]!r} in this campaign.")
    members = [known[cid] for cid in party]
    if len(members) > MAX_PARTY:
        raise CampaignError("party", f"At most {MAX_PARTY} characters embark on a mission (p.8); {len(members)} chosen.")
    if len(members) < MIN_SOLO_PARTY:
        raise CampaignError("party", f"Choose at least {MIN_SOLO_PARTY} characters: a solo player controls "
                                     f"at least two characters as a party (p.8).")
    seen = {}
    for ch in members:
        if ch.class_name in seen:
            raise CampaignError("party", f"{seen[ch.class_name]} and {ch.name} are both {ch.class_name}s; "
                                         "there can only be one character of a given class per mission (p.8).")
        seen[ch.class_name] = ch.name
    retired = [ch.name for ch in members if not ch.active]
    if retired:
        raise CampaignError("party", f"{', '.join(retired)} is retired; return them to active duty first.")
    return members


def _take_tokens(c: Campaign, report: MissionReport, reasons: list) -> Campaign:
    for kind, field_name, numbers in (("orb", "orbs", report.orbs), ("treasure", "treasures", report.treasures)):
        for n in numbers:
            try:
                ch = take_campaign_token(c, kind, n)
            except CampaignError as exc:
                raise CampaignError(field_name, exc.message) from None
            c = ch.campaign
            reasons.append(ch.description + " (kept even on failure, p.13)" if not report.success else ch.description)
    return c


def _gain_nova(c: Campaign, report: MissionReport, reasons: list) -> Campaign:
    for cid, amount in report.nova_cells.items():
        if amount < 0:
            raise CampaignError("nova_cells", f"Nova cells gained cannot be negative (got {amount}).")
        if amount and cid not in report.party:
            raise CampaignError("nova_cells", "Only characters who embarked gain nova cells from the mission.")
        if amount:
            ch = character(c, cid)
            c = put_character(c, replace(ch, nova_cells=ch.nova_cells + amount))
            reasons.append(f"{ch.name} gained {amount} nova cell(s)")
    return c


def _sp_rewards(c: Campaign, report: MissionReport, label: str, reasons: list) -> Campaign:
    for cid in report.party:
        ch = character(c, cid)
        completed = ch.completed + ((report.mission_id,) if report.mission_id not in ch.completed else ())
        if report.mission_id in ch.sp_rewarded:
            reasons.append(f"{ch.name} already gained {label}'s SP reward; SP rewards are once per character "
                           "per mission (p.14)")
            c = put_character(c, replace(ch, completed=completed))
            continue
        c = put_character(c, replace(ch, sp=ch.sp + report.sp, completed=completed,
                                     sp_rewarded=ch.sp_rewarded + (report.mission_id,)))
        if report.sp:
            reasons.append(f"{ch.name} gained {report.sp} SP")
    return c


def _other_rewards(c: Campaign, content: CampaignContent, report: MissionReport, label: str, reasons: list) -> Campaign:
    for mid in report.unlocks:
        if mid not in c.missions:
            raise CampaignError("unlocks", f"No mission {mid!r} to unlock.")
    if report.mission_id in c.rewarded:
        if report.fame or report.vanished_tech or report.unlocks:
            reasons.append(f"{label}'s other rewards were already gained in this campaign; they are gained "
                           "once per campaign, even on replays (p.14)")
        return c
    fame = dict(c.fame)
    for planet, delta in report.fame.items():
        if planet not in fame:
            raise CampaignError("fame", f"No planet {planet!r}.")
        new = max(0, fame[planet] + delta)
        if delta:
            clamp = " (fame never goes below 0, p.16)" if fame[planet] + delta < 0 else ""
            reasons.append(f"Fame on {planet} {delta:+d} (now {new}){clamp}")
        fame[planet] = new
    if report.vanished_tech < 0:
        raise CampaignError("vanished_tech", "A mission reward of Vanished technology cannot be negative.")
    if report.vanished_tech:
        reasons.append(f"Vanished technology +{report.vanished_tech}")
    missions = dict(c.missions)
    for mid in report.unlocks:
        if not missions[mid].available:
            missions[mid] = replace(missions[mid], available=True)
            reasons.append(f"{mission_label(content, mid)} is now available")
    return replace(c, fame=fame, vanished_tech=c.vanished_tech + report.vanished_tech, missions=missions,
                   rewarded=c.rewarded + (report.mission_id,))


def record_mission(c: Campaign, content: CampaignContent, report: MissionReport) -> Change:
    info = content.mission(report.mission_id)
    status = c.missions.get(report.mission_id)
    if info is None or status is None:
        raise CampaignError("mission", f"No mission {report.mission_id!r}.")
    if not (status.available or status.completed):
        raise CampaignError("mission", f"{info.name} is not available yet; players may play any mission they have "
                                       "unlocked (p.17).")
    if report.difficulty is not None and report.difficulty not in (1, 2, 3, 4):
        raise CampaignError("difficulty", f"Mission difficulty is 1 to 4 (got {report.difficulty}).")
    if report.sp < 0:
        raise CampaignError("sp", f"An SP reward cannot be negative (got {report.sp}).")
    members = check_party(c, report.party)
    reasons: list[str] = []
    c = _take_tokens(c, report, reasons)
    c = _gain_nova(c, report, reasons)
    c = replace(c, location=info.planet, last_mission=info.id, planetary_drawn=False)
    names = ", ".join(m.name for m in members)
    if not report.success:
        return Change(c, f"{info.name} failed ({names})", tuple(reasons) + (
            "Failed missions can be attempted any number of times (p.13)",))
    c = _sp_rewards(c, report, info.name, reasons)
    c = _other_rewards(c, content, report, info.name, reasons)
    missions = {**c.missions, info.id: replace(status, available=True, completed=True,
                                               all_taken=report.all_taken if report.all_taken is not None else status.all_taken)}
    c = replace(c, missions=missions)
    if report.difficulty:
        if c.reward_pickers:  # the table recorded on without finishing the last draw: said, not kept open
            left = ", ".join(character(c, cid).name for cid in c.reward_pickers)
            reasons.append(f"The attachment draw still open ({left} had not picked) is closed and its cards go back "
                           "to their decks (p.14 step 6)")
        c = replace(c, reward_pickers=tuple(report.party), reward_max_tier=report.difficulty, reward_mission=info.id)
        reasons.append(attachment_draw_text(report.difficulty))
    else:
        reasons.append("No difficulty rating given, so no attachment draw is open: the draw follows the mission's "
                       "rating (p.9, p.14 step 6)")
    return Change(c, f"{info.name} completed ({names})", tuple(reasons))


def draw_rating(rating: int | None, set_up: int | None) -> int | None:
    """The difficulty rating a mission played at the table is recorded with: the Mission book's (`rating`, as
    the table typed or confirmed it), else the difficulty it was set up at. p.9: the attachment rewards follow
    the mission's rating, not the adversaries' difficulty a table may have chosen instead."""
    return rating if rating is not None else set_up


def with_book_rewards(report: MissionReport, sp: int, vanished_tech: int, fame: dict, unlocks: tuple[str, ...],
                      rating: int | None) -> MissionReport:
    """A finished mission's report (play.mission_report) with the Mission book's rewards (p.14 step 4), on a
    success only (a failure gains none, p.13), and the rating its attachment draw follows (`draw_rating`)."""
    if not report.success:
        return report
    return replace(report, sp=sp, vanished_tech=vanished_tech, fame=fame, unlocks=unlocks,
                   difficulty=draw_rating(rating, report.difficulty))


def attachment_draw_text(difficulty: int) -> str:
    tiers = ", ".join(f"Tier {t}" for t in range(1, difficulty + 1))
    return (f"Attachment rewards: draw 4 cards from each of the {tiers} decks ({4 * difficulty} cards); each character "
            "picks one and the rest are shuffled back (p.14)")


def finish_reward_pick(c: Campaign, character_id: str) -> Campaign:
    return replace(c, reward_pickers=tuple(x for x in c.reward_pickers if x != character_id))


def skip_attachment_rewards(c: Campaign) -> Change:
    return Change(replace(c, reward_pickers=(), reward_max_tier=None, reward_mission=None),
                  "Closed the attachment rewards; the rest go back to their decks")


def record_training(c: Campaign, content: CampaignContent, planet: str, tier: int, success: bool,
                    party: tuple[str, ...]) -> Change:
    """A Time Chamber training mission (p.15): on success each character may refund one card."""
    if planet not in c.fame:
        raise CampaignError("planet", f"No planet {planet!r}.")
    if tier not in (1, 2, 3, 4):
        raise CampaignError("tier", f"Difficulty tier is 1 to 4 (got {tier}).")
    members = check_party(c, party)
    names = ", ".join(m.name for m in members)
    c = replace(c, location=planet, last_mission=None, planetary_drawn=False)
    if not success:
        return Change(c, f"Training mission on {planet} (tier {tier}) failed ({names})")
    for m in members:
        c = put_character(c, replace(character(c, m.id), refund_allowed=True))
    c = replace(c, reward_pickers=tuple(party), reward_max_tier=tier, reward_mission=None)
    return Change(c, f"Training mission on {planet} (tier {tier}) completed ({names})", (
        "Each character who took part may refund one purchased action card (p.15)",
        f"Shopping and expeditions are now on {planet} (p.15)",
        attachment_draw_text(tier)))


def pick_attachment_reward(c: Campaign, character_id: str, name: str, type_: str, tier: int,
                           charge_slots: int) -> Change:
    """Each character picks one of the drawn attachments (p.14)."""
    if character_id not in c.reward_pickers:
        ch = character(c, character_id)
        raise CampaignError("character", f"{ch.name} has no attachment reward to pick.")
    if type_ == "starting":
        raise CampaignError("type", "The draw is from the tier decks; a starting attachment (tier X) comes from its "
                                    "class's tuckbox, never from a reward draw (p.14 step 6, p.45).")
    change = add_attachment(c, character_id, name, type_, tier, charge_slots, starting=False,
                            max_tier=c.reward_max_tier)
    c = finish_reward_pick(change.campaign, character_id)
    if not c.reward_pickers:
        c = replace(c, reward_max_tier=None, reward_mission=None)
    return Change(c, change.description + " as a mission reward (p.14)")

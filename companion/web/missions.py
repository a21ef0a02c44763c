"""Record a mission result or a training mission; pick the attachment rewards."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, current_app, url_for

from ..phantom import missions as rules
from ..schemas.forms.mission_results import CloseRewardsForm, MissionResultForm, RewardPickForm, TrainingForm
from ..store import backups
from .campaign_context import CAMPAIGN, CampaignFrame, base_context, page_renderer, register_page
from .commands import run
from .render import content

bp = Blueprint("missions", __name__, url_prefix="/campaigns/<int:campaign_id>/missions")


@dataclass(frozen=True, kw_only=True)
class MissionResultPage(CampaignFrame):
    mission_options: list  # (id, name) of the missions that may be recorded
    lockable: list  # missions a result may unlock
    party: list  # the active characters
    pickers: list  # characters still to pick an attachment reward
    reward_text: str | None
    reward_tiers: list


def result_context(campaign_id: int, **kw) -> MissionResultPage:
    frame = base_context(campaign_id, "missions", **kw)
    c, info = frame["c"], frame["content"]
    return MissionResultPage(
        **frame,
        mission_options=[(m.id, m.name + (" (replay)" if c.missions[m.id].completed else ""))
                         for m in info.missions if c.missions[m.id].available or c.missions[m.id].completed],
        lockable=[m for m in info.missions if not c.missions[m.id].available],
        party=[ch for ch in c.characters if ch.active],
        pickers=[ch for ch in c.characters if ch.id in c.reward_pickers],
        reward_text=rules.attachment_draw_text(c.reward_max_tier) if c.reward_max_tier else None,
        reward_tiers=list(range(1, (c.reward_max_tier or 0) + 1)))


page = page_renderer("missions/result.html", result_context)
register_page("missions", page)


def act(campaign_id: int, schema, command, after=None):
    return run(CAMPAIGN, campaign_id, schema, command, page=page(campaign_id),
               url=url_for(".show", campaign_id=campaign_id), after=after)


def _backup(_result) -> None:
    backups.take(Path(current_app.config["DATABASE"]), "mission-result")


@bp.get("")
def show(campaign_id: int):
    return page(campaign_id)()


@bp.post("/result")
def record(campaign_id: int):
    def command(c, f):
        report = rules.MissionReport(
            mission_id=f.mission, success=f.outcome == "success", party=tuple(f.party), difficulty=f.difficulty,
            sp=f.sp, nova_cells=f.nova_cells, fame=f.fame, vanished_tech=f.vanished_tech,
            unlocks=tuple(f.unlocks), orbs=f.orbs, treasures=f.treasures,
            all_taken=None if f.all_taken is None else f.all_taken == "yes")
        return rules.record_mission(c, content(), report)
    return act(campaign_id, MissionResultForm, command, after=_backup)


@bp.post("/training")
def training(campaign_id: int):
    return act(campaign_id, TrainingForm, lambda c, f: rules.record_training(
        c, content(), f.planet, f.tier, f.outcome == "success", tuple(f.party)), after=_backup)


@bp.post("/reward")
def pick_reward(campaign_id: int):
    return act(campaign_id, RewardPickForm, lambda c, f: rules.pick_attachment_reward(
        c, f.character, f.name, f.type, f.tier, f.charge_slots))


@bp.post("/reward/close")
def close_rewards(campaign_id: int):
    return act(campaign_id, CloseRewardsForm, lambda c, f: rules.skip_attachment_rewards(c))

"""Record a mission result or a training mission; pick the attachment rewards."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, current_app, request, url_for

from ..phantom import missions as rules
from ..schemas.content.mission_rewards import known, rewards_entries, table_entry
from ..schemas.forms.mission_results import CloseRewardsForm, MissionResultForm, RewardPickForm, TrainingForm
from ..store import backups
from ..store import cards as card_store
from .campaign_context import CAMPAIGN, CampaignFrame, base_context, page_renderer, register_page
from .commands import run
from .database import get_db
from .render import content

bp = Blueprint("missions", __name__, url_prefix="/campaigns/<int:campaign_id>/missions")


@dataclass(frozen=True, kw_only=True)
class MissionResultPage(CampaignFrame):
    mission_options: list  # (id, name) of the missions that may be recorded
    lockable: list  # missions a result may unlock: those still locked, and those the offered rewards name
    party: list  # the active characters
    pickers: list  # characters still to pick an attachment reward
    reward_text: str | None
    reward_tiers: list
    chosen: str | None = None  # the mission the form is filled for (?mission=)
    book: dict | None = None  # its Mission book rewards as the table typed them (None: not typed yet)
    reward_mission: str | None = None  # the mission whose attachment draw is open


def book_entries() -> dict[str, dict]:
    """Every mission's rewards as the table plays them: missions.json's, or the card library's entry."""
    return rewards_entries(current_app.extensions["phantom_files"]["missions.json"], card_store.peek(get_db()))


def offered(c, info, mission_id: str | None) -> tuple[dict | None, list]:
    """The rewards offered for `mission_id` (None where nobody typed them) and the missions its form may
    unlock: the ones still locked, and the ones the offered rewards name (kept in the table's entry even where
    this campaign opened them already)."""
    book = book_entries().get(mission_id) if mission_id else None
    book = book if known(book) else None
    named = set((book or {}).get("unlocks") or ())
    return book, [m for m in info.missions if not c.missions[m.id].available or m.id in named]


def result_context(campaign_id: int, **kw) -> MissionResultPage:
    frame = base_context(campaign_id, "missions", **kw)
    c, info = frame["c"], frame["content"]
    options = [(m.id, m.name + (" (replay)" if c.missions[m.id].completed else ""))
               for m in info.missions if c.missions[m.id].available or c.missions[m.id].completed]
    chosen = request.form.get("mission") if request.method == "POST" else request.args.get("mission")
    chosen = chosen if chosen in {mid for mid, _ in options} else None
    book, lockable = offered(c, info, chosen)
    return MissionResultPage(
        **frame,
        mission_options=options, lockable=lockable,
        party=[ch for ch in c.characters if ch.active],
        pickers=[ch for ch in c.characters if ch.id in c.reward_pickers],
        reward_text=rules.attachment_draw_text(c.reward_max_tier) if c.reward_max_tier else None,
        reward_tiers=list(range(1, (c.reward_max_tier or 0) + 1)),
        chosen=chosen, book=book,
        reward_mission=(info.mission(c.reward_mission).name if c.reward_mission and info.mission(c.reward_mission)
                        else None))


page = page_renderer("missions/result.html", result_context)
register_page("missions", page)


def act(campaign_id: int, schema, command, after=None, also=None):
    return run(CAMPAIGN, campaign_id, schema, command, page=page(campaign_id),
               url=url_for(".show", campaign_id=campaign_id), after=after, also=also)


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

    def keep(f, _change):  # a success's rewards, as typed or confirmed, offered next time (the card library)
        if f.outcome == "success":
            keep_book_rewards(f.mission, f)
    return act(campaign_id, MissionResultForm, command, after=_backup, also=keep)


def keep_book_rewards(mission_id: str, f) -> None:
    """Inside the result's transaction: the Mission book's values the result form gave (`f`, a BookRewardsForm)
    kept as the table's entry of `mission_id` in the card library (its own journal's entry, undone on the Cards
    page: undoing the result leaves the book's values offered)."""
    card_store.keep_mission_rewards(get_db(), mission_id, table_entry(
        f.difficulty, f.sp, f.vanished_tech, f.fame, f.unlocks, f.book_checked))


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

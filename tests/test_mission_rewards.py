"""Missions' printed rewards as content (issue 38): missions.json's `rewards` (null, unverified: the rulebook
prints no Mission book) and the table's entry of each mission in the card library, kept the first time a success
is recorded and offered filled in on every result form after (p.14 step 4); the attachment draw of p.14 step 6
opened by the mission's difficulty rating (p.9), each character picking one."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import campaign_state, character_ids
from companion import db as dbmod
from companion.schemas.content.base import ContentError
from companion.schemas.content.campaign import load_campaign_content
from companion.store import cards as card_store
from helpers.card_library import history_rows, library
from helpers.history import seen
from helpers.page_forms import as_sent
from helpers.reading import as_read

DATA = Path(__file__).resolve().parents[1] / "data" / "phantom-epoch"
RESULT = "/missions/result"


# -- the content file ------------------------------------------------------------------------------------------

def test_every_mission_has_a_rewards_entry_all_null_and_unverified():
    content, files = load_campaign_content(DATA)
    rewards = files["missions.json"]["rewards"]
    assert set(rewards) == {m.id for m in content.missions} and len(rewards) == 37  # Awakening + 3 x 12 (p.14)
    assert all(set(e.values()) == {None, False} and e["verified"] is False for e in rewards.values())


@pytest.mark.parametrize("change, field", [
    (lambda r: r["berkav-1"].update(sp="3"), "rewards.berkav-1.sp"),
    (lambda r: r["berkav-1"].update(sp=-1), "rewards.berkav-1.sp"),
    (lambda r: r["berkav-1"].update(difficulty=5), "rewards.berkav-1.difficulty"),
    (lambda r: r["berkav-1"].pop("verified"), "rewards.berkav-1.verified"),
    (lambda r: r["berkav-1"].update(fame={"Narnia": 1}), "rewards.berkav-1.fame"),
    (lambda r: r["berkav-1"].update(unlocks=["berkav-99"]), "rewards.berkav-1.unlocks"),
    (lambda r: r.update({"berkav-1": 2}), "rewards.berkav-1"),
    (lambda r: r.pop("orbos-12"), "rewards.orbos-12"),
    (lambda r: r.update({"berkav-13": dict(r["berkav-1"])}), "rewards.berkav-13"),
])
def test_bad_rewards_data_stops_start_up_naming_the_field(tmp_path, change, field):
    folder = tmp_path / "phantom-epoch"
    shutil.copytree(DATA, folder)
    doc = json.loads((folder / "missions.json").read_text(encoding="utf-8"))
    change(doc["rewards"])
    (folder / "missions.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError, match=rf"missions\.json: field {field}:"):
        load_campaign_content(folder)


# -- the result form ------------------------------------------------------------------------------------------

def shown(table, url) -> str:
    return table.get(url).get_data(as_text=True)


def second_campaign(table) -> str:
    """Another campaign of the same table: Ann (Healer) and Bo (Warrior)."""
    url = table.post("/campaigns", {"name": "The Second Table"}, htmx=False).headers["Location"]
    for name, cls in (("Ann", "Healer"), ("Bo", "Warrior")):
        assert table.post(f"{url}/characters", {"name": name, "class_name": cls, "species": "Human"}).status_code == 200
    return url


def typed_berkav_1(table, campaign, app, **extra):
    who = character_ids(app)
    return table.post(campaign + RESULT, {
        "_form": "result", "mission": "berkav-1", "outcome": "success", "party": [who["Sylvestia"], who["Vincent"]],
        "difficulty": "2", "sp": "3", "vanished_tech": "1", "fame_Berkav": "5", "unlocks": ["berkav-2"], **extra})


def test_rewards_typed_once_are_offered_and_confirmed_in_one_tap_in_every_campaign_after(table, campaign, app):
    # p.14 step 4: the rewards listed at the end of the mission text; the table types them once, from the book.
    page = as_read(shown(table, f"{campaign}/missions?mission=berkav-1"))
    assert "Nobody has typed this mission" in page
    assert typed_berkav_1(table, campaign, app).status_code == 200
    kept = library(table)["mission_rewards"]["berkav-1"]
    assert kept == {"difficulty": 2, "sp": 3, "vanished_tech": 1, "fame": {"Berkav": 5}, "unlocks": ["berkav-2"],
                    "verified": False}

    other = second_campaign(table)
    page = shown(table, f"{other}/missions?mission=berkav-1")
    assert "Filled in from this mission" in page and "unverified" in page
    entries = history_rows(app)
    ann_bo = list(character_ids(app, 2).values())
    resp = table.post(other + RESULT, as_sent(page, RESULT, outcome="success", party=ann_bo))  # the one tap
    assert resp.status_code == 200
    c = campaign_state(app, 2)
    assert [ch.sp for ch in c.characters] == [3, 3] and c.fame["Berkav"] == 5 and c.vanished_tech == 1
    assert c.missions["berkav-2"].available
    assert (c.reward_max_tier, set(c.reward_pickers)) == (2, set(ann_bo))  # the draw opened at the book's rating
    assert history_rows(app) == entries  # confirmed as offered: the library is not written again


def test_a_correction_on_the_form_is_what_is_offered_next(table, campaign, app):
    typed_berkav_1(table, campaign, app)
    other = second_campaign(table)
    page = table.get(f"{other}/missions?mission=berkav-1").get_data(as_text=True)
    ann_bo = list(character_ids(app, 2).values())
    table.post(other + RESULT, as_sent(page, RESULT, outcome="success", party=ann_bo, sp=4, book_checked="on"))
    assert campaign_state(app, 2).characters[0].sp == 4
    assert library(table)["mission_rewards"]["berkav-1"]["sp"] == 4
    assert library(table)["mission_rewards"]["berkav-1"]["verified"] is True
    page = table.get(f"{campaign}/missions?mission=berkav-1").get_data(as_text=True)
    assert "checked against the Mission book" in page and as_sent(page, RESULT)["sp"] == ["4"]


def test_an_unlock_the_campaign_has_opened_already_stays_offered_and_kept(table, campaign, app):
    typed_berkav_1(table, campaign, app)
    page = table.get(f"{campaign}/missions?mission=berkav-1").get_data(as_text=True)  # a replay: Berkav-2 is open
    assert "(open already)" in page and as_sent(page, RESULT)["unlocks"] == ["berkav-2"]
    entries = history_rows(app)
    who = character_ids(app)
    table.post(campaign + RESULT, as_sent(page, RESULT, outcome="success", party=[who["Sylvestia"], who["Vincent"]]))
    assert history_rows(app) == entries and library(table)["mission_rewards"]["berkav-1"]["unlocks"] == ["berkav-2"]


@pytest.mark.parametrize("bad, field", [({"sp": "-1"}, "SP reward"), ({"fame_Berkav": "200"}, "Fame change"),
                                        ({"difficulty": "5"}, "Mission difficulty"),
                                        ({"unlocks": ["orbos-99"]}, "Unlocked missions")])
def test_bad_result_input_is_refused_naming_the_field_and_changes_nothing(table, campaign, app, bad, field):
    before, entries = campaign_state(app), history_rows(app)
    resp = typed_berkav_1(table, campaign, app, **bad)
    assert resp.status_code == 422 and f"<strong>{field}</strong>" in resp.get_data(as_text=True)
    assert campaign_state(app) == before and history_rows(app) == entries
    assert "berkav-1" not in library(table).get("mission_rewards", {})


def test_a_failure_keeps_no_rewards(table, campaign, app):
    who = character_ids(app)
    table.post(campaign + RESULT, {"mission": "berkav-1", "outcome": "failure", "sp": "3",
                                   "party": [who["Sylvestia"], who["Vincent"]]})
    assert "berkav-1" not in library(table).get("mission_rewards", {})


def test_a_retried_result_is_applied_once_and_keeps_the_rewards_once(table, campaign, app):
    rid = "ab" * 16
    assert typed_berkav_1(table, campaign, app, request_id=rid).status_code == 200
    after, entries = campaign_state(app), history_rows(app)
    resp = typed_berkav_1(table, campaign, app, request_id=rid)  # the answer was lost; the tablet sends it again
    assert resp.status_code == 200 and "already" in resp.get_data(as_text=True).lower()
    assert campaign_state(app) == after and history_rows(app) == entries


def test_undoing_the_result_leaves_the_books_rewards_offered(table, campaign, app):
    # docs/rules.md: the Mission book's values do not change because a result was taken back.
    typed_berkav_1(table, campaign, app)
    resp = table.post(f"{campaign}/undo", {"back": "missions", "version": seen(table, campaign)})
    assert "Undid: Berkav-1 completed" in resp.get_data(as_text=True)
    assert campaign_state(app).characters[0].sp == 0
    page = table.get(f"{campaign}/missions?mission=berkav-1").get_data(as_text=True)
    assert as_sent(page, RESULT)["sp"] == ["3"] and as_sent(page, RESULT)["difficulty"] == ["2"]


# -- the attachment draw (p.14 step 6) ----------------------------------------------------------------------

def test_the_attachment_draw_is_prompted_for_each_character_of_the_party(table, campaign, app):
    page = typed_berkav_1(table, campaign, app).get_data(as_text=True)
    rewards = page.split('id="rewards"')[1].split("</section>")[0]
    assert "Berkav-1 completed: Attachment rewards: draw 4 cards from each of the Tier 1, Tier 2 decks (8 cards)" in rewards
    assert "Sylvestia" in rewards and "Vincent" in rewards and "Augustus" not in rewards  # only who embarked
    who = character_ids(app)
    pick = as_sent(page, "/missions/reward", f"reward-{who['Sylvestia']}")
    assert pick["character"] == [who["Sylvestia"]] and pick["tier"] == ["1"]


@pytest.mark.parametrize("bad, field", [({"tier": "3"}, "Tier"), ({"type": "starting"}, "Type"),
                                        ({"who": "Augustus"}, "Character"), ({"name": ""}, "Name")])
def test_a_bad_pick_is_refused_naming_the_field_and_changes_nothing(table, campaign, app, bad, field):
    typed_berkav_1(table, campaign, app)
    who = character_ids(app)
    before = campaign_state(app)
    picker = who[bad.pop("who", "Sylvestia")]  # sent from Sylvestia's form
    form = {"_form": f"reward-{who['Sylvestia']}", "character": picker, "name": "Hemorrhage Inducer", "type": "melee",
            "tier": "2", **bad}
    resp = table.post(campaign + "/missions/reward", form)
    assert resp.status_code == 422, resp.get_data(as_text=True)
    assert f"<strong>{field}" in resp.get_data(as_text=True)
    assert campaign_state(app) == before


def test_each_character_picks_one_and_the_draw_closes_after_the_last(table, campaign, app):
    typed_berkav_1(table, campaign, app)
    who = character_ids(app)
    for name in ("Sylvestia", "Vincent"):
        resp = table.post(campaign + "/missions/reward", {"character": who[name], "name": f"{name}'s pick",
                                                          "type": "any", "tier": "1"})
        assert resp.status_code == 200
    c = campaign_state(app)
    assert c.reward_pickers == () and c.reward_max_tier is None
    assert [a.name for a in c.characters[1].attachments][-1] == "Vincent's pick"
    resp = table.post(campaign + "/missions/reward", {"character": who["Vincent"], "name": "Second", "type": "any",
                                                      "tier": "1"})
    assert resp.status_code == 422  # one each (p.14)


def test_no_difficulty_rating_opens_no_draw_and_says_why(table, campaign, app):
    page = typed_berkav_1(table, campaign, app, difficulty="").get_data(as_text=True)
    assert "no attachment draw is open" in page and 'id="rewards"' not in page
    assert campaign_state(app).reward_pickers == ()


def test_a_result_recorded_over_an_open_draw_says_the_draw_is_closed(table, campaign, app):
    typed_berkav_1(table, campaign, app)
    who = character_ids(app)
    resp = table.post(campaign + RESULT, {"_form": "result", "mission": "berkav-2", "outcome": "success", "difficulty": "1",
                                          "party": [who["Vincent"], who["Augustus"]]})
    assert "The attachment draw still open (Sylvestia, Vincent had not picked) is closed" in resp.get_data(as_text=True)
    assert set(campaign_state(app).reward_pickers) == {who["Vincent"], who["Augustus"]}


def test_a_damaged_library_does_not_stop_a_result(table, campaign, app):
    table.get("/cards")  # the library made
    db = dbmod.connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE card_libraries SET doc = '{'")
        db.conn.commit()
    finally:
        db.conn.close()
    assert typed_berkav_1(table, campaign, app).status_code == 200
    assert campaign_state(app).characters[0].sp == 3


def test_the_library_keeps_nothing_for_an_unchanged_entry(db):
    entry = {"difficulty": 1, "sp": 2, "vanished_tech": 0, "fame": {}, "unlocks": [], "verified": False}
    with dbmod.immediate(db):
        assert card_store.keep_mission_rewards(db, "berkav-1", entry) == "Entered the Mission book rewards of berkav-1"
    with dbmod.immediate(db):
        assert card_store.keep_mission_rewards(db, "berkav-1", entry) is None
    assert card_store.peek(db)["mission_rewards"] == {"berkav-1": entry}


def test_the_cards_page_lists_the_kept_rewards_and_a_removal_is_undone_there(table, campaign, app):
    typed_berkav_1(table, campaign, app)
    cards = as_read(shown(table, "/cards"))
    assert "Mission book rewards (kept from the result forms)" in cards and "<strong>Berkav-1</strong>" in cards
    assert "difficulty 2 · 3 SP · Vanished technology 1 · fame on Berkav +5 · unlocks Berkav-2 · unverified" in cards
    version = re.search(r'action="/cards/undo".*?name="version" value="(\d+)"', shown(table, "/cards"), re.S).group(1)
    resp = table.post("/cards/remove", {"_form": "remove", "part": "mission_rewards", "key": "berkav-1",
                                        "version": version})
    assert resp.status_code == 200 and "berkav-1" not in library(table)["mission_rewards"]
    version = re.search(r'action="/cards/undo".*?name="version" value="(\d+)"', shown(table, "/cards"), re.S).group(1)
    table.post("/cards/undo", {"version": version})
    assert library(table)["mission_rewards"]["berkav-1"]["sp"] == 3


def test_kept_rewards_are_checked_against_the_book_in_one_tap_on_the_cards_page(table, campaign, app):
    from helpers.page_forms import find_form

    typed_berkav_1(table, campaign, app)
    form = find_form(shown(table, "/cards"), "/cards/verify", "These are the Mission book's values",
                     key="berkav-1")
    assert table.post("/cards/verify", form.fill()).status_code == 200
    assert library(table)["mission_rewards"]["berkav-1"]["verified"] is True
    page = as_read(shown(table, f"{campaign}/missions?mission=berkav-1"))
    assert "checked against the Mission book" in page
    resp = table.post("/cards/verify", {**form.fill(), "key": "berkav-3"})  # nothing kept for it: nothing to check
    assert resp.status_code == 404

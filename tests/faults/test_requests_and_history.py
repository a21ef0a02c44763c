"""Issue 24: a request id means one request, undo and redo are stale-checked like any change, a recorded mission
result is part of its campaign's history, and a mission party holds one character per class (p.8)."""
from __future__ import annotations

import io
import json

from companion import create_app
from conftest import campaign_state, character_ids
from helpers.database import one
from helpers.games import Table
from helpers.history import seen
from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_campaign_mission, start_first_steps, step, text, version

ID_A, ID_B = "a" * 32, "b" * 32


def hp(app, figure="Grallok Sentry-1"):
    state = json.loads(one(app, "SELECT state FROM missions WHERE id = 1"))
    return next(f["hp"] for f in state["figures"] if f["id"] == figure)


# -- one request id, one request ----------------------------------------------------------------------------

def test_the_same_request_id_with_another_body_is_refused_and_changes_nothing(app, table):
    mission = start_first_steps(table)
    form = {"version": version(table), "figure": "Grallok Sentry-1", "delta": -1, "request_id": ID_A}
    assert table.post(f"{mission}/do/hp", form).status_code == 200
    after = hp(app)
    again = table.post(f"{mission}/do/hp", form)  # its answer lost: the same request, applied once
    assert again.status_code == 200 and "already saved" in text(again) and hp(app) == after
    other = table.post(f"{mission}/do/hp", {**form, "delta": -3})  # a damaged or stale page reusing the id
    assert other.status_code == 409 and "already used for another change" in text(other)
    assert "already saved" not in text(other) and hp(app) == after


def test_the_same_request_id_for_another_document_is_refused(app, table, campaign):
    table.post("/campaigns", {"name": "Second"}, htmx=False)
    assert table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1", "request_id": ID_A}).status_code == 200
    other = table.post("/campaigns/2/fame", {"planet": "Orbos", "delta": "1", "request_id": ID_A})
    assert other.status_code == 409 and "already used for another change" in text(other)
    assert campaign_state(app, 2).fame["Orbos"] == 0 and campaign_state(app, 1).fame["Orbos"] == 1


def test_a_map_import_sent_twice_with_one_id_makes_one_map(app, table):
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    exported = table.get("/maps/1/export").get_data()

    def send(request_id, body=exported):
        return table.post("/maps/import", {"request_id": request_id, "_form": "import",
                                           "file": (io.BytesIO(body), "copy.json")}, htmx=False,
                          content_type="multipart/form-data")

    assert send(ID_A).status_code == 303
    assert send(ID_A).status_code == 303  # the answer to the first was lost: the tablet sends again
    assert one(app, "SELECT COUNT(*) FROM maps") == 2
    table.post("/maps/samples", {"sample": "doors-and-hazards.json"}, htmx=False)
    other = send(ID_A, table.get("/maps/3/export").get_data())  # another file under the same id
    assert other.status_code == 409 and "already used for another change" in text(other)
    assert one(app, "SELECT COUNT(*) FROM maps") == 3


def test_a_card_import_sent_twice_with_one_id_is_applied_once(app, table, tmp_path):
    # Another table's card file, new here (a file of what is here already would change nothing either way).
    other = Table(create_app({"INSTANCE_PATH": str(tmp_path / "other"), "TESTING": True}).test_client())
    other.post("/cards/samples", htmx=False)
    exported = other.get("/cards/export").get_data()
    table.get("/cards")

    def send():
        return table.post("/cards/import", {"request_id": ID_A, "_form": "import",
                                            "file": (io.BytesIO(exported), "cards.json")}, htmx=False,
                          content_type="multipart/form-data")

    before = one(app, "SELECT COUNT(*) FROM card_history")
    assert send().status_code == 200
    assert send().status_code in (200, 303)
    assert one(app, "SELECT COUNT(*) FROM card_history") == before + 1


# -- stale checks on undo, redo and every change ------------------------------------------------------------

def test_a_tablet_one_step_behind_cannot_undo_another_tablets_newer_step(app, table):
    mission = start_first_steps(table)
    step(table, "hp", figure="Grallok Sentry-1", delta=-1)
    behind = seen(table, mission)  # tablet A draws its page here
    step(table, "hp", figure="Grallok Sentry-1", delta=-2)  # tablet B's newer step
    resp = table.post(f"{mission}/undo", {"version": behind})
    assert resp.status_code == 409 and "changed on another device" in text(resp)
    assert hp(app) == 5  # 8 at difficulty 2, -1, -2: nothing undone
    resp = table.post(f"{mission}/redo", {"version": behind})
    assert resp.status_code == 409
    resp = table.post(f"{mission}/undo", {"version": seen(table, mission)})
    assert resp.status_code == 200 and hp(app) == 7


def test_undo_redo_and_a_change_without_the_version_are_refused(app, table, started):
    mission = start_first_steps(table)
    for url, data in ((f"{mission}/do/hp", {"figure": "Grallok Sentry-1", "delta": -1}), (f"{mission}/undo", {}),
                      (f"{mission}/redo", {}), (f"{started.url}/undo", {})):
        before = one(app, "SELECT SUM(version) FROM missions") + one(app, "SELECT SUM(version) FROM games")
        resp = table.post(url, data)
        assert resp.status_code == 422 and "reload the page" in text(resp), url
        assert one(app, "SELECT SUM(version) FROM missions") + one(app, "SELECT SUM(version) FROM games") == before


def test_a_campaign_undo_carries_the_version_and_a_stale_one_is_refused(app, table, campaign):
    table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"})
    behind = seen(table, campaign)
    table.post(f"{campaign}/fame", {"planet": "Berkav", "delta": "1"})  # another tablet
    resp = table.post(f"{campaign}/undo", {"version": behind, "back": "campaign"})
    assert resp.status_code == 409
    assert campaign_state(app).fame["Berkav"] == 1 and campaign_state(app).fame["Orbos"] == 1


def test_notes_without_the_version_are_refused(app, table, campaign):
    resp = table.post(f"{campaign}/notes", {"_form": "notes", "notes": "Overwritten"})
    assert resp.status_code == 422 and "reload the page" in text(resp)
    assert campaign_state(app).notes == ""


# -- a recorded result is part of the campaign's history ----------------------------------------------------

def test_record_undo_record_again_undo_redo(app, table, campaign):
    start_campaign_mission(app, table)
    step(table, "fail", reason="The relay was destroyed")
    assert table.post("/table/1/record", htmx=False).status_code == 303
    assert campaign_state(app).last_mission == "awakening"

    undone = table.post(f"{campaign}/undo", {"version": seen(table, campaign), "back": "missions"})
    assert undone.status_code == 200 and "Undid" in text(undone)
    assert campaign_state(app).last_mission is None
    page = text(table.get("/table/1"))
    assert "Record in the campaign book" in page and "Recorded in the campaign book" not in page

    again = table.post("/table/1/record", htmx=False)  # recorded once more: not "already in its campaign book"
    assert again.status_code == 303 and campaign_state(app).last_mission == "awakening"
    assert "Recorded in the campaign book" in text(table.get("/table/1"))

    table.post(f"{campaign}/undo", {"version": seen(table, campaign), "back": "missions"})
    assert campaign_state(app).last_mission is None
    redone = table.post(f"{campaign}/redo", {"version": seen(table, campaign), "back": "missions"})
    assert redone.status_code == 200 and "Redid" in text(redone)
    assert campaign_state(app).last_mission == "awakening"
    assert "Recorded in the campaign book" in text(table.get("/table/1"))
    twice = table.post("/table/1/record", htmx=False)  # redone: in the book, so not a second time
    assert twice.status_code == 409 and campaign_state(app).last_mission == "awakening"


def test_a_recorded_missions_own_undo_is_refused_with_the_reason(app, table, campaign):
    start_campaign_mission(app, table)
    step(table, "fail", reason="The relay was destroyed")
    table.post("/table/1/record", htmx=False)
    resp = table.post("/table/1/undo", {"version": version(table)})
    assert resp.status_code == 422 and "undo the record on the campaign first" in text(resp)
    assert "Mission failed in round 1" in text(table.get("/table/1"))
    # Once the record is undone on the campaign, the mission's own undo works and it can be finished again.
    table.post(f"{campaign}/undo", {"version": seen(table, campaign), "back": "campaign"})
    assert table.post("/table/1/undo", {"version": version(table)}).status_code == 200
    step(table, "fail", reason="Abandoned after all")
    assert table.post("/table/1/record", htmx=False).status_code == 303


def test_a_retried_record_is_applied_once(app, table, campaign):
    start_campaign_mission(app, table)
    step(table, "fail", reason="The relay was destroyed")
    table.post("/table/1/record", {"request_id": ID_B}, htmx=False)
    entries = one(app, "SELECT COUNT(*) FROM history WHERE campaign_id = 1")
    table.post(f"{campaign}/undo", {"version": seen(table, campaign), "back": "campaign"})
    again = table.post("/table/1/record", {"request_id": ID_B}, htmx=False)  # the first send's answer was lost
    assert again.status_code in (200, 303) and campaign_state(app).last_mission is None
    assert one(app, "SELECT COUNT(*) FROM history WHERE campaign_id = 1 AND status = 'done'") == entries - 1


# -- one character per class (p.8) --------------------------------------------------------------------------

def test_set_up_refuses_two_characters_of_one_class(app, table, campaign):
    table.post(f"{campaign}/characters", {"name": "Brutus", "class_name": "Warrior", "species": "Human"})
    ids = character_ids(app)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2",
                                 "character_1": ids["Vincent"], "hp_1": "12", "ap_1": "7",
                                 "character_2": ids["Brutus"], "hp_2": "10", "ap_2": "6"})
    assert resp.status_code == 422
    assert "one character of a given class" in text(resp) and "p.8" in text(resp)
    assert 'name="character_2"' in text(resp) and one(app, "SELECT COUNT(*) FROM missions") == 0

"""A mission that can't get stuck (issue 18): a lost mission's page still renders and its defeat can be
recorded or undone; set-up refuses a party the map can't seat or a party of one (p.8, 11); a mission can be
abandoned (a failure in its campaign, or deleted for a one-off)."""
from __future__ import annotations

import pytest

from helpers.mission_table import app  # noqa: F401 (the seeded app fixture)
from helpers.mission_table import start_campaign_mission, start_first_steps, step, text, to_first_turn
from helpers.history import seen


@pytest.fixture
def mission(table):
    return start_first_steps(table)


def to_adversary_turn(table):
    to_first_turn(table)
    step(table, "end-turn")
    step(table, "next")
    step(table, "end-turn")
    return step(table, "next")


def test_a_mission_lost_during_an_adversary_turn_still_renders_and_can_be_undone(table, mission):
    assert "Grallok Sentry-1's turn" in text(to_adversary_turn(table))
    step(table, "hp", figure="vera", delta="-10")
    resp = step(table, "hp", figure="bram", delta="-12")
    assert resp.status_code == 200 and "Mission failed in round 1" in text(resp)
    page = table.get(mission)
    assert page.status_code == 200 and "Mission failed in round 1" in text(page)
    assert table.post(f"{mission}/undo", {"version": seen(table, mission)}).status_code in (200, 303)
    page = table.get(mission)
    assert page.status_code == 200 and "Mission failed in round 1" not in text(page)


def set_up(table, sample, names):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": sample}, htmx=False)
    data = {"mission": "sample-1", "map": "1", "difficulty": "2"}
    for n, name in enumerate(names, start=1):
        data.update({f"character_{n}": name, f"hp_{n}": "10", f"ap_{n}": "6"})
    return table.post("/table", data, htmx=False)


def test_a_party_of_one_is_refused_with_the_rule(table):
    resp = set_up(table, "first-steps.json", ["Vera"])
    assert resp.status_code == 422 and "at least two characters" in text(resp) and "p.8" in text(resp)
    assert table.get("/table/1").status_code == 404


def test_more_characters_than_entry_points_are_refused_with_the_rule(table):
    from companion.phantom.hexmap import HexMap
    from companion.phantom.play import MissionError, check_seats

    two = HexMap(spaces=frozenset(), entry_points=frozenset({(0, 0), (1, 0)}))
    with pytest.raises(MissionError) as refused:
        check_seats(two, ["character_1", "character_2", "character_3"])
    assert refused.value.field == "character_3" and "p.11" in str(refused.value)
    check_seats(two, ["character_1", "character_2"])


@pytest.mark.parametrize("sample", ["crossfire.json", "doors-and-hazards.json", "first-steps.json",
                                    "great-hall-30x24.json", "mutant-grallok-lair.json"])
def test_every_sample_map_seats_four_characters(app, table, sample):
    resp = set_up(table, sample, ["Vera", "Bram", "Tess", "Oda"])
    assert resp.status_code == 303, text(resp)
    for name, space in zip(["vera", "bram", "tess", "oda"], entry_points(app)):
        assert step(table, "place", character=name, space=space).status_code == 200
    assert "Choose a character, then tap an entry point" not in text(table.get("/table/1"))


def entry_points(app) -> list[str]:
    from companion.store import mission_table as store
    from companion.web.database import get_db

    with app.test_request_context("/"):
        m = store.JOURNAL.get(get_db(), 1).mission
        return sorted(m.map.label(h) for h in m.map.entry_points)


def test_a_one_off_mission_is_abandoned_then_deleted_for_good(table, mission):
    page = text(table.get(mission))
    assert 'id="abandon"' in page and 'id="delete-mission"' not in page  # even before anyone is placed
    resp = step(table, "abandon")
    assert 'id="delete-mission"' in text(resp) and 'id="abandon"' not in text(resp)
    assert resp.status_code == 200 and "Mission failed in round 0" in text(resp)
    assert "The table abandoned the mission" in text(table.get(f"{mission}/log"))
    refused = table.post(f"{mission}/delete", {})
    assert refused.status_code == 422 and table.get(mission).status_code == 200
    resp = table.post(f"{mission}/delete", {"confirm": "yes"}, htmx=False)
    assert resp.status_code == 303 and table.get(mission).status_code == 404
    assert "sample-1 on" not in text(table.get("/"))


def test_a_campaign_mission_abandoned_is_recorded_as_a_failure(app, table, campaign):
    from companion.store import campaigns as campaign_store
    from companion.web.database import get_db

    start_campaign_mission(app, table)
    assert step(table, "abandon").status_code == 200
    assert table.post("/table/1/delete", {"confirm": "yes"}).status_code == 422  # a campaign's: recorded instead
    resp = table.post("/table/1/record", {}, htmx=False)
    assert resp.status_code == 303
    with app.test_request_context("/"):
        c = campaign_store.JOURNAL.get(get_db(), 1).campaign
    assert not c.missions["awakening"].completed


def stored(app, mission_id=1):
    from companion.store import mission_table as store
    from companion.web.database import get_db

    with app.test_request_context("/"):
        return store.JOURNAL.get(get_db(), mission_id).mission


def test_the_table_corrects_hp_space_conditions_and_undoes_them(app, table, mission):
    step(table, "place", character="vera", space="B-6")
    step(table, "place", character="bram", space="C-6")
    page = text(table.get(f"{mission}?sheet=bram"))  # a tap on Bram opens his sheet: its corrections
    assert 'id="correct-space-form"' in page and 'data-tap="space"' in page and 'action="/table/1/do/correct-hp"' in page
    assert step(table, "correct-hp", figure="vera", hp="4").status_code == 200
    assert step(table, "correct-space", figure="bram", space="D-6").status_code == 200
    assert step(table, "correct-condition", figure="Grallok Sentry-1", condition="Vulnerable", on="yes").status_code == 200
    log = text(table.get(f"{mission}/log"))
    assert log.count("Correction by the table") == 3
    refused = step(table, "correct-space", figure="bram", space="B-6")
    assert refused.status_code == 422 and "two figures never share a space" in text(refused)
    refused = step(table, "correct-hp", figure="vera", hp="11")
    assert refused.status_code == 422
    m = stored(app)
    assert (m.figure("vera").hp, m.map.label(m.figure("bram").at)) == (4, "D-6")
    assert m.figure("Grallok Sentry-1").has_condition("Vulnerable")
    table.post(f"{mission}/undo", {"version": seen(table, mission)})
    m = stored(app)
    assert not m.figure("Grallok Sentry-1").has_condition("Vulnerable") and m.map.label(m.figure("bram").at) == "D-6"


def test_an_object_state_is_corrected_and_a_figure_never_shares_an_intact_one():
    from companion.phantom.play import MissionError, correct_object, place_character
    from helpers.mission_table import first_steps

    m = place_character(first_steps(), "vera", "B-6").mission
    h, state = m.map.objects[0]
    label = m.map.label(h)
    after = correct_object(m, label, "damaged")
    assert dict(after.mission.map.objects)[h] == "damaged" and "Correction by the table" in after.reasons[0]
    with pytest.raises(MissionError) as refused:
        correct_object(m, "B-6", "damaged")
    assert refused.value.field == "space"


def test_refusals_and_form_errors_name_characters_and_fields_as_the_table_reads_them(app, table, campaign):
    ids = start_campaign_mission(app, table)
    refused = html_text(step(table, "correct-space", figure=ids["Vincent"], space="C-6"))
    assert "already holds Augustus" in refused and f"holds {ids['Augustus']}" not in refused
    refused = html_text(step(table, "correct-condition", figure=ids["Vincent"], condition="Frozen", on="no"))
    assert "Vincent has no Frozen token" in refused


def test_set_up_form_errors_use_the_labels_on_the_form(table):
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": "first-steps.json"}, htmx=False)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "Bram", "ap_2": "7"}, htmx=False)
    assert resp.status_code == 422 and "<strong>Max HP of character 2</strong>" in text(resp)
    resp = table.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera",
                                 "hp_1": "10", "ap_1": "6", "character_2": "vera", "hp_2": "12", "ap_2": "7"},
                      htmx=False)
    assert resp.status_code == 422 and "<strong>Character 2</strong>" in text(resp)
    assert "Characters[" not in text(resp)


def html_text(resp) -> str:
    import html

    return html.unescape(text(resp))

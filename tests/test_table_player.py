"""Whole missions at the mission table played through its pages with only what they offer (issue 18).

A short seeded run: every sample map with a campaign party of two, three or four characters of different
classes (HP and AP from their sheets, a Guard-printing attachment equipped), pressing what /table/1 offers
until the mission ends, ten rounds begin or the presses run out; failing on any 5xx, any offered control
refused as malformed, markup shown as text, or a broken invariant (HP outside 0..max, two figures on a space,
a figure off the map or on an object). scripts/play-table runs every map with every party size, longer.
"""
from __future__ import annotations

import pytest

from companion import create_app
from conftest import Table
from helpers.table_player import SAMPLES, play_mission

STEPS = 90  # per mission: the five together well under a minute


@pytest.mark.parametrize("sample, characters", [(s, 2 + i % 3) for i, s in enumerate(SAMPLES)])
def test_a_mission_played_from_what_the_table_page_offers(tmp_path, sample, characters):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 18})
    run = play_mission(app, Table(app.test_client()), sample, characters, seed=18, steps=STEPS)
    assert not run.failures, "\n".join(str(f) for f in run.failures[:10])
    assert run.rounds >= 1 and sum(run.actions.values()) == run.steps > 0
    assert run.result != "unfinished" or run.steps == STEPS or run.rounds > 10, run

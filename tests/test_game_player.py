"""Every registered game played through its pages with only what they offer (issue 20, item 8).

A short seeded run per game: a new game from the home page's own form, then seeded presses of whatever
the game page offers, failing on any 5xx, any offered control refused as malformed, markup shown as text,
or a broken invariant (scores and supplies never negative or over the box, a once-only thing at most once).
scripts/play-games runs the same player longer over many seeds.
"""
from __future__ import annotations

import pytest

from companion import create_app
from companion.kits import KITS
from helpers.game_player import play_game

STEPS = 250  # per game: all four games well under a minute together


@pytest.mark.parametrize("key", list(KITS))
def test_a_game_played_from_what_its_pages_offer(tmp_path, key):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": True, "GAME_SEED": 20})
    run = play_game(app, key, seed=20, steps=STEPS)
    assert not run.failures, "\n".join(str(f) for f in run.failures[:10])
    assert run.steps == STEPS or run.over, f"{key} stalled after {run.steps} presses: {run.stalled}"
    assert sum(run.actions.values()) > 0

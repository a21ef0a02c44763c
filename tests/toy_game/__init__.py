"""A tiny game that lives in the test suite only, laid out as the app lays out a game: its rules in
games/race.py (standard library only) and its kit in kits/race/. `registered()` adds it to the app's registry
with the one line docs/ARCHITECTURE.md's "Adding a game" asks for; tests/test_game_kits.py then runs the
whole contract over it and tests/test_game_player.py plays it from what its pages offer."""
from __future__ import annotations

from contextlib import contextmanager

from companion.games.registry import RULES

from .games import race


@contextmanager
def registered():
    """Race to Ten in the registry while the block runs (create the app inside it: start-up reads the kits)."""
    RULES[race.KEY] = race  # the one registry line
    try:
        yield race
    finally:
        del RULES[race.KEY]

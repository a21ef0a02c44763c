"""The games the table trackers know: one kit per game, listed once here.

A game is its rules, companion/games/<game>.py (standard library only, tests/test_purity.py), and its kit,
companion/kits/<game>/ (forms, page context and actions, content loader, exported state's schema; the page's
templates under templates/games/<game>/). To add a game: write both, and add its kit to the import and to
`KITS` below. The store, the web frame, start-up's content, the new-game form and the export file all read
this registry.
"""
from __future__ import annotations

from . import aldarra, lost_empires, shattered_empires, suriya_162
from .kit import GameKit

KITS: dict[str, GameKit] = {kit.key: kit for kit in (lost_empires.KIT, aldarra.KIT, suriya_162.KIT, shattered_empires.KIT)}
RULES = {key: kit.rules for key, kit in KITS.items()}  # each game's rules module, by key

"""Every table-tracker game, listed once: its rules module by key.

This is the one line a game adds. A game is its rules, companion/games/<game> (standard library only, the
`frame.RulesModule` shape), and its kit, companion/kits/<game>/ (everything at the edge), found beside the rules
by name (companion/kits/__init__.py). The store reads this registry without loading any web library; the web
frame, start-up's content, the new-game form and the game file read the kits it names.
"""
from __future__ import annotations

from . import aldarra, lost_empires, shattered_empires, suriya_162
from .frame import RulesModule

RULES: dict[str, RulesModule] = {rules.KEY: rules for rules in (lost_empires, aldarra, suriya_162, shattered_empires)}

"""Suriya 162's kit. The rules are companion/games/suriya_162; here: the forms (forms.py), the page's context,
actions and field labels (page.py), the content loader for data/suriya-162/ (content.py), the exported state's
schema (state_file.py), the templates (templates/, seen by Jinja as games/suriya_162/<name>) and its styles
(style.css)."""
from __future__ import annotations

from ...games import suriya_162 as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="suriya-162", load_content=content.load_suriya_content,
              state_schema=state_file.SuriyaSchema, labels=page.LABELS,
              sample_move=("roll", {"damage_1": "2", "damage_2": "1"}))

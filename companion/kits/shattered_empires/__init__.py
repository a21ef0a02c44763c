"""Shattered Empires' kit. The rules are companion/games/shattered_empires; here: the forms (forms.py), the page's context,
actions and field labels (page.py), the content loader for data/shattered-empires/ (content.py), the exported state's
schema (state_file.py) and the templates (templates/, seen by Jinja as games/shattered_empires/<name>); the
frame's styles draw it (no style.css)."""
from __future__ import annotations

from ...games import shattered_empires as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="shattered-empires", load_content=content.load_shattered_empires_content,
              state_schema=state_file.ShatteredEmpiresSchema, labels=page.LABELS,
              sample_move=("base", {"player": "0", "base": "Imperial Command Hub"}))

"""Aldarra Reborn's kit. The rules are companion/games/aldarra; here: the forms (forms.py), the page's context,
actions and field labels (page.py), the content loader for data/aldarra-reborn/ (content.py), the exported state's
schema (state_file.py), the templates (templates/, seen by Jinja as games/aldarra/<name>) and its styles
(style.css)."""
from __future__ import annotations

from ...games import aldarra as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="aldarra-reborn", load_content=content.load_aldarra_content,
              state_schema=state_file.AldarraSchema, labels=page.LABELS,
              sample_move=("next", {}))

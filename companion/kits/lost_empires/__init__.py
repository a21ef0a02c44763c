"""Lost Empires' kit. The rules are companion/games/lost_empires; here: the forms (forms.py), the page's context,
actions and field labels (page.py), the content loader for data/lost-empires/ (content.py), the exported state's
schema (state_file.py), the templates (templates/, seen by Jinja as games/lost_empires/<name>) and its styles
(style.css)."""
from __future__ import annotations

from ...games import lost_empires as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="lost-empires", load_content=content.load_lost_empires_content,
              state_schema=state_file.LostEmpiresSchema, labels=page.LABELS,
              sample_move=("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"}))

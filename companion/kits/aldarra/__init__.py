"""Aldarra Reborn's kit. The rules are companion/games/aldarra.py; here: the forms (forms.py), the page's context
and actions (page.py), the content loader for data/aldarra-reborn/ (content.py), the exported state's schema
(state_file.py) and the templates (templates/, seen by Jinja as games/aldarra/<name>)."""
from __future__ import annotations

from ...games import aldarra as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="aldarra-reborn", load_content=content.load_aldarra_content,
              state_schema=state_file.AldarraSchema)

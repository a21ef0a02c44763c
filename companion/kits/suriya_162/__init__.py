"""Suriya 162's kit: the rules are companion/games/suriya_162.py; here its forms (forms.py), the page's context and
actions (page.py), the content loader for data/suriya-162/ (content.py) and the exported state's schema
(state_file.py). Its templates are templates/games/suriya_162/ and the page template named in page.py."""
from __future__ import annotations

from ...games import suriya_162 as rules
from ..kit import GameKit
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="suriya-162", load_content=content.load_suriya_content, state_schema=state_file.SuriyaSchema)

"""Race to Ten's kit: forms, page, content, state file, templates and style, as every game's kit has them."""
from __future__ import annotations

from companion.kits.kit import GameKit

from ...games import race as rules
from . import content, page, state_file

KIT = GameKit(rules=rules, page=page, data="race-to-ten", load_content=content.load_race_content,
              state_schema=state_file.RaceSchema, labels=page.LABELS, sample_move=("next", {}))

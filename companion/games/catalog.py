"""The games the table trackers know, by key: each is a rules module shaped like `frame.RulesModule`."""
from __future__ import annotations

from . import aldarra, lost_empires, shattered_empires, suriya_162

RULES = {lost_empires.KEY: lost_empires, aldarra.KEY: aldarra, suriya_162.KEY: suriya_162,
         shattered_empires.KEY: shattered_empires}

"""What a game kit gives the app: the game's pure rules and every edge part that serves them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Callable


@dataclass(frozen=True)
class GameKit:
    """One game, as the store, the web frame, the export file and start-up see it.

    `rules` is the game's engine (companion/games/<game>.py, standard library only: the `frame.RulesModule`
    shape, its whole state one frozen dataclass `Game` read and written by companion/codec.py). The rest
    lives in the kit's folder (templates/ too): `page` (the page's TEMPLATE, `context(state, content)` and ACTIONS, each
    action a (form schema, command(state, form, content)) pair), `load_content` reading data/<data>/ at
    start-up, and `state_schema` checking the `state` of an imported game file.
    """

    rules: ModuleType
    page: ModuleType
    data: str
    load_content: Callable[[Path], Any]
    state_schema: type

    @property
    def folder(self) -> Path:
        """The kit's folder, companion/kits/<game>/: its modules and its templates/."""
        return Path(self.page.__file__).parent

    @property
    def templates(self) -> str:
        """Where Jinja finds this kit's templates (companion/kits/templates.py): games/<kit folder>."""
        return f"games/{self.folder.name}"

    @property
    def key(self) -> str:
        return self.rules.KEY

    @property
    def title(self) -> str:
        return self.rules.TITLE

"""What a game kit gives the app: the game's pure rules and every edge part that serves them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

# The partials the frame's templates (templates/games/_page.html, results.html) include from a kit's
# templates/, each with the frame's own default in templates/games/ for a kit that does not provide it.
FRAME_PARTIALS = ("_setup.html", "_score.html")


@dataclass(frozen=True)
class GameKit:
    """One game, as the web frame, the export file, start-up and the tests see it.

    `rules` is the game's engine (companion/games/<game>, standard library only: the `frame.RulesModule` shape,
    its whole state one frozen dataclass `Game` with the `frame.GameState` fields, read and written by
    companion/codec.py). The rest lives in the kit's folder: `page` (the page's TEMPLATE, `context(state,
    content)` and ACTIONS, each action a (form schema, command(state, form, content)) pair), `load_content`
    reading data/<data>/ at start-up, `state_schema` checking the `state` of an imported game file, `labels`
    naming its forms' fields in a refusal (over the app's own, web/render.py LABELS), and `sample_move`, one
    change a fresh table accepts, as (action, form) with "next" for the stepper: the contract tests
    (tests/test_game_kits.py) play it. Its templates/ hold page.html and the game's partials, and may hold
    `FRAME_PARTIALS`; its style.css, when there is one, is served by the frame on its pages.
    """

    rules: ModuleType
    page: ModuleType
    data: str
    load_content: Callable[[Path], Any]
    state_schema: type
    sample_move: tuple[str, Mapping[str, str]]
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        """The kit's folder, companion/kits/<game>/: its modules, templates/ and style.css."""
        return Path(self.page.__file__).parent

    @property
    def templates(self) -> str:
        """Where Jinja finds this kit's templates (companion/kits/templates.py): games/<kit folder>."""
        return f"games/{self.folder.name}"

    @property
    def css(self) -> Path | None:
        """The kit's own style sheet (its board, its score panel), or None: the frame's styles suffice."""
        path = self.folder / "style.css"
        return path if path.is_file() else None

    @property
    def key(self) -> str:
        return self.rules.KEY

    @property
    def title(self) -> str:
        return self.rules.TITLE

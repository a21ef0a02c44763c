"""Each game's kit: everything at the edge of one game, in its own folder, found beside its rules.

A game is its rules, companion/games/<game> (standard library only; listed once, by key, in
companion/games/registry.py), and its kit, the folder companion/kits/<game>/: `__init__.py` declaring
`KIT = GameKit(...)` (kit.py: its labels, CSS, sample move and parts), `forms.py`, `page.py`, `content.py`,
`state_file.py` and `templates/` (seen by Jinja as games/<game>/<name>, companion/kits/templates.py).
`KITS` follows the registry: the kit of the rules module `<root>.games.<game>` is the package
`<root>.kits.<game>`, so a game registered is a game with a kit, and adding one takes no line here. The web
frame, start-up's content, the new-game form and the game file read `KITS`; the store reads `RULES` only.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from ..games.registry import RULES
from .kit import GameKit


def kit_of(rules) -> GameKit:
    """The kit beside a rules module: companion.games.lost_empires -> companion.kits.lost_empires.KIT."""
    root, layer, name = rules.__name__.rsplit(".", 2)
    if layer != "games":
        raise LookupError(f"{rules.__name__}: a game's rules live in <root>.games.<game>, its kit in <root>.kits.<game>")
    return import_module(f"{root}.kits.{name}").KIT


class Kits(Mapping):
    """The registered games' kits by key, in the registry's order, read afresh from RULES at each use."""

    def __getitem__(self, key: str) -> GameKit:
        return kit_of(RULES[key])

    def __iter__(self) -> Iterator[str]:
        return iter(RULES)

    def __len__(self) -> int:
        return len(RULES)


KITS = Kits()

"""Each kit's templates, companion/kits/<game>/templates/, seen by Jinja as games/<game>/<name>: a game's
page and partials sit in its kit folder, while the frame every game shares stays in templates/games/."""
from __future__ import annotations

from jinja2 import BaseLoader, FileSystemLoader, PrefixLoader


def kit_templates(kits) -> BaseLoader:
    """A loader for `app.jinja_loader`'s ChoiceLoader: games/<kit folder>/<name> from that kit's templates/."""
    return PrefixLoader({"games": PrefixLoader({kit.folder.name: FileSystemLoader(kit.folder / "templates")
                                                for kit in kits.values()})})

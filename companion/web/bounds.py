"""Whole numbers from URLs and query strings, bounded before they reach SQLite (which takes 64-bit integers:
a larger one raises OverflowError in the driver, a 500 instead of a refusal)."""
from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter

SQLITE_MAX = 2**63 - 1
QUERY_MAX = 10**9  # ids, page numbers and versions the app hands out stay far below this


class RowId(IntegerConverter):
    """`<int:...>` in every route: beyond SQLite's range the URL simply matches nothing (404)."""

    def __init__(self, map, fixed_digits=0, min=None, max=SQLITE_MAX, signed=False):  # noqa: A002 - werkzeug's names
        super().__init__(map, fixed_digits, min, max, signed)


def whole(text: str) -> int:
    """For `request.args.get(..., type=whole)`: a ValueError makes werkzeug fall back to the default."""
    value = int(text)
    if abs(value) > QUERY_MAX:
        raise ValueError(f"{text!r} is out of range")
    return value


def init_app(app: Flask) -> None:
    app.url_map.converters["int"] = RowId  # before the blueprints add their rules

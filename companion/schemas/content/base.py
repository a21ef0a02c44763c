"""The one base of the content loaders, and reading a data folder's files with it.

A bad file stops start-up with the file and the field named.
"""
from __future__ import annotations

import json
from pathlib import Path

from marshmallow import EXCLUDE, Schema, ValidationError

from ..messages import first_error


class ContentError(RuntimeError):
    pass


class ContentSchema(Schema):
    """The one base of the content loaders: keys the app does not read yet are ignored."""

    class Meta:
        unknown = EXCLUDE


def load_files(folder: Path, files: dict) -> dict:
    """Each file of `files` ({filename: schema}) in `folder`, checked; ContentError naming the file and field."""
    loaded = {}
    for filename, schema in files.items():
        path = Path(folder) / filename
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            loaded[filename] = schema().load(raw)
        except FileNotFoundError:
            raise ContentError(f"{path}: file is missing") from None
        except json.JSONDecodeError as exc:
            raise ContentError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        except ValidationError as exc:
            where, message = first_error(exc)
            raise ContentError(f"{path}: field {where}: {message}") from None
    return loaded

"""The one base of the file formats, which refuses unknown fields, and what the formats share: whole-number
and one-of fields, and a validation error as one line naming the field and quoting the value."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from .problems import first_problem, problem_line  # noqa: F401  (the formats' one-line account of a problem)


class FileSchema(Schema):
    class Meta:
        unknown = RAISE


def whole(lo=0, hi=99, **kw):
    return fields.Integer(strict=True, validate=validate.Range(min=lo, max=hi), **kw)


def one_of(choices, **kw):
    return fields.String(validate=validate.OneOf(choices, error=f"must be one of {', '.join(choices)}"), **kw)

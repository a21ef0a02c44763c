"""Field types with messages a player understands, shared by the schemas of every kind."""
from __future__ import annotations

import re
from collections.abc import Mapping

from marshmallow import fields, validate

from ..names import invisible

REQUIRED = {"required": "Required.", "null": "Required."}
REQUEST_ID = re.compile(r"[0-9a-f]{32}")


def request_id() -> fields.String:
    """The id a form was drawn with (one per form on each page): the same step sent again is recognised.
    The whole value must be the 32 hex digits (a longer one would be stored as it came)."""
    return fields.String(load_default=None, validate=validate.And(
        validate.Length(equal=32, error="The form is damaged; reload the page."),
        validate.Regexp(REQUEST_ID, error="The form is damaged; reload the page.")))


class Text(fields.String):
    """Typed text without the invisible format characters (zero-width, bidi controls) that would let a blank
    or a duplicate name pass for another (companion/names.py)."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        return "".join(ch for ch in text if not invisible(ch))


def text(max_len: int = 80, required: bool = True) -> fields.String:
    return Text(required=required, validate=validate.Length(max=max_len, error=f"At most {max_len} characters."),
                         error_messages=REQUIRED, **({} if required else {"load_default": ""}))


class WholeNumber(fields.Integer):
    """Digits 0-9 with an optional sign: int() alone would also take '1_0' or '²'."""

    def _validated(self, value):
        if isinstance(value, str) and not WHOLE.fullmatch(value.strip()):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


WHOLE = re.compile(r"[+-]?[0-9]{1,9}")


def count(min_value: int = 0, max_value: int = 999, required: bool = True, default=None, extra=()) -> fields.Integer:
    kwargs = {} if required else {"load_default": default}
    checks = [validate.Range(min=min_value, max=max_value,
                             error=f"Enter a whole number from {min_value} to {max_value}."), *extra]
    return WholeNumber(required=required, strict=False, validate=checks,
                       error_messages={**REQUIRED, "invalid": "Enter a whole number."}, **kwargs)


def delta(low: int = -99, high: int = 99) -> fields.Integer:
    """A change by − / +: a change of 0 would only add an empty step to the history."""
    return count(low, high, extra=[validate.NoneOf([0], error="A change of 0 changes nothing.")])


def version() -> fields.Integer:
    # Bounded like every integer headed for SQLite (64-bit): a bigger one would be an OverflowError, not a 409.
    # Required: a change without the version its page showed would skip the stale check.
    return fields.Integer(required=True, validate=validate.Range(min=0, max=2**63 - 1, error="The form is damaged; "
                                                                 "reload the page."),
                          error_messages={"invalid": "The form is damaged; reload the page.",
                                          "required": "The form is damaged or old; reload the page.",
                                          "null": "The form is damaged or old; reload the page."})


def flag() -> fields.Boolean:
    return fields.Boolean(load_default=False, error_messages={"invalid": "Tick or untick it."})


def choice(options, required: bool = True) -> fields.String:
    # A mapping (a registry such as kits.KITS) is kept as it is, so a check reads what it holds at that time.
    options = options if isinstance(options, Mapping) else list(options)
    return fields.String(required=required, validate=validate.OneOf(options, error="Choose one of the options."),
                         error_messages=REQUIRED, **({} if required else {"load_default": None}))

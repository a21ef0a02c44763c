"""The one base of the request forms: unknown keys ignored, blank boxes "not given", a command out."""
from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from marshmallow import EXCLUDE, Schema, post_load, pre_load

from ...names import visible
from ..fields import request_id


class FormSchema(Schema):
    """Forms carry csrf_token and _form besides their fields; ignore those. Every form carries the request id
    it was drawn with (templates/_form.html's `stamp`), which the journal uses to apply a retry once."""

    class Meta:
        unknown = EXCLUDE

    request_id = request_id()

    @pre_load
    def blank_is_missing(self, data, **kwargs):
        # An empty text box means "not given", so required fields say "Required." A box of only invisible
        # characters (zero-width, bidi controls) is as empty as it looks.
        return {k: v for k, v in data.items() if not (isinstance(v, str) and visible(v) == "")}

    @post_load
    def to_command(self, data, **kwargs):
        return command_type(type(self))(**data)


@cache
def command_type(schema_cls: type) -> type:
    """A frozen dataclass with one attribute per form field: what a view hands the domain."""
    name = schema_cls.__name__.removesuffix("Form")
    return dataclasses.make_dataclass(
        name, [(f, Any, dataclasses.field(default=None)) for f in schema_cls._declared_fields], frozen=True)

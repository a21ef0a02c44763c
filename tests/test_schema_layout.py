"""schemas/ by job, each with one base: request forms (FormSchema), file formats (FileSchema, which refuses
unknown fields) and content loaders (ContentSchema). A schema of a subpackage derives from its base (a card
form is checked by the card library file's own schemas, so its key schema is a file schema)."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from marshmallow import RAISE, Schema

from companion.schemas import content, files, forms
from companion.schemas.content.base import ContentSchema
from companion.schemas.files.base import FileSchema
from companion.schemas.forms.base import FormSchema

BASES = {forms: (FormSchema, FileSchema), files: (FileSchema,), content: (ContentSchema,)}


def schemas_of(package):
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Schema) and cls.__module__ == module.__name__:
                yield cls


@pytest.mark.parametrize("package", list(BASES), ids=lambda p: p.__name__.rsplit(".", 1)[1])
def test_every_schema_of_a_subpackage_derives_from_its_base(package):
    found = list(schemas_of(package))
    assert found
    strays = [f"{cls.__module__}.{cls.__name__}" for cls in found
              if cls not in BASES[package] and not issubclass(cls, BASES[package])]
    assert strays == []


def test_file_formats_refuse_unknown_fields():
    assert FileSchema.Meta.unknown == RAISE
    assert all(cls.opts.unknown == RAISE for cls in schemas_of(files))

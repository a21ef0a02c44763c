"""Marshmallow schemas at the app's edges, one subpackage per job.

- forms/: what a browser posts (a request form → a command for the engine), base `forms.base.FormSchema`;
- files/: the files the app reads and writes (scenario files, exports, the card library), base
  `files.base.FileSchema`, which refuses unknown fields;
- content/: the data/ folders read at start-up, base `content.base.ContentSchema`.

fields.py holds the field types they share, messages.py the one-line account of a validation error.
"""

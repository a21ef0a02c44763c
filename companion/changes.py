"""Differences between two JSON documents, small enough to keep one per change.

A history entry stores only what a change touched. Each change is one of:

- [path, before, after]: the value at `path` (a key added or removed is ABSENT on one side);
- [path, before, after, start]: a splice of the list at `path` — its items from `start` were `before` and are
  `after` — for a list that grew or shrank (a card drawn, a card discarded): only the items that changed, not
  the whole list (entries stored before issue 35 hold such a list whole, as a plain [path, before, after]).

Lists of equal length are compared item by item (a character's nova cells change without copying the whole
party). Undo writes the befores back, redo the afters.

`stored(changes)` is what the entries' `diff` column holds: the JSON text, or, where it pays (a shuffled deck,
a long splice), that text compressed with zlib, as a BLOB; `loaded` reads either, and `well_formed` is the one
definition of an entry a backup check accepts.
"""
from __future__ import annotations

import json
import zlib

ABSENT = {"$absent": True}
COMPRESS_FROM = 160  # bytes of JSON below which zlib's own header and checksum eat what it saves


def diff(before, after, path=()) -> list:
    if before == after:
        return []
    if before == ABSENT or after == ABSENT:  # a key added or removed: its whole value, never a diff inside it
        return [[list(path), before, after]]
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in list(before) + [k for k in after if k not in before]:
            out += diff(before.get(key, ABSENT), after.get(key, ABSENT), path + (key,))
        return out
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            out = []
            for i, (b, a) in enumerate(zip(before, after)):
                out += diff(b, a, path + (i,))
            return out
        return [_splice(before, after, path)]
    return [[list(path), before, after]]


def _splice(before: list, after: list, path) -> list:
    """The list's items between what it kept at its start and what it kept at its end."""
    shortest = min(len(before), len(after))
    start = 0
    while start < shortest and before[start] == after[start]:
        start += 1
    end = 0
    while end < shortest - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return [list(path), before[start:len(before) - end], after[start:len(after) - end], start]


def apply(doc, changes: list, side: int):
    """Write one side of `changes` into `doc` (1: before, for undo; 2: after, for redo)."""
    if side == 1:
        changes = list(reversed(changes))
    for change in changes:
        path, value = change[0], change[side]
        if len(change) == 4:
            items, start = _at(doc, path), change[3]
            items[start:start + len(change[3 - side])] = value  # what the other side holds there gives way
            continue
        if not path:
            doc = value
            continue
        target = _at(doc, path[:-1])
        if value == ABSENT:
            target.pop(path[-1], None)
        else:
            target[path[-1]] = value
    return doc


def _at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def stored(changes: list) -> str | bytes:
    text = json.dumps(changes, ensure_ascii=False, separators=(",", ":"))
    if len(text) < COMPRESS_FROM:
        return text
    packed = zlib.compress(text.encode("utf-8"), 9)
    return packed if len(packed) < len(text.encode("utf-8")) else text


def loaded(value: str | bytes) -> list:
    """An entry's changes from its `diff` column; ValueError (json's or zlib's) when it holds neither form."""
    if isinstance(value, bytes):
        try:
            value = zlib.decompress(value).decode("utf-8")
        except zlib.error as exc:
            raise ValueError(f"not a compressed entry: {exc}") from exc
    return json.loads(value)


def compacted(value: str | bytes) -> str | bytes | None:
    """An entry stored before issue 35 as it is stored now (a list that grew or shrank as its splice, compressed
    where it pays); None when it is stored that way already, or is not an entry at all (left as it is)."""
    if not well_formed(value):
        return None
    now = stored([part for change in loaded(value) for part in _compact(change)])
    return None if now == value else now


def _compact(change: list) -> list:
    if len(change) == 3 and isinstance(change[1], list) and isinstance(change[2], list):
        return diff(change[1], change[2], tuple(change[0]))  # the same change, as the lists' own items
    return [change]


def well_formed(value) -> bool:
    try:
        changes = loaded(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return isinstance(changes, list) and all(_change(c) for c in changes)


def _change(c) -> bool:
    if not (isinstance(c, list) and len(c) in (3, 4) and isinstance(c[0], list)
            and all(isinstance(k, (str, int)) and not isinstance(k, bool) for k in c[0])):
        return False
    return len(c) == 3 or (isinstance(c[1], list) and isinstance(c[2], list)
                           and isinstance(c[3], int) and not isinstance(c[3], bool) and c[3] >= 0)

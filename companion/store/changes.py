"""Differences between two JSON documents, small enough to keep one per change.

A history entry stores only what a change touched, as [path, before, after]
triples; undo writes the befores back, redo the afters. Lists of equal length
are compared item by item (a character's nova cells change without copying
the whole party); a list that grew or shrank is stored whole.
"""
from __future__ import annotations

ABSENT = {"$absent": True}


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
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for i, (b, a) in enumerate(zip(before, after)):
            out += diff(b, a, path + (i,))
        return out
    return [[list(path), before, after]]


def apply(doc, changes: list, side: int):
    """Write one side of `changes` into `doc` (1: before, for undo; 2: after, for redo)."""
    if side == 1:
        changes = list(reversed(changes))
    for change in changes:
        path, value = change[0], change[side]
        if not path:
            doc = value
            continue
        target = doc
        for key in path[:-1]:
            target = target[key]
        if value == ABSENT:
            target.pop(path[-1], None)
        else:
            target[path[-1]] = value
    return doc

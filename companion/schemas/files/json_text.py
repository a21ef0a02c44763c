"""JSON as the files a table imports may hold it, read so that nothing in it can fail later.

Python's json module accepts what the rest of the app can't keep: a lone surrogate ("\\ud800") that SQLite and
UTF-8 refuse to store, integers of thousands of digits (past Python's 4,300-digit limit they raise while being
printed; below it they overflow SQLite's 64 bits), NaN or Infinity, and an object naming the same key twice
(json keeps the last silently: two cards of one name in a file would import as one, the other lost unsaid).
Each is refused here, naming where it stands, so an import is refused with its field instead of failing
half-way (a 500, a traceback) or losing part of the file unsaid."""
from __future__ import annotations

import json
import math

MAX_DIGITS = 15  # no count the games keep comes near a thousand million million


class _Twice(dict):
    """An object that named `twice` more than once (json would keep its last value): refused after the parse,
    where the path to it is known."""
    twice = ""


def _pairs_hook(seen_twice: list):
    def pairs(items):
        out = dict(items)
        if len(out) == len(items):
            return out
        names: set = set()
        marked = _Twice(out)
        marked.twice = next(k for k, _ in items if k in names or names.add(k))
        seen_twice.append(marked)
        return marked
    return pairs


class JsonTextError(ValueError):
    """Why the text is not JSON the app can keep; `where` is the path to the bad value ("" for the whole file)."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonTextError("", f"a number of {len(text.lstrip('-'))} digits is larger than any the app keeps")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonTextError("", f"{text[:20]} is too large a number")
    return value


def _constant(name: str):
    raise JsonTextError("", f"{name} is not a number JSON allows")


def loads(text: str | bytes):
    """The parsed document, or JsonTextError (a ValueError) saying what is wrong and where."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonTextError("", "not UTF-8 text (not valid JSON)") from None
    try:
        twice: list = []  # objects naming a key twice: looked for (their path) only when there is one
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_pairs_hook(twice))
    except json.JSONDecodeError as exc:
        raise JsonTextError("", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise JsonTextError("", "nested too deeply") from None
    where = _surrogate(data, [])
    if where is not None:
        raise JsonTextError(where, "holds a broken character (a lone UTF-16 surrogate); save the file as UTF-8 again")
    where = _named_twice(data, []) if twice else None
    if where is not None:
        raise JsonTextError(*where)
    return data


def _has_surrogate(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate(value, path: list) -> str | None:
    """The path of the first string (key or value) holding a lone surrogate, or None."""
    todo = [(value, path)]
    while todo:
        v, p = todo.pop()
        if isinstance(v, str):
            if _has_surrogate(v):
                return ".".join(p) or "file"
        elif isinstance(v, dict):
            for k, item in v.items():
                if _has_surrogate(k):
                    return ".".join(p + ["(a key)"])
                todo.append((item, p + [k]))
        elif isinstance(v, list):
            todo.extend((item, p + [str(i)]) for i, item in enumerate(v))
    return None


def _named_twice(value, path: list) -> tuple[str, str] | None:
    """(the path of the first object naming a key twice, the message), or None."""
    todo = [(value, path)]
    while todo:
        v, p = todo.pop()
        if isinstance(v, _Twice):
            return ".".join(p) or "file", f"names {v.twice!r} twice (one of them would be lost)"
        if isinstance(v, dict):
            todo.extend((item, p + [k]) for k, item in v.items())
        elif isinstance(v, list):
            todo.extend((item, p + [str(i)]) for i, item in enumerate(v))
    return None

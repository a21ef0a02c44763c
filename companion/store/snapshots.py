"""The last few documents read back, by their stored text: a poll or a page right after a change reads what was
just written, so it need not be parsed again. Shared by waitress's threads, hence the lock (what is kept is
frozen, so handing the same object to two threads is safe)."""
from __future__ import annotations

import threading
from typing import Any, Callable


class Snapshots:
    def __init__(self, keep: int = 8):
        self._kept: dict[str, Any] = {}
        self._keep = keep
        self._lock = threading.Lock()

    def get(self, text: str):
        with self._lock:
            return self._kept.get(text)

    def put(self, text: str, value) -> None:
        with self._lock:
            self._kept[text] = value
            while len(self._kept) > self._keep:
                self._kept.pop(next(iter(self._kept)))

    def read(self, text: str, parse: Callable[[str], Any]):
        """The object kept for `text`, or `parse(text)`, kept from now on."""
        found = self.get(text)
        if found is None:
            found = parse(text)
            self.put(text, found)
        return found

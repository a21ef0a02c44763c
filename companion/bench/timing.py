"""What the app-timing sections of `companion bench` share: a scratch instance, timing a request through
the test client, a connection for the untimed work between requests, and the summary of the samples."""
from __future__ import annotations

import math
import statistics
import time
from contextlib import contextmanager
from pathlib import Path

from .. import create_app
from .. import db as dbmod

HTMX = {"HX-Request": "true"}


def scratch_app(folder):
    """The app on an instance in `folder` (a temporary one): no CSRF token to fetch, no backup at start."""
    return create_app({"INSTANCE_PATH": str(Path(folder) / "instance"), "WTF_CSRF_ENABLED": False,
                       "BACKUP_ON_START": False})


def summary(name: str, kind: str, request: str, samples: list[float]) -> dict:
    """Median, 95th percentile and maximum of `samples` (ms), as every section of the app's timings reports them."""
    ordered = sorted(samples)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"name": name, "kind": kind, "request": request, "median_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(p95, 2), "max_ms": round(ordered[-1], 2), "n": len(ordered)}


class Timer:
    """Times one request through the app's test client, whole answer read; RuntimeError on an unexpected status."""
    def __init__(self, client):
        self.client = client

    def __call__(self, method: str, url: str, expect: int = 200, **kw) -> float:
        t0 = time.perf_counter()
        resp = self.client.open(url, method=method, **kw)
        resp.get_data()
        ms = (time.perf_counter() - t0) * 1000
        if resp.status_code != expect:
            raise RuntimeError(f"bench: {method} {url} answered {resp.status_code}, expected {expect}: "
                               f"{resp.get_data(as_text=True)[:300]}")
        return ms


@contextmanager
def connection(app):
    """A short-lived connection for the untimed reads and set-up between requests.

    None stays open while a request is timed: the app opens and closes one
    per request, and closing the last connection checkpoints the WAL; an extra
    open connection would hide that cost.
    """
    db = dbmod.connect(app.config["DATABASE"])
    try:
        yield db
    finally:
        db.conn.close()

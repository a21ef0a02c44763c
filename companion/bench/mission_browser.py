"""The mission table in a browser, the browser section of `companion bench` (issue 19).

Issue 19 sets the targets: in chromium at 1024x768, on the 30x24 sample map with 16 figures (the mission the
mission_table section builds), each tap repaints in 100 ms or less (medians); issue 27 its answer 30 KB or less
(issue 19 asked 40).
The app runs on a scratch instance served by waitress on 127.0.0.1, as at the table; Playwright drives
Debian's chromium. Four kinds of tap, each timed from the tap to the second animation frame after htmx has
put the answer in (a frame has been drawn with it), with the answer's size in bytes:

- select_figure: a tap on another character's figure during a character's turn (the map's tap on a
  figure: the page answers with what it does with it, today a refusal saying the space is taken);
- move: the character whose turn it is moved, alternately between two spaces;
- adversary_apply: the first adversary turn whose plan attacks, its dice entered, "Apply the turn";
- undo: that turn undone, so every sample applies the same turn.

Each result also gives the median time until htmx has swapped the answer in (median_swapped_ms): the rest
of median_ms is the browser's style, layout and paint of the frame that shows it.

`mission_page` is that mission's page as chromium loads it (issue 36): its bytes as sent over the wire
(compressed, the browser asking for it as it always does) beside its bytes as read, and the encoding; and
its bytes as gzip, which is what chromium asks for from a LAN address over plain http (zstd and brotli it asks
for only in a secure context, which 127.0.0.1 is).

`throttled` times the same taps again with chromium's CPU slowed 4x through the DevTools protocol
(Emulation.setCPUThrottlingRate), as on a mid-range tablet (issue 27: a tap settles in 150 ms median, 250 ms
p90): the figure taps on the adversary's turn, then its Apply and Undo.

`follow` (issue 36) times a second tablet following the first: a move tapped on one page, timed from the tap
to the first frame in which the other page (its own browser context, as another tablet) shows the version it
made (median, p90); `idle` counts the requests each of the two tablets sends in IDLE_S seconds with nothing
changing, per minute (targets: follow median 250 ms or less, 6 requests a minute or fewer).

Reported, never asserted. Without Playwright or chromium the section is a note saying so.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import threading
import urllib.request
from pathlib import Path

from waitress.server import create_server

from ..db import connect
from ..phantom import play as rules
from ..store import mission_table as store
from .mission_table import SAMPLE, bench_mission, to_adversary
from .timing import scratch_app

CHROMIUM = "/usr/bin/chromium"
# Without these, chromium stalls on machines without internet access (DESIGN.md).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1024, "height": 768}
TARGET_TAP_MS = 100
TARGET_ANSWER_BYTES = 30 * 1024  # issue 27: select, move, apply and undo each answer 30 KB or less
KINDS = ("select_figure", "move", "adversary_apply", "undo")
WARM_UP = 2
THROTTLE = 4  # Emulation.setCPUThrottlingRate: a mid-range tablet (issue 27)
TARGET_THROTTLED_MEDIAN_MS = 150
TARGET_THROTTLED_P90_MS = 250
TARGET_FOLLOW_MEDIAN_MS = 250  # issue 36: a tap shows on a second tablet
TARGET_IDLE_PER_MINUTE = 6  # issue 36: requests an idle tablet sends
IDLE_S = 20

# The second tablet: the epoch time (ms) of the first frame drawn once its page shows `version` (its poll's).
SEEN_JS = """
(version) => { window.__seen = new Promise((resolve) => {
  const look = () => {
    const poll = document.getElementById('poll');
    if (poll && Number(poll.dataset.version) >= version) { resolve(performance.timeOrigin + performance.now()); }
    else { requestAnimationFrame(look); }
  };
  look();
}); }
"""
# The first tablet: a tap on a map space, the epoch time (ms) it was made, once its own answer has settled.
MOVE_JS = """
async (label) => await new Promise((resolve) => {
  const t0 = performance.timeOrigin + performance.now();
  const settle = () => { document.body.removeEventListener('htmx:afterSettle', settle); resolve(t0); };
  document.body.addEventListener('htmx:afterSettle', settle);
  document.querySelector('#map-grid polygon[data-label="' + label + '"]')
    .dispatchEvent(new MouseEvent('click', {bubbles: true}));
})
"""

# One tap, timed in the page: `act` is done inside the timed span (a click, a map tap); the span ends two
# animation frames after htmx has handled the answer (its swaps are synchronous), i.e. once a frame with the
# answer has been drawn. `answered` is the part up to the swaps done (the request, the server, the swap); the
# answer's size is the bytes of its body.
TAP_JS = """
async ([kind, arg]) => {
  const act = {
    click: () => document.querySelector(arg).click(),
    space: () => document.querySelector('#map-grid polygon[data-label="' + arg + '"]')
                   .dispatchEvent(new MouseEvent('click', {bubbles: true})),
  }[kind];
  return await new Promise((resolve) => {
    let t0 = 0, out = null, settled = false;
    const finish = () => { if (out && settled) { resolve(out); } };
    // the next tap waits for htmx to finish settling the answer (its new forms are live only then); untimed
    const settle = () => { document.body.removeEventListener('htmx:afterSettle', settle); settled = true; finish(); };
    const done = (e) => {
      document.body.removeEventListener('htmx:afterOnLoad', done);
      const bytes = new Blob([e.detail.xhr.responseText]).size, status = e.detail.xhr.status;
      const answered = performance.now() - t0;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        out = {ms: performance.now() - t0, bytes, status, answered}; finish(); }));
    };
    document.body.addEventListener('htmx:afterOnLoad', done);
    document.body.addEventListener('htmx:afterSettle', settle);
    t0 = performance.now();
    act();
  });
}
"""


def _chromium_missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401  (only probing that it is installed)
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]'): the browser section is skipped."
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"{CHROMIUM} is missing (apt-get install chromium): the browser section is skipped."
    return None


def _summary(name: str, samples: list[dict]) -> dict:
    ms = sorted(s["ms"] for s in samples)
    size = sorted(s["bytes"] for s in samples)
    p95 = ms[max(0, -(-95 * len(ms) // 100) - 1)]
    answered = statistics.median(s["answered"] for s in samples)
    return {"name": name, "median_ms": round(statistics.median(ms), 1), "p95_ms": round(p95, 1),
            "median_swapped_ms": round(answered, 1),
            "max_ms": round(ms[-1], 1), "median_bytes": int(statistics.median(size)), "max_bytes": size[-1],
            "statuses": sorted({s["status"] for s in samples}), "n": len(ms)}


def _serve(app):
    from ..web.stream import serving  # Flask: loaded only when the section runs

    server = create_server(app, host="127.0.0.1", port=0, **serving(app), clear_untrusted_proxy_headers=True,
                           ident="table-companion-bench")
    thread = threading.Thread(target=server.run, name="waitress-bench", daemon=True)
    thread.start()
    return server, thread, f"http://127.0.0.1:{server.effective_port}"


def run(repeat: int = 30) -> dict:
    missing = _chromium_missing()
    if missing:
        return {"skipped": missing}
    return in_own_thread(lambda: _measure(repeat))


def in_own_thread(measure):
    """`measure()` run in a thread of its own, its result or its exception handed back: Playwright's sync API
    refuses a thread where an asyncio loop runs (a test session that has already driven a browser has one)."""
    out: dict = {}

    def run_it():
        try:
            out["result"] = measure()
        except BaseException as exc:  # handed back to the caller's thread
            out["error"] = exc

    worker = threading.Thread(target=run_it, name="bench-browser")
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out["result"]


def _measure(repeat: int) -> dict:
    from playwright.sync_api import sync_playwright  # only when chromium is there (_chromium_missing)

    with tempfile.TemporaryDirectory(prefix="companion-bench-browser-") as tmp:
        app = scratch_app(tmp)
        m = bench_mission(Path(app.config["DATA_DIR"]) / "phantom-epoch")
        db = connect(app.config["DATABASE"])
        try:
            mids = []
            for _ in range(3):  # the taps as they are, them on a CPU slowed 4x, and a second tablet following
                mids.append(store.JOURNAL.create(db, {"name": "Great hall (bench)"}, m, "Set up the bench mission"))
                store.JOURNAL.change(db, mids[-1], rules.start_next_turn)  # c1's turn (initiative 2)
        finally:
            db.conn.close()
        # The first turn is c1's (initiative 2, as in the mission_table section): it moves B-22 <-> B-21; c2 stands on C-22.
        spaces, other_at = ("B-21", "B-22"), "C-22"
        figures = len(m.board.figures)

        server, thread, url = _serve(app)
        rolls: dict = {}
        mid, slow_mid, follow_mid = mids
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport=VIEWPORT, has_touch=True)
                page.set_default_timeout(15_000)
                samples = _taps(app, page, url, mid, spaces, other_at, repeat, rolls)
                mission_page = _page_bytes(page, f"{url}/table/{mid}")
                # A mid-range tablet: the same taps with chromium's CPU slowed 4x (Chrome DevTools' throttling)
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                slow = _taps(app, page, url, slow_mid, spaces, other_at, repeat, {})
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                follow, idle = _follow(browser, url, follow_mid, spaces, repeat)
                browser.close()
        finally:
            app.extensions["feed"].drop()  # no waitress thread left waiting on a stream
            server.close()
            server.task_dispatcher.shutdown()
            thread.join(timeout=5)
    results = [_summary(k, v) for k, v in samples.items()]
    over = [r["name"] for r in results if r["median_ms"] > TARGET_TAP_MS]
    over += [f"{r['name']}:bytes" for r in results if r["median_bytes"] > TARGET_ANSWER_BYTES]
    every = sorted(s["ms"] for v in slow.values() for s in v)
    throttled = {"cpu_slowdown": THROTTLE, "results": [_summary(k, v) for k, v in slow.items()],
                 "median_ms": round(statistics.median(every), 1), "p90_ms": round(_percentile(every, 90), 1),
                 "target_median_ms": TARGET_THROTTLED_MEDIAN_MS, "target_p90_ms": TARGET_THROTTLED_P90_MS}
    throttled["within_target"] = (throttled["median_ms"] <= TARGET_THROTTLED_MEDIAN_MS
                                  and throttled["p90_ms"] <= TARGET_THROTTLED_P90_MS)
    return {"browser": "chromium", "viewport": f"{VIEWPORT['width']}x{VIEWPORT['height']}", "map": SAMPLE,
            "figures": figures, "adversary_turn_dice": len(rolls),
            "target_tap_ms": TARGET_TAP_MS, "target_answer_bytes": TARGET_ANSWER_BYTES, "results": results,
            "all_within_target": not over, "over_target": over, "throttled": throttled, "mission_page": mission_page,
            "follow": follow, "idle": idle}


def _follow(browser, url: str, mid: int, spaces, repeat: int) -> tuple[dict, dict]:
    """Two tablets on one mission (each its own context): `repeat` moves on the first, each timed until the
    second shows it; then both left idle for IDLE_S seconds, their requests counted."""
    tablets = [browser.new_context(viewport=VIEWPORT, has_touch=True) for _ in range(2)]
    first, second = pages = [c.new_page() for c in tablets]
    sent = {id(p): 0 for p in pages}
    for page in pages:
        page.set_default_timeout(15_000)
        page.goto(f"{url}/table/{mid}")
        page.wait_for_load_state("load")
        page.wait_for_function("() => document.getElementById('stream') !== null")
        page.on("request", lambda r, page=page: sent.__setitem__(id(page), sent[id(page)] + 1))
    delays = []
    for i in range(WARM_UP + repeat):
        version = int(first.locator("#poll").get_attribute("data-version")) + 1
        second.evaluate(SEEN_JS, version)
        tapped = first.evaluate(MOVE_JS, spaces[i % 2])
        seen = second.evaluate("async () => await window.__seen")
        if i >= WARM_UP:
            delays.append(seen - tapped)
    for page in pages:
        sent[id(page)] = 0
    first.wait_for_timeout(IDLE_S * 1000)
    per_minute = round(statistics.mean(sent.values()) * 60 / IDLE_S, 1)
    for c in tablets:
        c.close()
    delays.sort()
    follow = {"median_ms": round(statistics.median(delays), 1), "p90_ms": round(_percentile(delays, 90), 1),
              "n": len(delays), "target_median_ms": TARGET_FOLLOW_MEDIAN_MS}
    follow["within_target"] = follow["median_ms"] <= TARGET_FOLLOW_MEDIAN_MS
    idle = {"requests_per_minute_per_tablet": per_minute, "seconds": IDLE_S, "tablets": len(pages),
            "target_requests_per_minute": TARGET_IDLE_PER_MINUTE}
    idle["within_target"] = per_minute <= TARGET_IDLE_PER_MINUTE
    return follow, idle


def _page_bytes(page, address: str) -> dict:
    """A page as the browser loads it: the body's bytes as received (encoded) and as read (decoded); and as
    gzip, fetched as a tablet on the LAN asks for it."""
    resp = page.goto(address)
    asked = urllib.request.Request(address, headers={"Accept-Encoding": "gzip, deflate"})
    with urllib.request.urlopen(asked, timeout=15) as lan:  # urllib leaves the body as sent
        gzip_bytes = len(lan.read()) if lan.headers.get("Content-Encoding") == "gzip" else None
    return {"encoding": resp.header_value("content-encoding") or "identity",
            "bytes_sent": resp.request.sizes()["responseBodySize"], "bytes": len(resp.body()),
            "gzip_bytes": gzip_bytes}


def _percentile(ordered: list, pct: int) -> float:
    return ordered[max(0, -(-pct * len(ordered) // 100) - 1)]


def _taps(app, page, url: str, mid: int, spaces, other_at: str, repeat: int, rolls: dict) -> dict[str, list[dict]]:
    """The four kinds of tap, `repeat` times each after a warm-up: a figure selected and a move during c1's
    turn, then (the mission played on to the first adversary turn asking for dice, its `rolls` filled in)
    its Apply and Undo."""
    samples: dict[str, list[dict]] = {k: [] for k in KINDS}
    page.goto(f"{url}/table/{mid}")
    page.wait_for_load_state("load")
    for i in range(WARM_UP + repeat):
        for kind, how, arg in (("select_figure", "space", other_at), ("move", "space", spaces[i % 2])):
            out = page.evaluate(TAP_JS, [how, arg])
            if i >= WARM_UP:
                samples[kind].append(out)
    rolls.update(to_adversary(app, mid))
    page.goto(f"{url}/table/{mid}")
    page.wait_for_load_state("load")
    for i in range(WARM_UP + repeat):
        # the dice as tapped: each face asks the engine whether Apply may go (Apply waits, disabled, until then)
        page.evaluate("""(rolls) => { for (const [name, value] of Object.entries(rolls)) {
            const r = document.querySelector(`#adversary-form input[name="${name}"][value="${value}"]`);
            if (r) { r.checked = true; r.dispatchEvent(new Event('change', {bubbles: true})); } } }""", rolls)
        page.wait_for_function("() => { const a = document.getElementById('apply'); return a && !a.disabled; }")
        for kind, sel in (("adversary_apply", "#apply"), ("undo", "#undo")):
            out = page.evaluate(TAP_JS, ["click", sel])
            if i >= WARM_UP:
                samples[kind].append(out)
    return samples

"""Browser-test fixtures: the real app served by waitress, driven by Debian's chromium through Playwright.

The server runs in a background thread on 127.0.0.1 and a free port, on a fresh
instance folder, with CSRF on (the page sends the token itself). Playwright's own
browser download does not work on these machines, so the tests drive
/usr/bin/chromium; when it is missing they fail and say how to get it
(`bash scripts/test` installs it).
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright
from waitress.server import create_server

from companion import create_app
from companion.web.stream import serving

CHROMIUM = "/usr/bin/chromium"
# Without these, chromium stalls on machines without internet access (DESIGN.md).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "accept_downloads": True}
TIMEOUT_MS = 10_000


class LiveServer:
    """The app under waitress in a thread; `url` is where the tablet would open it."""

    def __init__(self, app):
        self.app = app
        # sized as `companion serve` sizes it: a thread per tablet's stream, and some for everything else
        self.server = create_server(app, host="127.0.0.1", port=0, **serving(app),
                                    clear_untrusted_proxy_headers=True, ident="table-companion-test")
        self.url = f"http://127.0.0.1:{self.server.effective_port}"
        self.thread = threading.Thread(target=self.server.run, name="waitress", daemon=True)

    def start(self) -> "LiveServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.app.extensions["feed"].drop()  # no thread left waiting on a tablet's stream
        self.server.close()
        self.server.task_dispatcher.shutdown()
        self.thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    app = create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("browser-instance"))})
    server = LiveServer(app).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"{CHROMIUM} is missing: the browser tests drive Debian's chromium. "
                    "Install it with `sudo apt-get install chromium`, or run `bash scripts/test`, "
                    "which installs it.", pytrace=False)
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def tablet(browser, live_server):
    """One tablet (1024x768, touch) for a whole story: cookies and page carry over from step to step."""
    context = browser.new_context(base_url=live_server.url, **TABLET)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()

"""Take the README screenshot: a sample campaign sheet at 1024x768.

Starts the app under waitress on a scratch instance folder (127.0.0.1, a free
port), fills a sample campaign through the pages as a player would, and saves
docs/screenshot.png. Needs the test extras and Debian's chromium:

    .venv/bin/python scripts/screenshot.py [--output docs/screenshot.png]
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from waitress.server import create_server

from companion import create_app
from companion.web.stream import serving

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MAX_BYTES = 300_000


@contextmanager
def tablet(app, width: int = 1024, height: int = 768):
    """`app` served by waitress on 127.0.0.1 (a free port) and a page of Debian's chromium on it, a touch tablet
    of that size; the screenshot scripts share it (scripts/game_screenshots.py)."""
    # Sized as `companion serve` sizes it: a page's push stream holds a thread until it learns the page went away.
    server = create_server(app, host="127.0.0.1", port=0, ident="table-companion", **serving(app))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(base_url=f"http://127.0.0.1:{server.effective_port}",
                                          viewport={"width": width, "height": height}, has_touch=True)
            context.set_default_timeout(10_000)
            yield context.new_page()
            browser.close()
    finally:
        app.extensions["feed"].drop()  # no waitress thread left waiting on a page's stream
        server.close()
        server.task_dispatcher.shutdown()
        thread.join(timeout=5)


def output_dir(script: str, doc: str, argv, default: Path) -> Path | None:
    """The folder the screenshots go to (--output, made if missing), or None, said on standard error, when
    Debian's chromium is missing; the screenshot scripts' common command line."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--output", default=str(default))
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"{script}: {CHROMIUM} is missing (sudo apt-get install chromium).", file=sys.stderr)
        return None
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    return out


def save(page, path: Path) -> Path:
    """The page as a PNG at `path` (no animation, no text caret), said on standard output."""
    page.screenshot(path=str(path), type="png", animations="disabled", caret="hide")
    print(f"Saved {path} ({path.stat().st_size // 1024} KB).")
    return path


def too_big(script: str, paths, limit: int) -> int:
    """1, naming them on standard error, when screenshots are above `limit` bytes (docs/ stays light); else 0."""
    over = [p.name for p in paths if p.stat().st_size > limit]
    if over:
        print(f"{script}: over {limit // 1000} KB: {', '.join(over)}", file=sys.stderr)
    return 1 if over else 0


def add_character(page, name: str, class_name: str, species: str) -> None:
    form = page.locator("#new-character")
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Class").select_option(class_name)
    form.get_by_label("Species").select_option(species)
    form.get_by_role("button", name="Add character").tap()
    expect(page.locator("#characters .title").get_by_text(name, exact=True)).to_be_visible()


def record_mission(page, mission: str, sp: int, fame: dict, unlocks: list[str], nova: dict,
                   difficulty: int | None = None) -> None:
    page.get_by_role("link", name="Mission result").tap()
    form = page.locator("#mission-result")
    form.get_by_label(re.compile(r"^Mission\b")).select_option(label=mission)
    if difficulty:
        form.get_by_label("Difficulty (for attachment rewards)").select_option(str(difficulty))
    for name in nova:
        form.get_by_role("checkbox", name=re.compile(rf"^{name}\b")).check()
        form.locator(".partyrow").filter(has_text=name).get_by_label("Nova cells gained").fill(str(nova[name]))
    form.get_by_label("SP for each character").fill(str(sp))
    for planet, delta in fame.items():
        form.get_by_label(f"Fame on {planet}").fill(str(delta))
    if unlocks:
        form.get_by_text("Missions it unlocks").click()
        for m in unlocks:
            form.get_by_role("checkbox", name=m, exact=True).check()
    form.get_by_role("button", name="Record the result").tap()
    expect(page.locator("#result")).to_contain_text(f"{mission} completed")


def fill_sample(page) -> None:
    page.goto("/")
    page.get_by_label("Campaign name").fill("The Historians")
    page.get_by_role("button", name="New campaign", exact=True).tap()
    expect(page.get_by_role("heading", name="The Historians", level=1)).to_be_visible()
    for who in [("Sylvestia", "Healer", "Slink"), ("Vincent", "Warrior", "Grallok"), ("Augustus", "Ranger", "Human")]:
        add_character(page, *who)
    party = {"Sylvestia": 12, "Vincent": 8, "Augustus": 10}
    record_mission(page, "Berkav-1", 3, {"Berkav": 5}, ["Berkav-2", "Thespara-1"], party, difficulty=1)
    page.get_by_role("button", name="Done: shuffle the rest back").tap()
    expect(page.locator("#rewards")).to_have_count(0)
    record_mission(page, "Berkav-2", 2, {"Berkav": 2, "Thespara": 1}, ["Berkav-3"], {"Sylvestia": 4, "Augustus": 6})
    page.get_by_role("link", name="Campaign sheet").tap()
    page.get_by_role("button", name="Vanished technology plus one").tap()
    expect(page.get_by_role("status", name="Vanished technology", exact=True)).to_have_text("1")
    page.get_by_role("button", name="Berkav plus one").tap()
    expect(page.get_by_role("status", name="Berkav", exact=True)).to_have_text("8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(ROOT / "docs" / "screenshot.png"))
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"screenshot: {CHROMIUM} is missing (sudo apt-get install chromium).", file=sys.stderr)
        return 2
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as instance:
        app = create_app({"INSTANCE_PATH": instance})
        with tablet(app) as page:
            fill_sample(page)
            page.reload()  # a fresh campaign sheet, as a player opening it would see it
            expect(page.get_by_role("heading", name="Campaign sheet")).to_be_visible()
            save(page, out)
    return too_big("screenshot", [out], MAX_BYTES)


if __name__ == "__main__":
    sys.exit(main())

"""Take the preview screenshot: the danger layer and the adversaries' ghost plans during a character's turn.

Starts the app under waitress on a scratch instance folder (127.0.0.1, a free port), sets up First steps with
Vera and Augustus and a Grallok Archer placed beside the Sentry, plays round 1 to Augustus's turn, turns the
Preview on, lights Augustus's reach (each space in reach says how many adversaries could attack it there) and
holds E-4 (who could attack him there, and that the Sentry would switch to him); saves the page at 1024x768
as docs/mission-danger-layer-1024x768.png. Needs the test extras and Debian's chromium:

    .venv/bin/python scripts/preview_screenshot.py [--output docs]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from waitress.server import create_server

from companion import create_app

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAME = "mission-danger-layer-1024x768.png"


def augustus_turn(app) -> int:
    from companion.db import connect
    from companion.phantom import play as rules
    from companion.phantom.decision import DecisionDie
    from companion.schemas.content.mission_setup import set_up_content
    from companion.schemas.files.scenario import load_scenario
    from companion.store import mission_table as store
    from companion.store.cards import samples

    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads((data / "maps" / "first-steps.json").read_text(encoding="utf-8"))).board.map
    party = [rules.Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red"),
             rules.Embarking("augustus", "Augustus", "Human", max_ap=6, max_hp=10, color="yellow")]
    m = rules.set_up("preview", hexmap, 2, party, rng=random.Random(1), **set_up_content(samples(data), hexmap, 2)).mission
    m = rules.place_character(rules.place_character(m, "vera", "C-6").mission, "augustus", "B-6").mission
    m = rules.place_adversary(m, "Grallok Archer", "I-5").mission
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    m = rules.select_cards(rules.select_cards(m, "vera", [("Cards", 5)]).mission, "augustus", [("Cards", 2)]).mission
    m = rules.start_next_turn(rules.reveal(m).mission).mission
    db = connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.create(db, {"name": "Preview on First steps"}, m, "Set up the screenshot mission")
    finally:
        db.conn.close()


def take(page, mid: int, path: Path) -> None:
    page.goto(f"/table/{mid}")
    page.wait_for_function("window.missionPreview === true && window.missionTable === true")
    page.locator("#preview-toggle").click()
    expect(page.locator("#map-preview .ghost").first).to_be_attached()
    page.locator('#move-form input[name="mp"]').fill("4")
    cell = page.locator('#map-grid polygon[data-label="B-6"]').bounding_box()
    page.mouse.click(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)  # Augustus: his reach lit
    expect(page.locator("#map-preview .threat").first).to_be_attached()
    box = page.locator('#map-grid polygon[data-label="E-4"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(800)
    page.mouse.up()
    expect(page.locator("#preview-destination")).to_contain_text("would switch to Augustus")
    page.wait_for_timeout(200)
    page.screenshot(path=str(path), type="png", animations="disabled", caret="hide")
    print(f"Saved {path} ({path.stat().st_size // 1024} KB).")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(ROOT / "docs"))
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"preview_screenshot: {CHROMIUM} is missing (sudo apt-get install chromium).", file=sys.stderr)
        return 2
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as instance:
        app = create_app({"INSTANCE_PATH": instance})
        mid = augustus_turn(app)
        server = create_server(app, host="127.0.0.1", port=0, threads=4, ident="table-companion")
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(base_url=f"http://127.0.0.1:{server.effective_port}",
                                              viewport={"width": 1024, "height": 768}, has_touch=True)
                context.set_default_timeout(10_000)
                take(context.new_page(), mid, out / NAME)
                browser.close()
        finally:
            server.close()
            server.task_dispatcher.shutdown()
            thread.join(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())

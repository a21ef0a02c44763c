"""Screenshots of issue 26 at 1024x768: a Ranger's attack form at its class board's base range, and a Grallok
Sentry's Critical Strike applying its critical ability (Knocked Down).

Starts the app under waitress on a scratch instance folder, sets up a mission on the First steps sample map
with a Ranger and a Healer embarking with their class boards (data/phantom-epoch/class-boards.json), opens
the Ranger's attack helper, then plays the Sentry's turn in the browser with a Critical Strike entered, and
saves docs/mission-attack-form-1024x768.png and docs/mission-adversary-critical-1024x768.png. Needs the test
extras and Debian's chromium:

    .venv/bin/python scripts/critical_screenshots.py [--output docs]
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
SIZE = {"width": 1024, "height": 768}


def ranger_and_healer(app) -> int:
    """First steps, round 1: the Ranger (on E-2, the Sentry in its base range) plays first, the Healer stands
    beside the Sentry, whose turn comes next."""
    from companion.db import connect
    from companion.phantom import play as rules
    from companion.phantom.decision import DecisionDie
    from companion.schemas.content.mission_setup import set_up_content
    from companion.schemas.files.scenario import load_scenario
    from companion.store import mission_table as store
    from companion.store.cards import samples
    from companion.web.mission_table import hazards
    from companion.web.render import content

    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads((data / "maps" / "first-steps.json").read_text(encoding="utf-8"))).board.map
    with app.app_context():
        boards, rule_set = content().boards(), hazards()
    party = []
    for cid, name, cls, color, hp in (("augustus", "Augustus", "Ranger", "yellow", 10),
                                      ("sylvestia", "Sylvestia", "Healer", "red", 9)):
        b = boards[cls]
        party.append(rules.Embarking(cid, name, "Human", max_ap=6, max_hp=hp, color=color, range=b.range,
                                     bandage_slots=b.bandage_slots, criticals=(b.critical,)))
    m = rules.set_up("sample", hexmap, 2, party, rng=random.Random(26), hazards=rule_set,
                     **set_up_content(samples(data), hexmap, 2)).mission
    m = rules.place_character(m, "augustus", "B-6").mission
    m = rules.place_character(m, "sylvestia", "C-6").mission
    m = rules.correct_space(m, "augustus", "E-2").mission
    m = rules.correct_space(m, "sylvestia", "G-3").mission
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    m = rules.select_cards(m, "augustus", [("Cards", 1)]).mission
    m = rules.select_cards(m, "sylvestia", [("Cards", 6)]).mission
    m = rules.start_next_turn(rules.reveal(m).mission).mission
    db = connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.create(db, {"name": "Class boards on First steps"}, m, "Set up the screenshot mission")
    finally:
        db.conn.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default=str(ROOT / "docs"))
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).is_file():
        print(f"critical_screenshots: {CHROMIUM} is missing (sudo apt-get install chromium).", file=sys.stderr)
        return 2
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as instance:
        app = create_app({"INSTANCE_PATH": instance})
        mid = ranger_and_healer(app)
        server = create_server(app, host="127.0.0.1", port=0, threads=4, ident="table-companion")
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(base_url=f"http://127.0.0.1:{server.effective_port}", viewport=SIZE,
                                              has_touch=True)
                context.set_default_timeout(10_000)
                page = context.new_page()
                page.goto(f"/table/{mid}")
                expect(page.locator("#turn h2")).to_contain_text("augustus")
                page.locator("#attack summary").click()
                page.locator("#attack-form input[name=target][value='Grallok Sentry-1']").check()
                page.locator("#attack-form input[name=roll_1][value='attack:2']").check()
                page.locator("#attack-form input[name=range_modifier]").scroll_into_view_if_needed()
                shot(page, out / "mission-attack-form-1024x768.png")
                page.locator("#attack-form button[type=submit]").click()
                expect(page.locator("#result")).to_contain_text("attacks Grallok Sentry-1")
                for _ in range(6):  # the turns before the Sentry's
                    if page.locator("#adversary-critical").count():
                        break
                    button = page.locator("#actionbar button", has_text="End turn")
                    if not button.count():
                        button = page.locator("#actionbar button", has_text="Next turn")
                    button.click()
                    page.wait_for_timeout(300)
                expect(page.locator("#adversary-critical")).to_be_visible()
                page.locator("#adversary-form input[name=roll_1][value='attack:critical']").check()
                page.locator("#apply").click()
                expect(page.locator("#result")).to_contain_text("critical ability")
                page.locator("#result li", has_text="critical ability").first.scroll_into_view_if_needed()
                shot(page, out / "mission-adversary-critical-1024x768.png")
                context.close()
                browser.close()
        finally:
            server.close()
            server.task_dispatcher.shutdown()
            thread.join(timeout=5)
    return 0


def shot(page, path: Path) -> None:
    page.wait_for_timeout(200)
    page.screenshot(path=str(path), type="png", animations="disabled", caret="hide")
    print(f"Saved {path} ({path.stat().st_size // 1024} KB).")


if __name__ == "__main__":
    sys.exit(main())

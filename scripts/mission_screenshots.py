"""Take the mission table screenshots: a round in progress on each sample map, landscape and portrait.

Starts the app under waitress on a scratch instance folder (127.0.0.1, a free port); for each sample map in
data/phantom-epoch/maps/ sets up a mission (three characters on the entry points, the sample cards), plays
round 1 up to the first adversary turn whose plan the AI has drawn (a character hurt and conditioned on the
way, so HP and badges show), and saves the page at 1024x768 and 768x1024 as
docs/mission-<map>-<width>x<height>.png. Then, at 1024x768, a Ranger and a Healer embarking with their class
boards on First steps: the Ranger's attack form (docs/mission-attack-form-1024x768.png) and the Grallok
Sentry's Critical Strike applying its critical ability (docs/mission-adversary-critical-1024x768.png); and the
preview during Augustus's turn on First steps, a Sentry and an Archer to come: their ghosts, the danger layer, his
reach with who could attack each space, E-4 held (docs/mission-danger-layer-1024x768.png). Needs the test extras
and Debian's chromium:

    .venv/bin/python scripts/mission_screenshots.py [--output docs]
"""
from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect
from screenshot import output_dir, save, tablet, too_big  # scripts/screenshot.py: the served app, a tablet's page

from companion import create_app

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1024, 768), (768, 1024))
MAX_BYTES = 400_000
PARTY = (("Vera", "red"), ("Bram", "dark-blue"), ("Augustus", "yellow"))


def round_in_progress(app, map_file: Path) -> int:
    """A mission on `map_file` in round 1 at the first adversary turn (or the last turn of the round)."""
    from companion.db import connect
    from companion.phantom import play as rules
    from companion.phantom.decision import DecisionDie
    from companion.schemas.content.mission_setup import set_up_content
    from companion.schemas.files.scenario import load_scenario
    from companion.store import mission_table as store
    from companion.store.cards import samples
    from companion.web.mission_table import hazards

    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads(map_file.read_text(encoding="utf-8"))).board.map
    entries = sorted(hexmap.entry_points, key=hexmap.label)
    party = [rules.Embarking(name.lower(), name, "Human", max_ap=6, max_hp=10, color=color)
             for name, color in PARTY[:max(2, min(len(PARTY), len(entries)))]]
    with app.app_context():
        rule_set = hazards()
    m = rules.set_up("sample", hexmap, 2, party, rng=random.Random(19), hazards=rule_set,
                     **set_up_content(samples(data), hexmap, 2)).mission
    for c, at in zip(party, entries):
        m = rules.place_character(m, c.id, hexmap.label(at)).mission
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    for i, c in enumerate(party):
        m = rules.select_cards(m, c.id, [("Cards", 2 + i)]).mission
    m = rules.reveal(m).mission
    m = rules.set_hp(m, party[0].id, 7).mission
    m = rules.add_condition(m, party[0].id, "Bleeding").mission
    db = connect(app.config["DATABASE"])
    try:
        mid = store.JOURNAL.create(db, {"name": f"Round 1 on {map_file.stem}"}, m, "Set up the screenshot mission")
        while True:
            now = store.JOURNAL.get(db, mid).mission
            current = now.round.current
            if current is not None and now.figure(current).side == "adversary":
                return mid  # its plan drawn, waiting for the dice
            if current is not None:
                store.JOURNAL.change(db, mid, rules.end_turn)  # a character stays where it is
            elif rules.turn_order(now).next:
                store.JOURNAL.change(db, mid, rules.start_next_turn)
            else:
                return mid
    finally:
        db.conn.close()


def ranger_and_healer(app) -> int:
    """First steps, round 1: the Ranger (on E-2, the Sentry in its base range) plays first, the Healer stands
    beside the Sentry, whose turn comes after theirs."""
    from companion.phantom import play as rules
    from companion.phantom.campaign import Character
    from companion.phantom.decision import DecisionDie
    from companion.schemas.content.mission_setup import set_up_content
    from companion.schemas.files.scenario import load_scenario
    from companion.store.cards import samples
    from companion.web.mission_table import hazards

    data = Path(app.config["DATA_DIR"]) / "phantom-epoch"
    hexmap = load_scenario(json.loads((data / "maps" / "first-steps.json").read_text(encoding="utf-8"))).board.map
    with app.app_context():
        rule_set = hazards()
    party = rules.embarking([rules.Seat(1, "augustus"), rules.Seat(2, "sylvestia")],
                            [Character("augustus", "Augustus", "Ranger", "Human", max_hp=10, max_ap=6),
                             Character("sylvestia", "Sylvestia", "Healer", "Slink", max_hp=9, max_ap=6)],
                            {}, app.extensions["phantom_content"].boards())
    m = rules.set_up("sample", hexmap, 2, party, rng=random.Random(26), hazards=rule_set,
                     **set_up_content(samples(data), hexmap, 2)).mission
    for cid, entry, at in (("augustus", "B-6", "E-2"), ("sylvestia", "C-6", "G-3")):
        m = rules.correct_space(rules.place_character(m, cid, entry).mission, cid, at).mission
    m = rules.begin_round(m, DecisionDie("red", "N", "W")).mission
    m = rules.select_cards(m, "augustus", [("Cards", 1)]).mission
    m = rules.select_cards(m, "sylvestia", [("Cards", 2)]).mission
    return stored(app, "Class boards on First steps", rules.start_next_turn(rules.reveal(m).mission).mission)


def stored(app, name: str, m) -> int:
    """The mission saved as a new one named `name`: its id."""
    from companion.db import connect
    from companion.store import mission_table as store

    db = connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.create(db, {"name": name}, m, "Set up the screenshot mission")
    finally:
        db.conn.close()


def preview_mission(app) -> int:
    """First steps, round 1, Augustus's turn: Vera on C-6 and Augustus on B-6, a Grallok Archer placed on I-5
    beside the Sentry, both adversaries still to act."""
    from companion.phantom import play as rules
    from companion.phantom.decision import DecisionDie
    from companion.schemas.content.mission_setup import set_up_content
    from companion.schemas.files.scenario import load_scenario
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
    return stored(app, "Preview on First steps", rules.start_next_turn(rules.reveal(m).mission).mission)


def danger_layer_shot(page, mid: int, out: Path) -> Path:
    """The Preview on, Augustus's reach lit (Move 4 on his card: each space says how many could attack him
    there), then E-4 held: who could attack him there, and whose target would switch to him."""
    page.goto(f"/table/{mid}")
    page.locator("#preview-toggle").click()
    expect(page.locator("#map-preview .ghost").first).to_be_attached()
    page.locator("#mp-faces label.face", has=page.locator('input[name="mp"][value="4"]')).click()  # Move 4's face
    for label, held in (("B-6", 0), ("E-4", 800)):
        box = page.locator(f'#map-grid polygon[data-label="{label}"]').bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(held)
        page.mouse.up()
    expect(page.locator("#map-preview .threat").first).to_be_attached()
    expect(page.locator("#preview-destination")).to_contain_text("would switch to Augustus")
    return _shot(page, out / "mission-danger-layer-1024x768.png")


def class_board_shots(page, mid: int, out: Path) -> list[Path]:
    """The Ranger's attack form with the Sentry and a die face tapped, nothing typed; then the Sentry's turn
    with a Critical Strike entered and applied."""
    page.goto(f"/table/{mid}")
    expect(page.locator("#turn h2")).to_contain_text("Augustus")
    page.locator("#attack summary").click()
    page.locator("#attack-form input[name=target][value='Grallok Sentry-1']").check()
    page.locator("#attack-form input[name=roll_1][value='attack:2']").check()
    page.locator("#attack-form input[name=range_modifier]").scroll_into_view_if_needed()
    shots = [_shot(page, out / "mission-attack-form-1024x768.png")]
    page.locator("#actionbar #resolve").click()  # Resolve sits in the action bar
    expect(page.locator("#result")).to_contain_text("attacks Grallok Sentry-1")
    for _ in range(6):  # the turns before the Sentry's
        if page.locator("#turn h2", has_text="Grallok Sentry-1").count():
            break
        button = page.locator("#actionbar button", has_text=re.compile(r"^End .*'s turn"))  # "End Vera's turn …"
        button = button if button.count() else page.locator("#actionbar button", has_text="Next turn")
        button.click()
        page.wait_for_timeout(300)
    expect(page.locator("#adversary-critical")).to_be_visible()
    page.locator("#adversary-form input[name=roll_1][value='attack:critical']").check()
    page.locator("#apply").click()
    expect(page.locator("#result")).to_contain_text("critical ability")
    page.locator("#result li", has_text="critical ability").first.scroll_into_view_if_needed()
    return shots + [_shot(page, out / "mission-adversary-critical-1024x768.png")]


def _shot(page, path: Path) -> Path:
    page.wait_for_timeout(200)
    return save(page, path)


def main(argv=None) -> int:
    out = output_dir("mission_screenshots", __doc__, argv, ROOT / "docs")
    if out is None:
        return 2
    shots = []
    with tempfile.TemporaryDirectory(prefix="companion-screenshot-") as instance:
        app = create_app({"INSTANCE_PATH": instance})
        maps = sorted((Path(app.config["DATA_DIR"]) / "phantom-epoch" / "maps").glob("*.json"))
        missions = {f.stem: round_in_progress(app, f) for f in maps}
        boards_mission = ranger_and_healer(app)
        preview = preview_mission(app)
        for width, height in SIZES:
            with tablet(app, width, height) as page:
                for name, mid in missions.items():
                    page.goto(f"/table/{mid}")
                    expect(page.locator("#actionbar")).to_be_visible()
                    page.wait_for_timeout(150)  # the map centred on the action (missiontable.js)
                    shots.append(_shot(page, out / f"mission-{name}-{width}x{height}.png"))
                if (width, height) == (1024, 768):
                    shots += class_board_shots(page, boards_mission, out)
                    shots.append(danger_layer_shot(page, preview, out))
    return too_big("mission_screenshots", shots, MAX_BYTES)


if __name__ == "__main__":
    sys.exit(main())

"""The card file shared between groups (issue 34, item 3; docs/card-file.md): the library and the table's maps
exported as one file and merged into another table's: what is here is skipped, the same name with other content
is kept beside it renamed, the summary says so; one undo takes the import back; a bad file changes nothing."""
from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest

from companion import create_app
from companion import db as dbmod
from companion.schemas.files import json_text
from companion.schemas.files.card_library import MAX_ITEMS, PARTS, CardFileError, deck_parts, load_library
from companion.store import card_file
from companion.store.cards import samples
from helpers.database import one
from helpers.games import Table
from helpers.history import seen

DATA = Path(__file__).resolve().parent.parent / "data" / "phantom-epoch"
LAIR = json.loads((DATA / "maps" / "mutant-grallok-lair.json").read_text(encoding="utf-8"))
CROSSFIRE = json.loads((DATA / "maps" / "crossfire.json").read_text(encoding="utf-8"))
SENTRY = "Grallok Sentry (sample)"


def other_table(tmp_path, name="other"):
    app = create_app({"INSTANCE_PATH": str(tmp_path / name), "TESTING": True})
    return app, Table(app.test_client())


def upload(table, data, filename="cards.json", request_id=None, htmx=False):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    form = {"_form": "import", "file": (io.BytesIO(body), filename)}
    if request_id:
        form["request_id"] = request_id
    return table.post("/cards/import", form, htmx=htmx, content_type="multipart/form-data")


def said(resp) -> str:
    """The page's result line (what the import did), as the table reads it."""
    found = re.search(r'<section class="result"[^>]*><p><strong>(.*?)</strong>', resp.get_data(as_text=True), re.S)
    return html.unescape(found.group(1)) if found else ""


def exported(table) -> dict:
    return json.loads(table.get("/cards/export").data)


def map_rows(app) -> list:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return [(r["name"], json.loads(r["doc"])) for r in
                db.query("SELECT name, doc FROM maps WHERE NOT withdrawn ORDER BY id")]
    finally:
        db.conn.close()


def snapshot(app) -> list:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return [db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall()
                for t in ("maps", "map_history", "card_libraries", "card_history", "applied_requests")]
    finally:
        db.conn.close()


def library(table) -> dict:
    doc = exported(table)
    doc.pop("maps")
    return doc


@pytest.fixture
def shared(tmp_path):
    """Table A: the sample cards, a card of its own, and the lair's map; its card file."""
    app, a = other_table(tmp_path, "a")
    a.post("/cards/samples", htmx=False)
    stats = {f"difficulties.{d}.{s}": v for d in (1, 2, 3, 4) for s, v in (("hp", 4), ("attack", 1), ("guard", 0),
                                                                           ("range", 2))}
    resp = a.post("/cards/adversary", {"version": seen(a, "/cards"), "_form": "adversary", "name": "Slink Scout",
                                       "species": "Slink", "class": "Scout", **stats})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:800]
    a.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)
    return app, a, exported(a)


# -- the round trip --------------------------------------------------------------------------------------------

def test_a_card_file_carries_the_cards_and_maps_to_an_empty_table_and_again_adds_nothing(shared, app, table):
    _, a, file = shared
    assert "Slink Scout" in file["adversaries"] and list(file["maps"]) == ["Mutant grallok lair (sample)"]
    assert file["format"] == "phantom-epoch-cards/1"
    resp = upload(table, file)  # a plain post (no htmx), as the home page's form sends it
    assert resp.status_code == 200
    summary = said(resp)
    assert summary.startswith("Imported cards.json: added ") and "1 map (Mutant grallok lair (sample))" in summary
    assert "Slink Scout" in summary and "Skipped" not in summary and "Kept both" not in summary
    assert library(table) == library(a)  # the same cards, boards and decks
    assert map_rows(app) == [("Mutant grallok lair (sample)", file["maps"]["Mutant grallok lair (sample)"])]
    stored = json.loads(one(app, "SELECT doc FROM card_libraries"))
    assert "maps" not in stored  # the maps live in their own table

    before = snapshot(app)
    again = upload(table, exported(a))
    assert again.status_code == 200
    assert "Added" not in said(again) and "added" not in said(again)
    assert re.search(r"skipped \d+ already here: .*1 map \(Mutant grallok lair \(sample\)\)", said(again))
    assert snapshot(app) == before  # nothing new: nothing written, no version for the other tablets to follow


def test_an_older_file_without_maps_still_imports(table):
    resp = upload(table, samples(DATA), "old-cards.json")
    assert resp.status_code == 200 and "added 2 adversary description cards" in said(resp)
    assert exported(table)["maps"] == {}


# -- a merge with overlaps ----------------------------------------------------------------------------------------

def test_a_merge_skips_what_is_here_keeps_both_of_what_differs_adds_the_rest_and_one_undo_takes_it_back(
        shared, app, table):
    _, a, file = shared
    mine = samples(DATA)
    mine["adversaries"][SENTRY]["difficulties"]["1"]["hp"] = 9  # this table typed its Sentry otherwise
    deck = mine["species_decks"]["Grallok"]["cards"]
    stomp = deck[1]["name"]
    deck[1] = {**deck[1], "ap": deck[1]["ap"] + 1}  # and one card of the Grallok deck
    del mine["event_decks"]
    assert upload(table, mine, "mine.json").status_code == 200
    table.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)  # the same map
    file["maps"]["Crossfire"] = CROSSFIRE  # and one it does not have
    before_lib, before_maps = library(table), map_rows(app)

    resp = upload(table, file, "from-a.json")
    assert resp.status_code == 200
    summary = said(resp)
    assert summary.startswith("Imported from-a.json: added ")
    assert "1 adversary description card (Slink Scout)" in summary
    assert "1 event deck (Sample events: " in summary and "1 map (Crossfire)" in summary
    assert re.search(r"Skipped \d+ already here: .*Grallok Archer \(sample\).*1 map \(Mutant grallok lair "
                     r"\(sample\)\)", summary), summary
    assert (f"Kept both of 2, the one from the file renamed: the adversary description card {SENTRY} → "
            f"{SENTRY} (2); {stomp} → {stomp} (2) in the species deck Grallok") in summary

    lib = library(table)
    assert lib["adversaries"][SENTRY] == before_lib["adversaries"][SENTRY]  # theirs kept as it was
    assert lib["adversaries"][f"{SENTRY} (2)"] == file["adversaries"][SENTRY]  # and the file's beside it
    assert lib["adversaries"]["Slink Scout"] == file["adversaries"]["Slink Scout"]
    names = [c["name"] for c in lib["species_decks"]["Grallok"]["cards"]]
    assert names == [c["name"] for c in deck] + [f"{stomp} (2)"]  # renamed inside its deck
    assert lib["species_decks"]["Grallok"]["cards"][-1] == {**file["species_decks"]["Grallok"]["cards"][1],
                                                           "name": f"{stomp} (2)"}
    assert lib["event_decks"] == file["event_decks"]
    assert [n for n, _ in map_rows(app)] == ["Mutant grallok lair (sample)", "Crossfire"]
    assert one(app, "SELECT COUNT(*) FROM card_history WHERE description LIKE 'Imported from-a.json%'") == 1

    # The same file again: all of it is here now (the renamed ones too).
    assert "Kept both" not in said(upload(table, file, "from-a.json"))

    # One undo takes the whole import back: its cards and the map it made.
    resp = table.post("/cards/undo", {"version": seen(table, "/cards")}, htmx=False)
    assert resp.status_code in (200, 303)
    assert library(table) == before_lib and map_rows(app) == before_maps
    crossfire = one(app, "SELECT id FROM maps WHERE name = 'Crossfire'")
    assert table.get(f"/maps/{crossfire}").status_code == 404  # withdrawn, kept for a redo
    table.post("/cards/redo", {"version": seen(table, "/cards")}, htmx=False)
    assert library(table) == lib and [n for n, _ in map_rows(app)] == ["Mutant grallok lair (sample)", "Crossfire"]


def test_a_boss_board_kept_both_takes_its_deck_with_it(table):
    mine = samples(DATA)
    board = mine["bosses"]["Mutant Grallok"]
    board["hp"] = [h + 1 for h in board["hp"]]
    assert upload(table, mine, "mine.json").status_code == 200
    resp = upload(table, samples(DATA), "shipped.json")
    assert "the boss board Mutant Grallok → Mutant Grallok (2)" in said(resp)
    lib, shipped, mine = library(table), load_library(samples(DATA)), load_library(mine)
    assert lib["bosses"]["Mutant Grallok (2)"] == shipped["bosses"]["Mutant Grallok"]
    assert lib["bosses"]["Mutant Grallok"] == mine["bosses"]["Mutant Grallok"]
    assert lib["boss_decks"]["Mutant Grallok (2)"] == shipped["boss_decks"]["Mutant Grallok"]
    assert lib["boss_decks"]["Mutant Grallok"] == mine["boss_decks"]["Mutant Grallok"]


def test_an_import_of_maps_alone_is_undone_in_one_step(app, table):
    table.get("/cards")
    resp = upload(table, {"format": "phantom-epoch-cards/1", "maps": {"Lair": LAIR, "Crossfire": CROSSFIRE}})
    assert resp.status_code == 200 and "added 2 maps (Lair, Crossfire)" in said(resp)
    assert [n for n, _ in map_rows(app)] == ["Lair", "Crossfire"]
    table.post("/cards/undo", {"version": seen(table, "/cards")}, htmx=False)
    assert map_rows(app) == []


def test_a_map_edited_after_its_import_is_kept_when_the_import_is_undone(app, table):
    table.get("/cards")
    upload(table, {"format": "phantom-epoch-cards/1", "maps": {"Lair": LAIR, "Crossfire": CROSSFIRE}})
    lair = one(app, "SELECT id FROM maps WHERE name = 'Lair'")
    url = f"/maps/{lair}"
    assert table.post(f"{url}/paint", {"version": seen(table, url), "tool": "fire", "spaces": ["C-3"]},
                      htmx=False).status_code in (200, 303)
    table.post("/cards/undo", {"version": seen(table, "/cards")}, htmx=False)
    assert [n for n, _ in map_rows(app)] == ["Lair"]  # the table's own work on it is not taken back


# -- hostile files ------------------------------------------------------------------------------------------------

def _hostile(file: dict) -> dict:
    sentry = file["adversaries"][SENTRY]
    text = json.dumps(file)
    return {
        "a wrong version": ({**file, "format": "phantom-epoch-cards/9"}, "format: must be 'phantom-epoch-cards/1'"),
        "another format": ({**file, "format": "phantom-epoch-scenario/1"}, "format: must be"),
        "a name twice": (text.replace('"adversaries": {', '"adversaries": {"Grallok Archer (sample)": '
                                      + json.dumps(sentry) + ", ", 1).encode(),
                         "adversaries: names 'Grallok Archer (sample)' twice"),
        "too many cards": ({**file, "adversaries": {f"Grallok {i}": sentry for i in range(MAX_ITEMS + 1)}},
                           f"adversaries: at most {MAX_ITEMS} by name"),
        "a bad field": ({**file, "adversaries": {**file["adversaries"], SENTRY: {
            **sentry, "difficulties": {**sentry["difficulties"], "2": {"hp": "lots", "attack": 0, "guard": 0,
                                                                        "range": 1}}}}},
                        f"adversaries.{SENTRY}.difficulties.2.hp: Not a valid integer"),
        "an unknown part": ({**file, "spells": {}}, "spells: unknown field"),
        "a bad map": ({**file, "maps": {"Lair": {**LAIR, "layout": {"orientation": "round", "shifted": "even"}}}},
                      "maps.Lair.layout.orientation: must be one of"),
        "a map of another format": ({**file, "maps": {"Lair": {**LAIR, "format": "phantom-epoch-cards/1"}}},
                                    "maps.Lair.format"),
        "a map that is no object": ({**file, "maps": {"Lair": [1, 2]}}, "maps.Lair: must be a map"),
        "maps that are no object": ({**file, "maps": ["Lair"]}, "maps: must be an object"),
        "a map too large": ({**file, "maps": {"Lair": {**LAIR, "spaces": [*LAIR["spaces"], "AZ-1"]}}},
                            "maps.Lair: 52 columns by 6 rows; a map has at most 40 columns"),
        "not JSON": (b'{"format": "phantom-epoch-cards/1",', "not valid JSON"),
    }


HOSTILE = sorted(_hostile({"format": "x", "adversaries": {SENTRY: samples(DATA)["adversaries"][SENTRY]}}))


@pytest.mark.parametrize("what", HOSTILE)
def test_a_hostile_card_file_is_refused_naming_the_field_and_changes_nothing(shared, app, table, what):
    _, _, file = shared
    upload(table, samples(DATA), "mine.json")
    table.post("/maps/samples", {"sample": "crossfire.json"}, htmx=False)
    before = snapshot(app)
    bad, field = _hostile(file)[what]
    resp = upload(table, bad, "bad.json", request_id="c" * 32)
    assert resp.status_code == 422, resp.get_data(as_text=True)[:800]
    errors = dict(re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", resp.get_data(as_text=True), re.S))
    assert "Card file" in errors, errors
    message = html.unescape(errors["Card file"])
    assert message.startswith("bad.json: ") and field in message and message.endswith("Nothing was imported.")
    assert snapshot(app) == before  # the library's version, its history and the maps unchanged


def test_a_file_past_the_upload_limit_is_refused_whole(app, table):
    table.get("/cards")
    before = snapshot(app)
    huge = b'{"format": "phantom-epoch-cards/1", "note": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    resp = upload(table, huge)
    assert resp.status_code == 413 and "larger than 2 MB" in resp.get_data(as_text=True)
    assert snapshot(app) == before
    with pytest.raises(CardFileError, match=r"^file: larger than 2 MB"):  # the same limit, read as a file
        card_file.read(huge)


# -- a retried request ---------------------------------------------------------------------------------------

def test_a_retried_import_with_the_same_request_id_is_applied_once(shared, app, table):
    _, _, file = shared
    table.get("/cards")
    first = upload(table, file, request_id="d" * 32)
    assert first.status_code == 200 and "added" in said(first)
    after = snapshot(app)
    again = upload(table, file, request_id="d" * 32, htmx=True)  # its answer was lost on the Wi-Fi: sent again
    assert again.status_code == 200 and "already saved" in again.get_data(as_text=True)
    assert snapshot(app) == after and len(map_rows(app)) == 1
    other = upload(table, {"format": "phantom-epoch-cards/1", "maps": {"Crossfire": CROSSFIRE}},
                   request_id="d" * 32)  # the same id with another file: a damaged page
    assert other.status_code == 409 and snapshot(app) == after


def test_an_import_posted_with_htmx_answers_the_cards_page_with_the_summary(shared, table):
    _, _, file = shared
    table.get("/cards")
    resp = upload(table, file, htmx=True)
    assert resp.status_code == 200 and said(resp).startswith("Imported cards.json: added ")


# -- the merge's parts ---------------------------------------------------------------------------------------

def test_the_decks_are_found_by_their_shape_and_every_part_is_merged():
    assert deck_parts() == ("species_decks", "class_decks", "boss_decks", "event_decks")
    merged = card_file.Merged()
    incoming = load_library(samples(DATA))
    out = card_file.merge_library(load_library({"format": "phantom-epoch-cards/1"}), incoming, merged)
    assert all(out[p] == incoming[p] for p in PARTS)


def test_a_deck_card_copy_more_in_the_file_is_added_and_a_copy_less_skipped():
    charge = {"name": "Charge", "ap": 3, "round": False, "actions": [{"type": "move", "value": 3}]}
    here = load_library({"format": "phantom-epoch-cards/1", "species_decks": {"Grallok": {"cards": [charge]}}})
    two = load_library({"format": "phantom-epoch-cards/1", "species_decks": {"Grallok": {"cards": [charge] * 2}}})
    merged = card_file.Merged()
    out = card_file.merge_library(here, two, merged)
    assert [c["name"] for c in out["species_decks"]["Grallok"]["cards"]] == ["Charge", "Charge"]
    assert merged.kept == [] and sum(map(len, merged.added.values())) == 1
    merged = card_file.Merged()
    assert card_file.merge_library(out, here, merged) == out and not merged.changed


def test_a_json_object_naming_a_key_twice_is_refused_where_it_stands():
    with pytest.raises(json_text.JsonTextError) as got:
        json_text.loads('{"format": "x", "maps": {"Lair": {"spaces": ["A-1"], "spaces": []}}}')
    assert got.value.where == "maps.Lair" and "'spaces' twice" in got.value.message

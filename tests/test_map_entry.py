"""Entering a map from the book keeps its small costs low (issue 26): the layout seen as a picture before the map
is made and changeable afterwards, maps copied and deleted, a legend of the tokens, labels that stay inside their
space, a placement icon naming the whole adversary type."""
from __future__ import annotations

import json
import re

import pytest

from companion.phantom.hexmap import Layout, Placement
from companion.phantom.mapedit import EditError, new_draft, paint, relayout, set_walls
from companion.phantom.mapview import LABEL_MAX_WIDTH, LEGEND, layout_previews, map_view
from helpers.history import seen

HTMX = {"HX-Request": "true"}
HEX_WIDTH = 52  # a pointy hex's width across its middle, drawn (hexboard.SCALE: 26 per half width)


def test_each_layout_is_a_picture_saying_which_rows_or_columns_stagger():
    previews = {p.value: p for p in layout_previews()}
    assert set(previews) == {"pointy even", "pointy odd", "flat even", "flat odd"}
    # hexgrid: "even" shifts the rows counted odd from 0, the book's rows 2, 4 (their centres half a hex east).
    assert previews["pointy even"].caption == "Pointy top: rows 2, 4… sit half a hex right"
    assert previews["pointy odd"].caption == "Pointy top: rows 1, 3… sit half a hex right"
    assert previews["flat even"].caption == "Flat top: columns B, D… sit half a hex lower"
    staggered = {label for _, moved, label in previews["pointy even"].cells if moved}
    assert {"A-2", "D-4"} <= staggered and not {"A-1", "A-3"} & staggered


def test_a_layout_changed_afterwards_keeps_every_coordinate():
    d = new_draft(Layout("pointy", "even"), 8, 6)
    d = paint(d, "fire", ["C-3"]).draft
    d = paint(d, "placement", ["F-2"], placement=Placement("Grallok Sentry", 2, 4)).draft
    d = set_walls(d, [("D-4", "E-4"), ("D-4", "E-5")]).draft
    edit = relayout(d, Layout("pointy", "odd"))
    m = edit.draft.map
    assert m.layout == Layout("pointy", "odd") and len(m.spaces) == 48
    assert {m.label(h): k for h, k in m.hazards} == {"C-3": "fire"}
    assert {m.label(h): p.type for h, p in m.placements} == {"F-2": "Grallok Sentry"}
    # D-4|E-4 are side by side in any row layout; D-4 and E-5 are no longer neighbours once the rows swap.
    walls = {tuple(sorted((m.label(a), m.label(b)))) for a, b in m.walls}
    assert walls == {("D-4", "E-4")}
    assert "the wall D-4|E-5 no longer lies between two spaces side by side" in edit.description
    with pytest.raises(EditError, match="already"):
        relayout(edit.draft, Layout("pointy", "odd"))


def test_every_label_stays_inside_its_space_and_a_placement_names_its_whole_type():
    d = new_draft(Layout(), 6, 4)
    for tool, space in (("indestructible", "A-1"), ("destroyed", "B-1"), ("damaged", "C-1"), ("poison", "D-1")):
        d = paint(d, tool, [space]).draft
    d = paint(d, "placement", ["E-2"], placement=Placement("Grallok Sentry", 2, 4)).draft
    d = paint(d, "placement", ["B-3"], placement=Placement("Mutant Grallok Berserker", 1, 4)).draft
    tokens = [t for t in map_view(d.map, 6, 4).tokens if t.label]
    assert len(tokens) == 6
    for t in tokens:
        assert t.width <= LABEL_MAX_WIDTH < HEX_WIDTH, t
        assert max(map(len, t.lines)) * 0.58 * t.font + 6 <= LABEL_MAX_WIDTH + 1, t
        assert t.height <= 60, t  # a pointy hex is 60 drawn units from its top to its bottom corner
    sentry = next(t for t in tokens if t.title.startswith("E-2"))
    assert sentry.lines == ("Grallok", "Sentry", "2-4")


def test_the_legend_names_every_token_the_editor_draws():
    kinds = {kind for kind, _, _ in LEGEND}
    assert {"door-closed", "door-open", "difficult", "gap", "fire", "poison", "trap", "object-destructible",
            "object-damaged", "object-destroyed", "object-indestructible", "orb", "treasure", "entry",
            "placement"} == kinds


# -- through the Maps pages -----------------------------------------------------------------------------------

def test_the_new_map_form_shows_the_layouts_and_makes_the_one_picked(table):
    page = table.get("/maps").get_data(as_text=True)
    assert page.count('name="layout"') == 4 and "rows 1, 3… sit half a hex right" in page
    resp = table.post("/maps", {"name": "Berkav ruins", "layout": "pointy odd", "columns": 11, "rows": 7}, htmx=False)
    assert resp.status_code == 303
    doc = json.loads(table.get(resp.headers["Location"] + "/export").data)
    assert doc["layout"] == {"orientation": "pointy", "shifted": "odd"}
    bad = table.post("/maps", {"name": "X", "layout": "round odd", "columns": 11, "rows": 7})
    assert bad.status_code == 422


def test_the_layout_is_changed_in_the_editor(table):
    url = table.post("/maps", {"name": "Ruins", "layout": "pointy even", "columns": 6, "rows": 4},
                     htmx=False).headers["Location"]
    table.post(f"{url}/paint", {"version": seen(table, url), "tool": "fire", "spaces": ["C-3"]}, headers=HTMX)
    page = table.get(url).get_data(as_text=True)
    assert 'id="layout-form"' in page and re.search(r'value="pointy even"\s+checked', page)
    resp = table.post(f"{url}/layout", {"version": seen(table, url), "layout": "flat odd"}, htmx=False)
    assert resp.status_code == 303
    doc = json.loads(table.get(f"{url}/export").data)
    assert doc["layout"] == {"orientation": "flat", "shifted": "odd"} and doc["hazards"] == {"C-3": "fire"}
    assert "Changed the layout to flat top, odd columns shifted" in table.get(url).get_data(as_text=True)


def test_a_map_is_copied_once_per_tap_and_deleted_for_good_when_ticked(table):
    url = table.post("/maps", {"name": "Ruins", "layout": "pointy even", "columns": 6, "rows": 4},
                     htmx=False).headers["Location"]
    map_id = url.rsplit("/", 1)[1]
    copy = {"request_id": "a" * 32}
    first = table.post(f"/maps/{map_id}/copy", copy, htmx=False)
    again = table.post(f"/maps/{map_id}/copy", copy, htmx=False)
    assert first.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    index = table.get("/maps").get_data(as_text=True)
    assert index.count('<span class="title">Ruins (copy)</span>') == 1
    refused = table.post(f"/maps/{map_id}/delete", {"_form": f"delete-{map_id}"})
    assert refused.status_code == 422 and "Required." in refused.get_data(as_text=True)
    assert table.get(url).status_code == 200
    gone = table.post(f"/maps/{map_id}/delete", {"_form": f"delete-{map_id}", "confirm": "yes"}, htmx=False)
    assert gone.status_code == 303 and table.get(url).status_code == 404
    assert "Ruins (copy)" in table.get("/maps").get_data(as_text=True)
    assert table.post("/maps/999/delete", {"confirm": "yes"}).status_code == 404


def test_the_editor_shows_the_legend_and_the_whole_placement_type(table):
    url = table.post("/maps", {"name": "Ruins", "layout": "pointy even", "columns": 6, "rows": 4},
                     htmx=False).headers["Location"]
    body = table.post(f"{url}/paint", {"version": seen(table, url), "tool": "placement", "spaces": ["D-2"], "placement_type": "Grallok Sentry",
                                       "min_characters": 2, "max_characters": 4}, headers=HTMX).get_data(as_text=True)
    assert re.search(r">Grallok</text>.*>Sentry</text>.*>2-4</text>", body, re.S)
    page = table.get(url).get_data(as_text=True)
    assert 'id="map-legend"' in page and "Indestructible object" in page and "Closed door" in page


def test_a_retried_rename_is_answered_with_the_editor_not_an_error(table):
    # Found by the fuzzer: a rename sent again with the same request id (its answer lost) was a 500.
    url = table.post("/maps", {"name": "Ruins", "layout": "pointy even", "columns": 6, "rows": 4},
                     htmx=False).headers["Location"]
    form = {"name": "Berkav ruins", "request_id": "b" * 32, "version": seen(table, url)}  # sent twice alike
    assert table.post(f"{url}/rename", form, htmx=False).status_code == 303
    again = table.post(f"{url}/rename", form, htmx=False)
    assert again.status_code == 200 and "Berkav ruins" in again.get_data(as_text=True)

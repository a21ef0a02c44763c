"""Labels never collide (issue 36, item 5): a figure's disc, its HP and its notes (condition badges, bandages) are
drawn in slots of its own space (mapview.FIGURE_LAYOUT), so figures on neighbouring spaces never share a pixel,
on every sample map, whatever conditions they carry; and the zoom the mission table opens at reads HP at 20 px
with spaces 44 px across (mapview.min_scale). The browser test (tests/browser/test_map_keeps_the_screen.py)
measures the same on the page as drawn."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.bench import labels as bench_labels
from companion.bench.labels import CONDITIONS, crowd
from companion.hexboard import CORNERS, SCALE, Box, box_inside, within
from companion.phantom.hexmap import Layout
from companion.phantom.mapedit import fitted_size
from companion.phantom.mapview import (FIGURE_LAYOUT, HP_FONT, READ_PX, SPACE_PX, figure_marks, label_overlaps,
                                       map_view, min_scale)
from companion.schemas.files.scenario import load_scenario

MAPS = sorted(bench_labels.MAPS.glob("*.json"))


def sample(path: Path):
    return load_scenario(json.loads(path.read_text(encoding="utf-8"))).board.map


def edge_distance(orientation: str, x: float, y: float) -> float:
    """How far a point inside a hex (relative to its centre, pixels) lies from the hex's nearest edge."""
    sx, sy = SCALE[orientation]
    corners = [(dx * sx, dy * sy) for dx, dy in CORNERS[orientation]]
    out = []
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        ex, ey = x2 - x1, y2 - y1
        out.append(abs(ex * (y - y1) - ey * (x - x1)) / (ex * ex + ey * ey) ** 0.5)
    return min(out)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_every_slot_of_a_figure_lies_inside_its_own_space(orientation):
    layout = FIGURE_LAYOUT[orientation]
    for box in (layout["hp"], layout["base"]) + layout["slots"]:
        assert box_inside(orientation, box), (orientation, box)
    for x, y, r in (layout["disc"], layout["boss"]):
        assert within(orientation, x, y) and edge_distance(orientation, x, y) >= r, (orientation, x, y, r)


def test_a_box_inside_a_hex_is_exact_on_its_corners():
    assert box_inside("pointy", Box(-26, -15, 52, 30))  # the pointy hex's full-width band
    assert not box_inside("pointy", Box(-26, -16, 52, 31))
    assert box_inside("flat", Box(-15, -26, 30, 52)) and not box_inside("flat", Box(-16, -26, 31, 52))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("conditions", [CONDITIONS[:1], CONDITIONS[:2], CONDITIONS], ids=["1", "2", "4"])
def test_figures_on_every_space_of_a_sample_map_have_no_overlapping_label(path, orientation, conditions):
    m = sample(path)
    m = replace(m, layout=Layout(orientation, m.layout.shifted))
    many = len(conditions) > 2  # three-digit HP and bosses' larger discs too
    assert bench_labels.overlaps(m, conditions, (100, 100) if many else (10, 10), bosses=many) == []
    # every condition is on the map: a badge each, or the last slot saying how many more
    for f in figure_marks(m, crowd(m, conditions), bandages={"f0001": "1/2"}):
        shown = sum(1 if n.kind == "badge" else int(n.text[1:]) for n in f.notes if n.kind in ("badge", "more"))
        assert shown == len(conditions), (f.id, f.notes)


def test_two_figures_in_one_space_are_an_overlap():
    m = sample(MAPS[0])
    a, b = crowd(m)[:2]
    assert label_overlaps(figure_marks(m, [a, replace(b, at=a.at)])) == [(a.id, b.id)]


def test_the_bench_counts_no_overlapping_label_on_any_sample_map():
    section = bench_labels.run()
    assert section["overlapping_labels"] == 0 and set(section["maps"]) == {p.stem for p in MAPS}


def test_the_page_opens_where_hp_reads_20_px_and_a_space_is_44_px():
    for orientation in ("pointy", "flat"):
        scale = min_scale(orientation)
        assert HP_FONT * scale >= READ_PX and 52 * scale >= SPACE_PX


def test_each_column_and_row_says_where_it_is_drawn():
    m = sample(next(p for p in MAPS if p.stem == "doors-and-hazards"))
    view = map_view(m, *fitted_size(m))
    columns, rows = (dict((w[i], (int(w[i + 1]), int(w[i + 2]))) for i in range(0, len(w), 3))
                     for w in (s.split() for s in view.spans))
    assert list(columns)[:3] == ["A", "B", "C"] and list(columns)[-1] == "N" and len(columns) == 14
    assert list(rows) == [str(n) for n in range(1, 11)]
    # "odd" shifts the book's odd rows: column A's spaces reach from the even rows' west corner to the odd
    # rows' east one; each row is a hex high, 45 px below the one before
    assert columns["A"] == (-52, 26) and columns["B"] == (0, 78)
    assert rows["1"] == (-30, 30) and rows["2"] == (15, 75)

"""Random boards for the movement tests: a pointy/even rectangle relabelled into the four layouts."""
from __future__ import annotations

from hypothesis import strategies as st

from companion.phantom.board import Board, Figure
from companion.phantom.hexmap import HexMap, Layout, column_letters, neighbours

W, H = 7, 6

LABELS = [f"{column_letters(c)}-{r}" for c in range(W) for r in range(1, H + 1)]


@st.composite
def random_boards(draw):
    """A random board in pointy/even labels: walls, terrain, objects, hazards, orbs, doors, figures."""
    cells = st.sampled_from(LABELS)
    features = draw(st.dictionaries(cells, st.sampled_from(
        ["difficult", "gap", "fire", "trap", "destructible", "damaged", "destroyed", "indestructible", "orb",
         "open", "closed", "wall"]), max_size=18))
    figures = draw(st.lists(st.tuples(cells, st.sampled_from(["character", "adversary"]), st.booleans()),
                            min_size=1, max_size=6, unique_by=lambda f: f[0]))
    wall_dirs = draw(st.dictionaries(cells, st.integers(0, 5), max_size=10))
    return features, figures, wall_dirs


# Relabelling that maps a pointy/even map onto each other layout (same graph): odd shifts move one row or
# column on; flat is the transpose.
RELABEL = {
    ("pointy", "even"): lambda c, r: (c, r),
    ("pointy", "odd"): lambda c, r: (c, r + 1),
    ("flat", "even"): lambda c, r: (r, c),
    ("flat", "odd"): lambda c, r: (r + 1, c),
}


def build_random(layout, spec):
    features, figures, wall_dirs = spec
    base = Layout()
    f = RELABEL[(layout.orientation, layout.shifted)]

    def conv(h):
        return layout.from_offset(*f(*base.to_offset(h)))

    spaces = [base.parse(label) for label in LABELS]
    kinds = {"terrain": {}, "hazards": {}, "objects": {}, "doors": {}}
    orbs = {}
    for label, v in features.items():
        h = conv(base.parse(label))
        if v in ("difficult", "gap"):
            kinds["terrain"][h] = v
        elif v in ("fire", "trap"):
            kinds["hazards"][h] = v
        elif v in ("open", "closed"):
            kinds["doors"][h] = v
        elif v == "orb":
            orbs[h] = None
        elif v != "wall":
            kinds["objects"][h] = v
    space_set = set(spaces)
    walls = []
    for label, d in wall_dirs.items():
        a = base.parse(label)
        n = neighbours(a)[d]
        if n in space_set:
            walls.append((conv(a), conv(n)))
    m = HexMap.build(layout, [conv(h) for h in spaces], walls=walls, orbs=orbs, **kinds)
    figs = tuple(Figure(f"f{i}", side, conv(base.parse(at)), conditions=("Invisible",) if inv else ())
                 for i, (at, side, inv) in enumerate(figures))
    return Board(m, figs), conv

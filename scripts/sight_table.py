"""Write data/phantom-epoch/sight-geometry.bin: the line-of-sight geometry of every offset within
`sight.TABLE_RANGE`, both orientations, drawn exactly (companion/phantom/sight.py). Run it after a change to
how sight draws its segments; tests/test_sight.py checks that the shipped table is what this writes.

    .venv/bin/python scripts/sight_table.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.phantom.sight_geometry import TABLE, table_bytes  # noqa: E402


def main() -> int:
    TABLE.write_bytes(table_bytes())
    print(f"wrote {TABLE} ({TABLE.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

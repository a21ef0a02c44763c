"""Draw the home-screen icons of the web app manifest (static/icons/icon-<size>.png): a light hex on the app's
dark top-bar color, with a red disc on it like a figure on a map. Standard library only (zlib, struct), each
pixel sampled 4x4 for smooth edges:

    python scripts/make_icons.py
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (180, 192, 512)  # the Apple touch icon, and the manifest's two
BACK, HEX, DISC = (0x22, 0x22, 0x22), (0xFB, 0xF8, 0xF0), (0xC9, 0x2A, 0x2A)
SAMPLES = 4


def _inside_hex(x: float, y: float) -> bool:
    """A pointy-top hexagon of circumradius 0.4 centred on (0.5, 0.5), in a unit square."""
    dx, dy, r = abs(x - 0.5), abs(y - 0.5), 0.4
    return dx <= r * math.sqrt(3) / 2 and dy <= r - dx / math.sqrt(3)


def _color(x: float, y: float) -> tuple[int, int, int]:
    if math.hypot(x - 0.5, y - 0.5) <= 0.17:
        return DISC
    return HEX if _inside_hex(x, y) else BACK


def png(size: int) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = _color((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)
                    acc = [a + b for a, b in zip(acc, c)]
            row += bytes(round(a / SAMPLES ** 2) for a in acc)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def main() -> int:
    out = ROOT / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = out / f"icon-{size}.png"
        path.write_bytes(png(size))
        print(f"Saved {path} ({path.stat().st_size} bytes).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

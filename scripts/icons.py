"""Draw the app's PNG icons with nothing but the standard library (no image downloads).

The design: three fanned playing cards on the theme colour, the front one showing a red heart,
circled by a "perpetual" ring. ``maskable`` keeps everything inside the 80 % safe zone and fills
the whole square with the background, as maskable icons must.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

BG = (22, 101, 52)  # theme colour (felt green)
CARD = (255, 255, 255)
EDGE = (30, 41, 59)
RED = (200, 30, 45)
RING = (250, 204, 21)


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    raw = b"".join(b"\x00" + r for r in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        c = kind + data
        return struct.pack(">I", len(data)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def _in_round_rect(x: float, y: float, cx: float, cy: float, w: float, h: float, r: float,
                   angle: float) -> bool:
    # rotate the point into the card's frame
    ca, sa = math.cos(-angle), math.sin(-angle)
    dx, dy = x - cx, y - cy
    px, py = dx * ca - dy * sa, dx * sa + dy * ca
    ax, ay = abs(px) - (w / 2 - r), abs(py) - (h / 2 - r)
    if ax <= 0 or ay <= 0:
        return abs(px) <= w / 2 and abs(py) <= h / 2
    return ax * ax + ay * ay <= r * r


def _in_heart(x: float, y: float, cx: float, cy: float, s: float) -> bool:
    u, v = (x - cx) / s, -(y - cy) / s
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def draw(size: int, maskable: bool) -> bytes:
    scale = 0.8 if maskable else 1.0  # maskable: keep the drawing inside the safe zone
    corner = 0 if maskable else size * 0.18
    rows = []
    c = size / 2
    cards = [(-0.35, -0.18), (0.0, 0.0), (0.35, 0.18)]  # (angle, x offset as fraction)
    for yy in range(size):
        row = bytearray()
        for xx in range(size):
            x, y = xx + 0.5, yy + 0.5
            inside_bg = _in_round_rect(x, y, c, c, size, size, corner, 0) if corner else True
            if not inside_bg:
                row += bytes((0, 0, 0, 0))
                continue
            col = BG
            d = math.hypot(x - c, y - c) / (size / 2 * scale)
            if 0.80 <= d <= 0.90:
                col = RING
            for angle, off in cards:
                cx = c + off * size * 0.25 * scale
                cy = c + size * 0.02 * scale
                w, h, r = size * 0.34 * scale, size * 0.48 * scale, size * 0.04 * scale
                if _in_round_rect(x, y, cx, cy, w + size * 0.012, h + size * 0.012, r, angle):
                    col = EDGE
                if _in_round_rect(x, y, cx, cy, w, h, r, angle):
                    col = CARD
            if _in_heart(x, y, c + 0.35 * size * 0.25 * scale, c + size * 0.05 * scale,
                         size * 0.09 * scale):
                col = RED
            row += bytes((*col, 255))
        rows.append(bytes(row))
    return _png(size, size, rows)


def write_icons(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for size, maskable, name in ((192, False, "icon-192.png"), (512, False, "icon-512.png"),
                                 (512, True, "icon-maskable-512.png")):
        (out / name).write_bytes(draw(size, maskable))
        names.append(name)
    return names


if __name__ == "__main__":
    import sys

    print(write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "build/icons")))

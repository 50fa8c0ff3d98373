"""Screenshots before and after a change, side by side, and whether they are equal.

For every PNG name found in both folders: the two images are decoded (8-bit RGB or RGBA, as
the browsers write them), their differing pixels counted, and a side-by-side image (before on
the left, after on the right) written to ``--out``. Prints one line per name and the total.

    .venv/bin/python scripts/compare_screenshots.py BEFORE_DIR AFTER_DIR --out DIR [--only a,b]
"""

from __future__ import annotations

import argparse
import struct
import zlib
from pathlib import Path

GAP = 8  # pixels of grey between the two
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Image:
    """An RGBA image: ``rows`` of width * 4 bytes."""

    def __init__(self, width: int, height: int, rows: list[bytes]) -> None:
        self.width, self.height, self.rows = width, height, rows


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def read_png(path: Path) -> Image:
    data = path.read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError(f"{path} is not a PNG")
    pos, idat, head = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if head is None:
        raise ValueError(f"{path} has no header")
    width, height, depth, colour, _, _, interlace = head
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB(A), not interlaced")
    bpp = 4 if colour == 6 else 3
    stride = width * bpp
    raw = zlib.decompress(idat)
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                line[i] = (line[i] + _paeth(a, b, c)) & 255
        prev = line
        if bpp == 3:
            rgba = bytearray(width * 4)
            rgba[0::4], rgba[1::4], rgba[2::4] = line[0::3], line[1::3], line[2::3]
            rgba[3::4] = b"\xff" * width
            rows.append(bytes(rgba))
        else:
            rows.append(bytes(line))
    return Image(width, height, rows)


def write_png(path: Path, img: Image) -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + row for row in img.rows)
    path.write_bytes(PNG_SIGNATURE
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", img.width, img.height, 8, 6, 0,
                                                  0, 0))
                     + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def differing_pixels(a: Image, b: Image) -> int:
    """Pixels that differ (all of the larger image's extra area counts as different)."""
    count = abs(a.width * a.height - b.width * b.height) if (a.width, a.height) != (
        b.width, b.height) else 0
    for ra, rb in zip(a.rows, b.rows, strict=False):
        if ra != rb:
            count += sum(1 for i in range(0, min(len(ra), len(rb)), 4)
                         if ra[i:i + 4] != rb[i:i + 4])
    return count


def side_by_side(a: Image, b: Image) -> Image:
    height = max(a.height, b.height)
    grey = b"\x80\x80\x80\xff"
    rows = []
    for y in range(height):
        left = a.rows[y] if y < a.height else grey * a.width
        right = b.rows[y] if y < b.height else grey * b.width
        rows.append(left + grey * GAP + right)
    return Image(a.width + GAP + b.width, height, rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--out", type=Path, required=True, help="folder for the side-by-side images")
    ap.add_argument("--only", default="", help="comma-separated names (without .png)")
    args = ap.parse_args(argv)
    only = {n for n in args.only.split(",") if n}
    names = sorted(p.stem for p in args.before.glob("*.png")
                   if (args.after / p.name).exists() and (not only or p.stem in only))
    args.out.mkdir(parents=True, exist_ok=True)
    equal = 0
    for name in names:
        a, b = read_png(args.before / f"{name}.png"), read_png(args.after / f"{name}.png")
        diff = differing_pixels(a, b)
        equal += diff == 0
        write_png(args.out / f"{name}.png", side_by_side(a, b))
        print(f"{name:32} {'equal' if diff == 0 else f'{diff} pixels differ'}")
    print(f"{equal} of {len(names)} screenshots pixel-identical")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

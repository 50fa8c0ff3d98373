"""app.net.qr, the app's own QR codes: every code it draws is read back by a real decoder
(jsQR, the in-app scanner's, run by node on tests/helpers/qr_decode.cjs), in both levels and
across versions; the smallest version that holds the text is chosen; the SVG is one path,
labelled, with no inline style."""

from __future__ import annotations

import json
import random
import string
import subprocess
import xml.etree.ElementTree as ET

import pytest
from app.net.qr import QRTooLong, qr_matrix, qr_svg, qr_version
from helpers.browser import ROOT

LINK_CHARS = string.ascii_letters + string.digits + "-_/:#.?=&"


def decode(matrices: list[list[list[bool]]]) -> list[str | None]:
    rows = [[[int(v) for v in row] for row in m] for m in matrices]
    done = subprocess.run(["node", str(ROOT / "tests" / "helpers" / "qr_decode.cjs")],
                          input=json.dumps(rows), capture_output=True, text=True, check=True,
                          cwd=ROOT, timeout=120)
    out: list[str | None] = json.loads(done.stdout)
    return out


def texts(seed: int, count: int, longest: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(LINK_CHARS) for _ in range(rng.randint(1, longest)))
            for _ in range(count)]


def test_every_code_drawn_is_read_back_by_a_decoder() -> None:
    cases = ["HELLO WORLD", "0123456789 $%*+-./:", "é ünïcode ♥ 牌", "x",
             "https://example.org/cards/#/join/Tq8Zr0lQ", *texts(1, 40, 700)]
    matrices, expected = [], []
    for text in cases:
        for level in ("L", "M"):
            matrices.append(qr_matrix(text, level))
            expected.append(text)
    assert decode(matrices) == expected
    versions = {len(m) for m in matrices}
    assert min(versions) == 21 and max(versions) >= 4 * 20 + 17  # versions 1 to 20 and more


@pytest.mark.parametrize("mask", range(8))
def test_each_mask_makes_a_readable_code(mask: int) -> None:
    cases = texts(10 + mask, 6, 300)
    assert decode([qr_matrix(t, "M", mask) for t in cases]) == cases


def test_the_smallest_version_that_holds_the_text_is_chosen() -> None:
    # capacities of byte mode at M (ISO/IEC 18004 table 7): version 1 holds 14 bytes, 5 holds 84
    assert qr_version("a" * 14, "M") == 1 and qr_version("a" * 15, "M") == 2
    assert qr_version("a" * 84, "M") == 5 and qr_version("a" * 85, "M") == 6
    assert qr_version("A" * 25, "L") == 1 and qr_version("A" * 26, "L") == 2  # alphanumeric
    for text in texts(3, 20, 400):
        v = qr_version(text)
        assert len(qr_matrix(text)) == 4 * v + 17


def test_a_text_too_long_for_any_qr_code_is_refused() -> None:
    with pytest.raises(QRTooLong):
        qr_matrix("x" * 3000, "M")


def test_the_svg_is_one_labelled_path_on_white_with_no_inline_style() -> None:
    svg = qr_svg("https://example.org/#/join/abc", label="Invite <Bea> & co")
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "Invite <Bea> & co"
    assert "style" not in svg
    rect, path = list(root)
    assert rect.get("fill") == "#fff" and path.get("fill") == "#000"
    n = len(qr_matrix("https://example.org/#/join/abc")) + 8
    assert root.get("viewBox") == f"0 0 {n} {n}"

"""app.net.qr, the app's QR codes (segno's): every code it draws is read back by a real decoder
(jsQR, the in-app scanner's, run by node on tests/helpers/qr_decode.cjs), in both levels and
across versions; the smallest version that holds the text is chosen, at level M and no higher;
the SVG is one path, labelled, with no inline style. segno is loaded when the first code is
drawn, never by a start, and its wheel in the site is the pinned one, the dev tools' version."""

from __future__ import annotations

import asyncio
import random
import string
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
import segno
from app.net import qr
from app.net.qr import qr_matrix, qr_svg, qr_version
from app.page import RecordingPage
from helpers.browser import ROOT
from helpers.qr import decode, svg_matrix

from scripts.build_site import PINNED, SITE_WHEELS

LINK_CHARS = string.ascii_letters + string.digits + "-_/:#.?=&"


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
    # level M even where the version has room for more (segno would raise it unasked)
    assert qr.encoded("a", "M").error == "M" and qr.encoded("A" * 20).error == "M"
    for text in texts(3, 20, 400):
        v = qr_version(text)
        assert len(qr_matrix(text)) == 4 * v + 17


def test_a_text_too_long_for_any_qr_code_is_refused() -> None:
    with pytest.raises(segno.DataOverflowError):
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


def test_the_site_ships_the_pinned_segno_that_the_tests_use() -> None:
    pinned = {name: version for name, version, _sha in PINNED.findall(SITE_WHEELS.read_text())}
    assert pinned["segno"] == segno.__version__


def test_a_start_does_not_load_segno() -> None:
    # a fresh interpreter: the app's shell started on its home screen, the table of phones'
    # modules and every game's table imported (as a memory snapshot has them)
    code = ("import sys\nfrom helpers.shell import boot\nfrom app import tables\n"
            "from engine.registry import playable_ids\n"
            "import app.shell, app.think, app.net.phones, app.net.hosting\n"
            "tables.import_all(playable_ids())\nboot()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'segno'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT / "tests", timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "[]"


def test_the_first_code_is_drawn_once_segno_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[str] = []
    there = False

    async def load() -> None:
        nonlocal there
        loads.append("segno")
        await asyncio.sleep(0)
        there = True

    monkeypatch.setattr(qr, "loaded", lambda: there)
    monkeypatch.setattr(qr, "load", load)
    page = RecordingPage()

    async def draw() -> str:
        html = qr.qr_code("https://example.org/#/join/abc", "Invite Bea", page)
        assert page.batches == []  # nothing sent until it is drawn
        await asyncio.gather(*qr.LOADING)
        return html

    waiting = asyncio.run(draw())
    slot = ET.fromstring(waiting).get("id")
    assert slot and "Drawing the QR code" in waiting and "<svg" not in waiting
    assert loads == ["segno"] and len(page.batches) == 1
    assert page.regions[slot] == qr_svg("https://example.org/#/join/abc", "Invite Bea")
    assert not qr.LOADING
    # loaded: the next drawing is the SVG itself, and nothing is loaded again
    assert qr.qr_code("x", "Invite Bea", page) == qr_svg("x", "Invite Bea") and loads == ["segno"]


def test_a_code_that_cannot_be_loaded_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    async def load() -> None:
        raise RuntimeError("no segno")

    monkeypatch.setattr(qr, "loaded", lambda: False)
    monkeypatch.setattr(qr, "load", load)
    page = RecordingPage()

    async def draw() -> str:
        html = qr.qr_code("abc", "Your answer", page)
        await asyncio.gather(*qr.LOADING)
        return html

    slot = ET.fromstring(asyncio.run(draw())).get("id")
    assert slot is not None
    assert "could not be drawn" in page.regions[slot] and "no segno" in page.regions[slot]


def test_the_svg_draws_the_codes_modules() -> None:
    for text in texts(4, 5, 200):
        assert svg_matrix(qr_svg(text)) == qr_matrix(text)

"""QR codes of a table of phones (issue 36): the invitation's join link and the guest's answer,
encoded by segno (ISO/IEC 18004, pure Python: https://github.com/heuer/segno) and drawn here as
an inline SVG the page's CSP allows.

segno is no part of a start: the build ships its wheel from PyPI in pyodide/ and names it, with
its sha256, in the site's pyodide-lock.json (scripts/build_site.py; the service worker precaches
it with every other file), and the first QR code of a visit has Pyodide load it
(:func:`qr_code`). So neither the app's start nor its memory snapshot holds it. In CPython (the
tests, the scripts' fake camera) it is the dev tools' segno, the same version.

This module imports segno only inside its functions: the app imports this module at start.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import importlib.util
import sys
from typing import TYPE_CHECKING

from app.kit import esc
from app.page import Page

if TYPE_CHECKING:
    import segno

LEVEL = "M"  # the error correction level of the app's codes: the cameras of phones read M well
BORDER = 4  # the quiet zone, in modules, as the standard asks
PACKAGE = "segno"  # its name in the site's pyodide-lock.json
# the loads under way (a task is kept until it is done: the event loop holds only weak ones)
LOADING: set[asyncio.Task[None]] = set()


def encoded(text: str, level: str = LEVEL, mask: int | None = None) -> segno.QRCode:
    """``text``'s QR code (never a Micro QR code) at error correction ``level``, no higher
    (segno would raise it where the version has room), in the smallest version that holds it;
    ``mask``: one of the eight masks (tests), else the standard's choice. A text too long for
    any version raises ``segno.DataOverflowError``."""
    import segno

    return segno.make(text, error=level, boost_error=False, micro=False, mask=mask,
                      encoding="utf-8")


def qr_matrix(text: str, level: str = LEVEL, mask: int | None = None) -> list[list[bool]]:
    """The modules of ``text``'s QR code (True: dark), rows top to bottom, no quiet zone."""
    return [[bool(v) for v in row] for row in encoded(text, level, mask).matrix]


def qr_version(text: str, level: str = LEVEL) -> int:
    """The version (1 to 40) of ``text``'s QR code."""
    version = encoded(text, level).version
    assert isinstance(version, int)  # never a Micro QR code's "M1" to "M4"
    return version


def qr_svg(text: str, label: str = "QR code") -> str:
    """``text``'s QR code as an inline SVG: black modules on white with the quiet zone of four,
    one path, sharp edges, labelled; sized by its container (attributes only: the page's CSP
    allows no inline style). segno must be importable (:func:`qr_code` sees to it in the
    browser)."""
    rows = qr_matrix(text)
    n = len(rows) + 2 * BORDER
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + BORDER} {y + BORDER}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" role="img" '
            f'aria-label="{esc(label)}" shape-rendering="crispEdges">'
            f'<rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{"".join(parts)}" fill="#000"/></svg>')


def loaded() -> bool:
    """segno can be imported here (in the browser: Pyodide has loaded its wheel)."""
    return PACKAGE in sys.modules or importlib.util.find_spec(PACKAGE) is not None


async def load() -> None:
    """segno's wheel loaded into this Pyodide from the site (pyodide/, by its pyodide-lock.json
    entry, whose sha256 Pyodide checks)."""
    import pyodide_js  # Pyodide's own module (in the browser only)

    await pyodide_js.loadPackage(PACKAGE)
    importlib.invalidate_caches()


def qr_code(text: str, label: str, page: Page) -> str:
    """The HTML of ``text``'s QR code: its SVG (:func:`qr_svg`), or, while segno is not loaded
    yet (the first code of a visit), a line saying the code is being drawn, which the SVG
    replaces on ``page`` once segno is loaded (a batch of its own; the caller's next drawing
    draws the SVG itself)."""
    if loaded():
        return qr_svg(text, label)
    slot = "qr-" + hashlib.sha256(f"{text}\n{label}".encode()).hexdigest()[:12]
    task = asyncio.ensure_future(draw_later(slot, text, label, page))
    LOADING.add(task)
    task.add_done_callback(LOADING.discard)
    return f'<div id="{slot}" role="status" data-testid="qr-wait">Drawing the QR code…</div>'


async def draw_later(slot: str, text: str, label: str, page: Page) -> None:
    """segno loaded, then ``text``'s QR code drawn into ``slot`` (if the page still shows it:
    an element that is gone is skipped by the page)."""
    try:
        if not loaded():
            await load()
        html = qr_svg(text, label)
    except Exception as e:
        html = (f'<p class="msg refusal" data-testid="qr-failed">The QR code could not be drawn '
                f"({esc(e)}): use the text below.</p>")
    page.region(slot, html)
    page.flush()

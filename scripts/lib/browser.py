"""Debian's Chromium through Playwright, the built site served locally, and a *bare page* that
loads only Pyodide and our wheel (no PyScript, no UI): the floor for this stack, and a way to
run engine code inside Pyodide. Shared by the benchmarks (scripts/bench/), the screenshots and
the browser tests (tests/e2e/test_engines_in_pyodide.py).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "site"

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-gpu", "--no-first-run"]

# A phone-sized page, as in the browser tests.
PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="icons/icon-192.png"></head><body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", location.href).href;
const wheel = new URL(%(wheel)s, location.href).href;
// Pyodide's own standard library, as Pyodide ships it (bare.html), or the app's, trimmed and
// compiled (bare-app.html)
const stdLibURL = new URL(%(stdlib)s, location.href).href;
const py = await loadPyodide({ indexURL, stdLibURL, packages: [wheel] });
py.runPython("import engine.registry; engine.registry.all_games()");
window.py = py;
document.documentElement.dataset.ready = "1";
</script></body></html>
"""


PYODIDE_STDLIB = "./bare/python_stdlib.zip"  # Pyodide's own, copied there by site_with_bare_page
APP_STDLIB = "./pyodide/python_stdlib.zip"  # the app's (scripts/stdlib_zip.mjs)


def bare_page(wheel: str, stdlib: str = PYODIDE_STDLIB) -> str:
    """The bare page: Pyodide with ``stdlib`` and the engine ``wheel``, nothing else."""
    return BARE_PAGE % {"wheel": json.dumps(wheel), "stdlib": json.dumps(stdlib)}


@contextmanager
def site_with_bare_page(site: Path = SITE) -> Iterator[tuple[Any, str]]:
    """Serve a copy of the site plus bare.html (not precached); yields (server, base url)."""
    if not (site / "index.html").exists():
        raise SystemExit("build/site is missing: run scripts/play or scripts/test first")
    tmp = Path(tempfile.mkdtemp(prefix="bench-site-"))
    try:
        copy = tmp / "site"
        shutil.copytree(site, copy)
        cfg = json.loads((copy / "pyscript.json").read_text())
        (copy / "bare.html").write_text(bare_page(cfg["packages"][0]))
        (copy / "bare-app.html").write_text(bare_page(cfg["packages"][0], APP_STDLIB))
        (copy / "bare").mkdir()
        shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", copy / "bare")
        server, url = serve_in_thread(copy)
        try:
            yield server, url
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def bare_pyodide_page(context: Any, url: str) -> Any:
    """A page with Pyodide and our wheel loaded; ``run_python(page, code)`` evaluates in it."""
    page = context.new_page()
    page.goto(url + "bare.html")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    return page


def run_python(page: Any, code: str) -> Any:
    """Run Python in the bare page; the code's last expression must be JSON-able text."""
    return json.loads(page.evaluate("(code) => window.py.runPython(code)", code))

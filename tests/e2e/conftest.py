"""Fixtures for the browser end-to-end tests: the built site on a local server, Debian's
Chromium driven by Python Playwright (no browser download), phone-sized pages.

The site must have been built first (scripts/test does it): build/site/.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import PHONE, ROOT

from scripts.serve import serve_in_thread

SITE = ROOT / "build" / "site"

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "console_errors(*patterns): console errors this test causes on purpose "
        "(regular expressions); any other console error or page error fails the test")


# Every page of every context reports Content-Security-Policy violations as console errors,
# and every console error or uncaught page error fails the test that caused it (see
# ``no_console_errors``): a violation is a bug, whether or not the page still works.
CSP_PROBE = """
document.addEventListener("securitypolicyviolation", (e) => console.error(
  "securitypolicyviolation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
  + " at " + e.sourceFile + ":" + e.lineNumber));
"""
PROBLEMS: list[str] = []


def watch(ctx: Any) -> Any:
    """Report ``ctx``'s CSP violations, console errors and page errors to ``PROBLEMS``."""
    ctx.add_init_script(CSP_PROBE)
    ctx.on("console", lambda m: PROBLEMS.append(f"console error: {m.text}")
           if m.type == "error" else None)
    ctx.on("weberror", lambda e: PROBLEMS.append(f"page error: {e.error}"))
    # everything else is printed: pytest shows it when the test fails (a race's trace)
    ctx.on("console", lambda m: print(f"[console {m.type}] {m.text}"))
    ctx.on("page", lambda p: p.on("framenavigated", lambda f: print(f"[navigated] {f.url}")
                                  if f.parent_frame is None else None))
    return ctx


class WatchedBrowser:
    """The shared browser; every context it makes is watched (:func:`watch`)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, *args: Any, **kwargs: Any) -> Any:
        return watch(self._browser.new_context(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test on any console error, page error or CSP violation it caused,
    except those its ``console_errors`` marker expects. (What a module's shared page does
    while it boots counts against the module's first test.)"""
    yield
    allowed = [re.compile(p) for m in request.node.iter_markers("console_errors")
               for p in m.args]
    bad = [p for p in PROBLEMS if not any(a.search(p) for a in allowed)]
    PROBLEMS.clear()
    assert not bad, "console errors:\n" + "\n".join(bad)


@pytest.fixture(scope="session")
def built_site() -> Path:
    if not (SITE / "index.html").exists() or not (SITE / "sw.js").exists():
        pytest.fail("build/site is missing: run scripts/test (it builds the site first)")
    return SITE


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    server, url = serve_in_thread(built_site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(built_site: Path) -> Iterator[str]:
    server, url = serve_in_thread(built_site, base="/some/deep/path/")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield WatchedBrowser(b)
    b.close()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE)
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: Any) -> Any:
    return context.new_page()


@pytest.fixture()
def persistent_context(playwright_instance: Any) -> Iterator[Any]:
    """A real profile (not incognito): what installability checks need."""
    profile = tempfile.mkdtemp(prefix="card-table-profile-")
    ctx = watch(playwright_instance.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=ARGS, **PHONE
    ))
    yield ctx
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)



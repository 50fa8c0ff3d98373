"""Fixtures for the browser end-to-end tests: the built site on a local server, Debian's
Chromium driven by Python Playwright (no browser download), phone-sized pages.

The site must have been built first (scripts/test does it): build/site/.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import (
    ARGS,
    CHROMIUM,
    CONSOLE_ERRORS_MARKER,
    PHONE,
    SITE,
    WatchedBrowser,
    assert_no_console_errors,
    watch,
)

from scripts.serve import serve_in_thread


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", CONSOLE_ERRORS_MARKER)


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test on any console error, page error or CSP violation it caused,
    except those its ``console_errors`` marker expects. (What a module's shared page does
    while it boots counts against the module's first test.)"""
    yield
    assert_no_console_errors(request)


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



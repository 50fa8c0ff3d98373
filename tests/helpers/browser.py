"""Opening the app in the browser tests: the repository root, the phone-sized context
(``PHONE``), where the app's Python runs (``THREAD``) and booting or waiting for the app
(``boot_app``, ``open_app``, ``wait_ready``, ``wait_service_worker``). From
tests/e2e/conftest.py, which keeps the fixtures."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
BOOT_TIMEOUT_MS = 120_000
# Where the app's Python runs in the tests that boot it: "page" (the page's thread, as on a
# first visit) or "worker" (the app's own service worker installed, then reloaded cross-origin
# isolated). scripts/test runs the browser tests in both modes.
THREAD = os.environ.get("TABLETOP_THREAD", "page")


def boot_app(ctx: Any, url: str, isolate: bool = True) -> Any:
    """A new page of ``ctx`` with the app ready; uncaught page errors collect in ``.errors``.

    In the worker mode (``THREAD``) the first visit installs the service worker and the page
    is reloaded cross-origin isolated, with the app's Python in a worker (``isolate`` False:
    a context whose service worker is stubbed out stays on the page's thread)."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, url)
    if THREAD == "worker" and isolate:
        wait_service_worker(page)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.thread") == "worker"
    page.errors = errors
    return page


def open_app(page: Any, url: str, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Navigate and wait until the app says it is ready for input."""
    page.goto(url)
    wait_ready(page, timeout)


def wait_ready(page: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout)


def wait_service_worker(page: Any, timeout: int = 60_000) -> None:
    """Wait until a service worker is active and controls the page (all files precached)."""
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=timeout,
    )

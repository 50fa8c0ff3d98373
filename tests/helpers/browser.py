"""Opening the app in the browser tests: the repository root, the phone-sized context
(``PHONE``) and booting or waiting for the app (``boot_app``, ``open_app``, ``wait_ready``,
``wait_service_worker``). The app's Python runs in a worker on every visit. From
tests/e2e/conftest.py, which keeps the fixtures."""

from __future__ import annotations

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


def boot_app(ctx: Any, url: str) -> Any:
    """A new page of ``ctx`` with the app ready (its Python in a worker); uncaught page errors
    collect in ``.errors``."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, url)
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


UPDATE_STATE = """async () => {
    const root = document.documentElement.dataset;
    const reg = await navigator.serviceWorker.getRegistration();
    const state = (w) => w ? w.state : "none";
    return `taps sent ${root.sent} handled ${root.handled}; update: ${root.updating || "not asked"}`
      + `; workers: installing ${state(reg && reg.installing)}, waiting `
      + `${state(reg && reg.waiting)}, active ${state(reg && reg.active)}; controlled `
      + `${!!navigator.serviceWorker.controller}`;
}"""


def apply_update(page: Any, timeout: int = 60_000) -> None:
    """Tap the update bar's Reload and wait for the new version's page to load; if it never
    comes, fail with how far applying got (the tap, the page's marks, the workers)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        with page.expect_navigation(timeout=timeout):
            page.get_by_test_id("apply-update").click()
    except PlaywrightTimeout:
        raise AssertionError("no new page after Update: " + page.evaluate(UPDATE_STATE)) from None


def network_is_off(page: Any) -> bool:
    """The page cannot reach the network: a fetch of an address that no cache holds fails.
    (Chromium 150 answers navigator.onLine = true after a reload in an offline context, though
    every request fails: the request is the thing to check.)"""
    result: str = page.evaluate(
        "fetch('never-cached-' + Date.now()).then(r => 'answered ' + r.status, () => 'failed')")
    return result == "failed"

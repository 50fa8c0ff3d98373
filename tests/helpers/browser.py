"""Opening the app in the browser tests: the repository root, the built site, Debian's
Chromium and its switches (``CHROMIUM``, ``ARGS``), the phone-sized context (``PHONE``), every
context watched for console errors (``watch``, ``WatchedBrowser``, ``PROBLEMS``,
``assert_no_console_errors``) and booting or waiting for the app (``boot_app``, ``open_app``,
``wait_ready``, ``wait_service_worker``). The app's Python runs in a worker on every visit.
From tests/e2e/conftest.py and tests/net/conftest.py, which keep the fixtures."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
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

# Every page of every context reports Content-Security-Policy violations as console errors,
# and every console error or uncaught page error fails the test that caused it (the conftests'
# ``no_console_errors``): a violation is a bug, whether or not the page still works.
CSP_PROBE = """
document.addEventListener("securitypolicyviolation", (e) => console.error(
  "securitypolicyviolation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
  + " at " + e.sourceFile + ":" + e.lineNumber));
"""
PROBLEMS: list[str] = []
CONSOLE_ERRORS_MARKER = (
    "console_errors(*patterns): console errors this test causes on purpose (regular "
    "expressions); any other console error or page error fails the test")


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
    """A browser every context of which is watched (:func:`watch`)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, *args: Any, **kwargs: Any) -> Any:
        return watch(self._browser.new_context(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def assert_no_console_errors(request: Any) -> None:
    """After a test: fail it on any console error, page error or CSP violation it caused,
    except those its ``console_errors`` marker expects; the list starts afresh."""
    allowed = [re.compile(p) for m in request.node.iter_markers("console_errors")
               for p in m.args]
    bad = [p for p in PROBLEMS if not any(a.search(p) for a in allowed)]
    PROBLEMS.clear()
    assert not bad, "console errors:\n" + "\n".join(bad)


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
    [page] = boot_apps([ctx], url)
    return page


def boot_apps(contexts: list[Any], url: str) -> list[Any]:
    """A new page of each context, each as :func:`boot_app`, booting side by side: every page
    is opened before the first is waited for (a boot is mostly the app's Python starting in
    its worker)."""
    pages = []
    for ctx in contexts:
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, errors=page.errors: errors.append(str(e)))
        page.goto(url)
        pages.append(page)
    for page in pages:
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.thread") == "worker"
    return pages


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


def ask_for_update(page: Any) -> None:
    """The page asks its service worker's server for a new version now (as it does on a
    visit); a question left unanswered fails after 20 s instead of waiting for ever."""
    said: str = page.evaluate(
        "Promise.race([window.pwa.registration.update().then(() => 'asked'), "
        "new Promise((r) => setTimeout(() => r('no answer in 20 s'), 20000))])")
    assert said == "asked", f"the update check: {said}"


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
        "Promise.race([fetch('never-cached-' + Date.now()).then(r => 'answered ' + r.status, "
        "() => 'failed'), new Promise((r) => setTimeout(() => r('no answer in 20 s'), 20000))])")
    assert result != "no answer in 20 s", "a fetch neither failed nor answered"
    return result == "failed"


class Workers:
    """The page's dedicated workers, in the order they were made, and those ended."""

    def __init__(self, page: Any) -> None:
        self.made: list[Any] = []
        self.ended: list[Any] = []
        page.on("worker", self.add)

    def add(self, worker: Any) -> None:
        self.made.append(worker)
        worker.on("close", self.end)

    def end(self, worker: Any) -> None:
        self.ended.append(worker)

    def maker_ended(self, page: Any) -> None:
        """Wait until a second worker (the maker) was made and ended; the app's worker lives."""
        for _ in range(240):
            if len(self.made) == 2 and self.ended:
                break
            page.wait_for_timeout(250)
        assert len(self.made) == 2 and self.ended == [self.made[1]], (self.made, self.ended)
        assert self.made[1].url.endswith("/maker.js")

    def live(self) -> int:
        return len(self.made) - len(self.ended)

    def wait_ended(self, page: Any, n: int) -> None:
        """Until ``n`` workers have ended (an end reaches Playwright as an event)."""
        for _ in range(300):
            if len(self.ended) >= n:
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"{len(self.ended)} of {len(self.made)} workers ended, not {n}")

    def pyscript_only(self) -> None:
        """Every worker made so far is one of PyScript's (polyscript's, made from a blob)."""
        assert self.made and all(w.url.startswith("blob:") for w in self.made), \
            [w.url for w in self.made]

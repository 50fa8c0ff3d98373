"""One phone-sized page (360 x 640) in Firefox ESR, WebKitGTK or Chromium, spoken to in
JavaScript expressions only (``Page``), so that the same steps run in every browser: the
cross-browser screenshots (scripts/screenshots_xbrowser.py) and start-up benchmark
(scripts/bench/startup_xbrowser.py).

The browsers are started as the cross-browser smoke tests start them (no Playwright download):
Firefox: Debian's /usr/bin/firefox-esr, headless, by puppeteer-core over WebDriver BiDi
(scripts/lib/firefox_page.mjs, scripts/lib/firefox.mjs), a fresh profile per launch; dark and
reduced motion by about:config prefs, and overlay scroll bars as on a phone. WebKit: Debian's
MiniBrowser through /usr/bin/WebKitWebDriver (Selenium) on an Xvfb display, its toolbar shrunk
so that the page is 360 x 640 (scripts/lib/webkit.py); dark and reduced motion by GTK
settings. Chromium: Debian's, through Playwright (scripts/lib/browser.py).
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIREFOX_PAGE = Path(__file__).with_name("firefox_page.mjs")


class Page:
    """One page in one browser, spoken to in JavaScript expressions only."""

    name = ""

    def js(self, expr: str) -> Any:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def shot(self, path: Path) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        return []

    def click(self, selector: str, nth: int = 0) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def call(self, fn: str, *args: Any) -> Any:
        """``fn`` (a JavaScript function expression) applied to ``args`` (JSON values)."""
        return self.js(f"({fn})(...{json.dumps(list(args))})")

    def wait(self, expr: str, timeout: float = 60) -> Any:
        end = time.monotonic() + timeout
        while True:
            got = self.js(expr)
            if got:
                return got
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: timed out after {timeout} s waiting for {expr}")
            time.sleep(0.1)


class FirefoxPage(Page):
    """Firefox ESR through scripts/lib/firefox_page.mjs (JSON lines on its stdin/stdout)."""

    name = "firefox"

    def __init__(self, prefs: dict[str, Any]) -> None:
        self.proc = subprocess.Popen(["node", str(FIREFOX_PAGE), json.dumps(prefs)], cwd=ROOT,
                                     text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._answer()  # started

    def _answer(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("firefox_page.mjs ended")
        got = json.loads(line)
        if not got["ok"]:
            raise RuntimeError(f"firefox: {got['error']}")
        return got["value"]

    def _ask(self, **cmd: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def js(self, expr: str) -> Any:
        return self._ask(op="eval", js=expr)

    def goto(self, url: str) -> None:
        self._ask(op="goto", url=url)

    def shot(self, path: Path) -> None:
        self._ask(op="shot", path=str(path))

    def click(self, selector: str, nth: int = 0) -> None:
        self._ask(op="click", sel=selector, nth=nth)

    def reload(self) -> None:
        self._ask(op="reload")

    def errors(self) -> list[str]:
        got: list[str] = self._ask(op="errors")
        return got

    def close(self) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class PlaywrightLike:
    """A :class:`Page` behind the part of Playwright's sync ``Page`` that the shared by-taps
    helpers use (``evaluate``, ``wait_for_function``, ``get_by_test_id`` and ``locator`` with
    ``count``/``nth``/``tap``, ``fill``/``press``/``select_option``, ``reload``), so that a
    test can play one phone of a table in Firefox (its host too) with the helpers the Chromium
    phones use. Waits poll the page (every 50 ms); a tap is a real click."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def evaluate(self, expr: str, arg: Any = None) -> Any:
        """As Playwright's: ``expr`` an expression, or a function called with ``arg``."""
        return self.page.js(f"(async () => {{ const v = ({expr}); return typeof v === "
                            f"'function' ? await v({json.dumps(arg)}) : await v; }})()")

    def wait_for_function(self, expr: str, arg: Any = None, timeout: float = 30_000) -> Any:
        end = time.monotonic() + timeout / 1000
        while True:
            got = self.evaluate(expr, arg)
            if got:
                return got
            if time.monotonic() > end:
                raise TimeoutError(f"{self.page.name}: timed out after {timeout / 1000:.0f} s "
                                   f"waiting for {expr}")
            time.sleep(0.05)

    def wait_for_selector(self, selector: str, timeout: float = 30_000) -> None:
        self.wait_for_function(f"!!(e => e && e.getClientRects().length)("
                               f"document.querySelector({json.dumps(selector)}))",
                               timeout=timeout)

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def get_by_test_id(self, testid: str) -> Locator:
        return Locator(self, f'[data-testid="{testid}"]')

    def locator(self, selector: str) -> Locator:
        return Locator(self, selector)

    def get_attribute(self, selector: str, name: str) -> str | None:
        return Locator(self, selector).get_attribute(name)

    def fill(self, selector: str, value: str) -> None:
        """The field's value typed (an input event), as Playwright's ``fill``."""
        self.evaluate("([s, v]) => { const e = document.querySelector(s); e.focus(); "
                      "e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }",
                      [selector, value])

    def select_option(self, selector: str, value: str) -> None:
        """The option ``value`` chosen (a change event), as Playwright's ``select_option``."""
        self.evaluate("([s, v]) => { const e = document.querySelector(s); e.value = v; "
                      "e.dispatchEvent(new Event('change', {bubbles: true})); }",
                      [selector, value])

    def press(self, selector: str, key: str) -> None:
        """Only Tab: the field is left (its change event, then blur), as a person tabs away."""
        assert key == "Tab", key
        self.evaluate("s => { const e = document.querySelector(s); "
                      "e.dispatchEvent(new Event('change', {bubbles: true})); e.blur(); }",
                      selector)

    def reload(self) -> None:
        self.page.reload()

    def screenshot(self) -> bytes:
        """A PNG of the viewport."""
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "shot.png"
            self.page.shot(path)
            return path.read_bytes()

    def close(self) -> None:
        close = getattr(self.page, "close", None)
        if close is not None:
            close()

    @property
    def url(self) -> str:
        got: str = self.page.js("location.href")
        return got


class Locator:
    """The elements a CSS selector finds in a :class:`PlaywrightLike` page (or the nth)."""

    def __init__(self, page: PlaywrightLike, selector: str, nth: int | None = None) -> None:
        self.page, self.selector, self.index = page, selector, nth

    def _el(self, body: str) -> Any:
        """``body`` (an expression of the element ``e``, null when there is none)."""
        return self.page.evaluate(
            f"([s, n]) => {{ const e = document.querySelectorAll(s)[n]; "
            f"return e ? ({body}) : null; }}", [self.selector, self.index or 0])

    def nth(self, i: int) -> Locator:
        return Locator(self.page, self.selector, i)

    @property
    def first(self) -> Locator:
        return self.nth(0)

    def count(self) -> int:
        if self.index is not None:
            return int(bool(self._el("true")))
        got: int = self.page.evaluate("s => document.querySelectorAll(s).length", self.selector)
        return got

    def is_enabled(self) -> bool:
        return bool(self._el("!e.disabled"))

    def is_visible(self) -> bool:
        return bool(self._el("e.getClientRects().length > 0 && "
                             "getComputedStyle(e).visibility !== 'hidden'"))

    def get_attribute(self, name: str) -> str | None:
        got: str | None = self._el(f"e.getAttribute({json.dumps(name)})")
        return got

    def inner_text(self) -> str:
        return str(self._el("e.innerText") or "")

    def tap(self, force: bool = False) -> None:
        self.page.page.click(self.selector, self.index or 0)

    click = tap


# WebKitWebDriver has no console log: a collector is put into the page after a navigation.
COLLECT = """
if (!window.__xbErrors) {
  const errs = window.__xbErrors = [];
  addEventListener("error", (e) => errs.push("page error: " + (e.message || e.type)));
  addEventListener("unhandledrejection", (e) => errs.push("page error: unhandled rejection: " +
      String(e.reason)));
  const orig = console.error;
  console.error = function (...args) {
    errs.push("console error: " + args.map(String).join(" "));
    return orig.apply(this, args);
  };
}
"""


class WebKitPage(Page):
    """The MiniBrowser through WebKitWebDriver (Selenium)."""

    name = "webkit"

    def __init__(self, driver: Any) -> None:
        self.d = driver
        self.d.set_script_timeout(60)

    def js(self, expr: str) -> Any:
        return self.d.execute_script(f"return {expr};")

    def goto(self, url: str) -> None:
        self.d.get(url)
        self.d.execute_script(COLLECT)

    def shot(self, path: Path) -> None:
        self.d.save_screenshot(str(path))

    def errors(self) -> list[str]:
        got: list[str] = self.d.execute_script("return (window.__xbErrors || []).splice(0);")
        return got


class ChromiumPage(Page):
    """Debian's Chromium through Playwright (as scripts/screenshots.py), for comparison."""

    name = "chromium"

    def __init__(self, page: Any) -> None:
        self.p = page
        self.errs: list[str] = []
        page.on("console", lambda m: self.errs.append(f"console error: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errs.append(f"page error: {e}"))

    def js(self, expr: str) -> Any:
        return self.p.evaluate(expr)

    def goto(self, url: str) -> None:
        self.p.goto(url)

    def shot(self, path: Path) -> None:
        self.p.screenshot(path=str(path))

    def errors(self) -> list[str]:
        out, self.errs[:] = list(self.errs), []
        return out


# --- the browsers, one page per colour scheme ---------------------------------------------------

@contextmanager
def firefox(scheme: str) -> Iterator[Page]:
    dark = scheme == "dark"
    page = FirefoxPage({"ui.systemUsesDarkTheme": int(dark),
                        "layout.css.prefers-color-scheme.content-override": 0 if dark else 1,
                        "ui.prefersReducedMotion": 1,
                        # a phone's scroll bars float over the page (Firefox for Android's)
                        "ui.useOverlayScrollbars": 1,
                        "widget.gtk.overlay-scrollbars.enabled": True})
    try:
        yield page
    finally:
        page.close()


@contextmanager
def webkit(scheme: str) -> Iterator[Page]:
    from scripts.lib.webkit import phone_viewport, webkit_driver, xvfb_display

    with xvfb_display() as display, tempfile.TemporaryDirectory(prefix="xshots-wk-") as tmp:
        driver = webkit_driver(display, Path(tmp), dark=scheme == "dark", reduced_motion=True)
        try:
            phone_viewport(driver)
            yield WebKitPage(driver)
        finally:
            driver.quit()


@contextmanager
def chromium_page(scheme: str) -> Iterator[Page]:
    from scripts.lib.browser import chromium

    with chromium() as browser:
        ctx = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True, reduced_motion="reduce",
                                  color_scheme=scheme)
        try:
            yield ChromiumPage(ctx.new_page())
        finally:
            ctx.close()


BROWSERS = {"firefox": firefox, "webkit": webkit, "chromium": chromium_page}

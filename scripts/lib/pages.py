"""Driving the app's page in Chromium through Playwright (the browser tests, the screenshots and
the benchmarks): waiting until it is idle or has handled an event, following links, taps,
opening a Perpetual Motion deal and reading its table, following its guided game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PM = "perpetual-motion"
SAVE_KEY = "tabletop.perpetual-motion.save"


IDLE = """() => {
    const d = document.documentElement.dataset;
    return d.busy !== '1' && (d.handled || '0') === (d.sent || '0');
}"""


def idle(page: Any) -> None:
    """Wait until no animation, auto-play or simulation task is running and Python has answered
    every event handed to it (in worker mode a route's answer can land after the next tap)."""
    page.wait_for_function(IDLE, timeout=60_000)


HANDLED = "document.documentElement.dataset.handled || '0'"


def handled(page: Any, act: Callable[[], object]) -> None:
    """Do ``act`` (a tap, a key) and wait until the app has handled the event it makes, then
    until it is idle. With the app's Python in a worker the answer comes a little later than
    the tap returns; a tap on a disabled control makes no event (then the wait gives up)."""
    before = page.evaluate(HANDLED)
    act()
    try:
        page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before, timeout=10_000)
    except Exception:
        pass
    idle(page)


def tap_el(page: Any, el: Any, force: bool = False) -> None:
    """Tap ``el`` and wait until the app has handled it (``force``: a control that is
    aria-disabled, which explains itself when tapped)."""
    before = page.evaluate(HANDLED)
    el.tap(force=force)
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before)
    idle(page)



def routed(page: Any, act: Callable[[], object]) -> None:
    """Do ``act`` (which changes the route) and wait until the app has handled the new route:
    the hash change arrives after a tap returns, so waiting for idle alone can read the old
    page."""
    before = page.evaluate("document.documentElement.dataset.routed")
    act()
    page.wait_for_function("n => document.documentElement.dataset.routed !== n", arg=before)
    idle(page)


def go(page: Any, hash_: str) -> None:
    """Follow an in-app link (no reload) and wait until the app has handled it."""
    if page.evaluate("location.hash") == hash_:
        return
    routed(page, lambda: page.evaluate("h => { location.hash = h; }", hash_))


def open_deal(page: Any, deal: int) -> None:
    """Open a deal by its link, replacing any game in progress."""
    go(page, f"#/{PM}/deal/{deal}")
    if page.get_by_test_id("offer").count():
        tap(page, "open-deal")


def table(page: Any) -> dict[str, Any]:
    """The table as the page shows it: stacks (card codes bottom to top), counts, message."""
    result: dict[str, Any] = page.evaluate("""() => {
        const q = s => document.querySelector(s);
        const txt = s => q(s) ? q(s).textContent : null;
        const stacks = [...document.querySelectorAll('[data-action=stack]')].map(
            b => [...b.querySelectorAll('[data-card]')].map(c => c.dataset.card));
        return {
            stacks,
            deck: q('[data-testid=deck-count]') ? +q('[data-testid=deck-count]').textContent : null,
            discarded: q('[data-testid=discard-count]') ?
                +q('[data-testid=discard-count]').textContent : null,
            round: txt('[data-testid=round]'),
            deal: txt('[data-testid=deal-number]'),
            message: txt('[data-testid=message]') || '',
            end: txt('[data-testid=end]'),
            selected: [...document.querySelectorAll('.stack.selected')].map(b => +b.dataset.i),
        };
    }""")
    return result


def tap(page: Any, testid: str) -> None:
    handled(page, page.get_by_test_id(testid).tap)


def tap_sure(page: Any, testid: str) -> None:
    """Tap an action that may throw a game in progress away, and answer its question (the
    ``<testid>-sure`` button) when it asks one."""
    tap(page, testid)
    sure = page.get_by_test_id(f"{testid}-sure")
    if sure.count() and sure.is_visible():
        tap(page, f"{testid}-sure")


def follow(page: Any, testid: str) -> None:
    """Tap a link and wait until the app has handled the route it leads to."""
    routed(page, page.get_by_test_id(testid).tap)


COUNT_ANIMATIONS = """() => {
    window.__flights = 0;
    if (Element.prototype.animate.counted) return;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        window.__flights += 1;
        return animate.apply(this, args);
    };
    Element.prototype.animate.counted = true;
}"""


def flights_of_one_deal(page: Any) -> int:
    """How many card flights one Deal starts (0 when motion is reduced)."""
    page.evaluate(COUNT_ANIMATIONS)
    tap(page, "deal")
    n: int = page.evaluate("window.__flights")
    return n


def pm_browser_step(page: Any) -> bool:
    """One step of Perpetual Motion's guide by taps, as a person follows it: Next, or the
    marked Deal button, or the marked card's stack and then the marked stack it goes to.
    False when the guide is done (tests/e2e/test_guide_app.py, scripts/screenshots.py; the
    CPython followers are in tests/helpers/guide.py)."""
    if not page.locator("[data-testid=guide-skip], [data-testid=guide-next]").count():
        return False
    if page.locator("[data-testid=guide-next]").count():
        tap_el(page, page.get_by_test_id("guide-next"))
    elif page.locator("#pm-deal.hint").count():
        tap_el(page, page.locator("#pm-deal"))
    else:
        tap_el(page, page.locator(".stack.hint-src").first)
        tap_el(page, page.locator(".stack.hint-dst").first)
    return True

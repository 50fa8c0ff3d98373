"""Helpers the browser tests of the seated tables (Machiavelli, Machine, Cube Farm) share:
one phone page per module, taps that wait until the app has handled them, opening a link's
game over one in progress, the message line, and axe-core."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from helpers.browser import PHONE, ROOT, boot_app
from scripts.lib.pages import go, idle, tap_el

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def phone_app(browser: Any, site_url: str) -> Iterator[Any]:
    """The body of each module's ``app`` fixture: a booted phone page with reduced motion;
    no uncaught page error by the end."""
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    yield page
    assert page.errors == []
    ctx.close()


def tap(page: Any, testid: str, nth: int = 0, force: bool = False) -> None:
    tap_el(page, page.get_by_test_id(testid).nth(nth), force)


def fresh(page: Any, hash_: str) -> None:
    """Open a link, starting its game even if another one is in progress."""
    go(page, "#/")
    go(page, hash_)
    if page.get_by_test_id("offer").count():
        tap(page, "open-deal")
    idle(page)


def message(page: Any) -> str:
    text: str = page.get_by_test_id("message").inner_text()
    return text


def add_axe(page: Any) -> None:
    """axe-core into the page. Not as a script tag: the app's Content-Security-Policy refuses
    inline scripts (and should); evaluating through the DevTools protocol is not a script."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())


def axe_violations(page: Any) -> list[tuple[str, int, list[tuple[Any, str]]]]:
    """axe-core's violations on the page as it is: each rule's id, how many nodes break it
    and the first three (their selector and why)."""
    add_axe(page)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], len(v["nodes"]), [(n["target"], n.get("failureSummary", "")[:300])
                                        for n in v["nodes"]][:3]) for v in result["violations"]]


def axe_clean(page: Any, name: str) -> None:
    bad = axe_violations(page)
    assert bad == [], f"{name}: {bad}"


def cards_of(page: Any, testid: str) -> list[str]:
    """The ``data-card`` of each element of ``testid`` (a hand's cards), in order."""
    cards: list[str] = page.evaluate(
        "t => [...document.querySelectorAll(`[data-testid=${t}]`)].map(b => b.dataset.card)",
        testid)
    return cards

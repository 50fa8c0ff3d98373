"""Following Perpetual Motion's guided first game by taps in the browser, as a person does
(tests/e2e/test_guide_app.py, scripts/screenshots.py); the CPython followers are in
helpers/guide.py."""

from __future__ import annotations

from typing import Any


def pm_browser_step(page: Any) -> bool:
    """One step of Perpetual Motion's guide by taps, as a person follows it: Next, or the
    marked Deal button, or the marked card's stack and then the marked stack it goes to.
    False when the guide is done."""
    from helpers.seated import tap_el

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

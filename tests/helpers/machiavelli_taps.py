"""Playing Machiavelli by taps, as a person does: one turn that follows the Hint's plan, a
tapped step at a time (or draws when nothing can be laid). Shared by the browser tests of one
phone (tests/e2e/test_machiavelli_app.py) and of a table of phones (tests/net/)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from helpers.seated import message, tap

LIVE_OR_END = ("!!(document.querySelector('[data-testid=m-table].live') || "
               "document.querySelector('[data-testid=end]'))")


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("!!document.querySelector('[data-testid=m-table].live')"))


def play_turn_by_hint(page: Any, after_action: Callable[[], None] | None = None) -> bool:
    """One turn as the Hint plays it; True when it laid cards (False: it drew).
    ``after_action``: called after each of its actions (a step, the draw, the end)."""
    after = after_action or (lambda: None)
    tap(page, "m-hint")
    try:
        page.wait_for_function("/can lay|Nothing can be laid/.test(document.querySelector("
                               "'[data-testid=message]').textContent)", timeout=60_000)
    except Exception as e:
        raise AssertionError(f"no Hint on {page.url}: the page says {message(page)!r}") from e
    if "Nothing can be laid" in message(page):
        tap(page, "m-draw")
        after()
        return False
    for _step in range(200):
        step = page.get_by_test_id("m-hint-step")
        if (not step.count() or not step.is_enabled()
                or step.get_attribute("aria-disabled") == "true"):
            break
        tap(page, "m-hint-step")
        # at a table of phones the step goes to the host: the table answers when it comes back
        page.wait_for_function(LIVE_OR_END, timeout=30_000)
        assert "Not allowed" not in message(page), message(page)
        after()
    tap(page, "m-end")
    after()
    return True

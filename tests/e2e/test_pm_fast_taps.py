"""Perpetual Motion's guide in the browser with motion shown (issue 45): a tap on the stacks
0.35 s after Deal, while the row is still flying in, is not lost and not misapplied: it is
played once the cards land, as the step's tap ("Not quite…" before: the first tap did
nothing and the next one picked a card the guide refused)."""

from __future__ import annotations

from typing import Any

from helpers.browser import PHONE, boot_app

from scripts.lib.pages import PM, go, idle, tap

BUSY_AT_TAP = """() => {
  window.__busyAtTap = [];
  document.addEventListener('click', () => window.__busyAtTap.push(
      document.documentElement.dataset.busy || '0'), true);
}"""


def test_taps_right_after_deal_are_the_guides_next_step(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE)  # motion shown: the row flies in for about 0.5 s
    page = boot_app(ctx, site_url)
    go(page, f"#/{PM}/learn")
    tap(page, "guide-next")
    assert "Tap “Deal”" in page.get_by_test_id("message").inner_text()
    page.evaluate(BUSY_AT_TAP)
    page.locator("#pm-deal").tap()
    page.wait_for_timeout(350)
    page.locator("#stack-2").tap()  # step 3: stack 3, then stack 1
    page.locator("#stack-0").tap()
    busy = page.evaluate("window.__busyAtTap")
    idle(page)
    assert busy[1] == "1", f"the stack was tapped after the row had landed: {busy}"
    text = page.get_by_test_id("message").inner_text()
    assert not text.startswith("Not quite"), text
    assert text.startswith("Now stack 4's five"), text
    counts = page.evaluate(
        "() => [...document.querySelectorAll('[data-action=stack]')].map(b => +b.dataset.count)")
    assert counts == [2, 1, 0, 1]
    assert page.errors == []
    ctx.close()

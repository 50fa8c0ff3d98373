"""Perpetual Motion's Play to the end in the browser, on a phone that shows motion: a lost deal
that takes 379 presses of Deal ends in seconds at Fast and at once at Instant, the page's
thread never stalls, Stop hands it back, and while a forced move waits for the player's taps
Deal is not the primary button."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app

from scripts.lib.pages import PM, go, idle, table, tap, tap_sure

LOST = 34  # loops every 12 rounds from round 31
LONG_TASKS = """
window.__long = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({type: "longtask", buffered: true});
"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE)  # motion shown
    ctx.add_init_script(LONG_TASKS)
    yield boot_app(ctx, site_url)
    ctx.close()


def play_to_the_end(page: Any, speed: str) -> float:
    tap_sure(page, "restart")
    page.get_by_test_id("speed").select_option(speed)
    page.evaluate("window.__long = []")
    start = time.monotonic()
    page.get_by_test_id("autoplay").tap()
    page.wait_for_selector("[data-testid=end]", timeout=60_000)
    took = time.monotonic() - start
    idle(page)
    return took


@pytest.mark.parametrize("speed, within", [("fast", 8.0), ("instant", 2.0)])
def test_a_lost_deal_plays_to_its_end_in_seconds(app: Any, speed: str, within: float) -> None:
    go(app, f"#/{PM}/deal/{LOST}")
    took = play_to_the_end(app, speed)
    assert took < within, f"{speed}: {took:.1f} s"
    if speed == "fast":
        assert took > 2.0  # shown going, not at once
    end = table(app)["end"]
    assert "Loops every 12 rounds from round 31. (42 rounds played" in end
    assert table(app)["message"] == "Loops every 12 rounds from round 31."
    assert max(app.evaluate("window.__long"), default=0) < 200  # the page never stalls
    assert app.errors == []


def test_stop_hands_the_deal_back(app: Any) -> None:
    go(app, f"#/{PM}/deal/{LOST}")
    tap_sure(app, "restart")
    app.get_by_test_id("speed").select_option("slow")
    app.get_by_test_id("autoplay").tap()
    app.wait_for_function(
        "+document.querySelector('[data-testid=round]').textContent.split(' ')[1] >= 3")
    tap(app, "stop")
    t = table(app)
    assert t["end"] is None and t["message"] == "Stopped."
    time.sleep(0.5)
    assert table(app)["stacks"] == t["stacks"]  # nothing more was played
    assert app.get_by_test_id("autoplay").is_visible()


def test_deal_is_not_primary_while_a_forced_move_waits(app: Any) -> None:
    go(app, f"#/{PM}/deal/{LOST}")
    tap_sure(app, "restart")
    tap(app, "manual")
    for _ in range(13):
        tap(app, "deal")
        if table(app)["message"].endswith(": make the forced moves by tapping the stacks."):
            break
    assert app.locator("#pm-controls .btn.primary").count() == 0
    assert app.get_by_test_id("hint").is_visible()
    tap(app, "manual")  # off again: the waiting moves are made, dealing is next
    assert app.locator("#pm-controls .btn.primary").count() == 1
    assert app.locator("#pm-deal.primary").count() == 1
    assert app.errors == []

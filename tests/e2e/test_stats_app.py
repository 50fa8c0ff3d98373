"""Statistics and replays in the browser (issue 22): a deal played to its end is on the page of
every game and on its own page; its Replay steps forward and back by taps and keys, plays,
and ends as the deal did. The new pages at 360 x 640 in light and dark: no sideways scroll,
targets of 44 x 44 CSS px, text contrast of WCAG AA (scripts/lib/layout.py)."""

from __future__ import annotations

from typing import Any

from helpers.browser import PHONE, boot_app

from scripts.lib.layout import check_layout, contrast, small_targets
from scripts.lib.pages import PM, follow, go, handled, idle, routed, table, tap, tap_sure

LOST = 34  # loops every 12 rounds from round 31
STEP = "document.documentElement.dataset.replayStep"


def fits(page: Any, name: str) -> None:
    """No sideways scroll, no small target, every text readable: in light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        check_layout(page, f"{name}-{scheme}")
        assert small_targets(page, "header.topbar, main") == [], name
        c = contrast(page)
        assert c["checked"] > 0 and c["failures"] == [], f"{name} {scheme}: {c['failures']}"
    page.emulate_media(color_scheme="light")


def test_a_finished_deal_is_counted_listed_and_replayed(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    go(page, f"#/{PM}/deal/{LOST}")
    tap_sure(page, "restart")
    page.get_by_test_id("speed").select_option("instant")
    page.get_by_test_id("autoplay").tap()
    page.wait_for_selector("[data-testid=end]", timeout=60_000)
    idle(page)
    ended = table(page)["message"]
    assert ended.startswith("Loops every 12 rounds")

    go(page, "#/")
    routed(page, page.locator("a[href='#/stats']").tap)  # the home's Statistics
    assert "1 game finished on this device, 0 won." in page.get_by_test_id(
        "stats-sum").inner_text()
    fits(page, "stats-all")
    follow(page, f"stats-link-{PM}")
    assert page.evaluate("location.hash") == f"#/{PM}/stats"
    totals = page.get_by_test_id(f"totals-{PM}").inner_text()
    assert "Played\n1" in totals and "Current streak\n0" in totals
    fits(page, "stats-game")

    replay = page.locator("[data-testid=history] a.btn").first
    routed_to = replay.get_attribute("href")
    assert routed_to is not None and routed_to.startswith(f"#/{PM}/replay/")
    handled(page, replay.tap)
    page.wait_for_selector("[data-testid=replay-head]")
    idle(page)
    assert page.evaluate(STEP) == "0"
    tap(page, "replay-next")
    tap(page, "replay-next")
    assert page.evaluate(STEP) == "2"
    handled(page, lambda: page.keyboard.press("ArrowLeft"))
    assert page.evaluate(STEP) == "1"
    assert table(page)["message"]  # what the step did
    fits(page, "replay")
    page.get_by_test_id("replay-play").tap()  # it plays on: the app is busy until Pause
    page.wait_for_function(f"+({STEP}) >= 3")
    tap(page, "replay-pause")
    handled(page, lambda: page.keyboard.press("End"))
    head = page.get_by_test_id("replay-head").inner_text()
    assert "the end" in head and "loops every 12 rounds" in head.lower(), head
    assert page.get_by_test_id("end").count() == 1  # the table's own end, as it was played
    assert "Loops every 12 rounds from round 31." in table(page)["end"]
    # the replay counted nothing
    go(page, "#/stats")
    assert "1 game finished" in page.get_by_test_id("stats-sum").inner_text()
    assert page.errors == []
    ctx.close()

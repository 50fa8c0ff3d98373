"""The daily deal in the real app: two browser profiles (two contexts, nothing shared) with
their clocks fixed on one date get the same deal, the same cards in the same hand; the next
date gives another deal. The date is the page's own (``new Date()``, fixed by Playwright's
clock), sent with every event. A daily result at 360 x 640: its share confirmed in view, the
layout rules (no sideways scroll, targets of 44 px)."""

from __future__ import annotations

import datetime
from typing import Any

from helpers.browser import PHONE, boot_app

from scripts.lib.layout import check_layout, contrast
from scripts.lib.pages import go, handled, idle

GAME = "machiavelli"
PM = "perpetual-motion"
DAY = datetime.datetime(2026, 12, 2, 23, 50)


def profile(browser: Any, site_url: str, when: datetime.datetime) -> tuple[Any, Any]:
    ctx = browser.new_context(**PHONE)
    ctx.clock.set_fixed_time(when)
    return ctx, boot_app(ctx, site_url + "#/")


def daily(page: Any, game: str) -> dict[str, str]:
    go(page, "#/")
    go(page, f"#/{game}/daily")
    screen = page.get_by_test_id("daily")
    return {"deal": screen.get_attribute("data-deal") or "",
            "date": screen.get_attribute("data-date") or ""}


def hand(page: Any) -> list[str]:
    handled(page, lambda: page.get_by_test_id("daily-play").click())
    page.wait_for_selector("#mt-dock [data-card]")
    idle(page)
    cards: list[str] = page.eval_on_selector_all("#mt-dock [data-card]",
                                                 "els => els.map(e => e.dataset.card)")
    return cards


def test_two_profiles_get_the_same_deal_on_a_date_and_another_the_next(
        browser: Any, site_url: str) -> None:
    a_ctx, a = profile(browser, site_url, DAY)
    b_ctx, b = profile(browser, site_url, DAY + datetime.timedelta(minutes=5))
    try:
        one, two = daily(a, GAME), daily(b, GAME)
        assert one == two and one["date"] == "2026-12-02"
        assert "You against 2 Standard computers" in a.get_by_test_id("daily-setup").inner_text()
        cards = hand(a)
        assert cards and cards == hand(b)  # the same cards, dealt in each profile
        # the table says it is the daily deal
        assert a.title() == b.title() == "Machiavelli: daily deal of 2026-12-02 · Card Table"
        # past midnight in one profile: a new date, a new deal (the old one stays the 2nd's)
        b_ctx.clock.set_fixed_time(DAY + datetime.timedelta(minutes=15))
        nxt = daily(b, GAME)
        assert nxt["date"] == "2026-12-03" and nxt["deal"] != one["deal"]
        assert daily(a, GAME) == one
    finally:
        a_ctx.close()
        b_ctx.close()


def test_a_daily_result_shared_at_360_by_640(browser: Any, site_url: str) -> None:
    ctx, page = profile(browser, site_url, DAY)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        daily(page, PM)
        handled(page, lambda: page.get_by_test_id("daily-play").click())
        handled(page, lambda: page.get_by_test_id("autoplay").click())
        page.wait_for_selector("[data-testid=daily-note]", timeout=60_000)
        assert "Counted" in page.get_by_test_id("daily-note").inner_text()
        # the end's own Share shares the daily result, in view and uncovered at 360 x 640
        end_share = page.get_by_test_id("daily-end-share")
        assert end_share.count() == 1 and end_share.get_attribute("data-share-what") == "result"
        box = end_share.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640
        assert page.evaluate("""() => { const b = document.querySelector(
            '[data-testid=daily-end-share]').getBoundingClientRect();
            const at = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return !!at && !!at.closest('[data-testid=daily-end-share]'); }""")
        go(page, f"#/{PM}/daily")
        result = page.get_by_test_id("daily-result").inner_text()
        assert "Counted for 2026-12-02" in result
        assert "1 (best 1)" in page.get_by_test_id("daily-streak").inner_text()
        handled(page, lambda: page.get_by_test_id("daily-share").click())
        msg = page.locator("#daily-msg")
        msg.wait_for()
        text = msg.inner_text()
        assert text.startswith(("Result copied: Card Table · Perpetual Motion daily 2026-12-02",
                                "Copy your result: Card Table · Perpetual Motion daily"))
        assert f"#/{PM}/daily" in text
        box = msg.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640  # the confirmation in view
        if text.startswith("Result copied"):
            copied = page.evaluate("navigator.clipboard.readText()")
            assert copied.startswith("Card Table · Perpetual Motion daily 2026-12-02 · ")
            assert copied.endswith(f"#/{PM}/daily")
        check_layout(page, "daily-result")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            c = contrast(page)
            assert c["checked"] > 0 and c["failures"] == [], (scheme, c["failures"])
        # a second game of the day's deal is played but not counted
        handled(page, lambda: page.get_by_test_id("daily-play").click())
        handled(page, lambda: page.get_by_test_id("autoplay").click())
        page.wait_for_selector("[data-testid=daily-note]", timeout=60_000)
        assert "not counted" in page.get_by_test_id("daily-note").inner_text()
        go(page, f"#/{PM}/daily")
        assert page.get_by_test_id("daily-result").inner_text() == result
    finally:
        ctx.close()

"""Perpetual Motion's guided first game (app.guide) at 360 x 640, in the real app: offered on
the home tile, completed by taps on what each step marks, its bar and its text in view at every
step (the page never scrolls), and the player's own game and record byte-for-byte as they were.
The other guides are followed in CPython (tests/app/test_guide.py)."""

from __future__ import annotations

from typing import Any

from helpers.browser import PHONE, boot_app
from helpers.seated import tap

from scripts.lib.layout import contrast, in_view, out_of_view, small_targets
from scripts.lib.pages import PM, go, idle, pm_browser_step, routed

KEYS = "JSON.stringify([localStorage.getItem('tabletop.perpetual-motion.save'), " \
       "localStorage.getItem('tabletop.perpetual-motion.record')])"


def test_perpetual_motions_guide_by_taps_at_360x640(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    go(page, f"#/{PM}")
    tap(page, "deal")  # the player's own game, in progress
    go(page, "#/")
    before = page.evaluate(KEYS)
    assert page.get_by_test_id(f"guide-offer-{PM}").is_visible()
    routed(page, lambda: page.get_by_test_id(f"guide-offer-{PM}").get_by_test_id(
        "guide-offer-go").tap())
    steps = 0
    while True:
        idle(page)
        bar = page.get_by_test_id("guide-bar")
        text = page.get_by_test_id("message").inner_text()
        assert text and not text.startswith("Not quite"), text
        bad = out_of_view(in_view(page))
        assert bad == [], f"step {steps + 1}: out of view at 360 x 640:\n" + "\n".join(bad)
        assert bar.bounding_box()["y"] >= 0
        if steps == 2:  # a step with its marks: readable, every target big enough
            c = contrast(page)
            assert c["failures"] == [], c["failures"]
            assert small_targets(page, "header.topbar, main") == []
        if not pm_browser_step(page):
            break
        steps += 1
    assert steps == 13
    assert "done" in page.get_by_test_id("guide-bar").inner_text()
    routed(page, lambda: page.get_by_test_id("guide-play").tap())
    idle(page)
    assert page.evaluate(KEYS) == before  # the player's game and record, untouched
    go(page, "#/")
    assert not page.get_by_test_id(f"guide-offer-{PM}").count()  # the offer was taken
    assert page.errors == []
    ctx.close()


def test_every_step_of_the_seated_guides_fits_at_360x640(browser: Any, site_url: str) -> None:
    """Machiavelli's, the Machine's and Cube Farm's guides, stepped through with Next and Skip
    step: at every step the guide's bar, its text and the turn's controls are in view and the
    page does not scroll (they are followed by their marks in tests/app/test_guide.py)."""
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    for game in ("machiavelli", "machine", "cube-farm"):
        go(page, "#/")
        go(page, f"#/{game}/learn")
        steps = 0
        while page.locator("[data-testid=guide-skip], [data-testid=guide-next]").count():
            bad = out_of_view(in_view(page))
            assert bad == [], f"{game} step {steps + 1}:\n" + "\n".join(bad)
            assert page.get_by_test_id("message").inner_text()
            nxt = page.get_by_test_id("guide-next")
            tap(page, "guide-next" if nxt.count() else "guide-skip")
            steps += 1
        assert steps == {"machiavelli": 10, "machine": 9, "cube-farm": 8}[game]
        assert out_of_view(in_view(page)) == [], game
    assert page.errors == []
    ctx.close()

"""The app's screens on a 360 x 640 phone: boot, home, rules, broken links, statistics, and the
layout rules (no sideways scrolling, touch targets of at least 44 x 44 CSS px) in light and dark.

Screenshots of every screen go to build/screenshots/ for people to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app

from scripts.lib.layout import SHOTS, check_layout
from scripts.lib.pages import PM, flights_of_one_deal, follow, go, idle, open_deal, tap, tap_sure

# pwa.js stand-in: an update that the test can announce, and a record of applyUpdate().
PWA_STUB = """window.pwa = {updateReady: false, applied: 0, callbacks: [],
  onUpdate(cb) { this.callbacks.push(cb); if (this.updateReady) cb(); },
  applyUpdate() { this.applied += 1; },
  announce() { this.updateReady = true; this.callbacks.forEach(cb => cb()); }};"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE)
    ctx.route("**/pwa.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=PWA_STUB))
    yield boot_app(ctx, site_url)  # no service worker: pwa.js is stubbed
    ctx.close()




def test_boots_to_the_home_screen_with_four_games(app: Any) -> None:
    assert app.locator("#boot").is_hidden()
    games = app.get_by_test_id("game-list").locator("li")
    assert games.count() == 4
    names = [n.strip() for n in games.locator(".tile-name").all_inner_texts()]
    assert names == ["Perpetual Motion", "Machiavelli", "Perpetual-Motion Machine", "Cube Farm"]
    assert games.get_by_text("Coming soon").count() == 0
    assert app.get_by_test_id("play-cube-farm").is_visible()
    assert app.get_by_test_id("play-machiavelli").is_visible()
    assert app.get_by_test_id("play-machine").is_visible()
    assert app.get_by_test_id(f"play-{PM}").is_visible()
    assert app.evaluate("document.title")


def test_rules_pages(app: Any) -> None:
    follow(app, f"rules-{PM}")
    text = app.get_by_test_id("rules-text").inner_text()
    assert "Perpetual Motion" in text
    assert "Masten" in app.locator("main").inner_text()  # which round count the app shows
    go(app, "#/rules/cube-farm")
    assert "Cube Farm" in app.get_by_test_id("rules-text").inner_text()
    follow(app, "back")
    assert app.get_by_test_id("game-list").is_visible()


@pytest.mark.parametrize("link", [f"#/{PM}/deal/not-a-number", "#/no/such/page"])
def test_a_broken_link_is_reported_and_the_app_goes_on(app: Any, link: str) -> None:
    go(app, link)
    notice = app.get_by_test_id("notice")
    assert notice.is_visible() and notice.inner_text().strip()
    assert app.evaluate("location.hash") in ("#/", "")
    assert app.get_by_test_id("game-list").locator("li").count() == 4
    tap(app, "dismiss-notice")
    assert app.get_by_test_id("notice").count() == 0
    open_deal(app, 42)
    assert app.get_by_test_id("deal-number").inner_text() == "Deal #42"


def test_statistics_panel_simulates_and_stops(app: Any) -> None:
    go(app, f"#/{PM}/stats")
    app.get_by_test_id("sim-games").select_option("1000")
    app.get_by_test_id("sim-start").tap()
    app.wait_for_function(
        "document.querySelector('[data-testid=sim-progress]')?.dataset.state === 'finished'",
        timeout=120_000)
    results = app.get_by_test_id("sim-results").inner_text()
    assert "Won" in results and "Mean rounds" in results
    assert app.locator("[data-testid=sim-progress] progress").get_attribute("value") == "1000"
    # a long run can be stopped, and the page stays responsive while it runs
    app.get_by_test_id("sim-games").select_option("100000")
    app.get_by_test_id("sim-start").tap()
    app.wait_for_function(
        "+document.querySelector('[data-testid=sim-progress] progress').value > 0")
    app.get_by_test_id("sim-stop").tap()
    app.wait_for_function(
        "document.querySelector('[data-testid=sim-progress]')?.dataset.state === 'stopped'")
    done = int(app.locator("[data-testid=sim-progress] progress").get_attribute("value") or 0)
    assert 0 < done < 100000


def test_autoplay_to_the_end_and_the_loop_report(app: Any) -> None:
    open_deal(app, 9411)  # loops every round from round 10
    app.get_by_test_id("speed").select_option("instant")
    app.get_by_test_id("autoplay").tap()
    app.wait_for_selector("[data-testid=end]", timeout=60_000)
    idle(app)
    end = app.get_by_test_id("end").inner_text()
    assert "Loops every round from round 10" in end
    assert "played" in end and "current streak" in end


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout(app: Any, scheme: str) -> None:
    app.emulate_media(color_scheme=scheme)
    backgrounds = set()
    go(app, "#/")
    backgrounds.add(check_layout(app, f"{scheme}-home"))
    go(app, f"#/rules/{PM}")
    check_layout(app, f"{scheme}-rules")
    go(app, f"#/{PM}/deal/9411")  # ended by the test above: the end panel
    check_layout(app, f"{scheme}-end")
    tap_sure(app, "restart")
    for _ in range(9):
        tap(app, "deal")
    check_layout(app, f"{scheme}-table")
    tap(app, "manual")
    tap(app, "hint")
    check_layout(app, f"{scheme}-table-manual")
    tap(app, "manual")
    go(app, f"#/{PM}/stats")
    check_layout(app, f"{scheme}-stats")
    go(app, "#/settings")
    check_layout(app, f"{scheme}-settings")
    go(app, "#/about")
    check_layout(app, f"{scheme}-about")
    # the install steps of this kind of device only (web/boot.js tells it from the browser)
    shown = app.evaluate("""[...document.querySelectorAll('.install-ways li')]
        .filter(li => li.offsetParent !== null).map(li => li.dataset.device)""")
    assert shown == [app.evaluate("document.documentElement.dataset.device")], shown
    expected = "rgb(243, 241, 234)" if scheme == "light" else "rgb(17, 19, 17)"
    assert backgrounds == {expected}
    assert app.errors == []


def test_four_colour_setting(app: Any) -> None:
    go(app, "#/settings")
    app.get_by_test_id("set-four_colour").tap()
    idle(app)
    assert app.evaluate("document.documentElement.classList.contains('four-colour')")
    assert app.get_by_test_id("set-four_colour").get_attribute("aria-checked") == "true"
    app.get_by_test_id("set-four_colour").tap()
    idle(app)
    assert not app.evaluate("document.documentElement.classList.contains('four-colour')")


def test_update_bar_saves_then_applies(app: Any) -> None:
    open_deal(app, 5)
    before = app.evaluate("localStorage.getItem('tabletop.perpetual-motion.save')")
    tap(app, "deal")
    assert app.locator("#update-bar").is_hidden()
    app.evaluate("window.pwa.announce()")
    bar = app.locator("#update-bar")
    bar.wait_for(state="visible", timeout=30_000)
    assert "Update available" in bar.inner_text()
    assert app.get_by_test_id("deal").is_visible()  # not modal: the game goes on
    app.get_by_test_id("apply-update").tap()
    app.wait_for_function("window.pwa.applied === 1", timeout=30_000)
    saved = app.evaluate("localStorage.getItem('tabletop.perpetual-motion.save')")
    assert saved and '"seed":5' in saved and saved != before  # the deal is in it


def test_dealing_is_animated(app: Any) -> None:
    open_deal(app, 16557)
    assert flights_of_one_deal(app) == 4  # the four cards of the row fly from the deck


def test_keyboard(app: Any) -> None:
    open_deal(app, 16557)
    tap_sure(app, "restart")
    app.locator("body").press("d")  # shortcut: Deal
    idle(app)
    assert app.get_by_test_id("deck-count").inner_text() == "48"
    app.get_by_test_id("deal").focus()
    app.keyboard.press("Enter")
    idle(app)
    assert app.get_by_test_id("deck-count").inner_text() == "44"
    # the redraw keeps the keyboard on the same control
    assert app.evaluate("document.activeElement.id") == "pm-deal"
    outline = app.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_screenshots_exist() -> None:
    assert Path(SHOTS / "light-table.png").exists() and Path(SHOTS / "dark-table.png").exists()

"""What a link shows from its very first paint, at 360 x 640 (issue 35): a shared deal link
opens its game without the home screen drawn first (the skeleton says "Opening…" until the
app is up), a game's ``#/<game>/rules`` is its rules page, and an address that leads nowhere
says so on the home screen."""

from __future__ import annotations

from typing import Any

from helpers.browser import PHONE, open_app

# Every frame the page paints until the app is ready (and a few after): what it shows. A
# requestAnimationFrame callback runs just before its frame is painted, with the page's styles
# in effect, so "home" here means home tiles were on screen.
FRAMES = """
window.__frames = [];
(function loop(after) {
  requestAnimationFrame(() => {
    const tiles = [...document.querySelectorAll(".tiles")].some((t) => t.checkVisibility());
    const opening = [...document.querySelectorAll(".opening")].some((t) => t.checkVisibility());
    window.__frames.push(tiles ? "home" : opening ? "opening"
      : document.querySelector("[data-testid=m-table]") ? "table" : "other");
    const ready = document.documentElement.dataset.ready === "1";
    if (!ready || after < 10) loop(ready ? after + 1 : 0);
  });
})(0);
"""


def frames(page: Any) -> list[str]:
    page.wait_for_function("window.__frames && window.__frames.length > 0 && "
                           "document.documentElement.dataset.ready === '1'")
    page.wait_for_timeout(300)
    return list(page.evaluate("window.__frames"))


def test_a_shared_deal_link_never_shows_the_home_first(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(FRAMES)
    page = ctx.new_page()
    open_app(page, site_url + "#/machiavelli/deal/12?seats=you,standard")
    seen = frames(page)
    assert "home" not in seen, seen
    shown = [f for f in seen if f != "other"]  # (a frame before the body is parsed: empty)
    assert shown[0] == "opening" and shown[-1] == "table", seen
    assert page.get_by_test_id("m-table").is_visible()
    # the home screen itself still paints its skeleton tiles from the first frame
    page.close()
    home = ctx.new_page()
    open_app(home, site_url)
    seen = frames(home)
    shown = [f for f in seen if f != "other"]  # (a frame before the body is parsed: empty)
    assert shown[0] == "home" and "opening" not in seen, seen
    ctx.close()


def test_a_games_rules_address_and_an_unknown_one(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site_url + "#/perpetual-motion/rules")
    page.get_by_test_id("rules-text").wait_for()
    assert "Perpetual Motion" in page.get_by_test_id("rules-text").inner_text()
    page.evaluate("location.hash = '#/perpetual-motion/rulez'")
    notice = page.get_by_test_id("notice")
    notice.wait_for()
    assert notice.inner_text().startswith("No such page: “#/perpetual-motion/rulez”")
    assert page.get_by_test_id("game-list").is_visible()  # the way home: it is home
    ctx.close()

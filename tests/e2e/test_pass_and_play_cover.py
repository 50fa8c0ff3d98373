"""Pass-and-play in every seated game: a person's hand, once on show, is covered again after a
reload, on coming back to the table from home, and after the app was in the background, so
whoever holds the phone then must take it to see it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import wait_ready
from helpers.seated import fresh, phone_app, tap

from engine.registry import all_games
from scripts.lib.pages import go, idle

SEATED = [g.id for g in all_games() if g.max_players > 1]

# the app goes to the background and comes back, as a phone's home button does
BACKGROUND = """async () => {
  const set = (v) => Object.defineProperty(document, "visibilityState",
                                           { value: v, configurable: true });
  set("hidden");
  document.dispatchEvent(new Event("visibilitychange"));
  await new Promise((r) => setTimeout(r, 300));
  set("visible");
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def covered(page: Any) -> bool:
    idle(page)
    cover = page.get_by_test_id("cover")
    return bool(cover.count() and cover.is_visible()
                and page.locator(".table-dock [data-card]").count() == 0)


def shown(page: Any) -> bool:
    idle(page)
    return page.get_by_test_id("cover").count() == 0 and page.locator(".table-dock").count() == 1


@pytest.mark.parametrize("game", SEATED)
def test_a_hand_on_show_is_covered_again(app: Any, game: str) -> None:
    fresh(app, f"#/{game}/deal/5?seats=@Ana,@Bo")
    assert covered(app)
    tap(app, "cover-go")
    assert shown(app)
    app.reload()
    wait_ready(app)
    assert covered(app), "after a reload"
    tap(app, "cover-go")
    go(app, "#/")
    go(app, f"#/{game}")
    assert covered(app), "on coming back from home"
    tap(app, "cover-go")
    assert shown(app)
    app.evaluate(BACKGROUND)
    app.wait_for_function("!!document.querySelector('[data-testid=cover]')", timeout=10_000)
    assert covered(app), "after the app was in the background"

"""What the message points at is in view (issue 35), at 360 x 640 in the real app: at the start
of a turn ("since your turn"), after the Hint and after every step of every game's guide, each
element the message line points at (``.hinted``: the Hint's advice, the step's marks) lies
inside the visible field — inside the viewport and every area that clips it, and above the
dock unless it is in the dock itself (scripts/lib/layout.py: ``unattended``; web/app/attend.js
brings it there)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers.browser import PHONE, boot_app
from helpers.seated import tap

from scripts.lib.layout import attended, open_turn, unattended
from scripts.lib.pages import go, idle

GAMES = ("machiavelli", "machine", "cube-farm", "perpetual-motion")
# the Hint's button, and the deal it is asked on (Machiavelli's deal 7 opens on a draw; on its
# deal 1 the Hint lays seven cards)
HINTS = {"machiavelli": ("m-hint", "#/machiavelli/deal/1?seats=you,standard,standard"),
         "machine": ("mm-hint", None), "cube-farm": ("cf-hint", None)}
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


@pytest.fixture(scope="module")
def phone(browser: Any, site_url: str) -> Any:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    yield page
    assert page.errors == []
    ctx.close()


def settle(page: Any) -> None:
    """The app has answered, and the marks' scrolling (a frame after the redraw) is done."""
    idle(page)
    page.evaluate(SETTLED)


@pytest.mark.parametrize("game", sorted(HINTS))
def test_the_hints_marks_are_in_view(phone: Any, game: str) -> None:
    button, deal = HINTS[game]
    open_turn(phone, game, deal)  # the Machine's computer played first: "since your turn"
    settle(phone)
    since = ["Since your turn"] if game == "machine" else []
    assert [m["name"] for m in attended(phone)] == since
    assert unattended(phone) == []
    tap(phone, button)
    phone.wait_for_selector(".hinted", timeout=60_000)
    settle(phone)
    assert attended(phone), "the Hint marked nothing"
    assert unattended(phone) == [], phone.get_by_test_id("message").inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_every_guide_steps_marks_are_in_view(phone: Any, game: str) -> None:
    go(phone, "#/")
    go(phone, f"#/{game}/learn")
    marked = 0
    for step in range(1, 60):
        settle(phone)
        bad = unattended(phone)
        assert bad == [], f"{game}, step {step}: " + phone.get_by_test_id(
            "message").inner_text() + "\n" + "\n".join(bad)
        marked += bool(attended(phone))
        skip = phone.locator("[data-testid=guide-skip], [data-testid=guide-next]")
        if not skip.count():
            break
        tap(phone, skip.first.get_attribute("data-testid"))
    else:
        pytest.fail(f"{game}'s guide did not end")
    assert marked >= 2, f"{game}'s guide marked something at {marked} steps only"

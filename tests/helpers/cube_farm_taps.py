"""Playing Cube Farm by taps, as a person does: the turn's phase, the hand, the plan panned
as a finger would, a card laid on a lit square and confirmed. Shared by the browser tests of
one phone (tests/e2e/test_cube_farm_app.py) and of a table of phones (tests/net/)."""

from __future__ import annotations

from typing import Any

from helpers.seated import cards_of, message, tap
from scripts.lib.pages import idle, tap_el


def phase(page: Any) -> str:
    p: str = page.evaluate("(document.querySelector('[data-testid=cf-table]') || "
                           "{dataset: {}}).dataset.phase || ''")
    return p


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("!!document.querySelector('[data-testid=cf-table].live')"))


def hand(page: Any) -> list[str]:
    return cards_of(page, "cf-hand-card")


CENTRE_JS = """el => {
    const v = document.getElementById('cf-view').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const c = window.cubeFarmCam;
    c.cam.x += v.left + v.width / 2 - (r.left + r.width / 2);
    c.cam.y += v.top + v.height / 3 - (r.top + r.height / 2);
    c.apply(); }"""


def in_view(page: Any, el: Any) -> Any:
    """Pan the plan (as a finger would) so that ``el`` is in the middle of the view."""
    el.evaluate(CENTRE_JS)
    return el


def wait_turn_or_end(page: Any) -> None:
    page.wait_for_function(
        "document.querySelector('[data-testid=cf-table].live') || "
        "document.querySelector('[data-testid=end]') || "
        "document.querySelector('[data-testid=mt-next-hand]') || "
        "document.querySelector('[data-testid=cf-deal]')", timeout=120_000)
    idle(page)


def lay_a_card(page: Any, turn: bool = False) -> None:
    """Pick the first card, optionally turn it, tap a lit square, then Confirm."""
    tap(page, "cf-hand-card", 0)
    if turn:
        tap(page, "cf-rot")
        assert page.locator("[data-testid=cf-hand-card][aria-pressed=true]").count() == 1
    lit = page.locator("#cf-svg .cf-lit")
    assert lit.count() > 0
    tap_el(page, in_view(page, lit.nth(lit.count() // 2)))
    assert page.get_by_test_id("cf-preview").count() == 1, message(page)
    tap(page, "cf-ok")

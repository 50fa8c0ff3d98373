"""Drag and drop (web/app/drag.js) on the Machiavelli table at 360 x 640, with a finger (real
touch events through the DevTools protocol, so the browser's touch-action and scrolling take
part) and with a mouse: a hand card dragged onto New meld lays it as a new meld, onto a meld
adds it there, a card of an opened meld dragged to the new-meld place moves it; the target
lights up under the pointer; a tap still picks a card; a sideways swipe scrolls the hand strip
and drags nothing; the strip keeps its scroll across a redraw. The engine's state is read from
the page (the melds' cards), so each drop is checked by what it did.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers.seated import fresh, phone_app, tap

from scripts.lib.pages import HANDLED, idle, tap_el

M = "machiavelli"
DEAL = f"#/{M}/deal/3?seats=you,standard"  # you start, with 15 cards and an empty table


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def start_turn(page: Any) -> None:
    """The deal at the start of your first turn (the same deal again: the turn reset)."""
    fresh(page, DEAL)
    page.wait_for_selector("[data-testid=m-table].live")
    if page.get_by_test_id("m-reset").get_attribute("aria-disabled") != "true":
        tap(page, "m-reset")
        tap(page, "m-reset-sure")  # Reset asks first (issue 35)
    assert melds(page) == [] and len(hand(page)) == 15
    page.evaluate("document.querySelector('[data-testid=m-hand]').scrollLeft = 0")
    page.wait_for_timeout(100)


def centre(page: Any, selector: str, nth: int = 0) -> tuple[float, float]:
    box = page.locator(selector).nth(nth).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def melds(page: Any) -> list[list[str]]:
    """The table's melds, each as its cards ("7H"; the page's data-card of a second 7H on the
    table is "7H-2")."""
    found: list[list[str]] = page.evaluate(
        "[...document.querySelectorAll('#mt-board .mt-item:not(.mt-newitem)')].map(m => "
        "[...m.querySelectorAll('.card')].map(c => c.dataset.card.split('-')[0]))")
    return found


def hand(page: Any) -> list[str]:
    cards: list[str] = page.evaluate(
        "[...document.querySelectorAll('[data-testid=m-hand-card]')].map(b => b.dataset.card)")
    return cards


def handled_after(page: Any, before: Any) -> None:
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before, timeout=20_000)
    idle(page)


def finger(page: Any, points: list[tuple[float, float]], hold_ms: int = 0) -> None:
    """One finger down at the first point, through the others, up at the last."""
    cdp = page.context.new_cdp_session(page)
    try:
        x, y = points[0]
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        if hold_ms:
            page.wait_for_timeout(hold_ms)
        for x, y in points[1:]:
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(16)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def path(a: tuple[float, float], b: tuple[float, float], steps: int = 12,
         ) -> list[tuple[float, float]]:
    """From ``a`` straight up 30 px (a drag starts with a move the strip does not scroll),
    then on to ``b``."""
    up = (a[0], a[1] - 30)
    return [a, (a[0], a[1] - 10), up] + [
        (up[0] + (b[0] - up[0]) * k / steps, up[1] + (b[1] - up[1]) * k / steps)
        for k in range(1, steps + 1)]


def test_touch_drag_lays_cards_and_a_tap_still_picks(app: Any) -> None:
    start_turn(app)
    cards = hand(app)
    assert len(cards) == 15 and melds(app) == []
    # a finger drags the first hand card onto New meld (in the dock)
    before = app.evaluate(HANDLED)
    finger(app, path(centre(app, "[data-testid=m-hand-card]"), centre(app, "[data-testid=m-new]")))
    handled_after(app, before)
    assert melds(app) == [[cards[0]]] and hand(app) == cards[1:]
    # the second card onto that meld, on the table
    before = app.evaluate(HANDLED)
    finger(app, path(centre(app, "[data-testid=m-hand-card]"),
                     centre(app, "#mt-board [data-testid=m-meld]")))
    handled_after(app, before)
    assert sorted(melds(app)[0]) == sorted(cards[:2]) and hand(app) == cards[2:]
    # Draw would take them back: the dock asks first, in view; Keep playing keeps them
    tap(app, "m-draw")
    ask = app.get_by_test_id("confirm")
    assert ask.is_visible() and "Take back the 2 cards you laid and draw?" in ask.inner_text()
    box = ask.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640
    tap(app, "m-keep")
    assert app.get_by_test_id("confirm").count() == 0 and len(hand(app)) == 13
    # a tap is still a tap: it picks the card, nothing is laid
    tap(app, "m-hand-card", 0)
    assert app.get_by_test_id("m-hand-card").nth(0).get_attribute("aria-pressed") == "true"
    assert len(hand(app)) == 13 and len(melds(app)) == 1
    tap(app, "m-cancel")
    assert app.evaluate("document.querySelectorAll('.drag-ghost, .dragging').length") == 0


def test_a_sideways_swipe_scrolls_the_strip_and_the_strip_keeps_its_scroll(app: Any) -> None:
    start_turn(app)
    strip = "[data-testid=m-hand]"
    x, y = centre(app, "[data-testid=m-hand-card]", 5)
    finger(app, [(x, y)] + [(x - 20 * k, y) for k in range(1, 10)])
    left = -1
    for _ in range(20):  # until any fling has stopped
        app.wait_for_timeout(150)
        now = app.evaluate(f"document.querySelector('{strip}').scrollLeft")
        if now == left:
            break
        left = now
    assert left > 40, "the strip scrolled under the finger"
    assert melds(app) == [] and len(hand(app)) == 15  # nothing dragged
    # a tap redraws the dock: the strip stays where it was, the card picked stays in view
    on_screen = app.evaluate(
        "[...document.querySelectorAll('[data-testid=m-hand-card]')].findIndex(b => "
        "b.getBoundingClientRect().left > 30)")
    tap(app, "m-hand-card", on_screen)
    assert app.evaluate(f"document.querySelector('{strip}').scrollLeft") == left
    picked = app.locator("[data-testid=m-hand-card][aria-pressed=true]").bounding_box()
    assert picked is not None and picked["x"] >= 0 and picked["x"] + 40 <= 360
    tap(app, "m-cancel")


def test_mouse_drag_lays_a_card_and_moves_a_table_card(app: Any) -> None:
    start_turn(app)
    cards = hand(app)
    mouse = app.mouse
    # a card onto New meld, by mouse; the target lights up while the button is down
    x, y = centre(app, "[data-testid=m-hand-card]", 2)
    tx, ty = centre(app, "[data-testid=m-new]")
    mouse.move(x, y)
    mouse.down()
    mouse.move(x, y - 40, steps=4)
    mouse.move(tx, ty, steps=8)
    assert app.evaluate("document.querySelector('[data-testid=m-new]').classList"
                        ".contains('drop-over')")
    assert app.locator(".drag-ghost .card").count() == 1
    before = app.evaluate(HANDLED)
    mouse.up()
    handled_after(app, before)
    assert melds(app) == [[cards[2]]]
    # two more cards as picked cards: dragging one of them brings both
    tap(app, "m-hand-card", 0)
    tap(app, "m-hand-card", 1)
    x, y = centre(app, "[data-testid=m-hand-card]", 1)
    tx, ty = centre(app, "#mt-board [data-testid=m-meld]")
    mouse.move(x, y)
    mouse.down()
    mouse.move(x, y - 40, steps=4)
    mouse.move(tx, ty, steps=8)
    assert app.locator(".drag-ghost .card").count() == 2
    before = app.evaluate(HANDLED)
    mouse.up()
    handled_after(app, before)
    assert sorted(melds(app)[0]) == sorted([cards[0], cards[1], cards[2]])
    assert len(hand(app)) == 12
    # open the meld, drag one of its cards to the place for a new meld
    tap(app, "m-meld", 0)
    card = app.get_by_test_id("m-table-card").nth(0)
    moving = card.get_attribute("data-card")
    x, y = centre(app, "[data-testid=m-table-card]")
    mouse.move(x, y)
    mouse.down()
    mouse.move(x + 10, y + 10, steps=3)
    tx, ty = centre(app, "[data-testid=m-new-zone]")
    mouse.move(tx, ty, steps=8)
    before = app.evaluate(HANDLED)
    mouse.up()
    handled_after(app, before)
    table = melds(app)
    assert [moving] in table and len(table) == 2
    assert sum(len(m) for m in table) == 3
    # letting go on nothing drops nothing
    x, y = centre(app, "[data-testid=m-hand-card]", 0)
    mouse.move(x, y)
    mouse.down()
    mouse.move(x, y - 40, steps=4)
    mouse.move(180, 70, steps=4)  # the top bar
    mouse.up()
    idle(app)
    assert len(hand(app)) == 12 and melds(app) == table
    tap_el(app, app.get_by_test_id("m-reset"))
    tap_el(app, app.get_by_test_id("m-reset-sure"))  # Reset asks first (issue 35)
    assert len(hand(app)) == 15 and melds(app) == []

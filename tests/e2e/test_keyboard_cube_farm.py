"""Cube Farm to its end by the keyboard alone, and by what a screen reader is given (issue 45).

* A whole game (you and a Beginner, one hand: the fewest turns the options allow) played with
  key presses only, no click and no tap: after every key the focus is on a visible element
  inside the table (``Keys.lost``), a picked card's places and the cubicles to claim are each
  one roving group, and the figures (key presses per action) are printed.
* Enter presses the focused control on every Cube Farm screen: the set-up's Remove seat and
  Start, Back to home.
* A whole game played by roles and accessible names alone, learning what happened only from
  the page's live region: every turn of the computer said (0 silent), nothing said twice in a
  row (0 repeats), and none of the player's own actions silent.

Run: flock /tmp/browser.lock .venv/bin/python -m pytest -q -s tests/e2e/test_keyboard_cube_farm.py
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.cube_farm_taps import phase
from helpers.seated import phone_app

from scripts.lib.keyboard import Keys, Listener, focused
from scripts.lib.layout import SHOTS
from scripts.lib.pages import go, idle

LINK = "#/cube-farm/deal/3?seats=you,beginner&hands=1"

MY_TURN_OR_END = ("document.querySelector('[data-testid=cf-table].live') || "
                  "document.querySelector('[data-testid=end]')")

# the focused element's middle lies inside the floor's view (brought there by the camera)
IN_FLOOR_JS = """() => {
  const a = document.activeElement, v = document.getElementById('cf-view');
  if (!a || !v) return false;
  const r = a.getBoundingClientRect(), o = v.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  return x >= o.left && x <= o.right && y >= o.top && y <= o.bottom;
}"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def wait_mine(page: Any) -> bool:
    """Wait for the player's turn (True) or the end (False)."""
    page.wait_for_function(MY_TURN_OR_END, timeout=120_000)
    idle(page)
    return not page.get_by_test_id("end").count()


def on(now: dict[str, Any] | None, testid: str) -> bool:
    return now is not None and now["testid"] == testid


def said(page: Any) -> str:
    """The focused control's whole accessible name (``focused`` cuts it short)."""
    name: str = page.evaluate("document.activeElement.getAttribute('aria-label') || "
                              "document.activeElement.textContent")
    return name


def test_a_whole_game_by_the_keyboard_alone(app: Any) -> None:
    go(app, "#/")
    go(app, LINK)
    keys = Keys(app)
    if app.get_by_test_id("offer").count():  # a game in progress: Play deal, by its key
        keys.tab_to(lambda f: f["testid"] == "open-deal")
        keys.press("Enter", check=False)
        keys.presses = 0
    turns = 0
    first = True
    while wait_mine(app):
        assert phase(app) == "place"
        now = focused(app)
        if first:  # the table just opened: its heading has the focus; the hand is one stop
            now = keys.tab_to(lambda f: on(f, "cf-hand-card"))
            first = False
        # a turn that starts puts the keyboard on the hand
        assert on(now, "cf-hand-card"), now
        if turns == 1:  # the arrows move along the hand; Escape puts a picked card back
            before = now
            now = keys.press("ArrowRight")
            assert on(now, "cf-hand-card") and now["name"] != before["name"], now
            now = keys.press("Enter")
            assert on(now, "cf-place"), now
            now = keys.press("Escape")
            assert on(now, "cf-hand-card"), now  # back on the card put back
            assert app.locator("[data-testid=cf-hand-card][aria-pressed=true]").count() == 0
            # these three keys checked the arrows and Escape: no part of the turn's action (with
            # them, a turn whose places have no cubicle to claim in 12 steps cost 18 keys)
            keys.presses = 0
        if turns == 2:  # the Hint: its place has the keyboard
            now = keys.press("h")
            assert on(now, "cf-place") and "the Hint's pick" in said(app), now
        else:
            now = keys.press("Enter")  # the card picked: the keyboard on its places
            assert on(now, "cf-place") and now["name"].startswith("place 1 of "), now
            # the places are told apart by ear: step to one with a cubicle to claim
            names = {said(app)}
            for _ in range(12):
                if "to claim" in said(app):
                    break
                now = keys.press("ArrowRight")
                assert on(now, "cf-place"), now
                names.add(said(app))
            assert len(names) > 1 or "to claim" in said(app)
            # the camera shows the focused place: it pans on the frame after the focus moves
            # (web/app/tables/cube_farm/pan.js), and an arrow key makes no event to wait on
            app.wait_for_function(IN_FLOOR_JS, timeout=5_000)
            now = keys.press("Enter")  # shown there
            assert on(now, "cf-place") and ", shown: press again" in said(app), now
            assert app.get_by_test_id("cf-preview").count() == 1
        if turns == 0:
            app.screenshot(path=str(SHOTS / "cube-farm-keyboard-place.png"))
        now = keys.press("Enter")  # laid
        keys.acted()
        if app.get_by_test_id("cf-table").get_attribute("data-phase") == "claim" and \
                app.locator("[data-testid=cf-table].live").count():
            assert on(now, "cf-claimable"), now  # the keyboard on a cubicle to claim
            now = keys.press("Enter")
            keys.acted()
        turns += 1
        assert turns < 20
    assert turns >= 6
    app.wait_for_function("document.activeElement && document.activeElement.id === 'end-title'")
    app.screenshot(path=str(SHOTS / "cube-farm-keyboard-end.png"))
    figures = keys.figures()
    print(f"\nCube Farm by the keyboard: {figures} over {turns} turns; focus lost: {keys.lost}")
    assert keys.lost == []
    assert figures["median"] <= 4 and figures["worst"] <= 16, figures


def test_enter_presses_the_focused_control_on_every_screen(app: Any) -> None:
    go(app, "#/")
    go(app, "#/cube-farm/setup")
    keys = Keys(app)
    seats = app.locator("[data-action=setup-remove]").count()
    assert seats >= 2  # you and two computers, by default
    keys.tab_to(lambda f: f["action"] == "setup-remove")
    keys.press("Enter", check=False)  # Remove seat: a seat fewer (Enter was Confirm's)
    assert app.locator("[data-action=setup-remove]").count() < seats
    keys.tab_to(lambda f: f["testid"] == "setup-start")
    keys.press("Enter", check=False)
    if app.get_by_test_id("setup-start-anyway").count():  # a game was in progress
        keys.tab_to(lambda f: f["action"] == "setup-start-anyway")
        keys.press("Enter", check=False)
    app.wait_for_selector("[data-testid=cf-table]")
    idle(app)
    keys.tab_to(lambda f: f["testid"] == "back", back=True)
    keys.press("Enter", check=False)  # Back to home: no longer swallowed
    app.wait_for_function("location.hash === '#/' || location.hash === ''")


def test_a_whole_game_by_roles_names_and_the_live_region(app: Any) -> None:
    go(app, "#/")
    heard = Listener(app)  # before the table opens: its first words are heard too
    go(app, LINK.replace("deal/3", "deal/5"))
    offer = app.get_by_role("button", name="Play deal 5")
    if offer.count():  # a game in progress
        offer.click()
        idle(app)
    silent = turns = 0

    def news_after(n: int) -> list[str]:
        app.wait_for_function("n => (window.__heard || []).length > n", arg=n, timeout=60_000)
        idle(app)
        return heard.heard()[n:]

    def act(control: Any, dispatch: bool = False) -> None:
        nonlocal silent
        n = len(heard.heard())
        if dispatch:  # a control of the floor plan: pressed as a screen reader presses it
            control.dispatch_event("click")
        else:
            control.click()
        try:
            news_after(n)
        except Exception:
            silent += 1

    while True:
        n = len(heard.heard())
        said = heard.heard()
        if any(re.search(r"\bwins?\b|\btie\b|\bdraw\b", s) for s in said[-3:]):
            break
        if not any("Your turn" in s or "Pick a card" in s for s in said[-2:]):
            news_after(n)
            continue
        hand = app.get_by_role("region", name="Your cards").get_by_role("button")
        act(hand.first)
        place = app.get_by_role("button", name=re.compile(r"^place \d+ of \d+: .*to claim"))
        if not place.count():
            place = app.get_by_role("button", name=re.compile(r"^place 1 of \d+: "))
        act(place.first, dispatch=True)  # shown there
        act(app.get_by_role("button", name="Confirm: lay the card here"))
        turns += 1
        free = app.get_by_role("button", name=re.compile(r"^free cubicle .*claim it"))
        if free.count():
            act(free.first, dispatch=True)
        else:
            passing = app.get_by_role("button", name="Pass: claim nothing")
            if passing.count() and passing.is_enabled():
                act(passing)
        assert turns < 20
        if not any(re.search(r"\bwins?\b|Your turn", s) for s in heard.heard()[n:]):
            news_after(len(heard.heard()))
    said = heard.heard()
    # the oracle: the log's lines of the computer's turns (not read by the player here)
    lines = app.evaluate("[...document.querySelectorAll('#mt-log .log-lines li')]"
                         ".map(li => li.textContent.trim())")
    theirs = [t for t in lines if not t.startswith("You ")]
    unsaid = [t for t in theirs if not any(t in s for s in said)]
    repeats = [a for a, b in itertools.pairwise(said) if a == b]
    print(f"\nCube Farm by ear: {turns} turns, {len(theirs)} of the computer's, silent turns "
          f"{len(unsaid)}, repeats {len(repeats)}, silent actions {silent}")
    assert theirs and unsaid == [], (unsaid, said)
    assert repeats == [], repeats
    assert silent == 0

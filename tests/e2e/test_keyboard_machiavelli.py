"""Machiavelli by the keyboard alone, and by what a screen reader is told (issue 45).

* A whole game (three cards each, one Standard computer) played with keys only: no click, no
  tap. The player asks the Hint (H) and follows it: a card of the hand is picked by Tab into
  the hand (its roving stop is the hinted card) and Enter, then laid by Shift+Tab to the melds
  (their stop is the hinted meld) and Enter, or N for New meld; any other step by "." (Next
  step); then E ends the turn, or D draws. After every key the focus is on a visible control
  inside the table, never the page's body; the figures are the key presses per action.
* A whole game played finding controls only by their role and accessible name, and learning
  what happened only from the live region: every turn of the computer is said, and no
  sentence twice in a row.

Run: flock /tmp/browser.lock .venv/bin/python -m pytest -q -s tests/e2e/test_keyboard_machiavelli.py
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from scripts.lib.keyboard import Keys, Listener, focused
from scripts.lib.layout import SHOTS, open_turn
from scripts.lib.pages import idle

M = "machiavelli"
# the shortest honest game: three cards each, one computer, its turns at the fastest pace
LINK = f"#/{M}/deal/5?seats=you,standard&hand_size=3&speed=fastest"
LIVE = "[data-testid=m-table].live"
TURN_OR_END = ("document.querySelector('[data-testid=m-table].live') || "
               "document.querySelector('[data-testid=end]')")


def over(page: Any) -> bool:
    return bool(page.get_by_test_id("end").count())


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(TURN_OR_END, timeout=60_000)
    idle(page)


def in_hand(f: dict[str, Any] | None) -> bool:
    return f is not None and f["action"] == "m-hand"


def steps_left(page: Any) -> int:
    step = page.get_by_test_id("m-hint-step")
    if not step.count():
        raise AssertionError(page.locator("#main").inner_text()[:1500])
    label = step.get_attribute("aria-label") or ""
    m = re.search(r"\((\d+) left\)", label)
    return int(m.group(1)) if m else 0


def hinted(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).count())


def arrow_to(keys: Keys, page: Any, group: str, mark: str) -> None:
    """Arrow keys along the roving ``group`` (focused) to its item that matches ``mark``."""
    where = page.evaluate("""([g, m]) => {
        const items = [...document.querySelector(g).querySelectorAll('[data-rove-item]')];
        return [items.indexOf(document.activeElement), items.findIndex(el => el.matches(m))];
    }""", [group, mark])
    at, to = where
    assert at >= 0 and to >= 0, where
    for _ in range(abs(to - at)):
        keys.press("ArrowRight" if to > at else "ArrowLeft")


def play_turn(keys: Keys, page: Any) -> None:
    """One turn by keys: the Hint, its steps, then End turn (or Draw)."""
    keys.press("h")
    page.wait_for_function("!document.documentElement.dataset.busy || "
                           "document.documentElement.dataset.busy !== '1'")
    idle(page)
    keys.acted()
    for _ in range(60):
        if over(page) or not steps_left(page):
            break
        if hinted(page, ".mt-hand .hinted"):  # a card of the hand: pick it, then its meld
            if not in_hand(focused(page)):  # (the turn begins on the hand)
                keys.tab_to(in_hand, most=12)
            arrow_to(keys, page, ".mt-hand", ".hinted")
            assert "hinted" in (page.evaluate("document.activeElement.className") or "")
            keys.press("Enter")
            keys.acted()
            shot = SHOTS / "machiavelli-keyboard-mid-turn.png"
            if not shot.exists():  # a card picked by the keyboard, its focus ring in view
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shot))
            if hinted(page, "[data-testid=m-new].hinted"):
                keys.press("n")
            else:
                keys.tab_to(lambda f: f is not None and f["action"] == "m-meld", most=12,
                            back=True)
                arrow_to(keys, page, ".mt-meld-list", ".hinted")
                assert "hinted" in (page.evaluate("document.activeElement.className") or "")
                keys.press("Enter")
            keys.acted()
        else:  # a step that rearranges the table: Next step
            keys.press(".")
            keys.acted()
    if over(page):
        return
    end = page.get_by_test_id("m-end")
    keys.press("e" if end.get_attribute("aria-disabled") != "true" else "d")
    keys.acted()


def test_a_whole_game_by_the_keyboard_alone(page: Any, site_url: str) -> None:
    (SHOTS / "machiavelli-keyboard-mid-turn.png").unlink(missing_ok=True)
    page.goto(site_url)
    open_turn(page, M, LINK)
    keys = Keys(page)
    listener = Listener(page)
    # from the top of the page into the hand: the hand is one stop of Tab
    keys.tab_to(in_hand, most=40)
    keys.acted()
    start = focused(page)
    assert start is not None and start["action"] == "m-hand"
    # the arrow keys move along the hand, Home and End to its ends
    first = page.evaluate("document.activeElement.dataset.card")
    keys.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") != first
    keys.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == first
    # from the hand to End turn: the hand, the melds and the tools are each one stop
    tabs = 0
    while (f := keys.press("Tab")) is not None and f["action"] != "m-end":
        tabs += 1
        assert tabs < 12, f
    keys.acted()
    hand_to_end = tabs + 1
    turns = 0
    for _ in range(80):
        if over(page):
            break
        wait_my_turn(page)
        if over(page):
            break
        play_turn(keys, page)
        turns += 1
        wait_my_turn(page)
    assert over(page), "the game did not end"
    page.screenshot(path=str(SHOTS / "machiavelli-keyboard-end.png"))
    figures = keys.figures()
    heard = listener.heard()
    print(f"\nMachiavelli by keyboard: {turns} turns, {figures}, hand to End turn "
          f"{hand_to_end} Tabs, lost focus {len(keys.lost)}, heard {len(heard)}")
    assert keys.lost == []
    assert hand_to_end <= 9
    assert figures["worst"] <= 14


def test_a_whole_game_by_roles_names_and_the_live_region(page: Any, site_url: str) -> None:
    """Controls found by role and name only; what happened learnt from the live region only."""
    page.goto(site_url)
    open_turn(page, M, LINK)
    listener = Listener(page)
    # the computer's name, as the table's list of other players says it ("Bea: 3 cards")
    other = page.get_by_role("list", name="Other players").get_by_role("listitem").first
    name = (other.text_content() or "").split(":")[0].strip()
    assert name
    computer_turns = silent = 0
    for _ in range(80):
        if over(page):
            break
        page.get_by_role("button", name=re.compile(r"^Hint")).press("Enter")
        idle(page)
        for _ in range(40):
            if over(page):
                break
            step = page.get_by_role("button", name=re.compile(r"^Next step of the hint \("))
            if not step.count():
                break
            step.press("Enter")
            idle(page)
        if over(page):
            break
        end = page.get_by_role("button", name="End turn", exact=True)
        if end.count():
            end.press("Enter")
        else:
            page.get_by_role("button", name=re.compile(r"^(Draw|Pass)")).first.press("Enter")
        idle(page)
        mark = len(listener.heard())
        page.wait_for_function(TURN_OR_END, timeout=60_000)
        idle(page)
        if over(page) and not any(s.startswith(name) for s in listener.heard()[mark:]):
            break  # the game ended with our own turn
        computer_turns += 1
        # the computer's whole turn, said in one sentence that begins with its name
        if not any(s.startswith(name) for s in listener.heard()[mark:]):
            silent += 1
    heard = listener.heard()
    repeats = sum(1 for a, b in itertools.pairwise(heard) if a == b)
    print(f"\nMachiavelli by roles and the live region: {computer_turns} turns of {name}, "
          f"{silent} silent, {repeats} repeated, {len(heard)} sentences; last: {heard[-3:]}")
    assert over(page)
    assert any(re.search(r"win|won", s, re.I) for s in heard[-4:]), heard[-4:]
    assert computer_turns > 0
    assert silent == 0
    assert repeats == 0

"""Machiavelli by the keyboard alone, and by what a screen reader is told (issue 45), in the
real app in Chromium at 360 x 640:

* by the keyboard alone: a whole game (three cards each, one Standard computer, its turns at
  once) to its end, no click and no tap, the focus on a visible element inside the table after
  every key; the figures (key presses per action, median and worst; the focus lost) are
  printed. The player asks the Hint (H) and does its steps by keys: the hinted card of the
  hand reached by Tab and the arrows, Enter to pick it, then N (New meld) or the hinted meld
  reached the same way and Enter; a step that only rearranges the table by "." (Next step);
  then E (End turn), or D (Draw) when nothing can be laid.
* by a screen reader's means: a game of the same kind driven only by roles and accessible names
  (``get_by_role``), learning what happened only from the page's live region: every turn of
  the computer is said (0 silent), each of the player's steps and draws says what it did (the
  card drawn), no sentence twice in a row (0 repeats), the end said with its result.
* the whole hand laid with the focus on its first card (a control with an id of its own):
  the focus stays in the table.

Deals 101 and 3671 with three cards each end in eleven and nine turns when the player follows
the Hint (most deals of so small a hand take eighty turns and more); in deal 275 the three
cards dealt to the player make a meld.

Run: flock /tmp/browser.lock .venv/bin/python -m pytest -q -s tests/e2e/test_keyboard_machiavelli.py
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.seated import phone_app

from scripts.lib.keyboard import Keys, Listener, at, button, heard_turns, press, reach
from scripts.lib.layout import SHOTS, open_turn, wait_turn

M = "machiavelli"
LINK = f"#/{M}/deal/{{deal}}?seats=you,standard&hand_size=3"
LIVE = "[data-testid=m-table].live, [data-testid=end]"
HAND = "[data-testid=m-hand-card]"


@pytest.fixture(scope="module")
def calm(browser: Any, site_url: str) -> Iterator[Any]:
    """A phone whose computers play at once (reduced motion: no pace between their steps),
    booted once for the module."""
    yield from phone_app(browser, site_url)


class Typed(Keys):
    """:class:`Keys` that also keep which keys each action took (printed for the worst)."""

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        self.typed: list[str] = []
        self.per_action_keys: list[list[str]] = []

    def press(self, key: str, check: bool = True) -> dict[str, Any] | None:
        self.typed.append(key)
        return super().press(key, check)

    def acted(self) -> None:
        super().acted()
        self.per_action_keys.append(self.typed)
        self.typed = []


def over(page: Any) -> bool:
    return bool(page.get_by_test_id("end").count())




def steps_left(page: Any) -> int:
    """The Hint's steps still to make, as its Next step button says them (0: none, or no
    Hint asked)."""
    label = page.get_by_test_id("m-hint-step").get_attribute("aria-label") or ""
    m = re.search(r"\((\d+) left\)", label)
    return int(m.group(1)) if m else 0


def picked(page: Any) -> int:
    return int(page.locator(f"{HAND}[aria-pressed=true]").count())


def play_turn(page: Any, keys: Typed) -> None:
    """One turn by keys: the Hint (H), each of its steps, then End turn (E); or Draw (D)."""
    keys.press("h")  # counted with the turn's first action
    if not steps_left(page):  # nothing can be laid
        keys.press("d")
        keys.acted()
        return
    while left := steps_left(page):
        if page.locator(f".mt-hand {HAND}.hinted").count():  # a card of the hand to lay
            reach(page, keys, f".mt-hand {HAND}.hinted")
            keys.press("Enter")
            assert picked(page) == 1 and at(page, HAND), "Enter did not pick the card"
            if page.locator("[data-testid=m-new].hinted").count():
                keys.press("n")
            else:
                reach(page, keys, ".mt-meld-list [data-testid=m-meld].hinted")
                keys.press("Enter")
            assert picked(page) == 0 and steps_left(page) == left - 1, (left, steps_left(page))
        else:  # a step that rearranges the table: Next step makes it
            keys.press(".")
            assert steps_left(page) == left - 1
        keys.acted()
        if left == 3 and not (SHOTS / "machiavelli-keyboard-turn.png").exists():
            SHOTS.mkdir(parents=True, exist_ok=True)  # a turn with the keyboard's focus in it
            page.screenshot(path=str(SHOTS / "machiavelli-keyboard-turn.png"))
    if not over(page):
        keys.press("e")
        keys.acted()


def test_a_whole_game_by_the_keyboard_alone(calm: Any) -> None:
    page = calm
    (SHOTS / "machiavelli-keyboard-turn.png").unlink(missing_ok=True)
    open_turn(page, M, LINK.format(deal=101))
    keys = Typed(page)
    # from the top of the page to the hand: it is one stop of Tab
    keys.tab_to(lambda f: f["testid"] == "m-hand-card", most=30)
    # the arrows move along the hand, Home back to its first card; Enter picks the focused
    # card and Escape puts it back, the focus staying on it
    first = page.evaluate("document.activeElement.dataset.card")
    keys.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") != first
    keys.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == first
    keys.press("Enter")
    assert picked(page) == 1 and at(page, HAND)
    keys.press("Escape")
    assert picked(page) == 0 and at(page, HAND)
    keys.presses, keys.typed = 0, []  # (a look around, not an action)
    turns = 0
    off_hand: list[str] = []  # turns that came back with the keyboard elsewhere
    while True:
        wait_turn(page, LIVE)
        if over(page):
            break
        if turns and not at(page, HAND):
            off_hand.append(f"turn {turns}: {page.evaluate('document.activeElement.outerHTML')}")
        play_turn(page, keys)
        turns += 1
        assert turns < 30, "the game did not end"
    page.wait_for_function("document.activeElement && document.activeElement.id === 'end-title'")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "machiavelli-keyboard-end.png"))
    figures = keys.figures()
    print(f"\nMachiavelli by keyboard: {turns} turns of the player, {figures['actions']:.0f} "
          f"actions, key presses per action median {figures['median']:.1f}, worst "
          f"{figures['worst']:.0f} ({keys.per_action}); focus lost {len(keys.lost)}; the "
          f"worst: {max(keys.per_action_keys, key=len)}")
    assert keys.lost == [], keys.lost
    assert off_hand == [], off_hand
    assert turns >= 3
    assert figures["worst"] <= 12, keys.per_action


def test_the_whole_hand_laid_from_its_first_card(calm: Any) -> None:
    """The hand's cards picked by keys, the last one its first card (the one with an id, where
    a turn puts the focus), then laid with N: the hand is gone from under the focus, which
    stays in the table; E then ends the game, the focus on the end's heading. (Deal 275: the
    three cards dealt make a meld.)"""
    page = calm
    open_turn(page, M, LINK.format(deal=275))
    keys = Keys(page)
    keys.tab_to(lambda f: f["testid"] == "m-hand-card", most=30)
    for key in ("End", "Enter", "ArrowLeft", "Enter", "Home", "Enter"):
        keys.press(key)
    assert picked(page) == 3 and at(page, "#m-hand-start")
    keys.press("n")
    assert page.locator(HAND).count() == 0
    keys.press("e")
    assert over(page)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'end-title'")
    assert keys.lost == [], keys.lost


# --- by roles, accessible names and the live region alone -----------------------------------

def said_since(listener: Listener, since: int, pattern: str) -> str | None:
    """The last sentence said since sentence ``since`` that matches ``pattern``."""
    for s in reversed(listener.heard()[since:]):
        if re.search(pattern, s):
            return s
    return None


def test_a_whole_game_by_roles_names_and_what_is_said(calm: Any) -> None:
    page = calm
    listener = Listener(page)
    start = len(listener.heard())
    open_turn(page, M, LINK.format(deal=3671))  # (a game over is shown again: another deal)
    silent_own = 0  # the player's own steps and draws that said nothing of what they did
    for _ in range(30):
        wait_turn(page, LIVE)
        if over(page):
            break
        since = len(listener.heard())
        press(page, button(page, "Hint"))
        page.wait_for_function(
            "n => (window.__heard || []).slice(n).some(s => /can be laid|can lay/.test(s))",
            arg=since, timeout=60_000)
        hint = said_since(listener, since, r"can be laid|can lay")
        assert hint is not None
        if hint.startswith("Nothing can be laid: draw"):
            n = len(listener.heard())
            press(page, button(page, "Draw a card"))
            drew = said_since(listener, n, r"^You drew ")
            if drew is None:
                silent_own += 1
            else:  # the card said is the one marked in the hand
                card = drew.removeprefix("You drew ").rstrip(".")
                assert page.get_by_role("button", name=f"{card}, just drawn").count() == 1
            continue
        if hint.startswith("Nothing can be laid: pass"):
            press(page, button(page, "Pass"))
            continue
        for _ in range(20):  # the Hint's steps, one by one, until the last is said
            n = len(listener.heard())
            press(page, button(page, r"Next step of the hint \("))
            done = said_since(listener, n, r"^Done: ")
            if done is None:
                silent_own += 1
            if done is None or "last step: end your turn" in done or over(page):
                break
        if over(page):
            break
        press(page, page.get_by_role("button", name="End turn", exact=True))
    assert over(page), "the game did not end"
    heard = listener.heard()[start:]
    turns = heard_turns(page, heard)
    log, theirs, silent, repeats = turns.log, turns.theirs, turns.silent, turns.repeats
    end = [h for h in heard[-3:] if re.search(r"\b(win|wins|won|lose|lost)\b", h, re.I)]
    print("\n".join(["", "log:", *log, "", "heard:", *heard]))
    print(f"\nMachiavelli by screen reader: {len(theirs)} turns of the computer, "
          f"{len(silent)} silent; {len(heard)} sentences said, {len(repeats)} repeated; "
          f"own actions silent {silent_own}; the end said: {end}")
    assert theirs, log
    assert silent == [], (silent, heard)
    assert repeats == [], repeats
    assert silent_own == 0
    assert end, heard[-3:]

"""Perpetual Motion by the keyboard alone and by what a screen reader is told (issue 45), in
the real app in Chromium at 360 x 640, on deal 16557: the shortest whole game of the first
60,000 deals (won in 11 rounds: 102 rows dealt, 132 forced moves, 10 gatherings).

* The whole deal played to its end by hand with keys only (no click, no tap, no Play to the
  end): Make moves myself turned on by Tab and Enter; every row dealt and every round gathered
  by D; every forced move made on the stacks (one stop of Tab) by the arrow keys, Home and
  End, and Enter or Space, some by the stacks' digits; Escape lets a selected card go once,
  H shows the Hint once. After every key the focus is on a visible element inside the table,
  never the page's body (``Keys.lost``); the key presses per action (a row dealt, a move
  made), median and worst, and the focus lost are printed.
* A deal played by a screen-reader player: controls found only by role and accessible name,
  what happened learned only from the page's live region (``Listener``). The first two
  rounds' forced moves are made by hand (Hint, the card, the stack it goes onto, each found
  by the name the last sentence gave); then the switch goes off and Deal, pressed row by row,
  makes the forced moves to the end (a whole deal by hand would double the test's time).
  Printed and asserted: actions that said nothing (0), sentences said twice in a row (0), the
  end said once with its result.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import pytest
from helpers.seated import phone_app

from scripts.lib.keyboard import Keys, Listener, focused
from scripts.lib.layout import open_turn
from scripts.lib.pages import HANDLED, PM, go, idle, tap_el

DEAL = 16557  # won in 11 rounds, the fewest forced moves (132) of deals 0 to 59,999
HAND_STEPS = 28  # two rounds by hand (26 rows, 21 forced moves, 2 gatherings), then Deal

TOPS = """() => [...document.querySelectorAll('[data-action=stack]')].map(
    b => b.dataset.top ? b.dataset.top.slice(0, -1) : '')"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def forced(tops: list[str]) -> tuple[int, int] | None:
    """The forced move the rules page gives for these top ranks: the leftmost stack whose top
    rank shows on a stack to its left, onto the leftmost stack showing it."""
    for j, rank in enumerate(tops):
        if rank and rank in tops[:j]:
            return j, tops.index(rank)
    return None


def stack_at(page: Any) -> int:
    now = focused(page)
    assert now is not None and now["action"] == "stack", now
    return int(now["id"].split("-")[1])


def rove_to(keys: Keys, page: Any, i: int) -> None:
    """Along the stacks by the arrow keys (Home or End when that is shorter)."""
    at = stack_at(page)
    if i == 0 and at > 1:
        keys.press("Home")
    elif i == 3 and at < 2:
        keys.press("End")
    while (at := stack_at(page)) != i:
        keys.press("ArrowRight" if at < i else "ArrowLeft")


@dataclass
class Ringed(Keys):
    """Keys that also note each key after which the focus was drawn with no ring (no outline,
    no shadow): a keyboard player would not see where it is."""

    unringed: list[str] = field(default_factory=list)

    def press(self, key: str, check: bool = True) -> dict[str, Any] | None:
        now = super().press(key, check)
        if check and now is not None and not now["outline"]:
            self.unringed.append(f"{key} -> {now}")
        return now


def open_fresh(page: Any) -> None:
    """The deal at its first card (set up by taps: the other test may have finished it)."""
    open_turn(page, PM, f"#/{PM}/deal/{DEAL}")
    if page.get_by_test_id("end").count():
        tap_el(page, page.get_by_test_id("restart"))
        page.wait_for_selector("[data-testid=deal]:not([disabled])")
    assert page.get_by_test_id("round").inner_text() == "Round 1"
    assert page.get_by_test_id("deck-count").inner_text() == "52"


def message(page: Any) -> str:
    return str(page.get_by_test_id("message").inner_text())


def test_a_whole_deal_by_the_keyboard_alone(app: Any) -> None:
    page = app
    open_fresh(page)
    # each key the table takes is on its button (aria-keyshortcuts; the rules page's list is
    # checked in tests/app/test_perpetual_motion_presses.py)
    assert page.get_by_test_id("deal").get_attribute("aria-keyshortcuts") == "D"
    assert [page.get_by_test_id(f"stack-{i}").get_attribute("aria-keyshortcuts")
            for i in range(1, 5)] == ["1", "2", "3", "4"]
    keys = Ringed(page)
    kinds: list[str] = []  # what each action was, beside keys.per_action

    def acted(kind: str) -> None:
        keys.acted()
        kinds.append(kind)

    keys.tab_to(lambda f: f["testid"] == "manual")
    if page.get_by_test_id("manual").get_attribute("aria-pressed") != "true":
        keys.press("h")  # no Hint with the switch off: the key says why, not nothing
        assert message(page).startswith("No Hint: Deal makes the forced moves"), message(page)
        keys.press("Enter")
    assert page.get_by_test_id("manual").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("hint").get_attribute("aria-keyshortcuts") == "H"
    acted("switch")
    keys.tab_to(lambda f: f["action"] == "stack", back=True)  # the stacks: one stop of Tab
    moves = rows = 0
    escaped = hinted = False
    while not page.get_by_test_id("end").count():
        gather = page.get_by_test_id("deck-count").inner_text() == "0"
        now = keys.press("d")  # Deal, or Next round; the focus stays on the stacks
        if page.get_by_test_id("end").count():  # the last row: four of a rank, all gone
            acted("deal")
            rows += 1
            break
        assert now is not None and now["action"] == "stack", now
        assert "Not yet" not in message(page), message(page)
        acted("gather" if gather else "deal")
        rows += not gather
        while (move := forced(page.evaluate(TOPS))) is not None:
            src, dst = move
            if not hinted:  # H: the Hint marks the move; the focus stays where it was
                keys.press("h")
                assert message(page).startswith("Hint: the "), message(page)
                assert page.locator(f"#stack-{src}.hint-src").count() == 1
                hinted = True
            if moves % 10 == 9:  # by the stacks' digits: the focus goes to the stack
                keys.press(str(src + 1))
                assert page.locator(f"#stack-{src}.selected").count() == 1
                now = keys.press(str(dst + 1))
            else:
                rove_to(keys, page, src)
                keys.press("Enter")
                assert page.locator(f"#stack-{src}.selected").count() == 1
                if not escaped:  # Escape lets the card go; Enter picks it again
                    keys.press("Escape")
                    assert page.locator(".stack.selected").count() == 0
                    assert message(page) == "Nothing selected."
                    keys.press("Enter")
                    escaped = True
                rove_to(keys, page, dst)
                now = keys.press("Space" if moves % 2 else "Enter")
            if page.get_by_test_id("end").count():
                acted("move")
                break
            assert "went onto stack" in message(page), message(page)
            assert now is not None and now["id"] == f"stack-{dst}", now  # on what was acted on
            acted("move")
            moves += 1
        assert len(kinds) < 400, "the deal did not end"
    assert page.get_by_test_id("end").get_attribute("class") == "end won"
    page.wait_for_function("document.activeElement && document.activeElement.id === "
                           "'end-title'")  # the end has the focus, in view
    assert page.evaluate("(() => { const r = document.activeElement.getBoundingClientRect();"
                         " return r.top >= 0 && r.bottom <= innerHeight; })()")
    now = keys.press("Tab")  # from the end's heading on to its controls
    assert now is not None and now["testid"] in ("restart", "new-deal", "share"), now
    figures = keys.figures()
    by_kind = {k: [n for n, kd in zip(keys.per_action, kinds, strict=True) if kd == k]
               for k in ("deal", "gather", "move")}
    print(f"\nPerpetual Motion by keys, deal {DEAL} played by hand to its end: {rows} rows "
          f"dealt, {moves} moves made, {len(by_kind['gather'])} rounds gathered; key presses "
          f"per action: median {figures['median']}, worst {figures['worst']} over "
          f"{figures['actions']} actions (moves: median {statistics.median(by_kind['move'])}, "
          f"worst {max(by_kind['move'])}); focus lost {len(keys.lost)} times, drawn with no "
          f"ring {len(keys.unringed)} times")
    assert keys.lost == [], keys.lost
    assert keys.unringed == [], keys.unringed[:3]
    assert moves >= 100 and rows >= 90
    assert figures["median"] <= 4 and figures["worst"] <= 12, figures


def test_a_deal_by_roles_names_and_the_live_region(app: Any) -> None:
    page = app
    go(page, "#/")
    go(page, f"#/{PM}/deal/{DEAL}")
    if page.get_by_test_id("offer").count():
        tap_el(page, page.get_by_test_id("open-deal"))
    listener = Listener(page)
    silent: list[str] = []  # actions after which nothing was said
    done = 0

    def act(what: str, control: Any) -> str:
        """Press ``control`` as a screen reader does, wait until the app has answered, and
        return what it said (the last sentence)."""
        nonlocal done
        before, events = len(listener.heard()), page.evaluate(HANDLED)
        control.click()
        page.wait_for_function(f"n => ({HANDLED}) !== n", arg=events)
        idle(page)
        heard = listener.heard()
        done += 1
        if len(heard) == before:
            silent.append(what)
            return ""
        return heard[-1]

    def button(name: str | re.Pattern[str]) -> Any:
        found = page.get_by_role("button", name=name, exact=isinstance(name, str))
        assert found.count() == 1, name
        return found

    if page.get_by_role("heading", name="Won!").count():  # finished by the other test
        said = act("restart", button("Restart this deal"))
        assert said, said
    switch = "Make moves myself"
    if page.get_by_role("button", name=switch, pressed=True).count() == 0:
        said = act("switch on", button(switch))
        assert said.startswith(f"{switch}: on."), said
    made = 0
    deal = re.compile("^(Deal|Next round)$")
    for _ in range(HAND_STEPS):
        said = act("deal", button(deal))
        while "make the forced moves" in said or "Another forced move" in said:
            said = act("hint", button("Hint"))
            m = re.match(r"Hint: the (.+) on stack (\d) goes onto stack (\d)\.", said)
            assert m, said
            card, src, dst = m.group(1), m.group(2), m.group(3)
            said = act("pick", button(re.compile(rf"^Stack {src}, .*top: {card}")))
            assert said.startswith(f"The {card} is selected"), said
            said = act("move", button(re.compile(rf"^Stack {dst}, .*the selected card goes")))
            assert said.startswith(f"The {card} went onto stack {dst}."), said
            made += 1
    said = act("switch off", button(switch))
    assert said.startswith(f"{switch}: off."), said
    while page.get_by_role("heading", name="Won!").count() == 0:
        said = act("deal", button(deal))
        assert done < 200, "the deal did not end"
    heard = listener.heard()
    repeated = [a for a, b in pairwise(heard) if a == b]
    ends = [s for s in heard if "Every card is discarded, in 11 rounds" in s]
    print(f"\nPerpetual Motion by ear, deal {DEAL}: {done} actions ({made} moves by hand), "
          f"{len(heard)} sentences heard; actions that said nothing: {len(silent)}, said twice "
          f"in a row: {len(repeated)}, the end said {len(ends)} time(s): {ends[-1:]}")
    assert silent == [], silent
    assert repeated == [], repeated
    assert len(ends) == 1, heard[-3:]
    assert made >= 20

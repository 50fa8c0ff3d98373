"""Perpetual Motion by the keyboard alone and by what a screen reader is told (issue 45), in
the real app in Chromium at 360 x 640.

* A deal played to its end with keys only (no click, no tap): Make moves myself turned on by
  Tab and Enter; rows dealt by D; every forced move made on the stacks, one stop of Tab, by
  the arrow keys, Home and End, and Enter; Escape lets a selected card go; the switch turned
  off again and Play to the end pressed by Enter. After every key the focus is on a visible
  element inside the table (``Keys.lost``); the figures (key presses per action, median and
  worst) are printed.
* A deal played by a screen-reader player: controls found only by their role and accessible
  name, what happened learned only from the page's live region (``Listener``): every action
  is said, no sentence twice in a row, the end once.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app

from scripts.lib.keyboard import Keys, Listener, focused
from scripts.lib.layout import open_turn
from scripts.lib.pages import PM

DEAL = 16557  # with Make moves myself on, the second row leaves two forced moves waiting
KEYED_ROWS = 6  # rows dealt with the moves made on the stacks by keys; then Play to the end
RANKS = "A23456789TJQK"

TOPS = """() => [...document.querySelectorAll('[data-action=stack]')].map(
    b => b.dataset.top ? b.dataset.top.slice(0, -1) : '')"""


@pytest.fixture()
def app(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    open_turn(page, PM, f"#/{PM}/deal/{DEAL}")
    yield page
    ctx.close()


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


def test_a_deal_to_its_end_by_the_keyboard_alone(app: Any) -> None:
    page = app
    start = time.monotonic()
    keys = Keys(page)
    keys.tab_to(lambda f: f["testid"] == "manual")
    keys.press("Enter")
    assert page.get_by_test_id("manual").get_attribute("aria-pressed") == "true"
    keys.acted()
    keys.tab_to(lambda f: f["action"] == "stack", back=True)  # the stacks: one stop of Tab
    keys.acted()
    moves = escapes = 0
    for _ in range(KEYED_ROWS):
        keys.press("d")  # Deal; the focus stays on the stacks
        assert focused(page)["action"] == "stack"
        keys.acted()
        while (move := forced(page.evaluate(TOPS))) is not None:
            src, dst = move
            rove_to(keys, page, src)
            keys.press("Enter")
            assert page.locator(f"#stack-{src}.selected").count() == 1
            if escapes == 0:  # Escape lets the card go; Enter picks it again
                keys.press("Escape")
                assert page.locator(".stack.selected").count() == 0
                assert page.get_by_test_id("message").inner_text() == "Nothing selected."
                keys.press("Enter")
                escapes += 1
            keys.acted()
            rove_to(keys, page, dst)
            keys.press("Enter")
            assert "went onto stack" in page.get_by_test_id("message").inner_text()
            assert focused(page)["id"] == f"stack-{dst}"  # on what was acted on
            keys.acted()
            moves += 1
    assert moves >= 3, "the stacks were driven by keys"
    assert page.locator("[data-testid=end]").count() == 0
    keys.tab_to(lambda f: f["testid"] == "manual")
    keys.press("Space")  # off again: Deal makes the forced moves
    assert page.get_by_test_id("manual").get_attribute("aria-pressed") == "false"
    keys.acted()
    keys.tab_to(lambda f: f["testid"] == "autoplay")
    keys.press("Enter")  # Play to the end (at once: the device asks for reduced motion)
    page.wait_for_selector("[data-testid=end]", timeout=30_000)
    keys.press("Tab")  # from the end's heading, on to its controls
    keys.acted()
    end = focused(page)
    assert end is not None and end["visible"] and end["inside"], end
    assert keys.lost == [], keys.lost
    figures = keys.figures()
    took = time.monotonic() - start
    print(f"\nPerpetual Motion by keys: {moves} moves made on the stacks, {figures} "
          f"(key presses per action), {took:.1f} s")
    assert figures["worst"] <= 12 and took < 90


def test_a_deal_by_roles_names_and_the_live_region(app: Any) -> None:
    page = app
    listener = Listener(page)
    actions: list[tuple[str, int]] = []  # what was done, and how many sentences were heard

    def act(what: str, control: Any) -> str:
        before = len(listener.heard())
        control.click()
        page.wait_for_function("n => (window.__heard || []).length > n", arg=before,
                               timeout=10_000)
        page.wait_for_function(
            "() => document.documentElement.dataset.busy !== '1' && "
            "(document.documentElement.dataset.handled || '0') === "
            "(document.documentElement.dataset.sent || '0')")
        heard = listener.heard()
        actions.append((what, len(heard) - before))
        return heard[-1]

    def button(name: str | re.Pattern[str]) -> Any:
        return page.get_by_role("button", name=name, exact=True) if isinstance(name, str) \
            else page.get_by_role("button", name=name)

    said = act("switch", button("Make moves myself"))
    assert said.startswith("Make moves myself: on.")
    made = 0
    for _ in range(KEYED_ROWS):
        said = act("deal", button("Deal"))
        while "forced move" in said and "No forced move" not in said \
                and "no forced move" not in said:
            said = act("hint", button("Hint"))
            m = re.match(r"Hint: the (.+) on stack (\d) goes onto stack (\d)\.", said)
            assert m, said
            card, src, dst = m.group(1), int(m.group(2)), int(m.group(3))
            said = act("pick", button(re.compile(rf"^Stack {src}, .*top: {card}")))
            assert said.startswith(f"The {card} is selected")
            said = act("move", button(re.compile(rf"^Stack {dst}, ")))
            assert said.startswith(f"The {card} went onto stack {dst}."), said
            made += 1
    assert made >= 3
    act("switch", button("Make moves myself"))
    page.get_by_role("combobox", name="Speed of Play to the end").select_option("instant")
    said = act("play", button("Play to the end"))
    page.wait_for_selector("[data-testid=end]", timeout=30_000)
    page.wait_for_timeout(300)
    heard = listener.heard()
    print(f"\nheard {len(heard)} sentences for {len(actions)} actions; the last: {heard[-3:]}")
    assert all(n >= 1 for _what, n in actions), actions  # every action said
    repeated = [a for a, b in pairwise(heard) if a == b]
    assert repeated == [], repeated  # no sentence twice in a row
    ends = [s for s in heard if re.search(r"Loops every|Every card is discarded|You win|Won", s)]
    assert len(ends) == 1, ends  # the end said once

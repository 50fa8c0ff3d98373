"""Perpetual Motion in the browser, the way a player uses it: taps in manual mode, refusals,
shared links, resuming after a reload, a corrupted save.

One phone-sized page is booted once for the module (Python start-up is the slow part); the
tests move through the app with hash links and reloads, in order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app, open_app, wait_ready

from engine.games.perpetual_motion.rules import GAME
from scripts.lib.pages import (
    PM,
    SAVE_KEY,
    flights_of_one_deal,
    go,
    handled,
    idle,
    routed,
    table,
    tap,
    tap_sure,
)

QUICK_WIN = 16557  # won in 11 rounds: 132 forced moves, 102 deals, 10 gathers
RANKS = "A23456789TJQK"



def forced_move(stacks: list[list[str]]) -> tuple[int, int] | None:
    """The rule, read off the screen: the leftmost top card whose rank shows further left."""
    first: dict[str, int] = {}
    for j, s in enumerate(stacks):
        if not s:
            continue
        r = s[-1][0]
        if r in first:
            return j, first[r]
        first[r] = j
    return None


def tap_stack(page: Any, i: int) -> None:
    handled(page, page.get_by_test_id(f"stack-{i + 1}").tap)





def engine_stacks_after_first_deal(deal: int) -> list[list[str]]:
    state = GAME.new_seeded(deal)
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    while (m := GAME.pending_move(state)) is not None:
        state = GAME.apply(state, m)
    return [[str(c) for c in s] for s in state.stacks]


def set_manual(page: Any, on: bool) -> None:
    btn = page.get_by_test_id("manual")
    if (btn.get_attribute("aria-pressed") == "true") != on:
        handled(page, btn.tap)


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    yield boot_app(ctx, site_url)
    ctx.close()


# --- tests ------------------------------------------------------------------------------------


def test_wrong_taps_are_refused_with_a_reason(app: Any) -> None:
    go(app, f"#/{PM}/deal/{QUICK_WIN}")
    assert table(app)["deal"] == f"Deal #{QUICK_WIN}"
    set_manual(app, True)
    # deal rows until a forced move is waiting
    for _ in range(13):
        t = table(app)
        if forced_move(t["stacks"]) is not None:
            break
        tap(app, "deal")
    t = table(app)
    move = forced_move(t["stacks"])
    assert move is not None
    # dealing is refused while a forced move is pending
    tap(app, "deal")
    after = table(app)
    assert after["stacks"] == t["stacks"] and after["deck"] == t["deck"]
    assert "forced move is pending" in after["message"]
    # a wrong target: refused with the reason, nothing changes, the selection is dropped
    src, dst = move
    wrong = next(j for j in range(4) if j not in (src, dst))
    tap_stack(app, src)
    assert table(app)["selected"] == [src]
    assert app.locator(f"#stack-{dst}.target").count() == 1  # the legal target lights up
    tap_stack(app, wrong)
    after = table(app)
    assert after["stacks"] == t["stacks"]
    assert after["message"].startswith("Not allowed:")
    assert len(after["message"]) > len("Not allowed: ") + 5
    assert after["selected"] == []
    # a screen reader is told the refusal by the page's one live region (the message line
    # only shows it: the same words are not said twice)
    assert app.get_by_test_id("announce").get_attribute("aria-live") == "polite"
    assert after["message"] in app.get_by_test_id("announce").text_content()
    assert app.get_by_test_id("message").get_attribute("aria-live") is None
    # the hint names the move and marks both stacks
    tap(app, "hint")
    hint = table(app)["message"]
    assert hint.startswith("Hint:") and f"stack {src + 1}" in hint and f"stack {dst + 1}" in hint
    assert app.locator(f"#stack-{src}.hint-src").count() == 1
    assert app.locator(f"#stack-{dst}.hint-dst").count() == 1
    # the right move is accepted
    tap_stack(app, src)
    tap_stack(app, dst)
    moved = table(app)["stacks"]
    assert moved[dst][-1] == t["stacks"][src][-1]
    assert app.errors == []


def test_a_deal_played_to_its_end_by_taps(app: Any) -> None:
    tap_sure(app, "restart")
    set_manual(app, True)
    t = table(app)
    assert t["deck"] == 52 and t["round"] == "Round 1"
    taps = 0
    for _ in range(2000):
        t = table(app)
        if t["end"] is not None:
            break
        move = forced_move(t["stacks"])
        if move is None:
            tap(app, "deal")  # "Deal", or "Next round" when the deck is used up
            taps += 1
        else:
            tap_stack(app, move[0])
            tap_stack(app, move[1])
            taps += 2
    end = table(app)["end"]
    assert end is not None, "the deal did not end"
    assert "Won!" in end and "11 rounds" in end
    assert re.search(r"played\s*1\s*· won\s*1\s*· current streak\s*1", end), end
    assert taps == 132 * 2 + 102 + 10
    assert app.get_by_test_id("deal").count() == 0  # over: New deal is the primary action
    assert app.errors == []


def test_shared_link_opens_the_same_deal(app: Any, browser: Any, site_url: str) -> None:
    tap_sure(app, "new-deal")
    deal = int(table(app)["deal"].removeprefix("Deal #"))
    tap(app, "share")
    msg = table(app)["message"]
    link = msg.split(": ", 1)[1].strip()
    assert link.endswith(f"#/{PM}/deal/{deal}?v=1"), msg  # shared links carry their version
    # a fresh phone opens the link: same deal number, same first row (and its forced moves)
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    try:
        other = ctx.new_page()
        open_app(other, link)
        idle(other)
        t = table(other)
        assert t["deal"] == f"Deal #{deal}" and t["deck"] == 52
        set_manual(other, False)
        tap(other, "deal")
        assert table(other)["stacks"] == engine_stacks_after_first_deal(deal)
    finally:
        ctx.close()
    # the link opened where a game is in progress: offered, not forced
    tap(app, "deal")
    go(app, f"#/{PM}/deal/777")
    assert app.get_by_test_id("offer").is_visible()
    tap(app, "keep-game")
    assert table(app)["deal"] == f"Deal #{deal}"
    go(app, f"#/{PM}/deal/777")
    tap(app, "open-deal")
    assert table(app)["deal"] == "Deal #777"


def test_reload_resumes_the_game(app: Any) -> None:
    set_manual(app, False)
    assert flights_of_one_deal(app) == 0  # this phone asks for reduced motion: instant
    for _ in range(3):
        tap(app, "deal")
    before = table(app)
    app.reload()
    wait_ready(app)
    idle(app)
    after = table(app)
    for key in ("stacks", "deck", "discarded", "round", "deal"):
        assert after[key] == before[key], key
    # and from the home screen it is offered as "Continue"
    go(app, "#/")
    assert "round 1" in app.get_by_test_id("continue").inner_text()
    routed(app, app.get_by_test_id("continue").tap)
    assert table(app)["stacks"] == before["stacks"]


@pytest.mark.parametrize("bad", ["{this is not json", "tampered"])
def test_a_corrupted_save_is_reported_and_set_aside(app: Any, bad: str) -> None:
    if bad == "tampered":
        saved = json.loads(app.evaluate("k => localStorage.getItem(k)", SAVE_KEY))
        saved["state"]["deck"][0] = saved["state"]["deck"][1]
        bad = json.dumps(saved)
    app.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, bad])
    go(app, "#/")
    app.reload()
    wait_ready(app)
    notice = app.get_by_test_id("notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "could not be read" in text
    key = re.search(r"“(tabletop\.perpetual-motion\.unreadable\.\d+)”", text)
    assert key, text
    assert app.evaluate("k => localStorage.getItem(k)", key.group(1)) == bad
    assert app.evaluate("k => localStorage.getItem(k)", SAVE_KEY) is None
    # the app goes on: the games are listed and a new deal can be played
    assert app.get_by_test_id("game-list").locator("li").count() == 4
    routed(app, app.get_by_test_id(f"play-{PM}").tap)
    tap(app, "deal")
    assert table(app)["deck"] == 48 or table(app)["discarded"] == 4
    assert app.errors == []

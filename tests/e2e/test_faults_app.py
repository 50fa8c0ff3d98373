"""Nothing lost, nothing injected, in the browser: two pages of one context playing the same
game (Perpetual Motion and Machiavelli), and a browser whose localStorage refuses every write.

Each test has its own context (its own storage); the pages wait on what the app reports
(``dataset.handled``, ``busy``, the message line), never on fixed sleeps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app, wait_ready
from helpers.seated import fresh, message
from helpers.seated import tap as tap_seated

from scripts.lib.pages import PM, SAVE_KEY, go, idle, open_deal, table, tap

OTHER_TAB = ("This game was played on in another tab, so this tab now shows the latest "
             "position.")
REFUSED = ("This browser is refusing to save (storage full or private mode). You can keep "
           "playing, but this game will not survive closing the tab.")
M = "machiavelli"
M_KEY = f"tabletop.{M}.save"

STACKS = ("JSON.stringify([...document.querySelectorAll('[data-action=stack]')].map("
          "b => [...b.querySelectorAll('[data-card]')].map(c => c.dataset.card)))")
HAND = ("JSON.stringify([...document.querySelectorAll('[data-testid=m-hand-card]')]"
        ".map(b => b.dataset.card))")
# a tab that misses the storage events (as if it had been asleep): it must still never save
# over the newer game
# (a context's init script, so it comes before bridge.js's listener; on once __mute is set)
MUTE = ("addEventListener('storage', e => { if (window.__mute) e.stopImmediatePropagation(); },"
        " true)")
REFUSE = ("Storage.prototype.setItem = function () { throw new DOMException("
          "'The quota has been exceeded.', 'QuotaExceededError'); };")


@pytest.fixture()
def ctx(browser: Any) -> Iterator[Any]:
    c = browser.new_context(**PHONE, reduced_motion="reduce")
    c.add_init_script(MUTE)
    yield c
    c.close()


def saved(page: Any, key: str) -> str | None:
    text: str | None = page.evaluate("k => localStorage.getItem(k)", key)
    return text


def wait_message(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => { const m = document.querySelector('[data-testid=message]');"
        " return !!m && m.textContent === t; }", arg=text, timeout=60_000)
    idle(page)


def test_two_tabs_of_perpetual_motion(ctx: Any, site_url: str) -> None:
    a = boot_app(ctx, site_url)
    open_deal(a, 5)
    b = boot_app(ctx, site_url)
    go(b, f"#/{PM}")
    assert b.evaluate(STACKS) == a.evaluate(STACKS)
    # tab A deals: tab B, idle, follows at once and says why its table changed
    tap(a, "deal")
    a_stacks = a.evaluate(STACKS)
    assert a_stacks != "[[],[],[],[]]"
    b.wait_for_function(f"s => {STACKS} === s", arg=a_stacks, timeout=60_000)
    wait_message(b, OTHER_TAB)
    assert table(b)["deck"] == table(a)["deck"] == 48
    # tab B misses the next events; its Deal from the older position must not save
    b.evaluate("window.__mute = true")
    tap(a, "deal")
    tap(a, "deal")  # (after one deal only, tab B's Deal would make the very same position)
    newer = saved(a, SAVE_KEY)
    a_stacks = a.evaluate(STACKS)
    assert b.evaluate(STACKS) != a_stacks
    tap(b, "deal")
    wait_message(b, OTHER_TAB)
    assert saved(b, SAVE_KEY) == newer
    assert b.evaluate(STACKS) == a_stacks
    assert table(b)["deck"] == table(a)["deck"] == 40
    state = json.loads(newer or "{}")
    assert state["rev"] >= 2 and state["game"] == PM
    assert a.errors == [] and b.errors == []


def test_two_tabs_of_machiavelli(ctx: Any, site_url: str) -> None:
    a = boot_app(ctx, site_url)
    fresh(a, f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
    b = boot_app(ctx, site_url)
    go(b, f"#/{M}")
    assert b.evaluate(HAND) == a.evaluate(HAND)
    # tab A draws and its computer plays; tab B shows each step it saves, and plays nothing
    tap_seated(a, "m-draw")
    actions = a.evaluate("document.documentElement.dataset.actions")
    assert int(actions) >= 2
    b.wait_for_function("n => document.documentElement.dataset.actions === n", arg=actions,
                        timeout=60_000)
    wait_message(b, OTHER_TAB)
    assert b.evaluate(HAND) == a.evaluate(HAND)
    assert saved(b, M_KEY) == saved(a, M_KEY)
    assert json.loads(saved(a, M_KEY) or "{}")["actions"] == int(actions)
    # tab B misses the next events; its draw from the older position must not save
    b.evaluate("window.__mute = true")
    tap_seated(a, "m-draw")
    newer = saved(a, M_KEY)
    assert b.evaluate(HAND) != a.evaluate(HAND)
    tap_seated(b, "m-draw")
    wait_message(b, OTHER_TAB)
    assert saved(b, M_KEY) == newer
    assert b.evaluate(HAND) == a.evaluate(HAND)
    assert (b.evaluate("document.documentElement.dataset.actions")
            == a.evaluate("document.documentElement.dataset.actions")
            == str(json.loads(newer or "{}")["actions"]))
    assert a.errors == [] and b.errors == []


def test_storage_refused_is_told_once_and_the_save_is_untouched(ctx: Any,
                                                                 site_url: str) -> None:
    page = boot_app(ctx, site_url)
    open_deal(page, 5)
    tap(page, "deal")
    good = saved(page, SAVE_KEY)
    assert good is not None and table(page)["deck"] == 48
    # from now on this context's localStorage refuses every write; the app loads the save
    page.add_init_script(REFUSE)
    page.reload()
    wait_ready(page)
    idle(page)
    assert table(page)["deck"] == 48
    tap(page, "deal")
    assert message(page) == REFUSED
    assert table(page)["deck"] == 44  # play goes on, in memory
    assert saved(page, SAVE_KEY) == good
    tap(page, "deal")
    assert table(page)["deck"] == 40
    assert message(page) != REFUSED  # told once
    assert saved(page, SAVE_KEY) == good
    go(page, "#/")
    assert REFUSED in page.get_by_test_id("notice").inner_text()
    # a seated game plays on too, and leaves nothing half-written
    fresh(page, f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
    tap_seated(page, "m-draw")
    assert int(page.evaluate("document.documentElement.dataset.actions")) >= 2
    assert saved(page, M_KEY) is None
    # what was saved before is still there, whole: a reload shows it
    page.reload()
    wait_ready(page)
    go(page, f"#/{PM}")
    assert table(page)["deck"] == 48
    assert saved(page, SAVE_KEY) == good
    assert page.errors == []

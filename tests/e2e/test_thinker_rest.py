"""One Python at rest (issue 47): the thinking worker (a second Pyodide, web/bridge.js) lives
only while computers play. It is started as such a game is shown (before the computers' first
question), ended when the game is over, kept while the player looks at the rules and comes
back, and a later game starts it again. The app's own worker lives throughout. (The app's side,
which says what the worker is for, is tests/app/test_thinker_kept.py.)"""

from __future__ import annotations

from typing import Any

from helpers.browser import Workers, wait_ready

WATCH = "#/machiavelli/watch/3?seats=beginner,beginner&speed=fastest"
DEAL = "#/machiavelli/deal/12?seats=you,beginner,beginner&variant=manipulation"
THINKING = "document.documentElement.dataset.thinking || ''"


def wait_thinking(page: Any, state: str) -> None:
    page.wait_for_function(f"({THINKING}) === {state!r}", timeout=120_000)


def test_the_thinking_worker_lives_only_while_computers_play(page: Any, site_url: str) -> None:
    workers = Workers(page)
    page.goto(site_url + "?snapshot=off#/")  # no maker: the app's worker and the thinker
    wait_ready(page)
    assert page.evaluate(THINKING) == ""  # home: never started
    at_home = workers.live()

    page.evaluate("h => { location.hash = h; }", WATCH)
    page.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                           timeout=180_000)
    wait_thinking(page, "off")  # the game is over: ended
    workers.wait_ended(page, 1)
    assert workers.live() == at_home == 1
    assert page.evaluate("document.documentElement.dataset.thinker") == "worker"

    # a game of you and computers: started as it is shown, your turn first
    page.evaluate("h => { location.hash = h; }", DEAL)
    page.wait_for_selector("[data-testid=m-table].live", timeout=60_000)
    wait_thinking(page, "on")
    assert page.evaluate("Number(document.documentElement.dataset.actions || '0')") == 0
    assert len(workers.made) == 3 and workers.live() == 2
    # a look at the rules and back: the game goes on off screen, the worker is kept (KEEP_MS)
    page.get_by_test_id("rules-link").click()
    page.wait_for_function("location.hash.includes('/rules')")
    page.wait_for_timeout(500)
    assert page.evaluate(THINKING) == "on"
    page.go_back()
    page.wait_for_selector("[data-testid=m-table].live", timeout=60_000)
    assert page.evaluate(THINKING) == "on"
    assert len(workers.made) == 3 and workers.live() == 2  # the same worker, not a new one
    # the app's own worker still answers: another game opens
    page.evaluate("location.hash = '#/perpetual-motion'")
    page.wait_for_selector("[data-action=stack]", timeout=60_000)

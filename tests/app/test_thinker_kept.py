"""The page keeps its thinking worker (a second Python) only while computers play: the app
says what it is for with a ``thinker`` item each time that changes (app.link): "play" while
computers play in the game on show, "pause" while such a game goes on off screen, "rest" when
none does. The page's end is web/bridge.js, driven in the browser by
tests/e2e/test_thinker_rest.py; here, the CPython stand-in for bridge.js
(scripts/lib/link.py)."""

from __future__ import annotations

from helpers.shell import run_async

from scripts.lib.link import Device, Tab

PM = "perpetual-motion"
M = "machiavelli"
WATCH = f"#/{M}/watch/3?seats=beginner,beginner&speed=fastest"


def told(tab: Tab) -> list[str]:
    """Every thinker item the page was sent, in order."""
    return [str(item["thinker"]) for item in tab.items if "thinker" in item]


def test_home_and_a_solitaire_never_keep_it() -> None:
    async def run() -> None:
        tab = Tab(Device())
        tab.go(f"#/{PM}/deal/16557")
        await tab.settle()
        tab.click("hint")
        await tab.settle()
        assert told(tab) == [] and tab.thinking == "rest"
    run_async(run())


def test_a_watched_game_keeps_it_from_its_start_to_its_end() -> None:
    async def run() -> None:
        tab = Tab(Device())
        tab.go(WATCH)
        await tab.settle(answer=False)  # the first question is asked: it is kept by then
        assert told(tab) == ["play"] and tab.questions
        first_question = next(i for i, item in enumerate(tab.items) if "think" in item)
        first_kept = next(i for i, item in enumerate(tab.items) if "thinker" in item)
        assert first_kept <= first_question  # started before (or with) the first question
        await tab.settle()
        assert tab.app.tables[M].shown.over
        assert told(tab) == ["play", "rest"] and tab.thinking == "rest"
        assert len(tab.app.tables[M].computers.since) > 100  # every step, for Replay
        tab.go("#/")
        await tab.settle()
        assert tab.app.tables[M].computers.since == []  # the watched game's steps are let go
    run_async(run())


def test_a_game_of_computers_left_for_a_moment_pauses_it_and_its_end_rests_it() -> None:
    async def run() -> None:
        tab = Tab(Device())
        tab.go(f"#/{M}/deal/12?seats=you,beginner,beginner&variant=manipulation")
        await tab.settle()
        assert told(tab) == ["play"]  # your turn: the computers play next, it is started now
        tab.go("#/")
        await tab.settle()
        assert told(tab) == ["play", "pause"]  # the game goes on, off screen
        tab.go(f"#/{M}/rules")
        await tab.settle()
        assert told(tab) == ["play", "pause"]  # a rules page shows no game
        tab.go(f"#/{M}")
        await tab.settle()
        assert told(tab) == ["play", "pause", "play"]
        # the same table, a game of computers to its end: nothing plays any more
        tab.go(f"#/{M}/watch/3?seats=beginner,beginner&speed=fastest")
        await tab.settle()
        assert tab.app.tables[M].shown.over
        tab.go("#/")
        await tab.settle()
        assert told(tab)[-1] == "pause"  # your own game still goes on
    run_async(run())


def test_a_python_that_thinks_itself_never_asks_for_the_worker() -> None:
    async def run() -> None:
        tab = Tab(Device(), thinker="here")
        tab.go(WATCH)
        await tab.settle()
        assert tab.app.tables[M].shown.over and not tab.questions
        assert told(tab) == []
    run_async(run())

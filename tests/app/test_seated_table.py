"""app.seated.table, the table every seated game shares, through the shell in CPython: a
message lives as long as it is true, a pass-and-play hand is covered when the app goes to the
background, and a Start that would end a game in progress asks first. (The computers' marks and
the Replay are test_seated_computers.py's.)"""

from __future__ import annotations

from typing import Any

from app.messages import Event
from app.seated.table import SeatedTable
from helpers.shell import boot, click, run_async, settle

M = "machiavelli"
THREE = f"#/{M}/deal/7?seats=you,standard,standard&variant=manipulation"


def table(app: Any) -> SeatedTable[Any, Any, Any, Any]:
    t: SeatedTable[Any, Any, Any, Any] = app.tables[M]
    return t


def shown(page: Any) -> str:
    return "".join(page.regions.values())


def test_a_refusal_is_said_then_gone_after_the_next_tap() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        click(app, "m-end")  # nothing laid: the engine refuses the end of the turn
        await settle(app)
        refusal = page.texts["mt-msg"]
        assert refusal, "a refused End turn says why"
        click(app, "m-hand", hand="0")  # picking a card: the refusal is no longer true
        await settle(app)
        assert page.texts["mt-msg"] != refusal
    run_async(run())


def test_a_hand_on_show_is_covered_when_the_app_goes_to_the_background() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(f"#/{M}/deal/5?seats=@Ana,@Bo&variant=manipulation")
        await settle(app)
        click(app, "mt-take")
        await settle(app)
        assert 'data-testid="m-hand"' in shown(page)
        page.regions.clear()
        app.handle(Event("hidden"))
        await settle(app)
        assert 'data-testid="cover"' in shown(page)
        assert 'data-testid="m-hand"' not in shown(page)
    run_async(run())


def test_starting_a_new_game_over_one_in_progress_asks_first() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        t = table(app)
        m = t.match
        assert m is not None
        env.go(f"#/{M}/setup")
        await settle(app)
        click(app, "setup-start")
        await settle(app)
        assert 'data-testid="confirm"' in page.regions["screen"]
        assert f"deal {m.deal}, 3 turns played" in page.regions["screen"]
        assert t.match is m  # nothing thrown away yet
        click(app, "setup-keep")
        await settle(app)
        assert env.address == f"#/{M}" and t.match is m
        env.go(f"#/{M}/setup")
        await settle(app)
        click(app, "setup-start")
        click(app, "setup-start-anyway")
        await settle(app)
        assert t.match is not m and t.match is not None and t.match.actions <= 40
    run_async(run())

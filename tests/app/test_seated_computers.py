"""app.seated.computers: every computer's changes since the person acted stay marked (and are
the Replay's steps) until the person acts again; the Replay shows each step again and then the
table as it is; a tap during a Replay stops it and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from app.kit import esc
from app.seated import computers as comp
from app.seated.table import SeatedTable
from helpers.shell import boot, click, run_async, settle

from engine.games.machiavelli.rules import GAME, Draw

M = "machiavelli"
THREE = f"#/{M}/deal/7?seats=you,standard,standard&variant=manipulation"


def table(app: Any) -> SeatedTable[Any, Any, Any, Any]:
    t: SeatedTable[Any, Any, Any, Any] = app.tables[M]
    return t


def test_every_computers_changes_stay_marked_until_the_person_acts() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        t = table(app)
        m = t.match
        assert m is not None and m.current == 0
        after_draw = GAME.apply(m.state, Draw())
        click(app, "m-draw")
        await settle(app)
        assert m.current == 0 and len(m.log) == 3  # both computers played
        replay = t.computers.since
        assert replay[0] == after_draw and replay[-1] == m.state
        # since the draw, not the last turn
        assert t.marked == t.board.marker.marks(after_draw, m.state)
        board = page.regions["mt-board"]
        since = board[board.index('data-testid="since"'):].split("</section>")[0]
        for line in m.log[1:3]:  # both computers' turns, in the line above the table
            assert esc(line.text) in since
        assert 'data-testid="mt-replay"' in board
        click(app, "m-draw")  # the person acts: the computers' steps are no longer news
        assert t.computers.since == [] or t.computers.since[0] != after_draw
    run_async(run())


def test_replay_shows_the_steps_again_then_the_table_as_it_is() -> None:
    async def run() -> None:
        saved = comp.REPLAY_MIN_MS
        comp.REPLAY_MIN_MS = 0
        try:
            app, page, env = boot()
            env.go(THREE)
            await settle(app)
            click(app, "m-draw")
            await settle(app)
            t = table(app)
            steps = len(t.computers.since) - 1
            assert steps >= 2
            page.batches.clear()
            click(app, "mt-replay")
            await settle(app)
            during = [b["regions"]["mt-board"] for b in page.batches
                      if "mt-board" in b.get("regions", {})]
            replaying = [h for h in during if 'data-testid="replaying"' in h]
            assert len(replaying) == steps + 1  # the start, then every step
            assert f"step {steps} of {steps}" in replaying[-1]
            assert 'data-testid="replaying"' not in page.regions["mt-board"]  # back to now
            assert 'data-testid="since"' in page.regions["mt-board"]
        finally:
            comp.REPLAY_MIN_MS = saved
    run_async(run())


def test_a_tap_during_a_replay_stops_it_and_changes_nothing() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        t = table(app)
        m = t.match
        assert m is not None
        state = m.state
        click(app, "mt-replay")
        for _ in range(3):
            await asyncio.sleep(0)
        assert t.computers.showing_again is not None
        assert 'data-testid="replaying"' in page.regions["mt-board"]
        click(app, "m-draw")  # stops the replay only
        await settle(app)
        assert t.computers.showing_again is None and m.state == state
        assert 'data-testid="replaying"' not in page.regions["mt-board"]
    run_async(run())

"""The shared table frame in CPython: a message lives as long as it is true, every computer's
changes are marked until the person acts, the since-your-turn line and its Replay, a
pass-and-play hand covered when the app goes to the background, and a Start that would end a
game in progress asks first."""

from __future__ import annotations

import asyncio
from typing import Any

from app.kit import esc
from app.messages import Event
from app.seated import computers as comp
from app.seated.table import SeatedTable
from helpers.shell import boot, click, run_async, settle

from engine.games.machiavelli.rules import GAME, Draw

M = "machiavelli"
THREE = f"#/{M}/deal/7?seats=you,standard,standard&variant=manipulation"


def table(app: Any) -> SeatedTable[Any]:
    t: SeatedTable[Any] = app.tables[M]
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
        replay = t.computers.replay
        assert replay[0] == after_draw and replay[-1] == m.state
        assert t.marked == t.marks(after_draw, m.state)  # since the draw, not the last turn
        board = page.regions["mt-board"]
        since = board[board.index('data-testid="since"'):].split("</section>")[0]
        for line in m.log[1:3]:  # both computers' turns, in the line above the table
            assert esc(line.text) in since
        assert 'data-testid="mt-replay"' in board
        click(app, "m-draw")  # the person acts: the computers' steps are no longer news
        assert t.computers.replay == [] or t.computers.replay[0] != after_draw
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
            steps = len(t.computers.replay) - 1
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
        assert t.computers.replaying is not None
        assert 'data-testid="replaying"' in page.regions["mt-board"]
        click(app, "m-draw")  # stops the replay only
        await settle(app)
        assert t.computers.replaying is None and m.state == state
        assert 'data-testid="replaying"' not in page.regions["mt-board"]
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


def test_perpetual_motion_asks_before_a_new_deal_or_restart_ends_a_deal_in_progress() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/perpetual-motion/deal/34")
        await settle(app)
        pm = app.tables["perpetual-motion"]
        click(app, "new-deal")  # nothing played yet: nothing to lose, no question
        await settle(app)
        assert 'data-testid="confirm"' not in page.regions["pm-controls"]
        env.go("#/perpetual-motion/deal/34")
        await settle(app)
        for _ in range(3):
            click(app, "deal")
            await settle(app)
        state = pm.session.state
        for what in ("new-deal", "restart"):
            click(app, what)
            await settle(app)
            assert 'data-testid="confirm"' in page.regions["pm-controls"]
            assert "Deal 34 is in progress" in page.regions["pm-controls"]
            click(app, "keep-deal")
            await settle(app)
            assert pm.session.state == state  # kept, and the controls are back
            assert 'data-testid="confirm"' not in page.regions["pm-controls"]
        click(app, "restart")
        click(app, "restart-sure")
        await settle(app)
        assert pm.session.deal == 34 and pm.session.state != state
        for _ in range(3):
            click(app, "deal")
            await settle(app)
        click(app, "new-deal")
        click(app, "new-deal-sure")
        await settle(app)
        assert pm.session.deal != 34
    run_async(run())

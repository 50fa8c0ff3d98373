"""Perpetual Motion's Play to the end, through the table in CPython (a RecordingPage): a lost
deal that took 378 presses of Deal ends as the engine says, in a handful of redraws at once,
within the speed's limit when it is shown, and it can be stopped or hurried midway.

The table's waits are counted, not slept: ``Clock`` stands in for the table module's
``asyncio`` and adds up the seconds the table asked to wait.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from app.messages import Event
from app.tables.perpetual_motion import board as pm_board
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion import to_the_end
from helpers.shell import FakeEnv, boot, click, run_async, settle

from engine.games.perpetual_motion.rules import GAME, Gather

ROOT = Path(__file__).resolve().parents[2]
PM = "perpetual-motion"
LOST = 34  # lost: loops every 12 rounds from round 31, after 379 presses of Deal
LOST_END = {"won": False, "rounds": 42, "deals": 337, "loop_start": 31, "loop_length": 12}
ONE_ROUND_LOOP = 9411  # loops every round from round 10


class Motion(FakeEnv):
    """A browser whose player has not asked for reduced motion: the moves are shown."""

    def reduced_motion(self) -> bool:
        return False


class Clock:
    """The table module's ``asyncio``, with waits counted instead of slept."""

    def __init__(self) -> None:
        self.waited = 0.0
        self.waits = 0

    async def sleep(self, seconds: float) -> None:
        self.waited += seconds
        self.waits += 1
        await asyncio.sleep(0)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(pm_board, "asyncio", c)
    monkeypatch.setattr(to_the_end, "asyncio", c)
    return c


def engine_says(deal: int) -> dict[str, Any]:
    """How the command line's game of this deal ends: its outcome's details."""
    r = subprocess.run([sys.executable, "-m", "engine", "play", "perpetual-motion", "--seed",
                        str(deal), "--json"], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    result: dict[str, Any] = json.loads(r.stdout)["outcome"]["details"]
    return result


def ended(table: Any) -> dict[str, Any]:
    out = table.shown.outcome
    assert out is not None, "the deal did not end"
    return {k: out.details[k] for k in ("won", "rounds", "loop_start", "loop_length")} | {
        "deals": table.shown.state.deals}


def steps_left(deal: int) -> int:
    return len(list(pms.steps_to_the_end(pms.new_session(deal))))


def test_the_lost_deal_needs_379_presses_of_deal() -> None:
    assert steps_left(LOST) == 379


def test_a_lost_deal_played_to_the_end_at_once_ends_as_the_engine_says() -> None:
    async def run() -> None:
        app, page, env = boot(address=f"#/{PM}/deal/{LOST}")  # reduced motion: at once
        await settle(app)
        app.settings.put("speed", "slow")  # reduced motion wins: at once all the same
        table = app.tables[PM]
        before = len(page.batches)
        click(app, "autoplay")
        assert 'data-testid="stop"' in page.regions["pm-controls"]
        assert page.texts["pm-msg"].startswith("Playing to the end")
        await settle(app)
        assert ended(table) == engine_says(LOST) == LOST_END
        assert len(page.batches) - before <= 12  # not one per press of Deal (379)
        board = page.regions["pm-board"]
        assert 'data-testid="end"' in board and "No win: this deal loops" in board
        assert "Loops every 12 rounds from round 31. (42 rounds played" in board
        assert "played <b>1</b>" in board
        assert page.texts["pm-msg"] == "Loops every 12 rounds from round 31."
        assert 'class="btn primary" id="pm-new"' in page.regions["pm-controls"]
        assert not table.board.autoplay and table.shown.counted
        assert json.loads(env.store.get(f"tabletop.{PM}.save") or "{}")["state"]["status"] == (
            "looped")
    run_async(run())


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_shown_at_a_speed_it_ends_within_the_speeds_limit(clock: Clock, speed: str) -> None:
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{LOST}")
        await settle(app)
        app.settings.put("speed", speed)
        before = len(page.batches)
        click(app, "autoplay")
        await settle(app)
        assert ended(app.tables[PM]) == LOST_END
        limit = to_the_end.TO_THE_END_S[speed]
        assert 0.8 * limit <= clock.waited <= limit  # seconds, not the 170 s of a step a tap
        redraws = len(page.batches) - before
        # moving all the way, and batched: no redraw sooner than FRAME_S after the last
        assert limit / (2 * to_the_end.FRAME_S) <= redraws <= limit / to_the_end.FRAME_S + 5
    run_async(run())


def test_the_last_steps_at_a_slow_speed_fly_one_press_of_deal_at_a_time(clock: Clock) -> None:
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{ONE_ROUND_LOOP}")
        await settle(app)
        s = app.tables[PM].shown
        steps = list(pms.steps_to_the_end(s))
        for step in steps[:-8]:  # 8 presses of Deal to go: slow enough to follow
            for action in step:
                pms.apply(s, action)
        app.settings.put("speed", "slow")
        before = len(page.batches)
        click(app, "autoplay")
        await settle(app)
        assert ended(app.tables[PM])["loop_length"] == 1
        assert clock.waited == pytest.approx(8 * 0.9, abs=0.1)  # Slow's own pace
        flying = [b for b in page.batches[before:] if b.get("flights")]
        gathers = sum(isinstance(step[0], Gather) and len(step) == 1 for step in steps[-8:])
        assert gathers == 2 and len(flying) == 8 - gathers  # nothing flies when gathering
        rows = [[(f["from"], f["delay"]) for f in b["flights"] if f["from"]] for b in flying]
        assert [("#pm-deck", 0), ("#pm-deck", 70), ("#pm-deck", 140), ("#pm-deck", 210)] in rows
        moved = [f["card"] for b in flying for f in b["flights"] if f["from"] is None]
        assert moved  # a moved card flies from where it lay
    run_async(run())


def test_stop_takes_over_midway(clock: Clock) -> None:
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{LOST}")
        await settle(app)
        app.settings.put("speed", "normal")
        table = app.tables[PM]
        click(app, "autoplay")
        while clock.waits < 10:
            await asyncio.sleep(0)
        click(app, "stop")
        await settle(app)
        state = table.shown.state
        assert not table.board.autoplay and not table.shown.over and state.round > 1
        assert page.texts["pm-msg"] == "Stopped."
        assert 'data-testid="autoplay"' in page.regions["pm-controls"]
        for _ in range(50):
            await asyncio.sleep(0)
        assert table.shown.state == state  # nothing more was played
        click(app, "deal")  # the player takes over from there
        await settle(app)
        assert table.shown.state.deals > state.deals or table.shown.state.round > state.round
    run_async(run())


def test_instant_chosen_midway_finishes_at_once(clock: Clock) -> None:
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{LOST}")
        await settle(app)
        app.settings.put("speed", "slow")
        click(app, "autoplay")
        while clock.waits < 3:
            await asyncio.sleep(0)
        assert 'data-testid="speed"' in page.regions["pm-controls"]  # to change it midway
        waited = clock.waited
        app.handle(Event("change", action="speed", value="instant"))
        await settle(app)
        assert ended(app.tables[PM]) == LOST_END
        assert clock.waited - waited < 0.9  # at most the step already being shown
        assert app.settings.get("speed") == "instant"
    run_async(run())


def test_play_to_the_end_while_a_deal_is_still_moving(clock: Clock) -> None:
    async def run() -> None:
        app, _page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{ONE_ROUND_LOOP}")
        await settle(app)
        app.settings.put("speed", "instant")
        table = app.tables[PM]
        click(app, "deal")
        await asyncio.sleep(0)
        assert table.board.busy
        click(app, "autoplay")  # not lost: it starts when the row has landed
        await settle(app)
        assert ended(table) == engine_says(ONE_ROUND_LOOP)
    run_async(run())


def test_deal_pressed_while_a_deal_moves_deals_again_after_it_three_times_at_most(
        clock: Clock) -> None:
    async def run() -> None:
        app, _page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{LOST}")
        await settle(app)
        table = app.tables[PM]
        deck = pms.view_of(table.shown).deck_count
        click(app, "deal")
        await asyncio.sleep(0)
        assert table.board.busy
        for _ in range(5):
            click(app, "deal")  # pressed ahead of the row still moving
        await settle(app)
        assert deck - pms.view_of(table.shown).deck_count == 4 * 4  # the first and three more
        click(app, "deal")  # none left waiting: one press, one row
        await settle(app)
        assert deck - pms.view_of(table.shown).deck_count == 5 * 4
    run_async(run())


def test_a_deal_is_saved_as_it_goes_and_the_end_counted_once(clock: Clock) -> None:
    async def run() -> None:
        app, _page, env = boot(env=Motion(), address=f"#/{PM}/deal/{ONE_ROUND_LOOP}")
        await settle(app)
        app.settings.put("speed", "fast")
        click(app, "autoplay")
        while clock.waits < 5:
            await asyncio.sleep(0)
        saved = json.loads(env.store.get(f"tabletop.{PM}.save") or "{}")
        assert saved["state"]["deals"] > 0 and saved["state"]["status"] == "playing"
        await settle(app)
        record = json.loads(env.store.get(f"tabletop.{PM}.record") or "{}")
        assert record.get("played") == 1
        assert GAME.outcome(app.tables[PM].shown.state) is not None
    run_async(run())



def test_with_a_forced_move_waiting_for_taps_it_makes_that_move_first() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{LOST}")
        await settle(app)
        click(app, "toggle-manual")
        table = app.tables[PM]
        while pms.pending(table.shown) is None:
            click(app, "deal")
            await settle(app)
        click(app, "autoplay")
        await settle(app)
        assert ended(table) == LOST_END
        assert pms.is_manual(table.shown)  # Tap moves stays on for the next deal
        assert 'data-testid="end"' in page.regions["pm-board"]
    run_async(run())

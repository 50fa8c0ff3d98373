"""Perpetual Motion's controls and message line, through the table in CPython (a
RecordingPage): which button is the primary one, messages that go when they stop being true,
and "1 round", never "1 rounds"."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from app.messages import Event
from app.tables.perpetual_motion import board as pm_board
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion import to_the_end
from helpers.shell import FakeEnv, boot, click, run_async, settle

PM = "perpetual-motion"
QUICK_WIN = 16557  # in Tap moves, the second row leaves two forced moves waiting
ONE_ROUND_LOOP = 9411  # loops every round from round 10; the third row leaves one move waiting


class Motion(FakeEnv):
    def reduced_motion(self) -> bool:
        return False


def primaries(page: Any) -> list[str]:
    """The testids of the controls drawn as the primary (blue) button."""
    return re.findall(r'class="btn primary"[^>]*data-testid="([^"]+)"', page.regions["pm-controls"])


def key(app: Any, name: str) -> None:
    app.handle(Event("key", key=name))


async def deal_until_a_move_waits(app: Any) -> Any:
    click(app, "toggle-manual")
    table = app.tables[PM]
    assert pms.is_manual(table.shown)
    for _ in range(13):
        click(app, "deal")
        await settle(app)
        if pms.pending(table.shown) is not None:
            return pms.pending(table.shown)
    raise AssertionError("no forced move came up")


async def make_the_waiting_moves(app: Any) -> int:
    table = app.tables[PM]
    made = 0
    while (move := pms.pending(table.shown)) is not None:
        click(app, "stack", i=str(move.src))
        click(app, "stack", i=str(move.dst))
        await settle(app)
        made += 1
    return made


def test_deal_is_the_primary_button_only_when_dealing_is_what_comes_next() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        assert primaries(page) == ["deal"]
        await deal_until_a_move_waits(app)
        # a forced move waits for the player's taps: Deal would only be refused
        assert primaries(page) == []
        assert 'data-testid="deal"' in page.regions["pm-controls"]  # still there, to explain
        assert 'data-testid="hint"' in page.regions["pm-controls"]
        click(app, "deal")
        assert page.texts["pm-msg"].startswith("Not yet: a forced move is pending first")
        assert primaries(page) == []
        assert await make_the_waiting_moves(app) == 2
        assert primaries(page) == ["deal"]  # nothing waits: dealing is next again
    run_async(run())


def test_no_primary_button_while_the_deal_plays_itself_out(monkeypatch: Any) -> None:
    class Clock:
        waits = 0

        async def sleep(self, _s: float) -> None:
            self.waits += 1
            await asyncio.sleep(0)

    clock = Clock()
    monkeypatch.setattr(pm_board, "asyncio", clock)
    monkeypatch.setattr(to_the_end, "asyncio", clock)

    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        app.settings.put("speed", "slow")
        click(app, "autoplay")
        while clock.waits < 3:
            await asyncio.sleep(0)
        assert primaries(page) == []
        assert 'data-testid="stop"' in page.regions["pm-controls"]
        key(app, "h")  # no hint while the deal moves on: it would not stay true
        assert app.tables[PM].board.tap_moves.hint is None
        assert page.texts["pm-msg"].startswith("Playing to the end")
        click(app, "stop")
        await settle(app)
        assert primaries(page) == ["deal"]
    run_async(run())


def test_the_end_has_new_deal_as_its_one_primary_button() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{ONE_ROUND_LOOP}")
        await settle(app)
        click(app, "autoplay")
        await settle(app)
        assert primaries(page) == ["new-deal"]
    run_async(run())


def test_a_selection_message_goes_with_the_selection() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        move = await deal_until_a_move_waits(app)
        click(app, "stack", i=str(move.src))
        assert re.fullmatch(r"The .+ is selected: tap the stack to move it onto\.",
                            page.texts["pm-msg"])
        key(app, "Escape")
        assert page.texts["pm-msg"] == "Nothing selected."
        assert " selected" not in page.regions["pm-board"]
    run_async(run())


def test_a_hint_goes_once_its_move_is_made() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        move = await deal_until_a_move_waits(app)
        card = pms.view_of(app.tables[PM].shown).stacks[move.src][-1]
        click(app, "hint")
        assert page.texts["pm-msg"] == (f"Hint: the {card.name} on stack {move.src + 1} goes "
                                        f"onto stack {move.dst + 1}.")
        assert "hint-src" in page.regions["pm-board"]
        click(app, "stack", i=str(move.src))
        click(app, "stack", i=str(move.dst))
        await settle(app)
        # what moved where, then what is left (issue 45: every tap says what it did)
        assert page.texts["pm-msg"] == (f"The {card.name} went onto stack {move.dst + 1}. "
                                        "Another forced move is waiting.")
        assert "hint-src" not in page.regions["pm-board"]
        assert "hint-dst" not in page.regions["pm-board"]
    run_async(run())


@pytest.mark.parametrize("deal, said", [
    (QUICK_WIN, "2 forced moves made for you."),
    (ONE_ROUND_LOOP, "1 forced move made for you."),
])
def test_turning_tap_moves_off_says_what_it_made(deal: int, said: str) -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{deal}")
        await settle(app)
        await deal_until_a_move_waits(app)
        click(app, "toggle-manual")
        assert page.texts["pm-msg"] == ("Make moves myself: off. Deal makes the forced moves "
                                        "for you.")
        await settle(app)
        assert page.texts["pm-msg"] == said  # not the line of the moment before
        assert pms.pending(app.tables[PM].shown) is None
    run_async(run())


def test_a_one_round_loop_is_worded_in_the_singular() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{ONE_ROUND_LOOP}")
        await settle(app)
        click(app, "autoplay")
        await settle(app)
        assert page.texts["pm-msg"] == "Loops every round from round 10."  # issue 35
        assert "Loops every round from round 10. (10 rounds played until the repeat was " \
            "found.)" in page.regions["pm-board"]
    run_async(run())


def test_the_statistics_name_loops_of_one_round_in_the_singular() -> None:
    async def run() -> None:
        app, _page, _env = boot(address=f"#/{PM}/stats")
        await settle(app)
        app.handle(Event("change", action="sim-games", value="1000"))
        click(app, "sim-start")
        await settle(app)
        table = app.tables[PM]
        assert table.board.sims.sim is not None and table.board.sims.sim.done == 1000
        html = app.page.regions["screen"]
        loops = re.search(r"<dt>Commonest loops</dt><dd>([^<]*)</dd>", html)
        assert loops is not None
        assert "1 round (" in loops.group(1) and "1 rounds" not in loops.group(1)
        assert re.search(r"\b12 rounds \(", loops.group(1))
    run_async(run())

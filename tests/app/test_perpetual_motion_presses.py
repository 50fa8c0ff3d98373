"""Perpetual Motion's presses made while cards are still moving (issue 45: a tap 0.35 s after
Deal did nothing, and the next tap then picked a card the guide refused), through the table in
CPython with motion shown: none is lost, each is played in the order it was made once the
cards have landed, as if made then; and the table's keys and their words."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from app.messages import Event
from app.tables.perpetual_motion import board as pm_board
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion import words
from app.tables.perpetual_motion.deal_queue import MOST, DealQueue
from app.tables.perpetual_motion.to_the_end import speed_words
from helpers.shell import FakeEnv, boot, click, run_async, settle

from engine.games.perpetual_motion.rules import GAME, Deal, Move

PM = "perpetual-motion"
QUICK_WIN = 16557  # in Tap moves, the second row leaves two forced moves waiting


class Motion(FakeEnv):
    def reduced_motion(self) -> bool:
        return False


class Clock:
    """The board's pauses between the steps of a Deal, taken at once (the cards still
    "move": the board is busy across them)."""

    async def sleep(self, _s: float) -> None:
        await asyncio.sleep(0)


@pytest.fixture()
def clock(monkeypatch: Any) -> None:
    monkeypatch.setattr(pm_board, "asyncio", Clock())


def key(app: Any, name: str) -> None:
    app.handle(Event("key", key=name))


def next_deal_leaves_a_move(s: pms.Session) -> Move | None:
    """The forced move the next Deal leaves waiting (Make moves myself on), if any."""
    after = GAME.apply(s.state, Deal())
    move: Move | None = GAME.pending_move(after)
    return move


def test_the_queue_keeps_presses_in_order_and_at_most_three_deals() -> None:
    q = DealQueue()
    for press in ("deal", 2, "deal", "hint", "deal", "deal", 0):
        q.press(press)
    assert q.count == MOST
    assert [q.take() for _ in range(7)] == ["deal", 2, "deal", "hint", "deal", 0, None]


def test_stack_taps_made_while_a_deal_moves_are_played_once_it_lands(clock: None) -> None:
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        click(app, "toggle-manual")
        board = app.tables[PM].board
        s = app.tables[PM].shown
        while (move := next_deal_leaves_a_move(s)) is None:
            click(app, "deal")
            await settle(app)
        card = GAME.apply(s.state, Deal()).stacks[move.src][-1]
        click(app, "deal")
        assert board.busy  # the row is still moving: the taps wait for it
        click(app, "stack", i=str(move.src))
        click(app, "stack", i=str(move.dst))
        await settle(app)
        assert s.state.stacks[move.dst][-1] == card  # moved, not lost, not misapplied
        assert page.texts["pm-msg"].startswith(f"The {card.name} went onto stack {move.dst + 1}.")
        assert not board.deals.presses and not board.busy
    run_async(run())


def test_a_tap_right_after_deal_in_the_guide_is_the_steps_tap(clock: None) -> None:
    """Guide step 3 asks for stack 3, then stack 1, after step 2's Deal: both tapped while
    the row still moves, the guide takes them (no "Not quite") and goes on to step 4."""
    async def run() -> None:
        app, page, _env = boot(env=Motion(), address=f"#/{PM}/learn")
        await settle(app)
        click(app, "guide-next")
        await settle(app)
        click(app, "deal")
        click(app, "stack", i="2")
        click(app, "stack", i="0")
        await settle(app)
        assert "Not quite" not in page.texts["pm-msg"]
        assert "Now stack 4's five" in page.texts["pm-msg"]
        s = app.tables[PM].shown
        assert [len(st) for st in s.state.stacks] == [2, 1, 0, 1]
    run_async(run())


def test_keys_act_and_bring_the_focus_to_the_stack() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        click(app, "toggle-manual")
        s = app.tables[PM].shown
        while pms.pending(s) is None:
            key(app, "d")
            await settle(app)
        move = pms.pending(s)
        assert move is not None
        key(app, str(move.src + 1))
        assert page.batches[-1].get("focus") == f"stack-{move.src}"
        assert "is selected" in page.texts["pm-msg"]
        key(app, "Escape")
        assert page.texts["pm-msg"] == words.NOTHING_SELECTED
        key(app, str(move.src + 1))
        key(app, str(move.dst + 1))
        await settle(app)
        assert pms.pending(s) != move or s.state.stacks[move.src] == ()
        assert "went onto stack" in page.texts["pm-msg"]
    run_async(run())


def test_the_dock_says_what_each_control_does_and_its_key() -> None:
    s = pms.new_session(7)
    view = pms.view_of(s)
    html = v.controls_html(view, None, v.TableUI())
    for testid, what, keys in (("deal", "deal", "D"), ("autoplay", "autoplay", "A")):
        assert (f'aria-describedby="pm-about-{what}" aria-keyshortcuts="{keys}"' in html), testid
        assert f'id="pm-about-{what}"' in html
    assert ">Make moves myself</button>" in html and 'id="pm-about-manual"' in html
    assert "Speed</span>" in html  # the menu says it is the speed, not a bare "Normal ▾"
    manual = v.controls_html(view, None, v.TableUI(manual=True))
    assert 'aria-keyshortcuts="H"' in manual and "then you make the forced moves" in manual
    assert "Tap moves" not in html + manual


def test_words_of_the_switch_the_speed_and_the_first_deal() -> None:
    assert words.switched(True).startswith("Make moves myself: on. After each deal, tap")
    assert words.switched(False) == "Make moves myself: off. Deal makes the forced moves for you."
    assert speed_words("instant") == "Speed: Instant. Play to the end finishes the deal at once."
    assert speed_words("fast").endswith("takes at most about 4 seconds.")
    s = pms.new_session(7)
    assert "Play to the end plays the whole deal for you" in words.first_words(s)
    pms.set_manual(s, True)
    assert "tapping the card that must move" in words.first_words(s)


def test_every_key_of_the_table_is_on_the_rules_page() -> None:
    """A key the table takes but the rules page does not list is a key nobody finds."""
    rules = (Path(__file__).resolve().parents[2] / "engine" / "games" / "perpetual_motion"
             / "rules.md").read_text()
    listed = rules.split("## Keys", 1)[1].split("\n## ", 1)[0]
    taken = {k.upper() if len(k) == 1 else k for k in pm_board.PerpetualMotionBoard.keys.split()}
    for k in taken | {"Tab", "Enter", "Space", "Home", "End"}:
        assert f"**{k}**" in listed, k


def test_h_with_make_moves_myself_off_says_why_there_is_no_hint() -> None:
    """H is a key of the table: with the switch off (no Hint button) it is not lost in
    silence; with it on, it shows the Hint."""
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        s = app.tables[PM].shown
        assert not pms.is_manual(s)
        key(app, "h")
        assert page.texts["pm-msg"] == words.NO_HINT
        assert page.announced_all[-1] == words.NO_HINT
        click(app, "toggle-manual")
        while pms.pending(s) is None:
            key(app, "d")
            await settle(app)
        key(app, "H")
        assert page.texts["pm-msg"].startswith("Hint: the ")
    run_async(run())

"""app.tables.perpetual_motion.session: a deal played step by step, its forced moves, the
manual mode's pending move, the gathering of the stacks, a restart."""

from __future__ import annotations

import pytest
from app.tables.perpetual_motion.session import Session

from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, Move


def play_to_end(s: Session) -> None:
    while not s.over:
        for action in s.step_plan():
            s.apply(action)
        while (m := s.pending()) is not None:  # manual sessions
            s.apply(m)


def test_step_plan_deals_and_makes_forced_moves() -> None:
    s = Session.new(16557)
    plan = s.step_plan()
    assert isinstance(plan[0], Deal)
    assert all(isinstance(a, Move) for a in plan[1:])
    for a in plan:
        s.apply(a)
    assert s.pending() is None


def test_manual_plan_is_only_the_deal_and_deal_refused_while_pending() -> None:
    s = Session.new(16557, manual=True)
    while True:
        plan = s.step_plan()
        assert len(plan) == 1
        s.apply(plan[0])
        if s.pending() is not None:
            break
    with pytest.raises(IllegalAction, match="forced move is pending"):
        s.step_plan()
    move = s.pending()
    assert move is not None
    wrong = Move(move.src, (move.dst + 1) % 4 if (move.dst + 1) % 4 != move.src else
                 (move.dst + 2) % 4)
    before = GAME.state_to_dict(s.state)
    with pytest.raises(IllegalAction):
        s.tap_move(wrong.src, wrong.dst)
    assert GAME.state_to_dict(s.state) == before
    s.tap_move(move.src, move.dst)


def test_gather_when_deck_is_used_up() -> None:
    s = Session.new(3)
    while s.view.deck_count:
        for a in s.step_plan():
            s.apply(a)
    assert isinstance(s.step_plan()[0], Gather)


def test_restart_and_play_to_end_match_the_engine() -> None:
    s = Session.new(16557, manual=True)
    for a in s.step_plan():
        s.apply(a)
    s = s.restart()
    assert s.view.deck_count == 52 and s.manual
    play_to_end(s)
    assert s.outcome.details["won"] is True
    assert s.view.round == 11

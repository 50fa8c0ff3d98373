"""app.tables.perpetual_motion.session: a deal played step by step, its forced moves, the
manual mode's pending move, the gathering of the stacks, a restart."""

from __future__ import annotations

import pytest
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion.session import Session

from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, Move


def play_to_end(s: Session) -> None:
    while not s.over:
        for action in pms.step_plan(s):
            pms.apply(s, action)
        while (m := pms.pending(s)) is not None:  # manual sessions
            pms.apply(s, m)


def test_step_plan_deals_and_makes_forced_moves() -> None:
    s = pms.new_session(16557)
    plan = pms.step_plan(s)
    assert isinstance(plan[0], Deal)
    assert all(isinstance(a, Move) for a in plan[1:])
    for a in plan:
        pms.apply(s, a)
    assert pms.pending(s) is None


def test_manual_plan_is_only_the_deal_and_deal_refused_while_pending() -> None:
    s = pms.new_session(16557, manual=True)
    while True:
        plan = pms.step_plan(s)
        assert len(plan) == 1
        pms.apply(s, plan[0])
        if pms.pending(s) is not None:
            break
    with pytest.raises(IllegalAction, match="forced move is pending"):
        pms.step_plan(s)
    move = pms.pending(s)
    assert move is not None
    wrong = Move(move.src, (move.dst + 1) % 4 if (move.dst + 1) % 4 != move.src else
                 (move.dst + 2) % 4)
    before = GAME.state_to_dict(s.state)
    with pytest.raises(IllegalAction):
        pms.apply(s, wrong)
    assert GAME.state_to_dict(s.state) == before
    pms.apply(s, move)


def test_gather_when_deck_is_used_up() -> None:
    s = pms.new_session(3)
    while pms.view_of(s).deck_count:
        for a in pms.step_plan(s):
            pms.apply(s, a)
    assert isinstance(pms.step_plan(s)[0], Gather)


def test_restart_and_play_to_end_match_the_engine() -> None:
    s = pms.new_session(16557, manual=True)
    for a in pms.step_plan(s):
        pms.apply(s, a)
    s = pms.new_session(16557, manual=True)  # Restart deals the same deal again
    assert pms.view_of(s).deck_count == 52 and pms.is_manual(s)
    play_to_end(s)
    assert s.outcome.details["won"] is True
    assert pms.view_of(s).round == 11

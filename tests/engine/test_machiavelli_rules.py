"""Machiavelli turns step by step, the end-of-game rules, the bots and seeded games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from helpers.machiavelli import start

from engine.cards import Card, double_deck, parse_cards
from engine.errors import IllegalAction, InvalidConfig, InvalidState
from engine.games.machiavelli.bots import make_bot
from engine.games.machiavelli.plan import hint, steps_to
from engine.games.machiavelli.rules import (
    GAME,
    MAX_RESETS,
    Draw,
    EndTurn,
    Lay,
    Merge,
    MState,
    Pass,
    Reset,
    Split,
    TableCard,
    Take,
    parse_action,
    penalty,
)
from engine.games.machiavelli.solver import solve
from engine.seats import choose, deal_seeded, play_to_end


def act(state: MState, *texts: str) -> MState:
    for t in texts:
        state = GAME.apply(state, parse_action(t))
    return state


def test_turn_built_step_by_step() -> None:
    s = start("4S 7S KD", "AS 2S 3S | 7H 7D 7C")
    assert s.hands[0] == tuple(parse_cards("4S 7S KD"))
    s = act(s, "lay 1 -> 1")  # 4S onto the spade run
    assert [str(tc) for tc in s.table[0]] == ["AS", "2S", "3S", "4S/h"]
    assert GAME.explain_illegal(s, EndTurn()) is None
    s = act(s, "lay 2 -> new")  # KD alone: the table is invalid in the middle of a turn
    view = GAME.view(s, 0).to_dict()
    assert view["meld_problems"] == [None, None, "a meld needs 3 cards"]
    assert "meld 3" in str(GAME.explain_illegal(s, EndTurn()))
    s = act(s, "reset")
    assert s.hands[0] == tuple(parse_cards("4S 7S KD")) and s.table[0][-1].card == Card(3, "S")
    s = act(s, "lay 2 -> 2", "end")  # 7S onto the group of sevens
    assert s.player == 1 and s.hands[0] == tuple(parse_cards("4S KD"))
    assert all(tc.src == "t" for m in s.table for tc in m)


def test_moves_splits_merges_and_reasons() -> None:
    s = start("5S", "3S 4S 5S 6S 7S 8S")
    s = act(s, "split 1.3")  # 3S 4S 5S | 6S 7S 8S
    assert [len(m) for m in s.table] == [3, 3]
    s = act(s, "lay 1 -> 2", "end")  # 5S 6S 7S 8S
    assert s.player == 1
    s2 = start("9H", "7H 7D 7C | 8H 8D 8C")
    s2 = act(s2, "move 1.2 -> new", "merge 1 2")
    assert len(s2.table) == 2
    with pytest.raises(IllegalAction, match="there is no meld 9"):
        GAME.apply(s2, Lay(0, 8))
    with pytest.raises(IllegalAction, match="at least one card"):
        GAME.apply(start("9H", "7H 7D 7C"), EndTurn())
    with pytest.raises(IllegalAction, match="nothing to reset"):
        GAME.apply(start("9H", "7H 7D 7C"), Reset())
    with pytest.raises(IllegalAction, match="split between"):
        GAME.apply(s2, Split(0, 0))
    with pytest.raises(IllegalAction, match="earlier one"):
        GAME.apply(s2, Merge(1, 0))


def test_draw_resets_and_table_cards_never_return() -> None:
    s = start("9H 2C", "7H 7D 7C", deck_top="KS")
    s = act(s, "move 1.1 -> new", "lay 1 -> 2")
    s = act(s, "draw")
    assert s.hands[0] == tuple(sorted(parse_cards("9H 2C KS")))
    assert [[tc.card for tc in m] for m in s.table] == [parse_cards("7H 7D 7C")]
    # no step ever takes a table card back: every step keeps the table cards on the table
    for a in GAME.legal_actions(start("9H", "7H 7D 7C")):
        if not isinstance(a, Draw | Pass):
            after = GAME.apply(start("9H", "7H 7D 7C"), a)
            assert Counter(tc.card for m in after.table for tc in m) >= Counter(
                parse_cards("7H 7D 7C"))


def test_step_limit_leaves_only_end_reset_draw() -> None:
    s = start("9H 2C", "7H 7D 7C")
    s = replace(s, steps=GAME.limit(s))
    assert {str(a) for a in GAME.legal_actions(s)} == {"draw", "reset"}
    s2 = replace(act(start("9H 2C", "7H 7D 7C"), "lay 1 -> new"), steps=GAME.limit(s))
    assert {str(a) for a in GAME.legal_actions(s2)} == {"draw", "reset"}


def test_reset_after_the_step_limit_gives_a_fresh_start() -> None:
    s = start("7S 7D 7C 2C", "8H 9H TH")
    limit = GAME.limit(s)
    for k in range(MAX_RESETS):
        s = replace(act(s, "lay 1 -> new"), steps=limit)  # a turn gone astray, out of steps
        assert Lay(0, None) not in GAME.legal_actions(s)
        s = act(s, "reset")
        assert s.steps == 0 and s.resets == k + 1
        assert GAME.state_from_dict(GAME.state_to_dict(s)) == s
    s = act(s, "lay 2 -> new", "lay 2 -> 2", "lay 2 -> 2", "end")  # the three sevens
    assert s.player == 1 and s.resets == 0 and s.hands[0] == tuple(parse_cards("2C"))
    # the fresh starts are counted, so that every turn still ends
    s = start("7S 7D 7C 2C", "8H 9H TH")
    s = replace(s, steps=limit, resets=MAX_RESETS)
    assert {str(a) for a in GAME.legal_actions(s)} == {"draw"}
    s = replace(act(replace(s, steps=0), "lay 1 -> new"), steps=limit)
    s = act(s, "reset")  # restores the table, gives no steps back
    assert s.steps == limit and {str(a) for a in GAME.legal_actions(s)} == {"draw"}


def test_empty_pile_passes_end_the_game_fewest_cards_win() -> None:
    s = start("9H", "7H 7D 7C")
    s = replace(s, deck=(), hands=(s.hands[0], s.hands[1] + s.deck))
    assert Pass() in GAME.legal_actions(s) and Draw() not in GAME.legal_actions(s)
    s = act(s, "pass")
    assert not GAME.is_over(s)
    s = act(s, "pass")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)


def test_going_out_wins_and_penalties() -> None:
    s = start("8S 9S TS")
    s = act(s, "lay 1 -> new", "lay 1 -> 1", "lay 1 -> 1", "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "laid every card" in out.summary
    assert penalty(parse_cards("AS KD 7C 2H")) == 15 + 10 + 5 + 5


def test_helping_cards_must_meet_a_hand_card() -> None:
    s = start("5H 5S 5C 8S 9S", helping="TS 2D 3D 4D", variant="helping")
    assert s.hands[0] == tuple(parse_cards("5C 5H 5S 8S 9S"))
    s = act(s, "lay 1 -> new", "lay 1 -> 1", "lay 1 -> 1")  # 5C 5H 5S from the hand
    s = act(s, "take 2 -> new", "take 3 -> 2", "take 4 -> 2")  # 2D 3D 4D: helping cards only
    assert "helping card must be melded" in str(GAME.explain_illegal(s, EndTurn()))
    s = act(s, "reset", "take 1 -> new", "lay 4 -> 1", "lay 4 -> 1", "end")
    assert s.helping[0] is not None and s.helping[0] != Card(10, "S")  # refilled
    assert sum(1 for c in s.helping if c is not None) == 4


def test_config_limits() -> None:
    assert GAME.default_config(8).hand_size == 10
    assert GAME.make_config(players=4, variant="manipulation").hand_size == 7
    assert GAME.make_config(players=3, variant="helping").hand_size == 6
    with pytest.raises(InvalidConfig):
        GAME.make_config(players=9)
    with pytest.raises(InvalidConfig):
        GAME.config_from_dict({"players": 8, "hand_size": 15})


def test_action_text_round_trip() -> None:
    for text in ("lay 3 -> 2", "lay 1 -> new", "move 1.4 -> new", "move 2.1 -> 3", "split 2.3",
                 "merge 2 5", "take 1 -> new", "end", "reset", "draw", "pass"):
        assert str(parse_action(text)) == text
    assert parse_action("take 2 -> 4") == Take(1, 3)


def test_plan_reaches_the_solver_target() -> None:
    rng = random.Random(3)
    for _ in range(30):
        state = GAME.new_game(GAME.default_config(2), rng)
        # a table from the solver: lay everything player 1 can, as a fixed start
        first = solve([], state.hands[1], "both", least_change=False)
        assert first is not None
        hand = state.hands[0]
        sol = solve(first.melds, hand, "both")
        assert sol is not None
        if sol.max_cards == 0:
            continue  # nothing to lay: the player draws
        table = tuple(tuple(TableCard(c) for c in m) for m in first.melds)
        seq = steps_to(table, hand, sol.melds, "both", 200)
        assert seq is not None and isinstance(seq[-1], EndTurn)


@pytest.mark.parametrize("levels,players,variant", [
    (("standard", "beginner"), 2, "machiavelli"),
    (("strong", "standard"), 2, "machiavelli"),
    (("strong", "beginner", "standard"), 3, "manipulation"),
    (("standard", "strong"), 2, "helping"),
])
def test_seeded_bot_games_end_and_conserve_cards(levels: tuple[str, ...], players: int,
                                                variant: str) -> None:
    cfg = GAME.make_config(players=players, variant=variant)
    for seed in range(2):
        bots = [make_bot(x) for x in levels]
        end, steps = play_to_end(GAME, deal_seeded(GAME, cfg, seed), bots, seed)
        assert GAME.is_over(end) and steps < 5000
        assert GAME.card_multiset(end) == Counter(str(c) for c in double_deck())
        again, _ = play_to_end(GAME, deal_seeded(GAME, cfg, seed),
                               [make_bot(x) for x in levels], seed)
        assert GAME.state_to_dict(again) == GAME.state_to_dict(end)


def test_a_match_keeps_every_hands_points_and_they_add_up_to_the_totals() -> None:
    """The score sheet lives in the state: one row per finished hand, summing to the totals,
    read back from a save equal, refused when it has the wrong shape."""
    cfg = GAME.make_config(players=2, variant="manipulation", match_limit=60)
    for seed in range(2):
        bots = [make_bot("standard"), make_bot("standard")]
        end, actions = deal_seeded(GAME, cfg, seed), 0
        while not GAME.is_over(end):
            end = GAME.apply(end, choose(GAME, end, bots[GAME.current_player(end) or 0], seed,
                                         actions))
            actions += 1
            assert len(end.history) == end.hand_no - (0 if GAME.is_over(end) else 1)
            assert [sum(h[i] for h in end.history) for i in range(2)] == list(end.scores)
            if actions % 50 == 0 or GAME.is_over(end):
                assert GAME.state_from_dict(GAME.state_to_dict(end)) == end
        assert end.hand_no >= 2 and end.history[-1] == end.last_hand
        assert GAME.view(end, 1).history == end.history
        data = GAME.state_to_dict(end)
        with pytest.raises(InvalidState, match="history"):
            GAME.state_from_dict({**data, "history": [[1, 2, 3]]})
    single = GAME.state_to_dict(deal_seeded(GAME, GAME.make_config(players=2), 1))
    assert "history" not in single
    with pytest.raises(InvalidState, match="history"):
        GAME.state_from_dict({**single, "history": [[1, 2]]})


def test_hint_walks_to_the_best_play() -> None:
    s = start("4S 7S KD", "AS 2S 3S | 7H 7D 7C")
    for _ in range(10):
        sol, step = hint(GAME.view(s, 0))
        assert sol is not None and sol.max_cards == 2 and step is not None
        s = GAME.apply(s, step)
        if isinstance(step, EndTurn):
            break
    assert s.player == 1 and s.hands[0] == tuple(parse_cards("KD"))


def test_helping_slot_left_empty_by_an_empty_pile_survives_a_save() -> None:
    """Once the draw pile is empty, a helping card taken in a turn leaves its slot empty; the
    save must still load (it happened in seeded games)."""
    s = start("5H 5S 5C 8S 9S", helping="TS 2D 3D 4D", variant="helping")
    s = replace(s, deck=(), hands=(s.hands[0], s.hands[1] + s.deck))
    s = act(s, "take 1 -> new", "lay 4 -> 1", "lay 4 -> 1", "end")  # 8S 9S TS
    assert s.helping[0] is None and not s.deck
    again = GAME.state_from_dict(GAME.state_to_dict(s))
    assert GAME.state_to_dict(again) == GAME.state_to_dict(s)
    # with cards still in the pile an empty slot would have been refilled: refused
    bad = GAME.state_to_dict(s)
    bad["deck"], bad["hands"][1] = bad["hands"][1][:1], bad["hands"][1][1:]  # type: ignore[index]
    with pytest.raises(InvalidState):
        GAME.state_from_dict(bad)


def test_hint_out_of_time_still_gives_a_play_marked_not_proven() -> None:
    s = start("8S 9S TS 4S", "AS 2S 3S | 7H 7D 7C")
    sol, step = hint(GAME.view(s, 0), time_budget_ms=0.001)
    assert sol is not None and not sol.proven and sol.max_cards == 3  # new meld 8S 9S TS only
    assert isinstance(step, Lay)
    sol, _ = hint(GAME.view(s, 0))
    assert sol is not None and sol.proven and sol.max_cards == 4

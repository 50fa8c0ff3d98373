"""Property tests for Perpetual-Motion Machine over thousands of seeded games.

Random legal play (short round limits keep it quick) and computer players check, at every
step: all 52 cards and all 80 cubes accounted for, hand/cube/take/trade limits never exceeded,
every reachable state passes the saved-game validator (so no illegal state is reachable), and
seeded computer games always end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import standard_deck
from engine.games.machine.bots import make_bot
from engine.games.machine.mat import CUBES_IN_BOX, CUBES_PER_PLAYER
from engine.games.machine.rules import (
    DISCARDING,
    GAME,
    OVER,
    TAKING,
    MachineConfig,
    MachineState,
    PlaySet,
)

FULL = Counter(str(c) for c in standard_deck())


def check_invariants(st: MachineState, cubes0: list[int]) -> None:
    assert GAME.card_multiset(st) == FULL
    count = GAME.cube_count(st)
    assert sum(count.values()) == CUBES_IN_BOX
    for p, m in enumerate(st.mats):
        assert m.on_mat + m.supply + m.pile == cubes0[p]
        assert 0 <= m.supply <= m.cube_limit
        assert m.pile >= 0
        busy = st.phase in (TAKING, DISCARDING) and p == st.current
        if not busy:
            assert len(st.hands[p]) <= m.hand_limit
        assert m.stuck == st.out[p] or st.phase == "setup"
    mat = st.mats[st.current]
    assert st.drawn <= mat.face_down_limit and st.taken <= mat.face_up_limit
    assert st.traded <= mat.trade_limit
    if st.phase != OVER:
        assert not st.out[st.current]


def random_game(seed: int, players: int, max_rounds: int) -> tuple[MachineState, int]:
    rng = random.Random(seed)
    st = GAME.new_game(MachineConfig(players, max_rounds), random.Random(seed))
    cubes0 = [CUBES_PER_PLAYER[players]] * players
    steps = 0
    while not GAME.is_over(st):
        legal = GAME.legal_actions(st)
        assert legal
        # favour sets so that mats fill up and late-game edges get reached
        sets = [a for a in legal if isinstance(a, PlaySet)]
        action = rng.choice(sets) if sets and rng.random() < 0.9 else rng.choice(legal)
        st = GAME._apply(st, action)  # legality is checked below through the validator
        steps += 1
        check_invariants(st, cubes0)
        if steps % 5 == 0 or GAME.is_over(st):
            # every reachable state is a valid saved game
            assert GAME.state_from_dict(GAME.state_to_dict(st)) == st
    return st, steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_keeps_every_card_and_cube(players: int) -> None:
    results: Counter[str] = Counter()
    for seed in range(700):
        st, _ = random_game(seed, players, max_rounds=12)
        results[str(st.result)] += 1
    assert sum(results.values()) == 700


def test_long_random_games_reach_late_game_edges() -> None:
    """Longer random games (sets favoured) fill tracks; some players win or get stuck."""
    results: Counter[str] = Counter()
    full_tracks = 0
    for seed in range(40):
        st, _ = random_game(10_000 + seed, 2, max_rounds=150)
        results[str(st.result)] += 1
        full_tracks += sum(1 for m in st.mats for f, n in zip(m.filled, (5, 5, 4, 3, 6),
                                                               strict=True) if f == n)
    assert full_tracks > 0
    assert results["won"] + results["everybody-stuck"] + results["round-limit"] == 40


@pytest.mark.parametrize("levels", [("beginner", "standard"), ("standard", "standard"),
                                    ("beginner", "beginner", "standard", "standard")])
def test_seeded_computer_games_end(levels: tuple[str, ...]) -> None:
    for seed in range(6 if len(levels) == 2 else 3):
        rng = random.Random(seed)
        st = GAME.new_game(MachineConfig(len(levels)), random.Random(seed))
        cubes0 = [CUBES_PER_PLAYER[len(levels)]] * len(levels)
        steps = 0
        while not GAME.is_over(st):
            p = st.current
            legal = GAME.legal_actions(st)
            action = make_bot(levels[p]).choose(GAME.view(st, p), legal, rng)
            assert action in legal
            st = GAME.apply(st, action)
            check_invariants(st, cubes0)
            steps += 1
            assert steps < 20000
        out = GAME.outcome(st)
        assert out is not None


def test_strong_bot_game_ends_and_chooses_legal() -> None:
    rng = random.Random(5)
    st = GAME.new_game(MachineConfig(2, max_rounds=25), random.Random(5))
    seats = ("strong", "standard")
    while not GAME.is_over(st):
        p = st.current
        legal = GAME.legal_actions(st)
        action = make_bot(seats[p]).choose(GAME.view(st, p), legal, rng)
        assert action in legal
        st = GAME.apply(st, action)
    assert GAME.outcome(st) is not None


def test_same_seed_same_computer_game() -> None:
    def play(seed: int) -> list[str]:
        rng = random.Random(seed)
        st = GAME.new_game(MachineConfig(2, max_rounds=20), random.Random(seed))
        trail = []
        while not GAME.is_over(st):
            p = st.current
            a = make_bot("strong" if p == 0 else "standard").choose(GAME.view(st, p),
                                                                GAME.legal_actions(st), rng)
            trail.append(str(a))
            st = GAME.apply(st, a)
        return trail

    assert play(3) == play(3)

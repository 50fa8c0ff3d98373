"""Computer players: the hand evaluator agrees with set generation; bots pick legal actions."""

from __future__ import annotations

import random

from engine.cards import standard_deck
from engine.games.machine import sets as S
from engine.games.machine.bots import LEVELS, Memo, _missing, make_bot
from engine.games.machine.rules import GAME, MachineConfig


def test_missing_is_zero_exactly_when_a_set_exists() -> None:
    rng = random.Random(4)
    deck = standard_deck()
    run_best = Memo().run_best
    for _ in range(3000):
        hand = rng.sample(deck, rng.randint(0, 12))
        miss = _missing(hand, run_best)
        for kind, m in zip(S.KINDS, miss, strict=True):
            has = any(True for _ in S.generate(kind, hand))
            assert (m == 0) == has, (kind, [str(c) for c in hand])
            assert 0 <= m <= S.KIND_SIZES[kind]
            if m == 1 and len(hand) < 52:
                # one more card can complete it
                rest = [c for c in deck if c not in hand]
                assert any(any(True for _ in S.generate(kind, [*hand, c])) for c in rest)


def test_every_level_chooses_legal_actions_in_all_phases() -> None:
    for level in LEVELS:
        rng = random.Random(1)
        st = GAME.new_game(MachineConfig(3, max_rounds=8), random.Random(2))
        phases = set()
        while not GAME.is_over(st):
            legal = GAME.legal_actions(st)
            action = make_bot(level).choose(GAME.view(st, st.current), legal, rng)
            assert action in legal
            phases.add(st.phase)
            st = GAME.apply(st, action)
        assert {"setup", "turn", "taking"} <= phases


def test_standard_and_strong_never_play_into_the_stuck_position() -> None:
    from engine.cards import parse_cards
    from engine.games.machine.rules import TURN, MachineState, PlayerMat

    # Three of a Kind would place 2 of the 3 cubes left, leaving one with no single section.
    m0 = PlayerMat((3, 3, 4, 3, 4), 3, 0)
    m1 = PlayerMat((0, 1, 1, 0, 0), 3, 25)
    hands = (tuple(parse_cards("9S 9H 9D")), tuple(parse_cards("2C")))
    used = set(hands[0]) | set(hands[1])
    rest = [c for c in standard_deck() if c not in used]
    st = MachineState(players=2, max_rounds=100, deck=tuple(rest[4:]),
                      display=tuple(rest[:4]), discard=(), hands=hands, mats=(m0, m1),
                      setup=((1, 2), (0, 3)), out=(False, False), phase=TURN, current=0)
    legal = GAME.legal_actions(st)
    assert "play three 9S 9H 9D" in [str(a) for a in legal]
    for level in ("standard", "strong"):
        action = make_bot(level).choose(GAME.view(st, 0), legal, random.Random(1))
        assert not str(action).startswith("play"), level


def test_beginners_finish_their_games() -> None:
    """Issue 12: two Beginners without a round limit used to play thousands of rounds."""
    from engine.seats import play_seeded

    for i in range(6):
        end = play_seeded("machine", i, ["beginner", "beginner"], {"max_rounds": 0}).state
        assert end.result == "won" and end.round < 200, (i, end.round)

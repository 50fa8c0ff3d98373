"""The Machiavelli computer players: what they infer, how they spend their budget, helping cards.

The strength claims themselves (each level beats the one below) are measured by the
tournament command, not here; these tests pin the pieces the strong player is built from.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from helpers.machiavelli import start

from engine.cards import Card, double_deck, parse_cards
from engine.games.machiavelli import bots
from engine.games.machiavelli.bots import Standard, Strong, make_bot
from engine.games.machiavelli.rules import GAME, EndTurn, Lay, MState, TableCard, Take
from engine.games.machiavelli.solver import SolverMemo, can_lay, max_laid, solve
from engine.seats import LazyLegal, deal_seeded, play_to_end


def _world_cards(world: MState) -> Counter[str]:
    return GAME.card_multiset(world)


def test_sampled_worlds_keep_every_card_and_fit_what_was_seen() -> None:
    """A guessed world holds the 104 cards once each, the player's own hand and the table
    unchanged, each opponent the right number of cards, none of them layable alone."""
    rng = random.Random(5)
    for seed in range(20):
        state = GAME.new_game(GAME.make_config(players=3), random.Random(seed))
        # give the table something: player 0 lays what it can from its hand
        first = solve([], state.hands[0], "both", least_change=False)
        assert first is not None
        if first.max_cards:
            hands = (tuple(sorted((Counter(state.hands[0]) - Counter(first.laid)).elements())),
                     *state.hands[1:])
            melds = tuple(tuple(m) for m in first.melds)
            state = replace(state, hands=hands, start_table=melds, player=1,
                            table=tuple(tuple(TableCard(c) for c in m) for m in melds))
        view = GAME.view(state, state.player)
        dead = bots._dead_cards(view, [10**9], SolverMemo())
        table = [c for m in view.start_table for c in m]
        for c in dead:
            assert not can_lay(table, [c], "both")
        world = bots._sample_world(view, rng, dead, {})
        assert _world_cards(world) == Counter(str(c) for c in double_deck())
        assert world.hands[view.player] == view.hand
        assert world.start_table == view.start_table
        for p, h in enumerate(world.hands):
            assert len(h) == view.hand_sizes[p]
            if p != view.player and len(dead) >= 2 * len(h):
                assert all(c in dead for c in h)
                assert max_laid([], h, "both") == 0  # no meld inside the guessed hand


def test_a_player_who_drew_is_guessed_to_hold_one_unknown_card() -> None:
    s = start("AS 2S 3S", "7H 7D 7C")
    bot = Strong()
    bot._note_draws(GAME.view(s, 0))
    assert bot._drew == {1: False}
    hands = (s.hands[0], tuple(sorted((*s.hands[1], s.deck[0]))))
    grown = MState(config=s.config, deck=s.deck[1:], hands=hands, table=s.table,
                   start_table=s.start_table, helping=s.helping, player=0, turns=2)
    bot._note_draws(GAME.view(grown, 0))
    assert bot._drew == {1: True}
    again = Strong()
    again._note_draws(GAME.view(grown, 0))  # no memory: assume they laid all they could
    assert again._drew == {1: False}


def _position(opponent: str, hand: str = "4S 8D 9D TD KC",
              table: str = "AS 2S 3S | 7H 7D 7C") -> MState:
    """Player 0 to move with ``hand`` on ``table``; the opponent holds ``opponent``."""
    s = start(hand, table)
    return replace(s, hands=(s.hands[0], tuple(parse_cards(opponent))))


def test_strong_with_no_budget_still_plays_the_most_cards() -> None:
    """Out of budget, the strong player plays as standard does."""
    s = _position("5S 6S")  # they could go out
    view = GAME.view(s, 0)
    poor = Strong()
    poor.turn_work = 0
    std = Standard()
    legal = LazyLegal(GAME, s)
    assert poor.choose(view, legal, random.Random(0)) == std.choose(view, legal, random.Random(0))


def _strong_against(monkeypatch: pytest.MonkeyPatch, opponent: str,
                    *position: str) -> tuple[MState, list[list[Card]] | None]:
    """The strong player's target when its guesses all say the opponent holds ``opponent``
    (``position``: hand and table, as for ``_position``)."""
    s = _position(opponent, *position)
    monkeypatch.setattr(bots, "_sample_world", lambda *_: s)
    view = GAME.view(s, 0)
    return s, Strong().target(view, view.hand)


def _laid_of(target: list[list[Card]] | None, *cards: str) -> list[str]:
    assert target is not None
    return sorted(str(c) for m in target for c in m if str(c) in cards)


def _standard_lays_all_ten(s: MState) -> bool:
    full = Standard().target(GAME.view(s, 0), s.hands[0])
    return full is not None and sum(len(m) for m in full) == 10


def test_strong_does_not_hand_the_game_to_an_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the guesses say the opponent holds 5S 6S, laying 4S would let them go out on the
    spade run: the strong player keeps the 4S back and lays the 8D 9D TD run instead, while
    standard lays everything. (How the guesses are made is tested above.)"""
    s, target = _strong_against(monkeypatch, "5S 6S")
    assert _laid_of(target, "4S", "8D", "9D", "TD") == ["8D", "9D", "TD"]
    assert _standard_lays_all_ten(s)


def test_strong_lays_everything_when_the_opponent_cannot_use_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, target = _strong_against(monkeypatch, "KC 5D")
    assert target is not None and sum(len(m) for m in target) == 10


def test_strong_goes_out_when_it_can() -> None:
    s = start("4S 5S", "AS 2S 3S | 7H 7D 7C")
    bot = make_bot("strong")
    for _ in range(5):
        a = bot.choose(GAME.view(s, 0), LazyLegal(GAME, s), random.Random(0))
        s = GAME.apply(s, a)
        if isinstance(a, EndTurn):
            break
    assert GAME.is_over(s) and s.winners == (0,)


def test_standard_takes_a_helping_card_that_lays_more_of_its_hand() -> None:
    """5H 6H in the hand and 7H face up: the run 5H 6H 7H goes down, taking the 7H."""
    s = start("5H 6H KC", helping="7H 2D 3D 9S", variant="helping")
    bot = make_bot("standard")
    seen = []
    for _ in range(6):
        a = bot.choose(GAME.view(s, 0), LazyLegal(GAME, s), random.Random(0))
        seen.append(a)
        s = GAME.apply(s, a)
        if isinstance(a, EndTurn):
            break
    assert any(isinstance(a, Take) for a in seen) and any(isinstance(a, Lay) for a in seen)
    assert s.hands[0] == tuple(parse_cards("KC"))
    assert sorted(str(c) for m in s.start_table for c in m) == ["5H", "6H", "7H"]


def test_helping_cards_alone_are_never_taken() -> None:
    """2D 3D 4D face up make a run, but without a hand card the turn could not end."""
    s = start("KC QS", helping="2D 3D 4D 9S", variant="helping")
    a = make_bot("standard").choose(GAME.view(s, 0), LazyLegal(GAME, s), random.Random(0))
    assert not isinstance(a, Take | Lay)


def test_beginner_ignores_helping_cards() -> None:
    s = start("5H 6H KC", helping="7H 2D 3D 9S", variant="helping")
    a = make_bot("beginner").choose(GAME.view(s, 0), LazyLegal(GAME, s), random.Random(0))
    assert not isinstance(a, Take | Lay)


def test_strong_games_replay_exactly() -> None:
    cfg = GAME.make_config(players=2)
    end, _ = play_to_end(GAME, deal_seeded(GAME, cfg, 11),
                         [make_bot("strong"), make_bot("standard")], 11)
    again, _ = play_to_end(GAME, deal_seeded(GAME, cfg, 11),
                           [make_bot("strong"), make_bot("standard")], 11)
    assert GAME.state_to_dict(again) == GAME.state_to_dict(end)


def test_strong_keeps_back_a_card_that_opens_the_table_to_the_opponent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody is close to going out, but laying the 4S would let the guessed hand lay its
    5S 6S on the spade run: two of their cards for one of ours. The strong player lays the
    8D 9D TD run and keeps the 4S; standard lays all four."""
    s, target = _strong_against(monkeypatch, "2H 5S 6S 5C 9C JH QC")
    assert len(s.hands[1]) > Strong.danger
    assert _laid_of(target, "4S", "8D", "9D", "TD") == ["8D", "9D", "TD"]
    assert _standard_lays_all_ten(s)


def test_against_a_one_card_opponent_every_possible_card_is_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With one card left, the opponent holds one of the unseen cards that did not fit the
    table; the strong player counts them all, so its choice does not depend on a guess that
    happens to be the 5S its 4S would free, or the harmless KC."""
    choices = [sorted(str(c) for m in target for c in m) if target else []
               for _, target in (_strong_against(monkeypatch, guess) for guess in ("5S", "KC"))]
    assert choices[0] and choices[0] == choices[1]


def test_strong_keeps_the_last_cards_that_can_go_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Laying the most cards (6S on the run, 5H 6H 7H) would keep a 6C that no likely table
    takes. The strong player lays the 6S 6H 6C group instead and keeps 5H 7H: once the guessed
    opponent adds their 6D to the group, the 6H can go between them and it goes out."""
    s, target = _strong_against(monkeypatch, "2C 5C 6D 8H 9C JS QD", "5H 6C 6H 6S 7H",
                                "3S 4S 5S")
    view = GAME.view(s, 0)
    assert target is not None
    on_table = Counter(str(c) for m in target for c in m)
    kept = sorted((Counter(str(c) for c in view.hand) - on_table).elements())
    assert kept == ["5H", "7H"]
    after = [c for m in target for c in m]
    reply = solve([after], s.hands[1], "both", least_change=False)
    assert reply is not None and reply.max_cards > 0
    assert can_lay(after + list(reply.laid), parse_cards("5H 7H"), "both")
    greedy = Strong()
    greedy.out_weight = 0
    most = greedy.target(view, view.hand)
    assert most is not None and sum(len(m) for m in most) == 7

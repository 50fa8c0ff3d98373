"""A tournament game is a ``play --seed`` game: the tournament command plays through
:func:`engine.tournament.play_tournament`, which deals and seats as documented."""

from __future__ import annotations

import pytest

from engine.seats import play_seeded
from engine.tournament import (
    play_tournament,
    play_tournament_game,
    tournament_deal,
    tournament_seats,
)


def test_each_deal_is_played_once_per_seat() -> None:
    assert [tournament_seats("a", "b", 3, g) for g in range(4)] == [
        ["a", "b", "b"], ["b", "a", "b"], ["b", "b", "a"], ["a", "b", "b"]]
    assert [tournament_deal(2, g, 2) for g in range(4)] == [200006, 200006, 200007, 200007]


@pytest.mark.parametrize(("game_id", "options"), [("cube-farm", {"hands": 1}),
                                                  ("machine", {"max_rounds": 4})])
def test_tournament_game_n_is_the_play_seed_game(game_id: str,
                                                 options: dict[str, object]) -> None:
    for n in range(3):
        g = play_tournament_game(game_id, "standard", "beginner", n, 5, 2, options)
        seats = tournament_seats("standard", "beginner", 2, n)
        again = play_seeded(game_id, tournament_deal(5, n, 2), seats, options)
        assert g.result == again and g.a_seat == n % 2
        assert sum(len(t) for t in g.turn_seconds.values()) > 0


def test_processes_do_not_change_the_games() -> None:
    one = [g.result for g in play_tournament("machine", "beginner", "standard", 3, 1, 2,
                                             {"max_rounds": 3})]
    two = [g.result for g in play_tournament("machine", "beginner", "standard", 3, 1, 2,
                                             {"max_rounds": 3}, jobs=2)]
    assert one == two

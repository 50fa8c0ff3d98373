"""The sample game (tests/sample/nim), registered from outside the engine, plays seated games
and keeps every soak invariant: a fifth game costs its own package and one registry line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sample import registered

from engine.errors import InvalidConfig
from engine.protocol import outcome_text
from engine.seats import play_seeded
from engine.soak import soak_game


@pytest.fixture()
def nim() -> Iterator[str]:
    with registered() as gid:
        yield gid


def test_soak_games_keep_every_invariant(nim: str) -> None:
    for seed in range(30):
        r = soak_game(nim, seed)
        assert r.failure is None, (seed, r.failure)
        assert r.finished


def test_seated_play_perfect_beats_random(nim: str) -> None:
    wins = 0
    for seed in range(20):
        seats = ["perfect", "random"] if seed % 2 == 0 else ["random", "perfect"]
        r = play_seeded(nim, seed, seats)
        assert r == play_seeded(nim, seed, seats)  # a seed is one game
        wins += seats[r.outcome.winners[0]] == "perfect"
        assert outcome_text(r.outcome, ["Ana", "Bo"]) == (
            f"{['Ana', 'Bo'][r.outcome.winners[0]]} took the last stone.")
    assert wins >= 17
    with pytest.raises(InvalidConfig):
        play_seeded(nim, 1, ["perfect", "strong"])

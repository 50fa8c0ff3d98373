"""Tournaments: computer level against computer level, one seeded game after another.

Every game's ``tournament`` command plays through :func:`play_tournament`, so tournament
game ``N`` from seed ``S`` is exactly ``python -m engine GAME play --seed D --seats ...`` with
``D = tournament_deal(S, N, players)`` and the seats of :func:`tournament_seats`: each deal
is played once per seat with level ``a`` moving one seat on (for two players, the same deal
twice with the seats swapped), so the luck of the deal cancels out. Win rates and their
confidence intervals are reported the same way by every game (:func:`wilson`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.seats import PlayResult, play_seeded

DEALS_APART = 100003  # tournaments from seeds S and S + 1 share no deal (below this many games)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion; shared wins may count as fractions.

    Wilson rather than the normal approximation because bot-versus-bot win rates are often
    near 0 or 1, where the normal interval leaves [0, 1].
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def tournament_deal(seed: int, game: int, players: int) -> int:
    """The deal number (``play --seed``) of tournament game ``game`` from ``seed``."""
    return seed * DEALS_APART + game // players


def tournament_seats(a: str, b: str, players: int, game: int) -> list[str]:
    """Level ``a`` in seat ``game % players``, level ``b`` in every other seat."""
    seats = [b] * players
    seats[game % players] = a
    return seats


@dataclass(frozen=True)
class TournamentGame:
    """One tournament game: its number, the seat of level a, the seated game as played, and
    each turn's time (every decision of one player's turn added up), by seat."""

    number: int
    a_seat: int
    result: PlayResult
    turn_seconds: Mapping[int, Sequence[float]] = field(default_factory=dict)
    turn_cpu_seconds: Mapping[int, Sequence[float]] = field(default_factory=dict)


def play_tournament_game(game_id: str, a: str, b: str, number: int, seed: int, players: int,
                         options: Mapping[str, object] | None = None) -> TournamentGame:
    """Tournament game ``number``: :func:`engine.seats.play_seeded`, timed turn by turn."""
    seats = tournament_seats(a, b, players, number)
    wall: dict[int, list[float]] = {}
    cpu: dict[int, list[float]] = {}
    turn: list[Any] = [None, 0.0, 0.0]  # whose turn, its wall and processor seconds so far

    def close() -> None:
        if turn[0] is not None:
            wall.setdefault(turn[0], []).append(turn[1])
            cpu.setdefault(turn[0], []).append(turn[2])

    def timed(player: int, seconds: float, cpu_seconds: float) -> None:
        if player != turn[0]:
            close()
            turn[:] = [player, 0.0, 0.0]
        turn[1] += seconds
        turn[2] += cpu_seconds

    result = play_seeded(game_id, tournament_deal(seed, number, players), seats, options,
                         on_decision=timed)
    close()
    return TournamentGame(number, number % players, result, wall, cpu)


def _play(job: tuple[str, str, str, int, int, int, Mapping[str, object] | None]
          ) -> TournamentGame:
    return play_tournament_game(*job)


def play_tournament(game_id: str, a: str, b: str, games: int, seed: int, players: int,
                    options: Mapping[str, object] | None = None, jobs: int = 1,
                    progress: bool = False) -> Iterator[TournamentGame]:
    """Tournament games 0 to ``games - 1``, in order. ``jobs`` processes share them out (each
    game is its own seeded game with new bots: the results are the same for any number).
    ``progress``: a line on standard error every tenth of the games (from 20 games on)."""
    import sys

    work = [(game_id, a, b, n, seed, players, options) for n in range(games)]
    pool = None
    results: Iterable[TournamentGame]
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap(_play, work)
    else:
        results = map(_play, work)
    try:
        for g in results:
            yield g
            done = g.number + 1
            if progress and games >= 20 and done % max(1, games // 10) == 0:
                print(f"… {done} of {games} games played", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()


__all__ = ["DEALS_APART", "TournamentGame", "play_tournament", "play_tournament_game",
           "tournament_deal", "tournament_seats", "wilson"]

"""Tournaments: computer level against computer level, one seeded game after another.

``python -m engine tournament GAME`` plays through :func:`play_tournament`, so tournament
game ``N`` from seed ``S`` is exactly ``python -m engine play GAME --seed D --seats ...`` with
``D = tournament_deal(S, N, players)`` and the seats of :func:`tournament_seats`: each deal
is played once per seat with level ``a`` moving one seat on (for two players, the same deal
twice with the seats swapped), so the luck of the deal cancels out. :func:`report` adds the
games up the same way for every game: win rates with their confidence intervals
(:func:`wilson`), scores, lengths, what the outcomes' details say, turn times.
"""

from __future__ import annotations

import json
import math
import statistics
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


@dataclass(frozen=True)
class TournamentReport:
    """What a tournament's games add up to, counted the same way for every game.

    Side ``a`` is level a's one seat in each game, side ``b`` every other seat. A win shared
    by ``k`` seats counts ``1/k`` to each; ``b_wins`` adds up side b's seats (so with more
    than two players a b seat wins ``b_wins / (players - 1)``). ``mean_score``: by side, when
    the game scores. ``details``: the outcomes' details, a number as its mean over the games
    that have it and a word (or yes/no) as how many games had each value. ``turn_ms``: by
    side, the median and worst turn (every decision of a player's turn added up), wall clock
    and processor time, and the number of turns.
    """

    game: str
    a: str
    b: str
    games: int
    players: int
    seed: int
    options: Mapping[str, object]
    a_wins: float
    b_wins: float
    no_winner: int
    mean_actions: float
    mean_score: Mapping[str, float]
    details: Mapping[str, Mapping[str, float]]
    turn_ms: Mapping[str, Mapping[str, float]]

    @property
    def a_win_rate(self) -> float:
        return self.a_wins / self.games

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "a": self.a, "b": self.b, "games": self.games,
            "players": self.players, "seed": self.seed, "options": dict(self.options),
            "a_wins": self.a_wins, "b_wins": self.b_wins, "a_win_rate": self.a_win_rate,
            "a_win_ci95": list(wilson(self.a_wins, self.games)), "no_winner": self.no_winner,
            "mean_actions": self.mean_actions, "mean_score": dict(self.mean_score),
            "details": {k: dict(v) for k, v in self.details.items()},
            "turn_ms": {k: dict(v) for k, v in self.turn_ms.items()},
        }


def report(game_id: str, a: str, b: str, games: int, seed: int, players: int,
           options: Mapping[str, object] | None = None, jobs: int = 1,
           progress: bool = False) -> TournamentReport:
    """Play the games of :func:`play_tournament` and add them up (:class:`TournamentReport`)."""
    wins = {"a": 0.0, "b": 0.0}
    no_winner = 0
    actions: list[int] = []
    scores: dict[str, list[float]] = {}
    words: dict[str, dict[str, float]] = {}
    numbers: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    played: Mapping[str, object] = dict(options or {})
    for g in play_tournament(game_id, a, b, games, seed, players, options, jobs, progress):
        played = g.result.options
        out = g.result.outcome

        def side(seat: int, g: TournamentGame = g) -> str:
            return "a" if seat == g.a_seat else "b"

        for w in out.winners:
            wins[side(w)] += 1 / len(out.winners)
        no_winner += not out.winners
        actions.append(g.result.actions)
        for seat, score in enumerate(out.scores or ()):
            scores.setdefault(side(seat), []).append(score)
        for key, value in out.details.items():
            if isinstance(value, bool | str):
                text = value if isinstance(value, str) else json.dumps(value)
                tally = words.setdefault(key, {})
                tally[text] = tally.get(text, 0) + 1
            elif isinstance(value, int | float):
                numbers.setdefault(key, []).append(value)
        for seat, ts in g.turn_seconds.items():
            wall.setdefault(side(seat), []).extend(ts)
            cpu.setdefault(side(seat), []).extend(g.turn_cpu_seconds[seat])
    details: dict[str, Mapping[str, float]] = dict(words)
    for key, xs in numbers.items():
        details[key] = {"mean": statistics.fmean(xs), "games": len(xs)}
    turn_ms = {s: {"median": 1000 * statistics.median(wall[s]), "worst": 1000 * max(wall[s]),
                   "cpu_median": 1000 * statistics.median(cpu[s]),
                   "cpu_worst": 1000 * max(cpu[s]), "turns": len(wall[s])}
               for s in sorted(wall) if wall[s]}
    return TournamentReport(game_id, a, b, games, players, seed, played, wins["a"], wins["b"],
                            no_winner, statistics.fmean(actions),
                            {s: statistics.fmean(xs) for s, xs in sorted(scores.items())},
                            details, turn_ms)


__all__ = ["DEALS_APART", "TournamentGame", "TournamentReport", "play_tournament",
           "play_tournament_game", "report", "tournament_deal", "tournament_seats", "wilson"]

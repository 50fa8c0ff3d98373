"""Command line: ``python -m engine machine play|tournament ...``.

``tournament`` plays computer players against each other (seats alternate between games) and
prints win rates with 95 % confidence intervals, game length, how often everybody got stuck,
and how long a computer turn takes (median and worst, per level).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import ParseError
from engine.games.machine.bots import BOTS
from engine.games.machine.rules import GAME, LIMIT, STUCK, MachineConfig, MachineState


@dataclass
class GameRecord:
    """One finished game: who sat where, who won, how long it took."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    result: str
    rounds: int
    turns: int
    log: list[str] = field(default_factory=list)


@dataclass
class Timing:
    """Seconds per computer turn (all decisions of one turn added up), per level."""

    turns: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        self.turns.setdefault(level, []).append(seconds)


def play_game(seats: Sequence[str], seed: str, max_rounds: int, timing: Timing | None = None,
              keep_log: bool = False) -> GameRecord:
    """Play one game between computer players; ``seats[i]`` is the level in seat i."""
    config = MachineConfig(players=len(seats), max_rounds=max_rounds)
    state: MachineState = GAME.new_game(config, random.Random(seed))
    rng = random.Random(f"{seed}:bots")
    bots = [BOTS[s] for s in seats]
    log: list[str] = []
    turn_time = 0.0
    turn_owner = state.current
    while not GAME.is_over(state):
        p = state.current
        if p != turn_owner or (state.phase == "turn" and state.drawn == 0):
            pass
        view = GAME.view(state, p)
        legal = GAME.legal_actions(state)
        t0 = time.perf_counter()
        action = bots[p].choose(view, legal, rng)
        dt = time.perf_counter() - t0
        before_turns = state.turns
        state = GAME.apply(state, action)
        turn_time += dt
        if keep_log:
            log.append(f"P{p + 1} {action}")
        if state.turns != before_turns or GAME.is_over(state) or state.phase == "turn" and \
                state.current != p:
            if timing is not None and state.round > 0:
                timing.add(seats[p], turn_time)
            turn_time = 0.0
        turn_owner = state.current
    outcome = GAME.outcome(state)
    assert outcome is not None
    return GameRecord(tuple(seats), outcome.winners, str(state.result), state.round,
                      state.turns, log)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def tournament(a: str, b: str, games: int, seed: int, players: int, max_rounds: int
               ) -> dict[str, object]:
    """``games`` games; level ``a`` takes seat ``i % players`` in game i, ``b`` the others."""
    timing = Timing()
    wins = {a: 0.0, b: 0.0}
    stuck = limit = 0
    rounds: list[int] = []
    turns: list[int] = []
    for i in range(games):
        seats = [b] * players
        seats[i % players] = a
        rec = play_game(seats, f"{seed}:{i}", max_rounds, timing)
        for w in rec.winners:
            wins[seats[w]] += 1 / len(rec.winners) if a != b else 0.5 / len(rec.winners)
        stuck += rec.result == STUCK
        limit += rec.result == LIMIT
        rounds.append(rec.rounds)
        turns.append(rec.turns)
    out: dict[str, object] = {
        "games": games, "players": players, "seed": seed, "a": a, "b": b,
        "everybody_stuck_rate": stuck / games, "round_limit_rate": limit / games,
        "mean_rounds": statistics.fmean(rounds), "mean_turns": statistics.fmean(turns),
    }
    for level in dict.fromkeys((a, b)):
        lo, hi = wilson(wins[level], games)
        out[f"wins_{level}"] = wins[level]
        out[f"win_rate_{level}"] = wins[level] / games
        out[f"ci95_{level}"] = [lo, hi]
    out["turn_ms"] = {
        level: {"median": 1000 * statistics.median(ts), "worst": 1000 * max(ts),
                "turns": len(ts)}
        for level, ts in timing.turns.items()
    }
    return out


def cli_main(argv: list[str]) -> int:
    """``python -m engine machine tournament|play ...``."""
    levels = sorted(BOTS)
    p = argparse.ArgumentParser(prog="python -m engine machine",
                                description="Perpetual-Motion Machine.")
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tournament", help="computer players against each other")
    t.add_argument("--a", default="strong", choices=levels)
    t.add_argument("--b", default="standard", choices=levels)
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--players", type=int, default=2)
    t.add_argument("--max-rounds", type=int, default=GAME.default_config().max_rounds)
    t.add_argument("--json", action="store_true")
    g = sub.add_parser("play", help="play one game between computer players and print it")
    g.add_argument("--bots", default="standard,standard",
                   help="levels by seat, comma separated (2 to 4)")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--max-rounds", type=int, default=GAME.default_config().max_rounds)
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.cmd == "play":
        seats = [s.strip() for s in args.bots.split(",")]
        if not 2 <= len(seats) <= 4 or any(s not in BOTS for s in seats):
            raise ParseError(f"--bots: 2 to 4 of {', '.join(levels)}, comma separated")
        rec = play_game(seats, str(args.seed), args.max_rounds, keep_log=True)
        for line in rec.log:
            print(line)
        print(f"result: {rec.result}, winners: {[w + 1 for w in rec.winners]}, "
              f"rounds: {rec.rounds}, turns: {rec.turns}")
        return 0
    if args.games < 1:
        raise ParseError("--games must be at least 1")
    if not 2 <= args.players <= 4:
        raise ParseError("--players must be 2, 3 or 4")
    if not 0 <= args.max_rounds <= 1000:
        raise ParseError("--max-rounds must be 0..1000")
    res = tournament(args.a, args.b, args.games, args.seed, args.players, args.max_rounds)
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"{res['games']} games, {res['players']} players, seed {res['seed']} "
          f"({args.a} in one seat, {args.b} in the others; seats rotate)")
    for level in dict.fromkeys((args.a, args.b)):
        lo, hi = res[f"ci95_{level}"]  # type: ignore[misc]
        print(f"  {level:9} wins {res[f'wins_{level}']:g} = "
              f"{100 * float(res[f'win_rate_{level}']):.1f} % "  # type: ignore[arg-type]
              f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f} %)")
    print(f"  mean game length: {res['mean_rounds']:.1f} rounds "
          f"({res['mean_turns']:.1f} turns in all)")
    print(f"  everybody stuck: {100 * float(res['everybody_stuck_rate']):.1f} %,"  # type: ignore[arg-type]
          f" round limit reached: {100 * float(res['round_limit_rate']):.1f} %")  # type: ignore[arg-type]
    for level, tm in res["turn_ms"].items():  # type: ignore[attr-defined]
        print(f"  {level:9} turn time: median {tm['median']:.2f} ms, worst {tm['worst']:.2f} ms"
              f" over {tm['turns']} turns")
    return 0

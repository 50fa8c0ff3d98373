"""Command line: ``python -m engine machine tournament|play ...``.

``play`` plays one seeded game between computer levels (:mod:`engine.play_cli`, dealt and
decided as the app's watch link does) and prints each action, then the result.

``tournament`` plays computer players against each other (the first level rotates through the
seats from game to game) and prints win rates with 95 % confidence intervals, the mean game
length, how often everybody got stuck, and how long a computer turn takes (median and worst,
per level; a turn is every decision of one player's turn added up).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import ParseError
from engine.games.machine.bots import make_bot
from engine.games.machine.rules import GAME, LIMIT, STUCK, MachineConfig
from engine.play_cli import add_play_parser, run_play, summary_lines
from engine.protocol import JSONDict
from engine.tournament import play_tournament, wilson


@dataclass
class GameRecord:
    """One finished game: who sat where, who won, how long it took."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    result: str
    rounds: int
    turns: int
    log: list[str] = field(default_factory=list)


def play_game(seats: Sequence[str], seed: str, max_rounds: int,
              turn_times: dict[str, list[float]] | None = None,
              keep_log: bool = False,
              cpu_times: dict[str, list[float]] | None = None) -> GameRecord:
    """Play one game between computer players; ``seats[i]`` is the level in seat i (dealt
    from ``seed``, a text; not a seated game: tournaments and ``play`` use engine.seats).

    Turn times are measured twice: wall-clock (``turn_times``) and the process's CPU time
    (``cpu_times``), which a busy machine does not inflate.
    """
    config = MachineConfig(players=len(seats), max_rounds=max_rounds)
    state = GAME.new_game(config, random.Random(seed))
    rng = random.Random(f"{seed}:bots")
    bots = [make_bot(s) for s in seats]  # every seat its own
    log: list[str] = []
    spent = cpu = 0.0
    while not GAME.is_over(state):
        p = state.current
        legal = GAME.legal_actions(state)
        t0, c0 = time.perf_counter(), time.process_time()
        action = bots[p].choose(GAME.view(state, p), legal, rng)
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
        turns_before = state.turns
        state = GAME.apply(state, action)
        if keep_log:
            log.append(f"P{p + 1} {action}")
        # a turn (or a set-up placement) is over when the turn count or the player changes
        if state.turns != turns_before or state.current != p or GAME.is_over(state):
            if turn_times is not None:
                turn_times.setdefault(seats[p], []).append(spent)
            if cpu_times is not None:
                cpu_times.setdefault(seats[p], []).append(cpu)
            spent = cpu = 0.0
    outcome = GAME.outcome(state)
    assert outcome is not None
    return GameRecord(tuple(seats), outcome.winners, str(state.result), state.round,
                      state.turns, log)


@dataclass
class TournamentResult:
    """Figures of a tournament; ``wins`` per level (a shared win counts as a fraction)."""

    a: str
    b: str
    games: int
    players: int
    seed: int
    wins: dict[str, float]
    stuck: int
    limit: int
    rounds: list[int]
    turns: list[int]
    turn_times: dict[str, list[float]]
    cpu_times: dict[str, list[float]]

    def win_rate(self, level: str) -> float:
        return self.wins[level] / self.games

    def to_dict(self) -> JSONDict:
        return {
            "a": self.a, "b": self.b, "games": self.games, "players": self.players,
            "seed": self.seed,
            "win_rate": {lv: self.win_rate(lv) for lv in self.wins},
            "ci95": {lv: list(wilson(w, self.games)) for lv, w in self.wins.items()},
            "everybody_stuck_rate": self.stuck / self.games,
            "round_limit_rate": self.limit / self.games,
            "mean_rounds": statistics.fmean(self.rounds),
            "mean_turns": statistics.fmean(self.turns),
            "turn_ms": {lv: {"median": 1000 * statistics.median(ts), "worst": 1000 * max(ts),
                             "turns": len(ts)} for lv, ts in self.turn_times.items()},
            "turn_cpu_ms": {lv: {"median": 1000 * statistics.median(ts),
                                 "worst": 1000 * max(ts)} for lv, ts in self.cpu_times.items()},
        }


def tournament(a: str, b: str, games: int, seed: int, players: int = 2,
               max_rounds: int = GAME.default_config().max_rounds) -> TournamentResult:
    """Games of :func:`engine.tournament.play_tournament`: level ``a`` sits in seat
    ``i % players`` in game i, ``b`` elsewhere, each deal played once per seat.

    When ``a == b`` every seat is that level and its win rate is the share of games won by
    anybody (so 1 minus the everybody-stuck and no-winner rate).
    """
    turn_times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    wins = {a: 0.0, b: 0.0}
    stuck = limit = 0
    rounds: list[int] = []
    turns: list[int] = []
    for g in play_tournament("machine", a, b, games, seed, players,
                             {"max_rounds": max_rounds}, progress=True):
        seats = g.result.seats
        state = g.result.state
        for w in g.result.outcome.winners:
            wins[seats[w]] += 1 / len(g.result.outcome.winners)
        stuck += state.result == STUCK
        limit += state.result == LIMIT
        rounds.append(state.round)
        turns.append(state.turns)
        for seat, ts in g.turn_seconds.items():
            turn_times.setdefault(seats[seat], []).extend(ts)
            cpu_times.setdefault(seats[seat], []).extend(g.turn_cpu_seconds[seat])
    return TournamentResult(a, b, games, players, seed, wins, stuck, limit, rounds, turns,
                            turn_times, cpu_times)


def print_result(res: TournamentResult) -> None:
    print(f"{res.games} games, {res.players} players, seed {res.seed}: {res.a} against "
          f"{res.b} ({res.a} rotates through the seats)")
    for level in dict.fromkeys((res.a, res.b)):
        lo, hi = wilson(res.wins[level], res.games)
        print(f"  {level:9} wins {res.wins[level]:g} = {100 * res.win_rate(level):.1f} % "
              f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f} %)")
    print(f"  mean game length: {statistics.fmean(res.rounds):.1f} turns per player "
          f"(rounds), {statistics.fmean(res.turns):.1f} turns in all")
    print(f"  everybody stuck: {100 * res.stuck / res.games:.1f} % of games; "
          f"round limit reached: {100 * res.limit / res.games:.1f} %")
    for level, ts in res.turn_times.items():
        cs = res.cpu_times[level]
        print(f"  {level:9} turn time over {len(ts)} turns: wall median "
              f"{1000 * statistics.median(ts):.2f} ms, worst {1000 * max(ts):.2f} ms; "
              f"CPU median {1000 * statistics.median(cs):.2f} ms, worst {1000 * max(cs):.2f} ms")


def cli_main(argv: list[str]) -> int:
    """``python -m engine machine tournament|play ...``."""
    levels = sorted(GAME.info.bot_levels)
    default_rounds = GAME.default_config().max_rounds
    p = argparse.ArgumentParser(prog="python -m engine machine",
                                description="Perpetual-Motion Machine.")
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tournament", help="computer players against each other")
    t.add_argument("--a", default="strong", choices=levels,
                   help="level rotating through the seats (default strong)")
    t.add_argument("--b", default="standard", choices=levels,
                   help="level in the other seats (default standard)")
    t.add_argument("--games", type=int, default=100, metavar="N",
                   help="games to play (default 100)")
    t.add_argument("--seed", type=int, default=1, metavar="N",
                   help="tournament seed; game i is play --seed N*100003+i//players "
                        "(default 1)")
    t.add_argument("--players", type=int, default=2, metavar="N",
                   help="players a game, 2 to 4 (default 2)")
    t.add_argument("--max-rounds", type=int, default=default_rounds, metavar="N",
                   help=f"round limit (default {default_rounds}; 0: no limit, up to 1000)")
    t.add_argument("--json", action="store_true", help="print one JSON object")
    g = add_play_parser(sub, "machine", "standard,standard", seat_aliases=("--bots",))
    g.add_argument("--quiet", action="store_true", help="no action log, only the summary")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.cmd == "play":
        result = run_play("machine", args, log=not args.quiet, progress_every=500)
        if not args.json:
            st = result.state
            print("\n".join(summary_lines(result)))
            print(f"result: {st.result}; winners: {[w + 1 for w in result.outcome.winners]}; "
                  f"rounds: {st.round}; turns: {st.turns}")
        return 0
    if not 0 <= args.max_rounds <= 1000:
        raise ParseError("--max-rounds must be 0..1000")
    if args.games < 1:
        raise ParseError("--games must be at least 1")
    if not 2 <= args.players <= 4:
        raise ParseError("--players must be 2, 3 or 4")
    res = tournament(args.a, args.b, args.games, args.seed, args.players, args.max_rounds)
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        print_result(res)
    return 0

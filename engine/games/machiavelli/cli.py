"""Command line: ``python -m engine machiavelli solve|play|tournament ...``.

``solve`` answers "how many of these hand cards can be laid on this table, and how";
``play`` plays one seeded game between computer levels (:mod:`engine.play_cli`);
``tournament`` plays seeded games between computer levels and prints win rates with 95 %
confidence intervals, the mean game length and how long a computer turn takes.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence

from engine.cards import Card, parse_cards
from engine.errors import InvalidConfig, ParseError
from engine.play_cli import add_play_parser, run_play, summary_lines
from engine.seats import choose, config_options, deal_seeded
from engine.tournament import play_tournament, wilson

from .bots import LEVELS, PlanBot
from .melds import ACE_NAMES, ACE_OPTIONS
from .rules import GAME, MConfig, MState
from .solver import DEFAULT_BUDGET_MS, can_lay, check_cards, solve


def parse_table(text: str) -> list[list[Card]]:
    """``"AS 2S 3S | 7H 7D 7C"``: melds separated by ``|``."""
    melds = [parse_cards(part) for part in text.split("|")]
    return [m for m in melds if m]


def _solve_cmd(args: argparse.Namespace) -> int:
    table = parse_table(args.table)
    hand = parse_cards(args.hand)
    check_cards([c for m in table for c in m], hand)
    flat = [c for m in table for c in m]
    if flat and not can_lay(flat, [], args.ace):
        raise ParseError("the table cannot be melded: its cards do not form valid melds")
    if not math.isfinite(args.budget) or args.budget < 0:
        raise ParseError("--budget must be a number of milliseconds, 0 or more (0: no budget)")
    budget = args.budget or None
    sol = solve(table, hand, args.ace, time_budget_ms=budget)
    if sol is None:
        raise ParseError("the table cannot be melded")
    if args.json:
        print(json.dumps(sol.to_dict()))
        return 0
    print(f"lays {sol.max_cards} card{'s' if sol.max_cards != 1 else ''}: "
          f"{' '.join(map(str, sol.laid)) or '-'}"
          + ("" if sol.proven else "  (time budget ran out: not proven best)"))
    for m in sol.melds:
        print("  " + " ".join(map(str, m)))
    return 0


def play_game(config: MConfig, bots: Sequence[PlanBot], seed: int,
              max_steps: int = 200000) -> tuple[MState, int]:
    """Play one seeded game between ``bots`` (one per seat); returns the end state, steps.

    Dealt and decided as every seated game is (:mod:`engine.seats`), so ``play --seed N`` and
    the app's watch link play the game a tournament plays with that deal number.
    """
    state = deal_seeded(GAME, config, seed)
    steps = 0
    while not GAME.is_over(state):
        action = choose(GAME, state, bots[state.player], seed, steps)
        state = GAME.apply(state, action)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game {seed} did not end")
    return state, steps


def tournament(a: str, b: str, games: int, seed: int, players: int, variant: str, ace: str,
               progress: bool = False, jobs: int = 1) -> dict[str, object]:
    """Games of :func:`engine.tournament.play_tournament`: each deal is played once per seat
    with level a moving one seat on (two players: the same deal twice, seats swapped), so
    the luck of the deal cancels out; game ``g`` is ``play --seed`` ``seed * 100003 +
    g // players``. A win shared by several seats of one level counts for that level as
    the share of one seat. ``jobs`` processes share the games out; the results are the same
    for any number."""
    options = config_options(GAME.make_config(players=players, variant=variant, ace=ace))
    wins = {"a": 0.0, "b": 0.0}
    turns: list[int] = []
    times_a: list[float] = []
    times_b: list[float] = []
    t0 = time.perf_counter()
    for g in play_tournament("machiavelli", a, b, games, seed, players, options, jobs):
        names = ["a" if i == g.a_seat else "b" for i in range(players)]
        state = g.result.state
        share = 1 / len(state.winners)
        for w in state.winners:
            wins[names[w]] += share / names.count(names[w])
        turns.append(state.turns)
        for seat, ts in g.turn_seconds.items():
            (times_a if seat == g.a_seat else times_b).extend(ts)
        if progress and (g.number + 1) % 10 == 0:
            el = time.perf_counter() - t0
            print(f"  {g.number + 1}/{games} games, {el:.0f} s, a {wins['a']:.1f} "
                  f"b {wins['b']:.1f}", flush=True)
    times = sorted(times_a + times_b)
    lo, hi = wilson(wins["a"], games)
    return {
        "a": a, "b": b, "games": games, "players": players, "seed": seed,
        "variant": variant, "ace": ace,
        "a_wins": wins["a"], "b_wins": wins["b"],
        "a_rate": wins["a"] / games, "a_ci95": [lo, hi],
        "mean_turns": statistics.fmean(turns),
        "turn_ms_median": 1000 * statistics.median(times) if times else 0.0,
        "turn_ms_worst": 1000 * times[-1] if times else 0.0,
        "turn_ms_median_a": 1000 * statistics.median(times_a or [0.0]),
        "turn_ms_worst_a": 1000 * max(times_a or [0.0]),
        "turn_ms_median_b": 1000 * statistics.median(times_b or [0.0]),
        "turn_ms_worst_b": 1000 * max(times_b or [0.0]),
        "seconds": time.perf_counter() - t0,
    }


def _tournament_cmd(args: argparse.Namespace) -> int:
    for lvl in (args.a, args.b):
        if lvl not in LEVELS:
            raise ParseError(f"unknown level {lvl!r}: choose from {', '.join(LEVELS)}")
    if args.games < 1:
        raise ParseError("--games must be at least 1")
    if not 2 <= args.players <= 8:
        raise InvalidConfig("--players must be 2 to 8")
    if args.jobs < 1:
        raise ParseError("--jobs must be at least 1")
    res = tournament(args.a, args.b, args.games, args.seed, args.players, args.variant,
                     args.ace, progress=args.progress, jobs=args.jobs)
    if args.json:
        print(json.dumps(res))
        return 0
    ci = res["a_ci95"]
    assert isinstance(ci, list)
    print(f"{args.a} vs {args.b}: {args.games} games, {args.players} players, "
          f"variant {args.variant}, ace {args.ace}, seed {args.seed}")
    print(f"  {args.a} wins {res['a_wins']:.1f} ({100 * float(str(res['a_rate'])):.1f} %, "
          f"95 % CI {100 * ci[0]:.1f}-{100 * ci[1]:.1f} %)")
    print(f"  {args.b} wins {res['b_wins']:.1f}")
    print(f"  mean game length: {res['mean_turns']:.1f} turns")
    for side in ("a", "b"):
        print(f"  {res[side]} turn: median {res[f'turn_ms_median_{side}']:.1f} ms, "
              f"worst {res[f'turn_ms_worst_{side}']:.1f} ms")
    return 0


def cli_main(argv: list[str]) -> int:
    """``python -m engine machiavelli solve|play|tournament``."""
    p = argparse.ArgumentParser(prog="python -m engine machiavelli",
                                description="Machiavelli: solver, seeded games and computer "
                                            "tournaments.")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("solve", help="lay the most hand cards on a table")
    s.add_argument("--table", default="", help="melds separated by |, e.g. 'AS 2S 3S | 7H 7D 7C'")
    s.add_argument("--hand", required=True, help="hand cards, e.g. '4S 7S KD'")
    ace_help = ("where an ace stands in a run: " + "; ".join(
        f"{k} ({v})" for k, v in ACE_NAMES.items()) + " (default: both)")
    s.add_argument("--ace", choices=ACE_OPTIONS, default="both", help=ace_help)
    s.add_argument("--budget", type=float, default=DEFAULT_BUDGET_MS,
                   help=f"time budget in ms (default {DEFAULT_BUDGET_MS:g}; 0: none); when it "
                        "runs out the play found is shown as not proven best")
    s.add_argument("--json", action="store_true",
                   help="print the answer as JSON (max_cards, melds, laid, proven)")
    add_play_parser(sub, "machiavelli", "strong,standard")
    t = sub.add_parser("tournament", help="seeded games between computer levels")
    levels = ", ".join(LEVELS)
    t.add_argument("--a", default="strong",
                   help=f"level of the first computer: {levels} (default: strong)")
    t.add_argument("--b", default="standard",
                   help=f"level of the second computer: {levels} (default: standard)")
    t.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    t.add_argument("--seed", type=int, default=1, help="seed of the deals (default: 1)")
    t.add_argument("--players", type=int, default=2,
                   help="players per game, 2-8; the levels take turns in the seats (default: 2)")
    t.add_argument("--variant", default="machiavelli",
                   choices=("machiavelli", "manipulation", "helping"),
                   help="machiavelli, manipulation or helping (default: machiavelli)")
    t.add_argument("--ace", choices=ACE_OPTIONS, default="both", help=ace_help)
    t.add_argument("--progress", action="store_true", help="print a line every 10 games")
    t.add_argument("--jobs", type=int, default=1,
                   help="processes to share the games out (same results for any number)")
    t.add_argument("--json", action="store_true", help="print the results as JSON")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        code = int(e.code or 0)
        return 2 if code else 0
    if args.cmd == "solve":
        return _solve_cmd(args)
    if args.cmd == "play":
        result = run_play("machiavelli", args)
        if not args.json:
            print("\n".join(summary_lines(result)))
        return 0
    return _tournament_cmd(args)

"""Command line: ``python -m engine cube-farm play|tournament|deck|stats ...``.

``play`` plays one seeded game between computer levels (:mod:`engine.play_cli`, dealt and
decided as the app's watch link does).

``tournament`` plays computer levels against each other with alternating seats and prints win
rates with 95 % confidence intervals (Wilson), mean scores and how long a computer turn (a
placement and its claim) took, median and worst, in this interpreter.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import cast

from engine.errors import ParseError
from engine.games.cube_farm.bots import LEVELS, make_bot
from engine.games.cube_farm.deck import CARDS, DECK_IDS, DESIGN_COUNTS, card_name, item_counts
from engine.games.cube_farm.rules import GAME, CFConfig, CFState
from engine.play_cli import add_play_parser, run_play, summary_lines
from engine.tournament import play_tournament, wilson


def play_game(levels: Sequence[str], seed: int, hands: int = 0,
              times: dict[str, list[float]] | None = None) -> CFState:
    """Play one seeded game between the given levels (seat order); returns the final state."""
    config = CFConfig(players=len(levels), hands=hands)
    state = GAME.new_game(config, random.Random(seed))
    rng = random.Random(f"bots:{seed}")
    bots = [make_bot(lv) for lv in levels]  # every seat its own
    turn_time = 0.0
    turn_of: int | None = None
    for _ in range(10000):
        who = GAME.current_player(state)
        if who is None:
            break
        if turn_of is not None and who != turn_of and times is not None:
            times.setdefault(levels[turn_of], []).append(turn_time)
            turn_time = 0.0
        turn_of = who
        legal = GAME.legal_actions(state)
        view = GAME.view(state, who)
        t0 = time.process_time()
        action = bots[who].choose(view, legal, rng)
        turn_time += time.process_time() - t0
        state = GAME.apply(state, action)
    if turn_of is not None and times is not None:
        times.setdefault(levels[turn_of], []).append(turn_time)
    return state



def tournament(a: str, b: str, games: int, seed: int, players: int = 2,
               hands: int = 0) -> dict[str, object]:
    """``a`` against ``b`` (other seats, if any, are ``b``): the games of
    :func:`engine.tournament.play_tournament`, each deal played once per seat of ``a``."""
    a_wins = 0.0  # seat a's share of the wins (the other seats' never mix in, also when
    # both sides are the same level)
    a_scores: list[float] = []
    b_scores: list[float] = []
    times: dict[str, list[float]] = {}
    same = a == b
    for g in play_tournament("cube-farm", a, b, games, seed, players, {"hands": hands}):
        out = g.result.outcome
        assert out.scores is not None
        if g.a_seat in out.winners:
            a_wins += 1.0 / len(out.winners)
        a_scores.append(out.scores[g.a_seat])
        b_scores.extend(s for i, s in enumerate(out.scores) if i != g.a_seat)
        if not same:
            for seat, ts in g.turn_cpu_seconds.items():
                times.setdefault(g.result.seats[seat], []).extend(ts)
    lo, hi = wilson(a_wins, games)
    means = ({f"{a} (side a)": statistics.fmean(a_scores),
              f"{b} (side b)": statistics.fmean(b_scores)} if same else
             {a: statistics.fmean(a_scores), b: statistics.fmean(b_scores)})
    result: dict[str, object] = {
        "a": a, "b": b, "games": games, "players": players, "seed": seed,
        "a_win_rate": a_wins / games, "a_win_ci95": [lo, hi],
        "mean_score": means,
        "turn_ms": {k: {"median": 1000 * statistics.median(v), "worst": 1000 * max(v),
                        "turns": len(v)} for k, v in times.items()},
    }
    return result


def hand_stats(level: str, players: int, hands: int, seed: int) -> str:
    """Score figures over ``hands`` one-hand games of ``players`` copies of ``level``."""
    per_player: list[float] = []
    cubicles = 0
    cub_scores: list[int] = []
    negative = 0
    stones = 0
    cards_on_table: list[int] = []
    for h in range(hands):
        state = play_game([level] * players, seed + h, hands=1)
        per_player.extend(state.history[-1])
        cards_on_table.append(len(state.board.placements))
        for sc in state.board.scores():
            cubicles += 1
            stones += sc.stones
            cub_scores.append(sc.total)
            negative += any(b.value < 0 for b in sc.bonuses)
    lines = [
        f"{hands} hands, {players} x {level}, seed {seed}:",
        f"  score per player per hand: mean {statistics.fmean(per_player):.1f}, "
        f"median {statistics.median(per_player):.0f}, range {min(per_player):.0f} to "
        f"{max(per_player):.0f}",
        f"  claimed cubicles per player per hand: {cubicles / (hands * players):.1f} "
        f"({stones / max(1, cubicles):.2f} stones each)",
        f"  score per claimed cubicle: mean {statistics.fmean(cub_scores):.2f}, "
        f"max {max(cub_scores)}; {100 * negative / max(1, cubicles):.0f} % lose points to a "
        "Receptionist or Vice President",
        f"  cards on the table at the end: {statistics.fmean(cards_on_table):.0f}",
    ]
    return "\n".join(lines)


def cli_main(argv: list[str]) -> int:
    """The commands; output piped into a reader that stops early (``deck | head``) ends
    quietly, as command-line tools do."""
    try:
        code = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader has had enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python exits
        return 0
    return code


def _main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m engine cube-farm",
                                description="Cube Farm: play and measure computer players.")
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tournament", help="computer level a against level b")
    t.add_argument("--a", default="standard", choices=sorted(LEVELS))
    t.add_argument("--b", default="beginner", choices=sorted(LEVELS))
    t.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    t.add_argument("--seed", type=int, default=1,
                   help="tournament seed; game g is play --seed seed*100003+g//players "
                        "(default 1)")
    t.add_argument("--players", type=int, default=2,
                   help="seats, 2 to 5: one is level a, the others level b (default 2)")
    t.add_argument("--hands", type=int, default=0,
                   help="hands per game, 1 to 20 (default 0: one per player, four with two)")
    t.add_argument("--json", action="store_true")
    pl = add_play_parser(sub, "cube-farm", "standard,beginner", seat_aliases=("--levels",))
    pl.add_argument("--show", action="store_true", help="print the final table and scores")
    sub.add_parser("deck", help="print the deck list and design counts")
    st = sub.add_parser("stats", help="score figures of hands played by one computer level")
    st.add_argument("--level", default="standard", choices=sorted(LEVELS))
    st.add_argument("--players", type=int, default=2, help="seats, 2 to 5 (default 2)")
    st.add_argument("--hands", type=int, default=100,
                    help="one-hand games to play (default 100)")
    st.add_argument("--seed", type=int, default=1,
                    help="deal number of the first hand; hand h plays seed + h (default 1)")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.cmd == "deck":
        for cid, (top, bottom) in CARDS.items():  # with the name the app's hand shows
            print(f"{cid:4} {top:16} | {bottom:16} {card_name(cid)}")
        print(json.dumps({"cards_in_deck": len(DECK_IDS), **DESIGN_COUNTS,
                          "items": dict(item_counts())}, indent=1))
        return 0
    if args.cmd == "stats":
        if not 2 <= args.players <= 5 or args.hands < 1:
            raise ParseError("--players must be 2 to 5 and --hands at least 1")
        print(hand_stats(args.level, args.players, args.hands, args.seed))
        return 0
    if args.cmd == "play":
        result = run_play("cube-farm", args)
        if not args.json:
            state = cast(CFState, result.state)
            if args.show:
                print(state.board.render())
                for s in state.board.scores():
                    print(f"player {s.owner + 1}: {s.describe()}")
            print(f"hands: {[list(h) for h in state.history]}")
            print("\n".join(summary_lines(result)))
        return 0
    if args.games < 1:
        raise ParseError("--games must be at least 1")
    if not 2 <= args.players <= 5:
        raise ParseError("--players must be 2 to 5")
    if not 0 <= args.hands <= 20:
        raise ParseError("--hands must be 0 (one per player) to 20")
    res = tournament(args.a, args.b, args.games, args.seed, args.players, args.hands)
    if args.json:
        print(json.dumps(res))
        return 0
    lo, hi = cast("list[float]", res["a_win_ci95"])
    rate = cast(float, res["a_win_rate"])
    means = cast("dict[str, float]", res["mean_score"])
    turns = cast("dict[str, dict[str, float]]", res["turn_ms"])
    print(f"{args.a} vs {args.b}: {args.games} games, {args.players} players, seed {args.seed}, "
          "seats alternating")
    print(f"{args.a} win rate: {100 * rate:.1f} % "
          f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f} %; ties count half)")
    for k, v in means.items():
        print(f"mean score per game, {k}: {v:.1f}")
    for k, tm in turns.items():
        print(f"turn time {k} (CPU): median {tm['median']:.1f} ms, worst {tm['worst']:.1f} ms "
              f"over {int(tm['turns'])} turns")
    return 0

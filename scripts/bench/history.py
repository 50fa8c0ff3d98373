"""What reading the history from the moves costs: a long Machiavelli game in CPython.

The table's log and "since your turn" are read from the game's action log
(:mod:`app.seated.history`): a save is replayed from its deal when it is read (to check its
moves lead to its state), and its log is told again from those moves once per table. This
times, for a seeded match of four beginner computers (to ``--match-limit`` points, 1000 by
default; 0: one hand; at most ``--actions`` actions), the median of ``--runs`` runs of:

* reading the save (:meth:`Match.from_json`, which replays every move from the deal);
* telling the whole log from the moves with a fresh history (every turn replayed and told);
* one more action told (the history reads on from where it was).

    .venv/bin/python -m scripts.bench.history --runs 7
    .venv/bin/python -m scripts.bench.history --runs 7 --match-limit 0
"""

from __future__ import annotations

import argparse
import statistics
import time
from types import SimpleNamespace
from typing import Any, cast

from app.seated import seats as st
from app.seated.history import History
from app.tables.machiavelli.table import MachiavelliBoard

from engine.registry import get_game
from engine.seats import choose, make_bots

GAME_ID = "machiavelli"


def long_game(actions: int, seed: int, limit: int = 1000) -> st.Match[Any]:
    setup = st.Setup(GAME_ID, (st.Seat("you", "You"), *(
        st.Seat("computer", n, "beginner") for n in st.COMPUTER_NAMES[:3])),
        (("match_limit", limit), ("variant", "manipulation")))
    m: st.Match[Any] = st.Match.new(setup, seed)
    game = get_game(GAME_ID)
    bots = make_bots(GAME_ID, ["beginner"] * 4)
    while not m.over and m.actions < actions:
        seat = m.current
        assert seat is not None
        m.apply_all([choose(game, m.state, bots[seat], seed, m.actions)])
    return m


def timed(f: Any, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--match-limit", type=int, default=1000,
                    help="the match's points limit (0: one hand)")
    args = ap.parse_args()
    game = get_game(GAME_ID)
    board = MachiavelliBoard(cast(Any, SimpleNamespace(game=game)))
    m = long_game(args.actions, args.seed, args.match_limit)
    text = m.to_json()
    history: History[Any, Any] = History(game, board)
    lines = history.lines(m, 0)
    print(f"{GAME_ID}: deal {args.seed}, {m.actions} actions, {len(lines)} turns, "
          f"{len(m.state.history)} hands done, save {len(text) // 1024} KiB")
    load = timed(lambda: st.Match.from_json(text, GAME_ID), args.runs)
    tell = timed(lambda: History(game, board).lines(m, 0), args.runs)
    print(f"read the save (replays every move): {load * 1000:.0f} ms")
    print(f"tell the whole log from the moves: {tell * 1000:.0f} ms")
    last = game.parse_action(m.trail[-1])  # the last action, told again after an Undo of it
    before = st.Match.new(m.setup, m.deal)
    before.apply_all([game.parse_action(a) for a in m.trail[:-1]])
    state, count = before.state, before.actions
    times = []
    for _ in range(args.runs):
        m.rewind(state, count)
        history.lines(m, 0)
        t = time.perf_counter()
        m.apply_all([last])
        history.lines(m, 0)
        times.append(time.perf_counter() - t)
    print(f"one more action told: {statistics.median(times) * 1000:.2f} ms")

if __name__ == "__main__":
    main()

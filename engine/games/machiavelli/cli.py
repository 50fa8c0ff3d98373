"""Machiavelli's own command: ``python -m engine machiavelli solve ...`` answers "how many of
these hand cards can be laid on this table, and how". Seeded games and tournaments are the
shared commands (``python -m engine play|tournament machiavelli``, :mod:`engine.cli`).
"""

from __future__ import annotations

import argparse
import json
import math

from engine.cards import Card, parse_cards
from engine.errors import ParseError

from .melds import ACE_NAMES, ACE_OPTIONS
from .solver import DEFAULT_BUDGET_MS, SolverMemo, can_lay, check_cards, solve


def parse_table(text: str) -> list[list[Card]]:
    """``"AS 2S 3S | 7H 7D 7C"``: melds separated by ``|``."""
    melds = [parse_cards(part) for part in text.split("|")]
    return [m for m in melds if m]


def _solve_cmd(args: argparse.Namespace) -> int:
    table = parse_table(args.table)
    hand = parse_cards(args.hand)
    check_cards([c for m in table for c in m], hand)
    flat = [c for m in table for c in m]
    memo = SolverMemo()
    if flat and not can_lay(flat, [], args.ace, memo=memo):
        raise ParseError("the table cannot be melded: its cards do not form valid melds")
    if not math.isfinite(args.budget) or args.budget < 0:
        raise ParseError("--budget must be a number of milliseconds, 0 or more (0: no budget)")
    budget = args.budget or None
    sol = solve(table, hand, args.ace, time_budget_ms=budget, memo=memo)
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


def cli_main(argv: list[str]) -> int:
    """``python -m engine machiavelli solve``."""
    p = argparse.ArgumentParser(prog="python -m engine machiavelli",
                                description="Machiavelli's own commands (besides play and "
                                            "tournament).")
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
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        code = int(e.code or 0)
        return 2 if code else 0
    return _solve_cmd(args)

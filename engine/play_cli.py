"""The ``play`` subcommand every seated game shares: ``python -m engine GAME play ...``.

``--seed N --seats a,b[,c...]`` plus one flag per set-up option of ``GameInfo.options``
(``hand_size`` becomes ``--hand-size``), so the flags, the app's set-up screen and a watch
link's query all name the same options. Values are read by :func:`engine.seats.parse_options`,
the same reader the app uses for a link, and the game is played by
:func:`engine.seats.play_seeded`. Bad input raises an EngineError, which ``engine.__main__``
turns into one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine.registry import get_game
from engine.seats import PlayResult, parse_options, parse_seats, play_seeded


def _flag(option_id: str) -> str:
    return "--" + option_id.replace("_", "-")


def add_play_parser(sub: Any, game_id: str, default_seats: str,
                    seat_aliases: Sequence[str] = ()) -> argparse.ArgumentParser:
    """Add ``play`` to ``sub`` (an argparse subparsers object); returns it for extra flags.

    ``seat_aliases`` keep older spellings of ``--seats`` working (``--bots``, ``--levels``).
    Option flags take text and are checked by the game, so a bad value is one error line.
    """
    info = get_game(game_id).info
    p: argparse.ArgumentParser = sub.add_parser(
        "play", help="play one seeded game between computer players")
    p.add_argument("--seed", type=int, default=1,
                   help="deal number, the app's watch link N (default 1)")
    p.add_argument("--seats", *seat_aliases, dest="seats", default=default_seats,
                   help=(f"computer levels by seat, comma separated, "
                         f"{info.min_players} to {info.max_players} seats; levels "
                         f"{', '.join(info.bot_levels)} (default {default_seats})"))
    for o in info.options:
        extra = (f"; one of {', '.join(v for v, _ in o.choices)}" if o.kind == "choice"
                 else f"; {o.min} to {o.max}")
        p.add_argument(_flag(o.id), dest=f"option_{o.id}", default=None,
                       metavar="VALUE" if o.kind == "choice" else "N",
                       help=f"{o.name} (default {o.default}{extra}). {o.help}".strip())
    p.add_argument("--json", action="store_true",
                   help="print the result as one JSON line (engine.seats.PlayResult.to_dict)")
    return p


def run_play(game_id: str, args: argparse.Namespace, *, log: bool = False,
             progress_every: int = 0) -> PlayResult:
    """Play the game the parsed ``args`` describe; print it as JSON when ``--json``.

    Without ``--json`` nothing is printed here (``log`` prints each action as it is chosen);
    the caller prints its own lines and :func:`summary_lines`. ``progress_every``: when the
    action log is off, say on standard error every that many actions that the game goes on
    (a long game then never looks hung).
    """
    info = get_game(game_id).info
    texts = {o.id: getattr(args, f"option_{o.id}") for o in info.options
             if getattr(args, f"option_{o.id}") is not None}

    count = 0

    def show(player: int, action: object) -> None:
        print(f"P{player + 1} {action}", flush=True)

    def tick(_player: int, _action: object) -> None:
        nonlocal count
        count += 1
        if count % progress_every == 0:
            print(f"… {count} actions played", file=sys.stderr, flush=True)

    on_action = (show if log and not args.json else tick if progress_every > 0 else None)
    result = play_seeded(game_id, args.seed, parse_seats(args.seats),
                         parse_options(game_id, texts), on_action=on_action)
    if args.json:
        print(json.dumps(result.to_dict()))
    return result


def summary_lines(result: PlayResult) -> list[str]:
    """A short human summary: set-up, the outcome's sentence, winners, scores, length."""
    seats = ", ".join(f"{i + 1} {lv}" for i, lv in enumerate(result.seats))
    opts = ", ".join(f"{k} {v}" for k, v in result.options.items())
    lines = [f"{result.game} deal {result.seed}; seats: {seats}" + (f"; {opts}" if opts else ""),
             result.outcome.summary]
    winners = ", ".join(f"seat {w + 1} ({result.seats[w]})" for w in result.outcome.winners)
    tail = f"winners: {winners or 'none'}"
    if result.outcome.scores is not None:
        tail += f"; scores: {', '.join(f'{s:g}' for s in result.outcome.scores)}"
    lines.append(f"{tail}; {result.actions} actions")
    return lines


__all__ = ["add_play_parser", "run_play", "summary_lines"]

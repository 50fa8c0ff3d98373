"""Command line: ``python -m engine play GAME ...`` and ``python -m engine tournament GAME
...`` for every game (:mod:`engine.cli`), and ``python -m engine GAME COMMAND ...`` for the
commands a game has of its own (its package's ``cli_main(argv) -> int``), so that games add
commands without touching each other. ``GAME play`` and ``GAME tournament`` are the shared
commands too. Bad input exits with status 2 and one line; output piped into a reader that
stops early (``| head``) ends quietly, as command-line tools do.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from engine.cli import COMMANDS, run_play, run_tournament
from engine.errors import EngineError
from engine.registry import all_games, current, playable_ids

RUN: dict[str, Callable[[str, list[str]], int]] = {"play": run_play,
                                                   "tournament": run_tournament}


def usage() -> None:
    print("usage: python -m engine COMMAND GAME [options]   (COMMAND GAME --help for more)")
    for name, text in COMMANDS.items():
        print(f"  {name:18} {text}")
    print("       python -m engine GAME COMMAND [options]  (a game's own commands; "
          "GAME --help lists them)")
    print("games:")
    for info in all_games():
        state = "" if info.available else "  (coming soon)"
        print(f"  {info.id:18} {info.name}{state}")


def _unknown(game_id: str) -> int:
    print(f"error: unknown game {game_id!r}; choose from {', '.join(playable_ids())}",
          file=sys.stderr)
    return 2


def dispatch(args: list[str]) -> int:
    if not args or args[0] in ("-h", "--help", "help"):
        usage()
        return 0 if args else 2
    if args[0] in RUN:
        if len(args) < 2 or args[1].startswith("-"):
            usage()
            return 0 if args[1:2] in (["-h"], ["--help"]) else 2
        command, game_id, rest = args[0], args[1], args[2:]
    else:
        game_id, rest = args[0], args[1:]
        command = rest[0] if rest and rest[0] in RUN else ""
        rest = rest[1:] if command else rest
    if game_id not in playable_ids():
        return _unknown(game_id)
    if command:
        return RUN[command](game_id, rest)
    own: Callable[[list[str]], int] | None = getattr(current().module(game_id), "cli_main",
                                                      None)
    if rest and rest[0] not in ("-h", "--help"):
        if own is None:
            print(f"error: {game_id} has no command {rest[0]!r}; its commands: "
                  f"{', '.join(COMMANDS)}", file=sys.stderr)
            return 2
        return own(rest)
    print(f"commands for {game_id}: " + ", ".join(
        f"python -m engine {c} {game_id}" for c in COMMANDS))
    if own is not None:
        print(f"and its own, python -m engine {game_id} COMMAND:")
        own(["--help"])
    return 0 if rest else 2


def main(argv: list[str] | None = None) -> int:
    try:
        code = dispatch(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader has had enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python exits
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())

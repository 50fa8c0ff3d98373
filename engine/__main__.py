"""Command line: ``python -m engine GAME COMMAND ...`` (see README).

Each game module provides ``cli_main(argv) -> int``; this front door only dispatches, so that
games add commands without touching each other. Bad input exits with status 2 and one line.
"""

from __future__ import annotations

import sys

from engine.errors import EngineError
from engine.registry import all_games, current, playable_ids


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print("usage: python -m engine GAME COMMAND [options]   (GAME COMMAND --help for more)")
        print("games:")
        for info in all_games():
            state = "" if info.available else "  (coming soon)"
            print(f"  {info.id:18} {info.name}{state}")
        return 0 if args else 2
    game_id, rest = args[0], args[1:]
    if game_id not in playable_ids():
        print(f"error: unknown game {game_id!r}; choose from {', '.join(playable_ids())}",
              file=sys.stderr)
        return 2
    entry = getattr(current().module(game_id), "cli_main", None)
    if entry is None:
        print(f"error: {game_id} has no command line", file=sys.stderr)
        return 2
    try:
        code: int = entry(rest)
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())

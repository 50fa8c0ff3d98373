#!/usr/bin/env python3
"""Mentions of a game by name in the generic layers (issue 19's figure; goal 0).

The generic layers are the engine's own modules (``engine/*.py`` but the registry), the
app's shell and kit (``web/app/*.py`` outside ``tables/``) and the page's files
(``web/*.js``, ``web/*.html``, ``web/*.json``). A mention is a game's id (with ``-`` or
``_``), its package name or its display name, as a word, in any case. The games are read from
the registry, so a new game is counted without touching this script.

    .venv/bin/python scripts/count_game_names.py [--list]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from engine.registry import all_games

ROOT = Path(__file__).resolve().parent.parent

GENERIC = [("engine", "*.py"), ("web/app", "*.py"), ("web", "*.js"), ("web", "*.html"),
           ("web", "*.json")]
EXEMPT = {"engine/registry.py"}


def words() -> list[str]:
    out: set[str] = set()
    for info in all_games():
        out |= {info.id, info.id.replace("-", "_"), info.name}
    return sorted(out, key=len, reverse=True)


def main() -> int:
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words())
                         + r")(?![\w-])", re.IGNORECASE)
    total = 0
    per_file: list[tuple[str, int, list[str]]] = []
    for folder, glob in GENERIC:
        for path in sorted((ROOT / folder).glob(glob)):
            rel = path.relative_to(ROOT).as_posix()
            if rel in EXEMPT:
                continue
            lines = []
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in pattern.finditer(line):
                    lines.append(f"{rel}:{no}: {m.group(0)}")
            if lines:
                per_file.append((rel, len(lines), lines))
                total += len(lines)
    for rel, n, lines in sorted(per_file, key=lambda x: -x[1]):
        print(f"{n:4d}  {rel}")
        if "--list" in sys.argv:
            for ln in lines:
                print("        " + ln)
    print(f"total: {total} mentions of a game by name in the generic layers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

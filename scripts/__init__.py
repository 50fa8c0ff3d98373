"""The project's build and dev tools, as one package.

- scripts/ itself: the entry points: ``setup.sh`` (sourced by ``play`` and ``test``),
  ``build_site.py`` (with ``icons.py``, ``stdlib_zip.mjs`` and ``pyodide_node.mjs``),
  ``serve.py``, ``soak.py``, ``screenshots.py``, ``screenshots_xbrowser.py``,
  ``compare_screenshots.py``, ``trace_tap.py``, ``code_figures.py``, ``count_game_names.py``,
  ``smoke_loop.py``, ``firefox_race.mjs``, ``analyse_machiavelli_endings.py``;
- ``scripts.lib``: what the tools, the benchmarks and the tests share;
- ``scripts.bench``: the benchmarks, one module each.

``scripts/setup.sh`` makes the checkout importable in its .venv (a ``.pth`` file naming the
checkout's root and its ``web/``), so ``engine``, ``app`` and ``scripts`` import from anywhere
with no ``sys.path`` edit: a tool runs as ``.venv/bin/python scripts/<tool>.py`` or
``.venv/bin/python -m scripts.<tool>``, a benchmark as ``.venv/bin/python -m
scripts.bench.<name>``.

Importing this package checks that ``engine`` and ``app`` are this checkout's: a .venv shared
by two checkouts (a git worktree using another checkout's .venv) names the other one in its
``.pth``, and a run from here would silently build or measure that one's code.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wrong_checkout(root: Path = ROOT) -> list[str]:
    """The packages among ``engine``, ``app`` and ``scripts`` that would not be imported from
    the checkout at ``root`` (each with where it would come from); empty when all are."""
    out = []
    for name, home in (("engine", root / "engine"), ("app", root / "web" / "app"),
                       ("scripts", root / "scripts")):
        spec = find_spec(name)
        where = Path(spec.origin).resolve().parent if spec and spec.origin else None
        if where != home.resolve():
            out.append(f"{name} from {where or 'nowhere'}")
    return out


def check_checkout(root: Path = ROOT) -> None:
    """Stop, saying how to fix it, unless ``engine``, ``app`` and ``scripts`` are ``root``'s."""
    wrong = wrong_checkout(root)
    if wrong:
        raise SystemExit(
            f"this checkout is {root}, but Python would import {', '.join(wrong)}: run "
            f"scripts/setup.sh here (it names this checkout in .venv), or, in a checkout whose "
            f".venv is another checkout's, set PYTHONPATH={root}:{root / 'web'}")


check_checkout()

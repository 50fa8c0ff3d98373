"""The shell is a small composition of parts (issue 44): App under 40 methods, every module of
the shell under 500 lines, and the taps and changes its parts declare gathered into its tables
of handlers with none of them hiding another's."""

from __future__ import annotations

import ast

from helpers.browser import ROOT
from helpers.shell import boot

APP = ROOT / "web" / "app"
SHELL = sorted(APP.glob("shell*.py"))


def methods(path: str, name: str) -> int:
    tree = ast.parse((APP / path).read_text(encoding="utf-8"))
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)
    return sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in cls.body)


def test_the_app_is_a_small_composition() -> None:
    assert len(SHELL) > 1
    assert methods("shell.py", "App") <= 40
    for path in SHELL:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 500, path.name


def test_no_part_of_the_shell_hides_another_parts_tap() -> None:
    app, _page, _env = boot()
    parts = [app.navigator.actions, app.update.actions, app.settings_screen.actions,
             app.backup.actions, app.phones.actions]
    declared = [action for part in parts for action in part]
    assert len(declared) == len(set(declared)), declared
    for part in parts:
        for action, handler in part.items():
            assert app.actions[action] == handler, action
    changes = [*app.settings_screen.changes, "net-name"]
    assert sorted(app.changes) == sorted(changes)

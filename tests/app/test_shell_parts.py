"""The app is made of parts a reader can hold (issue 44): no class in ``web/app`` over 40
methods, no module over 500 lines, the Board protocol at most 15 members; and the taps and
changes the shell's parts declare are gathered into its tables of handlers with none of them
hiding another's."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers.browser import ROOT
from helpers.shell import boot

APP = ROOT / "web" / "app"
SHELL = sorted(APP.glob("shell*.py"))


def classes(path: Path) -> dict[str, ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}


def members(cls: ast.ClassDef) -> int:
    """Methods (properties included) and annotated attributes of a class's own body."""
    return sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.AnnAssign)
               for n in cls.body)


def methods(cls: ast.ClassDef) -> int:
    return sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in cls.body)


def test_no_class_over_40_methods_and_no_module_over_500_lines() -> None:
    files = sorted(APP.rglob("*.py"))
    assert len(files) > 100 and len(SHELL) > 1
    big = {f"{p.relative_to(APP)}:{name}": methods(c) for p in files
           for name, c in classes(p).items() if methods(c) > 40}
    assert big == {}
    long = {str(p.relative_to(APP)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}
    assert methods(classes(APP / "seated" / "table.py")["SeatedTable"]) > 20  # (it is found)


def test_the_board_protocol_has_at_most_15_members() -> None:
    board = classes(APP / "board.py")["Board"]
    assert 10 <= members(board) <= 15


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

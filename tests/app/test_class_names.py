"""No two classes of the app share a name (web/app, nested classes too): a name says which one
it is wherever it is read, imported or searched for."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"


def classes(root: Path) -> dict[str, list[str]]:
    """Every class defined under ``root``: its name, and where (``net/host.py:89``)."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_two_classes_of_the_app_share_a_name() -> None:
    found = classes(APP)
    assert len(found) > 100  # the walk found the app
    shared = {name: where for name, where in found.items() if len(where) > 1}
    assert shared == {}


def test_the_check_sees_a_shared_name(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Host:\n    class Link: ...\n", encoding="utf-8")
    (tmp_path / "net").mkdir()
    (tmp_path / "net" / "b.py").write_text("def f():\n    class Link: ...\n", encoding="utf-8")
    assert {k: v for k, v in classes(tmp_path).items() if len(v) > 1} == {
        "Link": ["a.py:2", "net/b.py:2"]}

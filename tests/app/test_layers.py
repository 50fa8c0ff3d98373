"""The app's layers point one way (issue 44): no import circle anywhere in ``web/app``, and the
table of phones (``app.net``) lies under the table core, imported only by the shell's wiring.

The graph is read from the sources with ``ast``: every ``import`` and ``from … import`` of an
``app`` module, those under ``if TYPE_CHECKING:`` included (a circle through a type is still a
circle for a reader), and each module's package (importing ``app.seated.remote`` runs
``app/seated/__init__.py`` first; a package's ``__init__`` gathering its own modules is
not counted, as Python runs it before them)."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers.browser import ROOT

APP = ROOT / "web" / "app"
# the shell's wiring: the shell makes this phone's part in tables of phones, the page's edge
# and the browser's environment carry its WebRTC
WIRING = {"app.shell", "app.link", "app.main"}


def module_name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in APP.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    base = ".".join(up[:len(up) - node.level + 1] + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
        deps = set()
        for target in found:
            while target and target not in files:  # a name imported from a module
                target = target.rpartition(".")[0]
            # (a package's own modules, which its ``__init__`` gathers, are its parts)
            if target and target != name and not (package == name
                                                   and target.startswith(name + ".")):
                deps.add(target)
        parent = name.rpartition(".")[0]
        if parent in files and parent != name:
            deps.add(parent)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module, or of one importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph[v]:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_apps_own_imports() -> None:
    graph = import_graph()
    assert len(graph) > 100
    assert "app.seated.seats" in graph["app.seated.table"]
    assert "app.seated" in graph["app.seated.table"]  # its package, run first
    assert "app.net.hosting" in graph["app.net.phones"]


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_there_is_no_import_circle_in_the_app() -> None:
    assert cycles(import_graph()) == []


def test_the_phones_lie_under_the_core_imported_only_by_the_wiring() -> None:
    graph = import_graph()
    importers = {m for m, deps in graph.items() if not m.startswith("app.net")
                 and any(d == "app.net" or d.startswith("app.net.") for d in deps)}
    assert importers <= WIRING, sorted(importers - WIRING)
    core = {m for m in graph if m.startswith(("app.seated", "app.tables", "app.core"))}
    assert not any(d.startswith("app.net") for m in core for d in graph[m])

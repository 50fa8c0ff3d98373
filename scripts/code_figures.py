"""The shape of the code, as issue 34 ("one table core") measures it, read from the source tree.

Prints:
* the largest class under web/app/ (lines and methods) and the largest table class;
* per game table package (web/app/tables/<game>/), its largest function (lines);
* how often ``Any`` is named in web/app/ (as a name in the code, not in comments);
* ``sys.path`` edits in scripts/ and tests/;
* ``getattr(`` calls in web/app/ (each a place where a declared protocol could say it);
* with ``--duplicates``: the pairs of duplicated code (six lines or more) the ``duplicates``
  command finds in engine/ and in web/ (when that command is on the PATH).

Usage: .venv/bin/python scripts/code_figures.py [--root DIR] [--duplicates]
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def span(node: ast.AST) -> int:
    return int(getattr(node, "end_lineno", 0) or 0) - int(getattr(node, "lineno", 0) or 0) + 1


def classes(folder: Path) -> list[tuple[int, int, str]]:
    """(lines, methods, "file:Class") of every class under ``folder``."""
    out = []
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                              for n in node.body)
                out.append((span(node), methods, f"{path.relative_to(ROOT)}:{node.name}"))
    return sorted(out, reverse=True)


def largest_function(folder: Path) -> tuple[int, str]:
    best = (0, "")
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                best = max(best, (span(node), f"{path.relative_to(ROOT)}:{node.name}"))
    return best


def any_count(folder: Path) -> int:
    n = 0
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if ((isinstance(node, ast.Name) and node.id == "Any")
                    or (isinstance(node, ast.Attribute) and node.attr == "Any")):
                n += 1
    return n


def calls_to(folder: Path, name: str) -> list[str]:
    out = []
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == name):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


SYS_PATH = re.compile(r"sys\.path\.(insert|append|extend)\(")


def sys_path_edits(*folders: Path) -> list[str]:
    out = []
    for folder in folders:
        for path in python_files(folder):
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if SYS_PATH.search(line):
                    out.append(f"{path.relative_to(ROOT)}:{i}")
    return out


def duplicate_pairs(folder: Path) -> str:
    if not shutil.which("duplicates"):
        return "(the duplicates command is not on this machine)"
    done = subprocess.run(["duplicates", "--seconds", "120"], cwd=folder, capture_output=True,
                          text=True, check=False)
    return done.stdout.splitlines()[0] if done.stdout else done.stderr.strip()


def main() -> None:
    global ROOT
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    ap.add_argument("--duplicates", action="store_true")
    args = ap.parse_args()
    ROOT = args.root.resolve()
    app = ROOT / "web" / "app"
    every = classes(app)
    print("largest classes in web/app (lines, methods):")
    for lines, methods, where in every[:4]:
        print(f"  {lines:5} lines {methods:3} methods  {where}")
    tables = [c for c in every if "Table" in c[2].rsplit(":", 1)[1]]
    if tables:
        lines, methods, where = tables[0]
        print(f"largest table class: {where}, {lines} lines, {methods} methods")
    print("largest function per game table package:")
    for pkg in sorted(p for p in (app / "tables").iterdir() if p.is_dir()
                      and p.name != "__pycache__"):
        lines, where = largest_function(pkg)
        print(f"  {pkg.name:18} {lines:4} lines  {where}")
    print(f"Any named in web/app: {any_count(app)}")
    getattrs = calls_to(app, "getattr")
    print(f"getattr( calls in web/app: {len(getattrs)}")
    edits = sys_path_edits(ROOT / "scripts", ROOT / "tests")
    print(f"sys.path edits in scripts/ and tests/: {len(edits)}")
    if args.duplicates:
        for name in ("engine", "web"):
            print(f"duplicated code in {name}/: {duplicate_pairs(ROOT / name)}")


if __name__ == "__main__":
    main()

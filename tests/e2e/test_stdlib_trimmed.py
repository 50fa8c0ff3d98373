"""The site's python_stdlib.zip is the app's own (scripts/stdlib_zip.mjs: only what the app can
import, what a start imports as bytecode): Pyodide starts with it and every module of the app,
the engine, micropip, PyScript's package and the libraries loaded on first use (segno) imports
with it, in Pyodide (Node); every codec is there; the app's worker knows its digest. And the
check can fail: the same zip without one module the app imports misses it."""

from __future__ import annotations

import hashlib
import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

from helpers.browser import ROOT

from scripts.build_site import LIBRARIES, PYSCRIPT_PACKAGE, WEB, py_files

FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def imports_with(site: Path, stdlib: Path, tmp: Path) -> dict[str, Any]:
    cfg = json.loads((site / "pyscript.json").read_text())
    job = {"pyodide": str(site / "pyodide"), "stdlib": str(stdlib),
           "wheel": str(site / cfg["packages"][0]),
           "micropip": str(next((site / "pyodide").glob("micropip-*.whl"))),
           "libraries": {name: str(next((site / "pyodide").glob(f"{name}-*.whl")))
                         for name in LIBRARIES},
           "app": py_files(WEB, "app"), "pyscript": py_files(PYSCRIPT_PACKAGE, "pyscript"),
           "full": str(FULL)}
    (tmp / "job.json").write_text(json.dumps(job))
    run = subprocess.run(["node", str(ROOT / "tests" / "helpers" / "import_all.mjs"),
                          str(tmp / "job.json")], capture_output=True, text=True, timeout=300)
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith('{"missing"')]
    assert run.returncode == 0 and lines, run.stderr[-3000:]
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def test_trimmed_stdlib_misses_nothing_the_app_reaches(built_site: Path, tmp_path: Path) -> None:
    zip_ = built_site / "pyodide" / "python_stdlib.zip"
    assert zip_.stat().st_size < FULL.stat().st_size, "the trimmed library is not smaller"
    names = zipfile.ZipFile(zip_).namelist()
    assert "asyncio/__init__.pyc" in names and "json/__init__.pyc" in names  # started: compiled
    assert "unittest/__init__.py" not in names and "pydoc.py" not in names  # never in a worker
    # the snapshot is keyed by this very library (web/pyodide/snapshot.mjs's STDLIB)
    digest = hashlib.sha256(zip_.read_bytes()).hexdigest()
    assert f'const STDLIB = "{digest}";' in (built_site / "pyodide" / "snapshot.mjs").read_text()
    result = imports_with(built_site, zip_, tmp_path)
    assert result["missing"] == [] and result["codecs"] == [], result
    assert result["imported"] > 100  # every module of the app and the engine, and more


def test_the_check_sees_a_missing_module(built_site: Path, tmp_path: Path) -> None:
    src = zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip")
    broken = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(broken, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            if info.filename not in ("statistics.pyc", "statistics.py"):
                out.writestr(info, src.read(info))
    result = imports_with(built_site, broken, tmp_path)
    assert result["missing"] == ["statistics"], result


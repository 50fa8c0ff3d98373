"""Build the static site into build/site/: the engine wheel, the app, Pyodide, PyScript, PWA.

Everything the app needs is served from our own files (nothing from a CDN). The service worker
gets the exact list of files and a content hash of them, so each published version is one
cache. Run through ``scripts/play`` or ``scripts/test`` (they do the set-up first).

Usage: python scripts/build_site.py [--out build/site]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
# PyScript chunks the app never uses: the editor's CodeMirror and the terminal's xterm.js (the
# big ones), MicroPython, TOML config parsing, PyScript's own service worker and zip support.
# Not shipped, so not precached. The small plugin stubs (py-editor, py-terminal, py-game) are
# imported by PyScript's core at every start, so they are shipped. The browser tests check that
# every request the app makes is answered from the precached list.
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm|mpy|toml|service-worker|zip)")
DISABLED_PLUGINS = ["!py-editor", "!py-game", "!py-terminal", "!deprecations-manager"]
WHEEL_NAME = re.compile(r"^tabletop_engine-[^/]+\.whl$")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_wheel(out: Path) -> Path:
    tmp = ROOT / "build" / "wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "-q", "-w", str(tmp)],
        check=True,
    )
    wheels = list(tmp.glob("tabletop_engine-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one engine wheel, got {wheels}")
    wheel = wheels[0]
    # A content-addressed folder: PyScript caches installed packages by their URL, so a new
    # engine must get a new URL or a returning player would keep the old one.
    dest = out / "wheels" / sha256(wheel)[:12] / wheel.name
    dest.parent.mkdir(parents=True)
    shutil.copy2(wheel, dest)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    return dest


def copy_pyodide(out: Path) -> None:
    src = ROOT / "node_modules" / "pyodide"
    dest = out / "pyodide"
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dest / name)
    micropips = sorted((ROOT / ".cache" / "wheels").glob("micropip-*.whl"))
    if not micropips:
        raise SystemExit("micropip wheel missing: run scripts/setup.sh")
    micropip = micropips[-1]
    pinned = re.search(r"sha256:([0-9a-f]{64})",
                       (ROOT / "scripts" / "requirements-micropip.txt").read_text())
    real = sha256(micropip)
    if not pinned or pinned.group(1) != real:
        raise SystemExit(f"{micropip.name}: sha256 {real} does not match the pinned hash")
    shutil.copy2(micropip, dest / micropip.name)
    lock = json.loads((src / "pyodide-lock.json").read_text())
    entry = dict(lock["packages"]["micropip"])
    version = micropip.name.split("-")[1]
    entry.update(file_name=micropip.name, sha256=real, version=version)
    # Only what the app loads: micropip (Pyodide checks this sha256 when it installs it).
    lock["packages"] = {"micropip": entry}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


def copy_pyscript(out: Path) -> None:
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    dest = out / "pyscript"
    dest.mkdir(parents=True)
    for f in sorted(src.iterdir()):
        if f.suffix not in (".js", ".css") or PYSCRIPT_SKIP.match(f.name):
            continue
        shutil.copy2(f, dest / f.name)


def render_rules(out: Path) -> None:
    import markdown

    from engine.registry import all_games, rules_markdown

    dest = out / "rules"
    dest.mkdir(parents=True)
    games = []
    for info in all_games():
        text = rules_markdown(info.id) if info.rules_page else ""
        if text:
            html = markdown.markdown(text, extensions=["tables", "sane_lists"])
            (dest / f"{info.id}.html").write_text(html, encoding="utf-8")
        games.append({**info.to_dict(), "has_rules": bool(text)})
    (out / "games.json").write_text(json.dumps(games, indent=1), encoding="utf-8")


def write_pyscript_config(out: Path, wheel: Path) -> None:
    cfg_path = out / "pyscript.json"
    cfg = json.loads(cfg_path.read_text()) if cfg_path.exists() else {}
    wheel_url = "./" + wheel.relative_to(out).as_posix()
    packages = [p for p in cfg.get("packages", []) if not WHEEL_NAME.match(p.split("/")[-1])]
    cfg["packages"] = [wheel_url, *packages]
    cfg["interpreter"] = "./pyodide/pyodide.mjs"
    # the editor, terminal and pygame plugins are not shipped (see PYSCRIPT_SKIP): turn them off
    plugins = [p for p in cfg.get("plugins", []) if p not in DISABLED_PLUGINS]
    cfg["plugins"] = [*plugins, *DISABLED_PLUGINS]
    cfg_path.write_text(json.dumps(cfg, indent=2))


def write_service_worker(out: Path) -> tuple[str, list[str]]:
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    urls = []
    for f in files:
        rel = f.relative_to(out).as_posix()
        digest.update(rel.encode() + b"\0" + f.read_bytes() + b"\0")
        urls.append("./" + rel)
    version = digest.hexdigest()[:16]
    template = (ROOT / "sw.js").read_text()
    text = template.replace('"__VERSION__"', json.dumps(version)).replace(
        "__PRECACHE__", json.dumps(urls, indent=1)
    )
    (out / "sw.js").write_text(text)
    return version, urls


def build(out: Path) -> str:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / "web", out, dirs_exist_ok=True)
    for junk in out.rglob("__pycache__"):
        shutil.rmtree(junk)
    wheel = build_wheel(out)
    copy_pyodide(out)
    copy_pyscript(out)
    render_rules(out)
    write_pyscript_config(out, wheel)
    from icons import write_icons  # scripts/icons.py

    write_icons(out / "icons")
    shutil.copy2(ROOT / "manifest.json", out / "manifest.json")
    version, urls = write_service_worker(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
          f"{len(urls)} files, {size / 1e6:.1f} MB, version {version}")
    return version


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", default=str(ROOT / "build" / "site"))
    args = p.parse_args()
    sys.path.insert(0, str(ROOT / "scripts"))
    build(Path(args.out).resolve())


if __name__ == "__main__":
    main()

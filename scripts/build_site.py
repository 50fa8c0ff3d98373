"""Build the static site into build/site/: the engine wheel, the app, Pyodide, PyScript, PWA.

Everything the app needs is served from our own files (nothing from a CDN). The service worker
gets the exact list of files and a content hash of them, so each published version is one
cache. Run through ``scripts/play`` or ``scripts/test`` (they do the set-up first).

What can be derived is generated, not written by hand: pyscript.json's ``files`` (every ``.py``
under web/app/ at any depth), index.html's links to every ``.css`` and ``.js`` there, and its
title, description and home-screen skeleton tiles (from the engine registry). web/index.html
has a ``<!-- build: NAME -->`` line for each (see MARKER and render_index); web/pyscript.json
keeps only the settings that are not derived.

Usage: .venv/bin/python -m scripts.build_site [--out build/site]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
# PyScript chunks the app never uses: the editor's CodeMirror and the terminal's xterm.js (the
# big ones), MicroPython, TOML config parsing, PyScript's own service worker and zip support.
# Not shipped, so not precached. The small plugin stubs (py-editor, py-terminal, py-game) are
# imported by PyScript's core at every start, so they are shipped. The browser tests check that
# every request the app makes is answered from the precached list.
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm|mpy|toml|service-worker|zip)")
DISABLED_PLUGINS = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game",
                    "!py-terminal"]
# Where index.html's PyScript configuration goes; inline_page_config writes it in, once
# pyscript.json is complete.
PAGE_CONFIG = '<py-config src="./pyscript.json"></py-config>'
WHEEL_NAME = re.compile(r"^tabletop_engine-[^/]+\.whl$")
WEB = ROOT / "web"
APP = "app"  # the app's own folder under web/: its modules, styles and scripts
# A marker is a line of its own; the build replaces it with generated lines at its indent.
MARKER = re.compile(r"^([ \t]*)<!-- build: ([a-z ]+) -->[ \t]*$", re.MULTILINE)
# <script type="py" src="..."> in index.html: PyScript runs these itself, so they are not files
# the entry script web/start.js hands PyScript (in a worker, or in a <script type="py">)
ENTRY_SCRIPT = re.compile(r'const (?:APP|THINKER) = "([^"]+)"')


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- generated from the source tree and the registry ------------------------------------------


def app_files(web: Path, suffix: str) -> list[str]:
    """Every ``suffix`` file under web/app/, at any depth, as ``./app/...`` URLs, sorted."""
    found = []
    for p in (web / APP).rglob(f"*{suffix}"):
        rel = p.relative_to(web)
        if p.is_file() and not any(part == "__pycache__" or part.startswith(".")
                                   for part in rel.parts):
            found.append("./" + rel.as_posix())
    return sorted(found)


def pyscript_chunks() -> list[str]:
    """The modules PyScript's core.js imports as it loads (its core chunk), preloaded with it so
    that the page fetches them at once rather than one after the other."""
    core = (ROOT / "node_modules" / "@pyscript" / "core" / "dist" / "core.js").read_text()
    return sorted(set(re.findall(r'from\s*"\./([\w.-]+\.js)"', core)))


def pyscript_files(web: Path) -> dict[str, str]:
    """pyscript.json's ``files``: every app module at its own path, but the entry scripts that
    PyScript runs itself (start.js's ``APP``: app/main.py)."""
    entries = set(ENTRY_SCRIPT.findall((web / "start.js").read_text(encoding="utf-8")))
    return {f: f for f in app_files(web, ".py") if f not in entries}


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def skeleton_tile(info: Any) -> str:
    """One home tile as the first paint shows it, before Python is up: the app's tile without
    its test ids and saved-game lines. A game for more than one player has a set-up screen;
    a game not yet built ("coming soon") has only its rules."""
    from app import kit  # the app's own words ("2–8 players"), run in CPython
    from app.tables import declared

    gid = esc(info.id)
    rules = f'<a class="btn" href="#/rules/{gid}">Rules</a>'
    if not info.available:
        badge = ' · <span class="badge">Coming soon</span>'
        actions, cls = rules, "tile soon"
    else:
        badge = ""
        setup = (f'<a class="btn" href="#/{gid}/setup">Set up</a>'
                 if info.max_players > 1 else "")
        # the daily deal's link, as the app draws it (its place is kept from the first paint)
        daily = (f'<a class="btn" href="#/{gid}/daily">Daily</a>'
                 if "daily" in declared(info.id).screens else "")
        actions = f'<a class="btn primary" href="#/{gid}">Play</a>{setup}{rules}{daily}'
        cls = "tile"
    return (f'<li class="{cls}"><h2 class="tile-name">{esc(info.name)}</h2>'
            f'<p class="tile-pitch">{esc(info.pitch)}</p>'
            f'<p class="tile-meta">{esc(kit.players_text(info.min_players, info.max_players))}'
            f'{badge}</p><div class="tile-actions">{actions}</div></li>')


def and_list(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def head_lines(games: Sequence[Any]) -> list[str]:
    """The title (the first game "and friends") and the description (every game)."""
    from app import kit  # the app's one name

    names = [g.name for g in games]
    title = kit.APP_NAME + (f" — {names[0]}" + (" and friends" if len(names) > 1 else "")
                          if names else "")
    about = "Card and tile games that work offline" + (f": {and_list(names)}." if names else ".")
    return [f"<title>{esc(title)}</title>", f'<meta name="description" content="{esc(about)}">']


def fill_markers(text: str, fills: dict[str, list[str]]) -> str:
    """Replace each marker line by its lines (at the marker's indent); every marker in ``fills``
    must be there exactly once, and no other marker may be."""
    found = [m.group(2) for m in MARKER.finditer(text)]
    if sorted(found) != sorted(fills):
        raise SystemExit(f"index.html build markers: found {found}, expected {sorted(fills)}")

    def fill(m: re.Match[str]) -> str:
        return "\n".join(m.group(1) + line for line in fills[m.group(2)])

    return MARKER.sub(fill, text)


def render_index(web: Path, games: Sequence[Any]) -> str:
    """web/index.html with its markers filled in."""
    return fill_markers((web / "index.html").read_text(encoding="utf-8"), {
        "title and description": head_lines(games),
        "table styles": [f'<link rel="stylesheet" href="{esc(u)}">'
                         for u in app_files(web, ".css")],
        "table scripts": [f'<script src="{esc(u)}" defer></script>'
                          for u in app_files(web, ".js")],
        "pyscript preloads": [f'<link rel="modulepreload" href="./pyscript/{esc(name)}">'
                              for name in pyscript_chunks()],
        "page config": [PAGE_CONFIG],
        "home tiles": [skeleton_tile(g) for g in games],
    })


def copy_web(out: Path, web: Path = WEB,
             games: Callable[[], Sequence[Any]] | None = None) -> None:
    """web/ into ``out`` with index.html and pyscript.json's ``files`` generated (the engine
    wheel and the other pyscript.json settings come later: write_pyscript_config)."""
    if games is None:
        from engine.registry import all_games

        games = all_games
    shutil.copytree(web, out, dirs_exist_ok=True)
    for junk in out.rglob("__pycache__"):
        shutil.rmtree(junk)
    (out / "index.html").write_text(render_index(web, games()), encoding="utf-8")
    cfg_path = out / "pyscript.json"
    cfg = json.loads(cfg_path.read_text()) if cfg_path.exists() else {}
    cfg["files"] = pyscript_files(web)
    cfg_path.write_text(json.dumps(cfg, indent=2))


# --- the build ----------------------------------------------------------------------------------


def build_wheel(out: Path) -> Path:
    tmp = ROOT / "build" / "wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    # the same sources make the same wheel (its files' times fixed), hence the same site VERSION:
    # a build that changes nothing is no update for the players
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "-q", "-w", str(tmp)],
        check=True, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"},
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


# The wheels from PyPI the site ships, each hash pinned: micropip (installs the engine) and the
# libraries the app loads only when it first needs them (segno: app/net/qr.py).
SITE_WHEELS = ROOT / "scripts" / "requirements-site.txt"
PINNED = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*$", re.MULTILINE)
LIBRARIES = ("segno",)


def site_wheels(cache: Path = ROOT / ".cache" / "wheels",
                pinned: Path = SITE_WHEELS) -> dict[str, Path]:
    """Each pinned wheel, by its name, from setup.sh's download: the file of that version whose
    sha256 is the pinned one (anything else stops the build)."""
    found = {}
    for name, version, digest in PINNED.findall(pinned.read_text()):
        wheels = sorted(cache.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
        if not wheels:
            raise SystemExit(f"{name} {version} wheel missing: run scripts/setup.sh")
        wheel = wheels[-1]
        real = sha256(wheel)
        if real != digest:
            raise SystemExit(f"{wheel.name}: sha256 {real} does not match the pinned hash")
        found[name] = wheel
    return found


def copy_pyodide(out: Path) -> dict[str, Path]:
    """Pyodide's files and the pinned wheels into the site's pyodide/, with a pyodide-lock.json
    that names only those wheels (Pyodide checks each sha256 when it loads one). Returns the
    wheels as copied, by name."""
    src = ROOT / "node_modules" / "pyodide"
    dest = out / "pyodide"  # beside our interpreter module (web/pyodide/, copied already)
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dest / name)
    lock = json.loads((src / "pyodide-lock.json").read_text())
    packages = {}
    copied = {}
    for name, wheel in site_wheels().items():
        shutil.copy2(wheel, dest / wheel.name)
        copied[name] = dest / wheel.name
        # micropip's entry is Pyodide's own; a library's is made like it (pure Python, no deps)
        entry = dict(lock["packages"].get(name) or {
            "depends": [], "imports": [name], "install_dir": "site", "name": name,
            "package_type": "package", "tool": {}, "unvendored_tests": False})
        entry.update(file_name=wheel.name, sha256=sha256(wheel),
                     version=wheel.name.split("-")[1])
        packages[name] = entry
    # Only what the app loads: micropip at a start without a snapshot, a library on first use.
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    return copied


# What a start imports (the app's worker, web/app/main.py, and the thinking worker's), with
# every game (opened later, or all at once before a memory snapshot is made): the standard
# library modules these reach are shipped as bytecode. Only a matter of speed: every module the
# app could import is shipped either way (scripts/stdlib_zip.mjs).
START_IMPORTS = ("import app.calls, app.think\nfrom app import tables\n"
                 "from engine.registry import playable_ids\ntables.import_all(playable_ids())")
PYSCRIPT_PACKAGE = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib"
PYSCRIPT_PYCACHE = "./pyodide/pyscript_pycache.zip"
STDLIB_MARK = "__STDLIB_SHA256__"
APP_MARK = "__APP_SHA256__"
PYODIDE_MARK = "__PYODIDE_VERSION__"


def py_files(root: Path, under: str) -> dict[str, str]:
    """Every module under ``root/under`` by its path from ``root``: {"app/x.py": file}."""
    return {p.relative_to(root).as_posix(): str(p) for p in sorted((root / under).rglob("*.py"))
            if "__pycache__" not in p.parts}


def trim_stdlib(out: Path, wheel: Path, micropip: Path, libraries: Sequence[Path] = (),
                web: Path = WEB) -> dict[str, Any]:
    """Replace the site's python_stdlib.zip with the app's own (scripts/stdlib_zip.mjs): only
    what the app, the engine, PyScript's package, micropip, the ``libraries`` loaded on first use
    (their wheels) and Pyodide could import, and what a start imports as bytecode; and write its
    SHA-256 into pyodide/snapshot.mjs (its snapshot's key). Returns the report (modules kept and
    compiled)."""
    with tempfile.TemporaryDirectory(prefix="stdlib-") as tmp:
        job = {"pyodide": str(ROOT / "node_modules" / "pyodide"), "wheel": str(wheel),
               "app": py_files(web, APP), "pyscript": py_files(PYSCRIPT_PACKAGE, "pyscript"),
               "micropip": str(micropip), "libraries": [str(w) for w in libraries],
               "start": START_IMPORTS,
               "out": str(out / "pyodide" / "python_stdlib.zip"),
               "pyscript_pycache": str(out / PYSCRIPT_PYCACHE),
               "pyscript_map": str(next((ROOT / "node_modules" / "@pyscript" / "core" / "dist")
                                        .glob("core-*.js.map"))),
               "report": str(Path(tmp) / "report.json")}
        (Path(tmp) / "job.json").write_text(json.dumps(job))
        subprocess.run(["node", str(ROOT / "scripts" / "stdlib_zip.mjs"),
                        str(Path(tmp) / "job.json")], check=True)
        report: dict[str, Any] = json.loads((Path(tmp) / "report.json").read_text())
    # the snapshot is keyed by this library (web/pyodide/snapshot.mjs's STDLIB)
    stamp_snapshot(out, STDLIB_MARK, sha256(out / "pyodide" / "python_stdlib.zip"))
    # micropip's wheel now holds its bytecode too: the lock names its new hash (Pyodide checks it)
    lock_path = out / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"]["micropip"]["sha256"] = sha256(micropip)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return report


def stamp_snapshot(out: Path, mark: str, digest: str) -> None:
    """Write ``digest`` in place of ``mark`` (which must be there once) in the site's
    pyodide/snapshot.mjs: what its snapshot's key is made of, known without reading the
    files."""
    module = out / "pyodide" / "snapshot.mjs"
    text = module.read_text(encoding="utf-8")
    if text.count(mark) != 1:
        raise SystemExit(f"snapshot.mjs: expected one {mark}")
    module.write_text(text.replace(mark, digest), encoding="utf-8")


def app_digest(wheel: bytes, files: list[tuple[str, bytes]]) -> str:
    """The SHA-256 of the engine wheel and the app's files as web/pyodide/snapshot.mjs's appDigest
    computes it from what it fetched: each part's name, length and bytes, the wheel first."""
    digest = hashlib.sha256()
    for name, data in [("wheel", wheel), *files]:
        digest.update(f"{name}\n{len(data)}\n".encode() + data)
    return digest.hexdigest()


def write_app_digest(out: Path, wheel: Path) -> None:
    """Write into snapshot.mjs the digest of what the snapshot holds of ours: the wheel and
    pyscript.json's files, in the order the worker writes them (by source, at their target
    path; not the archives PyScript unpacks, "<folder>/*", which are no module of ours). The
    worker keys its snapshot by it without reading those files first."""
    cfg = json.loads((out / "pyscript.json").read_text())
    files = [(cfg["files"][src].removeprefix("./"), (out / src).read_bytes())
             for src in sorted(cfg.get("files", {})) if not cfg["files"][src].endswith("/*")]
    stamp_snapshot(out, APP_MARK, app_digest(wheel.read_bytes(), files))
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    stamp_snapshot(out, PYODIDE_MARK, version["version"])


def copy_vendor(out: Path) -> None:
    """Scripts from the npm registry that the page loads itself when it needs them: jsQR, the
    QR decoder of the in-app scanner where the browser has no BarcodeDetector (app/net/rtc.js
    adds vendor/jsQR.js on the first scan). A static file: the page's CSP allows it."""
    dest = out / "vendor"
    dest.mkdir(parents=True)
    shutil.copy2(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js", dest / "jsQR.js")


def copy_pyscript(out: Path) -> None:
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    dest = out / "pyscript"
    dest.mkdir(parents=True)
    for f in sorted(src.iterdir()):
        if f.suffix not in (".js", ".css") or PYSCRIPT_SKIP.match(f.name):
            continue
        shutil.copy2(f, dest / f.name)


# In a rules page's Markdown: a picture drawn by the game's table package, either a fenced block
# ("```figure" / "name: arg" / "```") or a region the picture stands for on the page (the Markdown
# between stays the audited text); and a folded region ("<!-- details: Summary -->" ...
# "<!-- /details -->") for a long reference list.
FIGURE_BLOCK = re.compile(r"^```figure[ \t]*\n(.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)
REGION = re.compile(r"^<!-- (figure|details): *(.*?) *-->[ \t]*\n(.*?)^<!-- /\1 -->[ \t]*$",
                    re.MULTILINE | re.DOTALL)
Art = Callable[[str, str], str]


def rules_art(game_id: str) -> Art | None:
    """The game's ``figure(name, arg) -> html``: ``rules_art`` in its table package, if any."""
    import importlib

    from app.tables import has_table, module_name  # the app's own package, run in CPython

    if not has_table(game_id):
        return None
    try:
        mod = importlib.import_module(module_name(game_id) + ".rules_art")
    except ModuleNotFoundError:
        return None
    return cast(Art, mod.figure)


def rules_html(text: str, art: Art | None) -> str:
    """A rules page's HTML: the Markdown with its pictures drawn by ``art`` and its tables in a
    wrapper (a table too wide for a phone scrolls inside it, never the page)."""
    import markdown

    pieces: list[str] = []

    def put(html_: str) -> str:
        pieces.append(html_)
        return f"\n\nRULESPIECE{len(pieces) - 1}\n\n"

    def draw(name: str, arg: str) -> str:
        if art is None:
            raise SystemExit(f"a figure {name!r} in a rules page whose game draws none")
        return art(name, arg)

    def region(m: re.Match[str]) -> str:
        if m.group(1) == "details":
            from app.figures import details

            return put(details(m.group(2), rules_html(m.group(3), art)))
        name, _, arg = m.group(2).partition(" ")
        return put(draw(name, arg.strip() or m.group(3)))

    def block(m: re.Match[str]) -> str:
        name, _, arg = m.group(1).partition(":")
        return put(draw(name.strip(), arg.strip()))

    text = FIGURE_BLOCK.sub(block, REGION.sub(region, text))
    html_ = markdown.markdown(text, extensions=["tables", "sane_lists"])
    html_ = html_.replace("<table>", '<div class="rules-table"><table>').replace(
        "</table>", "</table></div>")
    return re.sub(r"<p>RULESPIECE(\d+)</p>", lambda m: pieces[int(m.group(1))], html_)


def render_rules(out: Path) -> None:
    from engine.registry import all_games, rules_markdown

    dest = out / "rules"
    dest.mkdir(parents=True)
    games = []
    for info in all_games():
        text = rules_markdown(info.id) if info.rules_page else ""
        if text:
            html_ = rules_html(text, rules_art(info.id))
            (dest / f"{info.id}.html").write_text(html_, encoding="utf-8")
        games.append({**info.to_dict(), "has_rules": bool(text)})
    (out / "games.json").write_text(json.dumps(games, indent=1), encoding="utf-8")


def write_pyscript_config(out: Path, wheel: Path) -> None:
    cfg_path = out / "pyscript.json"
    cfg = json.loads(cfg_path.read_text()) if cfg_path.exists() else {}
    wheel_url = "./" + wheel.relative_to(out).as_posix()
    packages = [p for p in cfg.get("packages", []) if not WHEEL_NAME.match(p.split("/")[-1])]
    cfg["packages"] = [wheel_url, *packages]
    # our interpreter module (Pyodide's, restored from a snapshot when start.js asks)
    cfg["interpreter"] = "./pyodide/tabletop.mjs"
    # micropip installs the wheel at every start that builds Python from scratch: no lock file
    # kept in IndexedDB, whose next start would install it another way
    cfg["packages_cache"] = "never"
    # PyScript's plugins, but its error reporting, are not used (most not even shipped: see
    # PYSCRIPT_SKIP): turned off, for the page and (with_page_config) for MicroPython too
    plugins = [p for p in cfg.get("plugins", []) if p not in DISABLED_PLUGINS]
    cfg["plugins"] = [*plugins, *DISABLED_PLUGINS]
    # the bytecode of PyScript's own package (scripts/stdlib_zip.mjs), unpacked beside where
    # PyScript writes its source, so a start without a snapshot does not compile it either
    cfg.setdefault("files", {})[PYSCRIPT_PYCACHE] = "./pyscript/__pycache__/*"
    cfg_path.write_text(json.dumps(cfg, indent=2))


def with_page_config(text: str, cfg: dict[str, Any]) -> str:
    """index.html's <py-config> with pyscript.json's text in it, and an <mpy-config> that turns
    the same plugins off: PyScript reads a configuration for each of its two interpreters when
    it loads, and one with none loads every plugin. Both inline, as PyScript waits for them
    before it runs anything (a fetch each otherwise)."""
    if text.count(PAGE_CONFIG) != 1:
        raise SystemExit("index.html: its <py-config> placeholder is not there once")
    page = html.escape(json.dumps(cfg, separators=(",", ":")), quote=False)
    plugins = html.escape(json.dumps({"plugins": cfg["plugins"]}, separators=(",", ":")),
                          quote=False)
    return text.replace(
        PAGE_CONFIG, f"<py-config>{page}</py-config>\n<mpy-config>{plugins}</mpy-config>")


def inline_page_config(out: Path) -> None:
    index = out / "index.html"
    cfg = json.loads((out / "pyscript.json").read_text())
    index.write_text(with_page_config(index.read_text(encoding="utf-8"), cfg), encoding="utf-8")


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
    copy_web(out)
    wheel = build_wheel(out)
    wheels = copy_pyodide(out)
    kept = trim_stdlib(out, wheel, wheels["micropip"], [wheels[n] for n in LIBRARIES])
    print(f"standard library: {len(kept['kept'])} of {kept['modules_full']} modules, "
          f"{len(kept['compiled'])} compiled")
    copy_pyscript(out)
    copy_vendor(out)
    render_rules(out)
    write_pyscript_config(out, wheel)
    inline_page_config(out)
    write_app_digest(out, wheel)
    from scripts.icons import write_icons

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
    build(Path(args.out).resolve())


if __name__ == "__main__":
    main()

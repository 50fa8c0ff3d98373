"""What the build generates instead of hand-written lists (scripts/build_site.py).

pyscript.json's ``files`` (every module under web/app/), index.html's links to every style and
script under web/app/, its title and description and the home screen's skeleton tiles (from the
engine registry). The generation is run into a temporary folder (no wheel, no Pyodide: fast);
the last tests read build/site/ when a build is there (scripts/test builds first).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import time
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.registry import all_games, game_info
from scripts import build_site as b

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
SITE = ROOT / "build" / "site"

# Today's skeleton, byte for byte: the first paint must not change (its tiles are the app's
# first tiles, the daily deal's link included, so that nothing moves when the app draws them).
GOLDEN_TILES = {
    "perpetual-motion": '<li class="tile"><h2 class="tile-name">Perpetual Motion</h2><p class="tile-pitch">A solitaire of forced moves: clear the deck, or watch it loop forever.</p><p class="tile-meta">1 player</p><div class="tile-actions"><a class="btn primary" href="#/perpetual-motion">Play</a><a class="btn" href="#/rules/perpetual-motion">Rules</a><a class="btn" href="#/perpetual-motion/daily">Daily</a></div></li>',  # noqa: E501
    "machiavelli": '<li class="tile"><h2 class="tile-name">Machiavelli</h2><p class="tile-pitch">Rummy with two decks where the whole table can be rearranged.</p><p class="tile-meta">2–8 players</p><div class="tile-actions"><a class="btn primary" href="#/machiavelli">Play</a><a class="btn" href="#/machiavelli/setup">Set up</a><a class="btn" href="#/rules/machiavelli">Rules</a><a class="btn" href="#/machiavelli/daily">Daily</a></div></li>',  # noqa: E501
    "machine": '<li class="tile"><h2 class="tile-name">Perpetual-Motion Machine</h2><p class="tile-pitch">Poker hands place cubes on a mat that makes your turns better.</p><p class="tile-meta">2–4 players</p><div class="tile-actions"><a class="btn primary" href="#/machine">Play</a><a class="btn" href="#/machine/setup">Set up</a><a class="btn" href="#/rules/machine">Rules</a><a class="btn" href="#/machine/daily">Daily</a></div></li>',  # noqa: E501
    "cube-farm": '<li class="tile"><h2 class="tile-name">Cube Farm</h2><p class="tile-pitch">Lay office floor plans, claim cubicles, score walking distances.</p><p class="tile-meta">2–5 players</p><div class="tile-actions"><a class="btn primary" href="#/cube-farm">Play</a><a class="btn" href="#/cube-farm/setup">Set up</a><a class="btn" href="#/rules/cube-farm">Rules</a><a class="btn" href="#/cube-farm/daily">Daily</a></div></li>',  # noqa: E501
}
GOLDEN_HEAD = [
    "<title>Card Table — Perpetual Motion and friends</title>",
    '<meta name="description" content="Card and tile games that work offline: Perpetual Motion, '
    'Machiavelli, Perpetual-Motion Machine and Cube Farm.">',
]


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: list[str] = []  # inline script or style text (the CSP forbids both)
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if "style" in a:
            self.inline.append(f"style attribute on <{tag}>")
        self._open = tag if tag in ("script", "style") else None

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self.inline.append(f"<{self._open}>{data.strip()[:40]}")

    def handle_endtag(self, tag: str) -> None:
        self._open = None


def tags(html: str) -> Tags:
    t = Tags()
    t.feed(html)
    return t


def on_disk(web: Path, suffix: str) -> set[str]:
    """Independently of the build: every ``suffix`` file under web/app/ as a ``./app/`` URL."""
    return {"./" + p.relative_to(web).as_posix() for p in (web / "app").rglob(f"*{suffix}")
            if "__pycache__" not in p.parts}


def entry_scripts(web: Path) -> set[str]:
    """The scripts PyScript runs itself: start.js's APP (in a worker, or in a <script type="py">
    it adds) and THINKER (the thinking worker)."""
    return set(re.findall(r'const (?:APP|THINKER) = "([^"]+)"', (web / "start.js").read_text()))


def tile_lines(html: str) -> list[str]:
    ul = re.search(r'<ul class="tiles">\n(.*?)\n\s*</ul>', html, re.DOTALL)
    assert ul, "no <ul class=\"tiles\"> in index.html"
    return [line.strip() for line in ul.group(1).split("\n")]


def generate(out: Path, web: Path = WEB) -> tuple[str, dict[str, str]]:
    b.copy_web(out, web)
    cfg = json.loads((out / "pyscript.json").read_text(encoding="utf-8"))
    return (out / "index.html").read_text(encoding="utf-8"), cfg


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, str]]:
    return generate(tmp_path_factory.mktemp("gen") / "site")


def game_words() -> list[str]:
    words: set[str] = set()
    for g in all_games():
        words |= {g.id, g.id.replace("-", "_"), g.name}
    return sorted(words, key=len, reverse=True)


def names_a_game(text: str) -> list[str]:
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, game_words())) + r")(?![\w-])",
                         re.IGNORECASE)
    return pattern.findall(text)


# --- pyscript.json ----------------------------------------------------------------------------


def check_files_map(cfg: dict[str, str], web: Path, html: str) -> None:
    files = {k: v for k, v in cfg["files"].items() if not v.endswith("/*")}  # archives aside
    expected = on_disk(web, ".py") - entry_scripts(web)
    assert set(files) == expected, (sorted(set(files) - expected), sorted(expected - set(files)))
    assert all(files[k] == k for k in files)


def test_pyscript_files_map_every_module_and_nothing_else(generated: tuple) -> None:
    html, cfg = generated
    check_files_map(cfg, WEB, html)
    assert "./app/main.py" in entry_scripts(WEB) and "./app/main.py" not in cfg["files"]
    assert "./app/thinker.py" in entry_scripts(WEB) and "./app/thinker.py" not in cfg["files"]
    source = json.loads((WEB / "pyscript.json").read_text(encoding="utf-8"))
    assert "files" not in source  # derived: only the build writes it
    assert {k: v for k, v in cfg.items() if k != "files"} == source


def test_new_modules_styles_and_scripts_are_picked_up_at_any_depth(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("__pycache__"))
    pkg = web / "app" / "tables" / "some_game"
    pkg.mkdir(parents=True)
    for name in ("__init__.py", "table.py", "look.css", "pan.js"):
        (pkg / name).write_text("\n")
    (web / "app" / "__pycache__").mkdir()
    (web / "app" / "__pycache__" / "stale.py").write_text("\n")
    html, cfg = generate(tmp_path / "site", web)
    check_files_map(cfg, web, html)
    assert "./app/tables/some_game/table.py" in cfg["files"]
    assert not any("__pycache__" in f for f in cfg["files"])
    hrefs = [a.get("href") or a.get("src") for _, a in tags(html).tags]
    assert hrefs.count("./app/tables/some_game/look.css") == 1
    assert hrefs.count("./app/tables/some_game/pan.js") == 1


# --- index.html -------------------------------------------------------------------------------


def check_links(html: str, web: Path) -> None:
    t = tags(html)
    css = [a["href"] for tag, a in t.tags
           if tag == "link" and a.get("rel") == "stylesheet" and (a["href"] or "").startswith(
               "./app/")]
    js = [a["src"] for tag, a in t.tags
          if tag == "script" and (a.get("src") or "").startswith("./app/")
          and a.get("type") != "py"]
    assert sorted(css) == sorted(on_disk(web, ".css")) and len(set(css)) == len(css), css
    assert sorted(js) == sorted(on_disk(web, ".js")) and len(set(js)) == len(js), js
    assert css == sorted(css) and js == sorted(js)  # a stable order
    assert t.inline == [], t.inline  # the Content-Security-Policy allows links only


def test_every_app_style_and_script_is_linked_exactly_once(generated: tuple) -> None:
    html, _ = generated
    check_links(html, WEB)
    assert "<!-- build:" not in html


def test_skeleton_tiles_are_the_registry_rendered_in_order(generated: tuple) -> None:
    html, _ = generated
    games = all_games()
    assert tile_lines(html) == [b.skeleton_tile(g) for g in games]
    hrefs = [re.search(r'href="#/([^"/]+)"', line).group(1) for line in tile_lines(html)]
    assert hrefs == [g.id for g in games]


def test_skeleton_tiles_are_todays_first_paint(generated: tuple) -> None:
    html, _ = generated
    for gid, tile in GOLDEN_TILES.items():
        assert b.skeleton_tile(game_info(gid)) == tile
        assert tile in tile_lines(html)
    head = html.split("</head>")[0].split("\n")
    assert all(line in head for line in GOLDEN_HEAD)


def test_skeleton_escapes_and_shows_coming_soon() -> None:
    g = replace(game_info("machine"), id="x&y", name='<b>"Bad"</b>', pitch="a < b",
                available=False)
    tile = b.skeleton_tile(g)
    assert "<b>" not in tile and "&lt;b&gt;&quot;Bad&quot;&lt;/b&gt;" in tile
    assert "a &lt; b" in tile and 'href="#/rules/x&amp;y"' in tile
    assert 'class="tile soon"' in tile and "Coming soon" in tile and "Play" not in tile
    solo = replace(game_info("machine"), min_players=1, max_players=1)
    assert "Set up" not in b.skeleton_tile(solo) and "1 player<" in b.skeleton_tile(solo)
    head = b.head_lines([g])
    assert head[0] == "<title>Card Table — &lt;b&gt;&quot;Bad&quot;&lt;/b&gt;</title>"


def test_the_skeleton_tiles_say_the_players_as_the_app_does() -> None:
    from app.kit import players_text

    from engine.registry import game_info

    for game_id in ("perpetual-motion", "machiavelli"):
        info = game_info(game_id)
        assert (f'<p class="tile-meta">{players_text(info.min_players, info.max_players)}'
                in b.skeleton_tile(info))


def test_markers_must_each_be_there_once() -> None:
    fills = {"a": ["x"], "b": ["y", "z"]}
    assert b.fill_markers("<p>\n  <!-- build: a -->\n<!-- build: b -->\n", fills) == \
        "<p>\n  x\ny\nz\n"
    for text in ("<!-- build: a -->\n", "<!-- build: a -->\n<!-- build: a -->\n<!-- build: b -->",
                 "<!-- build: a -->\n<!-- build: b -->\n<!-- build: c -->"):
        with pytest.raises(SystemExit):
            b.fill_markers(text, fills)


def test_the_source_names_no_game() -> None:
    for name in ("index.html", "pyscript.json"):
        text = (WEB / name).read_text(encoding="utf-8")
        assert names_a_game(text) == [], name
    assert names_a_game(GOLDEN_TILES["machine"])  # the check itself can see a game


# --- the built site (when there is one) --------------------------------------------------------


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "sw.js").exists():
        pytest.skip("build/site is missing: run scripts/build_site.py")
    return SITE


def test_built_site_is_generated(site: Path, generated: tuple) -> None:
    html, cfg = generated
    hint = "build/site is stale: run scripts/build_site.py"
    built = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert (site / "index.html").read_text(encoding="utf-8") == b.with_page_config(html, built), \
        hint
    assert built["files"] == {**cfg["files"], b.PYSCRIPT_PYCACHE: "./pyscript/__pycache__/*"}, hint
    assert (site / b.PYSCRIPT_PYCACHE).is_file()
    check_files_map(built, site, html)
    check_links(html, site)


def test_service_worker_precaches_every_file(site: Path) -> None:
    text = (site / "sw.js").read_text(encoding="utf-8")
    m = re.search(r"const PRECACHE = (\[.*?\]);", text, re.DOTALL)
    assert m, "no PRECACHE list in sw.js"
    precache = json.loads(m.group(1))
    files = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*")
             if p.is_file() and p.name != "sw.js"}
    assert set(precache) == files
    cfg = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert set(cfg["files"]) <= set(precache)
    html = (site / "index.html").read_text(encoding="utf-8")
    linked = {a.get("href") or a.get("src") for _, a in tags(html).tags} - {None}
    assert {u for u in linked if u.startswith("./app/")} <= set(precache)


def test_the_same_sources_build_the_same_wheel(tmp_path: Path) -> None:
    """The wheel's files carry a fixed time, so a build that changes nothing gives the site the
    same VERSION (sw.js): no update for the players. Each build's wheel lands in a folder named
    by its digest."""
    first = b.build_wheel(tmp_path / "one")
    time.sleep(2.1)  # a zip keeps times to 2 s: a later build must not be given the same one
    second = b.build_wheel(tmp_path / "two")
    assert first.parent.name == second.parent.name
    assert first.read_bytes() == second.read_bytes()


def test_the_page_holds_pyscript_json_and_turns_the_same_plugins_off_for_both(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    built = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    py = re.findall(r"<py-config>(.*?)</py-config>", page, re.DOTALL)
    mpy = re.findall(r"<mpy-config>(.*?)</mpy-config>", page, re.DOTALL)
    assert len(py) == 1 and len(mpy) == 1 and "<py-config src" not in page
    assert json.loads(html.unescape(py[0])) == built
    assert json.loads(html.unescape(mpy[0])) == {"plugins": built["plugins"]}
    # every plugin PyScript would load is off, but its error reporting
    plugins_js = (ROOT / "node_modules" / "@pyscript" / "core" / "src" / "plugins.js").read_text()
    shipped = {a or b for a, b in re.findall(r'^\s*(?:\["([\w-]+)"\]|([\w-]+)):', plugins_js,
                                             re.MULTILINE)}
    assert {"error", "donkey", "py-editor"} <= shipped
    assert {p.lstrip("!") for p in built["plugins"]} == shipped - {"error"}

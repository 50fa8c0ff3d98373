"""web/index.html: every address relative, the app started by start.js (no <script type="py">),
the manifest, the icons and the theme colour there."""

from __future__ import annotations

from pathlib import Path

from helpers.markup import parse

WEB = Path(__file__).resolve().parents[2] / "web"


def test_index_html_is_relative_and_complete() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    c = parse(html.replace("<!doctype html>", ""))
    urls = [a.get("href") or a.get("src") for t, a in c.tags if t in ("link", "script")]
    urls = [u for u in urls if u]
    assert urls and all(not u.startswith(("/", "http:", "https:", "//")) for u in urls)
    assert "./pyscript/core.css" in urls and "./start.js" in urls
    assert "manifest.json" in urls and "pwa.js" in urls and "icons/icon-192.png" in urls
    # no <script type="py">: start.js has PyScript start the app in a worker (or adds the tag)
    assert not [a for t, a in c.tags if t == "script" and a.get("type") == "py"]
    start = (WEB / "start.js").read_text(encoding="utf-8")
    assert 'import("./pyscript/core.js")' in start and 'const APP = "./app/main.py"' in start
    assert any(t == "meta" and a.get("name") == "theme-color" for t, a in c.tags)

"""One name for the app everywhere a player meets it (issue 35): the installed app's name
(manifest.json), the page's first paint and title, the home's top bar, About, the daily share
text and the README all say ``app.kit.APP_NAME``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from app import daily, kit, screens
from helpers.shell import boot, run_async, settle

from scripts import build_site as b

ROOT = Path(__file__).resolve().parents[2]
NAME = kit.APP_NAME


def test_the_name_is_card_table() -> None:
    assert NAME == "Card Table"


def test_manifest_names_the_app() -> None:
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == NAME
    assert manifest["short_name"] == NAME


def test_readme_names_the_app() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.splitlines()[0].startswith(f"# {NAME} — ")


def test_the_first_paint_and_the_title_name_the_app() -> None:
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<h1 class="title">([^<]*)</h1>', page) == [NAME]
    title = b.head_lines([])[0]
    assert title == f"<title>{NAME}</title>"


def test_the_screens_and_the_titles_name_the_app() -> None:
    assert f'<h1 class="title">{NAME}</h1>' in screens.home_html([], {})
    assert f"<h2>{NAME}</h2>" in screens.about_html("1.0", "ready")

    def title(page: Any) -> str:
        return str([b["title"] for b in page.batches if "title" in b][-1])

    async def run() -> None:
        app, page, env = boot()
        assert title(page) == NAME
        env.go("#/about")
        await settle(app)
        assert title(page) == f"About · {NAME}"
        env.go("#/machiavelli/deal/12?seats=you,standard")
        await settle(app)
        assert title(page) == f"Machiavelli, deal 12 · {NAME}"
    run_async(run())


def test_the_share_text_names_the_app() -> None:
    attempt = daily.Attempt(won=True, result="won in 14 turns", deal=1, gid="g1")
    assert daily.share_text("Machiavelli", "2026-12-04", attempt, 3).startswith(f"{NAME} · ")


def test_no_other_name_is_left() -> None:
    """The old names are gone from what a player reads (the code's own ``tabletop`` identifiers,
    storage keys and file names stay: they are not shown)."""
    shown = [ROOT / "README.md", ROOT / "manifest.json", ROOT / "web" / "index.html",
             *sorted((ROOT / "web" / "app").rglob("*.py"))]
    for path in shown:
        text = path.read_text(encoding="utf-8")
        assert "Tabletop" not in text, path
        assert "Perpetual Card Table" not in text, path

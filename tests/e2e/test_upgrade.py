"""Saves made by the app before its Python moved into a worker carry over intact: a browser
profile holding the saves, records and settings written at commit 5009543
(tests/fixtures/saves-5009543.json, made by tests/fixtures/make_old_saves.py) is opened by
today's app, which must resume every game, count the record, keep the settings, and leave
every stored byte as it was until the player moves."""

from __future__ import annotations

import json
from typing import Any

from helpers.browser import ROOT, wait_ready

from scripts.lib.pages import go, idle

OLD = json.loads((ROOT / "tests" / "fixtures" / "saves-5009543.json").read_text())
STORED = """() => Object.fromEntries(Object.keys(localStorage)
    .filter(k => k.startsWith('tabletop.')).sort().map(k => [k, localStorage.getItem(k)]))"""


def test_a_profile_of_the_previous_version_opens_with_every_game_intact(
        context: Any, site_url: str) -> None:
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.evaluate("saves => { localStorage.clear(); for (const [k, v] of Object.entries(saves))"
                  " localStorage.setItem(k, v); }", OLD)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.thread") == "worker"
    assert page.evaluate("document.documentElement.classList.contains('four-colour')")
    for game_id in ("perpetual-motion", "machiavelli", "machine", "cube-farm"):
        go(page, f"#/{game_id}")
        idle(page)
        text = page.inner_text("#screen")
        assert "could not be read" not in text and "older version" not in text, text[:300]
        assert page.query_selector("[data-testid=cover], [data-card], [data-action]"), game_id
    go(page, "#/perpetual-motion/stats")
    idle(page)
    assert "1" in page.inner_text("#screen")
    assert page.evaluate(STORED) == OLD  # opened, shown, nothing rewritten

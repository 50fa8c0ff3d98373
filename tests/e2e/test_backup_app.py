"""Moving your games to another phone, in the browser: a few Deals of Perpetual Motion and a
Machiavelli game started, "Export my games" downloads the file (the real button), a fresh
browser profile imports it through the real file picker and both games continue where they
were; a game in progress there is replaced only after asking; a broken file says so and
changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app
from helpers.seated import axe_clean, fresh, message, tap

from scripts.lib.layout import check_layout
from scripts.lib.pages import HANDLED, go, idle, open_deal, table

PM = "perpetual-motion"
M = "machiavelli"
STORED = """() => Object.fromEntries(Object.keys(localStorage)
    .filter(k => k.startsWith('tabletop.')).sort().map(k => [k, localStorage.getItem(k)]))"""


def unstamped(text: str | None) -> str | None:
    """A saved game without the revision and tab id the app puts first."""
    return None if text is None else re.sub(r'^\{"rev":\d+,"tab":"[0-9a-z]*",?', "{", text)


def new_phone(browser: Any, site_url: str) -> Any:
    """A phone with nothing stored (its own browser context), the app booted."""
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    return boot_app(ctx, site_url)


@pytest.fixture(scope="module")
def phones(browser: Any, site_url: str) -> Iterator[tuple[Any, Any]]:
    old, new = new_phone(browser, site_url), new_phone(browser, site_url)
    yield old, new
    assert old.errors == [] and new.errors == []
    old.context.close()
    new.context.close()


@pytest.fixture(scope="module")
def exported(phones: tuple[Any, Any], tmp_path_factory: Any) -> dict[str, Any]:
    """The old phone: a few Deals of deal 5, a Machiavelli game started, then exported."""
    old, _ = phones
    open_deal(old, 5)
    for _ in range(3):
        tap(old, "deal")
    pm = table(old)
    fresh(old, f"#/{M}/deal/12?seats=you,standard,beginner")
    idle(old)
    hand = hand_cards(old)
    actions = old.evaluate("document.documentElement.dataset.actions")
    go(old, "#/settings")
    with old.expect_download() as dl:
        tap(old, "export-games")
    download = dl.value
    path = tmp_path_factory.mktemp("export") / download.suggested_filename
    download.save_as(path)
    return {"path": path, "name": download.suggested_filename, "pm": pm, "hand": hand,
            "actions": actions, "stored": old.evaluate(STORED), "said": message(old)}


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.evaluate(
        "[...document.querySelectorAll('[data-testid=m-hand-card]')].map(b => b.dataset.card)")
    return cards


def choose_file(page: Any, files: Any, by_key: bool = False) -> None:
    """Settings → Import games (a tap, or Enter on it) → the file picker; wait until the app
    has handled the file."""
    before = page.evaluate(HANDLED)
    with page.expect_file_chooser() as fc:
        if by_key:
            page.get_by_test_id("import-games").focus()
            page.keyboard.press("Enter")
        else:
            page.get_by_test_id("import-games").tap()
    fc.value.set_files(files)
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before)
    idle(page)


def test_export_downloads_one_file_of_every_game(exported: dict[str, Any]) -> None:
    assert re.fullmatch(r"card-table-games-\d{4}-\d\d-\d\d\.json", exported["name"])
    data = json.loads(Path(exported["path"]).read_text(encoding="utf-8"))
    assert data["format"] == "tabletop-games" and data["version"] == 1
    assert set(data["games"]) == {PM, M}
    assert exported["name"] in exported["said"] and "2 games" in exported["said"]


def test_a_new_phone_imports_the_file_and_both_games_continue(
        phones: tuple[Any, Any], exported: dict[str, Any]) -> None:
    _, new = phones
    go(new, "#/settings")
    check_layout(new, "settings-backup")
    axe_clean(new, "settings-backup")
    choose_file(new, exported["path"])
    assert message(new).startswith("Imported 2 games")
    stored = new.evaluate(STORED)
    for key, text in exported["stored"].items():
        if ".save" in key or ".setup" in key:  # (each device stamps its own saves)
            assert unstamped(stored.get(key)) == unstamped(text), key
    go(new, f"#/{PM}")
    now = table(new)
    for key in ("stacks", "deck", "discarded", "round", "deal"):
        assert now[key] == exported["pm"][key], key
    tap(new, "deal")  # and it goes on from there
    assert table(new)["deck"] == exported["pm"]["deck"] - 4
    go(new, f"#/{M}")
    idle(new)
    assert hand_cards(new) == exported["hand"]
    assert new.evaluate("document.documentElement.dataset.actions") == exported["actions"]


def test_a_game_in_progress_is_replaced_only_after_asking(
        phones: tuple[Any, Any], exported: dict[str, Any]) -> None:
    _, new = phones
    open_deal(new, 77)
    tap(new, "deal")
    mine = table(new)
    go(new, "#/settings")
    choose_file(new, exported["path"])
    conflicts = new.get_by_test_id("import-conflicts").inner_text()
    assert "Perpetual Motion" in conflicts and "deal 77" in conflicts
    assert "Machiavelli" not in conflicts  # the same game as in the file: nothing to ask
    for scheme in ("dark", "light"):
        new.emulate_media(color_scheme=scheme)
        check_layout(new, f"{scheme}-import-confirm")
        axe_clean(new, f"{scheme}-import-confirm")
    tap(new, "import-keep")
    assert message(new).startswith("Kept your Perpetual Motion game here.")
    go(new, f"#/{PM}")
    assert table(new)["stacks"] == mine["stacks"]
    go(new, "#/settings")
    choose_file(new, exported["path"])
    tap(new, "import-replace")
    go(new, f"#/{PM}")
    assert table(new)["deal"] == exported["pm"]["deal"]


@pytest.mark.parametrize(("content", "words"), [
    (b"{this is not json", "not JSON"),
    (json.dumps({"format": "tabletop-games", "version": 7}).encode(),
     "newer version of the app"),
])
def test_a_broken_file_says_so_and_changes_nothing(
        phones: tuple[Any, Any], exported: dict[str, Any], content: bytes, words: str) -> None:
    _, new = phones
    go(new, "#/settings")
    before = new.evaluate(STORED)
    choose_file(new, {"name": "games.json", "mimeType": "application/json", "buffer": content},
                by_key=True)
    assert words in message(new) and "Nothing was imported" in message(new)
    assert new.evaluate(STORED) == before

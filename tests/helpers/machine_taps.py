"""Playing the Perpetual-Motion Machine by taps, as a person does: the set-up's pair, the
turn's state, the hand, and a turn that follows the Hint (what the Strong computer would do),
tapped step by step. From tests/e2e/test_machine_app.py; the table of phones' browser tests
(tests/net/) play a guest's turns with it too."""

from __future__ import annotations

from typing import Any

from helpers.seated import cards_of, message, tap
from scripts.lib.pages import idle


def tap_sel(page: Any, selector: str, force: bool = False) -> None:
    """Tap the first element matching ``selector`` and wait until the app has handled it."""
    before = page.evaluate("document.documentElement.dataset.handled || '0'")
    page.locator(selector).first.tap(force=force)
    page.wait_for_function("n => (document.documentElement.dataset.handled || '0') !== n",
                           arg=before)
    idle(page)


def place(page: Any, tracks: str) -> None:
    """Set-up: choose the pair in the table, then Place in the dock."""
    tap_sel(page, f'[data-action=mm-pair][data-tracks="{tracks}"]')
    assert page.get_by_test_id("mm-setup").get_attribute("data-tracks") == tracks
    tap(page, "mm-setup")


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("!!document.querySelector('[data-testid=mm-table].live')"))


def wait_turn(page: Any) -> None:
    page.wait_for_function("document.querySelector('[data-testid=mm-table].live') || "
                           "document.querySelector('[data-testid=end]')", timeout=120_000)
    idle(page)


def hand(page: Any) -> list[str]:
    return cards_of(page, "mm-hand-card")


def phase(page: Any) -> str:
    p: str = page.evaluate("document.querySelector('[data-testid=mm-table]').dataset.phase")
    return p


def follow_hint(page: Any) -> str:
    """Ask for the Hint and do what it says by taps; returns the hint's action text."""
    tap(page, "mm-hint")
    page.wait_for_function("document.querySelector('[data-testid=mm-table][data-hint]')",
                           timeout=60_000)
    idle(page)
    hint: str = page.evaluate(
        "document.querySelector('[data-testid=mm-table]').dataset.hint")
    assert "Hint: the Strong computer would" in message(page)
    words = hint.split()
    head = words[0]
    if head == "setup":  # the Hint chose the pair: Place is the dock's button
        assert page.get_by_test_id("mm-setup").get_attribute("data-tracks") == " ".join(words[1:])
        tap(page, "mm-setup")
    elif head == "draw":
        tap(page, "mm-draw")
    elif head == "take":
        tap_sel(page, f'[data-testid=mm-display][data-slot="{int(words[1]) - 1}"]')
    elif head == "stop":
        tap(page, "mm-stop")
    elif head == "trade":
        assert hand(page) and page.locator("[data-testid=mm-hand-card][aria-pressed=true]").count()
        tap(page, "mm-trade")
    elif head == "discard":
        tap(page, "mm-discard")
    elif head == "play":
        sel = f'[data-action=mm-play][data-kind="{words[1]}"]'
        if "on" in words:
            tracks = words[words.index("on") + 1].replace("+", " ")
            sel += f'[data-tracks="{tracks}"]'
        if "pile" in words:
            sel += f'[data-pile="{words[words.index("pile") + 1]}"]'
        tap_sel(page, sel)
    else:
        raise AssertionError(hint)
    assert "Not allowed" not in message(page), (hint, message(page))
    return hint

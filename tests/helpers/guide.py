"""Following a guided first game (app.guide) as a person would, through the shell in CPython:
read the guide's bar and the step's text, then do what it says by tapping what the table
marks (each game's ``tap`` reads its own marks). From tests/app/test_guide.py."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from html.parser import HTMLParser
from typing import Any

from helpers.shell import click, settle

Tap = Callable[[Any, Any], Awaitable[None]]  # (app, page): tap what the table marks


def bar(page: Any) -> str:
    return str(page.regions.get("guide-bar", ""))


def step_of(page: Any) -> tuple[int, int] | None:
    """(the step reached, the number of steps), None when the guided game is done."""
    m = re.search(r'data-step="(\d+)" data-steps="(\d+)"', bar(page))
    assert m is not None, "no guide bar"
    k, n = int(m.group(1)), int(m.group(2))
    return None if "guide-next" not in bar(page) and "guide-skip" not in bar(page) else (k, n)


async def follow(app: Any, page: Any, tap: Tap, texts: list[str] | None = None) -> int:
    """Follow the guide to its end: Next when the step is to be read, else the marked taps.
    Returns the number of steps; ``texts`` gets each step's text."""
    for seen in range(200):
        where = step_of(page)
        if where is None:
            return seen
        assert where[0] == seen, (where, seen)
        text = page.texts["mt-msg" if "mt-msg" in page.texts else "pm-msg"]
        assert text and not text.startswith("Not quite"), text
        if texts is not None:
            texts.append(text)
        if 'data-testid="guide-next"' in bar(page):
            click(app, "guide-next")
        else:
            await tap(app, page)
        await settle(app)
    raise AssertionError("the guide never ended")


async def skip_all(app: Any, page: Any) -> int:
    """Skip every step (Next where there is nothing to skip)."""
    seen = 0
    while (where := step_of(page)) is not None:
        assert where[0] == seen
        click(app, "guide-next" if 'data-testid="guide-next"' in bar(page) else "guide-skip")
        await settle(app)
        seen += 1
    return seen


class _Marked(HTMLParser):
    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if self.token in a.get("class", "").split():
            self.found.append({"tag": tag, **a})


def marked(html: str, token: str = "hinted") -> list[dict[str, str]]:
    """The elements of ``html`` whose class has ``token`` (what a table marks), in order."""
    p = _Marked(token)
    p.feed(html)
    return p.found


def tap_element(app: Any, el: dict[str, str]) -> None:
    """Tap an element as the page's bridge reports it: its action and its ``data-*``."""
    data = {k[5:]: v for k, v in el.items() if k.startswith("data-") and k not in (
        "data-action", "data-testid")}
    names = {k: "".join(w if i == 0 else w.capitalize() for i, w in enumerate(k.split("-")))
             for k in data}
    click(app, el["data-action"], **{names[k]: v for k, v in data.items()})


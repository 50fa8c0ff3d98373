"""Playing by the keyboard alone, and by what a screen reader is told (issue 45): the browser
tests' tools (tests/e2e/test_keyboard_*.py) and the figures' (key presses per action).

* :class:`Keys` presses keys only (no click, no tap) and, after every key, checks that the
  focus is on a visible element inside the table (never the page's body), counting the keys
  each action took.
* :func:`focused` says what has the focus; :func:`tab_to` Tabs to the first control that
  matches, within a bound.
* :func:`announced` is what the page's one live region says now (``#announce``), and
  :class:`Listener` collects every sentence it is given, in order, from a script in the page
  (a MutationObserver), as a screen reader would hear them.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.spoken import spoken

from scripts.lib.pages import idle

FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return null;
  const r = a.getBoundingClientRect();
  const cs = getComputedStyle(a);
  const main = document.getElementById('main');
  return {tag: a.tagName.toLowerCase(), testid: a.dataset ? (a.dataset.testid || '') : '',
          action: a.dataset ? (a.dataset.action || '') : '', id: a.id || '',
          name: (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 80),
          visible: r.width > 0 && r.height > 0 && cs.visibility !== 'hidden',
          inside: !!(main && main.contains(a)) || !!a.closest('.topbar'),
          outline: cs.outlineStyle !== 'none' || cs.boxShadow !== 'none'};
}"""

LISTEN_JS = """() => {
  if (window.__heard) return;
  window.__heard = [];
  const live = document.getElementById('announce');
  new MutationObserver(() => {
    const text = live.textContent.replace(/\\u00a0$/, '').trim();
    if (text) window.__heard.push(text);
  }).observe(live, {childList: true, characterData: true, subtree: true});
}"""


def focused(page: Any) -> dict[str, Any] | None:
    """What has the keyboard focus (None: the page's body, that is nothing)."""
    found: dict[str, Any] | None = page.evaluate(FOCUS_JS)
    return found


def announced(page: Any) -> str:
    """What the page's live region says now."""
    return str(page.get_by_test_id("announce").text_content() or "").strip()


@dataclass
class Keys:
    """A keyboard, and what each action cost in key presses."""

    page: Any
    presses: int = 0
    per_action: list[int] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)  # keys after which the focus was lost

    def press(self, key: str, check: bool = True) -> dict[str, Any] | None:
        """Press ``key``, wait for the app, and check where the focus went."""
        self.page.keyboard.press(key)
        self.presses += 1
        idle(self.page)
        now = focused(self.page)
        if check and (now is None or not now["visible"] or not now["inside"]):
            self.lost.append(f"{key} -> {now}")
        return now

    def acted(self) -> None:
        """One action done: the keys since the last one count for it."""
        self.per_action.append(self.presses)
        self.presses = 0

    def tab_to(self, matches: Callable[[dict[str, Any]], bool], most: int = 60,
               back: bool = False) -> dict[str, Any]:
        """Tab (or Shift+Tab) until the focused control ``matches``."""
        for _ in range(most):
            now = self.press("Shift+Tab" if back else "Tab")
            if now is not None and matches(now):
                return now
        raise AssertionError(f"no control reached by {most} Tabs: {focused(self.page)}")

    def figures(self) -> dict[str, float]:
        """Key presses per action: median and worst."""
        if not self.per_action:
            return {"actions": 0, "median": 0.0, "worst": 0.0}
        return {"actions": len(self.per_action),
                "median": float(statistics.median(self.per_action)),
                "worst": float(max(self.per_action))}


class Listener:
    """Every sentence the page's live region is given, in order, as a screen reader hears
    them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        page.evaluate(LISTEN_JS)

    def heard(self) -> list[str]:
        return [str(s) for s in self.page.evaluate("() => window.__heard || []")]


def at(page: Any, selector: str) -> bool:
    """The focused element matches ``selector``."""
    return bool(page.evaluate("s => !!document.activeElement && document.activeElement"
                              ".matches(s)", selector))


def where(page: Any, selector: str) -> str:
    """Where the first element matching ``selector`` lies from the focus: "here", "in" (the
    same roving group), "after" or "before" (in the order of Tab)."""
    where_js = """s => {
      const t = document.querySelector(s), a = document.activeElement;
      if (!t) return 'none';
      if (t === a) return 'here';
      const g = t.closest('[data-rove]');
      if (g && a && g.contains(a)) return 'in';
      if (!a || a === document.body) return 'after';
      return a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after'
        : 'before';
    }"""
    found: str = page.evaluate(where_js, selector)
    return found


def reach(page: Any, keys: Keys, selector: str) -> None:
    """Move the focus to the control ``selector`` by keys only: Tab (or Shift+Tab) into its
    group, then the arrows along the group."""
    for _ in range(40):  # a long hand and the dock between
        w = where(page, selector)
        if w == "here":
            return
        assert w != "none", selector
        if w == "in":
            step = page.evaluate("""s => {
              const t = document.querySelector(s), g = t.closest('[data-rove]');
              const items = [...g.querySelectorAll('[data-rove-item]')];
              return items.indexOf(t) - items.indexOf(document.activeElement.closest(
                '[data-rove-item]'));
            }""", selector)
            for _ in range(abs(step)):
                keys.press("ArrowRight" if step > 0 else "ArrowLeft")
            continue
        keys.press("Tab" if w == "after" else "Shift+Tab")
    raise AssertionError(f"{selector} not reached: {focused(page)}")


def button(page: Any, name: str) -> Any:
    """The one button whose accessible name starts with ``name`` (a regular expression), as a
    screen reader's list of buttons finds it."""
    return page.get_by_role("button", name=re.compile("^" + name)).first


def press(page: Any, control: Any) -> None:
    """``control`` pressed by the keyboard (focused, Enter), and the app idle after it."""
    control.focus()
    page.keyboard.press("Enter")
    idle(page)


@dataclass
class HeardTurns:
    """The others' turns as the table's log shows them, checked against what the live region
    said: ``silent``, the log lines never said; ``repeats``, a sentence said twice in a row."""

    log: list[str]
    theirs: list[str]
    silent: list[str]
    repeats: list[str]


def heard_turns(page: Any, heard: list[str]) -> HeardTurns:
    """The log's lines of the other seats (the oracle: a screen-reader player does not read
    them), each looked for, in words, in what was ``heard``."""
    log = [li.inner_text().strip() for li in page.get_by_test_id("log").locator("li").all()]
    theirs = [line for line in log if not line.startswith("You")]
    silent = [line for line in theirs if not any(spoken(line) in h for h in heard)]
    repeats = [a for a, b in itertools.pairwise(heard) if a == b]
    return HeardTurns(log, theirs, silent, repeats)

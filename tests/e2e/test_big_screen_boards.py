"""The Perpetual-Motion Machine and Cube Farm as the table on a big screen (issue 46, item 5):
a laptop at 1280 x 800 sets up a game whose seats are phones and a computer (nobody plays on
it), so it draws the game's public view, laid out for a landscape screen (html[data-public]).
No phone joins: the table is drawn while it waits for them. Checked: no hand is drawn, the
board takes the width, no sideways scrolling, every seat's name is in view and large enough to
read across a room, the Machine's every mat is in view, Cube Farm's floor is as large as the
field allows, and every control is a 44 px target. (The game played over real data channels:
tests/net/test_big_screen.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import wait_ready

from scripts.lib.layout import small_targets
from scripts.lib.pages import idle
from scripts.lib.phones import host_game

BIG = {"viewport": {"width": 1280, "height": 800}, "has_touch": True}
SEATS = [("phone", "Ana"), ("phone", "Bea"), ("computer", "")]
NAME_PX = 20  # the smallest seat name that reads from across a table

# Where the board is, the seats' names as drawn, and the widths that count
MEASURE_JS = """(names) => {
  const doc = document.documentElement;
  const board = document.getElementById('mt-board').getBoundingClientRect();
  const shown = [...document.querySelectorAll(names)].map(e => {
    const r = e.getBoundingClientRect();
    return {name: e.textContent.trim(), px: parseFloat(getComputedStyle(e).fontSize),
            in_view: r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
                     && r.right <= innerWidth};
  });
  return {public: doc.dataset.public || '', board: board.width, width: innerWidth,
          scroll: doc.scrollWidth, shown};
}"""
IN_VIEW_JS = """(sel) => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
         && r.right <= innerWidth;
})"""
# Cube Farm's floor as drawn: its cards' box at the camera's zoom against the floor's view
# (the share of its width or height), and a square's size on the screen (48 units at zoom 1)
FLOOR_JS = """() => {
  const s = document.getElementById('cf-svg'), v = document.getElementById('cf-view');
  const b = s.dataset.floor.split(',').map(Number), k = window.cubeFarmCam.cam.k;
  return [Math.max((b[2] - b[0]) * k / v.clientWidth, (b[3] - b[1]) * k / v.clientHeight),
          48 * k];
}"""


@pytest.fixture(scope="module")
def table(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**BIG)
    page = ctx.new_page()
    page.goto(site_url)
    wait_ready(page)
    yield page
    ctx.close()


def the_table(page: Any, game: str, board: str, names: str) -> dict[str, Any]:
    """Set ``game`` up as the table, wait for its board; what :data:`MEASURE_JS` finds."""
    host_game(page, game, SEATS)
    page.wait_for_selector(f"[data-testid={board}]", timeout=30_000)
    idle(page)
    m: dict[str, Any] = page.evaluate(MEASURE_JS, names)
    assert m["public"] == "1", f"{game}: not drawn as the table"
    assert m["board"] >= 0.7 * m["width"], f"{game}: the board is {m['board']} px of {m['width']}"
    assert m["scroll"] <= m["width"], f"{game}: sideways scrolling ({m['scroll']})"
    assert small_targets(page) == [], f"{game}: small targets {small_targets(page)}"
    for who in ("Ana", "Bea"):
        assert any(s["name"].startswith(who) for s in m["shown"]), f"{game}: no {who}"
    assert len({s["name"] for s in m["shown"]}) >= len(SEATS), m["shown"]
    for s in m["shown"]:
        assert s["in_view"], f"{game}: {s['name']} out of view"
        assert s["px"] >= NAME_PX, f"{game}: {s['name']} in {s['px']} px"
    return m


def test_the_machine_and_cube_farm_as_the_table_on_a_big_screen(table: Any) -> None:
    the_table(table, "machine", "mm-table", ".mm-opp-name")
    assert table.get_by_test_id("mm-hand").count() == 0, "the table draws a hand"
    mats = table.evaluate(IN_VIEW_JS, "[data-testid=mm-pubmat] h2")
    assert mats == [True] * len(SEATS), f"the Machine's mats in view: {mats}"
    slots = table.evaluate(IN_VIEW_JS, "[data-testid=mm-pub-display] > li")
    assert slots and all(slots), f"the Machine's display in view: {slots}"

    the_table(table, "cube-farm", "cf-table", ".cf-pname")
    assert table.get_by_test_id("cf-hand").count() == 0, "the table draws a hand"
    share, square = table.evaluate(FLOOR_JS)
    # the whole floor as large as it fits, or its first few cards as large as they go
    assert share >= 0.8 or square >= 100, (
        f"Cube Farm's floor fills {share:.0%} of its view, a square {square:.0f} px")

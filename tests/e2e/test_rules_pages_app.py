"""The rules pages with their pictures at 360 x 640 (issue 22), light and dark: pictures drawn
(at least MIN_FIGURES figures, each inside the page), no sideways scroll, every table as wide
as the page at most with no word broken in it, text contrast of at least 4.5:1
(scripts/lib/layout.py), Cube Farm's drawn card list folded and readable when opened. The
build side (the table's own markup in the pictures, no ASCII card left) is
tests/app/test_rules_pages.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app

from scripts.lib.layout import BROKEN_WORDS_JS, SHOTS, contrast
from scripts.lib.pages import go

GAMES = ["perpetual-motion", "machiavelli", "machine", "cube-farm"]
MIN_FIGURES = 2
# the page heights before the pictures (issue 22), in CSS px at 360 wide: a page with its long
# lists folded must be shorter than the longest of them was
LONGEST_BEFORE = 12_837

MEASURE_JS = "() => {" + BROKEN_WORDS_JS + r"""
  const text = document.querySelector('[data-testid=rules-text]');
  const W = document.documentElement.clientWidth;
  const figs = [...text.querySelectorAll('figure')].map(f => {
    const r = f.getBoundingClientRect();
    return {left: r.left, right: r.right, height: r.height,
            label: f.querySelector('[role=img]').getAttribute('aria-label') || ''};
  });
  const tables = [...text.querySelectorAll('.rules-table')].map(w => {
    const t = w.querySelector('table');
    const cut = [...t.querySelectorAll('td, th')].filter(c => c.scrollWidth > c.clientWidth)
      .map(c => c.textContent.trim());
    const cs = getComputedStyle(t.querySelector('td, th'));
    return {table: Math.ceil(t.getBoundingClientRect().width), room: w.clientWidth, cut,
            wrap: cs.overflowWrap, brk: cs.wordBreak};
  });
  const broken = brokenWords(text);  // table words split across two lines
  return {width: W, scroll: document.scrollingElement.scrollWidth, broken,
          height: document.scrollingElement.scrollHeight, figs, tables};
}"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE)
    yield boot_app(ctx, site_url)
    ctx.close()


def rules(app: Any, gid: str) -> dict[str, Any]:
    go(app, f"#/rules/{gid}")
    app.wait_for_selector("[data-testid=rules-text] [data-testid=rules-figure]")
    m: dict[str, Any] = app.evaluate(MEASURE_JS)
    return m


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rules_pages_read_at_360_with_pictures(app: Any, scheme: str) -> None:
    app.emulate_media(color_scheme=scheme)
    for gid in GAMES:
        m = rules(app, gid)
        assert m["scroll"] <= m["width"] == 360, (gid, "sideways scroll", m["scroll"])
        assert len(m["figs"]) >= MIN_FIGURES, (gid, len(m["figs"]))
        for f in m["figs"]:
            assert f["left"] >= 0 and f["right"] <= m["width"], (gid, f)
            assert f["height"] > 60 and len(f["label"]) > 20, (gid, f)
        for t in m["tables"]:
            assert t["table"] <= t["room"], (gid, "a table wider than the page", t)
            assert t["cut"] == [] and t["wrap"] == "normal" and t["brk"] == "normal", (gid, t)
        assert m["broken"] == [], (gid, "words broken mid-word", m["broken"][:5])
        assert m["height"] < LONGEST_BEFORE, (gid, m["height"])
        c = contrast(app)
        assert c["failures"] == [], (gid, scheme, c["failures"][:3])
        app.screenshot(path=str(SHOTS / f"{scheme}-rules-{gid}.png"))


def test_cube_farm_card_list_opens_drawn(app: Any) -> None:
    app.emulate_media(color_scheme="light")
    rules(app, "cube-farm")
    folded = app.get_by_test_id("rules-cards")
    assert not folded.locator(".rules-cfcard").first.is_visible()
    folded.locator("summary").click()
    cards = folded.locator(".rules-cfcard")
    assert cards.count() == 51 and cards.first.is_visible()
    assert cards.first.locator("svg").bounding_box()["width"] > 60
    m = app.evaluate(MEASURE_JS)
    assert m["scroll"] <= m["width"], m["scroll"]
    for scheme in ("light", "dark"):
        app.emulate_media(color_scheme=scheme)
        c = contrast(app)
        assert c["failures"] == [], (scheme, c["failures"][:3])
    folded.locator("summary").click()

"""The set-up screens at 360 x 640 (issue 35): every picker shows its whole words, whichever
choice is picked ("Standard", not "Stand"); an empty number field's words ("usual for the
variant") fit in it; a bad option is explained next to its field, in view above Start."""

from __future__ import annotations

from typing import Any

import pytest
from helpers.browser import PHONE, boot_app

from scripts.lib.pages import go, idle

# Each select against a copy of itself as wide as its widest choice: narrower would cut words.
# Each field with words in it (a placeholder) against those words' width.
CUT = """() => {
  const out = [];
  for (const s of document.querySelectorAll("main select")) {
    const copy = s.cloneNode(true);
    copy.removeAttribute("id");
    copy.style.position = "absolute";
    copy.style.width = "max-content";
    copy.style.flex = "none";
    s.parentElement.appendChild(copy);
    const need = copy.getBoundingClientRect().width;
    copy.remove();
    const have = s.getBoundingClientRect().width;
    if (have + 0.5 < need) out.push(`${s.dataset.testid}: ${have} < ${need}`);
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const i of document.querySelectorAll("main input[placeholder]")) {
    const cs = getComputedStyle(i);
    ctx.font = cs.font;
    const need = ctx.measureText(i.placeholder).width + parseFloat(cs.paddingLeft)
      + parseFloat(cs.paddingRight);
    if (i.clientWidth < need) out.push(`${i.dataset.testid}: ${i.clientWidth} < ${need}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Any:
    ctx = browser.new_context(**PHONE)
    yield boot_app(ctx, site_url)
    ctx.close()


@pytest.mark.parametrize("game", ["machiavelli", "machine", "cube-farm"])
def test_pickers_show_their_whole_words(app: Any, game: str) -> None:
    go(app, f"#/{game}/setup")
    # a computer, a person and you: every kind of seat row
    app.get_by_test_id("seat-kind").nth(1).select_option("person")
    idle(app)
    # (a select as wide as its widest choice shows every choice whole, whichever is picked)
    assert app.get_by_test_id("seat-level").count() >= 1
    assert app.evaluate(CUT) == []
    rows = app.locator(".seat-row").evaluate_all(
        "rs => rs.map(r => Math.round(r.getBoundingClientRect().height))")
    assert max(rows) <= 48, rows  # each seat on one line at 360 px


def test_a_bad_option_is_explained_next_to_its_field_in_view(app: Any) -> None:
    go(app, "#/cube-farm/setup")
    hands = app.get_by_test_id("opt-hands")
    hands.fill("-5")
    hands.dispatch_event("change")
    idle(app)
    app.get_by_test_id("setup-start").click()
    idle(app)
    said = app.get_by_test_id("field-error")
    assert said.inner_text() == ("Hands cannot be -5: choose 1 to 20, or leave it empty for "
                                 "one per player.")
    box = said.bounding_box()
    bar = app.locator(".bottom-bar").bounding_box()
    field = app.get_by_test_id("opt-hands").bounding_box()
    assert box is not None and bar is not None and field is not None
    assert field["y"] >= 0 and box["y"] + box["height"] <= bar["y"]  # both above Start
    assert app.evaluate("document.activeElement.id") == "opt-hands"
    assert "config." not in app.locator("main").inner_text()

"""The phone layout rules of the browser tests (``check_layout``: no sideways scrolling,
touch targets of at least 44 x 44 CSS px) and the screenshots they leave in ``SHOTS``. From
tests/e2e/test_app_screens.py."""

from __future__ import annotations

from typing import Any

from helpers.browser import ROOT

SHOTS = ROOT / "build" / "screenshots"


LAYOUT_JS = """() => {
    const doc = document.documentElement;
    const small = [];
    for (const el of document.querySelectorAll(
            'button, a[href], select, input, textarea, [role=switch], [tabindex]')) {
        if (el.closest('.rules-text')) continue;  // links inside running text are exempt
        if (el.tabIndex < 0 && el.tagName === 'H1') continue;  // focus target, not a control
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden') continue;
        if (r.width < 43.5 || r.height < 43.5) {
            small.push(`${el.tagName} ${el.dataset.testid || el.id || el.textContent.trim()
                .slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
    }
    return {scroll: doc.scrollWidth, width: window.innerWidth, small,
            bg: getComputedStyle(document.body).backgroundColor};
}"""


def check_layout(page: Any, name: str) -> str:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    m = page.evaluate(LAYOUT_JS)
    assert m["scroll"] <= m["width"], f"{name}: sideways scrolling ({m['scroll']} > {m['width']})"
    assert m["small"] == [], f"{name}: touch targets under 44 x 44: {m['small']}"
    bg: str = m["bg"]
    return bg

"""Sound effects and vibration in the browser, at 360 x 640 (issue 22): with both off a refused
move plays nothing; turned on in Settings, the same refusal plays the refused sound (Web Audio
oscillators) and vibrates. The AudioContext and navigator.vibrate are instrumented by an init
script, so the test hears what the page plays. The Settings screen in light and dark: no
sideways scroll, targets of 44 x 44 CSS px, text contrast of at least 4.5:1 (its screenshots,
build/screenshots/settings-light.png and -dark.png, are those of docs/screenshots/)."""

from __future__ import annotations

from typing import Any

from helpers.browser import PHONE, boot_app
from helpers.seated import message, tap

from scripts.lib.layout import check_layout, contrast, open_turn, small_targets
from scripts.lib.pages import go

# What the page plays: each oscillator's frequency when it starts, each vibration pattern.
PROBE = """
window.__cues = {tones: [], pulses: []};
(() => {
  const Real = window.AudioContext || window.webkitAudioContext;
  if (Real) {
    class Probe extends Real {
      createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (...a) => {
          window.__cues.tones.push(osc.frequency.value);
          return start(...a);
        };
        return osc;
      }
    }
    window.AudioContext = Probe;
    window.webkitAudioContext = Probe;
  }
  navigator.vibrate = (pattern) => { window.__cues.pulses.push(pattern); return true; };
})();
"""
REFUSED_TONES = [233, 196]  # web/app/cues.js SOUNDS.refused
REFUSED_PULSE = [40, 60, 40]


def heard(page: Any) -> dict[str, list[Any]]:
    cues: dict[str, list[Any]] = page.evaluate("window.__cues")
    return cues


def forget(page: Any) -> None:
    page.evaluate("window.__cues.tones = []; window.__cues.pulses = []")


def refuse(page: Any) -> None:
    """End turn with nothing laid, at Machiavelli's table (refused)."""
    tap(page, "m-end", force=True)
    assert "refusal" in (page.get_by_test_id("message").get_attribute("class") or ""), message(
        page)


def settings_screen_is_fit(page: Any, scheme: str) -> None:
    go(page, "#/settings")
    page.evaluate("window.scrollTo(0, 0)")
    check_layout(page, f"settings-{scheme}")
    assert small_targets(page) == []
    c = contrast(page)
    assert c["checked"] > 0 and c["failures"] == [], (scheme, c["lowest"], c["failures"])


def test_a_refusal_plays_and_vibrates_only_once_turned_on(browser: Any, site_url: str) -> None:
    ctx = browser.new_context(**PHONE, color_scheme="light")
    ctx.add_init_script(PROBE)
    page = boot_app(ctx, site_url)
    open_turn(page, "machiavelli")
    refuse(page)
    assert heard(page) == {"tones": [], "pulses": []}  # both off until chosen

    go(page, "#/settings")
    assert page.get_by_test_id("set-haptics").is_visible()  # Chromium can vibrate
    tap(page, "set-sound")
    tap(page, "set-haptics")
    assert page.evaluate("[document.documentElement.dataset.sound, "
                         "document.documentElement.dataset.haptics]") == ["1", "1"]
    assert heard(page)["tones"], "turning sound on plays what it sounds like"
    settings_screen_is_fit(page, "light")

    go(page, "#/machiavelli")
    forget(page)
    refuse(page)
    cues = heard(page)
    assert [round(f) for f in cues["tones"]] == REFUSED_TONES
    assert cues["pulses"] == [REFUSED_PULSE]

    page.emulate_media(color_scheme="dark")
    settings_screen_is_fit(page, "dark")
    tap(page, "set-sound")
    tap(page, "set-haptics")
    go(page, "#/machiavelli")
    forget(page)
    refuse(page)
    assert heard(page) == {"tones": [], "pulses": []}  # off again: nothing
    assert page.errors == []
    ctx.close()

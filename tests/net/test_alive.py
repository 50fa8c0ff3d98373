"""A table of phones that lasts the evening (issue 46, items 3 and 4), over real WebRTC data
channels on this machine's loopback: three phones play Machiavelli (hands of 3).

- Bea's page is closed on her turn: the host and Cal say whom the table waits for (and Cal's
  screen reader hears it); Bea, on a new page of the same phone, rejoins her seat and hand.
- Cal's page is frozen (its JavaScript paused by the debugger, as a locked phone's stops):
  its heartbeat stops and every other phone shows it away (rtc.js ends a silent channel);
  woken, Cal rejoins by one invitation to the same seat and hand. (CDP's
  Page.setWebLifecycleState "frozen" does not freeze a page with an open RTCPeerConnection in
  this Chromium: its timers ran on, its beats kept coming.)
- Bea's channel goes silent without a close (her page's RTCDataChannel.send does nothing): she
  is shown away; the host gives her seat to a computer, and the game is played to its end.
- The screen: every phone asks for a wake lock while the game is played (a stand-in for
  navigator.wakeLock counts the requests and releases), lets it go when hidden, asks again when
  shown, and lets it go at the end; Cal's browser has none: Settings says so, and the table
  says so once and plays on.
- At the end the host goes silent: Cal's phone says the connection to the host was lost.

The figures (printed, not asserted on): the time from a page closed to the words on the other
phones, and the time to notice a silent phone.
"""

from __future__ import annotations

import os
import time
from typing import Any

from helpers.machiavelli_taps import play_turn_by_hint
from helpers.table_of_phones import GAME, M

from scripts.lib.keyboard import LISTEN_JS
from scripts.lib.layout import in_view, out_of_view, small_targets
from scripts.lib.pages import idle
from scripts.lib.phones import PHONE, SPY, host_game, invite, saved_state, tap

# a stand-in for the Screen Wake Lock API (headless Chromium may refuse the real one): every
# request and release is kept in window.wakeLog
FAKE_WAKE_LOCK = """
window.wakeLog = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    const s = new EventTarget();
    s.released = false;
    s.type = type;
    s.release = () => {
      if (!s.released) {
        s.released = true;
        window.wakeLog.push("release");
        s.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.wakeLog.push("request");
    return Promise.resolve(s);
  }}});
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock; delete navigator.wakeLock;"
SAYS = ("s => document.querySelector('[data-testid=message]').textContent.toLowerCase()"
        ".includes(s)")
BOOT_MS = 120_000
SHOTS = os.environ.get("ALIVE_SHOTS", "")  # a folder: each phone's page while the table waits
NOTICE_MS = 30_000  # a generous bound: the figures are printed


def phone(browser: Any, url: str, init: str) -> Any:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(SPY)
    ctx.add_init_script(init)
    page = ctx.new_page()
    page.goto(url)
    return page


def booted(page: Any) -> Any:
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=BOOT_MS)
    page.evaluate(LISTEN_JS)
    return page


def wake(page: Any) -> list[str]:
    return list(page.evaluate("window.wakeLog"))


def play_to(host: Any, pages: dict[int, Any], seat: int | None) -> None:
    """Each person plays by the Hint on their own phone until ``seat`` is to move (None: the
    end); a seat not in ``pages`` is the host's computer."""
    for _ in range(300):
        state = GAME.state_from_dict(saved_state(host, M))
        if state.status == "over" or GAME.outcome(state) is not None:
            assert seat is None, "the game ended first"
            host.wait_for_selector("[data-testid=end]", timeout=60_000)
            return
        cur = state.player
        if cur == seat:
            return
        page = pages.get(cur)
        if page is None:  # the computer: the host plays it
            host.wait_for_timeout(150)
            continue
        page.wait_for_function("!!document.querySelector('[data-testid=m-table].live')",
                               timeout=60_000)
        play_turn_by_hint(page)
        for p in pages.values():
            idle(p)
    raise AssertionError("the game went on too long")


def away_on(page: Any, words: str) -> float:
    """Seconds until ``page``'s message says ``words`` (lower case)."""
    t0 = time.perf_counter()
    page.wait_for_function(SAYS, arg=words, timeout=NOTICE_MS)
    return time.perf_counter() - t0


def hand_size(page: Any) -> int:
    return int(page.get_by_test_id("m-hand-card").count())


def test_every_phone_knows_the_tables_state_and_a_silent_phone_is_noticed(
        launch: Any, site_url: str) -> None:
    browser = launch()
    host = phone(browser, site_url, FAKE_WAKE_LOCK)
    bea = phone(browser, site_url, FAKE_WAKE_LOCK)
    cal = phone(browser, site_url + "#/settings", NO_WAKE_LOCK)
    for page in (host, bea, cal):
        booted(page)
    # Settings says what each browser does with the screen
    cal.wait_for_selector("[data-testid=set-awake]", timeout=30_000)
    assert cal.locator("[data-testid=set-awake] .awake-no").is_visible()
    assert not cal.locator("[data-testid=set-awake] .awake-yes").is_visible()
    host_game(host, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hand_size": "3"}, deal=7)
    invite(host, bea, 1, "Bea")
    invite(host, cal, 2, "Cal")
    pages = {0: host, 1: bea, 2: cal}
    for page in (host, bea):  # the screens stay on while the game is played
        page.wait_for_function("window.wakeLog.includes('request')", timeout=30_000)
    cant = "cannot keep the screen on"
    cal.wait_for_function("s => (window.__heard || []).some(h => h.includes(s))", arg=cant,
                          timeout=30_000)

    # hidden, the screen is let go; shown again, it is asked for again
    hidden = """v => {
      Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => v});
      document.dispatchEvent(new Event('visibilitychange'));
    }"""
    bea.evaluate(hidden, "hidden")
    bea.wait_for_function("window.wakeLog.at(-1) === 'release'", timeout=10_000)
    bea.evaluate(hidden, "visible")
    bea.wait_for_function("window.wakeLog.at(-1) === 'request'", timeout=10_000)

    # 1. Bea's page closes on her turn: every other phone says whom the table waits for
    play_to(host, pages, 1)
    hand = hand_size(bea)
    t0 = time.perf_counter()
    bea.close()
    words = "waiting for bea's phone to come back"
    host.wait_for_function(SAYS, arg=words, timeout=NOTICE_MS)
    t_host = time.perf_counter() - t0
    cal.wait_for_function(SAYS, arg=words, timeout=NOTICE_MS)
    t_cal = time.perf_counter() - t0
    print(f"\nclosed -> words: host {t_host:.2f} s, Cal {t_cal:.2f} s")
    cal.wait_for_function("s => (window.__heard || []).some(h => h.toLowerCase().includes(s))",
                          arg=words, timeout=10_000)
    assert host.get_by_test_id("phone-computer").count() == 1  # what the host can do
    assert host.get_by_test_id("phone-end").count() == 1
    assert small_targets(host, ".phones") == []  # 44 x 44 at least
    print("host's page while it waits:", out_of_view(in_view(host)) or "all in view")
    if SHOTS:
        for name, page in (("host", host), ("cal", cal)):
            page.screenshot(path=f"{SHOTS}/waiting-{name}.png")
    bea = booted(phone_again(bea, site_url))
    invite(host, bea, 1, "")  # the same phone comes back: its seat, its hand
    assert hand_size(bea) == hand
    pages[1] = bea

    # 2. Cal's page freezes: noticed by the heartbeat, shown away, rejoins
    cdp = cal.context.new_cdp_session(cal)
    cal_hand = hand_size(cal)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")  # its page's JavaScript stops where it is: a frozen page
    t_frozen = away_on(host, "cal's phone")
    t_frozen_bea = away_on(bea, "cal's phone")
    print(f"frozen page noticed: host {t_frozen:.2f} s, Bea {t_frozen_bea:.2f} s")
    host.wait_for_selector("[data-testid=phone-invite][data-seat='2']", timeout=10_000)
    cdp.send("Debugger.resume")
    cal.wait_for_function(SAYS, arg="connection to the host was lost", timeout=NOTICE_MS)
    invite(host, cal, 2, "")
    assert hand_size(cal) == cal_hand
    assert "bea's phone" not in host.get_by_test_id("message").inner_text().lower()

    # 3. Bea's channel goes silent without a close: away; a computer takes her seat; the end
    play_to(host, pages, 1)
    bea.evaluate("() => { RTCDataChannel.prototype.send = function () {}; }")
    t_silent = away_on(host, "waiting for bea's phone to come back")
    print(f"silent channel noticed: host {t_silent:.2f} s")
    away_on(cal, "waiting for bea's phone to come back")
    tap(host, "phone-computer")
    told = "a computer plays bea's seat"
    cal.wait_for_function("s => (window.__heard || []).some(h => h.toLowerCase().includes(s))",
                          arg=told, timeout=10_000)
    del pages[1]
    play_to(host, pages, None)
    for page in (host, cal):
        page.wait_for_selector("[data-testid=end]", timeout=60_000)
    host.wait_for_function("window.wakeLog.at(-1) === 'release'", timeout=10_000)
    # the host goes silent (its channel's messages dropped, no close): Cal says so
    host.evaluate("() => { RTCDataChannel.prototype.send = function () {}; }")
    t_host_silent = away_on(cal, "connection to the host was lost")
    print(f"silent host noticed: Cal {t_host_silent:.2f} s")
    heard = cal.evaluate("window.__heard")
    assert sum(cant in h for h in heard) == 1, heard  # said once, and the game played on
    print(f"figures: closed->words {max(t_host, t_cal):.2f} s; silent phone noticed "
          f"{t_frozen:.2f} s (frozen), {t_silent:.2f} s (channel)")


def phone_again(page: Any, url: str) -> Any:
    """A new page of the same phone (its storage kept) after ``page`` was closed."""
    again = page.context.new_page()
    again.goto(url)
    return again

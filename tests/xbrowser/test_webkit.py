"""The cross-browser smoke run in WebKitGTK (Safari's engine): Debian's MiniBrowser in automation
mode, driven by Selenium through /usr/bin/WebKitWebDriver (the path given, so Selenium Manager
never runs), on its own Xvfb display. The same flow as the Firefox run (test_firefox.py): a
fresh profile's first visit, the service worker, an offline return visit (the server stopped),
a Perpetual Motion deal by taps, a reload that resumes it, a Machiavelli turn with the Hint, a
Machine set-up and turn by hints, a Cube Farm card placed, the set-up and a join link saying
that this browser cannot connect phones (no WebRTC data channels in WebKitGTK); and no console
error nor uncaught page error on the way (WebKitWebDriver has no console log: a collector is
put into the page after every navigation). Only the DOM is used: data-testid and data-action
controls, document.documentElement.dataset and location.hash.

scripts/test installs webkit2gtk-driver and xvfb when missing; a missing one fails this test
rather than skipping it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from app.net.codes import pack
from helpers.browser import ROOT

from scripts.lib.layout import SHOTS
from scripts.lib.webkit import (
    DRIVER,
    XVFB,
    minibrowser,
    phone_viewport,
    webkit_driver,
    xvfb_display,
)
from scripts.serve import serve_in_thread

pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore::DeprecationWarning:selenium")]

SITE = ROOT / "build" / "site"
# a host's invitation (an offer's code, tests/fixtures/sdp): its join link opened in WebKit
JOIN_CODE = pack((ROOT / "tests" / "fixtures" / "sdp" / "chromium-offer.sdp").read_bytes()
                 .decode())
READY_S = 180
LIMIT_S = 540

READY = "document.documentElement.dataset.ready === '1'"
IDLE = ("(() => { const d = document.documentElement.dataset;"
        " return d.busy !== '1' && (d.handled || '0') === (d.sent || '0'); })()")
HANDLED = "(document.documentElement.dataset.handled || '0')"
ACTIONS = "(+document.documentElement.dataset.actions || 0)"

COLLECT = """
if (!window.__xbErrors) {
  const errs = window.__xbErrors = [];
  addEventListener("error", (e) => errs.push("page error: " + (e.message || e.type) +
                                             " at " + e.filename + ":" + e.lineno));
  addEventListener("unhandledrejection", (e) => errs.push("page error: unhandled rejection: " +
      (e.reason && e.reason.stack ? e.reason.stack : String(e.reason))));
  const orig = console.error;
  console.error = function (...args) {
    errs.push("console error: " + args.map(String).join(" "));
    return orig.apply(this, args);
  };
}
"""

TABLE = """(() => {
  const q = s => document.querySelector(s);
  const txt = s => q(s) ? q(s).textContent : null;
  return {
    stacks: [...document.querySelectorAll('[data-action=stack]')].map(
      b => [...b.querySelectorAll('[data-card]')].map(c => c.dataset.card)),
    deck: q('[data-testid=deck-count]') ? +q('[data-testid=deck-count]').textContent : null,
    discarded: q('[data-testid=discard-count]') ?
      +q('[data-testid=discard-count]').textContent : null,
    round: txt('[data-testid=round]'),
    deal: txt('[data-testid=deal-number]'),
  }; })()"""

CENTRE = """const el = arguments[0];
  const v = document.getElementById('cf-view').getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const c = window.cubeFarmCam;
  c.cam.x += v.left + v.width / 2 - (r.left + r.width / 2);
  c.cam.y += v.top + v.height / 3 - (r.top + r.height / 2);
  c.apply();"""

STEADY = """const done = arguments[arguments.length - 1];
  arguments[0].scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"""


@pytest.fixture()
def display() -> Iterator[str]:
    """An Xvfb display of its own (the MiniBrowser has no headless mode)."""
    with xvfb_display() as number:
        yield number


class Smoke:
    """The page in the MiniBrowser, driven as a player would, and what went wrong in it."""

    def __init__(self, driver: Any) -> None:
        self.d = driver
        self.errors: list[str] = []

    def js(self, expr: str, *args: Any) -> Any:
        return self.d.execute_script(f"return {expr};", *args)

    def wait(self, expr: str, timeout: float = 60, *args: Any) -> Any:
        end = time.monotonic() + timeout
        while True:
            got = self.d.execute_script(f"return {expr};", *args)
            if got:
                return got
            if time.monotonic() > end:
                raise AssertionError(f"timed out after {timeout} s waiting for {expr}")
            time.sleep(0.1)

    def watch(self) -> None:
        self.d.execute_script(COLLECT)

    def collect(self) -> None:
        try:
            self.errors += self.d.execute_script("return (window.__xbErrors || []).splice(0);")
        except Exception as e:  # the page is gone
            self.errors.append(f"could not read the errors: {e}")

    def open(self, url: str) -> None:
        self.collect()
        self.d.get(url)
        self.watch()
        self.wait(READY, READY_S)
        self.watch()
        self.wait(IDLE)

    def reload(self) -> None:
        self.collect()
        self.d.refresh()
        self.watch()
        self.wait(READY, READY_S)
        self.watch()
        self.wait(IDLE)

    def tap_el(self, el: Any) -> None:
        before = self.js(HANDLED)
        self.d.execute_async_script(STEADY, el)
        el.click()
        try:
            self.wait(f"{HANDLED} !== arguments[0]", 10, before)
        except AssertionError:
            pass  # a tap on a disabled control makes no event
        self.wait(IDLE)

    def tap_sel(self, selector: str) -> None:
        self.wait("document.querySelector(arguments[0])", 30, selector)
        self.tap_el(self.d.find_element("css selector", selector))

    def tap(self, testid: str) -> None:
        self.tap_sel(f'[data-testid="{testid}"]')

    def go(self, hash_: str) -> None:
        if self.js("location.hash") == hash_:
            return
        before = self.js("document.documentElement.dataset.routed")
        self.d.execute_script("location.hash = arguments[0];", hash_)
        self.wait("document.documentElement.dataset.routed !== arguments[0]", 30, before)
        self.wait(IDLE)

    def fresh(self, hash_: str) -> None:
        self.go("#/")
        self.go(hash_)
        if self.js("!!document.querySelector('[data-testid=offer]')"):
            self.tap("open-deal")
        self.wait(IDLE)

    def message(self) -> str:
        return str(self.js("(document.querySelector('[data-testid=message]') || {})"
                           ".textContent || ''"))

    def hand(self, testid: str) -> list[str]:
        cards: list[str] = self.js(
            f"[...document.querySelectorAll('[data-testid={testid}]')].map(b => b.dataset.card)")
        return cards

    # --- the flows ----------------------------------------------------------------------------

    def perpetual_motion(self) -> dict[str, Any]:
        self.fresh("#/perpetual-motion/deal/16557")
        assert self.js(TABLE)["deck"] == 52
        for _ in range(3):
            self.tap("deal")
        t = self.js(TABLE)
        assert t["deck"] == 40, f"three deals by taps leave 40 cards, not {t['deck']}"
        return {"deck": t["deck"], "round": t["round"]}

    def reload_resumes(self) -> dict[str, Any]:
        before = self.js(TABLE)
        self.reload()
        after = self.js(TABLE)
        assert after == before, f"after the reload {after} != {before}"
        return {"deal": after["deal"], "deck": after["deck"]}

    def machiavelli(self) -> dict[str, Any]:
        """The Hint followed, turn after turn, until a turn lays cards (the solver's heavy
        path)."""
        live = ("!!document.querySelector('[data-testid=m-table].live') || "
                "!!document.querySelector('[data-testid=end]')")
        self.fresh("#/machiavelli/deal/11?seats=you,beginner&variant=manipulation")
        turns: list[str] = []
        for _ in range(8):
            self.wait(live, 120)
            self.wait(IDLE)
            if self.js("!!document.querySelector('[data-testid=end]')"):
                break
            before = len(self.hand("m-hand-card"))
            self.tap("m-hint")
            self.wait("/can lay|Nothing can be laid/.test(document.querySelector("
                      "'[data-testid=message]').textContent)")
            if "Nothing can be laid" in self.message():
                self.tap("m-draw")
                turns.append("drew")
                continue
            n = 0
            while n < 200 and self.js(
                    "(s => !!s && !s.disabled && s.getAttribute('aria-disabled') !== 'true')"
                    "(document.querySelector('[data-testid=m-hint-step]'))"):
                self.tap("m-hint-step")
                assert "Not allowed" not in self.message(), self.message()
                n += 1
            laid = before - len(self.hand("m-hand-card"))
            assert laid > 0, f"{n} hinted steps laid no card"
            self.tap("m-end")
            turns.append(f"laid {laid} cards in {n} hinted steps")
            break
        assert turns and turns[-1].startswith("laid"), f"no turn laid a card: {turns}"
        return {"turns": turns}

    def machine_hint(self) -> str:
        self.wait("!document.querySelector('[data-testid=mm-table][data-hint]')", 15)
        self.tap("mm-hint")
        self.wait("!!document.querySelector('[data-testid=mm-table][data-hint]')")
        self.wait(IDLE)
        hint: str = self.js("document.querySelector('[data-testid=mm-table]').dataset.hint")
        w = hint.split()
        actions = self.js(ACTIONS)
        if w[0] == "setup":
            self.tap_sel(f'[data-action=mm-setup][data-tracks="{w[1]} {w[2]}"]')
        elif w[0] in ("draw", "stop", "trade", "discard"):
            self.tap(f"mm-{w[0]}")
        elif w[0] == "take":
            self.tap_sel(f'[data-testid=mm-display][data-slot="{int(w[1]) - 1}"]')
        elif w[0] == "play":
            sel = f'[data-action=mm-play][data-kind="{w[1]}"]'
            if "on" in w:
                sel += f'[data-tracks="{w[w.index("on") + 1].replace("+", " ")}"]'
            if "pile" in w:
                sel += f'[data-pile="{w[w.index("pile") + 1]}"]'
            self.tap_sel(sel)
        else:
            raise AssertionError(f"unknown hint {hint}")
        assert "Not allowed" not in self.message(), (hint, self.message())
        self.wait(f"{ACTIONS} !== arguments[0]", 15, actions)
        return hint

    def phones(self) -> dict[str, Any]:
        """No WebRTC data channels in this WebKitGTK: the set-up says phones cannot join and
        leaves their seat kind disabled; a join link says so as it opens, with no Join button
        (issue 36: where a browser has none, the menu says so instead of failing)."""
        assert self.js("typeof RTCPeerConnection") == "undefined", "WebKit has WebRTC now"
        self.go("#/machiavelli/setup")
        self.wait("!!document.querySelector('[data-testid=no-phones]')", 30)
        disabled = self.js("document.querySelector('#seat-kind-1 option[value=phone]')"
                           ".disabled")
        self.go(f"#/join/{JOIN_CODE}")
        self.wait("!!document.querySelector('[data-testid=join-problem]')", 30)
        said = self.js("document.querySelector('[data-testid=join-problem]').textContent")
        assert "no WebRTC data channels" in said, said
        assert not self.js("!!document.querySelector('[data-testid=join-go]')")
        self.go("#/")
        return {"phone seat disabled": disabled}

    def machine(self) -> dict[str, Any]:
        live = ("!!document.querySelector('[data-testid=mm-table].live') || "
                "!!document.querySelector('[data-testid=end]')")
        self.fresh("#/machine/deal/11?seats=you,beginner&max_rounds=6")
        done: list[str] = []
        for _ in range(12):  # the set-up, then hints followed until the turn passes
            self.wait(live, 120)
            self.wait(IDLE)
            if self.js("!!document.querySelector('[data-testid=end]')"):
                break
            n = self.js(ACTIONS)
            hint = self.machine_hint()
            done.append(hint)
            self.wait(live, 120)
            self.wait(IDLE)
            if not hint.startswith("setup") and self.js(ACTIONS) > n + 1:
                break  # the computer has played: the turn passed
        assert any(not h.startswith("setup") for h in done), done
        return {"hints": done}

    def cube_farm(self, shot: Path) -> dict[str, Any]:
        self.fresh("#/cube-farm/deal/6?seats=you,beginner")
        self.wait("!!document.querySelector('[data-testid=cf-table].live')", 120)
        before = len(self.hand("cf-hand-card"))
        self.tap("cf-hand-card")
        lit = self.d.find_elements("css selector", "#cf-svg .cf-lit")
        assert lit, "a picked card lights the squares it may go on"
        sq = lit[len(lit) // 2]
        self.d.execute_script(CENTRE, sq)
        before_h = self.js(HANDLED)
        self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")
        sq.click()
        self.wait(f"{HANDLED} !== arguments[0]", 10, before_h)
        self.wait(IDLE)
        assert self.js("document.querySelectorAll('[data-testid=cf-preview]').length") == 1, \
            self.message()
        self.tap("cf-ok")
        after = len(self.hand("cf-hand-card"))
        assert after == before - 1, f"the hand went from {before} to {after} cards"
        self.d.save_screenshot(str(shot))
        return {"hand": [before, after]}


def start_webkit(display: str, tmp_path: Path) -> Any:
    """The MiniBrowser on ``display``, driven through WebKitWebDriver (fails, never skips, when
    something is missing); its GTK style sheet in ``tmp_path`` (scripts/lib/webkit.py)."""
    browser = minibrowser()
    for need, what in ((DRIVER, "webkit2gtk-driver"), (XVFB, "xvfb"),
                       (browser, "webkit2gtk-driver (its libwebkit2gtk-4.1-0's MiniBrowser)")):
        if need is None or not need.exists():
            pytest.fail(f"{need or 'the MiniBrowser'} is missing: scripts/test installs "
                        f"Debian's {what}")
    if not (SITE / "index.html").exists():
        pytest.fail("build/site is missing: run scripts/test (it builds the site first)")
    return webkit_driver(display, tmp_path)


# The thinking worker (app/thinker.py, started through PyScript as the app starts it) asked the
# hardest questions from the page, in WebKit, whose workers have a much smaller stack than its
# page: every answer must come back, and be CPython's.
ASK = """const [requests, done] = [arguments[0], arguments[arguments.length - 1]];
  window.tabletop.thinker().then(async (worker) => {
    const answers = [];
    for (const request of requests) {
      try {
        answers.push({ ok: true, result: await worker.think(request) });
      } catch (e) {
        answers.push({ ok: false, error: String((e && e.message) || e) });
      }
    }
    worker.end();
    done({ answers });
  }, (e) => done({ error: "worker error: " + ((e && e.message) || e) }));"""


def test_webkit_worker_thinks_the_hardest_questions(display: str, tmp_path: Path) -> None:
    from app.think import Thinker
    from helpers.deep import think_requests

    requests = think_requests()
    server, url = serve_in_thread(SITE)
    driver = start_webkit(display, tmp_path)
    try:
        smoke = Smoke(driver)
        smoke.open(url)
        driver.set_script_timeout(300)
        got = driver.execute_async_script(ASK, requests)
        smoke.collect()
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    assert "error" not in got, got
    answers = got["answers"]
    assert all(a["ok"] for a in answers), [a.get("error") for a in answers]
    assert [a["result"] for a in answers] == list(map(Thinker().think, requests))
    assert smoke.errors == [], smoke.errors


def test_webkit_smoke(display: str, tmp_path: Path) -> None:
    driver = start_webkit(display, tmp_path)
    server, url = serve_in_thread(SITE)  # a server of its own: it is stopped mid-run
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / "xbrowser-webkit-cube-farm.png"
    steps: list[tuple[str, float, Any]] = []
    t0 = time.monotonic()
    smoke = Smoke(driver)
    failure: str | None = None

    def step(name: str, fn: Callable[[], Any]) -> None:
        t = time.monotonic()
        detail = fn()
        steps.append((name, time.monotonic() - t, detail))

    def offline_visit() -> dict[str, Any]:
        server.shutdown()
        server.server_close()
        smoke.collect()
        driver.get("about:blank")
        smoke.open(url)
        return {"thread": smoke.js("document.documentElement.dataset.thread")}

    try:
        driver.set_script_timeout(30)
        phone_viewport(driver)
        def first_visit() -> dict[str, Any]:
            smoke.open(url)
            # the error collection works: one console error made on purpose is seen, dropped
            driver.execute_script("console.error('xbrowser self-check');")
            smoke.collect()
            assert any("xbrowser self-check" in e for e in smoke.errors), smoke.errors
            smoke.errors = [e for e in smoke.errors if "xbrowser self-check" not in e]
            return {"thread": smoke.js("document.documentElement.dataset.thread"),
                    "viewport": smoke.js("[innerWidth, innerHeight]")}

        step("first visit ready", first_visit)
        step("service worker controls the page", lambda: smoke.wait(
            "!!(navigator.serviceWorker && navigator.serviceWorker.controller)", 120) and None)
        step("offline return visit ready", offline_visit)
        step("perpetual motion: deals by taps", smoke.perpetual_motion)
        step("reload resumes the game", smoke.reload_resumes)
        step("machiavelli: a turn with the hint", smoke.machiavelli)
        step("machine: the set-up and a turn by hints", smoke.machine)
        step("cube farm: a card placed", lambda: smoke.cube_farm(shot))
        step("phones: no data channels, said", smoke.phones)
        smoke.collect()
    except Exception as e:
        failure = f"{type(e).__name__}: {e}"
        try:
            failure += f"\nat {driver.current_url}; message: {smoke.message()}"
            smoke.collect()
        except Exception:
            pass
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    elapsed = time.monotonic() - t0
    report = "\n".join(f"  {s:6.1f} s  {name}  {json.dumps(detail)}"
                       for name, s, detail in steps)
    print(f"WebKit smoke run, {elapsed:.0f} s:\n{report}")
    assert failure is None, f"{failure}\nsteps passed:\n{report}\nerrors: {smoke.errors}"
    assert smoke.errors == [], "console or page errors:\n" + "\n".join(smoke.errors)
    assert len(steps) == 9, report
    assert steps[8][2]["phone seat disabled"] is True, report
    assert steps[0][2]["viewport"] == [360, 640], report
    # the app's Python in a worker on the first visit and offline on the return visit
    assert steps[0][2]["thread"] == "worker" and steps[2][2]["thread"] == "worker", report
    assert elapsed < LIMIT_S, f"the smoke run took {elapsed:.0f} s"


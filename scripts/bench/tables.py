"""The four tables at 360 x 640 (issue 21's measures), on build/site of this checkout (``--site``).

(Until 2026-12 this compared the site of commit 08441d4, before the table frame, too: see
docs/benchmarks-retired.md.) Debian's Chromium through Playwright, a phone page (360 x 640,
scale 2, touch). Per table, at the start of the player's turn (scripts/lib/layout.py: TURNS;
Machiavelli deal 7 with two Standard computers, Cube Farm deal 7 with one Standard, Perpetual
Motion deal 7; the Machine deal 7 with one Standard, at its first turn after the set-up choice,
the first pair not taken):

- page height: document.scrollingElement.scrollHeight (the viewport is 640);
- controls of the turn in view, n of m: the hand and the turn's action buttons (TURN_CONTROLS
  below), fully inside the viewport (a card of a hand strip that scrolls sideways counts when
  the strip is in view), plus the message line when it says something;
- lowest contrast of any visible text, light and dark (WCAG 2 ratio against the composited
  background: scripts/lib/layout.py CONTRAST_JS), and how many texts fail AA;
- targets under 44 x 44 CSS px in the top bar and the table screen (SMALL_TARGETS_JS);
- taps for a typical turn, counted as real taps through the UI (each one a click on the
  control, waited on until the app has handled it):
    Machiavelli: Hint, then every Step of the hint's plan, then End turn (or Hint then Draw
      when the hint says nothing can be laid);
    Perpetual Motion: Deal;
    Machine: one choice, Take cards: tap the first display card the turn may take, then Stop
      if the turn goes on (or Draw when no display card may be taken);
    Cube Farm: tap the first card of the hand, a lit square (the middle one; the plan panned
      so that it is in view, which is no tap), Confirm, then Pass if a cubicle may be claimed;
- time back to the turn: from the turn's last tap (the click in the page) until the table is
  the player's again (the live table back and the app idle), at each computer speed of
  Settings (Settings -> Auto-play speed, web/app/settings.py SPEEDS; reduced motion off, as
  the speed is instant with it), for the seated games. Runs play deals 7, 8, 9, ... (one per
  run; Machiavelli: the first deals from 7 whose first hand holds a meld of three, so that
  the hint lays one), the same deals at every speed; medians over the runs.

Each block holds the lock file (--lock) only while its browser runs.

Usage: .venv/bin/python -m scripts.bench.tables [--runs 3] [--json out.json] [--site build/site]
       [--speeds slow,normal,fast,instant]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from scripts.bench.common import lock, median
from scripts.lib.browser import PHONE, SITE, chromium
from scripts.lib.layout import TURNS, contrast, in_view, open_turn, small_targets, wait_turn
from scripts.lib.pages import go
from scripts.serve import serve_in_thread

GAMES = list(TURNS)
SEATED = ["machiavelli", "machine", "cube-farm"]
SPEEDS = ["slow", "normal", "fast", "instant"]
READY = "document.documentElement.dataset.ready === '1'"
SCOPE = "header.topbar, main"


def _ids(*ids: str) -> str:
    return ", ".join(f"[data-testid={i}]" for i in ids)


# The hand and the turn's actions of each table.
TURN_CONTROLS = {
    "machiavelli": _ids("m-hand-card", "m-sort", "m-undo", "m-reset", "m-hint", "m-hint-step",
                        "m-new", "m-draw", "m-end"),
    "machine": _ids("mm-hand-card", "mm-sort", "mm-aid", "mm-clear", "mm-hint", "mm-draw",
                    "mm-stop", "mm-trade", "mm-discard", "mm-play"),
    "cube-farm": _ids("cf-hand-card", "cf-rot", "cf-prev", "cf-next", "cf-cancel", "cf-hint",
                      "cf-ok", "cf-pass", "cf-undo"),
    "perpetual-motion": _ids("deal", "autoplay", "speed", "manual", "hint", "new-deal",
                             "restart", "share"),
}

# Click the ``nth`` element of ``sel`` (a click event, as a tap makes; SVG squares included)
# and wait until the app has handled it and is idle. If the live table (``live``) went away
# meanwhile (the turn ended), wait until it is back and the app idle, or the game or hand is
# over. Returns {ended, ms (click to the live table back, then the next frame), over}.
TIMED_TAP = """async ([sel, nth, live]) => {
  const d = document.documentElement.dataset;
  const el = document.querySelectorAll(sel)[nth];
  if (!el) return {error: 'nothing matches ' + sel};
  let gone = false;
  const check = () => { if (!document.querySelector(live)) gone = true; };
  const obs = new MutationObserver(check);
  obs.observe(document, {subtree: true, childList: true, attributes: true,
                         attributeFilter: ['class']});
  const idle = () => d.busy !== '1' && (d.handled || '0') === (d.sent || '0');
  const over = () => !!document.querySelector(
    '[data-testid=end], [data-testid=mt-next-hand], [data-testid=cf-deal]');
  const sleep = () => new Promise(r => setTimeout(r, 4));
  const n0 = Number(d.handled || '0');
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const deadline = t0 + 300000;
  while (Number(d.handled || '0') <= n0 && performance.now() < deadline) await sleep();
  while (!idle() && !gone && performance.now() < deadline) await sleep();
  check();
  if (gone) {
    while (!(idle() && (document.querySelector(live) || over()))
           && performance.now() < deadline) await sleep();
  }
  const t1 = performance.now();
  obs.disconnect();
  await new Promise(r => requestAnimationFrame(() => r()));
  return {ended: gone, ms: t1 - t0, over: over(), timeout: performance.now() >= deadline};
}"""

CENTRE_JS = """el => {
    const view = document.getElementById('cf-view');
    const c = window.cubeFarmCam;
    if (!view || !c) return;
    const v = view.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    c.cam.x += v.left + v.width / 2 - (r.left + r.width / 2);
    c.cam.y += v.top + v.height / 3 - (r.top + r.height / 2);
    c.apply(); }"""

ENABLED = ":not([disabled]):not([aria-disabled=true])"


def enabled(page: Any, sel: str) -> int:
    n: int = page.locator(sel + ENABLED).count()
    return n


class Turn:
    """One typical turn's taps at one table, counted; the last one timed."""

    def __init__(self, page: Any, live: str) -> None:
        self.page, self.live = page, live
        self.taps = 0
        self.last: dict[str, Any] = {}

    def tap(self, sel: str, nth: int = 0) -> dict[str, Any]:
        r: dict[str, Any] = self.page.evaluate(TIMED_TAP, [sel, nth, self.live])
        if "error" in r:
            raise RuntimeError(r["error"])
        self.taps += 1
        self.last = r
        return r


def set_machine_up(page: Any) -> None:
    """The Machine's set-up choice (the first pair not taken), then its first turn."""
    t = Turn(page, TURNS["machine"][1])
    t.tap("[data-action=mm-pair]:not(.taken)" + ENABLED)  # choose a pair, then Place cubes
    t.tap("[data-action=mm-setup]" + ENABLED)
    wait_turn(page, TURNS["machine"][1])


def turn_machiavelli(t: Turn) -> None:
    page = t.page
    t.tap("[data-testid=m-hint]")
    page.wait_for_function("/can lay|Nothing can be laid/.test(document.querySelector("
                           "'[data-testid=message]').textContent)", timeout=120_000)
    if "Nothing can be laid" in page.get_by_test_id("message").inner_text():
        t.tap("[data-testid=m-draw]")
        return
    for _ in range(100):
        if not enabled(page, "[data-testid=m-hint-step]"):
            break
        t.tap("[data-testid=m-hint-step]")
    t.tap("[data-testid=m-end]")


def turn_machine(t: Turn) -> None:
    page = t.page
    for _ in range(6):
        if t.last.get("ended"):
            return
        display = "[data-testid=mm-display]" + ENABLED
        if t.taps == 0 and enabled(page, "[data-testid=mm-display]"):
            t.tap(display)
        elif enabled(page, "[data-testid=mm-stop]"):
            t.tap("[data-testid=mm-stop]")
        elif enabled(page, "[data-testid=mm-draw]"):
            t.tap("[data-testid=mm-draw]")
        else:
            raise RuntimeError("the Machine's turn: nothing to take and no Stop")


def turn_cube_farm(t: Turn) -> None:
    page = t.page
    t.tap("[data-testid=cf-hand-card]")
    lit = page.locator("#cf-svg .cf-lit")
    n = lit.count()
    if not n:
        raise RuntimeError("Cube Farm: no lit square")
    lit.nth(n // 2).evaluate(CENTRE_JS)
    t.tap("#cf-svg .cf-lit", n // 2)
    t.tap("[data-testid=cf-ok]")
    if not t.last.get("ended") and enabled(page, "[data-testid=cf-pass]"):
        t.tap("[data-testid=cf-pass]")


def turn_perpetual_motion(t: Turn) -> None:
    t.tap("[data-testid=deal]")


TYPICAL = {"machiavelli": turn_machiavelli, "machine": turn_machine,
           "cube-farm": turn_cube_farm, "perpetual-motion": turn_perpetual_motion}


def machiavelli_deals(n: int, start: int = 7) -> list[int]:
    """The first ``n`` deals from ``start`` (three players) whose first hand holds a meld of
    three (a set of three suits or a run of three in a suit), so that the Hint lays one."""
    from engine.registry import get_game
    from engine.seats import deal_seeded

    game = get_game("machiavelli")
    config = game.config_from_dict({"players": 3})
    order = "A23456789TJQKA"
    out: list[int] = []
    deal = start
    while len(out) < n:
        state: Any = deal_seeded(game, config, deal)
        cards = {str(c) for c in state.hands[state.player]}
        sets = any(len({s for s in "CDHS" if r + s in cards}) >= 3 for r in order[:13])
        runs = any(all(order[i + k] + s in cards for k in range(3))
                   for s in "CDHS" for i in range(12))
        if sets or runs:
            out.append(deal)
        deal += 1
    return out


def open_game(page: Any, game: str, deal: int, last: dict[str, int]) -> None:
    """Deal ``deal`` of ``game`` at the start of the player's turn, a new game even if the
    same deal is in progress (then another deal is opened first)."""
    link, _live = TURNS[game]
    if last.get(game) == deal:
        open_turn(page, game, link.replace("/deal/7", "/deal/99"))
    open_turn(page, game, link.replace("/deal/7", f"/deal/{deal}"))
    last[game] = deal
    if game == "machine":
        set_machine_up(page)


def boot(browser: Any, url: str, **ctx_args: Any) -> Any:
    ctx = browser.new_context(**PHONE, **ctx_args)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    return page


# --- the blocks -------------------------------------------------------------------------------

def layout_block(browser: Any, url: str) -> dict[str, dict[str, Any]]:
    """Height, controls in view, contrast (light and dark), small targets; PM's Deal taps."""
    out: dict[str, dict[str, Any]] = {g: {} for g in GAMES}
    for scheme in ("light", "dark"):
        page = boot(browser, url, reduced_motion="reduce", color_scheme=scheme)
        last: dict[str, int] = {}
        for game in GAMES:
            open_game(page, game, 7, last)
            page.evaluate("window.scrollTo(0, 0)")
            c = contrast(page)
            o = out[game]
            o[f"contrast_{scheme}"] = c["lowest"]
            o[f"contrast_fails_{scheme}"] = len(c["failures"])
            o[f"contrast_worst_{scheme}"] = c["lowest_at"]
            if scheme == "light":
                v = in_view(page, TURN_CONTROLS[game])
                shown = list(v["controls"])
                n_in = sum(1 for x in shown if x["in_view"])
                m = v["message"]
                if m is not None and m["text"]:
                    shown.append(m)
                    n_in += int(m["in_view"])
                o["height"] = v["scroll_height"]
                o["in_view"] = n_in
                o["controls"] = len(shown)
                small = small_targets(page, SCOPE)
                o["small"] = len(small)
                o["small_list"] = [f"{s['path']} '{s['text']}' {s['width']}x{s['height']}"
                                   for s in small]
        page.context.close()
    return out


def set_speed(page: Any, speed: str) -> None:
    """Settings -> Auto-play speed, as a player sets it (kept in localStorage)."""
    go(page, "#/settings")
    before = page.evaluate("document.documentElement.dataset.handled || '0'")
    page.get_by_test_id("set-speed").select_option(speed)
    page.wait_for_function("n => (document.documentElement.dataset.handled || '0') !== n",
                           arg=before)
    stored = json.loads(page.evaluate("localStorage.getItem('tabletop.settings')") or "{}")
    if stored.get("speed") != speed:
        raise RuntimeError(f"the speed setting did not take: {stored}")


def timing_block(page: Any, speed: str, deals: dict[str, list[int]], last: dict[str, int],
                 with_pm: bool) -> dict[str, dict[str, list[float]]]:
    """Taps of a typical turn and the time back to the turn, at ``speed``, ``runs`` deals
    (``with_pm``: Perpetual Motion's turn too, which has no computers)."""
    out: dict[str, dict[str, list[float]]] = {g: {"taps": [], "back_ms": []} for g in GAMES}
    set_speed(page, speed)
    for run in range(len(deals[GAMES[0]])):
        for game in GAMES:
            if game == "perpetual-motion" and not with_pm:
                continue
            t0 = time.perf_counter()
            deal = deals[game][run]
            open_game(page, game, deal, last)
            t1 = time.perf_counter()
            t = Turn(page, TURNS[game][1])
            TYPICAL[game](t)
            out[game]["taps"].append(t.taps)
            if game in SEATED:
                if not t.last.get("ended") or t.last.get("timeout"):
                    raise RuntimeError(f"{game}: the typical turn did not end: {t.last}")
                out[game]["back_ms"].append(t.last["ms"])
            print(f"    {speed} deal {deal} {game}: opened in {t1 - t0:.1f} s, "
                  f"{t.taps} taps in {time.perf_counter() - t1:.1f} s"
                  + (f", back in {t.last['ms'] / 1000:.2f} s" if game in SEATED else ""),
                  file=sys.stderr)
    return out


def measure(url: str, runs: int, speeds: list[str], lock_path: str) -> dict[str, Any]:
    res: dict[str, Any] = {}
    deals = {g: [7 + r for r in range(runs)] for g in GAMES}
    deals["machiavelli"] = machiavelli_deals(runs)
    res["deals"] = deals
    with chromium() as browser:
        with lock(lock_path):
            t0 = time.perf_counter()
            res["layout"] = layout_block(browser, url)
            print(f"  layout: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        page = None
        last: dict[str, int] = {}
        for speed in speeds:
            with lock(lock_path):
                t0 = time.perf_counter()
                if page is None:  # one page for every speed (reduced motion off)
                    page = boot(browser, url, reduced_motion="no-preference")
                res[speed] = timing_block(page, speed, deals, last, speed == speeds[0])
                print(f"  {speed}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        if page is not None:
            page.context.close()
    return res


# --- the report -------------------------------------------------------------------------------

def summary(res: dict[str, Any], speeds: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for g in GAMES:
        lay = res["layout"][g]
        s: dict[str, Any] = {
            "page height (px)": lay["height"],
            "turn controls in view": f"{lay['in_view']} of {lay['controls']}",
            "lowest contrast, light": f"{lay['contrast_light']} ({lay['contrast_fails_light']}"
                                      " fail)",
            "lowest contrast, dark": f"{lay['contrast_dark']} ({lay['contrast_fails_dark']}"
                                     " fail)",
            "targets under 44 px": lay["small"],
        }
        taps = [x for sp in speeds for x in res[sp][g]["taps"]]
        s["taps for a typical turn"] = median(taps) if taps else None
        for sp in speeds:
            ms = res[sp][g]["back_ms"]
            s[f"back to the turn, {sp} (s)"] = (round(median(ms) / 1000, 2) if ms else "-")
        out[g] = s
    return out


def print_table(res: dict[str, Any], speeds: list[str]) -> None:
    table = summary(res, speeds)
    rows = list(table[GAMES[0]].keys())
    w0 = max(len(r) for r in rows) + 2
    for g in GAMES:
        print(f"\n{g}")
        for r in rows:
            print(f"{r:<{w0}}{table[g][r]!s:>18}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    ap.add_argument("--speeds", default=",".join(SPEEDS))
    ap.add_argument("--lock", default="/tmp/browser.lock",
                    help="a lock file held while a browser runs ('' for none)")
    args = ap.parse_args()
    speeds = [s for s in args.speeds.split(",") if s]
    bad = [s for s in speeds if s not in SPEEDS]
    if bad:
        raise SystemExit(f"unknown speeds {bad}: choose from {SPEEDS}")
    if not speeds:
        raise SystemExit("no speed")
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is missing: run scripts/build_site.py first")
    t_all = time.perf_counter()
    print(f"{args.site}", file=sys.stderr)
    server, url = serve_in_thread(args.site)
    try:
        res = measure(url, args.runs, speeds, args.lock)
    finally:
        server.shutdown()
    print(f"\nThe tables at 360 x 640: {args.site}; medians of {args.runs} runs; "
          f"{time.perf_counter() - t_all:.0f} s")
    print("deals: " + ", ".join(f"{g} {' '.join(map(str, d))}" for g, d in res["deals"].items()))
    print_table(res, speeds)
    for g in GAMES:
        lay = res["layout"][g]
        if lay["small_list"]:
            print(f"\n{g}: targets under 44 px: " + "; ".join(lay["small_list"]))
        for scheme in ("light", "dark"):
            if lay[f"contrast_fails_{scheme}"]:
                print(f"{g} {scheme}: lowest contrast at {lay[f'contrast_worst_{scheme}']}")
    if args.json:
        args.json.write_text(json.dumps({"site": str(args.site), "runs": args.runs,
                                         "speeds": speeds, "results": res}, indent=1))


if __name__ == "__main__":
    main()

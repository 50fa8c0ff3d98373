"""Screenshots of the end of each of the four games and of every guide step after its first
tap, at 360 x 640, in Firefox ESR, WebKitGTK and Chromium (issue 45: every end and each guide
step, looked at in the three engines). The browsers and the DOM-only steps are
scripts/screenshots_xbrowser.py's (scripts/lib/xbrowser.py), so the same steps run in each.

* Ends, light and dark (where the page sees the scheme): each seated game's finished game (played
  to its end in CPython, the person's moves a Beginner's, its save put in the browser's storage
  as the app writes it, as tests/e2e/test_everyone_can_play.py does), opened on its end card;
  Perpetual Motion's deal 7 and the day's deal, each by Play to the end. For each, whether Play
  again (New deal) and Share are inside the viewport and uncovered.
* Guides, light: each guide (#/<game>/learn) followed by its steps' right moves
  (scripts/lib/guide_moves.py), a picture after the first tap of every step, and after its last.

Written to <out>/<engine>/end-<game>-<scheme>.png and <out>/<engine>/guide-<game>-<k>.png (the
screen after step k's first tap: the next step's, when that tap closes step k).

Usage: flock /tmp/browser.lock .venv/bin/python -m scripts.shots_ends_guides
       [--browser firefox|webkit|chromium|all] [--site build/site] [--out build/shots-45]
(build the site first, inside the same lock.)
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from scripts.lib.browser import ROOT, SITE
from scripts.lib.guide_moves import MARKS_SEEN, RIGHT, Move, one_taps
from scripts.lib.xbrowser import BROWSERS, Page
from scripts.screenshots_xbrowser import (
    FRAMES,
    HANDLED,
    IDLE,
    READY,
    READY_S,
    SCHEME,
    go,
    measure,
    tap,
)
from scripts.serve import serve_in_thread

# the seated games' finished games (tests/e2e/test_everyone_can_play.py SEATED: small deals)
SEATED = {
    "machiavelli": "#/machiavelli/deal/11?seats=you,beginner&variant=manipulation",
    "machine": "#/machine/deal/7?seats=you,beginner&max_rounds=3",
    "cube-farm": "#/cube-farm/deal/7?seats=you,beginner&hands=1",
}
PM = "perpetual-motion"
END_S = 180

# Whether the control is inside the viewport and uncovered (what lies at its centre is itself)
CENTRE_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    return `outside the viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`;
  }
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return at && (at === el || el.contains(at)) ? 'ok' :
    `covered by ${at ? at.outerHTML.slice(0, 80) : 'nothing'}`;
}"""
# A tap by the control's label (as a person reading the step) or a selector: the element is
# clicked (a click event, bubbling: SVG elements have no click())
TAP_JS = """(how) => {
  let el = null;
  if (how.sel) {
    el = document.querySelector(how.sel);
  } else {
    el = [...document.querySelectorAll('button, a[href], [role=button]')]
      .filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 0)
      .find(e => { const t = e.innerText ?? e.textContent;
        return [t.replace(/\\s+/g, ' ').trim(), t.trim().split('\\n')[0].trim()]
          .includes(how.label); });
  }
  if (!el) return false;
  // brought into view only if it is not seen (a finger taps what it sees): scrolling a clipped
  // view (Cube Farm's plan, panned by its own camera) would move what the page placed
  const r = el.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!at || !(at === el || el.contains(at))) {
    el.scrollIntoView({block: 'nearest', behavior: 'instant'});
  }
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  return true;
}"""


def finished_save(game_id: str, address: str) -> dict[str, str]:
    """The storage of a device whose game of ``address`` was played to its end (the person's
    moves chosen as a Beginner would), as the app wrote it (tests/helpers/shell.py)."""
    from tests.helpers.shell import saves

    return saves(game_id, address)["end"]


def do(page: Page, move: Move) -> None:
    """One tap (a label, or one selector), waited for until the app has handled it."""
    how = {"label": move} if isinstance(move, str) else {"sel": move[0]}
    before = page.js(HANDLED)
    if not page.call(TAP_JS, how):
        raise RuntimeError(f"{page.name}: nothing to tap for {how}")
    try:
        page.wait(f"{HANDLED} !== {json.dumps(before)}", 10)
    except TimeoutError:
        print(f"    (no event for {how})", flush=True)
    page.wait(IDLE, 60)


class Shooter:
    def __init__(self, page: Page, out: Path, scheme: str, games: list[str]) -> None:
        self.page, self.out, self.scheme, self.games = page, out, scheme, games
        self.rows: list[dict[str, Any]] = []

    def shot(self, name: str, checks: dict[str, Any]) -> None:
        self.page.js(FRAMES)
        time.sleep(0.3)  # (a picture, not a test: what was just drawn settles)
        path = self.out / f"{name}.png"
        self.page.shot(path)
        m = measure(self.page)
        row = {"browser": self.page.name, "scheme": self.scheme, "screen": name, **checks,
               "scroll": [m["scroll_width"], m["scroll_height"]],
               "viewport": [m["inner_width"], m["inner_height"]],
               "out_of_view": m["out_of_view"], "contrast": m["contrast_failures"][:3],
               "small": m["small"][:3], "errors": self.page.errors()}
        self.rows.append(row)
        print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} "
              f"{json.dumps({k: v for k, v in row.items() if k not in ('browser', 'screen')})}",
              flush=True)


def ends(s: Shooter, url: str, saves: dict[str, dict[str, str]]) -> None:
    page = s.page
    for game, saved in saves.items():
        if game not in s.games:
            continue
        go(page, "#/")
        page.call("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", saved)
        page.goto(url)
        page.wait(READY, READY_S)
        page.wait(IDLE)
        go(page, f"#/{game}")
        page.wait("!!document.querySelector('[data-testid=end]')", 60)
        page.wait(IDLE)
        s.shot(f"end-{game}-{s.scheme}",
               {t: page.call(CENTRE_JS, f"[data-testid={t}]") for t in ("mt-again", "mt-share")})
    # Perpetual Motion: a deal and the day's deal, played to the end
    for name, link, play in ((PM, f"#/{PM}/deal/7", None), (f"{PM}-daily", f"#/{PM}/daily",
                                                           "daily-play")):
        if PM not in s.games:
            continue
        go(page, "#/")
        go(page, link)
        if page.js("!!document.querySelector('[data-testid=offer]')"):
            tap(page, "open-deal")
        if play:
            tap(page, play)
        page.wait("!!document.querySelector('[data-testid=autoplay]')", 60)
        page.call("() => { const s = document.querySelector('[data-testid=speed]');"
                  " s.value = 'instant'; s.dispatchEvent(new Event('change', {bubbles: true})); }")
        page.wait(IDLE)
        tap(page, "autoplay")
        page.wait("!!document.querySelector('[data-testid=end]')", END_S)
        page.wait(IDLE, END_S)
        share = "daily-end-share" if play else "share"
        s.shot(f"end-{name}-{s.scheme}",
               {t: page.call(CENTRE_JS, f"[data-testid={t}]") for t in ("new-deal", share)})


def guides(s: Shooter) -> None:
    page = s.page
    for game, steps in RIGHT.items():
        if game not in s.games:
            continue
        go(page, "#/")
        go(page, f"#/{game}/learn")
        for k, right in enumerate(steps):
            taps = one_taps(right)
            for n, one in enumerate(taps):
                do(page, one)
                if n == 0:
                    s.shot(f"guide-{game}-{k + 1:02d}",
                           {"marks_unseen": [m for m in page.call(MARKS_SEEN) if not m["seen"]],
                            "message": page.js("(document.querySelector('[data-testid=message]')"
                                               "?.innerText || '').slice(0, 60)")})
        done = page.js("document.querySelector('[data-testid=guide-bar]').innerText")
        if "done" not in done:
            print(f"  {game}: the guide is not done: {done!r}", flush=True)


def run(browser: str, scheme: str, url: str, out: Path,
        saves: dict[str, dict[str, str]], what: list[str],
        games: list[str]) -> list[dict[str, Any]]:
    with BROWSERS[browser](scheme) as page:
        page.goto(url)
        seen = page.js(SCHEME)
        if (scheme == "dark") != seen["dark"]:
            print(f"{browser}: the page does not see prefers-color-scheme: {scheme}; "
                  f"no {scheme} pictures", flush=True)
            return []
        print(f"{browser} {scheme}: {seen}", flush=True)
        page.wait(READY, READY_S)
        page.wait(IDLE)
        s = Shooter(page, out, scheme, games)
        if "guides" in what and scheme == "light":
            guides(s)
        if "ends" in what:
            ends(s, url, saves)
        return s.rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--browser", default="all", choices=["firefox", "webkit", "chromium", "all"])
    ap.add_argument("--scheme", default="both", choices=["light", "dark", "both"])
    ap.add_argument("--what", default="ends,guides", help="ends, guides or both (a comma)")
    ap.add_argument("--games", default=",".join(RIGHT), help="which games (a comma between)")
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "shots-45")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run scripts/build_site.py first")
    browsers = ["firefox", "webkit", "chromium"] if args.browser == "all" else [args.browser]
    schemes = ["light", "dark"] if args.scheme == "both" else [args.scheme]
    what, games = args.what.split(","), args.games.split(",")
    saves = ({g: finished_save(g, a) for g, a in SEATED.items() if g in games}
             if "ends" in what else {})
    server, url = serve_in_thread(args.site)
    rows: list[dict[str, Any]] = []
    try:
        for browser in browsers:
            (args.out / browser).mkdir(parents=True, exist_ok=True)
            for scheme in schemes:
                try:
                    rows += run(browser, scheme, url, args.out / browser, saves, what, games)
                except Exception as e:  # one browser's failure does not hide the others'
                    print(f"{browser} {scheme} FAILED: {type(e).__name__}: {e}", flush=True)
    finally:
        server.shutdown()
    print()
    for b in browsers:
        mine = [r for r in rows if r["browser"] == b]
        bad = [r for r in mine if r["out_of_view"] or r.get("marks_unseen") or r["errors"]
               or r["scroll"] != r["viewport"] or r["contrast"] or r["small"]
               or any(v not in ("ok",) for k, v in r.items()
                      if k in ("mt-again", "mt-share", "new-deal", "share", "daily-end-share"))]
        print(f"{b}: {len(mine)} pictures, {len(bad)} with something to look at")
        for r in bad:
            print(f"  {r['screen']}: {json.dumps(r)[:600]}")


if __name__ == "__main__":
    main()

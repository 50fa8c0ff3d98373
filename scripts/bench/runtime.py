"""The app at run time, in its two thinking designs, measured in one run: build/site of this
checkout (``--site``) with (b) the default, computers thinking in a second worker (the
thinker, its own Pyodide), and (a) ``?thinker=here``, the app's worker thinking itself (one
Pyodide). (Until 2026-12 this compared a "before" site built from commit 5009543 too: its last
figures are in docs/benchmarks-retired.md.)

Debian's Chromium through Playwright (the flags of scripts/lib/browser.py ARGS), a 360x640
phone page (scale 2, touch, reduced motion), a fresh on-disk profile for each run of each
measurement:

1. Lighthouse 12.2.3 mobile on home, first and return visit (bench.lighthouse.one_run):
   performance, total blocking time, best-practices score and the best-practice audits that
   lost points, and time to ready beside each (unthrottled, the Lighthouse browser's own
   window).
2. The longest stall of the page's own thread: a 10 ms setInterval in the page, served as
   __stall.js right after <head> in index.html by the bench server
   (bench.common.serve_with_probe); the raw largest gap between two ticks (an idle page: about
   10 ms). (i) first visit, navigation to ready; (ii) return visit (service worker in charge;
   reload) to ready; (iii) a watched game of four Strong computers
   (#/machiavelli/watch/<seed>?seats=strong,strong,strong,strong&speed=fastest) to its end
   (dataset.outcome set), in the same page after (ii).
3. Time to ready (dataset.ready = "1", from navigation start), first and return visit (the
   pages of 2), against a bare Pyodide page (scripts/lib/browser.py's bare.html: Pyodide and
   the engine wheel only), served from a second origin so that the app's service worker
   (which answers every navigation of its scope with index.html) cannot take it: first visit
   in a fresh profile, return visit the second load there (HTTP cache); and the ratio app /
   bare.
4. A tap during a Strong turn: a saved game of you and three Strong computers (manipulation,
   made here with the engine's own computers: your turn, 30+ cards on the table, every hand
   6+), on a return visit; tap Draw [m-draw], then while the computers play (dataset.busy =
   "1", the table not live), 0-60 ms into their turns, tap the Rules link "?" [rules-link] (a
   route the app's Python answers) and time tap -> dataset.handled caught up with
   dataset.sent -> next animation frame; back to the table (untimed) and again. Median and
   worst over every tap of every run.
5. Memory after the watched game of 2(iii), the game's page still open: VmRSS and Pss (from
   /proc/<pid>/smaps_rollup) summed over the renderer processes of that browser (the
   descendants of the browser process with --type=renderer; dedicated workers, the thinking
   worker included, live in the page's renderer).

The browser parts take the lock file (--lock, default /tmp/browser.lock) one block at a time.

Usage: .venv/bin/python -m scripts.bench.runtime [--runs 3] [--json out.json] [--site build/site]
       [--taps 6] [--skip lighthouse,startup,watch,taps]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.bench import lighthouse
from scripts.bench.common import (
    browser_memory,
    lock,
    renderer_memory,
    saved_game,
    serve_with_probe,
    stall_probe_js,
)
from scripts.lib.browser import ARGS, CHROMIUM, PHONE, ROOT, SITE, bare_page
from scripts.serve import serve_in_thread

SEEDS = [1, 2, 3, 4, 5, 6, 7]
WATCH = "#/machiavelli/watch/{seed}?seats=strong,strong,strong,strong&speed=fastest"
DEAL = "#/machiavelli/deal/{seed}?seats=you,strong,strong,strong&variant=manipulation"
READY = "document.documentElement.dataset.ready === '1'"
# Tap ``sel`` and time it until every event handed to Python is handled, then the next frame.
TAP = """async (sel) => {
  const root = document.documentElement;
  const n = () => Number(root.dataset.sent || "0"), h = () => Number(root.dataset.handled || "0");
  const target = n() + 1;
  const t0 = performance.now();
  document.querySelector(sel).click();
  while (n() < target || h() < n()) await new Promise(r => setTimeout(r, 0));
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""
THINKING = """() => {
  const root = document.documentElement;
  return root.dataset.busy === '1' && !!document.querySelector('[data-testid=m-table]')
    && !document.querySelector('[data-testid=m-table].live')
    && !document.querySelector('[data-testid=end]');
}"""
CAUGHT_UP = ("Number(document.documentElement.dataset.handled || '0') >= "
             "Number(document.documentElement.dataset.sent || '0')")


# --- helpers --------------------------------------------------------------------------------

@contextmanager
def profile(pw: Any) -> Iterator[tuple[Any, str]]:
    """A phone-sized persistent context in a fresh profile; yields (context, its folder)."""
    folder = tempfile.mkdtemp(prefix="bench-rt-profile-")
    ctx = pw.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=ARGS, **PHONE,
        reduced_motion="reduce")
    try:
        yield ctx, folder
    finally:
        ctx.close()
        shutil.rmtree(folder, ignore_errors=True)


def errors_of(page: Any, into: list[str]) -> None:
    page.on("pageerror", lambda e: into.append(f"pageerror: {e}"))
    page.on("console", lambda m: into.append(f"console.{m.type}: {m.text[:300]}")
            if m.type == "error" else None)


def stall(page: Any) -> dict[str, float]:
    r: dict[str, float] = page.evaluate(
        "() => ({max: window.__stall.now(), over50: window.__stall.over50, "
        "readyAt: window.__stall.readyAt, readyMax: window.__stall.readyMax})")
    return r


def wait_probe_ready(page: Any) -> None:
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_function("window.__stall && window.__stall.readyAt !== null", timeout=10_000)


def bare_site(site: Path, tmp: Path) -> Path:
    """The site's Pyodide, wheel and icon plus bare.html (no service worker, no app)."""
    out = tmp / f"bare-{abs(hash(str(site)))}"
    if out.exists():
        return out
    out.mkdir(parents=True)
    cfg = json.loads((site / "pyscript.json").read_text())
    wheel = cfg["packages"][0]
    for rel in ("pyodide", "icons", str(Path(wheel).parent)):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).symlink_to((site / rel).resolve())
    # Pyodide's own standard library, where scripts/lib/browser.py's bare page takes it from
    (out / "bare").mkdir()
    (out / "bare" / "python_stdlib.zip").symlink_to(
        ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    (out / "bare.html").write_text(bare_page(wheel))
    return out


# --- the measurements -----------------------------------------------------------------------

def session(pw: Any, url: str, query: str, seed: int) -> dict[str, Any]:
    """First visit, return visit, a watched four-Strong game, memory: one fresh profile."""
    errors: list[str] = []
    with profile(pw) as (ctx, folder):
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        errors_of(page, errors)
        page.goto(url + query)
        wait_probe_ready(page)
        first = stall(page)
        thread_first = page.evaluate("document.documentElement.dataset.thread || ''")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(1000)  # the precache finished
        page.reload()
        wait_probe_ready(page)
        back = stall(page)
        thread_back = page.evaluate("document.documentElement.dataset.thread || ''")
        page.wait_for_timeout(2000)
        home = browser_memory(folder)  # the home screen of a return visit, settled
        page.evaluate("window.__stall.reset()")
        t0 = time.perf_counter()
        page.evaluate("h => { location.hash = h; }", WATCH.format(seed=seed))
        page.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                               timeout=1_800_000, polling=500)
        seconds = time.perf_counter() - t0
        game = stall(page)
        actions = int(page.evaluate("document.documentElement.dataset.actions || '0'"))
        thinker = page.evaluate("document.documentElement.dataset.thinker || 'app'")
        page.wait_for_timeout(2000)
        memory = renderer_memory(folder)
        whole = browser_memory(folder)
    return {"first": {"ready": first["readyAt"], "stall": first["readyMax"],
                      "thread": thread_first},
            "return": {"ready": back["readyAt"], "stall": back["readyMax"],
                       "thread": thread_back},
            "watch": {"seed": seed, "stall": game["max"], "over50": game["over50"],
                      "seconds": seconds, "actions": actions, "thinker": thinker},
            "memory": memory, "browser": {"home": home["pss_mb"], "game": whole["pss_mb"]},
            "errors": errors}


def blank_memory(pw: Any) -> float:
    """PSS of the whole browser (every process) showing about:blank, in a fresh profile: what
    the app's figures are taken over."""
    with profile(pw) as (ctx, folder):
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto("about:blank")
        page.wait_for_timeout(3000)
        return float(browser_memory(folder)["pss_mb"])


BARE_READY = """
new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") {
    window.__bareReady = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def bare_times(pw: Any, url: str) -> dict[str, float]:
    with profile(pw) as (ctx, _):
        ctx.add_init_script(BARE_READY)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        out = {}
        for visit in ("first", "return"):
            page.goto(url + "bare.html")
            page.wait_for_function("window.__bareReady !== undefined", timeout=180_000)
            out[visit] = float(page.evaluate("window.__bareReady"))
        return out


def big_table_save(seed: int, cards_min: int = 30) -> tuple[str, int]:
    """A saved game (you + three Strong computers, manipulation) at your turn with a full
    table, so that each Strong turn thinks for a while (as bench.game_app's, 4 seats)."""
    def ready(m: Any) -> int | None:
        cards = sum(len(x) for x in m.state.table)
        return cards if (m.current == 0 and cards >= cards_min and m.state.steps == 0
                         and min(len(h) for h in m.state.hands) >= 6
                         and len(m.state.deck) > 8) else None

    save: tuple[str, int] = saved_game(
        "machiavelli", [(n, "strong") for n in ("Bea", "Cal", "Dee")], ["strong"] * 4, seed,
        ready, options=(("variant", "manipulation"),))
    return save


def taps(pw: Any, url: str, query: str, save: str, n: int) -> dict[str, Any]:
    """Taps on the Rules link while a Strong computer is thinking, on a return visit, in the
    saved game ``save`` (your turn at a full table; each Draw starts three Strong turns)."""
    errors: list[str] = []
    out: list[float] = []
    thinker = ""
    with profile(pw) as (ctx, _):
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        errors_of(page, errors)
        page.goto(url + query)
        page.wait_for_function(READY, timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(1000)
        page.evaluate("s => localStorage.setItem('tabletop.machiavelli.save', s)", save)
        page.reload()
        page.wait_for_function(READY, timeout=180_000)
        thread = page.evaluate("document.documentElement.dataset.thread || ''")
        page.evaluate("location.hash = '#/machiavelli'")
        page.wait_for_selector("[data-testid=m-table].live", timeout=120_000)
        misses = 0
        while len(out) < n and misses < 6:
            if page.locator("[data-testid=end], [data-testid=hand-over]").count():
                break
            if page.locator("[data-testid=m-table].live").count():
                if not page.locator("[data-testid=m-draw]:not([disabled])").count():
                    break
                page.evaluate(TAP, "[data-testid=m-draw]")
            page.wait_for_function(
                f"({THINKING})() || !!document.querySelector('[data-testid=m-table].live') "
                "|| !!document.querySelector('[data-testid=end]')", timeout=120_000, polling=5)
            if not page.evaluate(THINKING):
                misses += 1
                continue
            # a Strong turn here thinks for some 100-300 ms: tap 0-60 ms into the computers' turns
            page.wait_for_timeout((20 * len(out)) % 80)
            if not page.evaluate(THINKING):
                misses += 1
                continue
            out.append(float(page.evaluate(TAP, "[data-testid=rules-link]")))
            if not thinker:
                thinker = page.evaluate("document.documentElement.dataset.thinker || 'app'")
            page.evaluate("location.hash = '#/machiavelli'")
            page.wait_for_function(CAUGHT_UP, timeout=120_000)
            page.wait_for_selector("[data-testid=m-table]", timeout=120_000)
    return {"taps": out, "thread": thread, "thinker": thinker, "misses": misses,
            "errors": errors}


# --- report ---------------------------------------------------------------------------------

def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", "--after-site", dest="site", type=Path, default=SITE,
                    help="the built site (default build/site)")
    ap.add_argument("--taps", type=int, default=6, help="taps per run and design")
    ap.add_argument("--json", type=Path, help="also write every figure here")
    ap.add_argument("--lock", default="/tmp/browser.lock",
                    help="lock file held around each browser block ('' for none)")
    ap.add_argument("--skip", default="", help="comma list of lighthouse,startup,watch,taps")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    from playwright.sync_api import sync_playwright

    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is missing: run scripts/build_site.py first")
    sites = {"app": args.site}
    designs = [("(b) thinker", "app", ""), ("(a) ?thinker=here", "app", "?thinker=here")]
    tmp = Path(tempfile.mkdtemp(prefix="bench-rt-"))
    probe = stall_probe_js(10)
    servers = []
    plain, probed, bare_url = {}, {}, {}
    for name, site in sites.items():
        s, plain[name] = serve_in_thread(site)
        servers.append(s)
        s, probed[name] = serve_with_probe(site, probe)
        servers.append(s)
        s, bare_url[name] = serve_in_thread(bare_site(site, tmp))
        servers.append(s)
    res: dict[str, Any] = {"lighthouse": {}, "session": {}, "bare": {}, "taps": {}}
    started = time.perf_counter()

    def note(what: str) -> None:
        print(f"  [{time.perf_counter() - started:6.0f} s] {what}", file=sys.stderr, flush=True)

    saves: dict[int, str] = {}
    if "taps" not in skip:
        for run in range(args.runs):
            seed = SEEDS[run % len(SEEDS)]
            saves[seed], cards = big_table_save(seed)
            note(f"saved game for seed {seed}: {cards} cards on the table")

    def dump() -> None:  # after every block, so an interrupted run keeps its figures
        if args.json:
            args.json.write_text(json.dumps({"site": str(args.site), "runs": args.runs,
                                             "results": res}, indent=1))

    try:
        with sync_playwright() as pw:
            for run in range(args.runs):
                seed = SEEDS[run % len(SEEDS)]
                if "lighthouse" not in skip:
                    for name in sites:
                        with lock(args.lock):
                            r = lighthouse.one_run(pw, plain[name], "worker", tmp)
                        res["lighthouse"].setdefault(name, []).append(r)
                        dump()
                        note(f"run {run + 1}: Lighthouse {name}")
                if "startup" not in skip:
                    for name in sites:
                        with lock(args.lock):
                            res["bare"].setdefault(name, []).append(bare_times(pw, bare_url[name]))
                        dump()
                        note(f"run {run + 1}: bare page {name}")
                if "watch" not in skip:
                    with lock(args.lock):
                        res.setdefault("blank", []).append(blank_memory(pw))
                    for label, name, query in designs:
                        with lock(args.lock):
                            r = session(pw, probed[name], query, seed)
                        res["session"].setdefault(label, []).append(r)
                        dump()
                        note(f"run {run + 1}: visits + watched game {label}, seed {seed}: "
                             f"{r['watch']['actions']} actions, {r['watch']['seconds']:.0f} s")
                if "taps" not in skip:
                    for label, name, query in designs:
                        with lock(args.lock):
                            r = taps(pw, plain[name], query, saves[seed], args.taps)
                        res["taps"].setdefault(label, []).append(r)
                        dump()
                        note(f"run {run + 1}: taps {label}: {len(r['taps'])}")
    except KeyboardInterrupt:
        print("interrupted: the figures below are those measured so far", flush=True)
    for s in servers:
        s.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)
    report(res, args, [d[0] for d in designs])
    dump()


def report(res: dict[str, Any], args: Any, labels: list[str]) -> None:
    runs = args.runs
    w = 22
    print(f"bench.runtime: {args.site}; (b) computers think in a second worker, (a) "
          f"?thinker=here. Debian Chromium headless, 360x640 phone page, fresh profile per run; "
          f"medians of {runs} runs (--runs), each run's value in brackets.")

    def row(title: str, cells: list[str]) -> None:
        print(f"  {title:34}" + "".join(f"{c:>{w}}" for c in cells))

    def fmt(xs: list[float], unit: str = "", nd: int = 0) -> str:
        if not xs:
            return "-"
        return f"{med(xs):.{nd}f}{unit} [" + ",".join(f"{x:.{nd}f}" for x in xs) + "]"

    lh = res["lighthouse"]
    if lh:
        print("\n1. Lighthouse 12.2.3, mobile (simulated throttling), home; ready = unthrottled "
              "time to data-ready in the Lighthouse browser")
        row("", list(lh))
        for visit in ("first", "return"):
            for key, title, unit in (("performance", "performance", ""),
                                     ("tbt", "total blocking time", " ms"),
                                     ("best", "best practices", ""),
                                     ("ready", "time to ready", " ms")):
                row(f"{visit} visit: {title}",
                    [fmt([r[visit][key] for r in lh[n]], unit) for n in lh])
            for n in lh:
                failed = sorted({a for r in lh.get(n, []) for a in r[visit].get("failed", [])})
                print(f"    {visit} visit, {n}: best-practice audits that lost points: "
                      f"{', '.join(failed) or 'none'}")
    ss = res["session"]
    if ss:
        print("\n2. Longest stall of the page's own thread: the raw largest gap between two "
              "ticks of a 10 ms setInterval in the page (__stall.js, from the first parse of "
              "<head>; an idle page: ~10 ms)")
        row("", labels)
        for part, title in (("first", "(i) first visit, to ready"),
                            ("return", "(ii) return visit, to ready"),
                            ("watch", "(iii) watched 4-Strong game")):
            row(title, [fmt([r[part]["stall"] for r in ss.get(lb, [])], " ms") for lb in labels])
        row("    gaps over 50 ms in the game", [fmt([r["watch"]["over50"] for r in ss.get(lb, [])])
                                               for lb in labels])
        row("    game: seconds", [fmt([r["watch"]["seconds"] for r in ss.get(lb, [])], " s")
                                  for lb in labels])
        row("    game: actions (seeds " + ",".join(
            str(r["watch"]["seed"]) for r in ss.get(labels[0], [])) + ")",
            [fmt([r["watch"]["actions"] for r in ss.get(lb, [])]) for lb in labels])
        row("    where Python ran (1st/return)",
            ["/".join(sorted({r["first"]["thread"] for r in ss.get(lb, [])}))
             + " / " + "/".join(sorted({r["return"]["thread"] for r in ss.get(lb, [])}))
             for lb in labels])
        row("    thinker (dataset.thinker)",
            ["/".join(sorted({r["watch"]["thinker"] for r in ss.get(lb, [])})) for lb in labels])
        print("\n3. Time to ready (navigation start -> data-ready, performance.now()), the "
              "pages of 2; bare = Pyodide + engine wheel only (bare.html on its own origin, no "
              "service worker; return = second load, HTTP cache)")
        row("", labels)
        bare = res["bare"]
        for visit in ("first", "return"):
            row(f"{visit} visit: app", [fmt([r[visit]["ready"] for r in ss.get(lb, [])], " ms")
                                        for lb in labels])
            bare_ms = [r[visit] for r in bare.get("app", [])]
            row(f"{visit} visit: bare Pyodide page", [fmt(bare_ms, " ms") for _ in labels])
            cells = []
            for lb in labels:
                a = med([r[visit]["ready"] for r in ss.get(lb, [])])
                cells.append(f"{a / med(bare_ms):.2f}x" if bare_ms else "-")
            row(f"{visit} visit: app / bare (medians)", cells)
        print("\n5. Memory after the watched game, its page open: renderer processes of that "
              "browser (descendants of the browser process with --type=renderer; dedicated "
              "workers included), VmRSS from /proc/<pid>/status and Pss from "
              "/proc/<pid>/smaps_rollup, summed")
        row("", labels)
        row("PSS", [fmt([r["memory"]["pss_mb"] for r in ss.get(lb, [])], " MB") for lb in labels])
        row("RSS", [fmt([r["memory"]["rss_mb"] for r in ss.get(lb, [])], " MB") for lb in labels])
        row("renderer processes", [fmt([r["memory"]["processes"] for r in ss.get(lb, [])])
                                   for lb in labels])
        blank = res.get("blank", [])
        if blank and all("browser" in r for lb in labels for r in ss.get(lb, [])):
            print(f"   The whole browser (every process of it, Pss summed) over the same browser "
                  f"showing about:blank in a fresh profile ({fmt(blank, ' MB')}), run by run:")
            for key, title in (("home", "home screen, return visit"),
                               ("game", "after the watched game")):
                row(title, [fmt([r["browser"][key] - b
                                 for r, b in zip(ss.get(lb, []), blank, strict=False)], " MB")
                            for lb in labels])
    tp = res["taps"]
    if tp:
        print("\n4. Tap on the Rules link while a Strong computer thinks (you + 3 Strong, "
              "manipulation, saved game at a full table, return visit): tap -> dataset.handled "
              "caught up -> next frame; all taps of all runs")
        row("", labels)
        for title, fn in (("median", med), ("worst", max)):
            row(title, [f"{fn([t for r in tp.get(lb, []) for t in r['taps']]):.0f} ms"
                        if any(r["taps"] for r in tp.get(lb, [])) else "-" for lb in labels])
        row("taps", [str(sum(len(r["taps"]) for r in tp.get(lb, []))) for lb in labels])
        row("where Python ran", ["/".join(sorted({r["thread"] for r in tp.get(lb, [])}))
                                 for lb in labels])
    errs = [(lb, e) for part in ("session", "taps") for lb, rs in res[part].items()
            for r in rs for e in r["errors"]]
    print("\npage errors (console.error, uncaught): " + ("none" if not errs else ""))
    for lb, e in sorted(set(errs))[:20]:
        print(f"  {lb}: {e}")


if __name__ == "__main__":
    main()

"""Machiavelli in the app: does the page stay responsive?

1. The longest main-thread task (``PerformanceObserver`` for ``longtask``) and the total
   blocking time while a four-seat game of Strong computers is watched to its end
   (``#/machiavelli/watch/N?seats=strong,strong,strong,strong&speed=fastest``), with the
   computers thinking in the thinking worker, and, as the baseline in the same run, the same
   games with workers unavailable (thinking on the page's thread).
2. The time from a tap on a hand card to the page showing it selected (the event, Python's
   answer, the DOM update and the next frame), median and worst over taps on a table with 60+
   cards (a saved game set up with the engine's own computers).

Usage: .venv/bin/python scripts/bench_machiavelli_app.py [--games 2] [--seed 1] [--taps 40]
(build the site first: scripts/test or scripts/play).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from browserlib import ARGS, CHROMIUM, SITE, TAP_PRESSED, open_page, watch_longtasks  # noqa: E402
from serve import serve_in_thread  # noqa: E402


def watch(browser: Any, url: str, seed: int, worker: bool, isolated: bool) -> dict[str, Any]:
    return watch_longtasks(
        browser, url, f"#/machiavelli/watch/{seed}?seats=strong,strong,strong,strong&speed=fastest",
        thinking_worker=worker, isolated=isolated)


def big_table_save(seed: int) -> tuple[str, int]:
    """A saved game (you + two Standard computers) at your turn with 60+ cards on the table."""
    from app.seated import seats as st

    from engine.games.machiavelli.rules import GAME
    from engine.seats import choose, make_bots

    setup = st.Setup("machiavelli", (st.Seat("you", "You"), st.Seat("computer", "Bea", "strong"),
                                     st.Seat("computer", "Cal", "strong")))
    for deal in range(seed, seed + 200):
        m = st.Match.new(setup, deal)
        m.shown = 0
        bots = make_bots("machiavelli", ["strong"] * 3)
        while not m.over and m.actions < 5000:
            cards = sum(len(x) for x in m.state.table)
            if m.current == 0 and cards >= 60 and m.state.steps == 0 and len(
                    m.state.hands[0]) >= 8:
                return m.to_json(), cards
            action = choose(GAME, m.state, bots[m.current], deal, m.actions)
            m.apply_all([action])
    raise SystemExit("no deal reached a 60-card table")


def taps(browser: Any, url: str, save: str, n: int, isolated: bool,
         shots: Path | None = None) -> list[float]:
    page = open_page(browser, url, isolated)
    ctx = page.context
    page.evaluate("s => localStorage.setItem('tabletop.machiavelli.save', s)", save)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    page.evaluate("location.hash = '#/machiavelli'")
    page.wait_for_selector("[data-testid=m-table].live")
    count = page.locator("[data-testid=m-hand-card]").count()
    if shots is not None:  # the README's pictures: this table in light and dark
        shots.mkdir(parents=True, exist_ok=True)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(shots / f"machiavelli-table-{scheme}.png"))
        page.emulate_media(color_scheme="light")
    out = []
    rng = random.Random(1)
    for _ in range(n):
        out.append(float(page.evaluate(TAP_PRESSED, ["m-hand-card", rng.randrange(count)])))
    ctx.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--taps", type=int, default=40)
    ap.add_argument("--shots", type=Path, help="also save screenshots of the table here")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        save, cards = big_table_save(args.seed)
        for isolated in (False, True):
            t = taps(browser, url, save, args.taps, isolated, args.shots if isolated else None)
            print(f"tap on a hand card -> shown selected, {cards} cards on the table, app's "
                  f"Python {'in a worker' if isolated else 'on the page'}: {len(t)} taps: "
                  f"median {statistics.median(t):.1f} ms, worst {max(t):.1f} ms")
        for isolated, worker in ((False, True), (True, True), (False, False)):
            rows = [watch(browser, url, args.seed + g, worker, isolated)
                    for g in range(args.games)]
            where = ("app's Python in a worker, " if isolated else "app's Python on the page, "
                     ) + ("thinking worker" if worker else "thinking on the page (baseline)")
            for g, r in enumerate(rows):
                print(f"watch deal {args.seed + g}, 4 Strong, {where} [{r['thread']}, "
                      f"{r['thinker']}]: "
                      f"{r['actions']} actions in {r['seconds']:.1f} s; longest main-thread "
                      f"task {r['longest']:.0f} ms; {r['tasks']:.0f} long tasks, total "
                      f"blocking {r['blocking']:.0f} ms")
            print(f"  median over games, {where}: longest task "
                  f"{statistics.median(r['longest'] for r in rows):.0f} ms, total blocking "
                  f"{statistics.median(r['blocking'] for r in rows):.0f} ms")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

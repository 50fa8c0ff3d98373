"""Perpetual-Motion Machine in the app: does the page stay responsive?

1. The longest main-thread task (``PerformanceObserver`` for ``longtask``) and the total
   blocking time while a four-seat game of Strong computers is watched to its end
   (``#/machine/watch/N?seats=strong,strong,strong,strong&speed=fastest``), with the
   computers thinking in the thinking worker, and, as the baseline in the same run, the same
   games with workers unavailable (thinking on the page's thread).
2. The time from a tap on a hand card to the page showing it selected (the event, Python's
   answer, the DOM update and the next frame: the whole table is redrawn, the named
   selection and its play buttons included), median and worst, on a saved mid-game table
   (round 25 or later, four seats, mats part filled, set up with the engine's own computers).

Usage: .venv/bin/python scripts/bench_machine_app.py [--games 2] [--seed 1] [--taps 40]
(build the site first: scripts/test or scripts/play).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from browserlib import ARGS, CHROMIUM, PHONE, SITE, TAP_PRESSED, watch_longtasks  # noqa: E402
from serve import serve_in_thread  # noqa: E402


def watch(browser: Any, url: str, seed: int, worker: bool) -> dict[str, Any]:
    return watch_longtasks(
        browser, url, f"#/machine/watch/{seed}?seats=strong,strong,strong,strong&speed=fastest",
        thinking_worker=worker)


def big_table_save(seed: int) -> tuple[str, int]:
    """A saved game (you + three Strong computers) at the start of your turn, round 25+."""
    from app.seated import seats as st

    from engine.games.machine.rules import GAME
    from engine.seats import choose, make_bots

    setup = st.Setup("machine", (st.Seat("you", "You"), st.Seat("computer", "Bea", "strong"),
                                 st.Seat("computer", "Cal", "strong"),
                                 st.Seat("computer", "Dee", "strong")))
    for deal in range(seed, seed + 50):
        m = st.Match.new(setup, deal)
        m.shown = 0
        bots = make_bots("machine", ["standard"] + ["strong"] * 3)
        while not m.over and m.actions < 5000:
            s = m.state
            if m.current == 0 and s.round >= 25 and s.phase == "turn" and len(s.hands[0]) >= 5:
                return m.to_json(), s.round
            action = choose(GAME, m.state, bots[m.current], deal, m.actions)
            m.apply_all([action])
    raise SystemExit("no deal reached round 25 at your turn")


def taps(browser: Any, url: str, save: str, n: int) -> list[float]:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('tabletop.machine.save', {json.dumps(save)})")
    page = ctx.new_page()
    page.goto(url + "#/machine")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    page.wait_for_selector("[data-testid=mm-table].live")
    count = page.locator("[data-testid=mm-hand-card]").count()
    out = []
    rng = random.Random(1)
    for _ in range(n):
        out.append(float(page.evaluate(TAP_PRESSED, ["mm-hand-card", rng.randrange(count)])))
    ctx.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--taps", type=int, default=40)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(SITE)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        save, cards = big_table_save(args.seed)
        t = taps(browser, url, save, args.taps)
        print(f"tap on a hand card -> shown selected, round {cards}, "
              f"{len(t)} taps: median {statistics.median(t):.1f} ms, worst {max(t):.1f} ms")
        for worker in (True, False):
            rows = [watch(browser, url, args.seed + g, worker) for g in range(args.games)]
            where = "thinking worker" if worker else "page's thread (baseline)"
            for g, r in enumerate(rows):
                print(f"watch deal {args.seed + g}, 4 Strong, {where} [{r['thinker']}]: "
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

"""How fast a tap is answered, with the app's Python on the page's thread and in a worker.

For each mode, in the same run: the Perpetual Motion deal of the end-to-end tests (16557, won
in 11 rounds: 376 taps in manual mode) played through taps, each timed from the tap to the
page showing its answer (the app has handled the event, then the next frame), median and
worst; and the whole game's wall time. (It timed one synchronous call from Python to the page
too, through a hook in the shipped shell; the app's Python no longer calls the page
synchronously, and the hook is gone.)

Usage: .venv/bin/python -m scripts.bench.taps [--limit 376]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from scripts.lib.browser import ARGS, CHROMIUM, PHONE, SITE
from scripts.serve import serve_in_thread

QUICK_WIN = 16557
TAP = """async (sel) => {
  const root = document.documentElement;
  const before = root.dataset.handled || "0";
  const t0 = performance.now();
  document.querySelector(sel).click();
  while ((root.dataset.handled || "0") === before || root.dataset.busy === "1") {
    await new Promise(r => setTimeout(r, 0));
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""
STACKS = """() => [...document.querySelectorAll('[data-action=stack]')].map(
    b => [...b.querySelectorAll('[data-card]')].map(c => c.dataset.card))"""


def forced_move(stacks: list[list[str]]) -> tuple[int, int] | None:
    first: dict[str, int] = {}
    for j, s in enumerate(stacks):
        if not s:
            continue
        r = s[-1][0]
        if r in first:
            return j, first[r]
        first[r] = j
    return None


def play(browser: Any, url: str, worker: bool, limit: int) -> dict[str, Any]:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    if worker:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=180_000)
    thread = page.evaluate("document.documentElement.dataset.thread")
    page.evaluate(f"location.hash = '#/perpetual-motion/deal/{QUICK_WIN}'")
    page.wait_for_selector("[data-testid=stack-1]")
    if page.get_by_test_id("manual").get_attribute("aria-pressed") != "true":
        page.evaluate(TAP, "[data-testid=manual]")
    times: list[float] = []
    t0 = time.perf_counter()
    while len(times) < limit:
        if page.locator("[data-testid=end]").count():
            break
        move = forced_move(page.evaluate(STACKS))
        if move is None:
            times.append(page.evaluate(TAP, "[data-testid=deal]"))
        else:
            times.append(page.evaluate(TAP, f"[data-testid=stack-{move[0] + 1}]"))
            times.append(page.evaluate(TAP, f"[data-testid=stack-{move[1] + 1}]"))
    wall = time.perf_counter() - t0
    ctx.close()
    return {"thread": thread, "taps": times, "wall": wall}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=376)
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for worker in (False, True):
            r = play(browser, url, worker, args.limit)
            t = r["taps"]
            print(f"Python on the {'worker' if worker else 'page'}'s thread [{r['thread']}]: "
                  f"{len(t)} taps of deal {QUICK_WIN}: tap to screen updated median "
                  f"{statistics.median(t):.1f} ms, worst {max(t):.1f} ms; the game took "
                  f"{r['wall']:.1f} s")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

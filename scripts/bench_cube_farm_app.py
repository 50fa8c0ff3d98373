"""Cube Farm in the app: is the floor plan smooth and the page responsive?

1. Frames per second while panning a 50-card floor plan with the CPU throttled 4x (CDP
   ``Emulation.setCPUThrottlingRate``): the plan of 50 cards (laid by the engine's own legal
   placements, drawn by ``app.tables.cube_farm.board.table_html``) is put into the running
   app's table, then
   a finger-like drag moves it for a few seconds (a pointer move dispatched in the page every
   animation frame, handled by ``app/tables/cube_farm/pan.js``); frames are counted with
   ``requestAnimationFrame``, with the frames that showed a new transform and the longest
   frame.
2. Time from a tap on a hand card to the legal places showing (the click, Python's answer,
   the DOM update and the next frame), median and worst, in a 5-seat game late in a hand
   (a saved game set up with the engine's Standard computers), unthrottled and 4x throttled.
3. The longest main-thread task (``PerformanceObserver`` ``longtask``) and the total blocking
   time while a five-seat game of Strong computers is watched to its end
   (``#/cube-farm/watch/N?seats=strong,strong,strong,strong,strong&speed=fastest``).

Usage: .venv/bin/python scripts/bench_cube_farm_app.py [--seed 1] [--taps 30] [--hands 0]
       [--pan-seconds 4] [--skip-watch]
(build the site first: .venv/bin/python scripts/build_site.py).
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

from browserlib import ARGS, CHROMIUM, PHONE, SITE, watch_longtasks  # noqa: E402
from serve import serve_in_thread  # noqa: E402

DRAG = """async (ms) => {
  // a finger in the page: one pointer move per animation frame, in a slow circle
  const v = document.getElementById('cf-view');
  const r = v.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const ev = (type, x, y) => v.dispatchEvent(new PointerEvent(type, {bubbles: true,
    pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y}));
  ev('pointerdown', cx, cy);
  let frames = 0, moved = 0, worst = 0, last = v.querySelector('svg').style.transform;
  const t0 = performance.now();
  let prev = t0;
  await new Promise(done => {
    const tick = (now) => {
      frames += 1;
      worst = Math.max(worst, now - prev); prev = now;
      const t = document.getElementById('cf-svg').style.transform;
      if (t !== last) { moved += 1; last = t; }
      if (now - t0 > ms) { done(); return; }
      const a = frames / 20;
      ev('pointermove', cx + 90 * Math.cos(a) - 90, cy + 70 * Math.sin(a));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  ev('pointerup', cx, cy);
  const took = performance.now() - t0;
  return [frames, moved, took, worst];
}"""

TAP = """async (card) => {
  const btn = () => document.querySelector('[data-testid=cf-hand-card][data-card="' + card + '"]');
  const t0 = performance.now();
  btn().click();
  while (!document.querySelector('#cf-svg .cf-lit')) {
    await new Promise(r => setTimeout(r, 0));
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  const took = performance.now() - t0;
  btn().click();  // put it back
  while (document.querySelector('#cf-svg .cf-lit')) {
    await new Promise(r => setTimeout(r, 0));
  }
  return took;
}"""


def fifty_card_html(seed: int) -> tuple[str, int]:
    """The table of a 5-seat game whose floor holds 50 cards (every card of the deck laid at
    a random legal place), as the app draws it."""
    from app.tables.cube_farm import board as cu

    from engine.games.cube_farm.board import Board
    from engine.games.cube_farm.deck import DECK_IDS
    from engine.games.cube_farm.rules import GAME, PLACE, CFState

    rng = random.Random(seed)
    b = Board.start()
    cards = list(DECK_IDS)
    rng.shuffle(cards)
    for card in cards[:49]:
        places = b.legal_placements(card)
        x, y, r = rng.choice(places)
        b.place(card, x, y, r)
    for c in b.claimable()[:15]:
        b.claim(c.id, rng.randrange(5))
    hand = tuple(cards[49:]) or ("C01",)
    s = GAME.new_game(GAME.default_config(5), rng)
    state = CFState(players=5, hands_total=5, hand=1, to_move=0, phase=PLACE,
                    hands=(hand, *s.hands[1:]), deck=(), log=(), totals=(0,) * 5, history=(),
                    seed=0, board=b)
    names = ("You", "Ana", "Bea", "Cy", "Dee")
    html = cu.table_html(GAME.view(state, 0), cu.TurnUI(), names, interactive=False,
                         key_="bench50")
    return html, len(b.placements)


def pan_fps(browser: Any, url: str, seed: int, seconds: float) -> dict[str, float]:
    html, cards = fifty_card_html(seed)
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(url + "#/cube-farm/deal/1?seats=you,standard,standard,standard,standard")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    page.wait_for_selector("#cf-svg")
    page.evaluate("h => { document.getElementById('mt-board').innerHTML = h; }", html)
    page.wait_for_function("document.getElementById('cf-svg').dataset.key === 'bench50'")
    elements = page.evaluate("document.querySelectorAll('#cf-svg *').length")
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    frames, moved, ms, worst = page.evaluate(DRAG, seconds * 1000)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    ctx.close()
    return {"cards": cards, "elements": elements, "fps": frames * 1000 / ms,
            "moved_fps": moved * 1000 / ms, "worst": worst, "seconds": ms / 1000}


def late_hand_save(seed: int) -> tuple[str, int]:
    """A saved 5-seat game (you + 4 Standard computers), your turn, 20+ cards on the floor."""
    from app.seated import seats as st

    from engine.games.cube_farm.rules import GAME
    from engine.seats import choose, make_bots

    seats = (st.Seat("you", "You"), *(st.Seat("computer", n, "standard")
                                       for n in ("Ana", "Bea", "Cy", "Dee")))
    setup = st.Setup("cube-farm", seats)
    for deal in range(seed, seed + 50):
        m = st.Match.new(setup, deal)
        m.shown = 0
        bots = make_bots("cube-farm", ["standard"] * 5)
        while not m.over:
            s = m.state
            if (m.current == 0 and s.phase == "place" and len(s.board.placements) >= 20
                    and len(s.hands[0]) >= 1):
                return m.to_json(), len(s.board.placements)
            m.apply_all([choose(GAME, s, bots[m.current], deal, m.actions)])
    raise SystemExit("no deal reached a 20-card floor on your turn")


def taps(browser: Any, url: str, save: str, n: int, throttle: float) -> list[float]:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('tabletop.cube-farm.save', {json.dumps(save)})")
    page = ctx.new_page()
    page.goto(url + "#/cube-farm")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    page.wait_for_selector("[data-testid=cf-table].live")
    cards = page.evaluate("[...document.querySelectorAll('[data-testid=cf-hand-card]')]"
                          ".map(b => b.dataset.card)")
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    rng = random.Random(1)
    out = [float(page.evaluate(TAP, rng.choice(cards))) for _ in range(n)]
    ctx.close()
    return out


def watch(browser: Any, url: str, seed: int, hands: int) -> dict[str, Any]:
    extra = f"&hands={hands}" if hands else ""
    return watch_longtasks(
        browser, url, f"#/cube-farm/watch/{seed}?seats=strong,strong,strong,strong,strong"
        f"&speed=fastest{extra}", timeout=3_600_000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="deal number (default 1)")
    ap.add_argument("--taps", type=int, default=30, help="taps on hand cards (default 30)")
    ap.add_argument("--hands", type=int, default=0,
                    help="hands of the watched game (default 0: the rule's five)")
    ap.add_argument("--pan-seconds", type=float, default=4.0,
                    help="how long to pan (default 4 s)")
    ap.add_argument("--skip-watch", action="store_true", help="no watched Strong game")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(SITE)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        r = pan_fps(browser, url, args.seed, args.pan_seconds)
        print(f"pan a {r['cards']:.0f}-card floor ({r['elements']:.0f} SVG elements), CPU "
              f"throttled 4x, {r['seconds']:.1f} s, a pointer move every frame: "
              f"{r['fps']:.1f} frames/s, {r['moved_fps']:.1f} frames/s with a new transform, "
              f"longest frame {r['worst']:.0f} ms")
        save, cards = late_hand_save(args.seed)
        for rate in (1, 4):
            t = taps(browser, url, save, args.taps, rate)
            print(f"tap on a hand card -> legal places lit, {cards} cards on the floor, "
                  f"CPU x{rate}, {len(t)} taps: median {statistics.median(t):.1f} ms, "
                  f"worst {max(t):.1f} ms")
        if not args.skip_watch:
            w = watch(browser, url, args.seed, args.hands)
            print(f"watch deal {args.seed}, 5 Strong, {args.hands or 5} hands [{w['thinker']}]: "
                  f"{w['actions']:.0f} actions in {w['seconds']:.1f} s; longest main-thread "
                  f"task {w['longest']:.0f} ms; {w['tasks']:.0f} long tasks, total blocking "
                  f"{w['blocking']:.0f} ms")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

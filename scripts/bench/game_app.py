"""A seated game in the app: does the page stay responsive? One benchmark for Machiavelli, the
Perpetual-Motion Machine and Cube Farm (``--game``), in Debian's Chromium through Playwright:

1. The time from a tap on a hand card to the page showing its answer (the event, Python's
   answer, the DOM update and the next frame), median and worst, on a saved game set up with
   the engine's own computers:
   - machiavelli: the card shown selected, on a table of 60+ cards (you + two Strong
     computers), with the app's Python on the page's thread and in its worker (a return visit);
     ``--shots DIR`` also saves that table in light and dark;
   - machine: the card shown selected (the whole table redrawn, the named selection and its
     play buttons included), round 25 or later, four seats, mats part filled;
   - cube-farm: the legal places lit, a five-seat game late in a hand (20+ cards on the floor,
     Standard computers), unthrottled and with the CPU throttled 4x (CDP
     ``Emulation.setCPUThrottlingRate``).
2. cube-farm only: frames per second while panning a 50-card floor plan with the CPU throttled
   4x: the plan of 50 cards (laid by the engine's own legal placements, drawn by
   ``app.tables.cube_farm.parts.board_html``) put into the running app's table, then a
   finger-like drag for ``--pan-seconds`` (a pointer move dispatched in the page every
   animation frame, handled by ``app/tables/cube_farm/pan.js``); frames counted with
   ``requestAnimationFrame``, with the frames that showed a new transform and the longest frame.
3. The longest main-thread task (``PerformanceObserver`` for ``longtask``) and the total
   blocking time while a game of Strong computers is watched to its end
   (``#/<game>/watch/N?seats=strong,...&speed=fastest``: four seats, five for Cube Farm), with
   the computers thinking in the thinking worker and, as the baseline in the same run, the
   same games with workers unavailable (thinking on the page's thread; machiavelli also with
   the app's Python in its worker). ``--games`` games from deal ``--seed`` (Cube Farm: one,
   ``--hands`` hands, ``--skip-watch`` for none).

Usage: .venv/bin/python -m scripts.bench.game_app --game machiavelli|machine|cube-farm
       [--games 2] [--seed 1] [--taps 40 (cube-farm 30)] [--site build/site] [--shots DIR]
       [--hands 0] [--pan-seconds 4] [--skip-watch]
(build the site first: scripts/test or scripts/play).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts.bench.common import TAP_PRESSED, open_page, saved_game, watch_longtasks
from scripts.lib.browser import ARGS, CHROMIUM, PHONE, SITE
from scripts.serve import serve_in_thread

STRONG = "strong,strong,strong,strong"


# --- the saved games tapped in ------------------------------------------------------------------

def machiavelli_save(seed: int) -> tuple[str, int]:
    """You + two Strong computers, your turn, 60+ cards on the table (the figure: its cards)."""
    def ready(m: Any) -> int | None:
        cards = sum(len(x) for x in m.state.table)
        return cards if (m.current == 0 and cards >= 60 and m.state.steps == 0
                         and len(m.state.hands[0]) >= 8) else None

    save: tuple[str, int] = saved_game("machiavelli", [("Bea", "strong"), ("Cal", "strong")],
                                       ["strong"] * 3, seed, ready)
    return save


def machine_save(seed: int) -> tuple[str, int]:
    """You + three Strong computers at the start of your turn, round 25+ (the figure: round)."""
    def ready(m: Any) -> int | None:
        s = m.state
        ok = m.current == 0 and s.round >= 25 and s.phase == "turn" and len(s.hands[0]) >= 5
        return int(s.round) if ok else None

    save: tuple[str, int] = saved_game(
        "machine", [("Bea", "strong"), ("Cal", "strong"), ("Dee", "strong")],
        ["standard"] + ["strong"] * 3, seed, ready, deals=50)
    return save


def cube_farm_save(seed: int) -> tuple[str, int]:
    """You + four Standard computers, your turn, 20+ cards on the floor (the figure: cards)."""
    def ready(m: Any) -> int | None:
        s = m.state
        laid = len(s.board.placements)
        return laid if (m.current == 0 and s.phase == "place" and laid >= 20
                        and len(s.hands[0]) >= 1) else None

    save: tuple[str, int] = saved_game(
        "cube-farm", [(n, "standard") for n in ("Ana", "Bea", "Cy", "Dee")],
        ["standard"] * 5, seed, ready, deals=50, max_actions=None)
    return save


# --- taps -----------------------------------------------------------------------------------------

def machiavelli_taps(browser: Any, url: str, save: str, n: int, isolated: bool,
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


def saved_page(browser: Any, url: str, game: str, save: str, live: str) -> Any:
    """A phone page of the app with ``save`` as ``game``'s saved game, at its table."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('tabletop.{game}.save', {json.dumps(save)})")
    page = ctx.new_page()
    page.goto(url + f"#/{game}")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    page.wait_for_selector(live)
    return page


def machine_taps(browser: Any, url: str, save: str, n: int) -> list[float]:
    page = saved_page(browser, url, "machine", save, "[data-testid=mm-table].live")
    count = page.locator("[data-testid=mm-hand-card]").count()
    out = []
    rng = random.Random(1)
    for _ in range(n):
        out.append(float(page.evaluate(TAP_PRESSED, ["mm-hand-card", rng.randrange(count)])))
    page.context.close()
    return out


# Taps a Cube Farm hand card and times it until its legal places are lit and the next frame is
# drawn; then taps it again (untimed) to put it back.
CF_TAP = """async (card) => {
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


def cube_farm_taps(browser: Any, url: str, save: str, n: int, throttle: float) -> list[float]:
    page = saved_page(browser, url, "cube-farm", save, "[data-testid=cf-table].live")
    cards = page.evaluate("[...document.querySelectorAll('[data-testid=cf-hand-card]')]"
                          ".map(b => b.dataset.card)")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    rng = random.Random(1)
    out = [float(page.evaluate(CF_TAP, rng.choice(cards))) for _ in range(n)]
    page.context.close()
    return out


# --- Cube Farm's pan -----------------------------------------------------------------------------

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


def fifty_card_html(seed: int) -> tuple[str, int]:
    """The table above the dock (its ``#mt-board``) of a 5-seat game whose floor holds 50 cards
    (every card of the deck laid at a random legal place), as the app draws it."""
    from app.tables.cube_farm import parts as cu

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
    html = cu.board_html(GAME.view(state, 0), cu.CFTurnUI(), names, interactive=False,
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


# --- each game's run ----------------------------------------------------------------------------

def watched(rows: list[dict[str, Any]], seed: int, where: str, seats: str,
            thread: bool = False) -> None:
    """Print each watched game's long tasks and their medians over the games."""
    for g, r in enumerate(rows):
        ran = f"{r['thread']}, {r['thinker']}" if thread else r["thinker"]
        print(f"watch deal {seed + g}, {seats}, {where} [{ran}]: "
              f"{r['actions']} actions in {r['seconds']:.1f} s; longest main-thread "
              f"task {r['longest']:.0f} ms; {r['tasks']:.0f} long tasks, total "
              f"blocking {r['blocking']:.0f} ms")
    print(f"  median over games, {where}: longest task "
          f"{statistics.median(r['longest'] for r in rows):.0f} ms, total blocking "
          f"{statistics.median(r['blocking'] for r in rows):.0f} ms")


def run_machiavelli(browser: Any, url: str, args: Any) -> None:
    save, cards = machiavelli_save(args.seed)
    for isolated in (False, True):
        t = machiavelli_taps(browser, url, save, args.taps, isolated,
                             args.shots if isolated else None)
        print(f"tap on a hand card -> shown selected, {cards} cards on the table, app's "
              f"Python {'in a worker' if isolated else 'on the page'}: {len(t)} taps: "
              f"median {statistics.median(t):.1f} ms, worst {max(t):.1f} ms")
    for isolated, worker in ((False, True), (True, True), (False, False)):
        rows = [watch_longtasks(browser, url, f"#/machiavelli/watch/{args.seed + g}?seats="
                                f"{STRONG}&speed=fastest", thinking_worker=worker,
                                isolated=isolated) for g in range(args.games)]
        where = ("app's Python in a worker, " if isolated else "app's Python on the page, "
                 ) + ("thinking worker" if worker else "thinking on the page (baseline)")
        watched(rows, args.seed, where, "4 Strong", thread=True)


def run_machine(browser: Any, url: str, args: Any) -> None:
    save, round_ = machine_save(args.seed)
    t = machine_taps(browser, url, save, args.taps)
    print(f"tap on a hand card -> shown selected, round {round_}, "
          f"{len(t)} taps: median {statistics.median(t):.1f} ms, worst {max(t):.1f} ms")
    for worker in (True, False):
        rows = [watch_longtasks(browser, url, f"#/machine/watch/{args.seed + g}?seats={STRONG}"
                                "&speed=fastest", thinking_worker=worker)
                for g in range(args.games)]
        watched(rows, args.seed, "thinking worker" if worker else "page's thread (baseline)",
                "4 Strong")


def run_cube_farm(browser: Any, url: str, args: Any) -> None:
    r = pan_fps(browser, url, args.seed, args.pan_seconds)
    print(f"pan a {r['cards']:.0f}-card floor ({r['elements']:.0f} SVG elements), CPU "
          f"throttled 4x, {r['seconds']:.1f} s, a pointer move every frame: "
          f"{r['fps']:.1f} frames/s, {r['moved_fps']:.1f} frames/s with a new transform, "
          f"longest frame {r['worst']:.0f} ms")
    save, cards = cube_farm_save(args.seed)
    for rate in (1, 4):
        t = cube_farm_taps(browser, url, save, args.taps, rate)
        print(f"tap on a hand card -> legal places lit, {cards} cards on the floor, "
              f"CPU x{rate}, {len(t)} taps: median {statistics.median(t):.1f} ms, "
              f"worst {max(t):.1f} ms")
    if not args.skip_watch:
        extra = f"&hands={args.hands}" if args.hands else ""
        w = watch_longtasks(browser, url, f"#/cube-farm/watch/{args.seed}?seats={STRONG},strong"
                            f"&speed=fastest{extra}", timeout=3_600_000)
        print(f"watch deal {args.seed}, 5 Strong, {args.hands or 5} hands [{w['thinker']}]: "
              f"{w['actions']:.0f} actions in {w['seconds']:.1f} s; longest main-thread "
              f"task {w['longest']:.0f} ms; {w['tasks']:.0f} long tasks, total blocking "
              f"{w['blocking']:.0f} ms")


@dataclass(frozen=True)
class Bench:
    run: Callable[[Any, str, Any], None]
    taps: int  # the default of --taps


GAMES = {"machiavelli": Bench(run_machiavelli, 40), "machine": Bench(run_machine, 40),
         "cube-farm": Bench(run_cube_farm, 30)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, type=lambda g: g.replace("_", "-"),
                    choices=list(GAMES), help="the game (cube_farm is cube-farm)")
    ap.add_argument("--games", type=int, default=2, help="watched games (default 2)")
    ap.add_argument("--seed", type=int, default=1, help="deal number (default 1)")
    ap.add_argument("--taps", type=int, help="taps on hand cards (default 40, cube-farm 30)")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    ap.add_argument("--shots", type=Path, help="machiavelli: also save screenshots of the table")
    ap.add_argument("--hands", type=int, default=0,
                    help="cube-farm: hands of the watched game (default 0: the rule's five)")
    ap.add_argument("--pan-seconds", type=float, default=4.0,
                    help="cube-farm: how long to pan (default 4 s)")
    ap.add_argument("--skip-watch", action="store_true", help="cube-farm: no watched game")
    args = ap.parse_args()
    bench = GAMES[args.game]
    if args.taps is None:
        args.taps = bench.taps
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        bench.run(browser, url, args)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
